"""The legal-play search on the worst multiset hand the limits allow (rules v4): 2 seats of 4
decks with 2 jokers each, 108 cards, 8 of them jokers. Its cost is counted in shapes built (each
one classification at most), never timed; bench/hostile.py prints the CPU figures."""

from __future__ import annotations

import random

import pytest

from bigtwo import limits
from bigtwo.rules import cards
from bigtwo.rules.combos import Classifier, Combo
from bigtwo.rules.legal import (
    STAND_IN,
    _shapes,
    _wanted_kinds,
    all_combos_multi,
    beating_sizes,
    can_beat_multi,
    lead_sizes,
)
from bigtwo.rules.profiles import DEFAULT_RESOLVER, Profile

WORST = {"extends": "hk-standard", "decks": 4, "jokers": 2, "players": 2, "hand_size": 108}
# Every five-card multiset of the shapes the rules know: straights (13 runs x 4^5 suits at
# most), flushes (4 x C(17, 5)), full houses, fours with a kicker and fives of a kind.
FIVE_CARD_SHAPES = 100_000


def worst_bag() -> list[int]:
    supply = [c for c in range(52) for _ in range(4)] + [52] * 8
    random.Random(38).shuffle(supply)
    bag = [0] * 53
    for c in supply[:108]:
        bag[c] += 1
    bag[52] = 8
    return bag


def profile(**overrides: str) -> Profile:
    resolved, problems = DEFAULT_RESOLVER.resolve({**WORST, **overrides})
    assert resolved is not None, problems
    return resolved


def shapes(bag: list[int], classifier: Classifier, table: Combo | None, jokers: int) -> int:
    sizes = lead_sizes(classifier) if table is None else beating_sizes(classifier, table)
    return sum(1 for _ in _shapes(bag, classifier, _wanted_kinds(classifier, sizes, table), [jokers]))


def test_a_lead_lists_every_real_play_and_stops_joker_plays_at_the_limit() -> None:
    classifier = Classifier(profile())
    bag = worst_bag()
    assert shapes(bag, classifier, None, 0) < FIVE_CARD_SHAPES
    listed = all_combos_multi(bag, classifier)
    assert sum(1 for _, play in listed if any(c >= STAND_IN for c in play)) == limits.MAX_JOKER_PLAYS


@pytest.mark.parametrize(("bombs", "table", "most"), [
    ("none", "2S", 52),  # the singles alone
    ("anything", "2S", 52 + 21_840 + 728),  # and the bombs: fours with a kicker
    ("none", "2S 2S 2S 2S 2H", 728),  # only fives of a kind are above it
    ("anything", "2S 2S 2S 2S 2H", 728),  # bombs below its category never beat it (reading 24)
])
def test_a_table_builds_only_the_shapes_that_could_beat_it(bombs: str, table: str, most: int) -> None:
    classifier = Classifier(profile(bombs=bombs))
    on_table = classifier.classify_multi([cards.NOTATION[c] for c in table.split()])
    assert isinstance(on_table, Combo)
    bag = worst_bag()
    assert shapes(bag, classifier, on_table, bag[52]) <= most
    if table == "2S 2S 2S 2S 2H":
        # Nothing beats it: the whole (small) search runs, jokers or not.
        assert can_beat_multi(bag, classifier, on_table) is False
