"""A local Dask cluster of two worker processes, one thread each, shared by a module's tests."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("distributed", reason="the cluster extra is not installed")


@pytest.fixture(autouse=True)
def _no_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BIGTWO_DB", str(tmp_path / "none.db"))


@pytest.fixture(scope="module")
def dask_client() -> Iterator[Any]:
    import dask
    from distributed import Client, LocalCluster

    # Workers started as new interpreters, never forked: this pytest process has threads of
    # other tests (servers, browsers), and a fork taken while one of them holds a lock starts
    # a worker that waits on it for good (the nanny's restart after the killed-worker tests).
    with dask.config.set({"distributed.worker.multiprocessing-method": "spawn"}), \
            LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                         dashboard_address="127.0.0.1:0", silence_logs=logging.CRITICAL) as cluster, \
            Client(cluster, timeout="60s") as client:
        client.wait_for_workers(2, timeout=60)
        yield client
