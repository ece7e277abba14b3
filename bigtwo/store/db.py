"""The embedded SQLite store (sqlite-utils): the database opened once, its schema brought up to
date, and one repository per aggregate.

``Store`` is the connection (``bigtwo.store.connection``: WAL, ``synchronous=FULL``, writes in
``BEGIN IMMEDIATE``) and holds the repositories of ``bigtwo.store.repositories``, which share it:
``store.profiles``, ``store.tournaments`` (and their records), ``store.replays``, ``store.keys``,
``store.standings``, ``store.seasons`` and ``store.live_tables``. Migrations (``bigtwo.store.migrations``) run at start inside the same
kind of transaction, keyed on ``user_version``.
"""

from __future__ import annotations

import os

from bigtwo.store import migrations
from bigtwo.store.connection import Connection
from bigtwo.store.faults import StoreFault, write_probe
from bigtwo.store.live_tables import LiveTables
from bigtwo.store.quotas import Quotas
from bigtwo.store.repositories.keys import CreationKeys
from bigtwo.store.repositories.profiles import Profiles
from bigtwo.store.repositories.replays import SharedReplays
from bigtwo.store.repositories.seasons import Seasons
from bigtwo.store.repositories.standings import StandingsCache
from bigtwo.store.repositories.tournaments import Tournaments


class Store(Connection):
    """One open database and its repositories; every write of any of them is a transaction
    of this one connection, so a use case can span aggregates in one (``Store.write``)."""

    def __init__(self, path: str | os.PathLike[str], quotas: Quotas | None = None, *,
                 create: bool = True) -> None:
        super().__init__(path, create=create)
        self.quotas = quotas if quotas is not None else Quotas.from_env()
        self.profiles = Profiles(self, self.quotas)
        self.tournaments = Tournaments(self, self.quotas, self.profiles)
        self.replays = SharedReplays(self, self.quotas)
        self.keys = CreationKeys(self, self.quotas)
        self.standings = StandingsCache(self, self.quotas)
        self.seasons = Seasons(self, self.quotas)
        self.live_tables = LiveTables(self, self.quotas)

    def writable(self) -> StoreFault | None:
        """Why the store cannot take a write now (read-only, full), found without writing;
        None when it can (``bigtwo.store.faults.write_probe``)."""
        return write_probe(self.conn, self.path)

    def migrate(self) -> int:
        """Run the schema steps this database has not run yet; the version it is at."""
        return migrations.migrate(self)
