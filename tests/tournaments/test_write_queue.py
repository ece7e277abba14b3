"""The store's writers queue (bigtwo.store.write_queue) instead of polling SQLite's lock.

Every connection here has a busy timeout of 0: a writer that reached SQLite's write lock while
another held it would fail at once with "database is locked". That none does is the queue."""

from __future__ import annotations

import multiprocessing
import os
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest

from bigtwo.store import write_queue
from bigtwo.store.connection import Connection


def impatient(path: Path | str) -> Connection:
    made = Connection(path)
    made.conn.execute("PRAGMA busy_timeout = 0")
    made.conn.execute("CREATE TABLE IF NOT EXISTS t (n INTEGER)")
    return made


@pytest.mark.parametrize("writers", [2, 5])
def test_threads_of_a_process_take_turns(tmp_path: Path, writers: int) -> None:
    db = tmp_path / "s.db"
    impatient(db).close()
    failures: list[BaseException] = []
    holding = threading.Event()
    release = threading.Event()

    def first() -> None:
        with impatient(db).write() as d:
            d.execute("INSERT INTO t VALUES (0)")
            holding.set()
            release.wait(5)

    def other(n: int) -> None:
        try:
            with impatient(db).write() as d:
                d.execute("INSERT INTO t VALUES (?)", (n,))
        except sqlite3.OperationalError as exc:
            failures.append(exc)

    threads = [threading.Thread(target=first)]
    threads[0].start()
    assert holding.wait(5)
    threads += [threading.Thread(target=other, args=(n,)) for n in range(1, writers)]
    for t in threads[1:]:
        t.start()
    release.set()
    for t in threads:
        t.join(10)
    assert failures == []
    assert impatient(db).conn.execute("SELECT count(*) FROM t").fetchone()[0] == writers


def test_processes_take_turns(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    impatient(db).close()
    took_it, go_on = os.pipe(), os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child's exit status is the assertion
        code = 1
        try:
            with impatient(db).write() as d:
                d.execute("INSERT INTO t VALUES (1)")
                os.write(took_it[1], b"x")
                os.read(go_on[0], 1)
            code = 0
        finally:
            os._exit(code)
    assert os.read(took_it[0], 1) == b"x"
    # the child holds the write; this writer waits on the lock file, not on SQLite
    timer = threading.Timer(0.2, lambda: os.write(go_on[1], b"x"))
    timer.start()
    with impatient(db).write() as d:
        d.execute("INSERT INTO t VALUES (2)")
    timer.join()
    _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    rows = impatient(db).conn.execute("SELECT n FROM t ORDER BY rowid").fetchall()
    assert rows == [(1,), (2,)]


def test_nested_writes_never_hang(tmp_path: Path) -> None:
    """A write inside a write of another store (as tests with two stores do) goes on; inside
    another connection's write to the SAME file SQLite refuses it, as it did before the queue,
    instead of the queue waiting for itself."""
    one, two = impatient(tmp_path / "a.db"), impatient(tmp_path / "b.db")
    with one.write() as d1, two.write() as d2:
        d1.execute("INSERT INTO t VALUES (1)")
        d2.execute("INSERT INTO t VALUES (2)")
    again = impatient(tmp_path / "a.db")
    with one.write(), pytest.raises(sqlite3.OperationalError, match="locked"):  # noqa: SIM117
        with again.write():
            pass
    with again.write() as d:  # the failed inner write left the queue as it found it
        d.execute("INSERT INTO t VALUES (3)")
    assert again.conn.execute("SELECT count(*) FROM t").fetchone()[0] == 2


def test_memory_and_lockless_stores_still_write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                ) -> None:
    with impatient(":memory:").write() as d:
        d.execute("INSERT INTO t VALUES (1)")
    assert not list(Path.cwd().glob("*" + write_queue.LOCK_SUFFIX))
    db = tmp_path / "s.db"

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError("read-only directory")

    monkeypatch.setattr(write_queue, "open", refuse, raising=False)
    impatient(db).close()  # a new store's switch to WAL queues too
    with impatient(db).write() as d:
        d.execute("INSERT INTO t VALUES (1)")
    assert not (tmp_path / ("s.db" + write_queue.LOCK_SUFFIX)).exists()


def test_a_fork_gets_a_queue_of_its_own(tmp_path: Path) -> None:
    """A thread of the parent holds the queue at the fork: the child still gets its turn once
    the parent's is over, never waiting on a lock copied in its taken state. (The queue alone:
    SQLite's own connections must not cross a fork.)"""
    db = str(tmp_path / "s.db")
    holding, release = threading.Event(), threading.Event()
    order: list[str] = []

    def hold() -> None:
        with write_queue.queued(db):
            holding.set()
            release.wait(5)
            order.append("parent")

    holder = threading.Thread(target=hold)
    holder.start()
    assert holding.wait(5)
    done = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - what the child writes is the assertion
        try:
            with write_queue.queued(db):
                os.write(done[1], b"c")
        finally:
            os._exit(0)
    threading.Timer(0.2, release.set).start()
    holder.join(10)
    assert os.read(done[0], 1) == b"c"
    os.waitpid(child, 0)
    assert order == ["parent"]
    with write_queue.queued(db):  # and the parent's queue is free again
        pass


def _open_new_store(path: str, start: Any, outcomes: Any) -> None:
    start.wait()
    try:
        Connection(path).close()
        outcomes.put("opened")
    except sqlite3.OperationalError as exc:
        outcomes.put(str(exc))


def test_processes_opening_a_new_store_at_once_all_open_it(tmp_path: Path) -> None:
    """Gunicorn's workers booting on a new store: each switched it to WAL holding a shared
    lock, and SQLite refused one at once ("database is locked"; the worker failed to boot,
    in about one round in six here). The switch now waits in the writers' queue."""
    # Forked from a server process, not from this one: other tests' threads may hold a lock.
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    openers = 4
    for round_ in range(12):
        path = str(tmp_path / f"new-{round_}.db")
        start, outcomes = context.Barrier(openers), context.Queue()
        procs = [context.Process(target=_open_new_store, args=(path, start, outcomes))
                 for _ in range(openers)]
        for proc in procs:
            proc.start()
        for proc in procs:
            proc.join(60)
        assert [outcomes.get(timeout=5) for _ in procs] == ["opened"] * openers, round_
        mode = sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0]
        assert mode == "wal"
