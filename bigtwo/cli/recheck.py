"""``bigtwo tournament recheck ID``: re-rule a tournament's stale reports, on Dask if asked.

A stored report is stale when another engine version made it, or when its profile no longer
resolves to the hash it was checked with (``tournaments.Freshness``, the same test the API
applies when it reads a record). Reading a record refreshes it one at a time; after an
engine upgrade this command does the whole tournament up front, in batches: each batch is
checked (in this process, or by a Dask worker) and written back in one transaction, so an
interrupted recheck leaves whole batches done and the rest still stale, to be resumed.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from typing import Any, TypedDict

import click

from bigtwo.batch.cluster import CheckSpec, Rechecked, recheck_records
from bigtwo.batch.scans import profile_ids
from bigtwo.batch.window import in_flight
from bigtwo.cli.cluster import client_for, require_extra, stored_profiles
from bigtwo.cli.shared.language import gettext, lang_option
from bigtwo.cli.shared.output import echo_json
from bigtwo.store import tournaments
from bigtwo.store.connection import StoreMissing
from bigtwo.store.db import Store
from bigtwo.store.paths import default_db_path

DEFAULT_BATCH = 200
# Batches in flight per worker: enough to keep every worker busy while the driver writes,
# few enough that the driver never holds much more than that of the tournament in memory.
IN_FLIGHT_PER_WORKER = 3


class RecheckCounts(TypedDict):
    tournament: str
    records: int
    stale: int
    rechecked: int
    valid: int
    invalid: int
    unreplayable: int
    batches: int


def stale_ids(store: Store, tournament_id: str) -> tuple[dict[str, Any], list[str], int]:
    """The tournament, the ids of its stale records in upload order, and its record count."""
    found = store.tournaments.get(tournament_id)
    if found is None:
        raise tournaments.not_found("tournament", tournament_id)
    freshness = tournaments.Freshness(store, found["profile_id"])
    versions = store.tournaments.record_versions(tournament_id)
    stale = [v["id"] for v in versions
             if freshness.stale(v["engine"], v["profile_hash"], v["profile_ref"])]
    return found, stale, len(versions)


def referenced(store: Store, tournament_id: str) -> set[str]:
    """The stored profile ids a tournament's records can need: its own, and every one its
    records name (by id, or as the parent of an inline declaration)."""
    found = store.tournaments.get(tournament_id)
    named = {found["profile_id"]} if found is not None else set()
    for version in store.tournaments.record_versions(tournament_id):
        if version["profile_ref"] is not None:
            named |= profile_ids(json.dumps(version["profile_ref"]))
    return named


def _batches(store: Store, ids: list[str], size: int) -> Iterator[list[tuple[str, Any]]]:
    for at in range(0, len(ids), size):
        batch = []
        for rid in ids[at:at + size]:
            row = store.tournaments.get_record(rid)
            if row is not None:
                batch.append((rid, row["record"]))
        yield batch


def recheck(store: Store, tournament_id: str, *, batch_size: int = DEFAULT_BATCH,
            client: Any = None, workers: int = 1,
            on_batch: Callable[[int], None] | None = None) -> RecheckCounts:
    """Recheck the stale records; with a Dask ``client`` the batches run on its workers."""
    found, ids, total = stale_ids(store, tournament_id)
    spec = CheckSpec(default_profile=found["profile_id"],
                     profiles=stored_profiles(referenced(store, tournament_id), store))
    counts: RecheckCounts = {"tournament": tournament_id, "records": total, "stale": len(ids),
                             "rechecked": 0, "valid": 0, "invalid": 0, "unreplayable": 0,
                             "batches": 0}

    def write(results: list[Rechecked]) -> None:
        updates = []
        for item in results:
            if item.report is None or item.profile_hash is None:
                counts["unreplayable"] += 1  # keeps its last report, as on read
                continue
            updates.append((item.id, item.report, item.profile_hash))
            counts["valid" if item.report["valid"] else "invalid"] += 1
        store.tournaments.replace_reports(updates)  # one transaction
        counts["rechecked"] += len(updates)
        counts["batches"] += 1
        if on_batch is not None:
            on_batch(len(results))

    batches = _batches(store, ids, batch_size)
    if client is None:
        for batch in batches:
            write(recheck_records(batch, spec))
        return counts
    for results in in_flight(client, recheck_records, batches,
                             max(1, workers) * IN_FLIGHT_PER_WORKER, spec):
        write(results)
    return counts


@click.command("recheck")
@click.argument("tournament_id")
@click.option("--workers", type=click.IntRange(1, 1024), metavar="N",
              help="Recheck on a local Dask cluster of N worker processes (cluster extra).")
@click.option("--scheduler", metavar="URL", help="Recheck on an existing Dask cluster.")
@click.option("--batch-size", type=click.IntRange(1, 100_000), default=DEFAULT_BATCH,
              show_default=True, help="Records per batch (one transaction each).")
@lang_option("Language of the command's lines for people", expose=False)
def recheck_command(tournament_id: str, workers: int | None, scheduler: str | None,
                    batch_size: int) -> None:
    """Recompute the tournament's stale reports (another engine or profile version made
    them) and store them, one transaction per batch. Works on the local store (BIGTWO_DB).

    Prints counts as JSON: records, stale, rechecked, valid, invalid, unreplayable (records
    that no longer replay keep their last report), batches."""
    if workers is not None and scheduler is not None:
        raise click.UsageError("give --workers N (a local cluster) or --scheduler URL, not both")
    if workers is not None or scheduler is not None:
        require_extra("--scheduler" if scheduler else "--workers")
    try:
        store = Store(default_db_path(), create=False)  # a recheck never makes a new store
    except StoreMissing as exc:
        click.echo(gettext("error: no store at {path} (`bigtwo tournament where` says which "
                           "file is used)", path=exc.path), err=True)
        sys.exit(2)
    store.migrate()
    show = sys.stderr.isatty()
    try:
        with _progress(store, tournament_id, show) as on_batch:
            if workers is None and scheduler is None:
                counts = recheck(store, tournament_id, batch_size=batch_size, on_batch=on_batch)
            else:
                with client_for(workers, scheduler) as client:
                    size = workers or len(client.scheduler_info().get("workers", {})) or 1
                    counts = recheck(store, tournament_id, batch_size=batch_size,
                                     client=client, workers=size, on_batch=on_batch)
    except tournaments.TournamentError as exc:
        # TRANSLATORS: {title} and {detail} are the service's (the API's problem document).
        click.echo(gettext("error: {title}: {detail}", title=exc.title, detail=exc.detail),
                   err=True)
        sys.exit(2)
    finally:
        store.close()
    echo_json(counts)


class _progress:
    """A bar over the stale records on a terminal; nothing otherwise."""

    def __init__(self, store: Store, tournament_id: str, show: bool) -> None:
        self.store, self.tournament_id, self.show = store, tournament_id, show
        self.bar: Any = None

    def __enter__(self) -> Callable[[int], None] | None:
        if not self.show or self.store.tournaments.get(self.tournament_id) is None:
            return None
        _, ids, _ = stale_ids(self.store, self.tournament_id)
        # TRANSLATORS: a progress bar's label.
        self.bar = click.progressbar(length=len(ids), label=gettext("rechecking"), file=sys.stderr)
        self.bar.__enter__()
        return self.bar.update  # type: ignore[no-any-return]

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)
