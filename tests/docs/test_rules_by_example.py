"""docs/RULES.md "Every field by example" stays true: every profile field has an example there
(or under "Rules still being built"), and the examples' verdicts and figures are what the
engine says."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo.rules import cards, scoring
from bigtwo.rules.fields import FIELDS
from bigtwo.rules.profiles import DEFAULT_RESOLVER, PRESETS, Profile
from tests.core.helpers import codes, deal, record, report
from tests.core.test_peers import RULES_DOC, verdict


@pytest.mark.parametrize("field", [f.dotted for f in FIELDS])
def test_every_field_has_a_worked_example(field: str) -> None:
    assert f"- **`{field}`**" in RULES_DOC, f"docs/RULES.md has no worked example for {field}"


def profile(base: str = "hk-standard", **fields: Any) -> Profile:
    found, problems = DEFAULT_RESOLVER.resolve({"extends": base, **fields})
    assert found is not None, problems
    return found


RUNS = ["34567", "45678", "56789", "6789T", "789TJ", "89TJQ", "9TJQK", "TJQKA"]
CARDS: list[Any] = [
    ("triples", profile(triples=False), "5D 5H 5C", None, "COMBINATION_NOT_ALLOWED"),
    ("five_card_hands", profile(five_card_hands=False), "3D 4C 5H 6S 7D", None,
     "COMBINATION_NOT_ALLOWED"),
    ("straights", profile(), "2C 3D 4H 5S 6C", None, "COMBINATION_NOT_ALLOWED"),
    ("straights", PRESETS["big-two-web"], "AC 2D 3H 4S 5C", "TC JD QH KS AD", None),
    ("straights", profile(straights=[*RUNS, "JQKA2"]), "JC QD KH AS 2D", "TC JD QH KS AD", None),
    ("straights", profile(), "JC QD KH AS 2D", None, "NOT_A_COMBINATION"),
    ("straight_flushes", profile("pusoy-dos", straights=[*RUNS[1:], "34567"], straight_flushes=RUNS),
     "3C 4D 5H 6S 7C", "TC JD QH KS AH", None),
    ("straight_flushes", profile("pusoy-dos", straights=[*RUNS[1:], "34567"], straight_flushes=RUNS),
     "3S 4S 5S 6S 7S", "TH JH QH KH AH", "DOES_NOT_BEAT"),
    ("straight_flushes", profile("pusoy-dos", straights=[*RUNS[1:], "34567"]),
     "3S 4S 5S 6S 7S", "TH JH QH KH AH", None),
    ("flush_compare", profile(flush_compare="rank_first"), "3S 4S 5S 6S AS", "9D TD JD QD AD",
     "DOES_NOT_BEAT"),
    ("flush_compare", profile(flush_compare="suit_first"), "3S 4S 5S 6S AS", "9D TD JD QD AD", None),
    ("flush_compare", profile(flush_compare="top_card"), "3S 4S 5S 6S AS", "9D TD JD QD AD", None),
    ("flush_compare", profile(flush_compare="suit_first"), "3H 4H 5H 6H 8H", "8C TC JC QC KC", None),
    ("flush_compare", profile(flush_compare="rank_first"), "3H 4H 5H 6H 8H", "8C TC JC QC KC",
     "DOES_NOT_BEAT"),
    ("flush_compare", profile(flush_compare="top_card"), "3H 4H 5H 6H 8H", "8C TC JC QC KC",
     "DOES_NOT_BEAT"),
    ("straight_flush_compare", profile(), "6C 7C 8C 9C TC", "TD JD QD KD AD", "DOES_NOT_BEAT"),
    ("straight_flush_compare", profile(straight_flush_compare="suit_first"),
     "6C 7C 8C 9C TC", "TD JD QD KD AD", None),
    ("straight_key", profile(straights=["A2345", *RUNS]), "AC 2S 3D 4D 5D", "AD 2H 3C 4C 5S", None),
    ("straight_key", profile(straights=["A2345", *RUNS], straight_key="top_of_run"),
     "AD 2H 3C 4C 5S", "AC 2S 3D 4D 5D", None),
    ("five_card_order", profile(five_card_order=["straight", "full_house", "flush", "four_of_a_kind",
                                                 "straight_flush"]),
     "3H 5H 7H 9H JH", "4C 4D 4S 8H 8S", None),
    ("five_card_order", profile(), "3H 5H 7H 9H JH", "4C 4D 4S 8H 8S", "DOES_NOT_BEAT"),
    ("cross_category", PRESETS["pusoy-dos"], "3H 5H 7H 9H JH", "3C 4D 5H 6S 7C", "CATEGORY"),
    ("bombs", profile(), "5C 5D 5H 5S 3D", "2S", "CARD_COUNT"),
    ("bombs", profile(bombs="anything"), "5C 5D 5H 5S 3D", "2S", None),
    ("bombs", profile(bombs="anything"), "5C 5D 5H 5S 3D", "AC AD", None),
    ("bombs", profile(bombs="anything"), "6C 6D 6H 6S 3C", "5C 5D 5H 5S 3D", None),
    ("bombs", profile(bombs="anything"), "7H 8H 9H TH JH", "5C 5D 5H 5S 3D", None),
    ("bomb_hands", profile(bombs="anything", bomb_hands=["four_of_a_kind", "straight_flush"]),
     "4H 5H 6H 7H 8H", "AC AD", None),
    ("bomb_hands", profile(bombs="anything"), "4H 5H 6H 7H 8H", "AC AD", "CARD_COUNT"),
    ("suit_order", profile(suit_order=["C", "D", "H", "S"]), "7D", "7C", None),
    ("suit_order", PRESETS["pusoy-dos"], "7D", "7H", None),
]


@pytest.mark.parametrize(("field", "rules", "play", "table", "expected"), CARDS)
def test_an_example_on_cards(field: str, rules: Profile, play: str, table: str | None,
                             expected: str | None) -> None:
    assert verdict(rules, play, table) == expected, field


@pytest.mark.parametrize(("rules", "play", "table", "expected"), [
    (profile(revolution="ranks"), "3H", "2S", None),
    (profile(revolution="ranks_and_suits"), "9D", "9S", None),
    (profile(revolution="ranks"), "9D", "9S", "DOES_NOT_BEAT"),
])
def test_the_revolution_examples(rules: Profile, play: str, table: str, expected: str | None) -> None:
    assert verdict(rules, play, table, revolution=True) == expected


def mask(text: str) -> int:
    return cards.mask_of(cards.NOTATION[c] for c in text.split())


@pytest.mark.parametrize(("rules", "held", "expected"), [
    (PRESETS["hk-standard"], "3D 4D 5D 6D 7D 8D 9D", 7),
    (PRESETS["hk-standard"], "3D 4D 5D 6D 7D 8D 9D TD", 16),
    (PRESETS["hk-standard"], "3D 4D 5D 6D 7D 8D 9D TD JD QD", 30),
    (PRESETS["hk-standard"], "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 2D", 52),
    (PRESETS["western"], "3D 4D 5D 6D 7D 8D 9D TD JD", 9),
    (PRESETS["western"], "3D 4D 5D 6D 7D 8D 9D TD JD QD", 20),
    (PRESETS["western"], "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 2D", 39),
    (profile(scoring={"two_held_factor": 2}), "2H 3D 4D 5D 6D", 10),
    (profile(scoring={"two_held_factor": 2, "two_held_cards": ["2S"]}), "2H 3D 4D 5D 6D", 5),
    (profile(scoring={"two_held_factor": 2, "two_held_cards": ["2S"]}), "2S 3D 4D 5D 6D", 10),
    (PRESETS["pusoy-dos"], "2D 3D 4D 5D 6D", 6),
    (PRESETS["pusoy-dos"], "2C 2D 2H 2S 6D", 10),
    (profile(scoring={"two_held_factor": 2}), "2D 2C 5H", 6),
    (profile(scoring={"two_held_factor": 2, "two_held_mode": "per_two"}), "2D 2C 5H", 12),
    (profile(scoring={"card_values": {"3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
                                      "T": 10, "J": 10, "Q": 10, "K": 10, "A": 1, "2": 2}}),
     "KH QS 3D", 23),
    (profile(scoring={"held_hand_factor": {"hands": ["four_of_a_kind"], "factor": 2}}),
     "5C 5D 5H 5S 7D", 10),
])
def test_the_penalty_examples(rules: Profile, held: str, expected: int) -> None:
    assert scoring.penalty(rules, mask(held))[0] == expected


@pytest.mark.parametrize(("settlement", "scores"), [
    ("winner_takes_all", [10, -3, -5, -2]),
    ("penalty_only", [0, -3, -5, -2]),
    ("winner_only", [10, 0, 0, 0]),
    ("pairwise", [10, -2, -10, 2]),
])
def test_the_settlement_example(settlement: str, scores: list[int]) -> None:
    assert scoring.settle(profile(scoring={"settlement": settlement}), [0, 3, 5, 2], 0).scores == scores


def test_the_teams_example() -> None:
    settled = scoring.settle(profile(teams=[[0, 2], [1, 3]]), [0, 4, 6, 5], 0)
    assert settled.scores == [3, -3, 3, -3]


HANDS = ["3D 9C KS", "4C 5H 2S", "6D 6S JH", "7C 8H AD"]


@pytest.mark.parametrize(("fields", "moves", "expected"), [
    ({"direction": "counterclockwise"}, "0:3D 1:4C", [("WRONG_TURN", 0, 1)]),
    ({"direction": "counterclockwise"}, "0:3D 3:7C", []),
    ({}, "0:9C", [("OPENING_CARD", 0, 0)]),
    ({"must_play_first_trick": True}, "0:3D 1:-", [("MUST_PLAY", 0, 1)]),
    ({"passing": "locked_out"}, "0:3D 1:- 2:6D 3:7C 0:9C 1:4C", [("LOCKED_OUT", 0, 5)]),
    ({"passing": "rejoin"}, "0:3D 1:- 2:6D 3:7C 0:9C 1:2S", []),
])
def test_the_examples_on_a_deal(fields: dict[str, Any], moves: str, expected: list[Any]) -> None:
    rep = report(record({"extends": "hk-standard", "hand_size": 3, **fields}, deal(HANDS, moves)),
                 complete=False)
    assert codes(rep) == expected


def test_the_leftover_example() -> None:
    """Five players with 10 cards: under to_opener the holder of the lowest card gets 12."""
    hands = [["3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD"],
             ["3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC"],
             ["3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH"],
             ["3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS"],
             ["KC", "AC", "2C", "KH", "AH", "2H", "KS", "AS", "2S", "2D"]]
    five = {"extends": "hk-standard", "players": 5, "hand_size": 10}
    given = report(record({**five, "leftover": "to_opener"}, {"hands": hands, "moves": []}),
                   complete=False)
    assert codes(given) == []
    out = report(record({**five, "leftover": "undealt"}, {"hands": hands, "moves": []}), complete=False)
    assert [c for c, _, _ in codes(out)] == ["HAND_SIZE"]
