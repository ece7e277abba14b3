"""The store's own failures, named: a write that the disk or the file system refused.

SQLite says why a write failed by its result code; each reason an operator can act on is a
``StoreFault`` with a kind (the problem type the API answers), an HTTP-like status and a
sentence. Reads never need one: what is stored is answered whether or not it can be written
(a cache that cannot be kept is computed again, see ``bigtwo.store.tournaments``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import TypeVar

# SQLite's primary result codes (the low byte of an extended one).
SQLITE_BUSY, SQLITE_LOCKED, SQLITE_READONLY = 5, 6, 8
SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN = 10, 13, 14


class StoreFault(Exception):
    """A write the store could not make; nothing of it was stored."""

    def __init__(self, kind: str, status: int, detail: str) -> None:
        super().__init__(detail)
        self.kind, self.status, self.detail = kind, status, detail


_BUSY = ("store-busy", 503, "the store stayed locked by other writers; nothing was stored, "
         "try again")
_FAULTS = {
    SQLITE_READONLY: ("store-read-only", 503, "the store cannot be written (its file or "
                      "directory is read-only); nothing was stored, reads still answer"),
    SQLITE_FULL: ("store-full", 507, "the disk that holds the store is full; nothing was "
                  "stored, reads still answer"),
    SQLITE_IOERR: ("store-unavailable", 503, "the store's disk failed to write; nothing was "
                   "stored"),
    SQLITE_CANTOPEN: ("store-unavailable", 503, "the store's files cannot be opened for "
                      "writing; nothing was stored"),
    SQLITE_BUSY: _BUSY,
    SQLITE_LOCKED: _BUSY,
}


def fault(exc: BaseException) -> StoreFault | None:
    """The named fault an SQLite error stands for, or None (a bug, not the disk's doing)."""
    if isinstance(exc, StoreFault):
        return exc
    if not isinstance(exc, sqlite3.OperationalError):
        return None
    code = getattr(exc, "sqlite_errorcode", None)
    found = _FAULTS.get(code & 0xFF) if isinstance(code, int) else None
    return StoreFault(*found) if found is not None else None


# Below this much free space on its disk the store is reported full: the next write may not fit.
MIN_FREE_BYTES = 1024 * 1024


def write_probe(conn: sqlite3.Connection, path: str) -> StoreFault | None:
    """Whether the store can take a write now, without writing: the write lock is taken (or
    found held by another writer, which proves it can be written), a write statement that
    changes no row is run and rolled back, and the disk's free space is read. None: it can."""
    import os

    previous = conn.execute("PRAGMA busy_timeout").fetchone()[0]
    conn.execute("PRAGMA busy_timeout = 0")
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:
        found = fault(exc)
        if found is None or found.kind != "store-busy":
            return found
    else:
        try:
            conn.execute("UPDATE tournaments SET revision = revision WHERE 0")
        except sqlite3.OperationalError as exc:
            return fault(exc)
        finally:
            conn.execute("ROLLBACK")
    finally:
        conn.execute(f"PRAGMA busy_timeout = {int(previous)}")
    pages, most = (conn.execute(f"PRAGMA {p}").fetchone()[0] for p in ("page_count", "max_page_count"))
    free = MIN_FREE_BYTES
    if path != ":memory:":
        stat = os.statvfs(os.path.dirname(os.path.abspath(path)))
        free = stat.f_bavail * stat.f_frsize
    if pages >= most or free < MIN_FREE_BYTES:
        return StoreFault(*_FAULTS[SQLITE_FULL])
    return None


T = TypeVar("T")


def best_effort(write: Callable[[], T]) -> T | None:
    """A write a read makes only to save work later (the standings cache, a fresher report, a
    recheck lease): when the store refuses it for a named reason, the read goes on without it
    and answers from what is stored. Any other failure is raised."""
    try:
        return write()
    except sqlite3.OperationalError as exc:
        if fault(exc) is None:
            raise
        return None
