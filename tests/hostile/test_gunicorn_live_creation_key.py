"""Issue 23 against a real gunicorn started with gunicorn.conf.py, in creation-key mode: a
missing or wrong creation key is answered before the body (class 7), by more stalled clients
than the workers have threads, and /healthz still answers. Nothing here asserts a duration;
sockets have timeouts only as hang guards."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from tests.hostile.test_gunicorn_live import SOCKET_TIMEOUT, exchange, read_response, request
from tests.tournaments.gunicorn_server import Server

pytestmark = pytest.mark.slow
STALLED = 16  # the number that held /healthz 9.2 s before the key was checked first


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    base = tmp_path_factory.mktemp("gunicorn-v4")
    with Server(base / "live.db", base / "gunicorn.log", env={
        "BIGTWO_READ_TIMEOUT": "5", "BIGTWO_CREATION": "keys", "BIGTWO_THREADS": "4",
        "PROMETHEUS_MULTIPROC_DIR": str(base / "metrics")}) as live:
        yield live


@pytest.mark.parametrize("path", ["/v1/tournaments", "/v1/profiles"])
def test_a_missing_or_wrong_creation_key_is_a_401_before_the_body(server: Server,
                                                                  path: str) -> None:
    socks = []
    try:
        for i in range(STALLED):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=SOCKET_TIMEOUT)
            socks.append(sock)
            headers = {"Content-Type": "application/json", "Content-Length": str(1024 * 1024)}
            if i % 2:
                headers["Authorization"] = "Bearer b2k_wrong"
            sock.sendall(request("POST", path, headers, b'{"name": "'))  # the rest never comes
        for sock in socks:
            status, answer, _ = read_response(sock)
            assert status == 401 and answer["content-type"].startswith("application/problem+json")
            assert answer["www-authenticate"].startswith("Bearer")
        assert exchange(server, request("GET", "/healthz"))[0] == 200
    finally:
        for sock in socks:
            sock.close()
