"""Request logs as JSON Lines: ``BIGTWO_LOG_FORMAT=json`` (or ``bigtwo serve --log-format
json``).

Plain text is the default: gunicorn's access log, one line per request, ending in the request
id (gunicorn.conf.py). With JSON, the app writes one JSON object per request instead (and
gunicorn.conf.py turns its access log off, so each request is logged once), with the request
id that problem documents and the X-Request-Id header carry: a caller quoting "request id
3f2a..." finds its line. Errors the app logs (a 500's traceback) become JSON lines too.
"""

from __future__ import annotations

import logging
import sys
import time

from flask import Flask, Response, g, request

from app.logsafe import ENV, FORMATS, JsonFormatter, SafeTextFormatter, log_format
from app.metrics import method_label, route_label
from app.problems import client_request_id, request_id

__all__ = ["ENV", "FORMATS", "JsonFormatter", "init_app", "log_format"]
logger = logging.getLogger("bigtwo.requests")
FLASK_TEXT_FORMAT = "[%(asctime)s] %(levelname)s in %(module)s: %(message)s"


def _handler(fmt: str) -> logging.Handler:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    return handler


def _log_request(response: Response) -> Response:
    started = g.get("metrics_started")
    elapsed_ms = round(1000 * (time.perf_counter() - started), 2) if started else None
    # The method as sent is a client's string like the path: the JSON writer escapes both.
    fields = {"request_id": request_id(), "method": request.method, "path": request.path,
              "route": route_label(), "status": response.status_code,
              "duration_ms": elapsed_ms, "bytes": response.calculate_content_length(),
              "remote": request.remote_addr}
    given = client_request_id()
    if given is not None:
        fields["client_request_id"] = given
    logger.info("%s %s %s %sms %s", method_label(request.method), request.full_path.rstrip("?"),
                response.status_code, elapsed_ms, fields["request_id"],
                extra={"fields": fields})
    return response


def init_app(app: Flask) -> None:
    """JSON request lines when asked for; plain text stays gunicorn's access log (with the
    request id, see gunicorn.conf.py) or the development server's. Either way every line the
    app writes is escaped (app/logsafe.py)."""
    fmt = app.config.get("BIGTWO_LOG_FORMAT") or log_format()
    app.config["BIGTWO_LOG_FORMAT"] = fmt
    if fmt != "json":
        for existing in app.logger.handlers:
            existing.setFormatter(SafeTextFormatter(FLASK_TEXT_FORMAT))
        return
    if not logger.handlers:  # one handler per process, however many apps it creates
        logger.addHandler(_handler(fmt))
        logger.setLevel(logging.INFO)
        logger.propagate = False
    for existing in app.logger.handlers:
        existing.setFormatter(JsonFormatter())
    app.after_request(_log_request)
