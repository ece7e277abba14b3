"""Scoring per deal, in RULES.md's order: cards x tier, x two_held_factor, + card penalties."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo import cards
from bigtwo.profiles import DEFAULT_RESOLVER, PRESETS, Profile
from bigtwo.scoring import deal_scores, penalty

# Loser hands of a given size without a 2 (ranks 3..A, suits cycling).
PLAIN = [c for c in range(48)]


def hand(n: int, *extra: str) -> int:
    picked = [cards.NOTATION[c] for c in extra]
    rest = [c for c in PLAIN if c not in picked][: n - len(picked)]
    return cards.mask_of(picked + rest)


def resolve(ref: Any) -> Profile:
    p, problems = DEFAULT_RESOLVER.resolve(ref)
    assert p is not None, problems
    return p


@pytest.mark.parametrize(
    ("preset", "left", "expected", "seed"),
    [
        ("hk-standard", 1, 1, "000: 1 point per card"),
        ("hk-standard", 7, 7, "000"),
        ("hk-standard", 8, 16, "000: double from 8 cards"),
        ("hk-standard", 9, 18, "000"),
        ("hk-standard", 10, 30, "000: triple from 10"),
        ("hk-standard", 12, 36, "000"),
        ("hk-standard", 13, 52, "000: four times with all 13 (52 points)"),
        ("big-two-web", 9, 9, "001: Neun Karten kosten also 9 Punkte"),
        ("big-two-web", 10, 20, "001: zehn schon 20"),
        ("big-two-web", 13, 39, "001: eine unberührte Hand kostet 39"),
        ("casual", 13, 13, "002: 1 minus point per card"),
        ("pusoy-dos", 9, 9, "004: 8 or 9 cards at face value"),
        ("pusoy-dos", 11, 22, "004: 10-12 doubled"),
        ("pusoy-dos", 13, 39, "004: 13 tripled"),
    ],
)
def test_tiers(preset: str, left: int, expected: int, seed: str) -> None:
    paid, parts = penalty(PRESETS[preset], hand(left))
    assert paid == expected, seed
    assert parts["cards"] == left and parts["base"] == expected


@pytest.mark.parametrize(
    ("held", "expected"),
    [
        ((), 3),  # 3 cards, no 2
        (("2D",), 3 + 1),  # 004: diamond 2 held: -1 extra
        (("2S",), 3),
        (("2C", "2D", "2H", "2S"), 4 + 1 + 4),  # 004: all four 2s: -4, and the 2D rule too
    ],
)
def test_pusoy_card_penalties(held: tuple[str, ...], expected: int) -> None:
    size = max(3, len(held))
    paid, _ = penalty(PRESETS["pusoy-dos"], hand(size, *held))
    assert paid == expected


@pytest.mark.parametrize(("factor", "expected"), [(1, 16), (2, 32), (3, 48)])
def test_two_held_factor_applies_after_the_tier(factor: int, expected: int) -> None:
    """000 variant: a loser still holding a 2 pays double (or triple); before card penalties."""
    p = resolve({"extends": "hk-standard", "scoring": {"two_held_factor": factor}})
    assert penalty(p, hand(8, "2S"))[0] == expected
    assert penalty(p, hand(8))[0] == 16


def test_card_penalty_any_of() -> None:
    p = resolve({"extends": "casual", "scoring": {"card_penalties": [
        {"cards": ["AS", "2S"], "all": False, "points": 5}]}})
    assert penalty(p, hand(3, "AS"))[0] == 3 + 5
    assert penalty(p, hand(3, "AS", "2S"))[0] == 3 + 5
    assert penalty(p, hand(3))[0] == 3


def test_settlements() -> None:
    hands = [hand(0), hand(5), hand(10), hand(13)]
    penalties, scores, parts = deal_scores(PRESETS["hk-standard"], hands, 0)
    assert penalties == [0, 5, 30, 52] and scores == [87, -5, -30, -52] and sum(scores) == 0
    assert parts[0] is None and parts[3] == {"cards": 13, "multiplier": 4, "base": 52, "two_factor": 1,
                                             "card_penalties": 0}
    penalties, scores, _ = deal_scores(PRESETS["casual"], hands, 0)
    assert scores == [0, -5, -10, -13]
