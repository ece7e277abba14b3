"""What every repository shares: the store's one connection and its write transaction."""

from __future__ import annotations

import sqlite3
from contextlib import AbstractContextManager

import sqlite_utils

from bigtwo.store.connection import Connection
from bigtwo.store.quotas import QuotaExceeded, Quotas


class Repository:
    """The tables of one aggregate, read and written through the store's one connection."""

    def __init__(self, connection: Connection, quotas: Quotas) -> None:
        self.connection = connection
        self.conn: sqlite3.Connection = connection.conn
        self.quotas = quotas

    def write(self) -> AbstractContextManager[sqlite_utils.Database]:
        """The connection's write transaction (``Connection.write``)."""
        return self.connection.write()

    def check_count(self, table: str, quota: int) -> None:
        """Inside a write: QuotaExceeded when one more row would take ``table`` past ``quota``."""
        used = int(self.conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
        if used + 1 > quota:
            raise QuotaExceeded(table, quota, used, 1)
