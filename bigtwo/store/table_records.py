"""A live table's finished match stored in the tournament it was linked to, as an upload stores a
record, once; and the abandoning of a table (the organiser's DELETE, or an idle table that the
service ends), which may store it too.

The link was checked when the table was created (the tournament's token then, kept by no one
since): the table itself is the authorisation. Storing is idempotent twice over: the table
remembers that it stored its record, and a tournament keeps one copy of a record anyway.
"""

from __future__ import annotations

import copy
import logging
from typing import Any

from bigtwo.live import engine
from bigtwo.store import tournaments
from bigtwo.store.db import Store
from bigtwo.store.errors import StoreError

logger = logging.getLogger(__name__)

ENDED = ("over", "abandoned")


def match_record(state: dict[str, Any]) -> dict[str, Any]:
    """The table's record (its finished deals), marked as the live table's."""
    record: dict[str, Any] = copy.deepcopy(engine.record(state))
    meta = record.get("meta")
    record["meta"] = {**(meta if isinstance(meta, dict) else {}), "live_table": state["id"]}
    return record


def file_record(store: Store, state: dict[str, Any]) -> str | None:
    """Store the match of an ended table in its linked tournament, once: the record's id, or
    None when there is nothing to store (no link, stored already, not ended, no finished
    deal). A refusal of the tournament (full, gone) is logged and the table stays unstored."""
    if state.get("status") not in ENDED:
        return None
    tournament_id, stored = store.live_tables.tournament_of(state["id"])
    if tournament_id is None or stored:
        return None
    record = match_record(state)
    if not record.get("deals"):
        return None
    found = store.tournaments.get(tournament_id)
    if found is None:
        return None
    try:
        result = tournaments.upload(store, found, record)
    except StoreError as refusal:
        logger.warning("table %s: its record was not stored in %s: %s", state["id"],
                       tournament_id, refusal.detail)
        return None
    store.live_tables.mark_stored(state["id"])
    rid: str = result.items[0]["id"]
    return rid


def abandon(store: Store, table_id: str) -> Any:
    """End a table as its organiser's DELETE does (the sweeper of idle tables calls this too):
    the engine's outcome, and the record stored where a tournament is linked."""
    live = store.live_tables
    outcome = live.transact(table_id, lambda state: engine.abandon(state, now=live.now()))
    state = live.get(table_id)
    if state is not None:
        file_record(store, state)
    return outcome
