"""Servers the tests start as processes of their own: a free port, and the wait for the
process's own log to say it is up."""

from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

START_TIMEOUT = 60.0


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def on_a_free_port(launch: Callable[[int], bool], what: str, tries: int,
                   host: str = "127.0.0.1", first: int | None = None) -> int:
    """The port ``launch(port)`` came up on. ``launch`` says False when another process took
    the port meanwhile (come_up), having stopped what it started: a new free port is tried,
    ``tries`` times in all. ``first``: the port of the first try, when not a new one."""
    port = free_port(host) if first is None else first
    for _ in range(tries):
        if launch(port):
            return port
        port = free_port(host)
    raise RuntimeError(f"{what} found no free port in {tries} tries")


def come_up(proc: subprocess.Popen[bytes], log: Path, start_at: int,
            up: Callable[[str], object], taken: str, what: str) -> bool:
    """Wait until ``proc``'s log (from byte ``start_at``) says it is up (``up(said)`` is true):
    True;
    False when it says ``taken``, the port it was given.

    free_port only releases a port that was free a moment ago: another test's server can take
    it first, and an answer on that port alone does not say whose server it is. The log says
    so first, whether the process then retries the bind or exits."""
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        said = log.read_bytes()[start_at:].decode("utf-8", "replace")
        if taken in said:
            return False
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited: {log.read_text(errors='replace')[-2000:]}")
        if up(said):
            return True
        time.sleep(0.1)
    raise RuntimeError(f"{what} did not come up")
