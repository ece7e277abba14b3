"""Reaching a Dask cluster: a scheduler's address, or a local cluster of this process's own,
started light (what checking never uses left unimported) and closed with the run."""

from __future__ import annotations

import functools
import gc
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from bigtwo.batch.errors import ExtraMissing, SchedulerUnreachable
from bigtwo.batch.heap import keep_blocks_in_heap


def require_extra(with_dask: bool = True) -> None:
    """Raise ExtraMissing, naming the module, when the cluster extra is not installed (its
    fsspec alone, without ``with_dask``: a local run of forked workers reads through it only)."""
    try:
        import fsspec  # noqa: F401

        if with_dask:
            import dask  # noqa: F401
            import distributed  # noqa: F401
    except ImportError as exc:
        raise ExtraMissing(exc.name or "dask") from exc


def import_for_a_local_cluster() -> None:
    """Import Dask for a local cluster of this process's own, without what it never uses:
    jinja2 renders Dask's notebook widgets only (dask.widgets does without it), and Dask's
    configuration files are read with libyaml's loader where PyYAML has it, instead of the
    pure-Python one (together about 50 ms of the 0.3 s of CPU that importing takes). The
    workers fork from this process, so they inherit the saving."""
    try:
        import yaml  # type: ignore[import-untyped]  # PyYAML ships no types; Dask needs it
    except ImportError:
        return
    hide_jinja = "jinja2" not in sys.modules
    if hide_jinja:  # an ImportError for dask.widgets only: jinja2 imports again after
        sys.modules["jinja2"] = None  # type: ignore[assignment]
    safe_load = yaml.safe_load
    if getattr(yaml, "__with_libyaml__", False):
        yaml.safe_load = functools.partial(yaml.load, Loader=yaml.CSafeLoader)
    try:
        import distributed  # noqa: F401
    except ImportError:
        pass  # require_extra says what is missing
    finally:
        yaml.safe_load = safe_load
        if hide_jinja:
            del sys.modules["jinja2"]


@contextmanager
def client_for(workers: int | None, scheduler: str | None) -> Iterator[Any]:
    """A Dask client of the scheduler at ``scheduler``, else of a local cluster of
    ``workers`` processes (one thread each), closed on leaving."""
    from distributed import Client

    if scheduler:
        try:
            client = Client(scheduler, timeout="20s")
        except OSError as exc:
            raise SchedulerUnreachable(scheduler, str(exc)) from exc
        with client:
            yield client
        return
    with local_cluster(workers) as cluster, Client(cluster) as client:
        yield client


@contextmanager
def local_cluster(workers: int | None) -> Iterator[Any]:
    from logging import CRITICAL

    import dask
    from distributed import LocalCluster

    # Workers forked from this process on Linux: they start with the core, click and Dask
    # already imported, where a forkserver's imports them again (one-record run measured
    # 0.9 s against 1.4 s and more, docs/SCALING.md). The fork happens on the cluster's loop
    # thread while this thread waits on it, holding no lock. Elsewhere, the forkserver.
    # The workers' statistical profiler samples every task's stack 100 times a second (a few
    # per cent of the checking): off.
    # Set for this cluster's life only (its nanny starts a new worker when one dies): a
    # library caller's later clusters keep their own way of starting workers.
    method = "fork" if sys.platform == "linux" else "forkserver"
    settings = dask.config.set({"distributed.worker.multiprocessing-method": method,
                                "distributed.worker.profile.enabled": False})
    # Quiet: a worker's complaint while the cluster shuts down (a missed heartbeat on a busy
    # machine) is not the user's business, and stderr must stay the single process's.
    # No dashboard: nobody watches a run of seconds, and the scheduler then starts no HTTP
    # server. The nanny stays: it is what starts a new worker when one dies (a thread in this
    # process, not a process of its own).
    # What this process holds now is frozen out of the collector while the workers fork: a
    # worker's collections would otherwise visit (and so copy) every page of it.
    with settings:
        gc.freeze()
        keep_blocks_in_heap()
        try:
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   dashboard_address=None, silence_logs=CRITICAL)
        finally:
            gc.unfreeze()
        with cluster:
            yield cluster
