"""`GET /metrics` in one process (the test client): what it counts, in Prometheus text format
read back with prometheus-client's own parser; JSON request logs carrying the request id."""

from __future__ import annotations

import json
import logging
import os
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.conftest import example_record


def samples(client: Any) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.mimetype == "text/plain"
    out = {}
    for family in text_string_to_metric_families(response.get_data(as_text=True)):
        for s in family.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def delta(before: dict[Any, float], after: dict[Any, float], name: str, **labels: str) -> float:
    key = (name, tuple(sorted(labels.items())))
    return after.get(key, 0.0) - before.get(key, 0.0)


def test_metrics_count_requests_verdicts_and_rule_errors(client: Any) -> None:
    before = samples(client)
    assert client.post("/v1/validate", json=example_record("hk-two-deals")).status_code == 200
    assert client.post("/v1/validate", json=example_record("pusoy-wrong-turn")).status_code == 200
    assert client.post("/v1/validate", json={"profile": "nope"}).status_code == 422
    batch = {"records": [example_record("pusoy-wrong-turn"), example_record("hk-two-deals"), 7]}
    assert client.post("/v1/validate/batch", json=batch).status_code == 200
    assert client.get("/v1/no-such-thing").status_code == 404
    after = samples(client)
    counted = {v: delta(before, after, "bigtwo_records_validated_total", verdict=v)
               for v in ("valid", "invalid", "unreadable")}
    assert counted == {"valid": 2, "invalid": 2, "unreadable": 2}
    assert delta(before, after, "bigtwo_rule_errors_total", code="WRONG_TURN") == 2
    route = "/v1/validate"
    assert delta(before, after, "bigtwo_http_requests_total", route=route, method="POST",
                 status="200") == 2
    assert delta(before, after, "bigtwo_http_requests_total", route=route, method="POST",
                 status="422") == 1
    assert delta(before, after, "bigtwo_http_requests_total", route="<unmatched>",
                 method="GET", status="404") == 1
    # The scrape before this one is counted too, under its own route.
    assert delta(before, after, "bigtwo_http_requests_total", route="/metrics", method="GET",
                 status="200") == 1
    assert delta(before, after, "bigtwo_http_request_duration_seconds_count", route=route,
                 method="POST") == 3
    assert delta(before, after, "bigtwo_http_request_duration_seconds_bucket", route=route,
                 method="POST", le="+Inf") == 3


def test_metrics_report_the_store_size(client: Any, app: Any) -> None:
    made = client.post("/v1/tournaments", json={"name": "Club", "profile": "casual"})
    assert made.status_code == 201
    token = made.get_json()["token"]
    upload = client.post(f"/v1/tournaments/{made.get_json()['id']}/records",
                         json={"records": [example_record("hk-two-deals") | {"profile": "casual"}]},
                         headers={"Authorization": f"Bearer {token}"})
    assert upload.status_code in (200, 201, 422)
    stored = 1 if upload.status_code in (200, 201) else 0
    found = samples(client)
    assert found[("bigtwo_store_rows", (("table", "tournaments"),))] == 1
    assert found[("bigtwo_store_rows", (("table", "records"),))] == stored
    db = app.config["BIGTWO_DB"]
    assert found[("bigtwo_store_bytes", ())] >= 4096  # at least one SQLite page
    on_disk = sum(os.path.getsize(db + s) for s in ("", "-wal", "-shm") if os.path.exists(db + s))
    assert found[("bigtwo_store_bytes", ())] <= on_disk


def test_json_request_log_carries_the_request_id(tmp_path: Any,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    from app import create_app
    from app.logs import JsonFormatter, logger

    monkeypatch.setenv("BIGTWO_LOG_FORMAT", "json")
    client = create_app({"TESTING": True, "BIGTWO_DB": str(tmp_path / "l.db")}).test_client()
    with caplog.at_level(logging.INFO, logger=logger.name):
        logger.addHandler(caplog.handler)
        try:
            response = client.get("/v1/tournaments/t-none", headers={"X-Request-Id": "abc-123"})
            client.post("/v1/validate", json=example_record("hk-two-deals"))
        finally:
            logger.removeHandler(caplog.handler)
    assert response.status_code == 404
    lines = [json.loads(JsonFormatter().format(r)) for r in caplog.records]
    assert len(lines) == 2  # one line per request
    first, second = lines
    ours = response.headers["X-Request-Id"]
    assert first["request_id"] == ours != "abc-123"
    assert first | {"time": None, "duration_ms": None} == {
        "time": None, "level": "info", "logger": "bigtwo.requests",
        "message": first["message"], "request_id": ours, "client_request_id": "abc-123",
        "method": "GET",
        "path": "/v1/tournaments/t-none", "route": "/v1/tournaments/<tournament_id>",
        "status": 404, "duration_ms": None, "bytes": first["bytes"], "remote": "127.0.0.1"}
    assert second["status"] == 200 and len(second["request_id"]) == 32
    assert isinstance(second["duration_ms"], float)


def test_text_is_the_default_and_no_json_lines_are_written(
        client: Any, caplog: pytest.LogCaptureFixture) -> None:
    from app.logs import logger

    with caplog.at_level(logging.INFO, logger=logger.name):
        client.get("/healthz")
    assert not [r for r in caplog.records if r.name == logger.name]
