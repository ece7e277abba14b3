// The live table's pages (/tables/<id> and /tables/<id>/play), kept current from the table's
// HTTP API alone: its events as Server-Sent Events (EventSource reconnects by itself and
// resumes after the last event it saw, by Last-Event-ID), each burst of them followed by a
// fresh GET of the table's view, which the page draws again.
//
// The play page's seat token comes in the address's fragment (#token=...), which browsers
// never send: it is read here, kept in this tab's sessionStorage at most (so that a reload
// keeps the seat, and closing the tab forgets it), taken out of the address bar, and sent only
// as "Authorization: Bearer" on fetch() calls, never in a URL. The event stream is the
// spectator's (EventSource sends no header), which carries no hand: the seat's own hand comes
// with its view.
(function () {
  "use strict";
  var dataEl = document.getElementById("table-data");
  if (!dataEl || !window.fetch) { return; }
  var data = JSON.parse(dataEl.textContent);
  var W = data.words.text;
  var SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
  var JOKER = "\uD83C\uDCCF";
  var DIGITS = new Intl.NumberFormat(data.words.locale, { maximumFractionDigits: 0 });
  var PLUS = "+";
  function num(n) { return (n < 0 ? data.words.minus : "") + DIGITS.format(Math.abs(n)); }
  function signed(n) { return n >= 0 ? PLUS + num(n) : num(n); }
  function say(key, fields) {
    return (W[key] || key).replace(/\{(\w+)\}/g, function (all, name) {
      if (!fields || fields[name] === undefined) { return all; }
      return typeof fields[name] === "number" ? num(fields[name]) : String(fields[name]);
    });
  }
  function $(id) { return document.getElementById(id); }
  function el(tag, content, cls) {
    var node = document.createElement(tag);
    if (content !== undefined && content !== null) { node.textContent = content; }
    if (cls) { node.className = cls; }
    return node;
  }
  function clear(node) { while (node && node.firstChild) { node.removeChild(node.firstChild); } }

  // Cards as the referee's view draws them: "10♥" in red with its spoken title; a joker as 🃏,
  // and in a play with the card it stands for ("🃏10♥").
  function cardParts(code) {
    if (code.indexOf("JK") === 0) {
      var stand = code.split("=")[1];
      if (!stand) { return { text: JOKER, title: W.joker, cls: "card joker" }; }
      var named = cardParts(stand);
      return { text: JOKER + named.text, title: say("joker_as", { card: named.title }),
               cls: named.cls + " joker" };
    }
    var rank = code.charAt(0), suit = code.charAt(1);
    return { text: (rank === "T" ? "10" : rank) + (SUITS[suit] || suit),
             title: say("card_title", { rank: data.words.ranks[rank] || rank,
                                        suit: data.words.suits[suit] || suit }),
             cls: "card" + (suit === "D" || suit === "H" ? " red" : "") };
  }
  function cardNode(code) {
    var parts = cardParts(code);
    var node = el("span", parts.text, parts.cls);
    node.title = parts.title;
    return node;
  }
  function cardsNode(codes) {
    var box = el("span", null, "cards");
    (codes || []).forEach(function (c) { box.appendChild(cardNode(c)); });
    return box;
  }

  var view = data.view;
  var finished = data.finished;
  var names = [];
  var bots = {};
  function readNames(v) {
    names = (v.players || []).map(function (p) { return typeof p === "string" ? p : p.name; });
    bots = {};
    (v.bots || []).forEach(function (s) { bots[s] = true; });
    (v.players || []).forEach(function (p, s) { if (p && p.bot) { bots[s] = true; } });
  }
  function nameOf(seat) { return seat !== null && seat !== undefined && names[seat] !== undefined ? names[seat] : "?"; }
  function at(values, seat) {
    if (!values) { return null; }
    if (Array.isArray(values)) { return seat < values.length ? values[seat] : null; }
    return values[String(seat)] !== undefined ? values[String(seat)] : null;
  }

  // ---- the token (play page) ----
  var token = null;
  var storeKey = "bigtwo-seat:" + data.id;
  if (data.mode === "play") {
    var fragment = new URLSearchParams(window.location.hash.replace(/^#/, ""));
    token = fragment.get("token");
    try {
      if (token) { window.sessionStorage.setItem(storeKey, token); }
      else { token = window.sessionStorage.getItem(storeKey); }
    } catch (storageOff) { /* private mode: the token lives in this page only */ }
    if (window.location.hash && window.history.replaceState) {
      window.history.replaceState(null, "", window.location.pathname + window.location.search);
    }
  }

  function headers(extra) {
    var h = { "Accept": "application/json", "Accept-Language": data.library_lang };
    if (token) { h.Authorization = "Bearer " + token; }
    Object.keys(extra || {}).forEach(function (k) { h[k] = extra[k]; });
    return h;
  }
  function withLang(path) { return path + (path.indexOf("?") < 0 ? "?" : "&") + "lang=" + encodeURIComponent(data.library_lang); }

  // ---- drawing the view ----
  function drawStatus(v) {
    var status = $("table-status");
    status.dataset.status = v.status;
    status.dataset.version = v.version;
    status.firstChild.textContent = say("table_status", { status: W["table_status_" + v.status] || v.status }) + " \u00b7 ";
    $("table-deal").textContent = say("deal_n", { n: (v.deal || 0) + 1 });
    var turn = $("table-turn");
    if (v.status === "playing" && v.turn !== null && v.turn !== undefined) {
      turn.textContent = (data.mode === "play" && v.seat === v.turn) ? W.your_turn : say("turn_of", { name: nameOf(v.turn) });
    } else {
      turn.textContent = W.no_turn;
    }
    drawClock();
  }

  function deadlineMs() {
    if (!view || !view.deadline || view.status === "over" || view.status === "abandoned") { return null; }
    var ms = typeof view.deadline === "number" ? view.deadline * 1000 : Date.parse(view.deadline);
    return isNaN(ms) ? null : ms;
  }
  function drawClock() {
    var clock = $("table-clock");
    var ms = deadlineMs();
    if (ms === null) { clock.hidden = true; clear(clock); return; }
    var left = Math.max(0, Math.ceil((ms - Date.now()) / 1000));
    var when = new Date(ms);
    var time = el("time", say("deadline_left", { left: Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0") }));
    time.dateTime = when.toISOString();
    time.title = say("deadline_at", { time: when.toLocaleTimeString(data.words.locale) });
    clear(clock);
    clock.appendChild(time);
    clock.hidden = false;
  }

  function drawSeats(v) {
    var body = $("table-seats").tBodies[0];
    clear(body);
    names.forEach(function (name, s) {
      var row = el("tr", null, "live-seat" + (s === v.turn && v.status === "playing" ? " turn" : ""));
      row.dataset.seat = s;
      row.appendChild(el("td", String(s + 1)));
      var who = el("th", name);
      who.scope = "row";
      if (bots[s]) { who.appendChild(document.createTextNode(" ")); who.appendChild(el("span", "(" + W.bot + ")", "bot")); }
      if (s === v.turn && v.status === "playing") { who.appendChild(document.createTextNode(" ")); who.appendChild(el("span", W.to_play, "to-play")); }
      row.appendChild(who);
      var left = at(v.cards_left, s);
      var leftCell = el("td", left === null ? "" : num(left), "left");
      if (left !== null && data.words.held[left] !== undefined) { leftCell.title = data.words.held[left]; }
      row.appendChild(leftCell);
      var pen = at(v.penalties_now, s);
      row.appendChild(el("td", typeof pen === "number" ? signed(pen) : "", "penalty"));
      var total = at(v.totals, s);
      row.appendChild(el("td", typeof total === "number" ? signed(total) : "", "total"));
      body.appendChild(row);
    });
  }

  function drawOnTable(v) {
    var box = $("live-on-table");
    clear(box);
    var p = el("p");
    if (v.table && v.table.cards && v.table.cards.length) {
      p.appendChild(document.createTextNode(W.on_table + " "));
      p.appendChild(cardsNode(v.table.cards));
      var combo = v.table.combination || {};
      p.appendChild(document.createTextNode(" "));
      p.appendChild(el("span", combo.label || combo.type || "", "combo"));
      p.appendChild(document.createTextNode(" "));
      p.appendChild(el("span", say("on_table_by", { name: nameOf(v.table.seat) }), "by"));
    } else {
      p.textContent = W.table_empty;
    }
    box.appendChild(p);
  }

  function moveNode(m) {
    var kind = m.timeout ? "timeout" : m.pass ? "pass" : "play";
    var li = el("li", null, "move " + kind);
    li.appendChild(el("b", nameOf(m.seat)));
    li.appendChild(document.createTextNode(" "));
    if (kind === "play") {
      li.appendChild(document.createTextNode(W.plays + " "));
      li.appendChild(cardsNode(m.play));
      if (m.call) { li.appendChild(document.createTextNode(" ")); li.appendChild(el("span", W.calls_last_card, "call")); }
    } else {
      li.appendChild(document.createTextNode(kind === "pass" ? W.passes : W.timed_out));
    }
    return li;
  }
  function drawMoves(v) {
    var list = $("live-moves");
    clear(list);
    (v.moves || []).forEach(function (m) { list.appendChild(moveNode(m)); });
    $("live-no-moves").hidden = (v.moves || []).length > 0;
    $("live-commitment").textContent = v.commitment || "";
    $("live-commitment-box").hidden = !v.commitment;
    $("live-deal").hidden = (v.status === "over" || v.status === "abandoned") && !(v.moves || []).length;
  }

  // The last finished deal: its hands and the proof they were dealt fairly (the deal_over
  // event's data, or the record's last deal the page was drawn with).
  function drawResult(deal, note) {
    var box = $("live-result");
    if (!deal) { return; }
    var n = (deal.deal !== undefined ? deal.deal : deal.index || 0) + 1;
    $("result-title").textContent = say("deal_over_title", { n: n });
    var winner = deal.winner;
    if (typeof winner !== "number") {
      (deal.moves || []).forEach(function (m) { if (m.play && m.play.length) { winner = m.seat; } });
    }
    $("result-winner").textContent = typeof winner === "number" ? say("winner_is", { name: nameOf(winner) }) : "";
    var noteEl = $("result-note");
    noteEl.textContent = note || "";
    noteEl.hidden = !note;
    var hands = $("result-hands");
    clear(hands);
    (deal.hands || []).forEach(function (hand, s) {
      var li = el("li");
      li.appendChild(el("b", nameOf(s)));
      li.appendChild(document.createTextNode(" "));
      li.appendChild(cardsNode(hand));
      hands.appendChild(li);
    });
    var proof = deal.proof || {};
    $("proof-commitment").textContent = proof.commitment || "";
    $("proof-seed").textContent = proof.seed || "";
    $("proof-code").textContent = proof.deal_code || "";
    var entropy = $("proof-entropy");
    clear(entropy);
    if (proof.entropy && proof.entropy.length) {
      proof.entropy.forEach(function (e) {
        var span = el("span", null, "entropy");
        span.appendChild(el("b", nameOf(e.seat)));
        span.appendChild(document.createTextNode(": "));
        span.appendChild(el("code", e.value));
        entropy.appendChild(span);
        entropy.appendChild(document.createTextNode(" "));
      });
    } else {
      entropy.textContent = W.proof_no_entropy;
    }
    box.hidden = !proof.seed && !(deal.hands && deal.hands.length);
  }

  // ---- the seat (play page) ----
  var chosen = [];        // indexes into the hand
  var hinted = null;      // a legal play chosen from the hints, sent exactly as listed
  var mineDrawn = null;  // the version the seat's part was drawn at: redrawn only on a change
  function drawMine(v) {
    var mine = $("play-mine");
    if (!mine || v.seat === undefined || v.seat === null) { return; }
    if (mineDrawn === v.version) { return; }
    mineDrawn = v.version;
    // A table that is over has nothing left to choose: the seat's part goes.
    mine.hidden = v.status === "over" || v.status === "abandoned";
    $("play-seat").textContent = say("your_seat", { n: v.seat + 1, name: nameOf(v.seat) });
    var hand = v.hand || [];
    var box = $("play-hand");
    var before = chosen.map(function (i) { return box.children[i] ? box.children[i].dataset.card : null; });
    clear(box);
    chosen = [];
    var taken = {};
    hand.forEach(function (code, i) {
      var parts = cardParts(code);
      var button = el("button", parts.text, parts.cls + " pick");
      button.type = "button";
      button.title = parts.title;
      button.setAttribute("aria-label", parts.title);
      button.dataset.card = code;
      var keep = before.indexOf(code);
      var pressed = keep >= 0 && !taken[keep];
      if (pressed) { taken[keep] = true; before[keep] = null; chosen.push(i); }
      button.setAttribute("aria-pressed", pressed ? "true" : "false");
      button.addEventListener("click", function () { toggle(i); });
      box.appendChild(button);
    });
    var myTurn = v.status === "playing" && v.turn === v.seat;
    $("play-button").disabled = !myTurn;
    $("pass-button").disabled = !myTurn || !v.may_pass;
    drawHints(myTurn ? v.legal_plays || [] : []);
    var entropy = $("entropy-form");
    var posted = (v.entropy || []).indexOf(v.seat) >= 0;
    entropy.hidden = !(v.status === "waiting" && v.fairness === "shared" && !posted && !entropySent);
    if (v.status !== "waiting") { entropySent = false; }
    offerCall();
  }
  function toggle(i) {
    hinted = null;
    var at = chosen.indexOf(i);
    if (at >= 0) { chosen.splice(at, 1); } else { chosen.push(i); }
    var button = $("play-hand").children[i];
    button.setAttribute("aria-pressed", at >= 0 ? "false" : "true");
    offerCall();
  }
  // Under last_card_call: liable, a play that leaves one card may carry the call.
  function offerCall() {
    var box = $("call-box");
    var left = $("play-hand").children.length - chosen.length;
    box.hidden = !(data.calls && chosen.length > 0 && left === 1);
    if (box.hidden) { $("call-last").checked = false; }
  }
  var HINTS_SHOWN = 40;
  function drawHints(plays) {
    var details = $("play-hints");
    var list = $("play-hint-list");
    clear(list);
    details.hidden = !plays.length;
    plays.slice(0, HINTS_SHOWN).forEach(function (play) {
      var li = el("li");
      var button = el("button", null, "hint");
      button.type = "button";
      button.title = W.choose_play;
      button.appendChild(cardsNode(play));
      button.addEventListener("click", function () { choosePlay(play); });
      li.appendChild(button);
      list.appendChild(li);
    });
    if (plays.length > HINTS_SHOWN) { list.appendChild(el("li", say("legal_hint_more", { n: plays.length - HINTS_SHOWN }), "note")); }
  }
  // A hinted play selects its cards in the hand (a joker by itself: the hint names what it
  // stands for, and the play is sent as the hint spells it).
  function choosePlay(play) {
    var box = $("play-hand");
    chosen = [];
    var used = {};
    play.forEach(function (code) {
      var held = code.indexOf("JK") === 0 ? "JK" : code;
      for (var i = 0; i < box.children.length; i++) {
        if (!used[i] && box.children[i].dataset.card === held) { used[i] = true; chosen.push(i); break; }
      }
    });
    for (var j = 0; j < box.children.length; j++) { box.children[j].setAttribute("aria-pressed", used[j] ? "true" : "false"); }
    hinted = play.slice();
    offerCall();
  }
  function message(text, cls) {
    var box = $("play-message");
    box.textContent = text || "";
    box.className = "play-message" + (cls ? " " + cls : "");
  }
  function problemText(status, problem) {
    var type = (problem && problem.type) || "";
    if (status === 422 && problem && problem.errors && problem.errors.length) {
      return say("refused", { message: problem.errors[0].message || problem.errors[0].detail || problem.detail || "" });
    }
    if (status === 401 || status === 403) { return W.token_refused; }
    if (status === 409 && /table-over$/.test(type)) { return W.table_over_refusal; }
    if (status === 409) { return W.not_your_turn; }
    if (status === 412) { return W.table_changed; }
    if (status === 429) { return W.too_many_moves; }
    if (status === 422 && problem && problem.detail) { return say("refused", { message: problem.detail }); }
    return say("service_error", { status: status });
  }
  var busy = false;
  function post(path, body, after) {
    if (busy) { return; }
    busy = true;
    var key = (window.crypto && window.crypto.randomUUID) ? window.crypto.randomUUID() : String(Date.now()) + Math.random();
    fetch(withLang(data.api + path), {
      method: "POST", headers: headers({ "Content-Type": "application/json", "Idempotency-Key": key }),
      body: JSON.stringify(body), credentials: "omit", cache: "no-store", referrerPolicy: "no-referrer"
    }).then(function (r) {
      return r.json().catch(function () { return null; }).then(function (doc) { return { status: r.status, doc: doc }; });
    }).then(function (answer) {
      busy = false;
      if (answer.status === 200 || answer.status === 201) {
        message("");
        if (after) { after(); }
        if (answer.doc && answer.doc.status) { setView(answer.doc); } else { refresh(); }
        return;
      }
      message(problemText(answer.status, answer.doc), "bad");
      if (answer.status === 409 || answer.status === 412) { refresh(); }
    }).catch(function () {
      busy = false;
      message(say("service_error", { status: 0 }), "bad");
    });
  }
  var entropySent = false;
  function wirePlay() {
    if (data.mode !== "play") { return; }
    if (!token) { message(W.no_token, "bad"); $("live-state").textContent = W.no_token; return; }
    $("play-button").addEventListener("click", function () {
      var hand = $("play-hand").children;
      if (!chosen.length) { message(W.choose_first, "bad"); return; }
      var play = hinted || chosen.map(function (i) { return hand[i].dataset.card; });
      var body = { play: play };
      if (!$("call-box").hidden && $("call-last").checked) { body.call = true; }
      post("/moves", body, function () { chosen = []; hinted = null; offerCall(); });
    });
    $("pass-button").addEventListener("click", function () { post("/moves", { pass: true }); });
    $("clear-button").addEventListener("click", function () {
      chosen = []; hinted = null;
      offerCall();
      var hand = $("play-hand").children;
      for (var i = 0; i < hand.length; i++) { hand[i].setAttribute("aria-pressed", "false"); }
    });
    $("entropy-form").addEventListener("submit", function (event) {
      event.preventDefault();
      var value = $("entropy-value").value;
      post("/entropy", { entropy: value }, function () {
        entropySent = true;
        $("entropy-form").hidden = true;
        message(W.entropy_sent);
      });
    });
  }

  // ---- the view, the events ----
  function setView(v) {
    // A fetch answered after a newer view arrived (a move's own answer) is not drawn.
    if (view && typeof view.version === "number" && v.version < view.version) { return; }
    view = v;
    readNames(v);
    drawStatus(v);
    drawSeats(v);
    drawOnTable(v);
    drawMoves(v);
    if (data.mode === "play") { drawMine(v); }
    catchUpResult(v);
  }
  var fetching = false, again = false;
  function refresh() {
    if (fetching) { again = true; return; }
    fetching = true;
    fetch(withLang(data.api), { headers: headers(), credentials: "omit", cache: "no-store", referrerPolicy: "no-referrer" })
      .then(function (r) {
        if (r.status === 401 || r.status === 403) { message(W.token_refused, "bad"); return null; }
        return r.ok ? r.json() : null;
      })
      .then(function (v) { if (v) { setView(v); } })
      .catch(function () { /* the next event or reconnection fetches again */ })
      .then(function () {
        fetching = false;
        if (again) { again = false; refresh(); }
      });
  }
  var pending = null;
  function soon() {
    // A burst of events (a move and the bots' answers) is one fetch of the view.
    if (pending) { return; }
    pending = window.setTimeout(function () { pending = null; refresh(); }, 60);
  }

  var EVENTS = ["dealt", "entropy", "move", "trick", "deal_over", "match_over", "abandoned"];
  var source = null;
  var POLL_MS = 5000, RETRY_STREAM_MS = 60000;
  function listen() {
    if (!window.EventSource) { return; }
    var state = $("live-state");
    state.textContent = W.live_connecting;
    source = new EventSource(data.api + "/events");
    source.onopen = function () { state.textContent = W.live_on; soon(); };
    source.onerror = function () {
      if (!source) { return; }
      state.textContent = W.live_lost;
      // Refused (a 429 when too many streams are open, say): EventSource gives up for good.
      // The page then looks at the table every few seconds, and tries a stream again later.
      if (source.readyState === EventSource.CLOSED) {
        source = null;
        var polls = window.setInterval(refresh, POLL_MS);
        window.setTimeout(function () { window.clearInterval(polls); listen(); }, RETRY_STREAM_MS);
      }
    };
    EVENTS.forEach(function (type) {
      source.addEventListener(type, function (event) {
        var body = {};
        try { body = JSON.parse(event.data) || {}; } catch (bad) { body = {}; }
        if (type === "deal_over") { showFinished(body); }
        if (type === "abandoned") { shownDeal = body.deal; drawResult(body, W.table_abandoned); }
        if (type === "match_over" || type === "abandoned") {
          // The stream ends here: nothing more will happen at this table.
          if (type === "match_over" && body.winners) { winnersNote(body.winners); }
          source.close();
          source = null;
          state.hidden = true;
        }
        soon();
      });
    });
  }
  function winnersNote(winners) {
    var noteEl = $("result-note");
    var listed = winners.map(nameOf);
    var joined = window.Intl && Intl.ListFormat ? new Intl.ListFormat(data.words.locale).format(listed) : listed.join(", ");
    noteEl.textContent = say("match_winners", { names: joined });
    noteEl.hidden = false;
  }
  // The deal shown in the result section (its index), so that the record is read at most
  // once per finished deal when the events did not bring it (a stream that could not open).
  var shownDeal = finished ? finished.index : -1;
  function showFinished(deal) {
    shownDeal = deal.deal !== undefined ? deal.deal : deal.index;
    finished = deal;
    drawResult(deal);
  }
  function catchUpResult(v) {
    var last = v.status === "over" ? v.deal : v.deal - 1;
    if (v.status === "abandoned" || last < 0 || last <= shownDeal) { return; }
    fetch(data.api + "/record", { headers: { "Accept": "application/json" }, credentials: "omit", cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (record) {
        if (!record || !record.deals || !record.deals.length) { return; }
        var index = record.deals.length - 1;
        if (index <= shownDeal) { return; }
        var deal = record.deals[index];
        deal.index = index;
        showFinished(deal);
        if (v.status === "over" && v.winners) { winnersNote(v.winners); }
      })
      .catch(function () { /* shown when its event comes */ });
  }

  readNames(view);
  if (data.mode === "play") { wirePlay(); }
  else { $("live-state").textContent = W.live_connecting; }
  if (data.mode !== "play" || token) {
    listen();
    refresh();
  }
  window.setInterval(drawClock, 1000);
})();
