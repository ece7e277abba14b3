"""The fuzz suite's store probe reuses its last snapshot only while nothing was committed."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.fuzz.store_probe import snapshot

TABLES = ("CREATE TABLE profiles (id, hash, name); "
          "CREATE TABLE tournaments (id, name, profile_id, token_hash); "
          "CREATE TABLE records (id, tournament_id, record, report, valid)")


def test_a_commit_by_another_connection_shows_in_the_next_snapshot(tmp_path: Path) -> None:
    db = str(tmp_path / "store.db")
    writer = sqlite3.connect(db, isolation_level=None)
    writer.executescript(TABLES)
    empty = snapshot(db)
    assert empty[:3] == (0, 0, 0) and snapshot(db) == empty
    writer.execute("INSERT INTO records VALUES ('r-1', 't-1', '{}', '{}', 1)")
    one = snapshot(db)
    assert one[:3] == (0, 0, 1) and one != empty
    # The same counts, another byte: the digest sees it.
    writer.execute("UPDATE records SET report = '{\"valid\": true}'")
    assert snapshot(db)[:3] == (0, 0, 1) and snapshot(db) != one
    writer.execute("BEGIN")
    writer.execute("DELETE FROM records")
    assert snapshot(db)[:3] == (0, 0, 1)  # not committed: not there for anyone else
    writer.execute("COMMIT")
    assert snapshot(db) == empty
    writer.close()


def test_a_store_replaced_at_the_same_path_is_read_again(tmp_path: Path) -> None:
    db = tmp_path / "store.db"
    for n in (0, 2):
        db.unlink(missing_ok=True)
        conn = sqlite3.connect(db, isolation_level=None)
        conn.executescript(TABLES)
        conn.executemany("INSERT INTO profiles VALUES (?, 'h', 'n')", [(i,) for i in range(n)])
        conn.close()
        assert snapshot(str(db))[0] == n
