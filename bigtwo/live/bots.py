"""The service's own players: a deterministic strategy over the very listing a seat's view
shows (``bigtwo.rules.position.listed_plays``), so a bot never plays what a person could not.

The strategy, exactly. A play's *rank* is the place, in the profile's order of single cards,
of the card that decides its combination (``Combo.top``: a pair's higher card, a full
house's triple, a straight's top card; a joker by the card it stands for).
1. Leading (nothing on the table): the legal play with the most cards, then the lowest rank
   (shedding many low cards early); an opening play holds the lowest card, as the rules say.
2. Following: a legal play of the table's own number of cards before any other (a bomb is
   kept for when nothing else beats), then the lowest rank, then the fewest cards.
3. Ties go to the listing's first (the order ``/v1/next`` lists them in). No legal play: a
   pass, or a timeout where the rules allow no pass but a timeout.
4. ``last_card_call: liable``: a play that leaves the bot one card carries the call.
"""

from __future__ import annotations

from typing import Any

from bigtwo.rules import cards
from bigtwo.rules.choices import LastCardCall
from bigtwo.rules.play import may_pass
from bigtwo.rules.position import listed_plays
from bigtwo.rules.table import Table


def choose(table: Table) -> dict[str, Any]:
    """The bot's move for the seat to move (a record's move, seat included): the module's
    strategy over ``listed_plays``, the listing the seat's view shows."""
    seat = table.current
    plays, _ = listed_plays(table)
    if not plays:
        return {"seat": seat, "pass": True} if may_pass(table) else {"seat": seat, "timeout": True}
    place = {c: i for i, c in enumerate(table.profile.by_strength)}
    if table.on_table is None:
        combo, ids = min(plays, key=lambda p: (-len(p[1]), place.get(p[0].top, 0)))
    else:
        size = table.on_table.size
        combo, ids = min(plays, key=lambda p: (len(p[1]) != size, place.get(p[0].top, 0),
                                               len(p[1])))
    move: dict[str, Any] = {"seat": seat, "play": cards.names(ids)}
    if (table.profile.last_card_call is LastCardCall.LIABLE
            and table.counts[seat] - len(ids) == 1):
        move["call"] = True
    return move
