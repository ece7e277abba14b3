"""gunicorn's side of the service (``gunicorn.conf.py`` selects this worker).

``ProblemThreadWorker`` is gunicorn's threaded worker with three changes:

- Errors gunicorn answers itself, before the application sees a request (a request line or
  headers over the limits, a malformed request, a failure outside the app), are RFC 9457
  problem documents like every other error of the API, not gunicorn's HTML page.
- Every client socket gets a receive timeout (``BIGTWO_READ_TIMEOUT`` seconds, default 10):
  a client that stops sending in the middle of its headers or body loses its connection
  (a 408 problem when the body stalls, see ``app.body``) instead of holding a thread forever.
- A finished connection's lingering close (up to 2 s draining what the client still sends)
  runs on a thread of its own, not on the worker's main thread, which would accept nothing
  meanwhile: a client refused before its body (401) that never closes cannot stall others.

Why threads: a client dribbling its body occupies one thread, not a whole process; with
``worker_connections`` equal to ``threads`` (gunicorn.conf.py) a worker whose threads are all
busy stops accepting, so new connections (``/healthz`` among them) go to a worker that can
answer. docs/SECURITY.md has the numbers and the reverse-proxy setup for production.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import struct
import threading
from ssl import SSLError
from typing import Any

from gunicorn import util
from gunicorn.http import errors as http_errors
from gunicorn.workers.gthread import ThreadWorker

from app.problems import MEDIA_TYPE, PROBLEM_TYPE_BASE

DEFAULT_READ_TIMEOUT = 10.0
# Connections closed "gracefully" at once (half-closed, their unread input drained for up to
# 2 s so that the kernel sends no RST over the answer), each on a thread of its own; past
# this many, a connection is closed at once.
LINGERING_AT_ONCE = 32


def _errors(*names: str) -> tuple[type[BaseException], ...]:
    # Not every gunicorn release has every error class; the missing ones cannot be raised.
    return tuple(c for c in (getattr(http_errors, n, None) for n in names) if isinstance(c, type))


_BY_STATUS: list[tuple[tuple[type[BaseException], ...], int, str]] = [
    (_errors("LimitRequestLine"), 414, "URI Too Long"),
    (_errors("LimitRequestHeaders"), 431, "Request Header Fields Too Large"),
    (_errors("UnsupportedTransferCoding"), 501, "Not Implemented"),
    (_errors("ExpectationFailed"), 417, "Expectation Failed"),
    (_errors("ForbiddenProxyRequest") + (SSLError,), 403, "Forbidden"),
    (_errors("InvalidResponseHeader", "InvalidResponseHeaderName", "ConfigurationProblem"),
     500, "Internal Server Error"),
    (_errors("ParseException"), 400, "Bad Request"),
]


def describe(exc: BaseException) -> tuple[int, str, str]:
    """The status, title and detail of the problem that answers ``exc``."""
    for classes, status, title in _BY_STATUS:
        if isinstance(exc, classes):
            detail = str(exc) if status < 500 else "the server failed to handle the request"
            if status == 414:
                detail = f"the request line is too long: {exc}"
            elif status == 431:
                detail = f"the request headers are too large: {exc}"
            return status, title, detail
    return 500, "Internal Server Error", "the server failed to handle the request"


def problem_http(status: int, title: str, detail: str) -> bytes:
    """A complete HTTP/1.1 response carrying a problem document (the connection closes)."""
    slug = "".join(c if c.isalnum() else "-" for c in title.lower())
    body = json.dumps({"type": PROBLEM_TYPE_BASE + slug, "title": title, "status": status,
                       "detail": detail}, ensure_ascii=True).encode("ascii")
    head = (f"HTTP/1.1 {status} {title}\r\nConnection: close\r\n"
            f"Content-Type: {MEDIA_TYPE}\r\nContent-Length: {len(body)}\r\n"
            "X-Content-Type-Options: nosniff\r\n"
            "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\n\r\n")
    return head.encode("latin-1") + body


def read_timeout() -> float:
    return float(os.environ.get("BIGTWO_READ_TIMEOUT", DEFAULT_READ_TIMEOUT))


class ProblemThreadWorker(ThreadWorker):  # type: ignore[misc]
    def init_process(self) -> None:
        seconds = read_timeout()
        self._rcvtimeo = struct.pack("ll", int(seconds), int((seconds % 1) * 1_000_000))
        self._lingering = threading.BoundedSemaphore(LINGERING_AT_ONCE)
        super().init_process()

    def finish_request(self, conn: Any, fs: Any) -> None:
        # gunicorn closes a finished connection gracefully on the worker's main thread, which
        # then accepts nothing for up to 2 s while a client that never closes (one refused
        # before its body, say) holds it: 16 of them held /healthz for seconds. The lingering
        # close goes to a thread of its own instead.
        conn.close = self._lingering_close(conn.close)
        super().finish_request(conn, fs)

    def _lingering_close(self, close: Any) -> Any:
        def lingering(graceful: bool = False) -> None:
            if not graceful or not self._lingering.acquire(blocking=False):
                close()
                return

            def linger() -> None:
                try:
                    close(graceful=True)
                finally:
                    self._lingering.release()

            threading.Thread(target=linger, name="bigtwo-linger", daemon=True).start()

        return lingering

    def enqueue_req(self, conn: Any) -> None:
        # SO_RCVTIMEO rather than settimeout(): gunicorn switches the socket between
        # blocking and non-blocking, which resets Python's timeout but not the kernel's.
        with contextlib.suppress(OSError):  # a socket its peer has closed already
            conn.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVTIMEO, self._rcvtimeo)
        super().enqueue_req(conn)

    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        status, title, detail = describe(exc)
        if status >= 500:
            self.log.exception("Error handling request %s", getattr(req, "uri", "(no URI read)"))
        else:
            self.log.warning("Invalid request from ip=%s: %s", (addr or ("",))[0], exc)
        try:
            util.write_nonblock(client, problem_http(status, title, detail))
        except Exception:
            self.log.debug("Failed to send error message.")
