"""Hand-worked v4 cases, each citing the reading of docs/RULES.md ("v4 readings") that decides
it: the oracle and the engine must both give the ruling written in the row."""

from __future__ import annotations

from typing import Any

import pytest

from tests.core.helpers import deal
from tests.reference import engine
from tests.reference.referee import referee

TWO = {"extends": "hk-standard", "players": 2}


def p(**more: Any) -> dict[str, Any]:
    return {**TWO, **more}


# (reading, profile, deal, status, first error, winner, scores)
CASES: list[Any] = [
    ("1: copies in one play", p(decks=2, hand_size=3), deal(["3D 9H 9H", "4C 5C 6C"], "0:3D 1:- 0:9H+9H"),
     "complete", None, 0, [3, -3]),
    ("1: a card named beyond the decks", p(decks=2, hand_size=3),
     deal(["3D 9H 9H", "4C 5C 6C"], "0:3D 1:- 0:9H+9H+9H"), "invalid", ("DUPLICATE_CARD", 2), None, None),
    ("1: a copy the seat does not hold", p(decks=2, hand_size=3),
     deal(["3D 9H 8H", "4C 5C 6C"], "0:3D 1:- 0:9H+9H"), "invalid", ("CARD_NOT_HELD", 2), None, None),
    ("1: a card dealt beyond the decks", p(decks=2, hand_size=3),
     deal(["3D 9H 9H", "9H 5C 6C"], "0:3D"), "not_checked", ("DUPLICATE_CARD", None), None, None),
    ("2: equal never beats", p(decks=2, hand_size=3), deal(["3D 9H 4D", "9H 5C 6C"], "0:3D 1:- 0:9H 1:9H"),
     "invalid", ("DOES_NOT_BEAT", 3), None, None),
    ("2: a full house by its triple's highest suit", p(decks=2, hand_size=7),
     deal(["3D 7D 7D 7C 4C 4C 8D", "7S 7H 7H 5C 5D 6D 8C"], "0:3D 1:- 0:7D+7D+7C+4C+4C 1:7S+7H+7H+5C+5D"),
     "incomplete", None, None, None),
    ("4: five cards of one suit and two kinds are the full house", p(decks=3, hand_size=6),
     deal(["3D 4C 5C 6C 7H 8C", "3H 3H 3H 5H 5H 9D"], "0:3D+4C+5C+6C+7H 1:3H+3H+3H+5H+5H"),
     "incomplete", None, None, None),
    ("5: a flush with repeated ranks", p(decks=3, hand_size=6),
     deal(["3D 4C 5C 6C 7H 8C", "3H 3H 3H 4H 5H 9D"], "0:3D+4C+5C+6C+7H 1:3H+3H+3H+4H+5H"),
     "incomplete", None, None, None),
    ("6: a bare joker in a play", p(jokers=1, hand_size=3), deal(["3D 4D JK", "5C 6C 7C"], "0:3D 1:5C 0:JK"),
     "invalid", ("JOKER_STAND_IN", 2), None, None),
    ("6: a joker the seat does not hold", p(jokers=1, hand_size=3), deal(["3D 4D 8D", "5C 6C JK"], "0:3D 1:5C 0:JK=6C"),
     "invalid", ("CARD_NOT_HELD", 2), None, None),
    ("7: a joker named 3♦ does not open", p(jokers=1, hand_size=3), deal(["3D 4D JK", "5C 6C 7C"], "0:JK=3D"),
     "invalid", ("OPENING_CARD", 0), None, None),
    ("7: a stand-in beside its real card", p(jokers=1, hand_size=3),
     deal(["3D 3S JK", "5C 6C 7C"], "0:3D+JK=3D 1:- 0:3S"), "complete", None, 0, [3, -3]),
    ("8: the lowest seat holding the lowest card leads", p(decks=2, hand_size=2), deal(["3D 9H", "3D 5C"], "1:3D"),
     "invalid", ("WRONG_TURN", 0), None, None),
    ("10: 2♠ ends the trick", p(unbeatable_ends_trick=True, hand_size=3), deal(["3D 2S 4C", "5C 6C 7C"], "0:3D 1:5C 0:2S 1:6C"),
     "invalid", ("WRONG_TURN", 3), None, None),
    ("10: its player leads again", p(unbeatable_ends_trick=True, hand_size=3), deal(["3D 2S 4C", "5C 6C 7C"], "0:3D 1:5C 0:2S 0:4C"),
     "complete", None, 0, [2, -2]),
    ("11: a timed-out lead hands it on", p(timeouts="pass", hand_size=2), deal(["3D 9H", "4C 5C"], "0:3D 1:- 0:timeout 1:4C"),
     "incomplete", None, None, None),
    ("11: the opening turn cannot time out", p(timeouts="pass", hand_size=2), deal(["3D 9H", "4C 5C"], "0:timeout"),
     "invalid", ("OPENING_CARD", 0), None, None),
    ("12: a winner who missed its call pays all", p(last_card_call="liable", hand_size=3,
                                                   scoring={"settlement": "pairwise"}),
     deal(["3D 3S 9H", "5C 6C 7C"], "0:3D+3S 1:- 0:9H"), "complete", None, 0, [-3, 3]),
    ("13: the sweep doubles", p(hand_size=3, scoring={"sweep_factor": 2}),
     deal(["3D 4D 5D", "5C 6C 7C"], "0:3D 1:- 0:4D 1:- 0:5D"), "complete", None, 0, [6, -6]),
    ("1 and 13: a score-sheet row with copies in its hands", p(decks=2, hand_size=4),
     {"hands": [["3D", "3S", "QC", "QC"], ["9C", "9H", "TD", "KD"]], "result": {"cards_left": [0, 4]}},
     "scored", None, 0, [4, -4]),
]


@pytest.mark.parametrize(("reading", "declaration", "case", "status", "error", "winner", "scores"),
                         CASES, ids=[c[0] for c in CASES])
def test_a_hand_worked_case(reading: str, declaration: dict[str, Any], case: dict[str, Any],
                            status: str, error: tuple[str, int | None] | None, winner: int | None,
                            scores: list[int] | None) -> None:
    record = {"profile": declaration, "deals": [case]}
    for ruling in (referee(declaration, record)[0], engine.rulings(record)[0]):
        assert (ruling.status, ruling.error, ruling.winner, ruling.scores) == (
            status, error, winner, scores), reading
