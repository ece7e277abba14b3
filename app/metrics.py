"""``GET /metrics``: Prometheus text format (prometheus-client), one view over every worker.

Under gunicorn each worker is its own process with its own counters. prometheus-client's
multiprocess mode adds them up: when ``PROMETHEUS_MULTIPROC_DIR`` is set (gunicorn.conf.py
sets it up, and marks a worker's files dead when it exits), every process writes its samples
to files there and a scrape, served by whichever worker, reads them all. Without it (the
development server, tests) the process's own registry is served.

What is measured:
- ``bigtwo_http_requests_total{route,method,status}`` and
  ``bigtwo_http_request_duration_seconds{route,method}`` (a histogram): every request, by
  its URL rule (``/v1/tournaments/<tournament_id>``, never the raw path). Every label comes
  from a fixed set, whatever a client sends: routes from the app's rule table (else
  ``<unmatched>``), methods from ``METHODS`` (gunicorn accepts any ``[A-Z_-]{3,20}``: the rest
  count as ``other``), statuses from the codes HTTP defines (the rest as ``other``);
- ``bigtwo_records_validated_total{verdict}``: records checked for a caller (validate,
  batch, tournament uploads, the referee's page), ``valid``, ``invalid`` or ``unreadable``;
- ``bigtwo_rule_errors_total{code}``: the rule errors those reports carried, by code;
- ``bigtwo_store_bytes`` and ``bigtwo_store_rows{table}``: the SQLite store's size,
  read when scraped.
"""

from __future__ import annotations

import http
import os
import sqlite3
import time
from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Flask, Response, current_app, g, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.registry import Collector

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
UNMATCHED = "<unmatched>"  # requests that matched no route (404s): one label, not one per path
OTHER = "other"
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
STATUSES = frozenset(str(s.value) for s in http.HTTPStatus)

REQUESTS = Counter("bigtwo_http_requests", "HTTP requests by route, method and status",
                   ["route", "method", "status"])
LATENCY = Histogram("bigtwo_http_request_duration_seconds",
                    "Time from the request reaching the app to its response, by route",
                    ["route", "method"],
                    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0))
RECORDS = Counter("bigtwo_records_validated", "Records checked for a caller, by verdict",
                  ["verdict"])
RULE_ERRORS = Counter("bigtwo_rule_errors", "Rule errors in the reports made, by code", ["code"])

bp = Blueprint("metrics", __name__)


def count_checked(report: dict[str, Any] | None) -> None:
    """Count one checked record: its verdict, and its rule errors by code."""
    if report is None:
        RECORDS.labels("unreadable").inc()
        return
    RECORDS.labels("valid" if report["valid"] else "invalid").inc()
    for error in report["errors"]:
        RULE_ERRORS.labels(str(error["code"])).inc()


def route_label() -> str:
    """The matched URL rule (one of the app's own, a fixed set), or ``<unmatched>``."""
    rule = request.url_rule
    return rule.rule if rule is not None else UNMATCHED


def method_label(method: str) -> str:
    return method if method in METHODS else OTHER


def status_label(status: int) -> str:
    code = str(status)
    return code if code in STATUSES else OTHER


def _start() -> None:
    g.metrics_started = time.perf_counter()


def _observe(response: Response) -> Response:
    started = g.get("metrics_started")
    route, method = route_label(), method_label(request.method)
    REQUESTS.labels(route, method, status_label(response.status_code)).inc()
    if started is not None:
        LATENCY.labels(route, method).observe(time.perf_counter() - started)
    return response


class StoreCollector(Collector):
    """The store's size on disk (database, WAL and shared-memory files) and its row counts,
    read at scrape time by the worker that serves the scrape."""

    def __init__(self, path: str) -> None:
        self.path = path

    def collect(self) -> Iterator[Metric]:
        size = GaugeMetricFamily("bigtwo_store_bytes", "Size of the SQLite store on disk")
        size.add_metric([], float(sum(os.path.getsize(self.path + suffix)
                                      for suffix in ("", "-wal", "-shm")
                                      if os.path.exists(self.path + suffix))))
        yield size
        rows = GaugeMetricFamily("bigtwo_store_rows", "Rows in the store, by table",
                                 labels=["table"])
        if os.path.exists(self.path):
            conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=5)
            try:
                for table in ("tournaments", "records", "profiles"):
                    count = conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
                    rows.add_metric([table], float(count))
            except sqlite3.Error:  # a store that is not migrated yet has no tables
                pass
            finally:
                conn.close()
        yield rows


class _Process(Collector):
    """This process's default registry, inside the registry a scrape builds."""

    def collect(self) -> Iterator[Metric]:
        yield from REGISTRY.collect()


@bp.get("/metrics")
def metrics() -> Response:
    registry = CollectorRegistry(auto_describe=False)
    shared = os.environ.get(MULTIPROC_ENV)
    if shared and os.path.isdir(shared):
        MultiProcessCollector(registry, path=shared)
    else:
        registry.register(_Process())
    registry.register(StoreCollector(current_app.config["BIGTWO_DB"]))
    return Response(generate_latest(registry), content_type=CONTENT_TYPE_LATEST,
                    headers={"Cache-Control": "no-store"})


def init_app(app: Flask) -> None:
    app.before_request(_start)
    app.after_request(_observe)
