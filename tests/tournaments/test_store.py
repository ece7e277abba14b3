"""The tournament tables: migration from the first schema, and the store's guarantees."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bigtwo.rules.profiles import PRESETS
from bigtwo.store import rows
from bigtwo.store.db import Store
from bigtwo.store.migrations import MIGRATIONS
from bigtwo.store.rows import NewRecord


def test_a_version_1_database_migrates_and_keeps_its_profiles(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    old = Store(path)
    with old.write() as db:
        MIGRATIONS[0](db)
        old.conn.execute("PRAGMA user_version = 1")
        db["profiles"].insert({"id": "p-1", "hash": "h", "name": "n", "declaration": "{}",
                               "resolved": "{}", "created_at": "t"})
    old.close()
    store = Store(path)
    assert store.migrate() == len(MIGRATIONS) and store.schema_version == len(MIGRATIONS)
    assert store.profiles.listing()[0]["id"] == "p-1"
    assert store.tournaments.listing() == []
    assert store.migrate() == len(MIGRATIONS)  # running again at the next start is a no-op


def test_records_need_an_existing_tournament(tmp_path: Path) -> None:
    store = Store(tmp_path / "fk.db")
    store.migrate()
    report = {"valid": True, "engine": "1.0.0", "deals": [], "errors": []}
    with pytest.raises(sqlite3.IntegrityError):
        store.tournaments.add_records("t-missing", [NewRecord("sha256:x", {"deals": []}, report, "h")])


def test_a_failed_batch_leaves_nothing_behind(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path / "tx.db")
    store.migrate()
    tid, _ = store.tournaments.create("T", PRESETS["casual"])
    report = {"valid": True, "engine": "1.0.0", "deals": [], "errors": []}
    good = NewRecord("sha256:a", {"deals": []}, report, "h")
    # The second record's report cannot be stored: the first must not stay either.
    broken = NewRecord("sha256:b", {"deals": []}, {**report, "valid": None, "deals": None}, "h")
    with pytest.raises(TypeError):
        store.tournaments.add_records(tid, [good, broken])
    assert store.tournaments.list_records(tid)[1] == 0
    assert rows.record_id(tid, "sha256:a") == store.tournaments.add_records(tid, [good])[0][0]


def test_token_matches_tells_own_other_and_unknown(tmp_path: Path) -> None:
    store = Store(tmp_path / "tok.db")
    store.migrate()
    a, token_a = store.tournaments.create("A", PRESETS["casual"])
    b, token_b = store.tournaments.create("B", PRESETS["casual"])
    assert store.tournaments.token_matches(a, token_a) is True
    assert store.tournaments.token_matches(a, token_b) is False
    assert store.tournaments.token_matches(a, "b2t_guess") is None
    assert store.tournaments.token_matches("t-missing", token_a) is False
