"""gunicorn hooks for prometheus-client's multiprocess mode (used by gunicorn.conf.py).

Every worker writes its samples to files in PROMETHEUS_MULTIPROC_DIR, and ``/metrics`` adds
them up (app/metrics.py). The directory must be the same for every worker, so it is chosen
in the master before any worker starts, and it must start empty, or counts from an earlier
server would be added again. No Flask or prometheus-client import at module level: the
master only needs this much.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.worker_directory import inherited_directory

ENV = "PROMETHEUS_MULTIPROC_DIR"


def prepare_directory() -> str:
    """The directory for this server: the one set in the environment, or a fresh temporary
    one. Called when gunicorn reads its config, in the master, so that workers (forked
    later) inherit the variable; reading the config again (HUP) keeps it."""
    return inherited_directory(ENV, "bigtwo-metrics-")


def on_starting(server: Any) -> None:
    """The master starts: samples left by an earlier server would be counted again."""
    for old in Path(prepare_directory()).glob("*.db"):
        old.unlink()


def child_exit(server: Any, worker: Any) -> None:
    """A worker exited: its gauges stop counting as live (counters and histograms stay)."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)
