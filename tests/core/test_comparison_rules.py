"""Rules v3, comparison: `flush_compare: top_card`, `straight_flush_compare`, `straight_key` and
`revolution: ranks_and_suits`. Each row cites where the rule is played (RULES.md "v3" names the
engines and rule books); the spec's figure is a row of its own: under D<C<H<S with
`suit_first`, a ♣6-10 straight flush beats ♦10-A.
"""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo.reports.messages import render
from bigtwo.rules import cards
from bigtwo.rules.codes import RuleCode
from bigtwo.rules.combos import Classifier, Combo, classifier_for
from bigtwo.rules.profiles import DEFAULT_RESOLVER, PRESETS, Profile, stored_id

ALL_RUNS_WITH_TWOS = ["23456", "34567", "45678", "56789", "6789T", "789TJ", "89TJQ", "9TJQK",
                      "TJQKA", "A2345"]


def profile(**fields: Any) -> Profile:
    found, problems = DEFAULT_RESOLVER.resolve({"extends": "hk-standard", **fields})
    assert found is not None, problems
    return found


def combo(classifier: Classifier, text: str) -> Combo:
    played = [cards.NOTATION[t] for t in text.split()]
    found = classifier.classify(played, cards.mask_of(played))
    assert isinstance(found, Combo), (text, found)
    return found


def beats(fields: dict[str, Any], play: str, table: str, *, revolution: bool = False) -> bool:
    classifier = classifier_for(profile(**fields), revolution)
    return classifier.beats(combo(classifier, play), combo(classifier, table)) is None


# --- flush_compare: top_card ----------------------------------------------------------------
@pytest.mark.parametrize(("play", "table", "expected", "source"), [
    ("3H 5H 7H 9H KH", "4S 6S 8S TS QS", True, "jmanchuck/bigtwo-rl: the K tops the Q"),
    ("3D 4D 5D 6D AD", "9S TS JS QS KS", True, "sartig/python-big-two-rl: the highest card alone"),
    ("3D 4D 5D 6D AD", "9S TS JS QS AS", False, "equal top rank: the suit of the top card (♠ > ♦)"),
    ("9S TS JS QS AS", "3D 4D 5D 6D AD", True, "benbrunton/pusoy-dos: A♠ over A♦"),
    ("3C 4C 5C 6C 8C", "3D 4D 5D 6D 9D", False, "lower cards below the top do not matter"),
])
def test_flush_by_its_top_card(play: str, table: str, expected: bool, source: str) -> None:
    assert beats({"flush_compare": "top_card", "straights": ["TJQKA"]}, play, table) is expected


def test_a_top_card_flush_names_the_top_card() -> None:
    p = profile(flush_compare="top_card")
    classifier = classifier_for(p)
    play, table = combo(classifier, "3D 4D 5D 6D AD"), combo(classifier, "9S TS JS QS AS")
    params = classifier.versus(play, table)
    text = render({"code": RuleCode.DOES_NOT_BEAT, "params": params, "deal": 0, "move": 3,
                   "seat": 1}, "en")
    assert text == "Flush A♦ does not beat flush A♠"


# --- straight_flush_compare ------------------------------------------------------------------
@pytest.mark.parametrize(("order", "play", "table", "expected", "source"), [
    (["D", "C", "H", "S"], "6C 7C 8C 9C TC", "TD JD QD KD AD", True,
     "RULES.md v3 figure / Wal8800, zeshuaro: under D<C<H<S a ♣6-10 beats ♦10-A"),
    (["D", "C", "H", "S"], "TD JD QD KD AD", "6C 7C 8C 9C TC", False, "the reverse of the figure"),
    (["D", "C", "H", "S"], "7C 8C 9C TC JC", "6C 7C 8C 9C TC", True, "one suit: by position"),
    (["C", "S", "H", "D"], "3D 4D 5D 6D 7D", "TH JH QH KH AH", True, "Pusoy's suit order: ♦ highest"),
])
def test_straight_flushes_suit_first(order: list[str], play: str, table: str, expected: bool,
                                     source: str) -> None:
    fields = {"suit_order": order, "straight_flush_compare": "suit_first"}
    assert beats(fields, play, table) is expected


def test_as_straights_keeps_v2() -> None:
    assert not beats({}, "6C 7C 8C 9C TC", "TD JD QD KD AD")
    assert profile(straight_flush_compare="as_straights").hash == PRESETS["hk-standard"].hash


def test_a_suit_first_straight_flush_message_names_the_suits() -> None:
    classifier = classifier_for(profile(straight_flush_compare="suit_first"))
    play, table = combo(classifier, "TD JD QD KD AD"), combo(classifier, "6C 7C 8C 9C TC")
    text = render({"code": RuleCode.DOES_NOT_BEAT, "params": classifier.versus(play, table),
                   "deal": 0, "move": 1, "seat": 0}, "en")
    assert text == "Straight flush ♦ 10-J-Q-K-A does not beat straight flush ♣ 6-7-8-9-10"


# --- straight_key ----------------------------------------------------------------------------
@pytest.mark.parametrize(("key", "text", "top", "source"), [
    ("highest_rank", "AS 2D 3C 4C 5C", "2D", "v2: the 2 is A2345's key card"),
    ("top_of_run", "AS 2D 3C 4C 5C", "5C", "mainland/Western books: the run's own top card, the 5"),
    ("top_of_run", "2S 3D 4C 5C 6H", "6H", "23456 is keyed by its 6"),
    ("top_of_run", "JS QD KC AC 2H", "2H", "reading 6: JQKA2's own top card is the 2"),
    ("top_of_run", "3S 4D 5C 6C 7H", "7H", "an ordinary run: the same card either way"),
])
def test_the_key_card(key: str, text: str, top: str, source: str) -> None:
    classifier = classifier_for(profile(straight_key=key, straights=ALL_RUNS_WITH_TWOS + ["JQKA2"]))
    assert cards.name(combo(classifier, text).top) == top


@pytest.mark.parametrize(("key", "play", "table", "expected", "source"), [
    # Two A2345 straights: highest_rank compares the 2s' suits, top_of_run the 5s' suits.
    ("highest_rank", "AC 2S 3D 4D 5D", "AD 2H 3C 4C 5S", True, "v2: 2♠ over 2♥"),
    ("top_of_run", "AC 2S 3D 4D 5D", "AD 2H 3C 4C 5S", False, "top of run: 5♦ under 5♠"),
    ("top_of_run", "AD 2H 3C 4C 5S", "AC 2S 3D 4D 5D", True, "top of run: 5♠ over 5♦"),
])
def test_equal_runs_tie_on_the_key_cards_suit(key: str, play: str, table: str, expected: bool,
                                              source: str) -> None:
    assert beats({"straight_key": key, "straights": ALL_RUNS_WITH_TWOS}, play, table) is expected


def test_top_of_run_ignores_the_revolution() -> None:
    """Reading 6: the key card is chosen in the normal order even during a revolution."""
    classifier = classifier_for(profile(straight_key="top_of_run", revolution="ranks",
                                        straights=ALL_RUNS_WITH_TWOS), True)
    assert cards.name(combo(classifier, "AS 2D 3C 4C 5C").top) == "5C"


# --- revolution: ranks_and_suits -------------------------------------------------------------
@pytest.mark.parametrize(("revolution", "play", "table", "expected", "source"), [
    ("ranks_and_suits", "9D", "9S", True, "benbrunton/pusoy-dos: after it ♦ is the highest suit"),
    ("ranks", "9D", "9S", False, "v2: ranks only, ♠ stays highest"),
    ("ranks_and_suits", "3C", "2S", True, "ranks reversed as under `ranks`: 3 highest"),
    ("ranks_and_suits", "4D 4C", "4H 4S", True, "a pair: the higher suit in it, reversed"),
])
def test_suits_reverse_with_ranks(revolution: str, play: str, table: str, expected: bool,
                                  source: str) -> None:
    assert beats({"revolution": revolution}, play, table, revolution=True) is expected


def test_before_the_revolution_suits_are_as_declared() -> None:
    assert not beats({"revolution": "ranks_and_suits"}, "9D", "9S")


def test_the_message_says_ranks_and_suits_are_reversed() -> None:
    classifier = classifier_for(profile(revolution="ranks_and_suits"), True)
    play, table = combo(classifier, "9S"), combo(classifier, "9D")
    text = render({"code": RuleCode.DOES_NOT_BEAT, "params": classifier.versus(play, table),
                   "deal": 0, "move": 1, "seat": 0}, "de")
    assert text.endswith("(Revolution: Ränge und Farben sind umgekehrt, die 2 ist am niedrigsten)")


def test_a_quad_under_ranks_and_suits_starts_it_in_a_replay() -> None:
    from bigtwo.records.pipeline import check_record

    hands = [["3D", "9C", "9D", "9H", "9S", "5D", "KD"], ["4C", "6D", "7D", "8D", "QS", "AS", "KS"],
             ["3C", "3H", "3S", "4D", "4H", "4S", "5C"], ["5H", "5S", "6C", "6H", "6S", "7C", "7H"]]
    doc = {"profile": {"extends": "hk-standard", "hand_size": 7, "revolution": "ranks_and_suits",
                       "opening": {"first_deal": "lowest_card", "later_deals": "lowest_card"}},
           "deals": [{"hands": hands, "moves": [
               {"seat": 0, "play": ["3D", "9C", "9D", "9H", "9S"]},
               {"seat": 1, "pass": True}, {"seat": 2, "pass": True}, {"seat": 3, "pass": True},
               {"seat": 0, "play": ["KD"]},
               # After the revolution, K♦ is beaten by a lower rank: Q♠.
               {"seat": 1, "play": ["QS"]}]}]}
    report = check_record(doc, complete=False).report
    assert report is not None and report["valid"], report


# --- hashing and problems --------------------------------------------------------------------
@pytest.mark.parametrize(("field", "default"), [("straight_flush_compare", "as_straights"),
                                                ("straight_key", "highest_rank")])
def test_defaults_are_not_hashed(field: str, default: str) -> None:
    assert stored_id(profile(**{field: default}).hash) == stored_id(PRESETS["hk-standard"].hash)


@pytest.mark.parametrize(("fields", "pointer"), [
    ({"straight_flush_compare": "rank_first"}, "/profile/straight_flush_compare"),
    ({"straight_key": "lowest"}, "/profile/straight_key"),
    ({"flush_compare": "top"}, "/profile/flush_compare"),
    ({"revolution": "suits"}, "/profile/revolution"),
])
def test_bad_values_are_named(fields: dict[str, Any], pointer: str) -> None:
    found, problems = DEFAULT_RESOLVER.resolve({"extends": "hk-standard", **fields})
    assert found is None and [p.pointer for p in problems] == [pointer]
