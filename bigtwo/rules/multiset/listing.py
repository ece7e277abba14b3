"""The legal plays ``/v1/next`` lists for a hand with copies or jokers: each distinct play
once, real cards before jokers (``legal.all_combos_multi``'s shapes and ids), checked as the
referee checks them, and bounded for an answer: at most ``limits.MAX_LISTED_PLAYS`` plays, at
most ``limits.MAX_JOKER_PLAYS`` of them with jokers, found among at most
``limits.MAX_LISTING_CANDIDATES`` candidates. The listing stops where a bound is reached (the
shapes come smallest first), so the worst hand the limits allow costs a bounded amount of
work; ``Listing.cut`` says that plays were left out, every one of them still legal."""

from __future__ import annotations

from dataclasses import dataclass

from bigtwo import limits
from bigtwo.rules.combos import Combo
from bigtwo.rules.legal import (
    JOKERS_AT,
    _shapes,
    _wanted_kinds,
    beating_sizes,
    lead_sizes,
    play_ids,
)
from bigtwo.rules.multiset.table import MultisetTable, check_multi


@dataclass
class Listing:
    plays: list[tuple[Combo, tuple[int, ...]]]  # (combination, the ids a seat names), weakest first
    cut: bool  # a bound left legal plays out
    candidates: int  # candidate plays checked (the work done)


def legal_listing(table: MultisetTable, most: int = limits.MAX_LISTED_PLAYS,
                  candidates: int = limits.MAX_LISTING_CANDIDATES) -> Listing:
    """The legal plays of the seat to move, bounded (the module's docstring)."""
    if table.winner is not None:
        return Listing([], False, 0)
    seat, on_table, classifier = table.current, table.on_table, table.classifier
    bag = table.bags[seat]
    sizes = lead_sizes(classifier) if on_table is None else beating_sizes(classifier, on_table)
    cap = [bag[JOKERS_AT]]
    # The opening play must hold the lowest card: any shape without it is refused unchecked.
    opening = table.opening_card if on_table is None else None
    jokers_left, dragons, checked, cut = limits.MAX_JOKER_PLAYS, 0, 0, False
    seen: set[tuple[int, ...]] = set()
    found: list[tuple[int, int, int, int, tuple[int, ...], Combo]] = []
    for jokers, effective in _shapes(bag, classifier, _wanted_kinds(classifier, sizes, on_table), cap):
        if effective in seen:
            continue
        seen.add(effective)
        if opening is not None and opening not in effective:
            continue
        if checked == candidates:
            cut = True
            break
        checked += 1
        play = play_ids(effective, bag) if jokers else effective
        verdict = check_multi(table, seat, list(play))
        if not isinstance(verdict, Combo):
            continue
        found.append((verdict.size, verdict.category, verdict.key, jokers, play, verdict))
        if verdict.kind == "dragon":
            dragons += 1
            cut = cut or dragons == limits.MAX_DRAGON_PLAYS
        if jokers:
            jokers_left -= 1
            if jokers_left == 0:
                cap[0] = 0  # the rest of the listing is real cards only
                cut = True
        if len(found) == most:
            cut = True
            break
    found.sort()
    return Listing([(entry[5], entry[4]) for entry in found], cut, checked)
