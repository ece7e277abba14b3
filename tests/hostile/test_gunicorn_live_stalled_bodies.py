"""Issue 19 against a real gunicorn started with gunicorn.conf.py: the token is checked
before a stalled body (class 12), invented methods stay one metrics label (class 3), and
what a client puts in its request line reaches the logs escaped, as JSON lines in JSON mode
(class 13). Nothing here asserts a duration; sockets have timeouts only as hang guards."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.hostile.test_gunicorn_live import SOCKET_TIMEOUT, exchange, read_response, request
from tests.tournaments.gunicorn_server import Server

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module", params=["text", "json"])
def server(request: pytest.FixtureRequest,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    base = tmp_path_factory.mktemp(f"gunicorn-v3-{request.param}")
    with Server(base / "live.db", base / "gunicorn.log", env={
        "BIGTWO_READ_TIMEOUT": "5", "BIGTWO_LOG_FORMAT": request.param,
        "PROMETHEUS_MULTIPROC_DIR": str(base / "metrics")}) as live:
        yield live


def _tournament(server: Server) -> tuple[str, str]:
    body = json.dumps({"name": "Live", "profile": "casual"}).encode()
    status, _, answer = exchange(server, request("POST", "/v1/tournaments", {
        "Content-Type": "application/json", "Content-Length": str(len(body))}, body))
    assert status == 201
    made = json.loads(answer)
    return made["id"], made["token"]


def test_a_wrong_token_is_a_401_before_the_body(server: Server) -> None:
    tid, _ = _tournament(server)
    with socket.create_connection(("127.0.0.1", server.port), timeout=SOCKET_TIMEOUT) as sock:
        sock.sendall(request("POST", f"/v1/tournaments/{tid}/records", {
            "Content-Type": "application/json", "Content-Length": str(1024 * 1024),
            "Authorization": "Bearer b2t_wrong"}, b'{"records": ['))
        status, headers, body = read_response(sock)  # the body never comes
    assert status == 401 and headers["content-type"].startswith("application/problem+json")
    assert headers["www-authenticate"].startswith("Bearer")


def test_invented_methods_are_one_label(server: Server) -> None:
    for i in range(40):
        method = "ZZ" + "".join("ABCDEFGHIJ"[int(d)] for d in f"{i:02d}")
        assert exchange(server, request(method, "/healthz"))[0] < 500
    status, _, metrics = exchange(server, request("GET", "/metrics"))
    assert status == 200
    methods = {line.split('method="')[1].split('"')[0] for line in metrics.decode().splitlines()
               if line.startswith("bigtwo_http_requests_total{")}
    assert methods <= {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "other"}
    assert "other" in methods


def test_hostile_bytes_reach_the_log_escaped(server: Server) -> None:
    # A raw 0x9B (a C1 CSI once read as latin-1), U+2028 in UTF-8, and an invalid request
    # that gunicorn itself warns about.
    exchange(server, b"GET /x\x9b[2Jy HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    exchange(server, "GET /p\u2028q HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    # Accepted requests whose headers (logged in the access line) carry the same bytes.
    exchange(server, b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                     b"User-Agent: ua\x9b[2J\xe2\x80\xa8\r\nReferer: r\x9b[5m\r\n\r\n")
    exchange(server, b"NOT A REQUEST LINE\r\n\r\n")
    exchange(server, request("GET", "/healthz"))  # the lines above are flushed by now
    server.stop()
    log = Path(server.log).read_bytes()
    for raw in (b"\xc2\x9b", b"\x9b[2J", b"\xe2\x80\xa8", b"\x1b"):
        assert raw not in log, raw
    if "json" in str(server.log.parent.name):
        lines = [line for line in log.decode("utf-8").splitlines() if line.strip()]
        not_json = []
        for line in lines:
            try:
                json.loads(line)
            except ValueError:
                not_json.append(line)
        assert not not_json, not_json[:5]
        assert any("Invalid request" in json.loads(line)["message"] for line in lines)
