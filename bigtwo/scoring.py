"""Scoring one finished deal, in RULES.md's order: cards x tier multiplier, then x the factor
for a held 2, then + the card penalties. Settlement turns penalties into scores."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import cards

if TYPE_CHECKING:
    from .profiles import Profile


def tier_for(profile: Profile, left: int) -> int:
    multiplier = 0
    for tier in profile.tiers:
        if tier.start <= left:
            multiplier = tier.multiplier
    return multiplier


def penalty(profile: Profile, hand_mask: int) -> tuple[int, dict[str, int]]:
    """What a loser holding ``hand_mask`` pays, with the parts that made it up."""
    left = hand_mask.bit_count()
    multiplier = tier_for(profile, left)
    base = left * multiplier
    factor = profile.two_held_factor if hand_mask & cards.TWOS_MASK else 1
    extra = 0
    for rule in profile.card_penalties:
        held = hand_mask & rule.mask
        if (held == rule.mask) if rule.all else held:
            extra += rule.points
    parts = {"cards": left, "multiplier": multiplier, "base": base, "two_factor": factor,
             "card_penalties": extra}
    return base * factor + extra, parts


def deal_scores(
    profile: Profile, hands: list[int], winner: int
) -> tuple[list[int], list[int], list[dict[str, int] | None]]:
    penalties: list[int] = []
    parts: list[dict[str, int] | None] = []
    for seat, mask in enumerate(hands):
        if seat == winner:
            penalties.append(0)
            parts.append(None)
        else:
            paid, detail = penalty(profile, mask)
            penalties.append(paid)
            parts.append(detail)
    if profile.settlement == "winner_takes_all":
        scores = [-p for p in penalties]
        scores[winner] = sum(penalties)
    else:
        scores = [-p for p in penalties]
    return penalties, scores, parts
