"""The test servers' own guard: a gunicorn whose port another server took in the meantime
does not pass the other's answers off as its own (the race that free_port leaves open)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tournaments.gunicorn_server import Server

pytestmark = pytest.mark.waits  # servers starting and stopping


def test_a_server_whose_port_is_taken_comes_up_on_another(tmp_path: Path) -> None:
    first = Server(tmp_path / "a.db", tmp_path / "a.log").start()
    try:
        second = Server(tmp_path / "b.db", tmp_path / "b.log")
        second.port = first.port  # the race, made certain
        second.start()
        try:
            assert second.port != first.port
            assert second.request("GET", "/healthz")[0] == 200
            first.stop()
            assert second.request("GET", "/healthz")[0] == 200  # it answered for itself
        finally:
            second.stop()
    finally:
        first.stop()
