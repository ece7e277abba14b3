"""The request body, read once at the door, against one inclusive limit.

A body sent with Content-Length and the same body sent chunked must meet the same limit:
a body of exactly the limit passes, one byte more is a 413, either way. werkzeug can only
stop a chunked body *at* the limit (it cannot tell "exactly the limit" from "more"), so this
middleware reads a chunked body itself, one byte past the limit, and hands Flask a plain
Content-Length request. A body that stalls (the server's socket read timeout, see
``app.serving``) or ends early is answered here too, as a 408 or 400 problem, before any
view runs.

A route that needs a token or, in creation-key mode, a creation key checks it *before* the
body is read (``token_first``): a wrong or missing one is a 401 (a token of another
tournament a 403, an unknown tournament a 404) at once, however large or slow the body,
which is never read. Such a route says so where it is declared, with the check it needs
(``@token_first(check)``, the checks are in ``app.api.tokens``).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from flask import request
from werkzeug.exceptions import BadRequest, HTTPException, RequestEntityTooLarge, RequestTimeout

CHUNK = 64 * 1024
PROBLEM_KEY = "bigtwo.body_problem"


Authorize = Callable[[dict[str, Any]], HTTPException | None]


class BodyGate:
    """WSGI middleware around ``Flask.wsgi_app``; ``limit()`` gives the inclusive byte limit,
    ``authorize(environ)`` (optional) a problem that answers the request before its body is
    read."""

    def __init__(self, wsgi_app: Callable[..., Iterable[bytes]],
                 limit: Callable[[], int | None], authorize: Authorize | None = None) -> None:
        self.wsgi_app = wsgi_app
        self.limit = limit
        self.authorize = authorize

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        problem = self.authorize(environ) if self.authorize is not None else None
        if problem is None:
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
    problem = request.environ.get(PROBLEM_KEY)
    if problem is not None:
        raise problem


# --- token first -------------------------------------------------------------------------
TokenCheck = Callable[[dict[str, Any], str | None], None]
F = TypeVar("F", bound=Callable[..., Any])
# The attribute a guarded view carries; functools.wraps copies it to any wrapper outside it.
TOKEN_CHECK = "bigtwo_token_check"
BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def token_first(check: TokenCheck) -> Callable[[F], F]:
    """Declared on a view, right under its route: ``check(view_args, Authorization header)``
    runs before a byte of the body is read, and the problem it raises is the answer."""

    def declare(view: F) -> F:
        setattr(view, TOKEN_CHECK, check)
        return view

    return declare


def token_gate(app: Any) -> Authorize:
    """The ``authorize`` of ``BodyGate`` for ``app``: a view declared ``token_first`` has its
    token checked before a byte of the body is read."""

    def check(environ: dict[str, Any]) -> HTTPException | None:
        if environ.get("REQUEST_METHOD") not in BODY_METHODS:
            return None
        try:
            endpoint, view_args = app.url_map.bind_to_environ(environ).match()
        except HTTPException:
            return None  # no route: nothing to authorize, the 404/405 comes later
        checker: TokenCheck | None = getattr(app.view_functions.get(endpoint), TOKEN_CHECK, None)
        if checker is None:
            return None
        with app.app_context():
            try:
                checker(view_args, environ.get("HTTP_AUTHORIZATION"))
            except HTTPException as problem:
                return problem
        return None

    return check
