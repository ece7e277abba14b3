"""The store's lifecycle in the app, as Flask's tutorial has its ``db.py``: one connection per
request, opened by ``get_store`` on first use and closed at teardown; ``init_app`` brings the
schema up to date once when the app is made and registers the teardown."""

from __future__ import annotations

from flask import Flask, current_app, g

from bigtwo.rules.profiles import ProfileResolver
from bigtwo.store.db import Store


def get_store() -> Store:
    """The request's store connection, opened on first use and closed at teardown."""
    if "store" not in g:
        g.store = Store(current_app.config["BIGTWO_DB"], current_app.config["BIGTWO_QUOTAS"])
    store: Store = g.store
    return store


def close_store(_: BaseException | None = None) -> None:
    opened = g.pop("store", None)
    if opened is not None:
        opened.close()


def request_resolver() -> ProfileResolver:
    """Presets, plus stored profiles; the store is opened only when a stored id is looked up,
    so requests naming a preset never touch the database."""
    return ProfileResolver(lambda profile_id: get_store().profiles.declaration(profile_id),
                           lambda profile_id: get_store().profiles.stored_hash(profile_id))


def init_app(app: Flask) -> None:
    store = Store(app.config["BIGTWO_DB"])
    store.migrate()
    store.close()
    app.teardown_appcontext(close_store)
