"""Issue 10 against a real gunicorn started with gunicorn.conf.py (the `make serve` setup):
slow clients cannot starve /healthz (class 8), a stalled body is a 408 problem, gunicorn's
own errors are problem documents (class 12), and the body limit is the same inclusive limit
for chunked and Content-Length bodies (class 11).

Every loop is bounded, every socket has a timeout, and the server's whole process group is
stopped at the end. Nothing here asserts a duration: a socket timeout only keeps a broken
server from hanging the suite.
"""

from __future__ import annotations

import contextlib
import json
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.tournaments.gunicorn_server import Server

pytestmark = pytest.mark.slow

THREADS = 4
LIMIT = 4096
SOCKET_TIMEOUT = 30.0  # a hang guard, not a performance assertion


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    base = tmp_path_factory.mktemp("gunicorn-live")
    with Server(base / "live.db", base / "gunicorn.log", env={
        "BIGTWO_THREADS": str(THREADS), "BIGTWO_READ_TIMEOUT": "2",
        "BIGTWO_MAX_BODY": str(LIMIT)}) as live:
        yield live


def exchange(server: Server, raw: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send raw bytes, read the whole answer (the server closes: keepalive is off)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=SOCKET_TIMEOUT) as sock:
        sock.sendall(raw)
        return read_response(sock)


def read_response(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    data = b""
    for _ in range(10_000):  # bounded: an answer here is a few KB
        piece = sock.recv(65536)
        if not piece:
            break
        data += piece
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v for k, _, v in (line.partition(": ") for line in lines[1:])}
    return int(lines[0].split()[1]), headers, body


def assert_problem(status: int, headers: dict[str, str], body: bytes, expected: int) -> Any:
    assert status == expected, body[:300]
    assert headers["content-type"].startswith("application/problem+json"), headers
    doc = json.loads(body)
    assert doc["status"] == expected and doc["title"] and doc["detail"]
    assert b"<html" not in body.lower()
    return doc


def request(method: str, path: str, headers: dict[str, str] | None = None,
            body: bytes = b"") -> bytes:
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


# --- class 8 --------------------------------------------------------------------------------
def test_a_handful_of_slow_bodies_cannot_starve_healthz(server: Server) -> None:
    """More dribbling clients than one worker has threads: /healthz still answers."""
    slow = THREADS + 2
    with contextlib.ExitStack() as stack:
        for _ in range(slow):
            sock = stack.enter_context(socket.create_connection(("127.0.0.1", server.port),
                                                                timeout=SOCKET_TIMEOUT))
            sock.sendall(request("POST", "/v1/validate", {
                "Content-Type": "application/json", "Content-Length": "3000"}, b'{"deals": ['))
        for _ in range(3):
            status, _, body = exchange(server, request("GET", "/healthz"))
            assert status == 200 and json.loads(body) == {"status": "ok", "writable": True}


def test_a_body_that_stops_arriving_is_a_408_problem(server: Server) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=SOCKET_TIMEOUT) as sock:
        sock.sendall(request("POST", "/v1/validate", {
            "Content-Type": "application/json", "Content-Length": "500"}, b'{"profile": '))
        # ... and nothing more: the server's read timeout (2 s here) ends the wait.
        assert_problem(*read_response(sock), 408)


# --- class 12 -------------------------------------------------------------------------------
@pytest.mark.parametrize(("raw", "status"), [
    (request("GET", "/v1/profiles?x=" + "a" * 5000), 414),
    (request("GET", "/healthz", {f"X-Filler-{i}": "1" for i in range(150)}), 431),
    (request("GET", "/healthz", {"X-Big": "b" * 9000}), 431),
    (b"NOT A REQUEST LINE\r\n\r\n", 400),
    (request("GET", "/healthz", {"Bad(Name": "x"}), 400),
])
def test_gunicorns_own_errors_are_problem_documents(server: Server, raw: bytes,
                                                     status: int) -> None:
    assert_problem(*exchange(server, raw), status)


# --- class 11 -------------------------------------------------------------------------------
def chunked(body: bytes, size: int = 1000) -> bytes:
    parts = [body[i:i + size] for i in range(0, len(body), size)]
    return b"".join(b"%x\r\n%s\r\n" % (len(p), p) for p in parts) + b"0\r\n\r\n"


@pytest.mark.parametrize("mode", ["chunked", "content-length"])
def test_the_body_limit_is_inclusive_either_way(server: Server, mode: str) -> None:
    exact = b'{"records": 1}'.ljust(LIMIT, b" ")
    answers = []
    for body in (exact, exact + b" "):
        if mode == "chunked":
            headers = {"Content-Type": "application/json", "Transfer-Encoding": "chunked"}
            raw = request("POST", "/v1/validate/batch", headers, chunked(body))
        else:
            headers = {"Content-Type": "application/json", "Content-Length": str(len(body))}
            raw = request("POST", "/v1/validate/batch", headers, body)
        status, headers_in, answer = exchange(server, raw)
        assert_problem(status, headers_in, answer, status)
        answers.append(status)
    assert answers == [422, 413]  # exactly the limit is read and judged; one byte more is not


def test_security_headers_through_gunicorn(server: Server) -> None:
    status, headers, _ = exchange(server, request("GET", "/"))
    assert status == 200
    assert headers["x-content-type-options"] == "nosniff"
    assert "script-src 'self'" in headers["content-security-policy"]


def test_log_has_no_html_error_pages(server: Server) -> None:
    assert "<html" not in Path(server.log).read_text(errors="replace").lower()
