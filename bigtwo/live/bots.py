"""The service's own players: a deterministic strategy over the very listing a seat's view
shows (``bigtwo.rules.position.legal_listing``), so a bot never plays what a person could not.

The strategy, exactly:
1. Leading (nothing on the table to beat): play the legal play with the most cards whose
   strongest card is the weakest (shedding many low cards early), ties to the listing's
   first; a bot holding only cards no play can use passes or times out where the rules
   allow it.
2. Following: the legal play with the weakest strongest card, ties to the fewest cards,
   then the listing's first; a pass when no play is legal, or when none is listed.
3. ``last_card_call: liable``: a play that leaves the bot one card carries the call.
"""

from __future__ import annotations

from typing import Any

from bigtwo.rules import cards
from bigtwo.rules.choices import LastCardCall
from bigtwo.rules.play import may_pass
from bigtwo.rules.position import legal_listing
from bigtwo.rules.table import Table


def _strength(profile_order: dict[int, int], play: list[str]) -> int:
    """The play's strongest card's place in the profile's order (a joker by its stand-in)."""
    return max(profile_order.get(cards.effective(_id(c)), 0) for c in play)


def _id(name: str) -> int:
    card = cards.parse_card(name)
    if card is None:
        card = cards.parse_joker(name)
    assert card is not None, name
    return card


def choose(table: Table) -> dict[str, Any]:
    """The bot's move for the seat to move (a record's move, seat included)."""
    seat = table.current
    plays, _ = legal_listing(table)
    order = {c: i for i, c in enumerate(table.profile.by_strength)}
    if not plays:
        return {"seat": seat, "pass": True} if may_pass(table) else {"seat": seat, "timeout": True}
    if table.on_table is None:
        best = min(plays, key=lambda p: (-len(p), _strength(order, p)))
    else:
        best = min(plays, key=lambda p: (_strength(order, p), len(p)))
    move: dict[str, Any] = {"seat": seat, "play": best}
    if (table.profile.last_card_call is LastCardCall.LIABLE
            and table.counts[seat] - len(best) == 1):
        move["call"] = True
    return move
