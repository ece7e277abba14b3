// The step control of the replay page: shows the table as it stood at any move.
// All data comes from the page itself (#replay-data); nothing is fetched.
(function () {
  "use strict";
  // A shared replay's link comes relative to the service's root unless the operator set the
  // public URL (the server never builds it from a request's Host): complete it from the
  // address this browser shows.
  var shareLink = document.getElementById("share-link");
  if (shareLink && shareLink.value.charAt(0) === "/") {
    shareLink.value = new URL(shareLink.value, window.location.href).href;
  }
  var dataEl = document.getElementById("replay-data");
  if (!dataEl) { return; }
  var data = JSON.parse(dataEl.textContent);
  var names = data.names;
  var SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
  // The page's wording in its language (app/web/words.py), filled in with {name}-style fields.
  var W = data.words.text;
  var SUIT_WORDS = data.words.suits;
  var RANK_WORDS = data.words.ranks;
  // Numbers as the page's locale writes them (its grouping; the minus sign the server set).
  var DIGITS = new Intl.NumberFormat(data.words.locale, { maximumFractionDigits: 0 });
  function num(n) { return (n < 0 ? data.words.minus : "") + DIGITS.format(Math.abs(n)); }
  function say(key, fields) {
    return W[key].replace(/\{(\w+)\}/g, function (all, name) {
      if (!fields || fields[name] === undefined) { return all; }
      return typeof fields[name] === "number" ? num(fields[name]) : String(fields[name]);
    });
  }
  // "1 card", "2 cards": the server words each count with the catalog's plural forms.
  function cardsWord(n) {
    var forms = data.words.cards;
    return n >= 0 && n < forms.length ? forms[n] : forms[forms.length - 1].replace(/\S+/, num(n));
  }

  var steps = [];
  // A page holds some of the record's deals: "deal" is the deal's index in the record (as in
  // the page's anchors), "local" its place in this page's data.
  data.deals.forEach(function (deal, di) {
    steps.push({ deal: deal.index, local: di, move: -1 });
    deal.moves.forEach(function (m, mi) { steps.push({ deal: deal.index, local: di, move: mi }); });
  });
  var pos = 0;
  var langSelect = document.getElementById("lang");
  var lang = langSelect ? langSelect.value : "en";

  var el = {
    position: document.getElementById("position"),
    now: document.getElementById("now"),
    seats: document.getElementById("table-seats"),
    onTable: document.getElementById("on-table"),
    first: document.getElementById("step-first"),
    prev: document.getElementById("step-prev"),
    next: document.getElementById("step-next"),
    last: document.getElementById("step-last"),
    broken: document.getElementById("step-broken")
  };

  function text(tag, content, cls) {
    var node = document.createElement(tag);
    if (content !== undefined && content !== null) { node.textContent = content; }
    if (cls) { node.className = cls; }
    return node;
  }

  var JOKER = "\uD83C\uDCCF";  // a joker (v4), drawn with the card it stands for in a play
  function cardNode(code) {
    if (code.indexOf("JK") === 0) {
      var stand = code.slice(3);
      if (!stand) { var held = text("span", JOKER, "card joker"); held.title = W.joker; return held; }
      var named = cardNode(stand);
      named.textContent = JOKER + named.textContent;
      named.className += " joker";
      named.title = say("joker_as", { card: named.title });
      return named;
    }
    var rank = code.charAt(0), suit = code.charAt(1);
    var node = text("span", (rank === "T" ? "10" : rank) + SUITS[suit],
                    "card" + (suit === "D" || suit === "H" ? " red" : ""));
    node.title = say("card_title", { rank: RANK_WORDS[rank] || rank, suit: SUIT_WORDS[suit] });
    return node;
  }

  function cardsNode(codes) {
    var wrap = text("span", null, "cards");
    (codes || []).forEach(function (c) { wrap.appendChild(cardNode(c)); });
    return wrap;
  }

  function snapshotAt(step) {
    var deal = data.deals[step.local];
    return step.move < 0 ? deal.dealt : deal.moves[step.move].after;
  }

  function handsAt(step) {
    // The dealt hands with every card played up to this step taken off (a broken or
    // unchecked move was never applied).
    var deal = data.deals[step.local];
    var hands = deal.dealt.hands.map(function (h) { return h.slice(); });
    for (var i = 0; i <= step.move; i++) {
      var m = deal.moves[i];
      if (m.status !== "ok" || !m.codes) { continue; }
      // One card off the hand per card played: a hand may hold copies (v4), and a joker
      // played as JK=4D leaves the hand as the JK it was.
      m.codes.forEach(function (c) {
        var at = hands[m.seat].indexOf(c.indexOf("JK") === 0 ? "JK" : c);
        if (at >= 0) { hands[m.seat].splice(at, 1); }
      });
    }
    return hands;
  }

  function renderSeats(step) {
    var snap = snapshotAt(step);
    var hands = handsAt(step);
    var deal = data.deals[step.local];
    var move = step.move >= 0 ? deal.moves[step.move] : null;
    el.seats.textContent = "";
    names.forEach(function (name, seat) {
      var box = text("div", null, "seat");
      box.setAttribute("data-seat", seat);
      if (move && move.seat === seat) { box.classList.add("actor"); }
      if (snap.to_move === seat) { box.classList.add("to-move"); }
      var head = text("h3");
      head.appendChild(text("span", name, "seat-name"));
      head.appendChild(document.createTextNode(" "));
      var n = snap.counts[seat];
      head.appendChild(text("span", cardsWord(n), "count"));
      // Seed 001's live display: "13 übrig · Ende jetzt −39", after every move.
      if (snap.penalties_now && n > 0) {
        var now = text("span", say("ends_now", { score: -snap.penalties_now[seat] }), "ends-now");
        now.title = W.ends_now_title;
        head.appendChild(document.createTextNode(" "));
        head.appendChild(now);
      }
      if (snap.to_move === seat) { head.appendChild(text("span", W.to_play, "badge turn")); }
      if (snap.passed.indexOf(seat) >= 0) { head.appendChild(text("span", W.sits_out, "badge")); }
      if (n === 0) { head.appendChild(text("span", W.out, "badge good")); }
      box.appendChild(head);
      var hand = text("div", null, "hand");
      hand.appendChild(cardsNode(hands[seat]));
      box.appendChild(hand);
      el.seats.appendChild(box);
    });
    el.onTable.textContent = "";
    if (snap.table) {
      el.onTable.appendChild(document.createTextNode(W.on_table + " "));
      el.onTable.appendChild(cardsNode(snap.table));
      el.onTable.appendChild(document.createTextNode(" " + say("on_table_by", { name: names[snap.table_seat] })));
    } else if (snap.to_move !== null && snap.to_move !== undefined) {
      el.onTable.textContent = say("table_empty_leads", { name: names[snap.to_move] });
    } else {
      el.onTable.textContent = W.table_empty;
    }
  }

  function renderNow(step) {
    var deal = data.deals[step.local];
    el.now.textContent = "";
    el.now.className = "now";
    if (step.move < 0) {
      el.now.appendChild(text("p", deal.sheet ? W.sheet_caption : data.words.hands_dealt_press));
      return;
    }
    var m = deal.moves[step.move];
    var line = text("p", null, "move-line");
    line.appendChild(text("b", m.name));
    if (m.pass) {
      line.appendChild(document.createTextNode(" " + W.passes));
    } else if (m.timeout) {
      line.appendChild(document.createTextNode(" " + W.timed_out));
    } else {
      line.appendChild(document.createTextNode(" " + (m.status === "broken" ? W.tries : W.plays) + " "));
      line.appendChild(cardsNode(m.codes));
      if (m.label) { line.appendChild(text("span", m.label, "label")); }
    }
    if (m.leads && m.status === "ok") { line.appendChild(text("span", W.leads_trick, "tag")); }
    if (m.ends_trick && !m.goes_out) { line.appendChild(text("span", W.trick_over, "tag")); }
    if (m.goes_out) { line.appendChild(text("span", W.goes_out, "tag good")); }
    if (m.call) { line.appendChild(text("span", W.calls_last_card, "tag call")); }
    if (m.missed_call) { line.appendChild(text("span", W.missed_call, "tag bad")); }
    line.appendChild(document.createTextNode(" "));
    line.appendChild(text("code", m.pointer, "pointer"));
    el.now.appendChild(line);
    if (m.status === "broken") {
      el.now.classList.add("broken");
      var msg = text("p", null, "broken-msg");
      msg.appendChild(text("span", W.broken_rule_title, "code"));
      msg.appendChild(document.createTextNode(" "));
      var words = text("b", deal.messages[lang] || deal.messages.en, "message");
      words.setAttribute("lang", lang);
      msg.appendChild(words);
      el.now.appendChild(msg);
      var rules = document.querySelector("#d" + step.deal + "-m" + step.move + " .house");
      if (rules) { el.now.appendChild(rules.cloneNode(true)); }
    } else if (m.status === "unchecked") {
      el.now.classList.add("unchecked");
      el.now.appendChild(text("p", deal.broken !== null
        ? say("unreplayed_at", { n: deal.broken + 1 }) : W.unreplayed));
    }
  }

  var current = null;
  function highlight(step) {
    if (current) { current.classList.remove("current"); current.removeAttribute("aria-current"); }
    current = null;
    if (step.move < 0) { return; }
    current = document.getElementById("d" + step.deal + "-m" + step.move);
    if (!current) { return; }
    current.classList.add("current");
    current.setAttribute("aria-current", "step");
    if (window.matchMedia && window.matchMedia("(min-width: 60em)").matches) {
      current.scrollIntoView({ block: "nearest" });
    }
  }

  function render() {
    var step = steps[pos];
    var deal = data.deals[step.local];
    var where = say("position_deal", { n: deal.number, m: data.deal_count });
    if (step.move < 0) {
      // A score sheet's row has no moves: the one position shown is how the deal ended.
      where += " \u00b7 " + (deal.sheet ? W.sheet_title : W.as_dealt);
    } else {
      var m = deal.moves[step.move];
      where += " \u00b7 " + say("position_move", { n: m.number, m: deal.move_count });
      if (m.trick !== null && m.status !== "unchecked") { where += " \u00b7 " + say("position_trick", { n: m.trick + 1 }); }
    }
    el.position.textContent = where;
    renderSeats(step);
    renderNow(step);
    highlight(step);
    el.first.disabled = el.prev.disabled = pos === 0;
    el.next.disabled = el.last.disabled = pos === steps.length - 1;
  }

  function go(to) {
    pos = Math.max(0, Math.min(steps.length - 1, to));
    render();
  }

  function goTo(deal, move) {
    for (var i = 0; i < steps.length; i++) {
      if (steps[i].deal === deal && steps[i].move === move) { go(i); return; }
    }
  }

  el.first.addEventListener("click", function () {
    var here = steps[pos];
    var target = here.move < 0 && here.local > 0 ? here.local - 1 : here.local;
    for (var i = 0; i < steps.length; i++) {
      if (steps[i].local === target && steps[i].move < 0) { go(i); return; }
    }
  });
  el.prev.addEventListener("click", function () { go(pos - 1); });
  el.next.addEventListener("click", function () { go(pos + 1); });
  el.last.addEventListener("click", function () { go(steps.length - 1); });
  if (el.broken && data.first_broken) {
    el.broken.addEventListener("click", function () {
      goTo(data.first_broken.deal, data.first_broken.move);
    });
  }

  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) { return; }
    var tag = ev.target && ev.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") { return; }
    if (ev.key === "ArrowRight") { go(pos + 1); ev.preventDefault(); }
    else if (ev.key === "ArrowLeft") { go(pos - 1); ev.preventDefault(); }
  });

  document.addEventListener("click", function (ev) {
    var link = ev.target.closest ? ev.target.closest("[data-goto]") : null;
    if (!link) { return; }
    var parts = link.getAttribute("data-goto").split(":");
    ev.preventDefault();
    goTo(parseInt(parts[0], 10), parseInt(parts[1], 10));
    document.getElementById("stepper").scrollIntoView({ block: "start" });
    el.next.focus({ preventScroll: true });
  });

  if (langSelect && langSelect.form) {
    // The whole page is worded in its language on the server: choosing another one asks for
    // the page again (the form carries the record), keeping the step the reader was at.
    langSelect.addEventListener("change", function () {
      var step = steps[pos];
      var form = langSelect.form;
      if (step.move >= 0) { form.action = form.action.split("#")[0] + "#d" + step.deal + "-m" + step.move; }
      form.submit();
    });
  }
  document.querySelectorAll(".js-hide").forEach(function (node) { node.hidden = true; });

  var hash = window.location.hash.match(/^#d(\d+)-m(\d+)$/);
  if (hash) { goTo(parseInt(hash[1], 10), parseInt(hash[2], 10)); } else { render(); }
})();
