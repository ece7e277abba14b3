"""Joker ids (RULES.md v4 reading 6): a joker held is ``JOKER``, a joker in a play names its
card as ``STAND_IN + card``; every spelling of a record reads to one id."""

from __future__ import annotations

import pytest

from bigtwo.rules import cards


@pytest.mark.parametrize(("text", "expected"), [
    ("JK", cards.JOKER), ("jk", cards.JOKER), ("Jk", cards.JOKER), ("🃏", cards.JOKER),
    ("🃏\ufe0f", cards.JOKER), (" JK ", cards.JOKER),
    ("JK=JK", cards.JOKER), ("jk=jk", cards.JOKER), ("jk=🃏", cards.JOKER),
    ("JK=4D", cards.STAND_IN + cards.parse_card("4D")),  # type: ignore[operator]
    ("jk=10h", cards.STAND_IN + cards.parse_card("TH")),  # type: ignore[operator]
    ("JK=T♥", cards.STAND_IN + cards.parse_card("TH")),  # type: ignore[operator]
    ("JK=♠2", cards.STAND_IN + cards.parse_card("2S")),  # type: ignore[operator]
    ("JK=1X", None), ("JK=", None), ("J", None), ("4D", None), ("JKX", None), ("JKK", None),
    ("=4D", None), ("X=4D", None),
])
def test_parse_joker(text: str, expected: int | None) -> None:
    assert cards.parse_joker(text) == expected


@pytest.mark.parametrize("card", range(cards.DECK_SIZE))
def test_stand_in_names_and_effective(card: int) -> None:
    stand_in = cards.STAND_IN + card
    assert cards.effective(stand_in) == card
    assert cards.effective(card) == card
    assert cards.name(stand_in) == "JK=" + cards.CANONICAL[card]
    assert cards.parse_joker(cards.name(stand_in)) == stand_in
    assert cards.symbol(stand_in) == "🃏" + cards.symbol(card)
    assert cards.names([card, stand_in, cards.JOKER]) == [cards.CANONICAL[card], cards.name(stand_in), "JK"]


def test_joker_name_and_symbol() -> None:
    assert cards.name(cards.JOKER) == "JK"
    assert cards.symbol(cards.JOKER) == "🃏"
    assert cards.effective(cards.JOKER) == cards.JOKER
    assert cards.JOKER == cards.DECK_SIZE and cards.STAND_IN > cards.JOKER
