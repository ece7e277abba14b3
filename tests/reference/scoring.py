"""A deal's penalties and scores (RULES.md "Scoring", v4's order of a loser's penalty,
readings 9, 12 and 13): count x tier, x the sweep, then the call's liability, then
settlement. A joker left is one card like any other."""

from __future__ import annotations

from tests.reference.rules import Rules


def multiplier(rules: Rules, count: int) -> int:
    found = 0
    for start, times in rules.tiers:
        if start <= count:
            found = times
    return found


def settle(rules: Rules, left: list[int], winner: int, dealt: list[int],
           liable_winner: bool) -> tuple[list[int], list[int]]:
    """Penalties (after liability moved them) and scores."""
    penalty = [0 if s == winner else k * multiplier(rules, k) for s, k in enumerate(left)]
    if all(left[s] == dealt[s] for s in range(len(left)) if s != winner):
        penalty = [p * rules.sweep_factor for p in penalty]
    if liable_winner:
        total = sum(penalty)
        penalty = [total if s == winner else 0 for s in range(len(left))]
    total = sum(penalty)
    if rules.settlement == "winner_takes_all":
        scores = [total if s == winner else -p for s, p in enumerate(penalty)]
    elif rules.settlement == "penalty_only":
        scores = [-p for p in penalty]
    elif rules.settlement == "winner_only":
        scores = [total if s == winner else 0 for s in range(len(left))]
    else:  # pairwise: every two seats settle the difference
        scores = [total - len(left) * p for p in penalty]
    return penalty, scores
