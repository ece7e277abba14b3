"""Open event streams counted per client and per server, across worker processes.

A stream takes a slot for as long as it is open and gives it back when it ends. Under
gunicorn every worker must see the others' streams, so the slots are rows of a small SQLite
file in a directory the master chose before forking (``BIGTWO_STREAMS_DIR``, set by
gunicorn.conf.py); a worker that dies without giving its slots back has them taken back by
the next worker that counts (its process id no longer runs) and by the master's
``child_exit`` hook. Without gunicorn (the test client, ``flask run``) one process serves
every stream, and a counter in memory does.

Clients are counted by a hash of their network (app/clients.py), never the address itself:
the file is the server's scratch space, not a log.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path

from app.worker_directory import inherited_directory

ENV = "BIGTWO_STREAMS_DIR"
FILE = "streams.db"


@dataclass(frozen=True)
class Refused:
    """Why a stream was not opened: ``scope`` is ``client`` or ``service``."""
    scope: str
    limit: int


def client_key(network: str) -> str:
    return hashlib.sha256(("streams:" + network).encode("utf-8")).hexdigest()[:32]


class LocalSlots:
    """One process's streams, in memory."""

    def __init__(self, per_client: int, per_service: int) -> None:
        self.per_client, self.per_service = per_client, per_service
        self._lock = threading.Lock()
        self._by_client: dict[str, int] = {}
        self._ids: dict[int, str] = {}
        self._next = 0

    def take(self, client: str) -> int | Refused:
        key = client_key(client)
        with self._lock:
            if len(self._ids) >= self.per_service:
                return Refused("service", self.per_service)
            if self._by_client.get(key, 0) >= self.per_client:
                return Refused("client", self.per_client)
            self._next += 1
            self._ids[self._next] = key
            self._by_client[key] = self._by_client.get(key, 0) + 1
            return self._next

    def give_back(self, slot: int) -> None:
        with self._lock:
            key = self._ids.pop(slot, None)
            if key is not None:
                left = self._by_client[key] - 1
                if left:
                    self._by_client[key] = left
                else:
                    del self._by_client[key]

    def open_count(self) -> int:
        with self._lock:
            return len(self._ids)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # pragma: no cover - another user's process took the id
        return True
    return True


class SharedSlots:
    """Every worker's streams, as rows of one SQLite file (one short write per open/close)."""

    def __init__(self, directory: str | os.PathLike[str], per_client: int,
                 per_service: int) -> None:
        self.per_client, self.per_service = per_client, per_service
        self.path = Path(directory) / FILE
        self._lock = threading.Lock()  # one connection per process, used by one thread at a time
        # The rows are scratch: nothing survives a server's restart, so nothing is synced.
        self._db = sqlite3.connect(self.path, timeout=10, isolation_level=None,
                                   check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=OFF")
        self._db.execute("CREATE TABLE IF NOT EXISTS open_streams (id INTEGER PRIMARY KEY, "
                         "pid INTEGER NOT NULL, client TEXT NOT NULL)")
        self._db.execute("CREATE INDEX IF NOT EXISTS open_streams_client "
                         "ON open_streams(client)")

    def take(self, client: str) -> int | Refused:
        key = client_key(client)
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                total = self._db.execute("SELECT count(*) FROM open_streams").fetchone()[0]
                if total >= self.per_service:
                    # Only when full are the slots of dead workers looked for (a kill -9).
                    total -= self._reclaim()
                if total >= self.per_service:
                    return Refused("service", self.per_service)
                mine = self._db.execute("SELECT count(*) FROM open_streams WHERE client = ?",
                                        (key,)).fetchone()[0]
                if mine >= self.per_client:
                    mine -= self._reclaim()
                if mine >= self.per_client:
                    return Refused("client", self.per_client)
                cursor = self._db.execute("INSERT INTO open_streams (pid, client) VALUES (?, ?)",
                                          (os.getpid(), key))
                return int(cursor.lastrowid or 0)
            finally:
                self._db.execute("COMMIT")

    def _reclaim(self) -> int:
        pids = [row[0] for row in self._db.execute("SELECT DISTINCT pid FROM open_streams")]
        gone = 0
        for pid in pids:
            if not _running(pid):
                gone += self._db.execute("DELETE FROM open_streams WHERE pid = ?",
                                         (pid,)).rowcount
        return gone

    def give_back(self, slot: int) -> None:
        with self._lock:
            self._db.execute("DELETE FROM open_streams WHERE id = ?", (slot,))

    def open_count(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT count(*) FROM open_streams").fetchone()[0])


Slots = LocalSlots | SharedSlots
_made: dict[tuple[int, str, int, int], Slots] = {}
_made_lock = threading.Lock()


def slots(per_client: int, per_service: int) -> Slots:
    """This process's slots (made after the fork: a connection never crosses one)."""
    directory = os.environ.get(ENV, "")
    key = (os.getpid(), directory, per_client, per_service)
    with _made_lock:
        made = _made.get(key)
        if made is None:
            made = (SharedSlots(directory, per_client, per_service) if directory
                    else LocalSlots(per_client, per_service))
            _made[key] = made
        return made


def prepare_directory() -> str:
    """The master's choice, inherited by the workers it forks (as the metrics directory)."""
    return inherited_directory(ENV, "bigtwo-streams-")


def forget_worker(pid: int) -> None:
    """A worker exited: its streams are closed with it (gunicorn's ``child_exit``)."""
    directory = os.environ.get(ENV)
    path = Path(directory or ".") / FILE
    if not directory or not path.exists():
        return
    with contextlib.closing(sqlite3.connect(path, timeout=10, isolation_level=None)) as db:
        db.execute("DELETE FROM open_streams WHERE pid = ?", (pid,))


def start_server() -> None:
    """The master starts: slots left by an earlier server are not open streams."""
    directory = prepare_directory()
    for name in (FILE, FILE + "-wal", FILE + "-shm"):
        with contextlib.suppress(FileNotFoundError):
            (Path(directory) / name).unlink()
