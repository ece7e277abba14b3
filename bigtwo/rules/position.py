"""Whose turn it is and what they may do: the one answer ``/v1/next`` and a live table's
view both give, so a client's hint never disagrees with the referee."""

from __future__ import annotations

from typing import Any

from bigtwo import limits
from bigtwo.rules import cards
from bigtwo.rules.choices import Timeouts
from bigtwo.rules.combos import Combo
from bigtwo.rules.multiset.judge import named
from bigtwo.rules.multiset.listing import legal_listing as multiset_listing
from bigtwo.rules.multiset.table import MultisetTable
from bigtwo.rules.play import check_play, may_pass
from bigtwo.rules.replay import live_penalties
from bigtwo.rules.table import Table


def position(table: Table) -> dict[str, Any]:
    """Whose turn it is and what they may do. Under ``unbeatable_ends_trick`` the table has
    already ended the trick (``table`` null, the player leads); after a timed-out lead the
    table has handed the lead on."""
    on_table = table.on_table
    listed, cut = legal_listing(table)
    return {"seat": table.current,
            "table": None if on_table is None else table_names(table, on_table),
            "may_pass": may_pass(table),
            "may_time_out": (table.profile.timeouts is Timeouts.PASS
                             and check_play(table, table.current, []) is None),
            "revolution": table.revolution,
            "legal_plays": listed,
            "legal_plays_cut": cut,
            "penalties_now": live_penalties(table)}


def legal_listing(table: Table) -> tuple[list[list[str]], bool]:
    """The legal plays as a seat names them, and whether a limit cut the list short (more
    dragons than ``MAX_DRAGON_PLAYS``; with copies or jokers, the bounds of
    ``multiset.listing``): every play left out is still legal."""
    plays, cut = listed_plays(table)
    return [cards.names(ids) for _, ids in plays], cut


def listed_plays(table: Table) -> tuple[list[tuple[Combo, list[int]]], bool]:
    """``legal_listing``'s plays before they are named: each combination with the ids a seat
    names (stand-ins as ``STAND_IN + card``), for callers that rank them (the live bots)."""
    if isinstance(table, MultisetTable):
        listing = multiset_listing(table)
        return [(combo, list(ids)) for combo, ids in listing.plays], listing.cut
    plays = table.legal_plays()
    dragons = sum(1 for combo in plays if combo.kind == "dragon")
    return [(c, list(c.cards)) for c in plays], dragons >= limits.MAX_DRAGON_PLAYS


def table_names(table: Table, on_table: Combo) -> list[str]:
    """The cards on the table as they were played. The multiset table keeps the effective
    cards of the play on the table; the last play names its jokers."""
    if isinstance(table, MultisetTable) and sorted(
            cards.effective(c) for c in table.playing) == sorted(on_table.cards):
        return cards.names(named(on_table, table.playing))
    return cards.names(on_table.cards)
