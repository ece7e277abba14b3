"""Seasons: a name, an optional profile, an organiser token, the tournaments attached in order,
the organiser's aliases, an audit log, and the rating state cached per attached tournament."""

from __future__ import annotations

import json
import secrets
import time
import zlib
from collections.abc import Mapping, Sequence
from typing import Any

import sqlite_utils

from bigtwo import limits
from bigtwo.league.standings import PER_DEAL
from bigtwo.store import clock
from bigtwo.store.quotas import QuotaExceeded
from bigtwo.store.repositories.base import Repository
from bigtwo.store.tokens import token_hash, token_id


def create_tables(db: sqlite_utils.Database) -> None:
    """The schema step that adds seasons (``bigtwo.store.migrations``); it runs again over
    its own tables (a store whose version was set back) and changes nothing."""
    db.execute("CREATE TABLE IF NOT EXISTS seasons (id TEXT PRIMARY KEY, name TEXT NOT NULL, "
               "profile_id TEXT, profile_hash TEXT, points TEXT NOT NULL, "
               "token_hash TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL, "
               "revision INTEGER NOT NULL DEFAULT 0)")
    db.execute("CREATE TABLE IF NOT EXISTS season_tournaments (season_id TEXT NOT NULL REFERENCES seasons(id), "
               "tournament_id TEXT NOT NULL REFERENCES tournaments(id), position INTEGER NOT NULL, "
               "attached_at TEXT NOT NULL, PRIMARY KEY (season_id, tournament_id))")
    db.execute("CREATE TABLE IF NOT EXISTS season_aliases (season_id TEXT NOT NULL REFERENCES seasons(id), "
               "alias TEXT NOT NULL, player TEXT NOT NULL, PRIMARY KEY (season_id, alias))")
    db.execute("CREATE TABLE IF NOT EXISTS season_audit (seq INTEGER PRIMARY KEY, season_id TEXT NOT NULL "
               "REFERENCES seasons(id), at TEXT NOT NULL, action TEXT NOT NULL, "
               "detail TEXT NOT NULL, by TEXT, token_id TEXT)")
    # One row per attached tournament, in order: the rating state after it and its night's
    # ranking, under a key over everything before it (bigtwo.league.season_table.night_key).
    db.execute("CREATE TABLE IF NOT EXISTS season_nights (season_id TEXT NOT NULL REFERENCES seasons(id), "
               "position INTEGER NOT NULL, key TEXT NOT NULL, body BLOB NOT NULL, "
               "PRIMARY KEY (season_id, position))")
    db.execute("CREATE TABLE IF NOT EXISTS season_standings (season_id TEXT PRIMARY KEY REFERENCES seasons(id), "
               "key TEXT NOT NULL, body BLOB NOT NULL)")


class AliasRefused(Exception):
    """An alias the season's aliases as stored refuse: ``chain`` (its player is an alias, or
    others stand for it) or ``missing`` (an undo of an alias there is not)."""

    def __init__(self, reason: str, alias: str, player: str | None) -> None:
        super().__init__(reason)
        self.reason, self.alias, self.player = reason, alias, player


def create_lease_table(db: sqlite_utils.Database) -> None:
    """The schema step that adds the lease one request at a time holds while it rates a
    season's nights (``Seasons.take_lease``), and each night's tables and places under the
    key of what they depend on (``bigtwo.league.season_table.content_key``)."""
    db.execute("CREATE TABLE IF NOT EXISTS season_leases (season_id TEXT PRIMARY KEY "
               "REFERENCES seasons(id), owner TEXT NOT NULL, until REAL NOT NULL)")
    db.execute("CREATE TABLE IF NOT EXISTS season_night_tables (season_id TEXT NOT NULL "
               "REFERENCES seasons(id), tournament_id TEXT NOT NULL, key TEXT NOT NULL, "
               "body BLOB NOT NULL, PRIMARY KEY (season_id, tournament_id))")


class Seasons(Repository):
    def create(self, name: str, profile_id: str | None, profile_hash: str | None,
               points: str | Sequence[int]) -> tuple[str, str]:
        """A new season; ``(id, token)``, the token answered here only (its hash is kept)."""
        season_id = "s-" + secrets.token_hex(6)
        token = "b2s_" + secrets.token_urlsafe(32)
        with self.write() as db:
            self.check_count("seasons", self.quotas.seasons)
            db.table("seasons").insert({
                "id": season_id, "name": name, "profile_id": profile_id,
                "profile_hash": profile_hash, "points": json.dumps(points),
                "token_hash": token_hash(token), "created_at": clock.now(), "revision": 0})
        return season_id, token

    def _row(self, row: Sequence[Any]) -> dict[str, Any]:
        return {"id": row[0], "name": row[1], "profile_id": row[2], "profile_hash": row[3],
                "points": json.loads(row[4]), "created_at": row[5], "tournaments": row[6]}

    _COLUMNS = ("SELECT s.id, s.name, s.profile_id, s.profile_hash, s.points, s.created_at, "
                "(SELECT count(*) FROM season_tournaments AS a WHERE a.season_id = s.id) "
                "FROM seasons AS s")

    def get(self, season_id: str) -> dict[str, Any] | None:
        row = self.conn.execute(self._COLUMNS + " WHERE s.id = ?", [season_id]).fetchone()
        return None if row is None else self._row(row)

    def page(self, limit: int, offset: int) -> tuple[list[dict[str, Any]], int]:
        """Seasons, newest first, and how many there are."""
        rows = self.conn.execute(self._COLUMNS + " ORDER BY s.created_at DESC, s.id LIMIT ? "
                                 "OFFSET ?", [limit, offset]).fetchall()
        total = int(self.conn.execute("SELECT count(*) FROM seasons").fetchone()[0])
        return [self._row(r) for r in rows], total

    def token_matches(self, season_id: str, token: str) -> bool | None:
        """True for this season's token, False for another season's, None for neither."""
        digest = token_hash(token)
        row = self.conn.execute("SELECT id FROM seasons WHERE token_hash = ?",
                                [digest]).fetchone()
        return None if row is None else row[0] == season_id

    def _audit(self, season_id: str, action: str, detail: Mapping[str, Any],
               by: str | None, token: str) -> None:
        self.conn.execute("INSERT INTO season_audit (season_id, at, action, detail, by, token_id) "
                          "VALUES (?, ?, ?, ?, ?, ?)",
                          [season_id, clock.now(), action, json.dumps(detail, ensure_ascii=False),
                           by, token_id(token_hash(token))])
        self.conn.execute("UPDATE seasons SET revision = revision + 1 WHERE id = ?", [season_id])

    def attached(self, season_id: str) -> list[dict[str, Any]]:
        """The attached tournaments in the order they were attached, each with its name and
        its revision (the change counter its records bump)."""
        rows = self.conn.execute(
            "SELECT t.id, t.name, t.revision, a.attached_at, t.profile_hash, t.ranked_by FROM "
            "season_tournaments AS a JOIN tournaments AS t ON t.id = a.tournament_id "
            "WHERE a.season_id = ? ORDER BY a.position", [season_id]).fetchall()
        return [{"id": r[0], "name": r[1], "revision": r[2], "attached_at": r[3],
                 "profile_hash": r[4], "ranked_by": r[5] or PER_DEAL} for r in rows]

    def attach(self, season_id: str, tournament_id: str, *, token: str,
               by: str | None = None) -> bool:
        """Attach a tournament after the others; False when it was attached already."""
        with self.write():
            if self.conn.execute("SELECT 1 FROM season_tournaments WHERE season_id = ? AND "
                                 "tournament_id = ?", [season_id, tournament_id]).fetchone():
                return False
            self.check_count_in(season_id, self.quotas.tournaments_per_season)
            position = int(self.conn.execute(
                "SELECT coalesce(max(position), 0) + 1 FROM season_tournaments WHERE "
                "season_id = ?", [season_id]).fetchone()[0])
            self.conn.execute("INSERT INTO season_tournaments VALUES (?, ?, ?, ?)",
                              [season_id, tournament_id, position, clock.now()])
            self._audit(season_id, "attach", {"tournament": tournament_id}, by, token)
        return True

    def tables(self, season_id: str, most: int) -> list[tuple[str, str, str | None]]:
        """The ``most`` most recent counted records of the attached nights, night by night in
        upload order, as ``(tournament id, record id, its players' names as JSON)``: the
        tables already played. Only the names are read out of the stored tallies (JSON1),
        never the tallies themselves; a record stored without a tally has None."""
        rows = self.conn.execute(
            "SELECT r.tournament_id, r.id, json_extract(r.tally, '$.names') FROM "
            "season_tournaments AS a JOIN records AS r ON r.tournament_id = a.tournament_id "
            "WHERE a.season_id = ? AND r.valid = 1 AND r.duplicate_of IS NULL AND "
            "r.withdrawn = 0 ORDER BY a.position DESC, r.seq DESC LIMIT ?",
            [season_id, most]).fetchall()
        return [(t, r, n) for t, r, n in reversed(rows)]

    def check_count_in(self, season_id: str, quota: int) -> None:
        used = int(self.conn.execute("SELECT count(*) FROM season_tournaments WHERE "
                                     "season_id = ?", [season_id]).fetchone()[0])
        if used + 1 > quota:
            raise QuotaExceeded("tournaments_per_season", quota, used, 1)

    def detach(self, season_id: str, tournament_id: str, *, token: str,
               by: str | None = None) -> bool:
        """Detach a tournament; False when it was not attached."""
        with self.write():
            done = self.conn.execute("DELETE FROM season_tournaments WHERE season_id = ? AND "
                                     "tournament_id = ?", [season_id, tournament_id])
            if done.rowcount != 1:
                return False
            self._audit(season_id, "detach", {"tournament": tournament_id}, by, token)
        return True

    def aliases(self, season_id: str) -> dict[str, str]:
        rows = self.conn.execute("SELECT alias, player FROM season_aliases WHERE season_id = ? "
                                 "ORDER BY alias", [season_id])
        return {a: p for a, p in rows}

    def set_alias(self, season_id: str, alias: str, player: str | None, *, token: str,
                  by: str | None = None) -> bool:
        """Declare that ``alias`` is ``player`` (None: undo it); False when nothing changed.
        ``AliasRefused`` when it would chain, or undo an alias there is not. Both are checked
        inside the write transaction: two organisers sending ``X -> Y`` and ``Y -> X`` at
        once queue on the write lock, and the second sees the first."""
        with self.write():
            known = self.aliases(season_id)
            if player is not None and (player in known or alias in known.values()
                                       or player == alias):
                raise AliasRefused("chain", alias, player)
            if player is None and alias not in known:
                raise AliasRefused("missing", alias, player)
            if known.get(alias) == player:
                return False
            if player is None:
                self.conn.execute("DELETE FROM season_aliases WHERE season_id = ? AND alias = ?",
                                  [season_id, alias])
                self._audit(season_id, "unalias", {"alias": alias, "was": known[alias]}, by,
                            token)
            else:
                self.check_aliases(len(known) + (alias not in known))
                self.conn.execute("INSERT INTO season_aliases VALUES (?, ?, ?) ON CONFLICT "
                                  "(season_id, alias) DO UPDATE SET player = excluded.player",
                                  [season_id, alias, player])
                self._audit(season_id, "alias", {"alias": alias, "player": player}, by, token)
        return True

    def check_aliases(self, count: int) -> None:
        if count > limits.MAX_SEASON_ALIASES:
            raise QuotaExceeded("aliases_per_season", limits.MAX_SEASON_ALIASES, count - 1, 1)

    # The season's own entries and the withdrawals and replacements of its attached nights
    # (they move its table at once), as one log ordered by time; each night's entry names
    # the tournament and its night (1 for the first attached, as the standings count).
    _AUDIT = (
        "SELECT at, action, detail, by, token_id, NULL, 0 AS source, seq FROM season_audit "
        "WHERE season_id = :season UNION ALL "
        "SELECT u.at, u.action, json_object('tournament', u.tournament_id, 'record', u.record, "
        "'replaced_by', u.replaced_by, 'reason', u.reason), u.by_label, u.token_id, "
        "(SELECT count(*) FROM season_tournaments AS b WHERE b.season_id = a.season_id AND "
        "b.position <= a.position), 1 AS source, u.seq FROM audit AS u JOIN "
        "season_tournaments AS a ON a.tournament_id = u.tournament_id AND "
        "a.season_id = :season WHERE u.action IN ('withdraw', 'replace')")

    def audit_page(self, season_id: str, limit: int,
                   offset: int) -> tuple[list[dict[str, Any]], int]:
        """The season's audit log, oldest first: its attachments and aliases, and every
        withdrawal or replacement in a night attached now (with ``tournament`` and
        ``night``); and how many entries there are."""
        params = {"season": season_id, "limit": limit, "offset": offset}
        rows = self.conn.execute(self._AUDIT + " ORDER BY 1, 7, 8 LIMIT :limit OFFSET :offset",
                                 params).fetchall()
        total = int(self.conn.execute(f"SELECT count(*) FROM ({self._AUDIT})",
                                      params).fetchone()[0])
        out = []
        for at, action, detail, by, token, night, _, _ in rows:
            entry = {"at": at, "action": action,
                     **{k: v for k, v in json.loads(detail).items() if v is not None}}
            if night is not None:
                entry["night"] = night
            out.append({**entry, "by": by, "token_id": token})
        return out, total

    # --- what is cached -----------------------------------------------------------------------
    def nights(self, season_id: str) -> list[tuple[str, Any]]:
        """The cached nights, in order: ``(key, body)``."""
        rows = self.conn.execute("SELECT key, body FROM season_nights WHERE season_id = ? "
                                 "ORDER BY position", [season_id])
        return [(k, json.loads(zlib.decompress(b))) for k, b in rows]

    def night_keys(self, season_id: str) -> list[str]:
        """The cached nights' keys, in order, without their bodies."""
        rows = self.conn.execute("SELECT key FROM season_nights WHERE season_id = ? "
                                 "ORDER BY position", [season_id])
        return [k for (k,) in rows]

    def keep_nights(self, season_id: str, start: int,
                    nights: Sequence[tuple[str, Any]]) -> None:
        """Cache nights from position ``start`` on (counting from 0), dropping any after."""
        with self.write():
            self.conn.execute("DELETE FROM season_nights WHERE season_id = ? AND position >= ?",
                              [season_id, start])
            self.conn.executemany(
                "INSERT INTO season_nights VALUES (?, ?, ?, ?)",
                [(season_id, start + i, key, zlib.compress(json.dumps(body).encode(), 6))
                 for i, (key, body) in enumerate(nights)])

    def cached_standings(self, season_id: str, key: str) -> bytes | None:
        row = self.conn.execute("SELECT body FROM season_standings WHERE season_id = ? AND "
                                "key = ?", [season_id, key]).fetchone()
        return None if row is None else zlib.decompress(row[0])

    def cache_standings(self, season_id: str, key: str, body: bytes) -> None:
        with self.write():
            self.conn.execute("INSERT INTO season_standings VALUES (?, ?, ?) ON CONFLICT "
                              "(season_id) DO UPDATE SET key = excluded.key, "
                              "body = excluded.body", [season_id, key, zlib.compress(body, 6)])

    def last_standings(self, season_id: str) -> bytes | None:
        """The standings cached last, whatever changed since."""
        row = self.conn.execute("SELECT body FROM season_standings WHERE season_id = ?",
                                [season_id]).fetchone()
        return None if row is None else zlib.decompress(row[0])

    def counted_records(self, tournament_ids: Sequence[str]) -> dict[str, int]:
        """How many records each tournament counts (valid, standing, not a duplicate): what
        rating it costs, known without reading one."""
        if not tournament_ids:
            return {}
        marks = ", ".join("?" * len(tournament_ids))
        rows = self.conn.execute(
            f"SELECT tournament_id, count(*) FROM records WHERE tournament_id IN ({marks}) "
            "AND valid = 1 AND duplicate_of IS NULL AND withdrawn = 0 GROUP BY tournament_id",
            list(tournament_ids))
        return {t: int(n) for t, n in rows}

    def take_lease(self, season_id: str, seconds: float) -> str | None:
        """The right to rate the season's nights for ``seconds``: a token to release it
        with, or None while another request (or process) holds it."""
        owner = secrets.token_hex(8)
        at = time.time()
        with self.write():
            row = self.conn.execute("SELECT until FROM season_leases WHERE season_id = ?",
                                    [season_id]).fetchone()
            if row is not None and row[0] > at:
                return None
            self.conn.execute("INSERT INTO season_leases VALUES (?, ?, ?) ON CONFLICT "
                              "(season_id) DO UPDATE SET owner = excluded.owner, "
                              "until = excluded.until", [season_id, owner, at + seconds])
        return owner

    def release_lease(self, season_id: str, owner: str) -> None:
        with self.write():
            self.conn.execute("DELETE FROM season_leases WHERE season_id = ? AND owner = ?",
                              [season_id, owner])

    def night_tables(self, season_id: str, tournament_id: str, key: str) -> Any | None:
        """A night's tables and places as kept under ``key``; None when they were kept
        under another (its tournament or the aliases changed since) or not at all."""
        row = self.conn.execute("SELECT body FROM season_night_tables WHERE season_id = ? AND "
                                "tournament_id = ? AND key = ?",
                                [season_id, tournament_id, key]).fetchone()
        return None if row is None else json.loads(zlib.decompress(row[0]))

    def keep_night_tables(self, season_id: str,
                          nights: Sequence[tuple[str, str, Any]]) -> None:
        """Keep ``(tournament id, key, body)`` for each night, replacing what was kept."""
        if not nights:
            return
        with self.write():
            self.conn.executemany(
                "INSERT INTO season_night_tables VALUES (?, ?, ?, ?) ON CONFLICT "
                "(season_id, tournament_id) DO UPDATE SET key = excluded.key, "
                "body = excluded.body",
                [(season_id, tid, key, zlib.compress(json.dumps(body).encode(), 6))
                 for tid, key, body in nights])
