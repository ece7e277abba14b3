"""A table's match as a record document: the finished deals, each whole (hands, moves) with
its ``proof``; the running deal is not in it (its moves are in the view and the events).

The record must read the same on any copy of the service, whose store is not this one: a
preset stays its id, a declaration the creator sent stays as sent when it stands on presets
alone, and anything else (a stored profile's id, a declaration extending one) becomes the
profile's full rules, a declaration that resolves to the same profile hash everywhere."""

from __future__ import annotations

from typing import Any

from bigtwo.live.judge import RESOLVER, profile_of
from bigtwo.rules.profiles import PRESETS


def portable_profile(state: dict[str, Any]) -> Any:
    """How the record names the table's profile so that any copy of the service resolves it
    to the same hash."""
    given = state["profile_ref"]
    if isinstance(given, str) and given in PRESETS:
        return given
    if isinstance(given, dict):
        # RESOLVER knows no store: what it resolves, every copy of the service resolves.
        alone, _ = RESOLVER.resolve(given, "/profile")
        if alone is not None and alone.hash == profile_of(state).hash:
            return given
    return state["judge_profile"]


def record(state: dict[str, Any]) -> dict[str, Any]:
    """The record of the finished deals (``deals`` empty before the first deal ends), the
    profile named as ``portable_profile`` says, ``meta.live_table`` the table's id."""
    return {"profile": portable_profile(state), "players": list(state["players"]),
            "deals": [{"hands": d["hands"], "moves": d["moves"], "proof": d["proof"]}
                      for d in state["finished"]],
            "meta": {"live_table": state["id"]}}
