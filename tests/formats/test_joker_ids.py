"""The joker ids every reader and writer shares (docs/NOTATION.md, "Jokers"): a joker held is
52, a joker standing for card c in a play is 64 + c, and each spelling reads to one id."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bigtwo.rules import cards


@pytest.mark.parametrize(("text", "expected"), [
    ("JK", cards.JOKER), ("jk", cards.JOKER), ("Jk", cards.JOKER), ("🃏", cards.JOKER),
    ("🃏\ufe0f", cards.JOKER), ("JK=JK", cards.JOKER), ("jk=🃏", cards.JOKER),
    ("JK=4D", cards.STAND_IN + cards.NOTATION["4D"]),
    ("jk=10h", cards.STAND_IN + cards.NOTATION["TH"]),
    ("JK=T♥", cards.STAND_IN + cards.NOTATION["TH"]),
    ("JK=♠2", cards.STAND_IN + cards.NOTATION["2S"]),
    ("JK=1X", None), ("JK=", None), ("JKK", None), ("J", None), ("4D", None), ("X=4D", None),
])
def test_parse_joker(text: str, expected: int | None) -> None:
    assert cards.parse_joker(text) == expected


@given(st.integers(0, 51))
def test_stand_in_names_and_symbols(card: int) -> None:
    stand_in = cards.STAND_IN + card
    assert cards.effective(stand_in) == card
    assert cards.effective(card) == card
    assert cards.name(stand_in) == "JK=" + cards.CANONICAL[card]
    assert cards.parse_joker(cards.name(stand_in)) == stand_in
    assert cards.symbol(stand_in) == "🃏" + cards.symbol(card)
    assert cards.names([card, stand_in, cards.JOKER]) == [
        cards.CANONICAL[card], "JK=" + cards.CANONICAL[card], "JK"]


def test_joker_held() -> None:
    assert cards.name(cards.JOKER) == "JK"
    assert cards.symbol(cards.JOKER) == "🃏"
    assert cards.effective(cards.JOKER) == cards.JOKER
