"""Slow clients against /healthz: gunicorn's default sync workers vs gunicorn.conf.py.

Starts gunicorn on a loopback port (two workers), opens N connections that send their
headers and the start of a body and then go quiet, and times GET /healthz meanwhile. Prints
one line per setup; the figures are in docs/SECURITY.md. Every server is stopped (its process
group) and every socket closed at the end; a health check waits at most --wait seconds.

    .venv/bin/python bench/slow_clients.py [--slow 6] [--wait 10]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = ROOT / ".venv" / "bin" / "gunicorn"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def healthz(port: int, wait: float) -> float | None:
    """Seconds until /healthz answered 200, or None if it did not within ``wait``."""
    started = time.monotonic()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=wait) as sock:
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            answer = sock.recv(64)
    except OSError:
        return None
    return time.monotonic() - started if answer.startswith(b"HTTP/1.1 200") else None


def run(name: str, config: list[str], slow: int, wait: float, tmp: Path) -> None:
    port = free_port()
    env = {**os.environ, "BIGTWO_DB": str(tmp / f"{name}.db")}
    with open(tmp / f"{name}.log", "wb") as log:
        proc = subprocess.Popen([str(GUNICORN), *config, "--bind", f"127.0.0.1:{port}",
                                 "--workers", "2", "--chdir", str(ROOT), "wsgi:app"],
                                env=env, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True)
    try:
        for _ in range(300):  # up to 30 s to come up
            if healthz(port, 1.0) is not None:
                break
            time.sleep(0.1)
        idle = [healthz(port, wait) for _ in range(3)]
        with contextlib.ExitStack() as stack:
            for _ in range(slow):
                sock = stack.enter_context(socket.create_connection(("127.0.0.1", port), timeout=5))
                sock.sendall(b"POST /v1/validate HTTP/1.1\r\nHost: x\r\nContent-Type: "
                             b"application/json\r\nContent-Length: 5000\r\n\r\n{\"deals\": [")
            time.sleep(0.5)
            loaded = [healthz(port, wait) for _ in range(3)]

        def show(values: list[float | None]) -> str:
            return ", ".join("no answer" if v is None else f"{v * 1000:.0f} ms" for v in values)

        print(f"{name:<34} idle: {show(idle):<28} with {slow} slow clients: {show(loaded)}")
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slow", type=int, default=6)
    parser.add_argument("--wait", type=float, default=10.0)
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs; /healthz answer times")
    with tempfile.TemporaryDirectory() as tmp:
        # -c /dev/null: gunicorn's defaults (sync workers), not gunicorn.conf.py
        run("sync workers (gunicorn defaults)", ["-c", "/dev/null"], args.slow, args.wait, Path(tmp))
        run("gunicorn.conf.py (threads)", ["-c", str(ROOT / "gunicorn.conf.py")], args.slow,
            args.wait, Path(tmp))


if __name__ == "__main__":
    main()
