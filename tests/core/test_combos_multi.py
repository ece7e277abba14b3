"""Plays with copies and jokers (RULES v4): classifying and comparing effective cards, and the
legal-play listing of multiset hands, each table row citing its reading (and the peer the
contract quotes), then properties against a brute force and against the one-deck path.

A play's effective cards are its real cards and the cards its jokers name (``JK=2S`` is 2♠
here); how a seat names them is ``legal.play_ids``' business, checked below.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigtwo import limits
from bigtwo.rules import cards
from bigtwo.rules.cards import CATEGORIES, RUNS
from bigtwo.rules.codes import RuleCode
from bigtwo.rules.combos import Classifier, Combo, Violation, classifier_for
from bigtwo.rules.legal import (
    STAND_IN,
    all_combos,
    all_combos_multi,
    beating_sizes,
    can_beat_multi,
    lead_sizes,
)
from bigtwo.rules.play import starts_revolution
from bigtwo.rules.profiles import DEFAULT_RESOLVER, Profile

TWO_DECKS: dict[str, Any] = {"extends": "hk-standard", "decks": 2}
THREE_DECKS: dict[str, Any] = {"extends": "hk-standard", "decks": 3}
JOKERS: dict[str, Any] = {"extends": "hk-standard", "decks": 2, "jokers": 2}


def profile(declaration: dict[str, Any]) -> Profile:
    resolved, problems = DEFAULT_RESOLVER.resolve(declaration)
    assert resolved is not None, problems
    return resolved


def effective(text: str) -> list[int]:
    """Cards by name; ``JK=9H`` is the card it names."""
    return [cards.NOTATION[c.removeprefix("JK=")] for c in text.split()]


def classify(declaration: dict[str, Any], text: str) -> Combo | Violation:
    return classifier_for(profile(declaration)).classify_multi(effective(text))


def kind(declaration: dict[str, Any], text: str) -> str:
    found = classify(declaration, text)
    return found.kind if isinstance(found, Combo) else f"{found.code}:{found.reason}"


def beats(declaration: dict[str, Any], play: str, table: str) -> RuleCode | None:
    classifier = classifier_for(profile(declaration))
    a, b = classifier.classify_multi(effective(play)), classifier.classify_multi(effective(table))
    assert isinstance(a, Combo) and isinstance(b, Combo), (a, b)
    return classifier.beats(a, b)


def bag_of(text: str) -> list[int]:
    bag = [0] * 53
    for c in text.split():
        bag[52 if c == "JK" else cards.NOTATION[c]] += 1
    return bag


DNB = RuleCode.DOES_NOT_BEAT
PLACED = ["straight", "flush", "full_house", "five_of_a_kind", "four_of_a_kind", "straight_flush"]


@pytest.mark.parametrize(
    ("declaration", "play", "table", "expected", "why"),
    [
        # Reading 2: equal never beats; ties by the highest card (benbrunton "only the top card counts").
        (TWO_DECKS, "9H", "9H", DNB, "2: 9♥ on 9♥"),
        (TWO_DECKS, "8H 8S", "8D 8S", DNB, "2: the pairs 8♦ 8♠ and 8♥ 8♠ tie on 8♠"),
        (TWO_DECKS, "8S 8S", "8H 8S", DNB, "2: a pair by its highest card"),
        (TWO_DECKS, "8S 8D", "8H 8H", None, "2: 8♠ over 8♥"),
        (THREE_DECKS, "7S 7D 7C", "7S 7H 7H", DNB, "2: triples by their highest card"),
        (THREE_DECKS, "7S 7C 7C", "7H 7H 7H", None, "2: 7♠ over 7♥"),
        (TWO_DECKS, "KS KD KC 3D 3C", "KH KH KD AS AS", None, "2: full house by the triple's highest suit"),
        (TWO_DECKS, "KS KD KC 3D 3C", "KS KH KC AS AS", DNB, "2: equal triples tie whatever the pair"),
        (TWO_DECKS, "9S 9H 9D 9C 3D", "9H 9H 9D 9C AS", None, "2: four of a kind by the four's highest suit"),
        (TWO_DECKS, "9S 9H 9D 9C 3D", "9S 9S 9D 9C AS", DNB, "2: equal fours tie whatever the kicker"),
        (THREE_DECKS, "5S 5S 5H 5D 5C", "5S 5H 5H 5D 5C", DNB, "2: five of a kind by its highest suit"),
        (THREE_DECKS, "5S 5H 5H 5D 5C", "5H 5H 5H 5D 5C", None, "2: 5♠ over 5♥"),
        (TWO_DECKS, "3D 4D 5D 6D 7D", "3D 4D 5D 6D 7D", DNB, "2: equal straight flushes tie"),
        (TWO_DECKS, "3C 4D 5D 6D 7S", "3D 4H 5C 6S 7S", DNB, "2: equal runs, equal key suits"),
        # Reading 3: five of a kind, left out of five_card_order, above every category.
        (THREE_DECKS, "5C 5C 5D 5H 5S", "3D 4D 5D 6D 7D", None, "3: above the straight flush"),
        (THREE_DECKS, "3D 4D 5D 6D 7D", "5C 5C 5D 5H 5S", DNB, "3: nothing above it"),
        # Reading 3: placed in five_card_order, it ranks where the list puts it.
        ({**THREE_DECKS, "five_card_order": PLACED}, "2C 2D 2H 2S 8C", "5C 5C 5D 5H 5S", None,
         "3: placed below the four of a kind"),
        ({**THREE_DECKS, "five_card_order": PLACED}, "5C 5C 5D 5H 5S", "AS AD AC 3D 3C", None,
         "3: placed above the full house"),
        ({**THREE_DECKS, "five_card_order": PLACED, "cross_category": False}, "5C 5C 5D 5H 5S",
         "AS AD AC 3D 3C", RuleCode.CATEGORY, "3: a category of its own"),
        # Reading 4: five cards of two kinds are the higher (by default not the flush).
        (THREE_DECKS, "3H 3H 3H 5H 5H", "AS KS 9S 7S 3S", None, "4: a one-suit full house beats a flush"),
        # Reading 5: flushes with repeated ranks (benbrunton "a flush works with multiple decks").
        (THREE_DECKS, "AH AH 9H 7H 3H", "AD KD 5D 4D 3D", None, "5: rank_first, the second ace beats the king"),
        (THREE_DECKS, "AD KD 5D 4D 3D", "AH AH 9H 7H 3H", DNB, "5: rank_first"),
        ({**THREE_DECKS, "flush_compare": "top_card"}, "AH AH 9H 7H 3H", "AH KH 5H 4H 3H", DNB,
         "5: top_card, equal top cards tie"),
        ({**THREE_DECKS, "flush_compare": "top_card"}, "AS 3S 3S 4S 6S", "AH AH KH QH 9H", None,
         "5: top_card, A♠ over A♥"),
        ({**THREE_DECKS, "flush_compare": "suit_first"}, "3S 3S 4S 5S 7S", "AH AH KH QH 9H", None,
         "5: suit_first, spades over hearts"),
        ({**THREE_DECKS, "flush_compare": "suit_first"}, "3S 3S 4S 5S 7S", "3S 3S 4S 5S 7S", DNB,
         "5: suit_first, equal flushes tie"),
        # Reading 7: a stand-in is the card it names, for comparison too.
        (JOKERS, "2S JK=2S", "2H 2S", DNB, "7: 2♠ and JK=2S tie with 2♥ 2♠"),
        (JOKERS, "2S JK=2S", "2D 2H", None, "7: a pair of 2♠"),
        (JOKERS, "JK=2S", "2S", DNB, "7/10: an equal single follows but does not beat"),
        # Reading 17: four of a kind is any four cards of a rank.
        (TWO_DECKS, "9H 9H 9S 9C 4D", "8S 8H 8D 8C AS", None, "17: 9♥ 9♥ 9♠ 9♣ with a kicker"),
        # Reading 24: a bomb does not beat a higher five-card hand that is no bomb.
        ({**THREE_DECKS, "bombs": "anything"}, "2C 2D 2H 2S 8C", "5C 5C 5D 5H 5S", DNB,
         "24: a four of a kind under a five of a kind that is no bomb"),
        ({**THREE_DECKS, "bombs": "anything", "bomb_hands": ["five_of_a_kind"]}, "5C 5C 5D 5H 5S", "2S",
         None, "3: a five of a kind as a bomb on a single"),
        ({**THREE_DECKS, "bombs": "anything", "bomb_hands": ["five_of_a_kind"]}, "5C 5C 5D 5H 5S",
         "3D 4D 5D 6D 7D", None, "3/24: the five-of-a-kind bomb is above the straight flush"),
        ({**THREE_DECKS, "bombs": "anything", "bomb_hands": ["five_of_a_kind", "four_of_a_kind"]},
         "2C 2D 2H 2S 8C", "3C 3C 3D 3H 3S", DNB, "3: bombs by category, a four under a five"),
        ({**THREE_DECKS, "bombs": "anything"}, "5C 5C 5D 5H 5S", "2S", RuleCode.CARD_COUNT,
         "3: a five of a kind is a bomb only where bomb_hands names it"),
    ],
)
def test_comparisons_with_copies_and_jokers(declaration: dict[str, Any], play: str, table: str,
                                            expected: RuleCode | None, why: str) -> None:
    assert beats(declaration, play, table) == expected, why


@pytest.mark.parametrize(
    ("declaration", "play", "expected", "why"),
    [
        (TWO_DECKS, "9H 9H", "pair", "1: copies pair up"),
        (THREE_DECKS, "3H 3H 3H 5H 5H", "full_house", "4: one suit, the higher kind: full house"),
        ({**THREE_DECKS, "five_card_order": ["straight", "full_house", "flush", "four_of_a_kind",
                                             "straight_flush"]},
         "3H 3H 3H 5H 5H", "flush", "4: the flush where the order puts it higher"),
        (THREE_DECKS, "4H 4H 4H 4H 9H", "four_of_a_kind", "4: one suit, four of a kind"),
        (THREE_DECKS, "6H 6H 6H 6H 6H", "five_of_a_kind", "3/4: one suit, five of a kind"),
        (THREE_DECKS, "3H 4H 5H 6H 7H", "straight_flush", "4: a one-suit run stays a straight flush"),
        (THREE_DECKS, "3H 3H 3H 4H 5H", "flush", "5: repeated ranks of one suit"),
        (THREE_DECKS, "3H 3H 4H 4H 9H", "flush", "5: two pairs of one suit"),
        (THREE_DECKS, "3H 3H 4D 4H 9H", "NOT_A_COMBINATION:shape", "5: not one suit"),
        (THREE_DECKS, "5C 5C 5D 5H 5S", "five_of_a_kind", "3"),
        (TWO_DECKS, "9H 9H 9S 9C 4D", "four_of_a_kind", "17: any four cards of a rank"),
        ({**TWO_DECKS, "four_card_hands": ["four_of_a_kind"]}, "9H 9H 9S 9C", "four_of_a_kind",
         "17: and as four cards"),
        (TWO_DECKS, "9H 9H 9S 9C", "NOT_A_COMBINATION:four_cards", "17: four alone need a fifth"),
        (TWO_DECKS, "3D 3D 4H 5S 6C", "NOT_A_COMBINATION:shape", "a straight never holds two of a rank"),
        ({**TWO_DECKS, "dragon": True}, "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD JK=2S", "dragon",
         "18: a joker fills a rank"),
        ({**TWO_DECKS, "dragon": True}, "3D 3D 5D 6D 7D 8D 9D TD JD QD KD AD 2S",
         "NOT_A_COMBINATION:shape", "18: thirteen cards, one of each rank"),
    ],
)
def test_kinds_with_copies_and_jokers(declaration: dict[str, Any], play: str, expected: str,
                                      why: str) -> None:
    assert kind(declaration, play) == expected, why


@pytest.mark.parametrize("kind_", ["four_of_a_kind", "five_of_a_kind"])
@pytest.mark.parametrize(("repeats", "reversed_now", "expected"),
                         [("stays", False, True), ("stays", True, False), ("toggles", True, True)])
def test_reading_3_five_of_a_kind_turns_the_order_as_a_four_does(
        kind_: str, repeats: str, reversed_now: bool, expected: bool) -> None:
    """benbrunton reverses on ``FourOfAKind | FiveOfAKind``."""
    p = profile({**THREE_DECKS, "revolution": "ranks", "revolution_repeats": repeats})
    assert starts_revolution(p, kind_, reversed_now) is expected


def test_reading_2_keys_tie_exactly_for_equal_plays() -> None:
    """Equal plays have equal keys, so no comparison can tell them apart."""
    classifier = classifier_for(profile(JOKERS))
    for a, b in [("8D 8S", "8H 8S"), ("KS KD KC 3D 3C", "KS KH KC AS AS"), ("2S", "JK=2S")]:
        first, second = classifier.classify_multi(effective(a)), classifier.classify_multi(effective(b))
        assert isinstance(first, Combo) and isinstance(second, Combo)
        assert (first.kind, first.key) == (second.kind, second.key)


# --- the listing ------------------------------------------------------------------------------
def test_real_cards_before_jokers_and_each_combination_once() -> None:
    """A bag of 9♥ and a joker: the single 9♥ is the real card, every other single a joker
    naming it; the pairs are 9♥ with a joker naming any 9."""
    p = profile({**JOKERS, "decks": 1, "jokers": 1})
    listed = all_combos_multi(bag_of("9H JK"), classifier_for(p), frozenset({1, 2}))
    plays = [tuple(cards.name(c) if c < STAND_IN else "JK=" + cards.name(c - STAND_IN) for c in play)
             for _, play in listed]
    assert ("9H",) in plays and ("JK=9H",) not in plays
    assert len([p_ for p_ in plays if len(p_) == 1]) == 52
    # A play's ids follow its cards' ids, a stand-in where the bag runs out of the card.
    assert sorted(p_ for p_ in plays if len(p_) == 2) == sorted(
        [("JK=9C", "9H"), ("JK=9D", "9H"), ("9H", "JK=9H"), ("9H", "JK=9S")])


def test_joker_plays_stop_at_the_limit() -> None:
    p = profile({"extends": "hk-standard", "decks": 4, "jokers": 2, "players": 2, "hand_size": 20})
    bag = bag_of("3D 7H " + "JK " * 8)
    listed = all_combos_multi(bag, classifier_for(p))
    with_jokers = [play for _, play in listed if any(c >= STAND_IN for c in play)]
    assert len(with_jokers) == limits.MAX_JOKER_PLAYS
    assert {play for _, play in listed if all(c < STAND_IN for c in play)} == {
        (cards.NOTATION["3D"],), (cards.NOTATION["7H"],)}


@pytest.mark.parametrize(
    ("declaration", "hand", "table", "expected", "why"),
    [
        (JOKERS, "2D JK", "9S 9H", True, "19: 2♦ and a joker naming a 2 beat a pair of 9s"),
        (JOKERS, "2D 3C", "9S 9H", False, "19: no pair without the joker"),
        (JOKERS, "JK", "2H", True, "19: a lone joker names 2♠"),
        (JOKERS, "JK", "2S", False, "2/19: JK=2S only ties 2♠"),
        (TWO_DECKS, "2S 2S", "2S 2H", False, "2: an equal pair does not beat"),
        ({**JOKERS, "bombs": "anything"}, "4C 4D 4H JK 3D", "2S", True, "21: a bomb with a joker"),
        (JOKERS, "5C 5D 5H 5S JK", "3D 4D 5D 6D 7D", True, "3: five of a kind with a joker"),
    ],
)
def test_can_beat_counts_jokers_and_copies(declaration: dict[str, Any], hand: str, table: str,
                                           expected: bool, why: str) -> None:
    classifier = classifier_for(profile(declaration))
    on_table = classifier.classify_multi(effective(table))
    assert isinstance(on_table, Combo)
    assert can_beat_multi(bag_of(hand), classifier, on_table) is expected, why


# --- properties -------------------------------------------------------------------------------
@st.composite
def multiset_profiles(draw: st.DrawFn) -> Profile:
    declaration = {
        "extends": "hk-standard",
        "decks": draw(st.integers(1, 4)),
        "jokers": draw(st.integers(0, 2)),
        "suit_order": draw(st.permutations(["D", "C", "H", "S"])),
        "triples": draw(st.booleans()),
        "straights": draw(st.lists(st.sampled_from(RUNS), unique=True, max_size=13)),
        "flush_compare": draw(st.sampled_from(["rank_first", "suit_first", "top_card"])),
        "five_card_order": draw(st.one_of(st.permutations(list(CATEGORIES)),
                                          st.permutations([*CATEGORIES, "five_of_a_kind"]))),
        "cross_category": draw(st.booleans()),
        "bombs": draw(st.sampled_from(["none", "anything", "on_twos"])),
        "bomb_hands": draw(st.sampled_from([["four_of_a_kind"], ["straight_flush"], ["five_of_a_kind"],
                                            ["four_of_a_kind", "five_of_a_kind"]])),
        "four_card_hands": draw(st.sampled_from([[], ["four_of_a_kind"], ["two_pair", "four_of_a_kind"]])),
    }
    return profile(declaration)


def _random_bag(rng: random.Random, p: Profile, size: int, jokers: int) -> list[int]:
    # Few ranks, so that copies, pairs and flushes of repeated ranks turn up.
    ranks = rng.sample(range(13), rng.randint(2, 5))
    pool = [r * 4 + s for r in ranks for s in range(4) for _ in range(p.decks)]
    bag = [0] * 53
    for c in rng.sample(pool, min(size, len(pool))):
        bag[c] += 1
    bag[52] = min(jokers, p.joker_count)
    return bag


def brute_force(bag: list[int], classifier: Classifier, sizes: frozenset[int]) -> set[tuple[int, ...]]:
    """Every effective multiset of the allowed sizes: each sub-multiset of the real cards, with
    each way of adding up to the bag's jokers (at most one here) naming any card."""
    real = [c for c in range(52) for _ in range(bag[c])]
    found: set[tuple[int, ...]] = set()
    for size in sizes:
        for jokers in range(min(bag[52], size) + 1):
            for chosen in set(combinations(real, size - jokers)):
                for named in ([()] if jokers == 0 else [(c,) for c in range(52)]):
                    cards_ = tuple(sorted(chosen + named))
                    if isinstance(classifier.classify_multi(list(cards_)), Combo):
                        found.add(cards_)
    return found


def _effective(play: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(c - STAND_IN if c >= STAND_IN else c for c in play))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(p=multiset_profiles(), seed=st.integers(0, 2**32), size=st.integers(1, 8),
       jokers=st.integers(0, 1), revolution=st.booleans())
def test_the_listing_is_every_combination_once(p: Profile, seed: int, size: int, jokers: int,
                                               revolution: bool) -> None:
    """Against a brute force: the same effective combinations, each once, each classified as
    listed, each named from the most real cards the bag holds. Where the joker plays reach
    ``MAX_JOKER_PLAYS`` the listing is cut: then every real play is still listed."""
    classifier = classifier_for(p, revolution)
    bag = _random_bag(random.Random(seed), p, size, jokers)
    sizes = frozenset(s for s in lead_sizes(classifier) if s <= 5)
    listed = all_combos_multi(bag, classifier, sizes)
    seen = [_effective(play) for _, play in listed]
    assert len(seen) == len(set(seen))
    with_jokers = 0
    for combo, play in listed:
        assert classifier.classify_multi(list(_effective(play))) == combo
        reals = [c for c in play if c < STAND_IN]
        assert all(reals.count(c) <= bag[c] for c in reals)
        stand_ins = [c - STAND_IN for c in play if c >= STAND_IN]
        assert len(stand_ins) <= bag[52]
        # Real cards first: a joker names a card only once the bag's copies are all in the play.
        assert all(reals.count(c) == bag[c] for c in stand_ins)
        with_jokers += bool(stand_ins)
    expected = brute_force(bag, classifier, sizes)
    if with_jokers < limits.MAX_JOKER_PLAYS:
        assert set(seen) == expected
    else:
        real_only = {e for e in expected if all(bag[c] >= e.count(c) for c in e)}
        assert set(seen) <= expected and real_only <= set(seen)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(p=multiset_profiles(), seed=st.integers(0, 2**32), size=st.integers(1, 10),
       jokers=st.integers(0, 2), table_size=st.sampled_from([1, 2, 3, 5]), revolution=st.booleans())
def test_can_beat_agrees_with_the_listing(p: Profile, seed: int, size: int, jokers: int,
                                          table_size: int, revolution: bool) -> None:
    """``can_beat_multi`` is "some listed play beats the table". The listing against a table
    holds only plays that beat it, so a listing cut at ``MAX_JOKER_PLAYS`` still says yes."""
    rng = random.Random(seed)
    classifier = classifier_for(p, revolution)
    bag = _random_bag(rng, p, size, jokers)
    rank, other, suit = rng.randrange(13), rng.randrange(13), rng.randrange(4)
    if table_size < 5:
        shape = [rank * 4 + rng.randrange(4) for _ in range(table_size)]
    else:
        shape = rng.choice([
            [rank * 4 + rng.randrange(4) for _ in range(3)] + [other * 4 + rng.randrange(4)] * 2,
            [rng.randrange(13) * 4 + suit for _ in range(5)],
            [rank * 4 + s for s in range(4)] + [rng.randrange(52)],
            [r % 13 * 4 + rng.randrange(4) for r in range(rank, rank + 5)],
            [rank * 4 + rng.randrange(4) for _ in range(5)]])
    table = classifier.classify_multi(shape)
    if not isinstance(table, Combo):
        return  # a shape this profile does not allow
    listed = all_combos_multi(bag, classifier, beating_sizes(classifier, table), table)
    anything = any(classifier.beats(combo, table) is None for combo, _ in listed)
    assert all(classifier.beats(combo, table) is None for combo, _ in listed)
    assert can_beat_multi(bag, classifier, table) is anything


@settings(max_examples=200, deadline=None)
@given(p=multiset_profiles(), seed=st.integers(0, 2**32), size=st.sampled_from([1, 2, 3, 4, 5, 5, 5, 13]),
       revolution=st.booleans())
def test_one_deck_plays_classify_as_the_bitmask_path(p: Profile, seed: int, size: int,
                                                     revolution: bool) -> None:
    """On distinct cards (one deck, no jokers) both paths give the same Combo or Violation."""
    rng = random.Random(seed)
    play = rng.sample(range(52), size) if size != 5 or rng.random() < 0.5 else \
        [r * 4 + s for r, s in zip(rng.sample(range(13), 5), [rng.randrange(4)] * 5, strict=True)]
    classifier = classifier_for(p, revolution)
    assert classifier.classify_multi(list(play)) == classifier.classify(list(play), cards.mask_of(play))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(p=multiset_profiles(), seed=st.integers(0, 2**32), size=st.integers(1, 20), revolution=st.booleans())
def test_a_one_deck_bag_lists_what_the_bitmask_hand_lists(p: Profile, seed: int, size: int,
                                                          revolution: bool) -> None:
    """A hand of distinct cards without jokers, as a bag, forms exactly the combinations
    ``all_combos`` finds for it as a one-deck hand (dragons aside: both cut their listing)."""
    classifier = classifier_for(p, revolution)
    hand = sorted(random.Random(seed).sample(range(52), size))
    bag = [0] * 53
    for c in hand:
        bag[c] += 1
    sizes = frozenset(s for s in lead_sizes(classifier) if s <= 5)
    listed = all_combos_multi(bag, classifier, sizes)
    assert all(c < STAND_IN for _, play in listed for c in play)
    assert sorted(combo for combo, _ in listed) == sorted(all_combos(hand, classifier, sizes))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(p=multiset_profiles(), seed=st.integers(0, 2**32), size=st.integers(2, 12), jokers=st.integers(0, 1),
       revolution=st.booleans())
def test_equal_never_beats_and_no_two_plays_beat_each_other(p: Profile, seed: int, size: int, jokers: int,
                                                            revolution: bool) -> None:
    """Reading 2 as a property: a combination never beats itself (nor a copy of itself), and of
    two combinations at most one beats the other."""
    classifier = classifier_for(p, revolution)
    rng = random.Random(seed)
    listed = [combo for combo, _ in all_combos_multi(_random_bag(rng, p, size, jokers), classifier)]
    for combo in listed:
        assert classifier.beats(combo, combo) is not None
    for a, b in zip(rng.sample(listed, min(len(listed), 40)), rng.sample(listed, min(len(listed), 40)),
                    strict=True):
        assert classifier.beats(a, b) is not None or classifier.beats(b, a) is not None
