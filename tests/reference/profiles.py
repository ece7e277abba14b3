"""Random v4 profiles within the oracle's scope (see the package docstring), as declarations."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from tests.reference.rules import DEFAULT_ORDER

TIERS = [
    [{"from": 1, "multiplier": 1}],
    [{"from": 1, "multiplier": 1}, {"from": 10, "multiplier": 2}, {"from": 13, "multiplier": 3}],
    [{"from": 1, "multiplier": 1}, {"from": 8, "multiplier": 2}, {"from": 10, "multiplier": 3},
     {"from": 13, "multiplier": 4}],
    [{"from": 1, "multiplier": 2}, {"from": 4, "multiplier": 3}],
]
MAX_HAND = 13  # larger hands add nothing the oracle checks, and cost time


@st.composite
def declarations(draw: st.DrawFn) -> dict[str, Any]:
    players = draw(st.integers(2, 8))
    decks = draw(st.integers(1 if players <= 4 else 2, 4))
    jokers = draw(st.integers(0, 2))
    supply = decks * (52 + jokers)
    hand_size = draw(st.integers(2, min(MAX_HAND, supply // players)))
    order = list(DEFAULT_ORDER)
    place = draw(st.integers(0, len(order) + 1))
    if place <= len(order):  # else five of a kind is left out: above every category
        order.insert(place, "five_of_a_kind")
    call = draw(st.booleans())
    settlement = draw(st.sampled_from(
        ["pairwise", "penalty_only"] if call
        else ["winner_takes_all", "penalty_only", "winner_only", "pairwise"]))
    return {
        "extends": "hk-standard", "players": players, "decks": decks, "jokers": jokers,
        "hand_size": hand_size,
        "direction": draw(st.sampled_from(["clockwise", "counterclockwise"])),
        "suit_order": draw(st.permutations(["D", "C", "H", "S"])),
        "triples": draw(st.booleans()),
        "flush_compare": draw(st.sampled_from(["rank_first", "suit_first", "top_card"])),
        "five_card_order": order, "cross_category": draw(st.booleans()),
        "passing": draw(st.sampled_from(["rejoin", "locked_out"])),
        "unbeatable_ends_trick": draw(st.booleans()),
        "timeouts": draw(st.sampled_from(["none", "pass"])),
        "last_card_call": "liable" if call else "none",
        "opening": {"later_deals": draw(st.sampled_from(["lowest_card", "previous_winner"]))},
        "scoring": {"tiers": draw(st.sampled_from(TIERS)), "settlement": settlement,
                    "sweep_factor": draw(st.integers(1, 3))},
    }
