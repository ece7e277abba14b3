"""Card notation (RECORDS.md): rank then suit, 10 or T, letters or symbols, any case."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bigtwo.rules import cards


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("10h", "TH"), ("TH", "TH"), ("T♥", "TH"), ("th", "TH"), ("10♥", "TH"), ("3d", "3D"),
     ("2♠", "2S"), ("as", "AS"), ("qC", "QC"), ("J♦", "JD"), ("k♣", "KC"), (" 9S ", "9S"),
     ("H10", "TH"), ("h5", "5H"), ("d3", "3D"), ("S2", "2S"), ("cA", "AC")],
)
def test_notations(text: str, canonical: str) -> None:
    card = cards.parse_card(text)
    assert card is not None and cards.name(card) == canonical


@pytest.mark.parametrize("text", ["1H", "11H", "TX", "", "H1", "10", "♥", "3DD", "Z", "HH", "D33"])
def test_not_cards(text: str) -> None:
    assert cards.parse_card(text) is None


@given(st.integers(0, 51))
def test_canonical_round_trip(card: int) -> None:
    assert cards.parse_card(cards.name(card)) == card
    assert cards.parse_card(cards.symbol(card)) == card
    assert cards.parse_card(cards.name(card).lower()) == card


@given(st.sets(st.integers(0, 51)))
def test_masks_round_trip(chosen: set[int]) -> None:
    assert cards.cards_of(cards.mask_of(chosen)) == sorted(chosen)
