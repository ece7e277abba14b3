"""Scoring per deal, in RULES.md's order: cards x tier, x two_held_factor, + card penalties."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo.rules import cards
from bigtwo.rules.profiles import DEFAULT_RESOLVER, PRESETS, Profile
from bigtwo.rules.scoring import Tally, penalty, score_deal, settle

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
    scored = score_deal(PRESETS["hk-standard"], hands, 0)
    penalties, scores, parts = scored.penalties, scored.scores, scored.parts
    assert penalties == [0, 5, 30, 52] and scores == [87, -5, -30, -52] and sum(scores) == 0
    assert parts[0] is None and parts[3] == {"cards": 13, "multiplier": 4, "base": 52, "two_factor": 1,
                                             "card_penalties": 0}
    scored = score_deal(PRESETS["casual"], hands, 0)
    penalties, scores = scored.penalties, scored.scores
    assert scores == [0, -5, -10, -13]


# --- v2: two_held_cards, winner_only, teams, match limits -------------------------------------
@pytest.mark.parametrize(
    ("held", "expected", "seed"),
    [
        (("2S",), 2 * 8 * 2, '000: "eine 2 (den Big Two)" read as the spade 2 alone'),
        (("2H",), 8 * 2, "000: another 2 is no Big Two under this reading"),
        ((), 8 * 2, "000"),
    ],
)
def test_two_held_cards(held: tuple[str, ...], expected: int, seed: str) -> None:
    p = resolve({"extends": "hk-standard", "scoring": {"two_held_factor": 2, "two_held_cards": ["2S"]}})
    assert penalty(p, hand(8, *held))[0] == expected, seed


@pytest.mark.parametrize(
    ("settlement", "penalties", "winner", "scores", "seed"),
    [
        ("winner_takes_all", [0, 5, 30, 52], 0, [87, -5, -30, -52], "001/004: zero-sum"),
        ("penalty_only", [0, 5, 30, 52], 0, [0, -5, -30, -52], "002: minus points"),
        ("winner_only", [0, 5, 30, 52], 0, [87, 0, 0, 0],
         '000: "andere werten nur das Guthaben des Gewinners"'),
        ("winner_only", [5, 0, 3, 1], 1, [0, 9, 0, 0], "000"),
    ],
)
def test_settle_without_teams(settlement: str, penalties: list[int], winner: int, scores: list[int],
                              seed: str) -> None:
    p = resolve({"extends": "hk-standard", "scoring": {"settlement": settlement}})
    settled = settle(p, penalties, winner)
    assert settled.scores == scores and settled.team_scores is None, seed


TEAMS = [[0, 2], [1, 3]]


@pytest.mark.parametrize(
    ("settlement", "penalties", "winner", "team_scores", "seed"),
    [
        # seat 0 goes out; partner seat 2 pays 4; opponents 1 and 3 pay 5 + 10: V = 15 - 4 = 11
        ("winner_takes_all", [0, 5, 4, 10], 0, [11, -11],
         '004: "the other partner\'s remaining cards still count for the opponents"'),
        ("winner_only", [0, 5, 4, 10], 0, [11, 0], "000: only the winner's credit"),
        ("penalty_only", [0, 5, 4, 10], 0, [-4, -15], "002 minus points, per team"),
        # seat 3 goes out for team [1, 3]: V = (6 + 2) - 9 = -1: the winning team can lose points
        ("winner_takes_all", [6, 9, 2, 0], 3, [1, -1], "004: partner's cards count against the winners"),
    ],
)
def test_settle_with_teams(settlement: str, penalties: list[int], winner: int, team_scores: list[int],
                           seed: str) -> None:
    p = resolve({"extends": "hk-standard", "teams": TEAMS, "scoring": {"settlement": settlement}})
    settled = settle(p, penalties, winner)
    assert settled.team_scores == team_scores, seed
    assert settled.scores == [team_scores[0], team_scores[1], team_scores[0], team_scores[1]]


@pytest.mark.parametrize(
    ("overrides", "deals", "over_after", "winners", "seed"),
    [
        ({"match": {"loss_limit": 10}}, [[8, -4, -4, 0], [6, -3, -3, 0]], None, [],
         "004: a chip-loss limit, not reached"),
        ({"match": {"loss_limit": 10}}, [[8, -4, -4, 0], [-6, 12, -6, 0]], 2, [1],
         "004: the match ends when a total falls to -loss_limit"),
        ({"teams": TEAMS, "match": {"target": 20}}, [[11, -11, 11, -11], [11, -11, 11, -11]], 2, [0, 2],
         "000 2v2: team totals reach the target; both partners win"),
        ({"teams": TEAMS, "match": {"loss_limit": 5}}, [[-3, 3, -3, 3], [-3, 3, -3, 3]], 2, [1, 3],
         "004 team variant: the limit applies to the team's total"),
        ({"scoring": {"settlement": "penalty_only"}, "match": {"target": 10}},
         [[0, -4, -6, -2], [-3, 0, -5, -1]], 2, [0, 3], "002: an accumulated penalty reaches the target"),
    ],
)
def test_tally(overrides: dict[str, Any], deals: list[list[int]], over_after: int | None,
               winners: list[int], seed: str) -> None:
    p = resolve({"extends": "hk-standard", **overrides})
    tally = Tally(p)
    ended = None
    for i, scores in enumerate(deals):
        team_scores = [scores[0], scores[1]] if p.teams else None
        tally.add(scores, team_scores)
        if tally.over and ended is None:
            ended = i + 1
    assert ended == over_after, seed
    assert (tally.winners() if ended else []) == winners, seed
