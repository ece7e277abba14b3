"""What the fuzz suite compares around a failed request: a digest of everything stored."""

from __future__ import annotations

import hashlib
import sqlite3


def snapshot(db: str) -> tuple[int, int, int, str]:
    """Profiles, tournaments and records counted, and a digest of every stored row, so that
    a failed request that changed anything (a row, a report, a name) shows."""
    with sqlite3.connect(db) as conn:
        digest = hashlib.sha256()
        counts = []
        for table, columns in (("profiles", "id, hash, name"),
                               ("tournaments", "id, name, profile_id, token_hash"),
                               ("records", "id, tournament_id, record, report, valid")):
            rows = conn.execute(f"SELECT {columns} FROM {table} ORDER BY 1").fetchall()
            counts.append(len(rows))
            for row in rows:
                digest.update(repr(row).encode("utf-8", "surrogatepass"))
    return counts[0], counts[1], counts[2], digest.hexdigest()
