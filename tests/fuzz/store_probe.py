"""What the fuzz suite compares around a failed request: a digest of everything stored."""

from __future__ import annotations

import hashlib
import os
import sqlite3

Snapshot = tuple[int, int, int, str]

# The store read last, on a connection kept open: SQLite's data_version changes on that
# connection exactly when another connection has committed to the file, so a snapshot taken
# again with no commit between (the property tests take one around every request, and most
# requests store nothing) is the one already read. The key has the file's identity too, so a
# store replaced at the same path is read afresh.
_last: tuple[tuple[str, int, int], sqlite3.Connection, int, Snapshot] | None = None


def _read(conn: sqlite3.Connection) -> Snapshot:
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


def snapshot(db: str) -> Snapshot:
    """Profiles, tournaments and records counted, and a digest of every stored row, so that
    a failed request that changed anything (a row, a report, a name) shows."""
    global _last
    found = os.stat(db)
    key = (os.path.realpath(db), found.st_dev, found.st_ino)
    if _last is not None and _last[0] == key:
        _, conn, version, taken = _last
        if conn.execute("PRAGMA data_version").fetchone()[0] == version:
            return taken
    if _last is not None:
        _last[1].close()
        _last = None
    conn = sqlite3.connect(db)
    version = conn.execute("PRAGMA data_version").fetchone()[0]
    conn.execute("BEGIN")  # one read transaction: the rows and the version agree
    try:
        taken = _read(conn)
    finally:
        conn.rollback()
    _last = (key, conn, version, taken)
    return taken
