"""The timeline's card order with jokers (v4): a play's cards low to high, a stand-in where
the card it names stands (after a real copy of it), a joker held after every card; a
one-deck profile keeps its order as it was."""

from __future__ import annotations

import pytest

from bigtwo.reports.timeline import _sorted_names
from bigtwo.rules import cards
from bigtwo.rules.profiles import DEFAULT_RESOLVER, PRESETS

ids = cards.NOTATION.__getitem__


def test_stand_ins_sort_by_the_card_they_name() -> None:
    profile, _ = DEFAULT_RESOLVER.resolve({"extends": "hk-standard", "decks": 2, "jokers": 1},
                                          "/profile")
    assert profile is not None
    play = [cards.STAND_IN + ids("2S"), ids("3D"), cards.JOKER, ids("2S"),
            cards.STAND_IN + ids("4C"), ids("3D")]
    assert _sorted_names(profile, play) == ("3D", "3D", "JK=4C", "2S", "JK=2S", "JK")


@pytest.mark.parametrize("preset", ["hk-standard", "pusoy-dos"])
def test_one_deck_order_is_the_profiles(preset: str) -> None:
    profile = PRESETS[preset]
    play = [ids("2S"), ids("3D"), ids("3C"), ids("KH")]
    expected = tuple(cards.name(c) for c in sorted(play, key=profile.strength.__getitem__))
    assert _sorted_names(profile, play) == expected
