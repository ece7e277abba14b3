"""``can_beat`` (the must-play-first-trick check) against the brute force it replaces.

The brute force lists every combination of the hand (``all_combos``) and asks whether one
beats the table. ``can_beat`` only looks at the strongest combination of each kind, built by
shape; these properties hold it to the same answer over random profiles, hands and tables,
and count the classifications it needs (the cost bound of issue 10, class 4).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigtwo.rules import cards
from bigtwo.rules.cards import CATEGORIES, RUNS
from bigtwo.rules.combos import Classifier, Combo, classifier_for
from bigtwo.rules.legal import all_combos, can_beat, strongest_by_kind
from bigtwo.rules.profiles import DEFAULT_RESOLVER, Profile
from tests.conftest import pure_only

# A 50-card hand forms about 20,000 combinations; the strongest of each kind needs a few
# hundred classifications, and a check against one table fewer still.
MAX_CLASSIFY_STRONGEST = 600
MAX_CLASSIFY_SINGLE_TABLE = 52


# Made once: Hypothesis checks a strategy on its first draw, and these were made per profile.
SOME_RUNS = st.lists(st.sampled_from(RUNS), unique=True, max_size=13)
DRAWN: dict[str, st.SearchStrategy[Any]] = {
    "suit_order": st.permutations(["D", "C", "H", "S"]),
    "triples": st.booleans(),
    "five_card_hands": st.booleans(),
    "straights": SOME_RUNS,
    "flush_compare": st.sampled_from(["rank_first", "suit_first"]),
    "five_card_order": st.permutations(list(CATEGORIES)),
    "cross_category": st.booleans(),
    "bombs": st.sampled_from(["none", "anything"]),
    "bomb_hands": st.sampled_from([("four_of_a_kind",), ("straight_flush",),
                                   ("four_of_a_kind", "straight_flush")]).map(list),
    "straight_flushes": st.one_of(st.none(), SOME_RUNS),
}


@st.composite
def comparison_profiles(draw: st.DrawFn) -> Profile:
    declaration = {"extends": "hk-standard", **{name: draw(strategy)
                                                for name, strategy in DRAWN.items()}}
    profile, problems = DEFAULT_RESOLVER.resolve(declaration)
    assert profile is not None, problems
    return profile


def brute_force(hand: list[int], classifier: Classifier, table: Combo) -> bool:
    return any(classifier.beats(c, table) is None for c in all_combos(hand, classifier))


class Counting(Classifier):
    """A classifier that counts classifications (memo hits included): the work done."""

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile)
        self.calls = 0

    def classify(self, play: list[int], mask: int) -> Any:
        self.calls += 1
        return super().classify(play, mask)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(profile=comparison_profiles(), seed=st.integers(0, 2**32), size=st.integers(5, 50),
       revolution=st.booleans())
def test_can_beat_agrees_with_listing_every_combination(profile: Profile, seed: int, size: int,
                                                        revolution: bool) -> None:
    rng = random.Random(seed)
    deck = list(range(cards.DECK_SIZE))
    rng.shuffle(deck)
    hand, rest = sorted(deck[:size]), deck[size:]
    # After a revolution the reversed classifier judges (RULES.md, revolution).
    classifier = classifier_for(profile, True) if revolution else classifier_for(profile)
    # Tables drawn from what the other cards form, of every kind: weak and strong ones.
    tables = all_combos(rest, classifier)
    for table in rng.sample(tables, min(len(tables), 25)):
        assert can_beat(hand, classifier, table) == brute_force(hand, classifier, table), (
            cards.names(hand), table)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(profile=comparison_profiles(), seed=st.integers(0, 2**32), size=st.integers(1, 52),
       revolution=st.booleans())
def test_strongest_by_kind_is_the_maximum_of_each_kind(profile: Profile, seed: int, size: int,
                                                       revolution: bool) -> None:
    hand = sorted(random.Random(seed).sample(range(cards.DECK_SIZE), size))
    classifier = classifier_for(profile, True) if revolution else classifier_for(profile)
    expected: dict[str, int] = {}
    for combo in all_combos(hand, classifier):
        expected[combo.kind] = max(expected.get(combo.kind, combo.key), combo.key)
    assert {k: c.key for k, c in strongest_by_kind(hand, classifier).items()} == expected


ALL_RUNS = {"extends": "hk-standard", "straights": list(RUNS)}


@pure_only  # Counting subclasses the classifier
@pytest.mark.parametrize("bombs", ["none", "anything"])
def test_the_strongest_of_a_50_card_hand_costs_a_few_hundred_classifications(bombs: str) -> None:
    profile, _ = DEFAULT_RESOLVER.resolve({**ALL_RUNS, "bombs": bombs})
    assert profile is not None
    hand = [c for c in range(cards.DECK_SIZE) if cards.name(c) not in ("2S", "2H")]
    counting = Counting(profile)
    strongest = strongest_by_kind(hand, counting)
    assert set(strongest) == {"single", "pair", "triple", *CATEGORIES}
    assert counting.calls <= MAX_CLASSIFY_STRONGEST
    listing = Counting(profile)
    all_combos(hand, listing)
    assert listing.calls > 20 * MAX_CLASSIFY_STRONGEST  # what the old check paid per pass


@pure_only  # Counting subclasses the classifier
@pytest.mark.parametrize(("table", "bombs", "beaten"), [
    ("2S", "none", False),  # the hostile record's position: only singles are tried
    ("2D", "none", True),
    ("2S", "anything", True),  # a four of a kind bombs the 2
])
def test_a_single_on_the_table_is_checked_against_singles_only(table: str, bombs: str,
                                                               beaten: bool) -> None:
    profile, _ = DEFAULT_RESOLVER.resolve({**ALL_RUNS, "bombs": bombs})
    assert profile is not None
    hand = [c for c in range(cards.DECK_SIZE) if cards.name(c) not in ("2S", "2H")]
    counting = Counting(profile)
    on_table = classifier_for(profile).classify([cards.NOTATION[table]], 1 << cards.NOTATION[table])
    assert isinstance(on_table, Combo)
    assert can_beat(hand, counting, on_table) is beaten
    bound = MAX_CLASSIFY_SINGLE_TABLE if bombs == "none" else MAX_CLASSIFY_STRONGEST
    assert counting.calls <= bound


@pytest.mark.parametrize(("hand", "kind", "expected"), [
    # The only plain straight through 7C needs the 5D: all-clubs choices make a straight flush.
    ("3C 4C 5C 6C 7C 5D", "straight", "3C 4C 5D 6C 7C"),
    # Diamonds high: the best straight has 7D on top and needs the 5H, not the first 5.
    ("3D 4D 5D 5H 6D 7C 7D", "straight", "3D 4D 5H 6D 7D"),
    ("3C 4C 5C 6C 7C 5D", "straight_flush", "3C 4C 5C 6C 7C"),
    # The highest spades are a straight flush; the best flush is the next set down.
    ("TS JS QS KS AS 9S", "flush", "9S JS QS KS AS"),
    ("TS JS QS KS AS 9S", "straight_flush", "TS JS QS KS AS"),
    ("3D 3C 3H KD KC 9S 9H", "full_house", "3D 3C 3H 9H 9S"),
])
def test_strongest_of_a_kind_hand_made(hand: str, kind: str, expected: str) -> None:
    profile, _ = DEFAULT_RESOLVER.resolve({**ALL_RUNS, "suit_order": ["C", "S", "H", "D"]})
    assert profile is not None
    ids = [cards.NOTATION[c] for c in hand.split()]
    best = strongest_by_kind(ids, classifier_for(profile))[kind]
    want = classifier_for(profile).classify([cards.NOTATION[c] for c in expected.split()],
                                   cards.mask_of(cards.NOTATION[c] for c in expected.split()))
    assert isinstance(want, Combo) and best.key == want.key
