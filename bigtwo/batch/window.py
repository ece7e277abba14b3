"""Work fed to a cluster a few pieces at a time: the driver never holds much more than the
pieces in flight, however long the stream (a tournament's records, read batch by batch)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")


def in_flight(client: Any, fn: Callable[..., Result], items: Iterable[Item], window: int,
              *args: Any) -> Iterator[Result]:
    """``fn(item, *args)`` for every item on ``client``'s workers, at most ``window`` at a
    time, the results as they finish (not in order); the next item is read only when one
    finishes."""
    from distributed import as_completed

    pending = iter(items)
    first = [client.submit(fn, item, *args, pure=False)
             for _, item in zip(range(max(1, window)), pending, strict=False)]
    running = as_completed(first)
    for future in running:
        result: Result = future.result()
        future.release()
        following = next(pending, None)
        if following is not None:
            running.add(client.submit(fn, following, *args, pure=False))
        yield result
