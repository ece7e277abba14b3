"""Replays shared by link (``bigtwo.store.replays`` decides what is shared; this keeps them)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bigtwo.records.jsonin import dumps_stored, loads_stored
from bigtwo.store import clock
from bigtwo.store.repositories.base import Repository


class SharedReplays(Repository):
    def put(self, replay_id: str, record: Mapping[str, Any], complete: bool,
                          profile_id: str, *, max_count: int, max_bytes: int) -> str:
        """Store a shared replay unless it is there: ``"created"``, ``"known"``, or ``"full"``
        when storing it would pass ``max_count`` replays or ``max_bytes`` in all (nothing is
        evicted: a link once given keeps working)."""
        text = dumps_stored(record)
        size = len(text.encode("utf-8"))
        with self.write() as db:
            if self.conn.execute("SELECT 1 FROM shared_replays WHERE id = ?",
                                 [replay_id]).fetchone():
                return "known"
            count, used = self.conn.execute(
                "SELECT count(*), coalesce(sum(bytes), 0) FROM shared_replays").fetchone()
            if count + 1 > max_count or used + size > max_bytes:
                return "full"
            db.table("shared_replays").insert({"id": replay_id, "record": text,
                                         "complete": int(complete), "profile_id": profile_id,
                                         "bytes": size, "created_at": clock.now()})
        return "created"

    def get(self, replay_id: str) -> dict[str, Any] | None:
        """``{id, record, complete, profile_id, created_at}`` or None."""
        row = self.conn.execute(
            "SELECT id, record, complete, profile_id, created_at FROM shared_replays WHERE id = ?",
            [replay_id]).fetchone()
        if row is None:
            return None
        return {"id": row[0], "record": loads_stored(row[1]), "complete": bool(row[2]),
                "profile_id": row[3], "created_at": row[4]}
