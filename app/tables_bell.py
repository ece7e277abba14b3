"""The bell: one watcher thread per worker process that notices changed live tables and
wakes exactly the streams waiting on them, and that runs the tables' clocks in the background.

A stream waits on a ``threading.Event`` of its own (no CPU, no polling of its own). The
watcher asks the store what changed since the last ``seq`` it saw (one indexed query, a few
times a second per process, whatever the number of streams; skipped while SQLite's
``data_version`` says nothing was committed) and sets the events of the streams watching those
tables. Every process has its own watcher, so a move answered by one worker wakes the streams
held by another.

The same thread applies what is due without anyone looking: a table whose ``deadline`` passed
(a turn's clock, the shared-entropy window) is caught up through the store, in one
``BEGIN IMMEDIATE`` transaction, so two processes racing the same deadline apply it once (the
second finds nothing due); and a table idle past the limits of ``bigtwo/limits.py`` is
abandoned as its organiser's ``DELETE`` would be. Under gunicorn the thread starts with each
worker (gunicorn.conf.py's ``post_worker_init``); without it (the test client, ``flask run``)
with the first request for a table.

Streams must register before they read the store and clear their event before each read:
then a change committed after a read always rings (its ``seq`` is past what the watcher saw).
"""

from __future__ import annotations

import contextlib
import logging
import os
import random
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from bigtwo import limits
from bigtwo.store.connection import StoreMissing

log = logging.getLogger("app.tables_bell")

OpenStore = Callable[[], Any]  # a bigtwo.store.db.Store, opened for the bell's thread alone
Abandon = Callable[[Any, str], object]  # (store, table id): as the organiser's DELETE


class Bell:
    """One process's watcher of one store."""

    def __init__(self, open_store: OpenStore, *, abandon: Abandon | None = None,
                 interval: float = limits.BELL_INTERVAL_SECONDS,
                 idle_seconds: float = limits.TABLE_IDLE_SECONDS,
                 bots_only_idle_seconds: float = limits.BOTS_ONLY_TABLE_IDLE_SECONDS,
                 now: Callable[[], float] = time.time) -> None:
        self.open_store, self.abandon = open_store, abandon
        self.interval = interval
        self.idle_seconds, self.bots_only_idle_seconds = idle_seconds, bots_only_idle_seconds
        self.now = now
        self._lock = threading.Lock()
        self._waiters: dict[str, set[threading.Event]] = {}
        self._store: Any = None
        self._seq: int | None = None
        self._data_version: int | None = None
        self._next_idle_sweep = 0.0
        self._thread: threading.Thread | None = None
        self._stopping = threading.Event()
        # Without gunicorn the watcher stops once nobody has used it for this long (None:
        # never); the next request for a table starts it again, and any look at a table
        # catches its clock up meanwhile. A test process making many apps keeps no idle
        # watchers.
        self.linger: float | None = None
        self._for_good = False
        self._used = time.monotonic()
        self.ticks = 0  # for tests and the bench: the watcher's work is per tick, not per stream
        # Changes this process's requests already rang for (table id: its seq then), which the
        # watcher's next tick must not ring again: each stream wakes once per change.
        self._rung_here: dict[str, int] = {}

    # --- streams ----------------------------------------------------------------------------
    @contextlib.contextmanager
    def waiter(self, table_id: str) -> Iterator[threading.Event]:
        """An event set whenever ``table_id`` changes, for as long as the block runs (the
        watcher must be running: ``start``)."""
        rung = threading.Event()
        with self._lock:
            self._waiters.setdefault(table_id, set()).add(rung)
        try:
            yield rung
        finally:
            with self._lock:
                watching = self._waiters.get(table_id)
                if watching is not None:
                    watching.discard(rung)
                    if not watching:
                        del self._waiters[table_id]

    def waiting(self) -> int:
        with self._lock:
            return sum(len(w) for w in self._waiters.values())

    def ring(self, table_id: str) -> None:
        """Wake this process's streams of ``table_id`` (the watcher calls it; so may a request
        of this process that just changed the table, for its own streams not to wait a tick)."""
        with self._lock:
            watching = list(self._waiters.get(table_id, ()))
        for rung in watching:
            rung.set()

    def ring_change(self, table_id: str, seq: int) -> None:
        """A request of this process committed ``table_id``'s change ``seq`` (the table's seq
        read after the commit): wake its streams now, and not again for that change."""
        with self._lock:
            self._rung_here[table_id] = seq
        self.ring(table_id)

    # --- the watcher ------------------------------------------------------------------------
    def keep(self, linger: float | None) -> None:
        """Run for good (``None``: a gunicorn worker's), or until unused for ``linger``
        seconds; once for good, always."""
        self._for_good = self._for_good or linger is None
        self.linger = None if self._for_good else linger

    def start(self) -> None:
        self._used = time.monotonic()
        with self._lock:
            if self._thread is not None and self._thread.is_alive():
                return
            self._stopping.clear()
            self._thread = threading.Thread(target=self._run, name="bigtwo-bell", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=10)
        with self._lock:
            for watching in self._waiters.values():
                for rung in watching:
                    rung.set()
        if self._store is not None:
            with contextlib.suppress(Exception):
                self._store.close()
            self._store = None

    def _run(self) -> None:
        while not self._stopping.is_set():
            linger = self.linger  # once: keep() may change it meanwhile
            if (linger is not None and not self.waiting()
                    and time.monotonic() - self._used > linger):
                self._drop_store()
                return
            try:
                self.tick()
            except StoreMissing:
                log.warning("the store is gone: the tables' bell stops")
                return
            except Exception:  # a busy or failing store: the next tick tries again
                log.exception("the tables' bell failed a tick")
                self._drop_store()
            self._stopping.wait(self.interval)

    def _drop_store(self) -> None:
        if self._store is not None:
            with contextlib.suppress(Exception):
                self._store.close()
        self._store = None
        self._data_version = None

    def _tables(self) -> Any:
        if self._store is None:
            self._store = self.open_store()
        return self._store.live_tables

    def tick(self) -> None:
        """One look: ring for what changed, apply what is due, and (now and then) abandon idle
        tables. Called by the watcher thread; tests call it to step the bell themselves."""
        self.ticks += 1
        tables = self._tables()
        self._ring_changes(tables)
        now = self.now()
        due = list(tables.due(now, limits.MAX_TABLES_PER_SWEEP))
        # Every process sees the same list: each starts at its own place in it, so that two
        # bells rarely catch up the same table at once.
        random.shuffle(due)
        touched = []
        started = time.thread_time()
        for table_id in due:
            # The store's get catches the table up in its own write transaction (and writes
            # only what is still due then): a deadline another process applied first is not
            # applied again.
            tables.get(table_id)
            touched.append(table_id)
            if time.thread_time() - started >= limits.BELL_WORK_SECONDS_PER_TICK:
                break  # tables of bots play on at the next look: requests come first
        if now >= self._next_idle_sweep:
            self._next_idle_sweep = now + limits.IDLE_SWEEP_SECONDS
            touched += self.sweep_idle(now)
        if touched:
            # data_version does not count this connection's own commits: look in any case.
            self._data_version = None
            self._ring_changes(tables)

    def sweep_idle(self, now: float) -> list[str]:
        tables = self._tables()
        idle = list(tables.idle(now, self.idle_seconds, limits.MAX_TABLES_PER_SWEEP,
                                botless_seconds=self.bots_only_idle_seconds))
        if self.abandon is not None:
            for table_id in idle:
                self.abandon(self._store, table_id)
        return idle

    def _ring_changes(self, tables: Any) -> None:
        version = int(tables.conn.execute("PRAGMA data_version").fetchone()[0])
        if self._seq is None:
            # Streams read the store after registering: nothing before now needs a ring.
            self._seq, self._data_version = tables.last_seq(), version
            with self._lock:
                self._rung_here.clear()
            return
        if version == self._data_version:
            return  # nothing committed by any other connection since the last look
        self._data_version = version
        while True:
            changed = tables.changed_since(self._seq, limits.MAX_TABLES_PER_SWEEP)
            for table_id, seq in changed:
                self._seq = max(self._seq, seq)
                with self._lock:
                    rung = self._rung_here.pop(table_id, None)
                if rung != seq:  # rung here for an earlier change (or never): a later one
                    self.ring(table_id)
            if len(changed) < limits.MAX_TABLES_PER_SWEEP:
                return


_bells: dict[tuple[int, str], Bell] = {}
_bells_lock = threading.Lock()


def bell_for(db_path: str, make: Callable[[], Bell]) -> Bell:
    """This process's bell of the store at ``db_path`` (a forked worker makes its own: a
    thread and a connection never cross a fork)."""
    key = (os.getpid(), db_path)
    with _bells_lock:
        bell = _bells.get(key)
        if bell is None:
            bell = _bells[key] = make()
        return bell


def stop_all() -> int:
    """Stop every bell of this process and forget them (the next request for a table starts
    its store's bell again); how many there were. For a host of short-lived apps in one
    process, as a test suite makes: each idle bell otherwise ticks on for its linger."""
    with _bells_lock:
        bells = [bell for (pid, _), bell in _bells.items() if pid == os.getpid()]
        _bells.clear()
    for bell in bells:
        bell.stop()
    return len(bells)


def ring_here(db_path: str, table_id: str, seq: Callable[[], int | None]) -> None:
    """A request of this process changed ``table_id``: its streams in this process wake now
    rather than at the watcher's next tick (up to ``BELL_INTERVAL_SECONDS`` later), and that
    tick does not wake them again for it; those held by other processes are woken by their
    own watchers. ``seq`` reads the table's seq after the commit. No bell here: no stream."""
    with _bells_lock:
        bell = _bells.get((os.getpid(), db_path))
    if bell is None or not bell.waiting():
        return
    now = seq()
    if now is not None:
        bell.ring_change(table_id, now)


def start_in_worker(app: Any) -> None:
    """gunicorn's ``post_worker_init`` (``app`` the worker's Flask app): the worker's bell
    runs from the start, for as long as the worker."""
    from app.api import table_events

    table_events.start_bell(app, linger=None)
