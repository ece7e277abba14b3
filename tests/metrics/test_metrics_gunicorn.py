"""`/metrics` under a real gunicorn with two worker processes: prometheus-client's
multiprocess mode adds up what each worker counted, whichever worker serves the scrape.

Which worker accepts a connection is the kernel's choice, and on a busy machine one worker may
take them all. So the test does not hope for a spread: it pauses one worker (SIGSTOP) while
it sends a round of requests, so the other one must serve them, then the other way round, with
a different number of requests each time. A stopped process cannot accept, and the connections
wait in the listening socket's queue for the worker that runs.
"""

from __future__ import annotations

import os
import shutil
import signal
import time
import urllib.request
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.parser import text_string_to_metric_families

from tests.conftest import example_record
from tests.tournaments.gunicorn_server import Server

ROUTE = {"route": "/v1/validate", "method": "POST"}
# Rounds of the three bodies each worker serves: different, so that a sum cannot be mistaken
# for one worker's count, or for the other's counted twice.
ROUNDS = (2, 3)
WORKER_TIMEOUT = 60.0  # seconds until gunicorn workers exist

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[Server, Path]]:
    metrics_dir = tmp_path / "metrics"
    metrics_dir.mkdir()
    with Server(tmp_path / "live.db", tmp_path / "gunicorn.log",
                env={"PROMETHEUS_MULTIPROC_DIR": str(metrics_dir)}) as live:
        yield live, metrics_dir


def worker_pids(master: int) -> list[int]:
    """gunicorn's workers: the master's child processes (from /proc: field 4 of stat is the
    parent's pid; the command name before it is in parentheses and may hold spaces)."""
    children = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            after_name = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # the process ended while we looked
        if int(after_name[1]) == master:
            children.append(int(stat.parent.name))
    return sorted(children)


def two_workers(live: Server) -> list[int]:
    """Both workers' pids, once both are forked (one may still be loading the app: requests
    wait for it in the socket's queue)."""
    assert live.proc is not None
    deadline = time.monotonic() + WORKER_TIMEOUT
    pids = worker_pids(live.proc.pid)
    while len(pids) != 2 and time.monotonic() < deadline:
        time.sleep(0.1)
        pids = worker_pids(live.proc.pid)
    assert len(pids) == 2, f"gunicorn workers: {pids}"
    return pids


@contextmanager
def only(serving: int, paused: int) -> Iterator[None]:
    """Every connection made inside goes to ``serving``: ``paused`` is stopped meanwhile
    (for seconds, well inside gunicorn's worker timeout, after which the master would
    replace it)."""
    assert serving != paused
    os.kill(paused, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(paused, signal.SIGCONT)


def samples(text: str) -> Samples:
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def value(found: Samples, name: str, **labels: str) -> float:
    return found.get((name, tuple(sorted(labels.items()))), 0.0)


def files_of(metrics_dir: Path, pid: int, into: Path) -> Samples:
    """What one worker wrote: its own files (prometheus-client names them
    ``<kind>_<pid>.db``), read by the same collector the app uses, on their own."""
    into.mkdir()
    for path in metrics_dir.glob(f"*_{pid}.db"):
        shutil.copy(path, into / path.name)
    assert any(into.iterdir()), f"worker {pid} wrote no samples"
    registry = CollectorRegistry(auto_describe=False)
    MultiProcessCollector(registry, path=str(into))
    return samples(generate_latest(registry).decode())


def scrape(live: Server) -> Samples:
    with urllib.request.urlopen(live.base + "/metrics", timeout=60) as response:
        assert response.headers["Content-Type"].startswith("text/plain")
        return samples(response.read().decode())


def assert_counts(found: Samples, rounds: int) -> None:
    """What ``rounds`` rounds of (valid, wrong turn, unreadable) records leave behind."""
    assert value(found, "bigtwo_http_requests_total", status="200", **ROUTE) == 2 * rounds
    assert value(found, "bigtwo_http_requests_total", status="422", **ROUTE) == rounds
    assert value(found, "bigtwo_http_request_duration_seconds_count", **ROUTE) == 3 * rounds
    assert value(found, "bigtwo_http_request_duration_seconds_bucket", le="+Inf", **ROUTE) == 3 * rounds
    assert value(found, "bigtwo_records_validated_total", verdict="valid") == rounds
    assert value(found, "bigtwo_records_validated_total", verdict="invalid") == rounds
    assert value(found, "bigtwo_records_validated_total", verdict="unreadable") == rounds
    assert value(found, "bigtwo_rule_errors_total", code="WRONG_TURN") == rounds


def test_metrics_add_up_two_gunicorn_workers(server: tuple[Server, Path], tmp_path: Path) -> None:
    live, metrics_dir = server
    bodies: list[Any] = [example_record("hk-two-deals"), example_record("pusoy-wrong-turn"),
                         {"profile": "nope"}]
    first, second = two_workers(live)

    def post(body: object) -> int:
        status, _ = live.request("POST", "/v1/validate", body)
        return status

    for serving, paused, rounds in ((first, second, ROUNDS[0]), (second, first, ROUNDS[1])):
        with only(serving, paused), ThreadPoolExecutor(max_workers=6) as pool:
            sent = Counter(pool.map(post, bodies * rounds))
        assert sent == {200: 2 * rounds, 422: rounds}

    # Each worker's own files hold what it served, and nothing of the other's.
    assert_counts(files_of(metrics_dir, first, tmp_path / "first"), ROUNDS[0])
    assert_counts(files_of(metrics_dir, second, tmp_path / "second"), ROUNDS[1])
    # A scrape adds both up, whichever worker serves it.
    for serving, paused in ((first, second), (second, first)):
        with only(serving, paused):
            found = scrape(live)
        assert_counts(found, sum(ROUNDS))
        assert value(found, "bigtwo_store_rows", table="records") == 0
        assert value(found, "bigtwo_store_bytes") > 0
