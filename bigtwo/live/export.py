"""A table's match as a record document: the finished deals, each whole (hands, moves) with
its ``proof``; the running deal is not in it (its moves are in the view and the events)."""

from __future__ import annotations

from typing import Any


def record(state: dict[str, Any]) -> dict[str, Any]:
    """The record of the finished deals (``deals`` empty before the first deal ends), the
    profile as the creator gave it, ``meta.live_table`` the table's id."""
    return {"profile": state["profile_ref"], "players": list(state["players"]),
            "deals": [{"hands": d["hands"], "moves": d["moves"], "proof": d["proof"]}
                      for d in state["finished"]],
            "meta": {"live_table": state["id"]}}
