"""The standings cache: standings as computed, keyed on the tournament's change counter, and
the lease that lets one request (or process) at a time recompute stale reports."""

from __future__ import annotations

import secrets
import time
import zlib
from typing import Any

from bigtwo.store.repositories.base import Repository


class StandingsCache(Repository):
    def revision(self, tournament_id: str) -> int:
        """The tournament's change counter: the triggers of schema 6 bump it on every write to
        its records, whoever makes it."""
        row = self.conn.execute("SELECT revision FROM tournaments WHERE id = ?",
                                [tournament_id]).fetchone()
        return 0 if row is None else int(row[0])

    def cached(self, tournament_id: str, engine: str, *,
                         current: bool = True) -> bytes | None:
        """The cached standings (JSON text, as computed) of the tournament as it is now and
        for this engine; with ``current=False`` the last ones cached, whatever changed since."""
        query = "SELECT c.body FROM standings_cache AS c JOIN tournaments AS t " \
                "ON t.id = c.tournament_id WHERE c.tournament_id = ? AND c.body IS NOT NULL"
        params: list[Any] = [tournament_id]
        if current:
            query += " AND c.revision = t.revision AND c.engine = ?"
            params.append(engine)
        row = self.conn.execute(query, params).fetchone()
        return None if row is None else zlib.decompress(row[0])

    def cache(self, tournament_id: str, revision: int, engine: str,
                        body: bytes) -> bool:
        """Keep ``body`` (JSON text) as the standings of ``revision``; False (nothing kept)
        when the tournament changed since they were computed."""
        with self.write():
            if self.revision(tournament_id) != revision:
                return False
            self.conn.execute(
                "INSERT INTO standings_cache (tournament_id, revision, engine, body) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (tournament_id) DO UPDATE SET "
                "revision = excluded.revision, engine = excluded.engine, body = excluded.body",
                [tournament_id, revision, engine, zlib.compress(body, 6)])
        return True

    def take_lease(self, tournament_id: str, seconds: float) -> str | None:
        """The right to recheck the tournament's stale reports for ``seconds``: a token to
        release it with, or None while another request (or process) holds it."""
        owner = secrets.token_hex(8)
        at = time.time()
        with self.write():
            row = self.conn.execute("SELECT lease_until FROM standings_cache "
                                    "WHERE tournament_id = ?", [tournament_id]).fetchone()
            if row is not None and row[0] is not None and row[0] > at:
                return None
            self.conn.execute(
                "INSERT INTO standings_cache (tournament_id, lease_owner, lease_until) "
                "VALUES (?, ?, ?) ON CONFLICT (tournament_id) DO UPDATE SET "
                "lease_owner = excluded.lease_owner, lease_until = excluded.lease_until",
                [tournament_id, owner, at + seconds])
        return owner

    def release_lease(self, tournament_id: str, owner: str) -> None:
        with self.write():
            self.conn.execute("UPDATE standings_cache SET lease_owner = NULL, lease_until = NULL "
                              "WHERE tournament_id = ? AND lease_owner = ?",
                              [tournament_id, owner])
