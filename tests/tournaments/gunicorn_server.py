"""A real gunicorn (two workers) on a free loopback port, for the concurrency and crash tests."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.processes import come_up, free_port, on_a_free_port

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = ROOT / ".venv" / "bin" / "gunicorn"
REQUEST_TIMEOUT = 60.0
BIND_TRIES = 5


def listening_at(proc: subprocess.Popen[bytes], log: Path, start_at: int, port: int,
                 answers: Callable[[], bool]) -> bool:
    """Wait until gunicorn ``proc`` is up on ``port``: True once its own log (from byte
    ``start_at``) says it listens there and ``answers()``; False when the port was taken
    (gunicorn then retries the bind while the other server answers)."""
    listening = f"Listening at: http://127.0.0.1:{port} ({proc.pid})"
    return come_up(proc, log, start_at, lambda said: listening in said and answers(),
                   taken="Connection in use", what="gunicorn")


class Server:
    def __init__(self, db: Path, log: Path, env: dict[str, str] | None = None) -> None:
        self.db, self.log = db, log
        self.env = env or {}
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        # A port another test's server took meanwhile is given up for a new one (listening_at).
        on_a_free_port(self._launch, "gunicorn", BIND_TRIES, first=self.port)
        return self

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _launch(self, port: int) -> bool:
        self.port = port
        gunicorn = GUNICORN if GUNICORN.exists() else Path(sys.executable).with_name("gunicorn")
        env = {**os.environ, "BIGTWO_DB": str(self.db), "PYTHONUNBUFFERED": "1", **self.env}
        with open(self.log, "ab") as log:
            start_at = log.tell()
            # A session of its own, so that the whole group (master and workers) can be killed
            # by its id without touching anything else.
            self.proc = subprocess.Popen(
                # gunicorn.conf.py (the worker model `make serve` uses), two workers.
                [str(gunicorn), "--config", str(ROOT / "gunicorn.conf.py"),
                 "--bind", f"127.0.0.1:{self.port}", "--workers", "2",
                 "--timeout", "60", "--chdir", str(ROOT), "wsgi:app"],
                env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        up = False
        try:
            up = listening_at(self.proc, self.log, start_at, self.port, self.healthz)
        finally:
            if not up:
                self.stop()
        return up

    def healthz(self) -> bool:
        try:
            return self.request("GET", "/healthz", timeout=2)[0] == 200
        except OSError:
            return False

    def kill(self) -> None:
        """kill -9 the master and its workers: a crash, not a shutdown."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=30)

    def kill_under_load(self, threads: list[threading.Thread], enough: threading.Event,
                        what: str) -> None:
        """Start ``threads`` (clients that stop when the server goes), kill -9 the server once
        they set ``enough``, and wait for them: a crash while acknowledged writes are in
        flight."""
        for t in threads:
            t.start()
        assert enough.wait(timeout=120), f"{what} never got going"
        self.kill()
        for t in threads:
            t.join(timeout=60)

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.kill()
        # A worker can outlive its master by a moment; nothing of this group may linger.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)

    def request(self, method: str, path: str, body: Any = None, token: str | None = None,
                timeout: float = REQUEST_TIMEOUT) -> tuple[int, Any]:
        status, answer, _ = self.exchange(method, path, body, token, timeout=timeout)
        return status, answer

    def exchange(self, method: str, path: str, body: Any = None, token: str | None = None,
                 headers: dict[str, str] | None = None,
                 timeout: float = REQUEST_TIMEOUT) -> tuple[int, Any, dict[str, str]]:
        """One request with extra headers; the status, the decoded body and the answer's
        headers (a test of ETags, retries or idempotency reads them)."""
        sent = {"Accept": "application/json", **(headers or {})}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        if token:
            sent["Authorization"] = f"Bearer {token}"
        req = urllib.request.Request(self.base + path, data=data, headers=sent, method=method)
        try:
            with urllib.request.urlopen(req, timeout=timeout) as response:
                return (response.status, json.loads(response.read() or b"null"),
                        dict(response.headers))
        except urllib.error.HTTPError as exc:
            payload = exc.read()
            try:
                return exc.code, json.loads(payload), dict(exc.headers)
            except ValueError:
                return exc.code, payload.decode("utf-8", "replace"), dict(exc.headers)
