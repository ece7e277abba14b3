"""``bigtwo validate --workers N | --scheduler URL``: the same report lines, computed on Dask.

The distribution itself (blocks, tasks, the spool, the local cluster, results in input
order) is the library's, ``bigtwo.batch.driver``; this module reads the options, gives the
library a progress bar and the stderr lines, says each refusal in the user's language, and
exits with the single process's status.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import click

from bigtwo.batch import errors
from bigtwo.batch.cluster import DEFAULT_BLOCK_BYTES, CheckSpec
from bigtwo.batch.driver import validate_files
from bigtwo.batch.local import client_for as library_client_for
from bigtwo.batch.local import require_extra as library_require_extra
from bigtwo.cli.cluster_options import in_process
from bigtwo.cli.shared.exits import exit_now
from bigtwo.cli.shared.language import Refusal, gettext, ngettext
from bigtwo.cli.shared.verdicts import EXIT_UNREADABLE, exit_status, line_error, summary_line
from bigtwo.rules.profiles import ProfileRef

if TYPE_CHECKING:  # the store is opened only when there is one: validate stays light
    from bigtwo.store.db import Store


class Unavailable(Refusal):
    exit_code = EXIT_UNREADABLE


@contextmanager
def said(option: str) -> Iterator[None]:
    """The library's refusals as the command's translated lines (exit status 2); ``option``
    is the one that needed the cluster extra."""
    try:
        yield
    except errors.BatchError as exc:
        raise _words(exc, option) from exc


def _words(exc: errors.BatchError, option: str) -> click.ClickException:
    if isinstance(exc, errors.StandardInput):
        return click.UsageError("--workers/--scheduler read files, not standard input")
    if isinstance(exc, errors.ExtraMissing):
        return Unavailable(gettext("{option} needs Dask ({module} is not installed): in the "
                                   "bigtwo checkout, run make cluster (it installs the "
                                   "cluster extra into .venv)", option=option,
                                   module=exc.module))
    if isinstance(exc, errors.NoMatch):
        return Unavailable(gettext("no input matches {pattern}", pattern=exc.pattern))
    if isinstance(exc, errors.NotJsonLines):
        return Unavailable(gettext("{path}: --workers/--scheduler read JSON Lines (.jsonl, "
                                   ".ndjson); check a .json record or a .csv score sheet "
                                   "without them", path=exc.name))
    if isinstance(exc, errors.CannotOpen):
        return Unavailable(gettext("cannot open {path}: {reason}", path=exc.name,
                                   reason=exc.reason))
    if isinstance(exc, errors.LineTooLong):
        return Unavailable(gettext("{path}:{line}: the line is over the limit of {limit} "
                                   "bytes (--max-bytes)", path=exc.name, line=exc.line,
                                   limit=exc.limit))
    if isinstance(exc, errors.SchedulerUnreachable):
        return Unavailable(gettext("cannot reach the Dask scheduler at {scheduler}: {reason}",
                                   scheduler=exc.scheduler, reason=exc.reason))
    if isinstance(exc, errors.OutNotEmpty):
        return Unavailable(gettext("--out {out}: the directory is not empty; name a new or "
                                   "empty one", out=exc.out))
    if isinstance(exc, errors.ClusterFailed):
        return Unavailable(gettext("the cluster could not finish: {kind}: {reason}. Output so "
                                   "far is complete up to the last block written.",
                                   kind=exc.kind, reason=exc.reason))
    return Unavailable(str(exc))  # pragma: no cover - every cause is named above


def _option(scheduler: str | None) -> str:
    return "--scheduler" if scheduler else "--workers"


def require_extra(option: str) -> None:
    """Exit 2 with how to install Dask when it is missing."""
    with said(option):
        library_require_extra()


@contextmanager
def client_for(workers: int | None, scheduler: str | None) -> Iterator[Any]:
    with said(_option(scheduler)), library_client_for(workers, scheduler) as client:
        yield client


def on_cluster(paths: tuple[str, ...], cluster: dict[str, Any], complete: bool, lang: str,
               default_profile: ProfileRef | None, progress: bool | None) -> bool:
    """Run ``validate`` on a cluster when asked to (and exit); False to go on in-process."""
    if in_process(paths, cluster):
        return False
    workers, scheduler = cluster["workers"], cluster["scheduler"]
    if workers is not None and scheduler is not None:
        raise click.UsageError("give --workers N (a local cluster) or --scheduler URL, not both")
    spec = CheckSpec(complete=complete, lang=lang, default_profile=default_profile)
    status = validate_on_cluster(paths, workers=workers, scheduler=scheduler,
                                 out=cluster["out"],
                                 block_bytes=cluster["block_bytes"] or (
                                     None if workers is not None else DEFAULT_BLOCK_BYTES),
                                 spec=spec, progress=progress,
                                 max_line=cluster.get("max_bytes"),
                                 profiles_for=stored_profiles if has_store() else None)
    if workers is not None and (sys.stdout, sys.stderr) == (sys.__stdout__, sys.__stderr__):
        # Tearing down an interpreter that imported Dask (its modules, the loop's threads, the
        # nannies' bookkeeping) took a few tenths of a second more of every local run.
        exit_now(status)
    sys.exit(status)


def has_store() -> bool:
    """Whether BIGTWO_DB names an existing store, whose profiles the records may name."""
    from bigtwo.store.paths import default_db_path

    return os.path.exists(default_db_path())


def stored_profiles(ids: set[str], store: Store | None = None) -> dict[str, Any]:
    """The stored profiles among ``ids`` (of ``store``, else of BIGTWO_DB when it exists):
    workers get them as data, since they may have no store of their own, and only those a
    run names: every task carries them."""
    if store is None:
        from bigtwo.store.db import Store
        from bigtwo.store.paths import default_db_path

        path = default_db_path()
        if not ids or not os.path.exists(path):
            return {}
        opened = Store(path)
        try:
            return stored_profiles(ids, opened)
        finally:
            opened.close()
    return dict(store.profiles.declarations(ids))


def validate_on_cluster(patterns: tuple[str, ...], *, workers: int | None,
                        scheduler: str | None, out: str | None, block_bytes: int | None,
                        spec: CheckSpec, progress: bool | None,
                        on_done: Callable[[int], None] | None = None,
                        client: Any = None, max_line: int | None = None,
                        profiles_for: Callable[[set[str]], Any] | None = None,
                        spool: bool | None = None) -> int:
    """The ``--workers``/``--scheduler`` run of ``bigtwo validate`` (``validate_files`` with
    stdout, stderr and a bar); its exit status."""
    if progress is None:
        progress = sys.stderr.isatty() and (out is not None or not sys.stdout.isatty())

    def message(name: str, number: int, text: str) -> None:
        click.echo(line_error(name, number, text), err=True)

    def bar(total: int) -> Any:
        return _bar(total, workers, scheduler)

    with said(_option(scheduler)):
        totals = validate_files(patterns, workers=workers, scheduler=scheduler, out=out,
                                block_bytes=block_bytes, spec=spec, stdout=sys.stdout.buffer,
                                on_message=message, progress=bar if progress else None,
                                on_done=on_done, client=client, max_line=max_line,
                                profiles_for=profiles_for, spool=spool)
    if progress or out is not None:
        click.echo(summary_line(totals.counts), err=True)
    return exit_status(totals.counts)


@contextmanager
def _bar(total: int, workers: int | None, scheduler: str | None) -> Iterator[Callable[[int], None]]:
    label = (gettext("validating on {scheduler}", scheduler=scheduler) if scheduler else
             ngettext("validating on {n} local worker", "validating on {n} local workers",
                      workers or 0))
    with click.progressbar(length=total, label=label, file=sys.stderr,
                           show_pos=True, show_percent=True) as bar:
        yield bar.update
