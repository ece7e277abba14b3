"""The runs of five ranks, the five-card categories and the fixed shapes of a profile."""

from __future__ import annotations

CATEGORIES = ("straight", "flush", "full_house", "four_of_a_kind", "straight_flush")
RUN_CIRCLE = "23456789TJQKA"  # runs wrap: A2345 and KA234 are runs too
# Runs through K-A-2 are never straights in any seed (001: "gelten nie"), unlike 23456/A2345.
WRAP_RUNS = frozenset({"JQKA2", "QKA23", "KA234"})
BOMB_HANDS = ("four_of_a_kind", "straight_flush")
TEAMS = [[0, 2], [1, 3]]
MAX_PLAYERS = 5


def all_runs() -> list[str]:
    doubled = RUN_CIRCLE + RUN_CIRCLE
    return [doubled[i : i + 5] for i in range(len(RUN_CIRCLE))]


RUNS = all_runs()
RUN_BY_RANKS = {frozenset(run): run for run in RUNS}
