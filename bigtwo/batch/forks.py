"""A local run's workers without Dask: processes forked from this one, one task at a time each.

On one machine Dask's cost is fixed and large against seconds of checking: importing it
(about 0.3 s of CPU), a scheduler, a nanny and a worker with event loops, heartbeats and a
connection each, and every task's round trip through them. A forked worker starts with the
core already imported and costs nothing while idle: it blocks on a pipe. What Dask gave a
local run is kept: the results come back in any order and the driver puts them in order, a
worker that dies (SIGKILL, out of memory) is replaced by a fresh fork and its task given
again, and a task that kills ``MAX_WORKER_DEATHS_PER_BLOCK`` workers fails the run (as
Dask's ``distributed.scheduler.allowed-failures`` does).

Only where ``os.fork`` is safe to call with nothing running but this thread (Linux); the
driver forks before it starts any thread, and again to replace a dead worker.
"""

from __future__ import annotations

import gc
import os
import pickle
import selectors
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from bigtwo import limits

ALLOWED_FAILURES = limits.MAX_WORKER_DEATHS_PER_BLOCK
_HEAD = 8  # bytes of a message's length, before it


def available() -> bool:
    return sys.platform.startswith("linux") and hasattr(os, "fork")


class KilledWorker(RuntimeError):
    """A task whose workers died ``ALLOWED_FAILURES`` times: it would kill the next one too."""


@dataclass(slots=True)
class _Worker:
    pid: int
    inbox: int  # the driver writes tasks here
    outbox: int  # and reads results here
    task: int | None = None  # the index of the task in flight
    gone: bool = False  # its pipe broke: it died, its end not yet read
    received: bytearray = field(default_factory=bytearray)


def _send(fd: int, value: Any) -> None:
    data = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
    view = memoryview(len(data).to_bytes(_HEAD, "little") + data)
    while view:
        view = view[os.write(fd, view):]


def _read_exactly(fd: int, size: int) -> bytes | None:
    chunks, left = [], size
    while left:
        chunk = os.read(fd, left)
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _serve(inbox: int, outbox: int) -> None:
    """A worker's life: a task, its result, until the driver closes the pipe."""
    while (head := _read_exactly(inbox, _HEAD)) is not None:
        body = _read_exactly(inbox, int.from_bytes(head, "little"))
        if body is None:
            break
        index, fn, args, kwargs = pickle.loads(body)
        try:
            outcome: tuple[Any, ...] = (index, True, fn(*args, **kwargs))
        except Exception as exc:  # the driver raises it, as Dask does
            outcome = (index, False, exc)
        try:
            _send(outbox, outcome)
        except (pickle.PicklingError, TypeError, AttributeError):
            _send(outbox, (index, False, RuntimeError(repr(outcome[2]))))


class ForkPool:
    """``workers`` forked processes, closed (and reaped, so that their CPU counts as this
    process's children's) on leaving."""

    def __init__(self, workers: int) -> None:
        self._workers: list[_Worker] = []
        self._selector = selectors.DefaultSelector()
        # What this process holds now is frozen out of the collector while the workers fork:
        # a worker's collections would otherwise visit (and so copy) every page of it.
        gc.freeze()
        try:
            for _ in range(max(1, workers)):
                self._start()
        finally:
            gc.unfreeze()

    def __enter__(self) -> ForkPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def pids(self) -> list[int]:
        return [w.pid for w in self._workers]

    def _start(self) -> None:
        inbox_read, inbox = os.pipe()
        outbox, outbox_write = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child; coverage does not follow a fork
            status = 0
            try:
                os.close(inbox)
                os.close(outbox)
                for other in self._workers:  # else a dead worker's pipes would stay open
                    os.close(other.inbox)
                    os.close(other.outbox)
                _serve(inbox_read, outbox_write)
            except BaseException:
                status = 1
            finally:
                os._exit(status)  # never the driver's atexit handlers or buffers
        os.close(inbox_read)
        os.close(outbox_write)
        worker = _Worker(pid, inbox, outbox)
        self._workers.append(worker)
        self._selector.register(outbox, selectors.EVENT_READ, worker)

    def _retire(self, worker: _Worker) -> None:
        self._selector.unregister(worker.outbox)
        os.close(worker.inbox)
        os.close(worker.outbox)
        os.waitpid(worker.pid, 0)
        self._workers.remove(worker)

    def close(self) -> None:
        for worker in list(self._workers):
            self._retire(worker)  # EOF on its inbox ends it
        self._selector.close()

    def map(self, fn: Callable[..., Any], items: Iterable[Any], **kwargs: Any) -> list[Any]:
        """``fn(item, **kwargs)`` for every item, the results in the items' order."""
        tasks = [(item,) for item in items]
        results: list[Any] = [None] * len(tasks)
        for index, value in self.each(fn, tasks, **kwargs):
            results[index] = value
        return results

    def each(self, fn: Callable[..., Any], tasks: list[tuple[Any, ...]], **kwargs: Any,
             ) -> Iterator[tuple[int, Any]]:
        """``(index, fn(*tasks[index], **kwargs))`` for every task, as each finishes."""
        pending = deque(range(len(tasks)))
        failures: dict[int, int] = {}
        left = len(tasks)

        def give(worker: _Worker) -> None:
            if pending and worker.task is None and not worker.gone:
                task = pending.popleft()
                try:
                    _send(worker.inbox, (task, fn, tasks[task], kwargs))
                except BrokenPipeError:  # dead before it took this task: not the task's fault
                    pending.appendleft(task)
                    worker.gone = True
                    return
                worker.task = task

        for worker in self._workers:
            give(worker)
        while left:
            for key, _ in self._selector.select():
                worker = key.data
                chunk = os.read(worker.outbox, 1 << 20)
                if not chunk:  # it died: a fresh one takes its task again
                    lost = worker.task
                    self._retire(worker)
                    if lost is not None:
                        failures[lost] = failures.get(lost, 0) + 1
                        if failures[lost] >= ALLOWED_FAILURES:
                            raise KilledWorker(f"task {lost} killed {ALLOWED_FAILURES} workers")
                        pending.appendleft(lost)
                    self._start()
                    give(self._workers[-1])
                    continue
                worker.received += chunk
                while len(worker.received) >= _HEAD:
                    size = int.from_bytes(worker.received[:_HEAD], "little")
                    if len(worker.received) < _HEAD + size:
                        break
                    index, ok, value = pickle.loads(worker.received[_HEAD:_HEAD + size])
                    del worker.received[:_HEAD + size]
                    worker.task = None
                    if not ok:
                        raise value
                    left -= 1
                    give(worker)
                    yield index, value
