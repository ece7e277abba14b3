"""The request body, read once at the door, against one inclusive limit.

A body sent with Content-Length and the same body sent chunked must meet the same limit:
a body of exactly the limit passes, one byte more is a 413, either way. werkzeug can only
stop a chunked body *at* the limit (it cannot tell "exactly the limit" from "more"), so this
middleware reads a chunked body itself, one byte past the limit, and hands Flask a plain
Content-Length request. A body that stalls (the server's socket read timeout, see
``app.serving``) or ends early is answered here too, as a 408 or 400 problem, before any
view runs.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from typing import Any

from werkzeug.exceptions import BadRequest, HTTPException, RequestEntityTooLarge, RequestTimeout

CHUNK = 64 * 1024
PROBLEM_KEY = "bigtwo.body_problem"


class BodyGate:
    """WSGI middleware around ``Flask.wsgi_app``; ``limit()`` gives the inclusive byte limit."""

    def __init__(self, wsgi_app: Callable[..., Iterable[bytes]],
                 limit: Callable[[], int | None]) -> None:
        self.wsgi_app = wsgi_app
        self.limit = limit

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        problem = self._buffer(environ)
        if problem is not None:
            environ[PROBLEM_KEY] = problem
        return self.wsgi_app(environ, start_response)

    def _buffer(self, environ: dict[str, Any]) -> HTTPException | None:
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        declared = environ.get("CONTENT_LENGTH") or ""
        limit = self.limit()
        if not chunked:
            # werkzeug itself refuses a declared length over the limit without reading it;
            # a declared body is read here only to answer a stall with a problem document.
            if not declared.isdigit() or (limit is not None and int(declared) > limit):
                return None
            want: int | None = int(declared)
        else:
            if not environ.get("wsgi.input_terminated"):
                return None  # the server cannot end a chunked stream: werkzeug reads nothing
            want = None
        cap = (want if want is not None else (limit + 1 if limit is not None else None))
        try:
            body = _read(environ["wsgi.input"], cap)
        except OSError:  # the socket read timed out, or the client went away
            return RequestTimeout("the request body stopped arriving before it was complete")
        if want is not None and len(body) < want:
            return BadRequest(f"the body ended after {len(body)} of the {want} bytes "
                              "its Content-Length announced")
        if chunked and limit is not None and len(body) > limit:
            return RequestEntityTooLarge()
        environ["wsgi.input"] = io.BytesIO(body)
        environ["CONTENT_LENGTH"] = str(len(body))
        environ.pop("HTTP_TRANSFER_ENCODING", None)
        environ["wsgi.input_terminated"] = False
        return None


def _read(stream: Any, cap: int | None) -> bytes:
    parts: list[bytes] = []
    total = 0
    while cap is None or total < cap:
        piece = stream.read(CHUNK if cap is None else min(CHUNK, cap - total))
        if not piece:
            break
        parts.append(piece)
        total += len(piece)
    return b"".join(parts)


def raise_body_problem() -> None:
    """``before_request``: answer a body the gate refused (the problem handlers render it)."""
    from flask import request

    problem = request.environ.get(PROBLEM_KEY)
    if problem is not None:
        raise problem
