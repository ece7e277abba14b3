"""The inlined shuffle deals exactly what the documented one (SplitMix64 + rejection) deals:
deal codes are forever, so the speed-up must not move a single card."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bigtwo.rules import deals


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**64 - 1))
def test_fast_shuffle_equals_the_documented_one(seed: int) -> None:
    assert deals.shuffled_deck(seed) == deals._reference_shuffled_deck(seed)


def test_extreme_seeds() -> None:
    for seed in (0, 1, 2**63, 2**64 - 1):
        assert deals.shuffled_deck(seed) == deals._reference_shuffled_deck(seed)
