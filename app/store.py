"""The store's lifecycle in the app, as Flask's tutorial has its ``db.py``: one connection per
request, taken by ``get_store`` on first use and given back at teardown; ``init_app`` brings
the schema up to date once when the app is made and registers the teardown.

Connections are kept for the next request rather than closed: opening one (the file, its
four PRAGMAs, the repositories) was a sixth of a live table's move. A kept connection is
this process's only (a fork makes its own), is never in a transaction when given back, and
is dropped if its file was replaced or removed meanwhile (it would read the old file)."""

from __future__ import annotations

import os
import threading
import weakref

from flask import Flask, current_app, g

from bigtwo.rules.profiles import ProfileResolver
from bigtwo.store.db import Store
from bigtwo.store.quotas import Quotas

# Enough for a worker's request threads and its streams' reads at once; more are closed.
KEPT_PER_STORE = 16
# A server has one store; a process that has used more (the tests: one per test) keeps the
# connections of the latest few, not a file descriptor for every store it ever opened.
KEPT_STORES = 4

_Key = tuple[int, str, Quotas]
_kept: dict[_Key, list[tuple[Store, tuple[int, int]]]] = {}
_kept_lock = threading.Lock()
_files: weakref.WeakKeyDictionary[Store, tuple[int, int]] = weakref.WeakKeyDictionary()


def _after_fork_in_child() -> None:
    # A parent's connections are never used here, nor closed (closing one in the child could
    # checkpoint the parent's WAL under it): they are only put out of reach. A lock another
    # thread held at the fork would stay taken: a new one.
    global _kept_lock
    _inherited.extend(store for kept in _kept.values() for store, _ in kept)
    _kept.clear()
    _kept_lock = threading.Lock()


_inherited: list[Store] = []
os.register_at_fork(after_in_child=_after_fork_in_child)


def _file_of(path: str) -> tuple[int, int] | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def take_store(path: str, quotas: Quotas) -> Store:
    """A connection to the store at ``path``: a kept one if there is one, else a new one."""
    if path == ":memory:":
        return Store(path, quotas)  # every connection is its own database: nothing to keep
    key = (os.getpid(), path, quotas)
    now_file = _file_of(path)
    with _kept_lock:
        kept = _kept.setdefault(key, [])
        while kept:
            store, file = kept.pop()
            if file == now_file:
                return store
            store.close()
    store = Store(path, quotas)
    file = _file_of(path)
    if file is not None:
        _files[store] = file
    return store


def give_back(store: Store) -> None:
    """``store`` is not used any more by its taker: kept for the next, or closed."""
    file = _files.get(store)
    if file is None or store.conn.in_transaction:
        store.close()  # a connection left in a transaction is never handed on
        return
    dropped: list[Store] = []
    with _kept_lock:
        key = (os.getpid(), store.path, store.quotas)
        kept = _kept.pop(key, [])
        _kept[key] = kept  # the latest used last, the first to go the oldest
        if len(kept) < KEPT_PER_STORE:
            kept.append((store, file))
        else:
            dropped.append(store)
        while len(_kept) > KEPT_STORES:
            dropped += [old for old, _ in _kept.pop(next(iter(_kept)))]
    for old in dropped:
        old.close()


def drop_kept(path: str) -> None:
    """Close this process's kept connections to ``path``: an app made anew starts as a
    restarted server does, opening its store as it finds it now (read-only, say)."""
    with _kept_lock:
        dropped = [store for key in [k for k in _kept if k[1] == path]
                   for store, _ in _kept.pop(key)]
    for store in dropped:
        store.close()


def get_store() -> Store:
    """The request's store connection, taken on first use and given back at teardown."""
    if "store" not in g:
        g.store = take_store(current_app.config["BIGTWO_DB"], current_app.config["BIGTWO_QUOTAS"])
    store: Store = g.store
    return store


def close_store(_: BaseException | None = None) -> None:
    opened = g.pop("store", None)
    if opened is not None:
        give_back(opened)


def request_resolver() -> ProfileResolver:
    """Presets, plus stored profiles; the store is opened only when a stored id is looked up,
    so requests naming a preset never touch the database."""
    return ProfileResolver(lambda profile_id: get_store().profiles.declaration(profile_id),
                           lambda profile_id: get_store().profiles.stored_hash(profile_id))


def init_app(app: Flask) -> None:
    drop_kept(app.config["BIGTWO_DB"])
    store = Store(app.config["BIGTWO_DB"])
    store.migrate()
    store.close()
    app.teardown_appcontext(close_store)
