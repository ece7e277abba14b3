"""Replay of hand-made deals: turn order, passing, tricks, openings, deal and match ends, and
every error code with RECORDS.md's precedence. Small hands (hand_size 3) keep scenarios legible."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo.rules.codes import RuleCode
from tests.core.helpers import codes, deal, record, report, small

HK3 = small("hk-standard", hand_size=3)
# The deals below are written clockwise; big-two-web itself plays counterclockwise (v2).
WEB3 = small("big-two-web", hand_size=3, direction="clockwise")
PUSOY3 = small("pusoy-dos", hand_size=3)
CASUAL3 = small("casual", hand_size=3)

# Seat 0 holds 3D, the lowest card under D<C<H<S.
HANDS = ["3D 9C KS", "4C 5H 2S", "6D 6S JH", "7C 8H AD"]
WIN1 = "0:3D 1:4C 2:JH 3:AD 0:- 1:2S 2:- 3:- 0:- 1:5H"  # seat 1 goes out at move 9

# Pusoy: 3C lowest (C<S<H<D); play runs 0 -> 3 -> 2 -> 1.
P_HANDS = ["3C 9D KS", "4C 5H 2S", "6D 6S JH", "7C 8H AD"]

CASES: list[tuple[str, Any, list[dict[str, Any]], dict[str, Any], list[tuple[str, int | None, int | None]]]] = [
    ("legal deal, rejoin after pass", HK3, [deal(HANDS, WIN1)], {}, []),
    ("000: the 3D opens and must be played", HK3, [deal(HANDS, "0:9C")], {}, [(RuleCode.OPENING_CARD, 0, 0)]),
    ("001: the leader may not pass", HK3, [deal(HANDS, "0:-")], {}, [(RuleCode.LEADER_MUST_PLAY, 0, 0)]),
    ("000: clockwise turn order", HK3, [deal(HANDS, "0:3D 2:6D")], {}, [(RuleCode.WRONG_TURN, 0, 1)]),
    ("card not in the hand", HK3, [deal(HANDS, "0:3D 1:5C")], {}, [(RuleCode.CARD_NOT_HELD, 0, 1)]),
    ("card already played", HK3, [deal(HANDS, "0:3D 1:4C 2:JH 3:AD 0:- 1:4C")], {},
     [(RuleCode.CARD_NOT_HELD, 0, 5)]),
    ("001: no combination", HK3, [deal(HANDS, "0:3D+9C")], {}, [(RuleCode.NOT_A_COMBINATION, 0, 0)]),
    ("001: same number of cards", HK3, [deal(HANDS, "0:3D 1:4C 2:6D+6S")], {}, [(RuleCode.CARD_COUNT, 0, 2)]),
    ("000: a higher single", HK3, [deal(HANDS, "0:3D 1:4C 2:JH 3:AD 0:KS")], {}, [(RuleCode.DOES_NOT_BEAT, 0, 4)]),
    ("a card twice in one play", HK3, [deal(HANDS, "0:3D+3D")], {}, [(RuleCode.DUPLICATE_CARD, 0, 0)]),
    ("002: no triples", CASUAL3, [deal(["3D 3C 3H", "4C 5H 2S", "6D 6S JH", "7C 8H AD"], "0:3D+3C+3H")],
     {}, [(RuleCode.COMBINATION_NOT_ALLOWED, 0, 0)]),
    ("000: the deal ends when a player goes out", HK3, [deal(HANDS, WIN1 + " 2:6D")], {},
     [(RuleCode.MOVE_AFTER_END, 0, 10)]),
    ("an unfinished deal, complete demanded", HK3, [deal(HANDS, "0:3D 1:4C")], {}, [(RuleCode.INCOMPLETE, 0, None)]),
    ("an unfinished deal accepted", HK3, [deal(HANDS, "0:3D 1:4C")], {"complete": False}, []),
    # precedence: the first code of RECORDS.md's table wins
    ("duplicate before wrong turn", HK3, [deal(HANDS, "2:6D+6D")], {}, [(RuleCode.DUPLICATE_CARD, 0, 0)]),
    ("wrong turn before card not held", HK3, [deal(HANDS, "2:5C")], {}, [(RuleCode.WRONG_TURN, 0, 0)]),
    ("card not held before no combination", HK3, [deal(HANDS, "0:3D+5C")], {}, [(RuleCode.CARD_NOT_HELD, 0, 0)]),
    ("no combination before opening card", HK3, [deal(HANDS, "0:9C+KS")], {}, [(RuleCode.NOT_A_COMBINATION, 0, 0)]),
    ("wrong turn before leader must play", HK3, [deal(HANDS, "1:-")], {}, [(RuleCode.WRONG_TURN, 0, 0)]),
    ("move after end before anything else", HK3, [deal(HANDS, WIN1 + " 0:9C+9C")], {},
     [(RuleCode.MOVE_AFTER_END, 0, 10)]),
    # 004: counter-clockwise, a pass locks you out of the trick
    ("004: counter-clockwise", PUSOY3, [deal(P_HANDS, "0:3C 1:4C")], {}, [(RuleCode.WRONG_TURN, 0, 1)]),
    ("004: locked out after a pass", PUSOY3, [deal(P_HANDS, "0:3C 3:- 2:JH 1:2S 0:- 3:AD")], {},
     [(RuleCode.LOCKED_OUT, 0, 5)]),
    ("004: locked-out seats are skipped", PUSOY3, [deal(P_HANDS, "0:3C 3:- 2:JH 1:2S 0:- 2:-")],
     {"complete": False}, []),
    ("000: rejoin: a pass only ends your turn", HK3, [deal(HANDS, "0:3D 1:- 2:JH 3:- 0:- 1:2S")],
     {"complete": False}, []),
    ("004: the trick ends when the rest sat out", PUSOY3,
     [deal(P_HANDS, "0:3C 3:- 2:JH 1:- 0:- 2:6D+6S")], {"complete": False}, []),
    ("a new lead frees locked-out seats", PUSOY3,
     [deal(P_HANDS, "0:3C 3:- 2:JH 1:- 0:- 3:7C")], {}, [(RuleCode.WRONG_TURN, 0, 5)]),
    # 000 variant: no pass in the first trick while you can beat
    ("000 variant: must play in the first trick", small("hk-standard", hand_size=3, must_play_first_trick=True),
     [deal(HANDS, "0:3D 1:-")], {}, [(RuleCode.MUST_PLAY, 0, 1)]),
    ("000 variant: a pass is fine when nothing beats", small("hk-standard", hand_size=3, must_play_first_trick=True),
     [deal(HANDS, "0:3D 1:2S 2:- 3:- 0:-")], {"complete": False}, []),
    ("000 variant: after the first trick passing is free", small("hk-standard", hand_size=3, must_play_first_trick=True),
     [deal(HANDS, "0:3D 1:2S 2:- 3:- 0:- 1:4C 2:-")], {"complete": False}, []),
    # 004 optional rule: no going out by leading a single 2
    ("004: forbidden finish", small("hk-standard", hand_size=3, no_single_two_finish_on_lead=True),
     [deal(HANDS, "0:3D 1:5H 2:- 3:- 0:- 1:4C 2:- 3:- 0:- 1:2S")], {}, [(RuleCode.FORBIDDEN_FINISH, 0, 9)]),
    ("000: the same finish is fine by default", HK3,
     [deal(HANDS, "0:3D 1:5H 2:- 3:- 0:- 1:4C 2:- 3:- 0:- 1:2S")], {}, []),
    # deal-level problems
    ("hands for 3 seats at a 4-seat table", HK3, [deal(HANDS[:3], "")], {}, [(RuleCode.PLAYER_COUNT, 0, None)]),
    ("a hand of the wrong size", HK3, [deal(["3D 9C KS QS", *HANDS[1:]], "")], {}, [(RuleCode.HAND_SIZE, 0, None)]),
    ("a card dealt twice", HK3, [deal(["3D 9C KS", "4C 5H 2S", "6D 6S JH", "7C 8H KS"], "")], {},
     [(RuleCode.DUPLICATE_CARD, 0, None)]),
    ("hand size before dealt twice", HK3, [deal(["3D 9C KS KS", *HANDS[1:]], "")], {},
     [(RuleCode.HAND_SIZE, 0, None), (RuleCode.DUPLICATE_CARD, 0, None)]),
]


@pytest.mark.parametrize(("name", "profile", "deals", "options", "expected"), CASES, ids=[c[0] for c in CASES])
def test_replay_table(name: str, profile: Any, deals: list[dict[str, Any]], options: dict[str, Any],
                      expected: list[tuple[str, int | None, int | None]]) -> None:
    rep = report(record(profile, *deals), **options)
    assert codes(rep) == expected
    assert rep["valid"] is (not expected)


def test_error_fields_point_at_the_move() -> None:
    rep = report(record(HK3, deal(HANDS, "0:3D 1:4C 2:JH 3:AD 0:KS")))
    (error,) = rep["errors"]
    assert error == {
        "code": RuleCode.DOES_NOT_BEAT, "deal": 0, "move": 4, "seat": 0, "pointer": "/deals/0/moves/4",
        "params": {"played": ["KS"], "table": ["AD"], "played_kind": "single", "table_kind": "single",
                   "played_top": "KS", "table_top": "AD"},
        "message": "Single K♠ does not beat single A♦",
    }
    (d,) = rep["deals"]
    assert d["status"] == "invalid" and d["moves_checked"] == 4 and d["cards_left"] == [2, 2, 2, 2]
    assert d["winner"] is None and d["scores"] is None


def test_complete_deal_report() -> None:
    rep = report(record(HK3, deal(HANDS, WIN1), players=["Ana", "Ben", "Cai", "Dee"]))
    (d,) = rep["deals"]
    assert d["status"] == "complete" and d["leader"] == 0 and d["winner"] == 1
    assert d["cards_left"] == [2, 0, 2, 2] and d["penalties"] == [2, 0, 2, 2] and d["scores"] == [-2, 6, -2, -2]
    assert rep["totals"] == [-2, 6, -2, -2]
    assert rep["match"] == {"over": False, "winners": []}


def test_wrong_turn_names_the_expected_seat() -> None:
    rep = report(record(PUSOY3, deal(P_HANDS, "0:3C 1:4C")))
    assert rep["errors"][0]["params"] == {"expected": 3}
    assert rep["errors"][0]["message"] == "It is seat 3's turn, not seat 1's"


def test_player_names_must_match_the_table() -> None:
    rep = report(record(HK3, deal(HANDS, WIN1), players=["Ana", "Ben"]))
    assert codes(rep) == [(RuleCode.PLAYER_COUNT, None, None)]
    assert rep["errors"][0]["pointer"] == "/players"
    assert rep["deals"][0]["status"] == "complete"  # names do not stop the replay


# --- several deals: who leads later deals, independence, match limits ----------------------
HANDS_B = ["4C 5H 2S", "3D 9C KS", "6D 6S JH", "7C 8H AD"]  # seat 1 holds 3D now
WIN1_B = "1:3D 2:6D 3:7C 0:2S 1:- 2:- 3:- 0:4C 1:- 2:- 3:- 0:5H"  # seat 0 goes out at move 11


def test_previous_winner_leads_freely() -> None:
    """000/004: the winner of the previous deal opens the next one with any combination."""
    rep = report(record(HK3, deal(HANDS, WIN1), deal(HANDS_B, "1:9C 2:JH")), complete=False)
    assert rep["valid"] and rep["deals"][1]["leader"] == 1
    rep = report(record(HK3, deal(HANDS, WIN1), deal(HANDS_B, "0:4C")), complete=False)
    assert codes(rep) == [(RuleCode.WRONG_TURN, 1, 0)]
    assert rep["errors"][0]["params"] == {"expected": 1}


def test_lowest_card_rule_again_in_later_deals() -> None:
    """001 switch "Wer beginnt": the lowest card opens every deal."""
    rep = report(record(WEB3, deal(HANDS, WIN1), deal(HANDS_B, "1:9C")), complete=False)
    assert codes(rep) == [(RuleCode.OPENING_CARD, 1, 0)]
    rep = report(record(WEB3, deal(HANDS, WIN1), deal(HANDS_B, WIN1_B)))
    assert rep["valid"] and [d["winner"] for d in rep["deals"]] == [1, 0]
    assert rep["totals"] == [6 - 2, 6 - 2, -4, -4]


def test_deal_after_an_invalid_one() -> None:
    """RECORDS: later deals are still checked under lowest_card, not_checked under previous_winner."""
    bad = deal(HANDS, "0:9C")
    rep = report(record(WEB3, bad, deal(HANDS_B, WIN1_B)))
    assert [d["status"] for d in rep["deals"]] == ["invalid", "complete"]
    rep = report(record(HK3, bad, deal(HANDS_B, WIN1_B)))
    assert [d["status"] for d in rep["deals"]] == ["invalid", "not_checked"]
    assert codes(rep) == [(RuleCode.OPENING_CARD, 0, 0)]


@pytest.mark.parametrize(
    ("match", "deals_kept", "over", "winners"),
    [
        ({"max_deals": 1, "target": None}, 1, True, [1]),
        ({"max_deals": None, "target": 6}, 1, True, [1]),
        ({"max_deals": None, "target": 7}, 2, False, []),
        ({"max_deals": 2, "target": None}, 2, True, [0, 1]),
    ],
)
def test_match_limits(match: dict[str, Any], deals_kept: int, over: bool, winners: list[int]) -> None:
    """000: a session to a points target or a fixed number of deals; 004: 5, 10 or 20 rounds."""
    rep = report(record(small("big-two-web", hand_size=3, direction="clockwise", match=match),
                        deal(HANDS, WIN1), deal(HANDS_B, WIN1_B)))
    extra = [(RuleCode.MATCH_OVER, 1, None)] if deals_kept == 1 else []
    assert codes(rep) == extra
    assert rep["match"] == {"over": over, "winners": winners}
    assert sum(d["status"] == "complete" for d in rep["deals"]) == deals_kept


def test_penalty_only_target_counts_accumulated_penalties() -> None:
    """002: losers collect minus points; the match ends when one reaches the target."""
    prof = small("casual", hand_size=3, match={"max_deals": None, "target": 4})
    rep = report(record(prof, deal(HANDS, WIN1), deal(HANDS_B, WIN1_B), deal(HANDS, WIN1)))
    assert rep["deals"][0]["scores"] == [-2, 0, -2, -2]
    assert rep["totals"] == [-2, -2, -4, -4]
    assert rep["match"]["over"] and rep["match"]["winners"] == [0, 1]
    assert codes(rep) == [(RuleCode.MATCH_OVER, 2, None)]


@pytest.mark.parametrize(
    ("declared", "expected"),
    [
        ({"winner": 1, "scores": [-2, 6, -2, -2]}, []),
        ({"winner": 2}, [(RuleCode.DECLARED_MISMATCH, "/deals/0/declared/winner")]),
        ({"scores": [-2, 5, -2, -2]}, [(RuleCode.DECLARED_MISMATCH, "/deals/0/declared/scores/1")]),
        ({"scores": [-2, 6, -2]}, [(RuleCode.DECLARED_MISMATCH, "/deals/0/declared/scores")]),
    ],
)
def test_declared_results(declared: dict[str, Any], expected: list[tuple[str, str]]) -> None:
    rep = report(record(HK3, deal(HANDS, WIN1, declared=declared)))
    assert [(e["code"], e["pointer"]) for e in rep["errors"]] == expected


def test_declared_score_message() -> None:
    rep = report(record(HK3, deal(HANDS, WIN1, declared={"scores": [-5, 6, -2, -2]})))
    assert rep["errors"][0]["message"] == "Declared score for seat 0 is -5; the rules give -2"


def test_five_hands_at_a_four_seat_table_is_a_rule_error() -> None:
    rep = report(record(HK3, deal([*HANDS, "TC TD TH"], "")))
    assert codes(rep) == [(RuleCode.PLAYER_COUNT, 0, None)]
    assert rep["errors"][0]["params"] == {"expected": 4, "actual": 5}
