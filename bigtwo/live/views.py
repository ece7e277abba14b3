"""What a seat, or a spectator, sees of a table (docs/TABLES.md, "What a seat sees") and of
its events. Nothing here reads another seat's unplayed cards before its deal ends: a view
takes the viewer's own hand only, an event adds only its viewer's ``private`` part."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from bigtwo.live.deals import in_order
from bigtwo.live.judge import profile_of, replay_running
from bigtwo.live.state import PLAYING, Event
from bigtwo.reports.messages import combo_label
from bigtwo.rules import cards
from bigtwo.rules.choices import Timeouts
from bigtwo.rules.multiset.table import MultisetTable
from bigtwo.rules.position import position, table_names
from bigtwo.rules.replay import live_penalties
from bigtwo.rules.table import Table


def iso(at: float | None) -> str | None:
    """Epoch seconds as ISO 8601 in UTC (``2026-12-07T02:30:00.250Z``)."""
    if at is None:
        return None
    return datetime.fromtimestamp(at, tz=UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def for_viewer(event: Event, seat: int | None) -> dict[str, Any]:
    """The event as ``seat`` sees it (None: a spectator): ``{"id", "type", "data"}``."""
    data = dict(event.data)
    if seat is not None and seat in event.private:
        data.update(event.private[seat])
    return {"id": event.n, "type": event.type, "data": data}


def _held(table: Table, seat: int) -> list[int]:
    if isinstance(table, MultisetTable):
        bag = table.bags[seat]
        return [c for c in range(len(bag)) for _ in range(bag[c])]
    mask = table.hands[seat]
    return [c for c in range(cards.DECK_SIZE) if mask >> c & 1]


def _last_play_seat(moves: list[dict[str, Any]]) -> int | None:
    for m in reversed(moves):
        if m.get("play"):
            return int(m["seat"])
    return None


def view(state: dict[str, Any], seat: int | None, lang: str) -> dict[str, Any]:
    """The table as ``seat`` sees it (None: a spectator), with the labels in ``lang``."""
    profile = profile_of(state)
    running = state["running"]
    out: dict[str, Any] = {
        "id": state["id"], "profile_id": state["profile_id"], "players": state["players"],
        "bots": state["bots"], "fairness": state["fairness"],
        "clock": None if state["turn_seconds"] is None else {"turn_seconds": state["turn_seconds"]},
        "deals": state["deals_limit"],
        "status": state["status"], "deal": state["deal"], "version": state["version"],
        "events": state["events"], "turn": None, "table": None,
        "cards_left": None, "moves": [], "penalties_now": None,
        "totals": state["totals"], "winners": state["winners"],
        "deadline": iso(state["deadline"]) if state["turn_seconds"] is not None else None,
        "commitment": None if running is None else running["commitment"],
        "entropy": None if running is None else sorted(int(s) for s in running["entropy"]),
        "created": state["created"],
    }
    at: dict[str, Any] | None = None
    table: Table | None = None
    if state["status"] == PLAYING and running is not None and running["hands"] is not None:
        judged = replay_running(state)
        table = judged.table
        assert table is not None
        # The listing (the dear part) only for the seat to move: a spectator's view, or
        # another seat's, reads the same penalties without it.
        if seat is not None and seat == table.current and seat not in state["bots"]:
            at = position(table)
        on_table = table.on_table
        out["turn"] = table.current
        out["cards_left"] = list(table.counts)
        out["moves"] = running["moves"]
        out["penalties_now"] = at["penalties_now"] if at is not None else live_penalties(table)
        if on_table is not None:
            names = table_names(table, on_table)
            out["table"] = {"seat": _last_play_seat(running["moves"]), "cards": names,
                            "combination": {"type": on_table.kind, "label": combo_label(
                                on_table.kind, names, cards.name(on_table.top), lang)}}
    if seat is None:
        return out
    out["seat"] = seat
    out["hand"] = [] if table is None else in_order(profile, _held(table, seat))
    mine = at is not None and at["seat"] == seat and seat not in state["bots"]
    out["may_pass"] = bool(mine and at and at["may_pass"])
    out["legal_plays"] = at["legal_plays"] if mine and at else []
    out["legal_plays_cut"] = bool(mine and at and at["legal_plays_cut"])
    if profile.timeouts is Timeouts.PASS:
        out["may_time_out"] = bool(mine and at and at["may_time_out"])
    return out
