"""Hand-worked replays with several decks and jokers (RULES.md v4 readings 1, 6, 7, 8): the
checks in RECORDS.md's order, copies counted against the decks and the seat, jokers named,
and the lowest card with copies."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo.rules import cards
from bigtwo.rules.combos import Combo
from tests.core.helpers import report

TWO_DECKS = {"extends": "hk-standard", "decks": 2, "jokers": 1, "hand_size": 3}
HANDS = ["3D 3D 9H", "4D 9H JK", "5D 6D 7D", "8D TD JD"]


def _play(seat: int, *cards: str) -> dict[str, Any]:
    return {"seat": seat, "play": list(cards)} if cards else {"seat": seat, "pass": True}


def _report(moves: list[dict[str, Any]], hands: list[str] = HANDS,
            profile: dict[str, Any] = TWO_DECKS) -> dict[str, Any]:
    return report({"profile": profile, "deals": [{"hands": [h.split() for h in hands], "moves": moves}]},
                  complete=False)


OPEN = [_play(0, "3D", "3D")]

# (moves, the first error as (code, move, params) or None, each seat's cards left)
CASES = {
    "pair_of_copies_and_a_stand_in": (
        [*OPEN, _play(1, "9H", "JK=9S"), _play(2), _play(3), _play(0), _play(1, "4D")],
        None, [1, 0, 3, 3]),
    "copies_over_the_decks": (
        [_play(0, "3D", "3D", "3D")], ("DUPLICATE_CARD", 0, {"card": "3D", "count": 3, "held": 2}),
        [3, 3, 3, 3]),
    # DUPLICATE_CARD comes before the turn.
    "over_the_decks_out_of_turn": (
        [_play(2, "5D", "5D", "5D")], ("DUPLICATE_CARD", 0, {"card": "5D", "count": 3, "held": 2}),
        [3, 3, 3, 3]),
    "copy_not_held": (
        [*OPEN, _play(1, "9H", "9H")],
        ("CARD_NOT_HELD", 1, {"cards": ["9H"], "held": 1, "count": 2}), [1, 3, 3, 3]),
    "joker_not_held": (
        [*OPEN, _play(1, "JK=2S", "JK=2S")],
        ("CARD_NOT_HELD", 1, {"cards": ["JK"], "held": 1, "count": 2}), [1, 3, 3, 3]),
    "no_joker": (
        [*OPEN, _play(1), _play(2, "JK=2S", "JK=2H")],
        ("CARD_NOT_HELD", 2, {"cards": ["JK"], "held": 0, "count": 2}), [1, 3, 3, 3]),
    # A bare joker is refused after CARD_NOT_HELD, before the combination.
    "bare_joker": (
        [*OPEN, _play(1, "9H", "JK")], ("JOKER_STAND_IN", 1, {"card": "JK"}), [1, 3, 3, 3]),
    "joker_named_joker": (
        [*OPEN, _play(1, "9H", "JK=JK")], ("JOKER_STAND_IN", 1, {"card": "JK"}), [1, 3, 3, 3]),
    # A stand-in is judged as the card it names: 9♥ with a joker named 8♠ is no pair.
    "stand_in_judged_as_its_card": (
        [*OPEN, _play(1, "9H", "JK=8S")],
        ("NOT_A_COMBINATION", 1, {"played": ["9H", "JK=8S"], "reason": "shape"}), [1, 3, 3, 3]),
    # The opening play needs a real copy of the lowest card.
    "joker_does_not_open": (
        [_play(0, "9H")], ("OPENING_CARD", 0, {"card": "3D"}), [3, 3, 3, 3]),
}


@pytest.mark.parametrize("case", CASES)
def test_copies_and_jokers(case: str) -> None:
    moves, error, left = CASES[case]
    rep = _report(moves)
    got = [(e["code"], e["move"], e["params"]) for e in rep["errors"]]
    assert got == ([] if error is None else [error])
    assert rep["deals"][0]["cards_left"] == left


def test_a_joker_named_the_lowest_card_does_not_open() -> None:
    hands = ["3D 4D JK", "3C 4C 5C", "5D 6D 7D", "8D TD JD"]
    rep = _report([_play(0, "JK=3D")], hands)
    assert [(e["code"], e["params"]) for e in rep["errors"]] == [("OPENING_CARD", {"card": "3D"})]


@pytest.mark.parametrize(("hands", "leader"), [
    # Two copies of 3♦: the lowest seat number holding one leads.
    (["5D 6D 7D", "3D 9H 9H", "3D 4D JK", "8D TD JD"], 1),
    # Jokers are never the lowest card.
    (["JK 9C 9S", "4D 5D 6D", "3C 4C JK", "8D TD JD"], 2),
])
def test_the_lowest_card_with_copies(hands: list[str], leader: int) -> None:
    rep = _report([], hands)
    assert rep["deals"][0]["leader"] == leader


@pytest.mark.parametrize(("hands", "error"), [
    (["3D 3D 3D", "4D 9H JK", "5D 6D 7D", "8D TD JD"], ("DUPLICATE_CARD", 0, {"card": "3D", "count": 3, "held": 2})),
    (["3D JK JK", "4D 9H JK", "5D 6D 7D", "8D TD JD"], ("DUPLICATE_CARD", 1, {"card": "JK", "count": 3, "held": 2})),
])
def test_dealt_over_the_decks(hands: list[str], error: tuple[str, int, dict[str, Any]]) -> None:
    rep = _report([], hands)
    assert [(e["code"], e["seat"], e["params"]) for e in rep["errors"]] == [error]
    assert rep["deals"][0]["status"] == "not_checked"


@pytest.mark.parametrize("text", ["JK", "JK=4D", "🃏"])
def test_no_joker_under_jokers_0(text: str) -> None:
    from bigtwo.records.pipeline import check_record

    doc = {"profile": {"extends": "hk-standard", "hand_size": 3},
           "deals": [{"hands": [["3D", "4D", text], ["4C", "5C", "6C"], ["5D", "6D", "7D"], ["8D", "TD", "JD"]],
                      "moves": []}]}
    checked = check_record(doc)
    assert checked.report is None
    assert [(p.pointer, p.code) for p in checked.problems] == [("/deals/0/hands/0/2", "not_a_card")]


@pytest.mark.parametrize(("text", "problem"), [
    ("JK=1X", "/deals/0/moves/1/play/1"),  # an unreadable stand-in is an unreadable card
])
def test_unreadable_stand_in(text: str, problem: str) -> None:
    from bigtwo.records.pipeline import check_record

    doc = {"profile": TWO_DECKS, "deals": [{"hands": [h.split() for h in HANDS],
                                            "moves": [*OPEN, _play(1, "9H", text)]}]}
    checked = check_record(doc)
    assert [p.pointer for p in checked.problems] == [problem]


def test_a_stand_in_is_no_card_of_a_hand() -> None:
    from bigtwo.records.pipeline import check_record

    doc = {"profile": TWO_DECKS, "deals": [{"hands": [["3D", "3D", "JK=9H"], *[h.split() for h in HANDS[1:]]],
                                            "moves": []}]}
    checked = check_record(doc)
    assert [p.pointer for p in checked.problems] == ["/deals/0/hands/0/2"]


# --- the last-card guard with a joker in hand (reading 7) --------------------------------------
def _guarded(hand: list[int]) -> Any:
    from bigtwo.rules.multiset.table import MultisetTable
    from bigtwo.rules.profiles import DEFAULT_RESOLVER

    profile, problems = DEFAULT_RESOLVER.resolve(
        {"extends": "hk-standard", "decks": 2, "jokers": 2, "players": 2, "hand_size": 3,
         "last_card_guard": "highest_single"})
    assert profile is not None, problems
    table = MultisetTable(profile, [hand, [cards.parse_card(c) for c in ("4D", "5D", "6D")]],
                          0, None)
    table.counts[1] = 1  # the next seat holds one card: the guard is on
    return table


def _ids(*texts: str) -> list[int]:
    found = [cards.parse_joker(t) if t.upper().startswith("JK") else cards.parse_card(t)
             for t in texts]
    assert None not in found
    return found  # type: ignore[return-value]


@pytest.mark.parametrize(("hand", "play", "code"), [
    # With a joker in hand the highest single is the top card in force, 2♠ under D C H S: the
    # joker named so, or a real 2♠, is played; a real K♠ is not the highest.
    (("JK", "KS", "3D"), ("KS",), "MUST_PLAY_HIGHEST"),
    (("JK", "KS", "3D"), ("JK=2S",), None),
    (("JK", "2S", "3D"), ("2S",), None),
    # Jokers alone: the highest single is the joker named 2♠ (a hand of no real card).
    (("JK", "JK"), ("JK=2S",), None),
    (("JK", "JK"), ("JK=AS",), "MUST_PLAY_HIGHEST"),
    # No joker: the highest real card, any copy of it.
    (("KS", "KS", "3D"), ("KS",), None),
])
def test_the_guard_counts_a_joker_as_the_top_card(hand: tuple[str, ...], play: tuple[str, ...],
                                                  code: str | None) -> None:
    verdict = _guarded(_ids(*hand)).check(0, _ids(*play))
    assert (None if isinstance(verdict, Combo) else verdict[0]) == code, verdict
    if code == "MUST_PLAY_HIGHEST":
        assert verdict[1]["highest"] == "2S"
