"""Request logs as JSON Lines: ``BIGTWO_LOG_FORMAT=json`` (or ``bigtwo serve --log-format
json``).

Plain text is the default: gunicorn's access log, one line per request, ending in the request
id (gunicorn.conf.py). With JSON, the app writes one JSON object per request instead (and
gunicorn.conf.py turns its access log off, so each request is logged once), with the request
id that problem documents and the X-Request-Id header carry: a caller quoting "request id
3f2a..." finds its line. Errors the app logs (a 500's traceback) become JSON lines too.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import time
from datetime import UTC, datetime
from typing import Any

from flask import Flask, Response, g, request

from app.metrics import route_label
from app.problems import request_id

FORMATS = ("text", "json")
ENV = "BIGTWO_LOG_FORMAT"
logger = logging.getLogger("bigtwo.requests")


def log_format() -> str:
    chosen = os.environ.get(ENV, "text").strip().lower()
    return chosen if chosen in FORMATS else "text"


class JsonFormatter(logging.Formatter):
    """A log record as one JSON object: time, level, logger, message, and its extra fields."""

    def format(self, record: logging.LogRecord) -> str:
        doc: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(), "logger": record.name,
            "message": record.getMessage(),
        }
        doc.update(getattr(record, "fields", {}))
        if record.exc_info:
            doc["exception"] = self.formatException(record.exc_info)
        return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


def _handler(fmt: str) -> logging.Handler:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    return handler


def _log_request(response: Response) -> Response:
    started = g.get("metrics_started")
    elapsed_ms = round(1000 * (time.perf_counter() - started), 2) if started else None
    fields = {"request_id": request_id(), "method": request.method, "path": request.path,
              "route": route_label(), "status": response.status_code,
              "duration_ms": elapsed_ms, "bytes": response.calculate_content_length(),
              "remote": request.remote_addr}
    logger.info("%s %s %s %sms %s", request.method, request.full_path.rstrip("?"),
                response.status_code, elapsed_ms, fields["request_id"],
                extra={"fields": fields})
    return response


def init_app(app: Flask) -> None:
    """JSON request lines when asked for; plain text stays gunicorn's access log (with the
    request id, see gunicorn.conf.py) or the development server's."""
    fmt = app.config.get("BIGTWO_LOG_FORMAT") or log_format()
    app.config["BIGTWO_LOG_FORMAT"] = fmt
    if fmt != "json":
        return
    if not logger.handlers:  # one handler per process, however many apps it creates
        logger.addHandler(_handler(fmt))
        logger.setLevel(logging.INFO)
        logger.propagate = False
    for existing in app.logger.handlers:
        existing.setFormatter(JsonFormatter())
    app.after_request(_log_request)
