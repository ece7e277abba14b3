"""Records that misuse the v4 moves and cards: every one is an input problem at its pointer
(never a report read as something else, never an exception), in the caller's language."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo import limits
from bigtwo.records.pipeline import check_record

HANDS = [["3D", "9C", "KS"], ["4C", "5H", "2S"], ["6D", "6S", "JH"], ["7C", "8H", "AD"]]
PLAIN = {"extends": "hk-standard", "hand_size": 3}
V4 = {"extends": "hk-standard", "hand_size": 3, "jokers": 1, "timeouts": "pass",
      "last_card_call": "liable", "scoring": {"settlement": "pairwise"}}


def _doc(profile: dict[str, Any], moves: list[Any], hands: list[list[str]] = HANDS) -> dict[str, Any]:
    return {"profile": profile, "deals": [{"hands": hands, "moves": moves}]}


OPEN = {"seat": 0, "play": ["3D"]}

# (profile, moves, hands, (pointer, problem key) of each problem)
CASES: dict[str, tuple[dict[str, Any], list[Any], list[list[str]], list[tuple[str, str]]]] = {
    "joker_without_jokers": (PLAIN, [], [["3D", "9C", "JK"], *HANDS[1:]],
                             [("/deals/0/hands/0/2", "not_a_card")]),
    "stand_in_without_jokers": (PLAIN, [OPEN, {"seat": 1, "play": ["JK=5D"]}], HANDS,
                                [("/deals/0/moves/1/play/0", "not_a_card")]),
    "stand_in_in_a_hand": (V4, [], [["3D", "9C", "JK=9C"], *HANDS[1:]],
                           [("/deals/0/hands/0/2", "not_a_card")]),
    "unreadable_stand_in": (V4, [OPEN, {"seat": 1, "play": ["JK=1X"]}], HANDS,
                            [("/deals/0/moves/1/play/0", "not_a_card")]),
    "timeout_without_timeouts": (PLAIN, [OPEN, {"seat": 1, "timeout": True}], HANDS,
                                 [("/deals/0/moves/1/timeout", "no_timeouts")]),
    "timeout_not_true": (V4, [OPEN, {"seat": 1, "timeout": False}], HANDS,
                         [("/deals/0/moves/1/timeout", "pass_true")]),
    "timeout_and_pass": (V4, [OPEN, {"seat": 1, "timeout": True, "pass": True}], HANDS,
                         [("/deals/0/moves/1", "one_move_kind")]),
    "timeout_and_play": (V4, [OPEN, {"seat": 1, "timeout": True, "play": ["4C"]}], HANDS,
                         [("/deals/0/moves/1", "one_move_kind")]),
    "call_without_the_field": (PLAIN, [{"seat": 0, "play": ["3D"], "call": True}], HANDS,
                               [("/deals/0/moves/0/call", "no_calls")]),
    "call_on_a_pass": (V4, [OPEN, {"seat": 1, "pass": True, "call": True}], HANDS,
                       [("/deals/0/moves/1/call", "call_on_play")]),
    "call_on_a_timeout": (V4, [OPEN, {"seat": 1, "timeout": True, "call": True}], HANDS,
                          [("/deals/0/moves/1/call", "call_on_play")]),
    "call_not_true": (V4, [{"seat": 0, "play": ["3D"], "call": "yes"}], HANDS,
                      [("/deals/0/moves/0/call", "pass_true")]),
    "empty_play_is_no_timeout": (V4, [OPEN, {"seat": 1, "play": []}], HANDS,
                                 [("/deals/0/moves/1/play", "empty_play")]),
}


@pytest.mark.parametrize("case", CASES)
def test_misuse_is_an_input_problem_at_its_pointer(case: str) -> None:
    profile, moves, hands, expected = CASES[case]
    checked = check_record(_doc(profile, moves, hands))
    assert checked.report is None
    assert [(p.pointer, p.code) for p in checked.problems] == expected


@pytest.mark.parametrize("case", ["timeout_without_timeouts", "call_on_a_pass"])
def test_said_in_the_callers_language(case: str) -> None:
    profile, moves, hands, _ = CASES[case]
    english = check_record(_doc(profile, moves, hands)).problems[0].detail
    german = check_record(_doc(profile, moves, hands), lang="de").problems[0].detail
    assert german and german != english


def test_nine_players_is_a_profile_problem() -> None:
    checked = check_record(_doc({"extends": "hk-standard", "players": 9, "hand_size": 3}, [], HANDS))
    assert checked.report is None
    assert [p.pointer for p in checked.problems] == ["/profile/players"]


def test_copies_over_the_decks_are_a_rule_error_not_an_input_problem() -> None:
    # Readers never refuse copies: the replay rules on them (RECORDS.md v4).
    checked = check_record(_doc({**PLAIN, "decks": 2}, [], [["3D", "3D", "3D"], *HANDS[1:]]))
    assert checked.report is not None
    assert [e["code"] for e in checked.report["errors"]] == ["DUPLICATE_CARD"]


def test_a_hand_over_the_supply_is_refused_unread() -> None:
    big = ["3D"] * 217
    checked = check_record(_doc({"extends": "hk-standard", "players": 2, "decks": 4, "jokers": 2,
                                 "hand_size": 108}, [], [big, ["4D"]]))
    assert checked.report is None
    assert [(p.pointer, p.code) for p in checked.problems] == [("/deals/0/hands/0", "too_many_cards")]


def test_a_record_of_many_misused_moves_lists_a_bounded_number_of_problems(client: Any) -> None:
    # 30 deals of 999 timeouts under timeouts: none: one input problem each, were they all listed
    moves = [{"seat": 0, "timeout": True}] * 999
    deals = [{"hands": [["3D"], ["4D"], ["5D"], ["6D"]], "moves": moves} for _ in range(30)]
    answer = client.post("/v1/validate", json={"profile": "hk-standard", "deals": deals})
    assert answer.status_code == 422
    assert len(answer.json["errors"]) == limits.MAX_RECORD_PROBLEMS
    assert answer.json["errors"][0]["pointer"] == "/deals/0/moves/0/timeout"
