"""The embedded SQLite store (sqlite-utils): schema migrations, profiles, and the write path.

Durability and concurrency choices, all deliberate:
- WAL journal with ``synchronous=FULL``: a commit that returned is on disk, even if the
  process is killed a moment later; readers never block the writer.
- Every write runs in ``BEGIN IMMEDIATE`` so that two gunicorn workers queue on the write
  lock (``busy_timeout``) instead of failing with "database is locked" on lock upgrade.
- Migrations run at start inside the same kind of transaction, keyed on ``user_version``.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlite_utils

from bigtwo.profiles import Profile

DEFAULT_DB = "var/bigtwo.db"
BUSY_TIMEOUT_MS = 30_000


def default_db_path() -> str:
    return os.environ.get("BIGTWO_DB", DEFAULT_DB)


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _v1(db: sqlite_utils.Database) -> None:
    db["profiles"].create(
        {"id": str, "hash": str, "name": str, "declaration": str, "resolved": str, "created_at": str},
        pk="id",
    )
    db["profiles"].create_index(["hash"], unique=True)


# Each entry moves the schema one version up; append, never edit, once released.
MIGRATIONS: list[Callable[[sqlite_utils.Database], None]] = [_v1]


class Store:
    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                               check_same_thread=False)
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        self.conn = conn
        self.db = sqlite_utils.Database(conn)

    def close(self) -> None:
        self.conn.close()

    @contextmanager
    def write(self) -> Iterator[sqlite_utils.Database]:
        """One all-or-nothing write transaction, queued behind other writers."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        else:
            self.conn.execute("COMMIT")

    @property
    def schema_version(self) -> int:
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    def migrate(self) -> int:
        with self.write() as db:
            version = self.schema_version
            for step in MIGRATIONS[version:]:
                step(db)
            self.conn.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")
        return len(MIGRATIONS)

    def ping(self) -> bool:
        return self.conn.execute("SELECT 1").fetchone()[0] == 1

    # --- profiles ------------------------------------------------------------------------
    def profile_declaration(self, profile_id: str) -> Mapping[str, Any] | None:
        """The stored profile as a complete declaration: its resolved rules, frozen at the time
        it was declared, so a later change to a preset it extended cannot change its meaning."""
        row = self.conn.execute("SELECT resolved FROM profiles WHERE id = ?", [profile_id]).fetchone()
        if row is None:
            return None
        resolved = json.loads(row[0])
        resolved.pop("id", None)
        resolved.pop("hash", None)
        return resolved

    def put_profile(self, declaration: Mapping[str, Any], profile: Profile) -> bool:
        """Store a declared profile under its hash-derived id; False when it was already there."""
        with self.write() as db:
            if self.conn.execute("SELECT 1 FROM profiles WHERE id = ?", [profile.id]).fetchone():
                return False
            db["profiles"].insert({
                "id": profile.id,
                "hash": profile.hash,
                "name": profile.name,
                "declaration": json.dumps(declaration, sort_keys=True, ensure_ascii=False),
                "resolved": json.dumps(profile.as_dict(), sort_keys=True, ensure_ascii=False),
                "created_at": now(),
            })
        return True

    def list_profiles(self) -> list[dict[str, Any]]:
        rows = self.conn.execute("SELECT id, name, hash FROM profiles ORDER BY created_at, id")
        return [{"id": r[0], "name": r[1], "hash": r[2]} for r in rows]
