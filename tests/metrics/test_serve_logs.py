"""`bigtwo serve --log-format json`: gunicorn serving the app, one JSON line per request
carrying the request id the response (and any problem document) carries."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import urllib.error
import urllib.request
from functools import partial
from pathlib import Path

import pytest

from tests.processes import on_a_free_port
from tests.tournaments.gunicorn_server import BIND_TRIES, listening_at

ROOT = Path(__file__).resolve().parents[2]
BIGTWO = ROOT / ".venv" / "bin" / "bigtwo"


def get(url: str, request_id: str | None = None) -> tuple[int, dict[str, str]]:
    headers = {"X-Request-Id": request_id} if request_id else {}
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers),
                                    timeout=30) as response:
            return response.status, dict(response.headers)
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers)


def answers(url: str) -> bool:
    try:
        return get(url)[0] == 200
    except OSError:
        return False


def test_json_log_lines_under_gunicorn(tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    env = {**os.environ, "BIGTWO_DB": str(tmp_path / "s.db"), "PYTHONUNBUFFERED": "1"}
    started: list[subprocess.Popen[bytes]] = []

    def launch(port: int) -> bool:
        command = [str(BIGTWO) if BIGTWO.exists() else "bigtwo", "serve", "--bind",
                   f"127.0.0.1:{port}", "--workers", "1", "--log-format", "json"]
        with log.open("ab") as out:
            start_at = out.tell()
            proc = subprocess.Popen(command, cwd=tmp_path, env=env, stdout=out,
                                    stderr=subprocess.STDOUT, start_new_session=True)
        up = False
        try:
            up = listening_at(proc, log, start_at, port,
                              partial(answers, f"http://127.0.0.1:{port}/healthz"))
        finally:
            if not up and proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
                proc.wait(timeout=30)
        if up:
            started.append(proc)
        return up

    # A port another test's server took meanwhile: a new one.
    base = f"http://127.0.0.1:{on_a_free_port(launch, 'bigtwo serve', BIND_TRIES)}"
    (proc,) = started
    try:
        status, headers = get(base + "/v1/tournaments/t-none", "trace-42")
        assert status == 404 and headers["X-Request-Id"] != "trace-42"
        ours = headers["X-Request-Id"]
        status, headers = get(base + "/nowhere")
        assert status == 404
        generated = headers["X-Request-Id"]
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
    lines = [json.loads(line) for line in log.read_text().splitlines() if line.startswith("{")]
    requests = [line for line in lines if line["logger"] == "bigtwo.requests"]
    mine = [line for line in requests if line["request_id"] in (ours, generated)]
    assert [(line["request_id"], line["route"], line["status"]) for line in mine] == [
        (ours, "/v1/tournaments/<tournament_id>", 404), (generated, "<unmatched>", 404)]
    assert mine[0]["client_request_id"] == "trace-42" and "client_request_id" not in mine[1]
    # One line per request: gunicorn's own access log is off, every request is a JSON line.
    healthz = [line for line in requests if line["path"] == "/healthz"]
    assert len(requests) == len(healthz) + 2
    assert not [line for line in log.read_text().splitlines()
                if "/nowhere" in line and not line.startswith("{")]


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_gunicorn_conf_logs_each_request_once_with_its_id(tmp_path: Path, fmt: str) -> None:
    """The repository's gunicorn.conf.py (what `make serve` runs): plain-text access lines
    that end in the request id, or with BIGTWO_LOG_FORMAT=json, JSON lines only."""
    from tests.tournaments.gunicorn_server import Server

    with Server(tmp_path / "g.db", tmp_path / "g.log", env={"BIGTWO_LOG_FORMAT": fmt}) as live:
        status, headers = get(live.base + "/v1/tournaments/t-none", "trace-7")
        assert status == 404
    ours = headers["X-Request-Id"]
    mentions = [line for line in live.log.read_text().splitlines() if ours in line]
    assert len(mentions) == 1, mentions
    if fmt == "json":
        logged = json.loads(mentions[0])
        assert (logged["request_id"], logged["client_request_id"], logged["status"],
                logged["path"]) == (ours, "trace-7", 404, "/v1/tournaments/t-none")
    else:
        assert '"GET /v1/tournaments/t-none HTTP/1.1" 404' in mentions[0]
        assert mentions[0].endswith(" " + ours)
