"""`/metrics` under a real gunicorn with two worker processes: prometheus-client's
multiprocess mode adds up what each worker counted, whichever worker serves the scrape."""

from __future__ import annotations

import urllib.request
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.conftest import example_record
from tests.tournaments.gunicorn_server import Server

MAX_ROUNDS = 10  # rounds of requests until both workers have served some


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[Server, Path]]:
    metrics_dir = tmp_path / "metrics"
    metrics_dir.mkdir()
    live = Server(tmp_path / "live.db", tmp_path / "gunicorn.log",
                  env={"PROMETHEUS_MULTIPROC_DIR": str(metrics_dir)})
    live.start()
    try:
        yield live, metrics_dir
    finally:
        live.stop()


def worker_pids(metrics_dir: Path) -> set[str]:
    """The processes that wrote samples: prometheus-client names its files ``<kind>_<pid>.db``."""
    return {p.stem.rsplit("_", 1)[1] for p in metrics_dir.glob("*.db")}


def test_metrics_add_up_two_gunicorn_workers(server: tuple[Server, Path]) -> None:
    live, metrics_dir = server
    valid, wrong_turn = example_record("hk-two-deals"), example_record("pusoy-wrong-turn")
    bodies = [valid, wrong_turn, {"profile": "nope"}]
    sent: Counter[int] = Counter()

    def post(body: object) -> int:
        status, _ = live.request("POST", "/v1/validate", body)
        return status

    rounds = 0
    with ThreadPoolExecutor(max_workers=6) as pool:
        while rounds < MAX_ROUNDS and (rounds < 2 or len(worker_pids(metrics_dir)) < 2):
            sent.update(pool.map(post, bodies * 6))
            rounds += 1
    assert len(worker_pids(metrics_dir)) >= 2, "one worker served every request"
    assert sent == {200: 12 * rounds, 422: 6 * rounds}

    with urllib.request.urlopen(live.base + "/metrics", timeout=30) as response:
        assert response.headers["Content-Type"].startswith("text/plain")
        text = response.read().decode()
    found = {(s.name, tuple(sorted(s.labels.items()))): s.value
             for family in text_string_to_metric_families(text) for s in family.samples}

    def value(name: str, **labels: str) -> float:
        return found.get((name, tuple(sorted(labels.items()))), 0.0)

    route = {"route": "/v1/validate", "method": "POST"}
    assert value("bigtwo_http_requests_total", status="200", **route) == 12 * rounds
    assert value("bigtwo_http_requests_total", status="422", **route) == 6 * rounds
    assert value("bigtwo_http_request_duration_seconds_count", **route) == 18 * rounds
    assert value("bigtwo_http_request_duration_seconds_bucket", le="+Inf", **route) == 18 * rounds
    assert value("bigtwo_records_validated_total", verdict="valid") == 6 * rounds
    assert value("bigtwo_records_validated_total", verdict="invalid") == 6 * rounds
    assert value("bigtwo_records_validated_total", verdict="unreadable") == 6 * rounds
    assert value("bigtwo_rule_errors_total", code="WRONG_TURN") == 6 * rounds
    assert value("bigtwo_store_rows", table="records") == 0
    assert value("bigtwo_store_bytes") > 0
