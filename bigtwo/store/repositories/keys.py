"""Creation keys (``BIGTWO_CREATION=keys``): who may create tournaments and declare profiles."""

from __future__ import annotations

import secrets
from typing import Any

from bigtwo.store import clock
from bigtwo.store.repositories.base import Repository
from bigtwo.store.tokens import token_hash


class CreationKeys(Repository):
    def create(self, label: str) -> tuple[str, str]:
        """A new creation key: ``(id, key)``. The key is returned here and nowhere else; only
        its SHA-256 is stored, as for tournament tokens."""
        key_id = "k-" + secrets.token_hex(6)
        key = "b2k_" + secrets.token_urlsafe(32)
        with self.write() as db:
            db.table("creation_keys").insert({"id": key_id, "key_hash": token_hash(key),
                                        "label": label, "created_at": clock.now(),
                                        "revoked_at": None})
        return key_id, key

    def listing(self) -> list[dict[str, Any]]:
        """Every creation key, oldest first: ``{id, label, created_at, revoked_at}``."""
        rows = self.conn.execute("SELECT id, label, created_at, revoked_at FROM creation_keys "
                                 "ORDER BY created_at, id")
        return [{"id": r[0], "label": r[1], "created_at": r[2], "revoked_at": r[3]} for r in rows]

    def revoke(self, key_id: str) -> bool:
        """Revoke a key (kept, marked); False when there is no such key or it was revoked."""
        with self.write():
            done = self.conn.execute("UPDATE creation_keys SET revoked_at = ? "
                                     "WHERE id = ? AND revoked_at IS NULL", [clock.now(), key_id])
        return done.rowcount == 1

    def valid(self, key: str) -> bool:
        """Whether ``key`` is a creation key that was issued and not revoked."""
        row = self.conn.execute("SELECT revoked_at FROM creation_keys WHERE key_hash = ?",
                                [token_hash(key)]).fetchone()
        return row is not None and row[0] is None
