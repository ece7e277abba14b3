"""Where the live pages read a table from: the store's table, brought up to date (its clock
applied) as ``GET /v1/tables/<id>`` brings it, and the engine's spectator view of it, with
the last finished deal of its record (hands and proof) for the page's result section.

The pages never read a seat's view on the server: the server does not know the seat (its
token is in the address's fragment), and the spectator's view holds no hand."""

from __future__ import annotations

from typing import Any, NamedTuple

from app.store import get_store, request_resolver
from bigtwo.live import engine
from bigtwo.rules.choices import LastCardCall


def _abandoned(table_id: str, events: int) -> dict[str, Any] | None:
    """The running deal an organiser ended, as its ``abandoned`` event shows it to anyone
    (its hands and proof; none when no deal was dealt)."""
    last = get_store().live_tables.events_after(table_id, events - 1, 1)
    if not last or last[0].type != "abandoned":
        return None
    shown = engine.for_viewer(last[0], None)["data"]
    if not shown.get("hands"):
        return None
    return {**shown, "index": shown.get("deal", 0), "abandoned": True}


class LiveTable(NamedTuple):
    view: dict[str, Any]  # the spectator's view
    finished: dict[str, Any] | None  # the record's last deal, its ``index`` added
    calls: bool  # a play that leaves one card may carry the last-card call


def spectator_table(table_id: str, lang: str) -> LiveTable | None:
    """The table as the pages draw it, or None when there is no such table."""
    state = get_store().live_tables.get(table_id)
    if state is None:
        return None
    record = engine.record(state)
    deals = record["deals"]
    finished = {**deals[-1], "index": len(deals) - 1} if deals else None
    if state["status"] == "abandoned":
        finished = _abandoned(table_id, int(state["events"])) or finished
    # The profile as the creator gave it (a preset, a stored id or a declaration), as the
    # record names it: whether it knows the call decides whether the page offers it.
    profile, _ = request_resolver().resolve(record["profile"])
    calls = profile is not None and profile.last_card_call is LastCardCall.LIABLE
    return LiveTable(engine.view(state, None, lang), finished, calls)
