"""Random profile declarations for the property tests, generated from the field registry.

Every field of ``bigtwo.rules.registry`` is drawn. A field whose kind says enough (a bool, a
closed choice, a number with its bounds, a set of choices) is drawn from its kind, so a new
field of such a kind is fuzzed without being named here. ``TUNED`` holds the fields that
depend on others (the rules of ``registry.CHECKS``) or must stay small for the random players,
each drawn after the ones before it. ``tests/core/test_strategies.py`` fails when a field is
drawn by neither.

The strategies are made once, not on every draw: Hypothesis checks a strategy the first time it
draws from it, and one built anew each time (``sampled_from`` of a list is never reused) was
checked again for every profile, a sixth of the CPU of the property tests that draw profiles.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from hypothesis import strategies as st

from bigtwo.rules import kinds, registry
from bigtwo.rules.cards import CATEGORIES, FIVE_OF_A_KIND, RUNS

Drawn = dict[str, Any]  # the values drawn so far, by dotted path
Tuned = Callable[[st.DrawFn, Drawn], Any]


# The largest hand the random players are dealt where the supply holds copies or jokers: they
# list every play of a hand on every turn, and a bag of 26 cards from several decks already
# has thousands of five-card plays. Larger hands are the simulator's bench (bench/simulate.py).
MULTISET_HAND = 16


def _supply(got: Drawn) -> int:
    return int(got["decks"]) * (52 + int(got["jokers"]))


def _leftover(draw: st.DrawFn, got: Drawn) -> str:
    # The undealt cards go to the opener only where that keeps its hand small: several decks
    # between few seats would leave it most of the supply.
    supply, players = _supply(got), got["players"]
    small = (supply - 6) // players <= (26 if supply == 52 else MULTISET_HAND)
    return draw(st.sampled_from(["undealt", *(["to_opener"] if small else [])]))


def _hand_size(draw: st.DrawFn, got: Drawn) -> int:
    # Keep the opener's hand small when the undealt cards go to them: the random players
    # enumerate every combination of a hand on every turn.
    players, supply = got["players"], _supply(got)
    most = supply // players if supply == 52 else min(supply // players, MULTISET_HAND)
    low = max(3, (supply - 6) // players) if got["leftover"] == "to_opener" else 3
    return draw(st.integers(min(low, most), most))


CATEGORY_ORDERS = st.permutations(list(CATEGORIES))
FIVE_OF_A_KIND_PLACES = st.none() | st.integers(0, len(CATEGORIES))


def _five_card_order(draw: st.DrawFn, got: Drawn) -> list[str]:
    # five_of_a_kind placed among the five categories, or left out (then above all).
    order = list(draw(CATEGORY_ORDERS))
    place = draw(FIVE_OF_A_KIND_PLACES)
    if place is not None:
        order.insert(place, FIVE_OF_A_KIND)
    return order


def _teams(draw: st.DrawFn, got: Drawn) -> Any:
    return draw(st.sampled_from([None, [[0, 2], [1, 3]]])) if got["players"] == 4 else None


def _finish(draw: st.DrawFn, got: Drawn) -> str:
    # Placings and liability are for players, not teams; liability needs the deal to end at
    # the first player out.
    return draw(st.sampled_from(["first_out", "placings"])) if got["teams"] is None else "first_out"


def _guard(draw: st.DrawFn, got: Drawn) -> str:
    liable = got["teams"] is None and got["finish"] == "first_out"
    return draw(st.sampled_from(["none", "highest_single", *(["liable"] if liable else [])]))


def _place_points(draw: st.DrawFn, got: Drawn) -> list[int] | None:
    if got["finish"] != "placings":
        return None
    return draw(st.lists(st.integers(-5, 5), min_size=got["players"], max_size=got["players"]))


def _tiers(draw: st.DrawFn, got: Drawn) -> list[dict[str, int]]:
    starts = sorted(draw(st.sets(st.integers(2, 13), max_size=3)))
    return [{"from": 1, "multiplier": 1}, *({"from": f, "multiplier": i + 2}
                                            for i, f in enumerate(starts))]


def _settlement(draw: st.DrawFn, got: Drawn) -> str:
    return draw(st.sampled_from(["winner_takes_all", "penalty_only", "winner_only",
                                 *(["pairwise"] if got["teams"] is None else [])]))


def _call(draw: st.DrawFn, got: Drawn) -> str:
    # The call makes the winner pay: it needs first_out, no teams, and a settlement that
    # says who collects from the winner (RULES.md v4, reading 12).
    liable = (got["teams"] is None and got["finish"] == "first_out"
              and got["scoring.settlement"] in ("pairwise", "penalty_only"))
    return draw(st.sampled_from(["none", *(["liable"] if liable else [])]))


@cache
def _some_cards(jokers: bool = False) -> st.SearchStrategy[list[str]]:
    named = ["2S", "2D", "AH", "3C", *(["JK"] if jokers else [])]
    return st.lists(st.sampled_from(named), min_size=1, max_size=3, unique=True)


@cache
def _card_penalties(jokers: bool) -> st.SearchStrategy[list[dict[str, Any]]]:
    return st.lists(st.fixed_dictionaries({"cards": _some_cards(jokers), "all": st.booleans(),
                                           "points": st.integers(0, 5)}), max_size=2)


CARD_VALUES = st.none() | st.fixed_dictionaries({rank: st.integers(0, 15)
                                                 for rank in "3456789TJQKA2"})


def _card_values(draw: st.DrawFn, got: Drawn) -> dict[str, int] | None:
    # With jokers every card left needs a value, the joker's too (reading 9); without, JK is
    # refused.
    values = draw(CARD_VALUES)
    if values is not None and got["jokers"]:
        values["JK"] = draw(st.integers(0, 25))
    return values


def _runs() -> st.SearchStrategy[list[str]]:
    return st.lists(st.sampled_from(RUNS), unique=True, max_size=13)


def _always(strategy: st.SearchStrategy[Any]) -> Tuned:
    return lambda draw, got: draw(strategy)


TUNED: dict[str, Tuned] = {
    "players": _always(st.integers(2, 8)),
    # Drawn early: the hand size must fit the supply, and the scoring lists may name JK only
    # with jokers (RULES.md v4, reading 9).
    "decks": _always(st.integers(1, 4)),
    "jokers": _always(st.integers(0, 2)),
    "leftover": _leftover,
    "hand_size": _hand_size,
    "teams": _teams,
    "finish": _finish,
    "last_card_guard": _guard,
    "scoring.place_points": _place_points,
    "scoring.settlement": _settlement,
    "scoring.tiers": _tiers,
    "last_card_call": _call,
    "suit_order": _always(st.permutations(["D", "C", "H", "S"])),
    "five_card_order": _five_card_order,
    "straights": _always(_runs()),
    "straight_flushes": _always(st.none() | _runs()),
    "scoring.two_held_cards": lambda draw, got: draw(_some_cards(bool(got["jokers"]))),
    "scoring.card_penalties": lambda draw, got: draw(_card_penalties(bool(got["jokers"]))),
    "scoring.card_values": _card_values,
    "scoring.held_hand_factor": _always(st.none() | st.fixed_dictionaries({
        "hands": st.sampled_from([["four_of_a_kind"], ["straight_flush"],
                                  ["four_of_a_kind", "straight_flush"]]),
        "factor": st.sampled_from([2, 3])})),
    # Small limits, so that matches end inside two simulated deals.
    "match.max_deals": _always(st.sampled_from([None, 1, 2])),
    "match.target": _always(st.sampled_from([None, 10, 60])),
    "match.loss_limit": _always(st.sampled_from([None, 5, 40])),
}


def from_kind(kind: kinds.Kind) -> st.SearchStrategy[Any] | None:
    """Every value a kind accepts, for the kinds that say enough; None for the others."""
    found: st.SearchStrategy[Any] | None = None
    if isinstance(kind, kinds.Bool):
        found = st.booleans()
    elif isinstance(kind, kinds.Choice):
        found = st.sampled_from([v.value for v in kind.enum])
    elif isinstance(kind, kinds.Int):
        found = (st.sampled_from(kind.choices) if kind.choices is not None
                 else st.integers(kind.minimum, kind.maximum))
    elif isinstance(kind, kinds.ListOf) and isinstance(kind.item, kinds.Choice):
        items = [v.value for v in kind.item.enum]
        found = st.lists(st.sampled_from(items), unique=kind.distinct is not None,
                         min_size=kind.min_items, max_size=min(kind.max_items, len(items)))
    if found is not None and getattr(kind, "nullable", False):
        found = st.none() | found
    return found


@cache
def untuned() -> Mapping[str, st.SearchStrategy[Any]]:
    """The fields drawn from their kind."""
    out = {}
    for f in registry.FIELDS:
        strategy = from_kind(f.kind)
        if f.dotted not in TUNED and strategy is not None:
            out[f.dotted] = strategy
    return MappingProxyType(out)


@st.composite
def profiles(draw: st.DrawFn) -> dict[str, Any]:
    """A complete declaration: every registry field, in its place."""
    got: Drawn = {}
    for dotted, tuned in TUNED.items():
        got[dotted] = tuned(draw, got)
    for dotted, strategy in untuned().items():
        got[dotted] = draw(strategy)
    declaration: dict[str, Any] = {}
    for f in registry.FIELDS:
        if f.dotted in got:
            parent = declaration
            for key in f.path[:-1]:
                parent = parent.setdefault(key, {})
            parent[f.path[-1]] = got[f.dotted]
    return declaration
