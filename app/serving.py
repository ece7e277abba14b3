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

Event streams (``GET /v1/tables/{id}/events``, SSE and the NDJSON long poll) wait for
minutes, so they must not take the request threads: such a request, once its head is read,
moves to a thread of its own (``bigtwo-stream``) and stops counting against
``worker_connections``, so the worker goes on accepting and answering on its ``threads``.
A waiting stream thread sleeps on the bell (app/tables_bell.py): no CPU, about 8 KiB of
memory (docs/STREAMS.md). Its socket gets a send timeout, so a client that
stops reading loses its stream instead of holding the thread.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import struct
import threading
from ssl import SSLError
from typing import Any

from gunicorn import util
from gunicorn.http import errors as http_errors
from gunicorn.workers.gthread import ThreadWorker

from app.problems import MEDIA_TYPE, PROBLEM_TYPE_BASE
from bigtwo import limits

DEFAULT_READ_TIMEOUT = 10.0
# Connections closed "gracefully" at once (half-closed, their unread input drained for up to
# 2 s so that the kernel sends no RST over the answer), each on a thread of its own; past
# this many, a connection is closed at once.
LINGERING_AT_ONCE = 32


STREAM_PATH = re.compile(r"/v1/tables/[^/]{1,200}/events\Z")


def is_stream(method: str, path: str) -> bool:
    """A request that may wait long: it is served on a stream thread, not a request thread."""
    return method == "GET" and STREAM_PATH.match(path) is not None


def _timeval(seconds: float) -> bytes:
    return struct.pack("ll", int(seconds), int((seconds % 1) * 1_000_000))


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
        self._rcvtimeo = _timeval(read_timeout())
        self._sndtimeo = _timeval(float(os.environ.get("BIGTWO_STREAM_SEND_TIMEOUT",
                                                       limits.STREAM_SEND_TIMEOUT_SECONDS)))
        self._lingering = threading.BoundedSemaphore(LINGERING_AT_ONCE)
        self._stream_threads = threading.BoundedSemaphore(limits.MAX_STREAM_THREADS_PER_WORKER)
        super().init_process()

    def handle_request(self, req: Any, conn: Any) -> bool:
        if (is_stream(req.method or "", req.path or "")
                and self._stream_threads.acquire(blocking=False)):
            # Marked before the thread starts: finish_request (on the main thread) must find
            # the mark whichever of the two runs first.
            conn.bigtwo_stream = True
            threading.Thread(target=self._serve_stream, args=(req, conn),
                             name="bigtwo-stream", daemon=True).start()
            return False  # this request thread is free again; nothing of the body is drained
        keep: bool = super().handle_request(req, conn)
        return keep

    def _serve_stream(self, req: Any, conn: Any) -> None:
        try:
            with contextlib.suppress(OSError):
                conn.sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDTIMEO, self._sndtimeo)
                # The kernel's buffer for what the client has not read yet, bounded: a
                # reader that never reads holds this much, not megabytes.
                conn.sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF,
                                     limits.STREAM_SEND_BUFFER_BYTES)
            ThreadWorker.handle_request(self, req, conn)
        except (StopIteration, OSError) as exc:
            # The client went away, or stopped reading past the send timeout.
            self.log.debug("Stream ended: %s", exc)
        except Exception as exc:
            self.handle_error(req, conn.sock, conn.client, exc)
        finally:
            self._stream_threads.release()
            with contextlib.suppress(OSError):
                conn.close()

    def finish_request(self, conn: Any, fs: Any) -> None:
        if getattr(conn, "bigtwo_stream", False):
            # The stream's thread owns the connection now and closes it; the worker only
            # stops counting it, so that it accepts on.
            self.nr_conns -= 1
            return
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
