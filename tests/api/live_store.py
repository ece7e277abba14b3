"""A live tables' store on a clock the test moves by hand: the store's and the bell's tests
open theirs alike."""

from __future__ import annotations

from pathlib import Path

from bigtwo.store.db import Store


class Clock:
    """Now, as the test sets it (``clock.t += 5``)."""

    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


def open_store(path: Path, clock: Clock) -> Store:
    """A migrated store whose live tables read the time from ``clock``."""
    store = Store(path)
    store.migrate()
    store.live_tables.now = clock
    return store
