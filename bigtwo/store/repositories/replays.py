"""Replays shared by link (``bigtwo.store.replays`` decides what is shared; this keeps them),
and what each client without a creation key holds of them."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bigtwo.formats.jsonin import dumps_stored, loads_stored
from bigtwo.store import clock
from bigtwo.store.repositories.base import Repository

HOUR = 3600.0


@dataclass(frozen=True, slots=True)
class Bounds:
    """What a share may take: the store's totals and, for a client without a key (a
    ``holder``), its own totals and hourly count, and what keyless clients hold together."""

    max_count: int
    max_bytes: int
    holder_count: int
    holder_bytes: int
    holder_per_hour: int
    keyless_count: int
    keyless_bytes: int


class SharedReplays(Repository):
    _secret: bytes | None = None

    def holder(self, network: str) -> str:
        """The keyed hash a client's network is kept as: never the address itself."""
        if self._secret is None:
            row = self.conn.execute(
                "SELECT value FROM store_secrets WHERE name = 'share_holder'").fetchone()
            self._secret = bytes.fromhex(row[0])
        return "net-" + hmac.new(self._secret, network.encode(), hashlib.sha256).hexdigest()[:32]

    def refusal(self, holder: str | None, size: int, bounds: Bounds) -> str | None:
        """Why a share of ``size`` bytes by ``holder`` (None: a key holder) cannot be stored:
        ``"full"`` (the store, or the keyless part of it), ``"allowance"`` (what the holder
        may hold) or ``"hourly"``; None when it can."""
        count, used = self.conn.execute(
            "SELECT count(*), coalesce(sum(bytes), 0) FROM shared_replays").fetchone()
        if count + 1 > bounds.max_count or used + size > bounds.max_bytes:
            return "full"
        if holder is None:
            return None
        held, held_bytes = self.conn.execute(
            "SELECT count(*), coalesce(sum(bytes), 0) FROM shared_replays WHERE holder = ?",
            [holder]).fetchone()
        if held + 1 > bounds.holder_count or held_bytes + size > bounds.holder_bytes:
            return "allowance"
        recent = self.conn.execute(
            "SELECT count(*) FROM shared_replays WHERE holder = ? AND created_at > ?",
            [holder, clock.ago(HOUR)]).fetchone()[0]
        if recent + 1 > bounds.holder_per_hour:
            return "hourly"
        keyless, keyless_bytes = self.conn.execute(
            "SELECT count(*), coalesce(sum(bytes), 0) FROM shared_replays "
            "WHERE holder IS NOT NULL").fetchone()
        if keyless + 1 > bounds.keyless_count or keyless_bytes + size > bounds.keyless_bytes:
            return "full"
        return None

    def known(self, replay_id: str) -> bool:
        return self.conn.execute("SELECT 1 FROM shared_replays WHERE id = ?",
                                 [replay_id]).fetchone() is not None

    def put(self, replay_id: str, record: Mapping[str, Any], complete: bool,
            profile_id: str, *, bounds: Bounds, holder: str | None = None) -> str:
        """Store a shared replay unless it is there: ``"created"``, ``"known"``, or why it was
        refused (``refusal``; nothing is evicted: a link once given keeps working). The
        bounds are checked in the write transaction, so racing shares cannot pass them."""
        text = dumps_stored(record)
        size = len(text.encode("utf-8"))
        with self.write() as db:
            if self.known(replay_id):
                return "known"
            refused = self.refusal(holder, size, bounds)
            if refused is not None:
                return refused
            db.table("shared_replays").insert({"id": replay_id, "record": text,
                                               "complete": int(complete),
                                               "profile_id": profile_id, "bytes": size,
                                               "created_at": clock.now(), "holder": holder})
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
