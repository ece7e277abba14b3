"""Where each trick of a record's deals begins, for the export form's layout (a trick per
line, docs/NOTATION.md). Which play leads depends on the rules: under ``passing: locked_out``
a player who passed sits out until the next lead, under ``finish: placings`` a player who went
out is skipped, so a trick may end after fewer passes than the table has other players. The
table the referee replays with says it; the writer itself knows no rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bigtwo.records.parse import parse_record
from bigtwo.rules.combos import Combo
from bigtwo.rules.multiset.table import table_for
from bigtwo.rules.profiles import DEFAULT_RESOLVER, ProfileResolver

Leads = tuple[frozenset[int], int]  # the moves that lead a trick; how many moves are known


def trick_leads(doc: Mapping[str, Any], resolver: ProfileResolver = DEFAULT_RESOLVER,
                ) -> list[Leads | None] | None:
    """Per deal, the indexes of the plays that lead a trick and how many of its moves that
    covers (up to its first illegal move); None for a deal without moves, and for the whole
    record when it cannot be read or its profile resolved (the writer then counts passes)."""
    try:
        record, _ = parse_record(dict(doc), resolver=resolver)
    except Exception:  # noqa: BLE001 - layout only: a record the reader refuses keeps its pass count
        return None
    if record is None:
        return None
    out: list[Leads | None] = []
    for deal in record.deals:
        if not deal.moves or deal.result is not None:
            out.append(None)
            continue
        table = table_for(record.profile, deal.hands, deal.moves[0][0], None)
        leads: set[int] = set()
        known = 0
        for i, (seat, play) in enumerate(deal.moves):
            if play is not None and table.on_table is None:
                leads.add(i)
            verdict = table.check(seat, play)
            if verdict is not None and not isinstance(verdict, Combo):
                break
            table.apply(seat, verdict)
            known = i + 1
            if table.winner is not None and not table.placings:
                break
        out.append((frozenset(leads), known))
    return out
