"""Memory of the multiset classifier's memo: one for the process (``limits.MAX_MULTISET_MEMO``),
so many profiles with copies or jokers, each classifying many plays, cannot grow it with the
number of profiles (a per-classifier memo kept alive by the resolver's cache did: gigabytes)."""

from __future__ import annotations

import random

import pytest

from bigtwo import limits
from bigtwo.rules import combos
from bigtwo.rules.combos import Combo, classifier_for
from bigtwo.rules.profiles import DEFAULT_RESOLVER

LIMIT = 300


def test_many_multiset_profiles_share_one_bounded_memo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_MULTISET_MEMO", LIMIT)
    rng = random.Random(38)
    found: dict[tuple[int, tuple[int, ...]], Combo | combos.Violation] = {}
    for target in range(40):  # 40 distinct profiles, as 40 inline declarations would be
        profile, problems = DEFAULT_RESOLVER.resolve(
            {"extends": "hk-standard", "decks": 2, "jokers": 1, "match": {"target": 500 + target}})
        assert profile is not None, problems
        classifier = classifier_for(profile)
        for _ in range(100):
            play = sorted(rng.choice(range(52)) for _ in range(rng.choice([1, 2, 3, 5])))
            first = classifier.classify_multi(list(play))
            assert len(combos._MULTI_MEMO) <= LIMIT
            # Remembered or classified anew, the answer is the same.
            assert classifier.classify_multi(list(play)) == first
            found[(target, tuple(play))] = first
    assert len(found) > LIMIT * 10


def test_classifiers_of_different_profiles_never_share_an_entry() -> None:
    """Keys are tagged per classifier: the same cards under two suit orders are two answers,
    never mixed up through the shared memo."""
    one, _ = DEFAULT_RESOLVER.resolve({"extends": "hk-standard", "decks": 2})
    other, _ = DEFAULT_RESOLVER.resolve({"extends": "hk-standard", "decks": 2,
                                         "suit_order": ["S", "H", "C", "D"]})
    assert one is not None and other is not None
    twos = [51, 51]  # a pair of 2♠ from two decks: the highest pair, or the lowest 2s' pair
    a = classifier_for(one).classify_multi(twos)
    b = classifier_for(other).classify_multi(twos)
    assert isinstance(a, Combo) and isinstance(b, Combo) and a.key != b.key
    assert classifier_for(one).classify_multi(twos) == a and classifier_for(other).classify_multi(twos) == b
