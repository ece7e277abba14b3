"""The shared fixtures' short cuts (tests/conftest.py) give each test what it would get
without them: a store copied from one migrated once is the store a migration makes, but for
its own random secrets."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bigtwo.store.db import Store
from tests.conftest import fresh_store


def contents(db: Path) -> tuple[list[tuple[str, str, str]], int, str, list[tuple[str, ...]]]:
    """The schema, version, journal mode and secrets' names of the store at ``db``."""
    with sqlite3.connect(db) as conn:
        schema = conn.execute("SELECT type, name, sql FROM sqlite_master ORDER BY name").fetchall()
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
        names = conn.execute("SELECT name FROM store_secrets ORDER BY name").fetchall()
    return schema, version, mode, names


def secrets(db: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT name, value FROM store_secrets ORDER BY name").fetchall()


def test_a_copied_store_is_a_migrated_one_with_secrets_of_its_own(tmp_path: Path) -> None:
    migrated = tmp_path / "migrated.db"
    store = Store(str(migrated))
    store.migrate()
    store.close()
    first, second = tmp_path / "a.db", tmp_path / "b.db"
    fresh_store(str(first))
    fresh_store(str(second))
    assert contents(first) == contents(second) == contents(migrated)
    assert contents(first)[3], "the store keeps secrets"
    values = [dict(secrets(db)) for db in (first, second, migrated)]
    assert all(len(v) == 64 and int(v, 16) >= 0 for found in values for v in found.values())
    for name in values[0]:
        assert len({found[name] for found in values}) == 3, name


def test_a_store_already_there_keeps_its_rows(tmp_path: Path) -> None:
    db = tmp_path / "kept.db"
    fresh_store(str(db))
    with sqlite3.connect(db) as conn:
        conn.execute("INSERT INTO store_secrets (name, value) VALUES ('mine', 'x')")
    before = secrets(db)
    fresh_store(str(db))
    assert secrets(db) == before
