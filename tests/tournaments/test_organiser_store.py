"""The store behind the organiser tools: the migration that adds withdrawals, the audit log
and meta columns loses nothing; a withdrawal or replacement that fails changes nothing; the
store path is resolved once, never from the current folder, and a read never creates a store
(issue 17, points 3 and 4)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bigtwo.rules.profiles import PRESETS
from bigtwo.store import paths, tournaments, withdrawals
from bigtwo.store.connection import StoreMissing
from bigtwo.store.db import Store
from bigtwo.store.migrations import MIGRATIONS
from bigtwo.store.paths import resolve_db_path
from bigtwo.store.repositories.tournaments import Tournaments
from bigtwo.store.rows import NewRecord
from bigtwo.store.tokens import token_hash
from tests.fuzz.store_probe import snapshot
from tests.tournaments.helpers import simulated

REPORT = {"valid": True, "engine": "2.0.0", "deals": [], "errors": [], "totals": [0, 0, 0, 0]}


def _before_withdrawals(path: Path) -> Store:
    """A database as the migration before withdrawals left it."""
    old = Store(path)
    with old.write() as db:
        for step in MIGRATIONS[:5]:
            step(db)
        old.conn.execute("PRAGMA user_version = 5")
    return old


def _records(path: Path) -> list[tuple[Any, ...]]:
    from bigtwo.store.rows import unpack_report

    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT id, tournament_id, record, report, valid FROM records "
                            "ORDER BY id").fetchall()
    return [(rid, tid, record, unpack_report(report), valid)
            for rid, tid, record, report, valid in rows]


def test_the_migration_keeps_every_record_and_fills_meta(tmp_path: Path) -> None:
    path = tmp_path / "v5.db"
    old = _before_withdrawals(path)
    tid, _ = old.tournaments.create("T", PRESETS["casual"])
    metas: list[Any] = [{"table": 7, "round": "semi-final"}, {"table": "x" * 101}, None,
                        {"round": 2, "table": True}]
    with old.write() as db:
        for n, meta in enumerate(metas):
            doc: dict[str, Any] = {"deals": []}
            if meta is not None:
                doc["meta"] = meta
            db["records"].insert({
                "id": f"r-{n}", "tournament_id": tid, "content_hash": f"h{n}",
                "record": json.dumps(doc), "report": json.dumps(REPORT), "valid": 1,
                "players": None, "deal_count": 0, "error_count": 0, "engine": "2.0.0",
                "profile_hash": PRESETS["casual"].hash, "received_at": "t"})
    before = _records(path)
    old.close()
    store = Store(path)
    assert store.migrate() == len(MIGRATIONS)
    # No row lost or changed (a later migration stores reports compressed: compared decoded).
    assert _records(path) == before
    rows, total = store.tournaments.list_records(tid)
    assert total == 4 and [r["id"] for r in rows] == ["r-0", "r-1", "r-2", "r-3"]
    assert [(r["table"], r["round"]) for r in rows] == [
        ("7", "semi-final"), (None, None), (None, None), (None, "2")]
    assert not any(r["withdrawn"] for r in rows)
    assert store.tournaments.audit_page(tid, 10, 0) == ([], 0)


def _store_with_records(tmp_path: Path) -> tuple[Store, str, str, list[str]]:
    store = Store(tmp_path / "s.db")
    store.migrate()
    tid, token = store.tournaments.create("T", PRESETS["casual"])
    tournament = store.tournaments.get(tid)
    assert tournament is not None
    ids = [i["id"] for i in tournaments.upload(store, tournament,
                                           {"records": simulated(2, seed=4)}).items]
    return store, tid, token, ids


def test_a_withdrawal_whose_audit_entry_fails_changes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store, tid, token, ids = _store_with_records(tmp_path)
    before = snapshot(store.path)

    def broken_audit(self: Tournaments, db: Any, entry: Any) -> None:
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(Tournaments, "_audit", broken_audit)
    with pytest.raises(RuntimeError):
        withdrawals.withdraw(store, tid, ids[0], f"Bearer {token}", "why", "me")
    assert snapshot(store.path) == before
    summary = store.tournaments.record_summary(tid, ids[0])
    assert summary is not None and summary["withdrawn"] is False
    assert store.tournaments.audit_page(tid, 10, 0)[1] == 0


def test_a_replacement_whose_audit_entry_fails_stores_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store, tid, token, ids = _store_with_records(tmp_path)
    before = snapshot(store.path)
    monkeypatch.setattr(Tournaments, "_audit", lambda self, db, entry: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        withdrawals.replace(store, tid, ids[0], f"Bearer {token}", simulated(1, seed=99)[0])
    assert snapshot(store.path) == before
    assert store.tournaments.list_records(tid)[1] == 2


def test_a_replacement_inside_one_transaction_keeps_both_records(tmp_path: Path) -> None:
    store, tid, token, ids = _store_with_records(tmp_path)
    new = NewRecord("sha256:new", {"deals": []}, REPORT, PRESETS["casual"].hash)
    new_id, created = store.tournaments.replace(tid, ids[0], new, token_digest=token_hash(token))
    assert created
    rows = {r["id"]: r for r in store.tournaments.list_records(tid)[0]}
    assert set(rows) == {*ids, new_id}  # nothing deleted
    assert rows[ids[0]]["replaced_by"] == new_id and rows[new_id]["replaces"] == ids[0]
    assert [r["id"] for r in store.tournaments.valid_reports(tid)] == [ids[1], new_id]


# --- where the store is ---------------------------------------------------------------------
CHECKOUT = Path("/src/bigtwo")


@pytest.mark.parametrize(("explicit", "env", "checkout", "path", "source"), [
    ("/x/given.db", {"BIGTWO_DB": "/y/env.db"}, CHECKOUT, "/x/given.db", "--db"),
    (None, {"BIGTWO_DB": "/y/env.db"}, CHECKOUT, "/y/env.db", "BIGTWO_DB"),
    (None, {}, CHECKOUT, "/src/bigtwo/var/bigtwo.db", "checkout"),
    (None, {"XDG_DATA_HOME": "/home/o/.data"}, None, "/home/o/.data/bigtwo/bigtwo.db",
     "user data"),
    (None, {"BIGTWO_DB": ""}, CHECKOUT, "/src/bigtwo/var/bigtwo.db", "checkout"),
])
def test_the_store_path_is_resolved_in_one_documented_order(
        monkeypatch: pytest.MonkeyPatch, explicit: str | None, env: dict[str, str],
        checkout: Path | None, path: str, source: str) -> None:
    monkeypatch.setattr(paths, "checkout_root", lambda: checkout)
    where = resolve_db_path(explicit, env)
    assert (where.path, where.source) == (Path(path), source)


def test_a_relative_path_is_made_absolute_once(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert resolve_db_path(None, {"BIGTWO_DB": "club.db"}).path == tmp_path / "club.db"


def test_the_checkout_is_the_one_the_code_runs_from_not_the_current_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    root = paths.checkout_root()
    assert root is not None and (root / "bigtwo" / "store" / "db.py").is_file()
    assert resolve_db_path(None, {}).path == root / "var" / "bigtwo.db"


def test_opening_a_missing_store_for_reading_creates_nothing(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "none.db"
    with pytest.raises(StoreMissing) as caught:
        Store(path, create=False)
    assert caught.value.path == str(path)
    assert not path.exists() and not path.parent.exists()
    Store(path).close()  # writing may create it
    assert path.is_file()
    Store(path, create=False).close()


def test_the_migration_runs_again_over_its_own_schema(tmp_path: Path) -> None:
    """A store whose version number was set back (a restored backup) migrates again."""
    store, tid, token, ids = _store_with_records(tmp_path)
    withdrawals.withdraw(store, tid, ids[0], f"Bearer {token}")
    before = snapshot(store.path)
    store.conn.execute("PRAGMA user_version = 5")
    assert store.migrate() == len(MIGRATIONS)
    assert snapshot(store.path) == before and store.tournaments.audit_page(tid, 10, 0)[1] == 1
    summary = store.tournaments.record_summary(tid, ids[0])
    assert summary is not None and summary["withdrawn"] is True


def test_a_recheck_of_a_missing_store_creates_nothing(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from bigtwo.cli.main import main

    path = tmp_path / "none" / "bigtwo.db"
    result = CliRunner(env={"BIGTWO_DB": str(path)}).invoke(main, ["tournament", "recheck", "t-x"])
    assert result.exit_code == 2 and f"no store at {path}" in result.stderr
    assert not path.parent.exists()
