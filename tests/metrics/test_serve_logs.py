"""`bigtwo serve --log-format json`: gunicorn serving the app, one JSON line per request
carrying the request id the response (and any problem document) carries."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.tournaments.gunicorn_server import free_port

ROOT = Path(__file__).resolve().parents[2]
BIGTWO = ROOT / ".venv" / "bin" / "bigtwo"
START_TIMEOUT = 60.0


def get(url: str, request_id: str | None = None) -> tuple[int, dict[str, str]]:
    headers = {"X-Request-Id": request_id} if request_id else {}
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers),
                                    timeout=30) as response:
            return response.status, dict(response.headers)
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers)


def test_json_log_lines_under_gunicorn(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = tmp_path / "serve.log"
    command = [str(BIGTWO) if BIGTWO.exists() else "bigtwo", "serve", "--bind",
               f"127.0.0.1:{port}", "--workers", "1", "--log-format", "json"]
    env = {**os.environ, "BIGTWO_DB": str(tmp_path / "s.db"), "PYTHONUNBUFFERED": "1"}
    with log.open("wb") as out:
        proc = subprocess.Popen(command, cwd=tmp_path, env=env, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            assert proc.poll() is None, log.read_text()
            try:
                if get(base + "/healthz")[0] == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, "bigtwo serve did not come up"
            time.sleep(0.2)
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

    live = Server(tmp_path / "g.db", tmp_path / "g.log", env={"BIGTWO_LOG_FORMAT": fmt})
    live.start()
    try:
        status, headers = get(live.base + "/v1/tournaments/t-none", "trace-7")
        assert status == 404
    finally:
        live.stop()
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
