"""A live table's game (docs/TABLES.md): pure functions from a state and what happened (a
move, a contribution, the time) to the next state and the events it made. The clock (``now``)
and the random source (``new_seed``) are passed in; the store persists what comes back.

Refusals (``Refusal.slug``): ``illegal-move`` 422 (the rule's ``code`` and ``params``, as a
report gives them), ``invalid-move`` 422 (a body that is no move, or a card that cannot be
read: ``params["errors"]``), ``not-your-turn`` 409 (another seat's turn, or the deal waits for
entropy), ``table-over`` 409, ``entropy-not-open`` 409 (no deal waits for entropy, or the
table deals without it), ``entropy-posted`` 409 (the seat has posted for this deal),
``invalid-entropy`` 422 (not 1 to 64 characters), ``not-a-seat`` 409 (a bot's seat).

Automatic moves (bots, timeouts) happen at a time the state decides, never at ``now``: a
bot moves when its turn begins, a timeout at its deadline. So ``catch_up`` is idempotent and
``catch_up(t1)`` then ``catch_up(t2)`` ends where ``catch_up(t2)`` alone does.
"""

from __future__ import annotations

from typing import Any

from bigtwo import limits
from bigtwo.live import bots
from bigtwo.live.deals import deal_cards, open_deal, proof
from bigtwo.live.export import record
from bigtwo.live.judge import judge_ref, profile_of, replay_running
from bigtwo.live.scores import replay_finished, winners_of
from bigtwo.live.spec import spec_problems
from bigtwo.live.state import (
    ABANDONED,
    OPEN,
    OVER,
    PLAYING,
    WAITING,
    Event,
    NewSeed,
    Refusal,
    Step,
    TableSpec,
)
from bigtwo.live.views import for_viewer, iso, view
from bigtwo.rules import cards, fair
from bigtwo.rules.table import Table

__all__ = ["Event", "NewSeed", "Refusal", "Step", "TableSpec", "abandon", "catch_up", "create",
           "entropy", "for_viewer", "move", "record", "spec_problems", "token_seats", "view"]

MOVE_FIELDS = frozenset({"play", "pass", "call"})


class _Change:
    """One call's work on a copy of the state: the events it makes, numbered on."""

    def __init__(self, state: dict[str, Any]) -> None:
        # The finished deals are never changed once written, only added to: a 100-deal
        # match's move copies the lists, not every card of every deal.
        self.state = dict(state)
        self.state["running"] = _copy_json(state["running"])
        for key in ("finished", "results", "totals", "winners"):
            self.state[key] = list(state[key])
        self.events: list[Event] = []

    def emit(self, type_: str, data: dict[str, Any],
             private: dict[int, dict[str, Any]] | None = None) -> None:
        self.state["events"] += 1
        self.events.append(Event(self.state["events"], type_, data, private or {}))

    def step(self) -> Step:
        state = self.state
        state["deadline"] = _deadline(state)
        if self.events:
            state["version"] += 1
        return Step(state, self.events)


def _copy_json(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, scalars), as ``copy.deepcopy`` makes it
    but without its memo and dispatch: twice a move, it was a third of a move's CPU."""
    kind = type(value)
    if kind is dict:
        return {k: _copy_json(v) for k, v in value.items()}
    if kind is list:
        return [_copy_json(v) for v in value]
    if kind is tuple:
        return tuple(_copy_json(v) for v in value)
    return value


def token_seats(state: dict[str, Any]) -> list[int]:
    """The seats people play (they get tokens): every seat that is not a bot."""
    bots_ = set(state["bots"])
    return [s for s in range(len(state["players"])) if s not in bots_]


def create(spec: TableSpec, *, table_id: str, now: float, new_seed: NewSeed) -> Step:
    """A new table: deal 0's commitment is public at once; under ``fairness: server`` (or
    with no seat to contribute) the deal starts at once, and bots play up to a person's turn."""
    profile = spec.profile
    state: dict[str, Any] = {
        "id": table_id, "status": WAITING, "version": 0, "events": 0, "deadline": None,
        "updated": now, "created": iso(now), "players": list(spec.players),
        "profile_id": profile.id, "deal": 0, "tournament": None,
        "profile_ref": spec.profile_ref, "judge_profile": judge_ref(profile),
        "bots": sorted(set(spec.bots)), "deals_limit": spec.deals,
        "turn_seconds": spec.turn_seconds, "fairness": spec.fairness,
        "finished": [], "results": [], "totals": [0] * profile.players,
        "previous_winner": None, "winners": [], "running": open_deal(new_seed, now),
        "commitment": None,
    }
    state["commitment"] = state["running"]["commitment"]
    change = _Change(state)
    _advance(change, now, new_seed)
    if not change.events:
        change.emit("entropy", {"deal": 0, "posted": []})
    return change.step()


def catch_up(state: dict[str, Any], *, now: float, new_seed: NewSeed) -> Step:
    """Everything due by ``now``: timeouts at their deadlines, the entropy window closing,
    bot moves, the next deal. Nothing changes when nothing is due (the same state back)."""
    if not _due(state, now):
        return Step(state, [])  # as below, without copying the running deal for nothing
    change = _Change(state)
    _advance(change, now, new_seed)
    if not change.events:
        return Step(state, [])
    return change.step()


def _seat_at_open_table(state: dict[str, Any], seat: int, now: float,
                        new_seed: NewSeed) -> tuple[_Change, Refusal | None]:
    """The table caught up to ``now``, and why a person at ``seat`` can do nothing there:
    the table is over or abandoned, or the seat is a bot's (or none)."""
    change = _Change(state)
    _advance(change, now, new_seed)
    st = change.state
    if st["status"] not in OPEN:
        return change, Refusal(409, "table-over", detail=f"the table is {st['status']}")
    if seat in st["bots"] or not 0 <= seat < len(st["players"]):
        return change, Refusal(409, "not-a-seat", seat=seat,
                               detail=f"seat {seat} is played by the service")
    return change, None


def move(state: dict[str, Any], seat: int, body: dict[str, Any], *, now: float,
         new_seed: NewSeed) -> Step | Refusal:
    """A seat's move (``{"play": [...]}``, ``{"pass": true}``, ``"call": true`` beside a
    play), judged by the report's own code; bots answer at once, up to a person's turn."""
    change, closed = _seat_at_open_table(state, seat, now, new_seed)
    if closed is not None:
        return closed
    st = change.state
    if st["status"] == WAITING:
        return Refusal(409, "not-your-turn", seat=seat,
                       detail="the deal has not started: it waits for the seats' entropy")
    running = st["running"]
    if running["turn"] != seat:
        return Refusal(409, "not-your-turn", seat=seat, deal=st["deal"],
                       detail=f"it is seat {running['turn']}'s turn, not seat {seat}'s")
    wanted = _read_move(seat, body)
    if isinstance(wanted, Refusal):
        return wanted
    # A move is never earlier than the turn it answers (a clock read a moment apart).
    refused = _play(change, wanted, max(now, running["turn_began"]), new_seed)
    if refused is not None:
        return refused
    _advance(change, now, new_seed)
    return change.step()


def entropy(state: dict[str, Any], seat: int, value: str, *, now: float,
            new_seed: NewSeed) -> Step | Refusal:
    """A seat's contribution to the waiting deal's shuffle (``fairness: shared``); the deal
    starts once every seat people play has posted."""
    change, closed = _seat_at_open_table(state, seat, now, new_seed)
    if closed is not None:
        return closed
    st = change.state
    if st["fairness"] != "shared" or st["status"] != WAITING:
        return Refusal(409, "entropy-not-open", seat=seat,
                       detail="no deal is waiting for entropy" if st["fairness"] == "shared"
                       else "this table deals from the service's seed alone (fairness: server)")
    if not isinstance(value, str) or not 1 <= len(value) <= fair.MAX_ENTROPY_CHARS or (
            not _utf8(value)):
        return Refusal(422, "invalid-entropy", seat=seat,
                       detail=f"entropy is 1 to {fair.MAX_ENTROPY_CHARS} characters")
    running = st["running"]
    if str(seat) in running["entropy"]:
        return Refusal(409, "entropy-posted", seat=seat,
                       detail=f"seat {seat} has posted its entropy for deal {st['deal']}")
    running["entropy"][str(seat)] = value
    now = max(now, running["opened"])
    st["updated"] = now
    change.emit("entropy", {"deal": st["deal"], "posted": sorted(int(s) for s in running["entropy"])})
    if all(str(s) in running["entropy"] for s in token_seats(st)):
        _start_deal(change, now)
    _advance(change, now, new_seed)
    return change.step()


def abandon(state: dict[str, Any], *, now: float, new_seed: NewSeed | None = None) -> Step:
    """The organiser ends the table (or the service, idle): the ``abandoned`` event reveals the
    running deal's hands and proof; the record keeps the finished deals."""
    change = _Change(state)
    if new_seed is not None:
        _advance(change, now, new_seed)
    st = change.state
    if st["status"] not in OPEN:
        return Step(state, []) if not change.events else change.step()
    running = st["running"]
    dealt = running is not None and running["hands"] is not None
    st["status"] = ABANDONED
    st["updated"] = now
    change.emit("abandoned", {"deal": st["deal"],
                              "hands": running["hands"] if dealt else None,
                              "proof": proof(running) if dealt else None,
                              "totals": st["totals"]})
    return change.step()


# --- inside ----------------------------------------------------------------------------------
def _utf8(value: str) -> bool:
    """Whether ``value`` has UTF-8 bytes (the shuffle hashes them): a lone surrogate has none."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _read_move(seat: int, body: Any) -> dict[str, Any] | Refusal:
    def bad(pointer: str, detail: str) -> Refusal:
        return Refusal(422, "invalid-move", params={"errors": [{"pointer": pointer, "detail": detail}]},
                       seat=seat, detail=detail)

    if not isinstance(body, dict):
        return bad("", 'a move is an object: {"play": [cards]} or {"pass": true}')
    for key in body:
        if key not in MOVE_FIELDS:
            return bad(f"/{key}", "unknown field: a move has play (with call) or pass")
    if ("play" in body) == ("pass" in body):
        return bad("", 'a move is exactly one of {"play": [cards]} and {"pass": true}')
    if "pass" in body:
        if body["pass"] is not True or "call" in body:
            return bad("/pass", 'a pass is {"pass": true}, without a call')
        return {"seat": seat, "pass": True}
    play = body["play"]
    if not isinstance(play, list) or not play or len(play) > limits.MAX_CARDS_PER_PLAY or not all(
            isinstance(c, str) and len(c) <= 16 for c in play):
        return bad("/play", f"a play is 1 to {limits.MAX_CARDS_PER_PLAY} card names")
    out: dict[str, Any] = {"seat": seat, "play": list(play)}
    if "call" in body:
        if not isinstance(body["call"], bool):
            return bad("/call", "call is true or false")
        if body["call"]:
            out["call"] = True
    return out


def _play(change: _Change, wanted: dict[str, Any], at: float, new_seed: NewSeed) -> Refusal | None:
    """Apply ``wanted`` if the rules accept it, with its events; else the refusal."""
    st = change.state
    running = st["running"]
    moves = running["moves"] + [wanted]
    index = len(moves) - 1
    judged = replay_running(st, moves)
    if judged.problems:
        errors = [{"pointer": _move_pointer(p.pointer, index), "detail": p.detail}
                  for p in judged.problems]
        return Refusal(422, "invalid-move", params={"errors": errors}, seat=wanted["seat"],
                       deal=st["deal"], move=index, detail=errors[0]["detail"])
    for error in judged.errors:
        if error.move == index or error.move is None:
            return Refusal(422, "illegal-move", str(error.code), dict(error.params), st["deal"],
                           index, wanted["seat"])
    table = judged.table
    assert table is not None
    if wanted.get("play"):
        # The cards as the record writes them: canonical names, jokers with their stand-ins.
        wanted = {**wanted, "play": _canonical(wanted["play"])}
        moves[index] = wanted
    running["moves"] = moves
    running["turn"] = None if judged.over else table.current
    running["turn_began"] = at
    st["updated"] = at
    data: dict[str, Any] = {"deal": st["deal"], "move": index, "seat": wanted["seat"], "at": iso(at)}
    for key in ("play", "pass", "timeout", "call"):
        if key in wanted:
            data[key] = wanted[key]
    data["cards_left"] = list(table.counts)
    change.emit("move", data)
    if judged.over:
        _finish_deal(change, at, new_seed)
    elif table.on_table is None:
        change.emit("trick", {"deal": st["deal"], "leader": table.current})
    return None


def _canonical(play: list[str]) -> list[str]:
    out = []
    for text in play:
        card = cards.parse_card(text)
        if card is None:
            card = cards.parse_joker(text)
        out.append(text if card is None else cards.name(card))
    return out


def _move_pointer(pointer: str, index: int) -> str:
    head = f"/deals/0/moves/{index}"
    return pointer[len(head):] if pointer.startswith(head) else pointer


def _start_deal(change: _Change, at: float) -> None:
    st = change.state
    running = st["running"]
    profile = profile_of(st)
    deal_cards(profile, running)
    st["status"] = PLAYING
    st["updated"] = at
    judged = replay_running(st)
    assert judged.table is not None
    running["turn"] = judged.table.current
    running["turn_began"] = at
    change.emit("dealt", {"deal": st["deal"], "commitment": running["commitment"],
                          "leader": judged.table.current,
                          "cards": [len(h) for h in running["hands"]]},
                {seat: {"hand": hand} for seat, hand in enumerate(running["hands"])})


def _finish_deal(change: _Change, at: float, new_seed: NewSeed) -> None:
    st = change.state
    running = st["running"]
    evidence = proof(running)
    st["finished"].append({"hands": running["hands"], "moves": running["moves"], "proof": evidence})
    result = replay_finished(st["judge_profile"], st["finished"])
    deal = result.deals[-1]
    st["totals"] = list(result.totals)
    st["previous_winner"] = deal.winner
    st["results"].append({"winner": deal.winner, "places": deal.places,
                          "penalties": deal.penalties, "scores": deal.scores})
    limit = st["deals_limit"]
    ends = result.match_over or (limit is not None and len(st["finished"]) >= limit)
    index = st["deal"]
    following = None if ends else open_deal(new_seed, at)
    change.emit("deal_over", {
        "deal": index, "winner": deal.winner, "places": deal.places,
        "penalties": deal.penalties, "scores": deal.scores, "totals": st["totals"],
        "hands": running["hands"], "proof": evidence,
        "next_commitment": None if following is None else following["commitment"]})
    st["updated"] = at
    if following is None:
        st["status"] = OVER
        st["running"] = None
        st["winners"] = winners_of(result)
        change.emit("match_over", {"deals": len(st["finished"]), "totals": st["totals"],
                                   "winners": st["winners"]})
        return
    st["running"] = following
    st["deal"] = index + 1
    st["commitment"] = following["commitment"]
    st["status"] = WAITING


def _humans_posted(st: dict[str, Any]) -> bool:
    posted = st["running"]["entropy"]
    return all(str(s) in posted for s in token_seats(st))


def _due(st: dict[str, Any], now: float) -> bool:
    """Whether ``_advance`` has anything to do by ``now``: its first round's tests, read only."""
    if st["status"] not in OPEN:
        return False
    running, seconds = st["running"], st["turn_seconds"]
    if st["status"] == WAITING:
        return bool(st["fairness"] == "server" or _humans_posted(st)
                    or (seconds is not None and running["opened"] + seconds <= now))
    if running["turn"] in st["bots"]:
        return True
    return seconds is not None and running["turn_began"] + seconds <= now


def _advance(change: _Change, now: float, new_seed: NewSeed) -> None:
    """Do what is due by ``now``, each thing at its own time, within one call's work
    (``limits.LIVE_AUTO_WORK_PER_CALL``: an automatic move costs 1 + (cards held / 13)^2, as
    the listing a bot ranks grows faster than the hand). What is left stays due: the
    deadline is then already past, and the next call goes on."""
    st = change.state
    budget = limits.LIVE_AUTO_WORK_PER_CALL
    while st["status"] in OPEN:
        running = st["running"]
        seconds = st["turn_seconds"]
        if st["status"] == WAITING:
            opened = running["opened"]
            if st["fairness"] == "server" or _humans_posted(st):
                _start_deal(change, opened)
            elif seconds is not None and opened + seconds <= now:
                _start_deal(change, opened + seconds)
            else:
                return
            continue
        seat, began = running["turn"], running["turn_began"]
        if seat in st["bots"]:
            at = began
        elif seconds is not None and began + seconds <= now:
            at = began + seconds
        else:
            return
        judged = replay_running(st)
        assert judged.table is not None
        cost = 1 + judged.table.counts[seat] ** 2 // 169
        if cost > budget and budget < limits.LIVE_AUTO_WORK_PER_CALL:
            return  # at least one move per call, so a table always moves on
        budget -= cost
        for wanted in _automatic(judged.table, seat in st["bots"]):
            if _play(change, wanted, at, new_seed) is None:
                break
        else:  # pragma: no cover - a listing's play is always legal
            raise AssertionError(f"no automatic move was legal for seat {seat}")


def _automatic(table: Table, bot: bool) -> list[dict[str, Any]]:
    """The moves to try for the seat to move, in order, the first the rules accept made: a
    bot's choice; for a person whose clock ran out a timeout, and on the turn that cannot
    time out (the opening play under ``lowest_card``) the lowest card alone."""
    seat = table.current
    choice = bots.choose(table)
    if bot:
        return [choice]
    out: list[dict[str, Any]] = [{"seat": seat, "timeout": True}]
    if table.opening_card is not None:
        out.append({"seat": seat, "play": [cards.name(table.opening_card)]})
    out.append({k: v for k, v in choice.items() if k != "call"})
    return out


def _deadline(st: dict[str, Any]) -> float | None:
    """When ``catch_up`` next has something to do (a past time: at once)."""
    if st["status"] not in OPEN:
        return None
    running, seconds = st["running"], st["turn_seconds"]
    if st["status"] == WAITING:
        if st["fairness"] == "server" or _humans_posted(st):
            return float(running["opened"])
        return None if seconds is None else float(running["opened"] + seconds)
    if running["turn"] in st["bots"]:
        return float(running["turn_began"])
    return None if seconds is None else float(running["turn_began"] + seconds)
