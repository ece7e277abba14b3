"""Where the live pages read a table from: the store's table, brought up to date (its clock
applied) as ``GET /v1/tables/<id>`` brings it, and the engine's spectator view of it, with
the last finished deal of its record (hands and proof) for the page's result section.

The pages never read a seat's view on the server: the server does not know the seat (its
token is in the address's fragment), and the spectator's view holds no hand."""

from __future__ import annotations

from typing import Any

from app.store import get_store
from bigtwo.live import engine


def spectator_table(table_id: str, lang: str) -> tuple[dict[str, Any], dict[str, Any] | None] | None:
    """The spectator's view of the table and its last finished deal (its ``index`` added;
    None before the first ends), or None when there is no such table."""
    state = get_store().live_tables.get(table_id)
    if state is None:
        return None
    deals = engine.record(state)["deals"]
    finished = {**deals[-1], "index": len(deals) - 1} if deals else None
    return engine.view(state, None, lang), finished
