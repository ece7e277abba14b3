"""Hand-worked replays of RULES.md v4 readings 10, 11 and 12 on one deck: timeouts, the
last-card call and plays that end their trick at once. Each case is a record and what its
report must say; every case would rule otherwise without the field."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo.records.pipeline import check_record
from tests.core.helpers import codes, report, small

HANDS = ["3D 4D 5D", "6D 7D 8D", "9D TD 2S", "JD QD KD"]


def _move(text: str) -> dict[str, Any]:
    """``0:3D`` a play, ``0:3D!`` a play with the call, ``0:-`` a pass, ``0:T`` a timeout."""
    seat, _, rest = text.partition(":")
    if rest == "-":
        return {"seat": int(seat), "pass": True}
    if rest == "T":
        return {"seat": int(seat), "timeout": True}
    out: dict[str, Any] = {"seat": int(seat), "play": rest.rstrip("!").split("+")}
    if rest.endswith("!"):
        out["call"] = True
    return out


def _record(profile: dict[str, Any], moves: str, hands: list[str] = HANDS) -> dict[str, Any]:
    return {"profile": profile, "deals": [{"hands": [h.split() for h in hands],
                                           "moves": [_move(m) for m in moves.split()]}]}


TIMEOUTS = small(hand_size=3, timeouts="pass")

# (moves, the errors (code, move), the deal's status, its winner)
TIMEOUT_CASES = {
    # The opening turn must hold 3♦: it cannot time out.
    "opening": ("0:T", [("OPENING_CARD", 0)], "invalid", None),
    # A timeout on a table with cards is a pass.
    "as_pass": ("0:3D 1:T 2:T 3:T 0:4D 1:T 2:T 3:T 0:5D", [], "complete", 0),
    # On an empty table it hands the lead to the next seat, which leads freely.
    "lead_on": ("0:3D 1:- 2:- 3:- 0:T 1:6D 2:2S 3:- 0:- 1:- 2:9D 3:- 0:- 1:- 2:TD", [], "complete", 2),
    # The next seat then leads: seat 0 moving again is out of turn.
    "lead_moved": ("0:3D 1:- 2:- 3:- 0:T 0:4D", [("WRONG_TURN", 5)], "invalid", None),
    # A pass on the empty table stays what it was.
    "pass_lead": ("0:3D 1:- 2:- 3:- 0:-", [("LEADER_MUST_PLAY", 4)], "invalid", None),
}


@pytest.mark.parametrize("case", TIMEOUT_CASES)
def test_timeouts(case: str) -> None:
    moves, errors, status, winner = TIMEOUT_CASES[case]
    rep = report(_record(TIMEOUTS, moves))
    assert codes(rep) == [(code, 0, move) for code, move in errors]
    assert (rep["deals"][0]["status"], rep["deals"][0]["winner"]) == (status, winner)


def test_opening_timeout_says_so() -> None:
    rep = report(_record(TIMEOUTS, "0:T"))
    assert rep["errors"][0]["params"] == {"card": "3D", "timeout": True}
    assert rep["errors"][0]["message"].endswith("the opening turn cannot time out")


def test_timeout_locks_out_as_a_pass() -> None:
    profile = small(hand_size=3, timeouts="pass", passing="locked_out")
    rep = report(_record(profile, "0:3D 1:T 2:9D 1:6D"))
    assert codes(rep) == [("LOCKED_OUT", 0, 3)]


def test_timeout_in_the_first_trick_must_play() -> None:
    profile = small(hand_size=3, timeouts="pass", must_play_first_trick=True)
    rep = report(_record(profile, "0:3D 1:T"))
    assert codes(rep) == [("MUST_PLAY", 0, 1)]


@pytest.mark.parametrize(("profile", "key"), [
    (small(hand_size=3), "/deals/0/moves/1/timeout"),
    (small(hand_size=3, timeouts="pass"), "/deals/0/moves/1"),
])
def test_timeout_misuse_is_an_input_problem(profile: dict[str, Any], key: str) -> None:
    doc = _record(profile, "0:3D 1:T")
    if "timeouts" in profile:  # a timeout beside a pass: one move, two kinds
        doc["deals"][0]["moves"][1]["pass"] = True
    checked = check_record(doc)
    assert checked.report is None
    assert [p.pointer for p in checked.problems] == [key]


CALLS = small(hand_size=3, last_card_call="liable", scoring={"settlement": "pairwise"})


@pytest.mark.parametrize(("moves", "missed", "winner", "liable"), [
    # Seat 0 leaves one card after 4D without the call, then goes out: it takes all.
    ("0:3D 1:- 2:- 3:- 0:4D 1:- 2:- 3:- 0:5D", [{"move": 4, "seat": 0}], 0, 0),
    # With the call, nothing is missed and nobody is liable.
    ("0:3D 1:- 2:- 3:- 0:4D! 1:- 2:- 3:- 0:5D", [], 0, None),
    # A call on another play is ignored.
    ("0:3D! 1:- 2:- 3:- 0:4D! 1:- 2:- 3:- 0:5D", [], 0, None),
    # A loser's missed call is listed but makes nobody liable.
    ("0:3D 1:6D 2:9D 3:JD! 0:- 1:- 2:- 3:QD 0:- 1:- 2:2S! 3:- 0:- 1:- 2:TD", [{"move": 7, "seat": 3}],
     2, None),
])
def test_missed_calls(moves: str, missed: list[dict[str, int]], winner: int,
                      liable: int | None) -> None:
    rep = report(_record(CALLS, moves))
    deal = rep["deals"][0]
    assert rep["errors"] == []
    assert deal["missed_calls"] == missed
    assert deal["winner"] == winner


@pytest.mark.parametrize(("moves", "liable"), [
    ("0:3D 1:- 2:- 3:- 0:4D 1:- 2:- 3:- 0:5D", 0),
    ("0:3D 1:- 2:- 3:- 0:4D! 1:- 2:- 3:- 0:5D", None),
])
def test_the_winner_after_a_missed_call_is_liable(moves: str, liable: int | None) -> None:
    # Scoring itself (who pays what) is the scoring module's; the replay's part is to name
    # the winner as the liable seat, which the deal's result keeps.
    from bigtwo.records.parse import parse_record
    from bigtwo.rules.replay import liable_of, replay_deal

    record, problems = parse_record(_record(CALLS, moves))
    assert record is not None and not problems
    result, table = replay_deal(record.profile, record.deals[0], 0, None, complete=True, errors=[])
    assert table is not None and result.winner == 0
    assert liable_of(table, 0) == liable


def test_missed_calls_only_where_the_profile_calls() -> None:
    rep = report(_record(small(hand_size=3), "0:3D 1:- 2:- 3:- 0:4D 1:- 2:- 3:- 0:5D"))
    assert "missed_calls" not in rep["deals"][0]


@pytest.mark.parametrize(("moves", "key"), [
    ("0:3D 1:-", "/deals/0/moves/1/call"),  # on a pass
])
def test_call_misuse_is_an_input_problem(moves: str, key: str) -> None:
    doc = _record(CALLS, moves)
    doc["deals"][0]["moves"][1]["call"] = True
    checked = check_record(doc)
    assert [p.pointer for p in checked.problems] == [key]
    doc = _record(small(hand_size=3), "0:3D!")
    checked = check_record(doc)
    assert [p.pointer for p in checked.problems] == ["/deals/0/moves/0/call"]


UNBEATABLE = small(hand_size=3, unbeatable_ends_trick=True)

UNBEATABLE_CASES = {
    # 2♠ ends the trick at once: seat 2 leads again, nobody else moves.
    "ends": ("0:3D 1:6D 2:2S 2:9D 3:JD 0:- 1:- 2:- 3:QD 0:- 1:- 2:- 3:KD", [], "complete", 3),
    # Another seat moving is WRONG_TURN, with the reason.
    "wrong_turn": ("0:3D 1:6D 2:2S 3:-", [("WRONG_TURN", 3)], "invalid", None),
    # The player itself may not pass: it leads.
    "leader": ("0:3D 1:6D 2:2S 2:-", [("LEADER_MUST_PLAY", 3)], "invalid", None),
}


@pytest.mark.parametrize("case", UNBEATABLE_CASES)
def test_unbeatable_ends_trick(case: str) -> None:
    moves, errors, status, winner = UNBEATABLE_CASES[case]
    rep = report(_record(UNBEATABLE, moves))
    assert codes(rep) == [(code, 0, move) for code, move in errors]
    assert (rep["deals"][0]["status"], rep["deals"][0]["winner"]) == (status, winner)


def test_unbeatable_wrong_turn_names_the_card() -> None:
    rep = report(_record(UNBEATABLE, "0:3D 1:6D 2:2S 3:-"))
    assert rep["errors"][0]["params"] == {"expected": 2, "reason": "unbeatable", "card": "2S"}
    assert rep["errors"][0]["message"] == "2♠ cannot be beaten: seat 2 leads the next trick, not seat 3"


def test_without_the_field_the_trick_goes_on() -> None:
    rep = report(_record(small(hand_size=3), "0:3D 1:6D 2:2S 3:- 0:- 1:- 2:9D"))
    assert codes(rep) == [("INCOMPLETE", 0, None)]


def test_a_possible_bomb_keeps_the_trick_open() -> None:
    # With 13 cards a four of a kind could be formed under bombs: anything, so 2♠ is no
    # longer beyond answer.
    profile = {"extends": "hk-standard", "unbeatable_ends_trick": True, "bombs": "anything"}
    from bigtwo.rules.play import answerable
    from bigtwo.rules.profiles import DEFAULT_RESOLVER

    resolved, problems = DEFAULT_RESOLVER.resolve(profile)
    assert resolved is not None and not problems
    assert answerable(resolved, False)
    resolved, _ = DEFAULT_RESOLVER.resolve(small(hand_size=3, unbeatable_ends_trick=True))
    assert resolved is not None and not answerable(resolved, False)


PLACINGS = small(hand_size=2, unbeatable_ends_trick=True, finish="placings",
                 scoring={"place_points": [3, 1, -1, -3]})
PLACING_HANDS = ["3D 4D", "6D 7D", "9D 2S", "JD QD"]


@pytest.mark.parametrize(("moves", "errors", "places"), [
    # Seat 2 goes out on the 2♠: the trick ends at once, and the next seat still playing,
    # seat 3, leads (its pass is LEADER_MUST_PLAY, where without the field it would pass).
    ("0:3D 1:6D 2:9D 3:JD 0:- 1:- 2:2S 3:QD 0:- 1:- 0:4D", [], [2, 3, 0, 1]),
    ("0:3D 1:6D 2:9D 3:JD 0:- 1:- 2:2S 3:-", [("LEADER_MUST_PLAY", 0, 7)], None),
])
def test_unbeatable_last_card_under_placings(moves: str, errors: list[Any],
                                             places: list[int] | None) -> None:
    rep = report(_record(PLACINGS, moves, PLACING_HANDS), complete=False)
    assert codes(rep) == errors
    assert rep["deals"][0]["places"] == places
