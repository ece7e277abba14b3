"""One open SQLite database (sqlite-utils) and its transactions, which every repository shares.

Durability and concurrency choices, all deliberate:
- WAL journal with ``synchronous=FULL``: a commit that returned is on disk, even if the
  process is killed a moment later; readers never block the writer.
- Every write runs in ``BEGIN IMMEDIATE`` so that a writer never fails with "database is
  locked" on lock upgrade, after waiting its turn in ``bigtwo.store.write_queue`` (writers
  wake in turn instead of polling SQLite's busy handler); ``busy_timeout`` stays the fallback
  for writers outside that queue.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import sqlite_utils

from bigtwo.store.write_queue import queued

BUSY_TIMEOUT_MS = 30_000


class StoreMissing(Exception):
    """A read of a store that does not exist: never created on the way (``create=False``)."""

    def __init__(self, path: str) -> None:
        super().__init__(f"no store at {path}")
        self.path = path


class Connection:
    """The database file, opened once: its connection, its sqlite-utils view, and the
    transactions that the repositories (``bigtwo.store.repositories``) write and read in."""

    def __init__(self, path: str | os.PathLike[str], *, create: bool = True) -> None:
        """Open the database at ``path``; with ``create=False`` a missing file is
        ``StoreMissing``, and nothing is created (a read must not leave an empty store)."""
        self.path = str(path)
        if self.path != ":memory:" and create:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        target, uri = self.path, False
        if not create and self.path != ":memory:":
            if not Path(self.path).is_file():
                raise StoreMissing(self.path)
            # mode=rw: should the file vanish between the check and here, fail, never create
            target, uri = Path(self.path).absolute().as_uri() + "?mode=rw", True
        try:
            conn = sqlite3.connect(target, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                                   check_same_thread=False, uri=uri)
        except sqlite3.OperationalError as exc:
            if uri:
                raise StoreMissing(self.path) from exc
            raise
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            # A write to the file's header, in the writers' queue: two processes opening a new
            # store at once (gunicorn's workers booting) each took a shared lock to switch it,
            # and SQLite refused one at once rather than let both wait ("database is locked":
            # the worker failed to boot and gunicorn stopped).
            with queued(self.path):
                conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        self.conn = conn
        self.db = sqlite_utils.Database(conn)

    def close(self) -> None:
        self.conn.close()

    @contextmanager
    def write(self) -> Iterator[sqlite_utils.Database]:
        """One all-or-nothing write transaction, queued behind other writers."""
        with queued(self.path):
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                # SQLite has rolled back already after some errors (a full disk): never mask
                # them.
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                raise
            else:
                self.conn.execute("COMMIT")

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """Reads that see one state of the store (a WAL read transaction)."""
        self.conn.execute("BEGIN")
        try:
            yield
        finally:
            self.conn.execute("COMMIT")

    @property
    def schema_version(self) -> int:
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    def ping(self) -> bool:
        one: int = self.conn.execute("SELECT 1").fetchone()[0]
        return one == 1
