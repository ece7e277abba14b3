"""`bigtwo tournament recheck ID [--workers N | --scheduler URL]`: stale reports recomputed in
parallel, each batch written back in one transaction, the results those of a fresh check."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo import ENGINE_VERSION
from bigtwo.cli.main import main
from bigtwo.records.pipeline import check_record
from bigtwo.store import tournaments
from bigtwo.store.db import Store
from bigtwo.store.repositories.tournaments import Tournaments
from bigtwo.store.rows import pack_report, unpack_report
from tests.tournaments.helpers import broken, simulated

RECORDS = 23


@pytest.fixture
def stale_tournament(tmp_path: Path) -> tuple[Path, str, list[dict[str, Any]]]:
    """A tournament of valid and invalid records whose reports an old engine made."""
    db = tmp_path / "t.db"
    store = Store(db)
    store.migrate()
    made = tournaments.create(store, {"name": "Season", "profile": "casual"})
    records = simulated(RECORDS, seed=3)
    records[4], records[9] = broken(records[4]), broken(records[9])
    tournament = store.tournaments.get(made["id"])
    assert tournament is not None
    tournaments.upload(store, tournament, {"records": records})
    with store.write() as conn:  # what an engine upgrade leaves behind
        for rid, packed in conn.execute("SELECT id, report FROM records").fetchall():
            old = {**unpack_report(packed), "engine": "0.9.0", "errors": []}
            conn.execute("UPDATE records SET engine = '0.9.0', valid = 1, error_count = 0, "
                         "report = ? WHERE id = ?", [pack_report(old), rid])
    fresh = tournaments.Freshness(store, "casual")
    assert all(fresh.stale(v["engine"], v["profile_hash"], v["profile_ref"])
               for v in store.tournaments.record_versions(made["id"]))
    store.close()
    return db, made["id"], records


def _transactions(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    sizes: list[int] = []
    original = Tournaments.replace_reports

    def spy(self: Tournaments, items: list[Any]) -> None:
        sizes.append(len(items))
        original(self, items)

    monkeypatch.setattr(Tournaments, "replace_reports", spy)
    return sizes


@pytest.mark.parametrize("where", ["in-process", "scheduler", "local cluster"])
def test_recheck_rewrites_every_stale_report_in_batches(
        stale_tournament: tuple[Path, str, list[dict[str, Any]]], where: str,
        monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    db, tid, records = stale_tournament
    sizes = _transactions(monkeypatch)
    extra = []
    if where == "scheduler":
        client = request.getfixturevalue("dask_client")
        extra = ["--scheduler", client.scheduler.address]
    elif where == "local cluster":
        extra = ["--workers", "2"]
    import dask

    starting = dask.config.get("distributed.worker.multiprocessing-method", None)
    result = CliRunner(env={"BIGTWO_DB": str(db)}).invoke(
        main, ["tournament", "recheck", tid, "--batch-size", "5", *extra])
    assert result.exit_code == 0, result.output
    # A local cluster forks its workers for its own life only: a cluster this process makes
    # later starts its workers as it was configured to.
    assert dask.config.get("distributed.worker.multiprocessing-method", None) == starting
    counts = json.loads(result.stdout)
    assert counts == {"tournament": tid, "records": RECORDS, "stale": RECORDS,
                      "rechecked": RECORDS, "valid": RECORDS - 2, "invalid": 2,
                      "unreplayable": 0, "batches": 5}
    assert sorted(sizes) == [3, 5, 5, 5, 5]  # one transaction per batch
    store = Store(db)
    rows, _ = store.tournaments.list_records(tid, limit=100)
    for row in rows:
        stored = store.tournaments.get_record(row["id"])
        assert stored is not None
        assert stored["engine"] == ENGINE_VERSION
        assert stored["report"] == check_record(stored["record"], default_profile="casual").report
    # Nothing is stale any more: a second run has nothing to do.
    again = CliRunner(env={"BIGTWO_DB": str(db)}).invoke(main, ["tournament", "recheck", tid])
    assert json.loads(again.stdout)["stale"] == 0
    store.close()


def test_recheck_of_an_unknown_tournament_exits_2(tmp_path: Path) -> None:
    Store(tmp_path / "x.db").migrate()  # a store, without that tournament (none: exit 2 too)
    result = CliRunner(env={"BIGTWO_DB": str(tmp_path / "x.db")}).invoke(
        main, ["tournament", "recheck", "t-nope"])
    assert result.exit_code == 2
    assert "no tournament with id 't-nope'" in result.stderr
