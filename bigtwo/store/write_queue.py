"""The queue that a store's writers wait in before SQLite's write lock.

SQLite makes a writer that finds the write lock taken poll for it (its busy handler sleeps
1, 2, 5, 10 ... 100 ms between looks), so under load writers form a convoy: the lock is free
while the next writer still sleeps, and a writer may lose every race for seconds. Writers of
one database here queue instead, in two stages, each of which wakes the next waiter the
moment the lock is let go:

- in the process, a re-entrant lock per database file: one thread of the process at a time
  goes on. Re-entrant because a thread may write to a store inside a write to another
  connection of the same file (SQLite would refuse that anyway, after its busy timeout, as
  before); the lock never adds a deadlock that SQLite does not have;
- across processes (gunicorn's workers, the CLI), ``flock`` on a lock file beside the
  database, taken by the thread that holds the process's lock. The kernel releases it when
  its process dies, even killed.

State is per process: a forked worker makes its own lock and opens its own lock file, since
a lock held by another thread at the fork would stay taken in the child forever, and a
file description inherited from the parent shares the parent's flock.

Writers outside this discipline (another tool on the same file) still meet SQLite's busy
timeout, which stays the fallback. An in-memory store has no file to share and queues on
nothing; a store whose directory cannot take the lock file queues in its process only.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO

LOCK_SUFFIX = "-writelock"


class _Queue:
    """One database file's queue in this process."""

    def __init__(self, path: str) -> None:
        self.lock = threading.RLock()
        self.depth = 0  # how deep the holding thread's writes are nested
        self.path = path + LOCK_SUFFIX
        self.file: IO[bytes] | None = None
        self.unusable = False

    def _lock_file(self) -> IO[bytes] | None:
        if self.file is None and not self.unusable:
            try:
                # Opened at the first write, never at a read: a read-only store's reader
                # leaves nothing behind.
                self.file = open(self.path, "ab")  # noqa: SIM115 - held for the process's life
            except OSError:
                self.unusable = True
        return self.file

    @contextmanager
    def held(self) -> Iterator[None]:
        with self.lock:
            self.depth += 1
            locked = None
            try:
                if self.depth == 1:
                    locked = self._lock_file()
                    if locked is not None:
                        fcntl.flock(locked.fileno(), fcntl.LOCK_EX)
                yield
            finally:
                self.depth -= 1
                if locked is not None:
                    with contextlib.suppress(OSError):
                        fcntl.flock(locked.fileno(), fcntl.LOCK_UN)


_QUEUES: dict[tuple[int, str], _Queue] = {}
_GUARD = threading.Lock()


def _forget_the_parents() -> None:
    # Run in a forked child before anything else: another thread of the parent may have held
    # the guard or a queue at the fork, and nothing would ever let go of them here.
    global _GUARD
    _GUARD = threading.Lock()
    _QUEUES.clear()


os.register_at_fork(after_in_child=_forget_the_parents)


def _queue(path: str) -> _Queue:
    key = (os.getpid(), os.path.realpath(path))
    with _GUARD:
        found = _QUEUES.get(key)
        if found is None:
            # Another pid's entries are a parent's, inherited by a fork: never used here.
            for stale in [k for k in _QUEUES if k[0] != key[0]]:
                del _QUEUES[stale]
            found = _QUEUES[key] = _Queue(key[1])
        return found


@contextmanager
def queued(path: str) -> Iterator[None]:
    """Wait this writer's turn at the database file ``path`` (nothing for ``:memory:``)."""
    if path == ":memory:" or path.startswith("file:"):
        yield
        return
    with _queue(path).held():
        yield
