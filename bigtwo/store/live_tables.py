"""Live tables in the store: each table's state (the engine's, kept whole as JSON), its events,
its tokens (hashes only) and the answers kept for ``Idempotency-Key``.

Every change is one ``BEGIN IMMEDIATE`` transaction: the row is loaded, the clock caught up,
the change applied, and state, events and the idempotency answer written before ``COMMIT``.
Two requests for one turn therefore queue on the write lock and the second sees the first's
outcome, and a change that was answered is on disk (WAL, ``synchronous=FULL``).

``seq`` is one counter for the whole store: every change of any table takes the next value,
so a process that remembers the last ``seq`` it saw finds what changed since with one indexed
query (the cross-process bell of the event streams).

The engine (``bigtwo.live.engine``) is pure: this module passes it the clock and the random
source, both replaceable for tests.
"""

from __future__ import annotations

import hashlib
import json
import math
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import sqlite_utils

from bigtwo import limits
from bigtwo.formats.jsonin import dumps_stored, loads_stored
from bigtwo.live import engine as live_engine
from bigtwo.store import clock
from bigtwo.store.connection import Connection
from bigtwo.store.errors import StoreError
from bigtwo.store.quotas import QuotaExceeded, Quotas
from bigtwo.store.repositories.base import Repository
from bigtwo.store.tokens import token_hash

NewSeed = Callable[[], bytes]

OPEN_STATUSES = ("waiting", "playing")
ORGANISER, SEAT = "organiser", "seat"


class LiveEvent(Protocol):
    """An event as the store keeps it (``bigtwo.live.state.Event``)."""

    def to_json(self) -> dict[str, Any]: ...


class LiveEventType(Protocol):
    def from_json(self, value: dict[str, Any], /) -> LiveEvent: ...


class LiveStep(Protocol):
    """A change: the state after it and its new events (``bigtwo.live.state.Step``)."""

    @property
    def state(self) -> dict[str, Any]: ...

    @property
    def events(self) -> Sequence[LiveEvent]: ...


class LiveEngine(Protocol):
    """What the store asks of the live tables' engine: ``bigtwo.live.engine`` itself, or a
    stand-in with a game of its own (the store's and the bell's tests drive deadlines, races
    and slow catch-ups that a real deal would only blur)."""

    @property
    def Event(self) -> LiveEventType: ...  # noqa: N802 (the module's class, as named there)

    def create(self, spec: Any, /, *, table_id: str, now: float,
               new_seed: NewSeed) -> LiveStep: ...

    def catch_up(self, state: dict[str, Any], /, *, now: float, new_seed: NewSeed) -> LiveStep: ...

    def token_seats(self, state: dict[str, Any], /) -> list[int]: ...


def engine() -> LiveEngine:
    """The live tables' engine (a function, so that a test can stand another in)."""
    return live_engine


def is_refusal(outcome: Any) -> bool:
    return hasattr(outcome, "slug") and not hasattr(outcome, "state")


class TableError(StoreError):
    """A live table's refusal: its id, its tokens, its limits, its idempotency keys."""


def new_table_id() -> str:
    return "tb-" + secrets.token_hex(16)


def new_token() -> str:
    # 192 random bits; only the SHA-256 of it is stored.
    return secrets.token_urlsafe(24)


def body_hash(body: Any) -> str:
    """What an idempotency key is bound to: the move's body, canonically written."""
    text = json.dumps(body, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def take_move(bucket: list[float] | None, now: float) -> tuple[float, int]:
    """A seat's moves per second as a token bucket ``[tokens, when]``: what is left after
    this move, or the whole seconds to wait (Retry-After) when none is left."""
    rate, burst = limits.MAX_MOVES_PER_SECOND, limits.MOVES_BURST
    tokens, when = (float(burst), now) if bucket is None else (bucket[0], bucket[1])
    tokens = min(float(burst), tokens + max(0.0, now - when) * rate)
    if tokens < 1:
        return tokens, max(1, math.ceil((1 - tokens) / rate))
    return tokens - 1, 0


@dataclass(frozen=True, slots=True)
class Holder:
    """Whose token was sent: the organiser's (seat None) or a seat's."""

    role: str
    seat: int | None


@dataclass(slots=True)
class Acted:
    """What ``act`` did: the engine's outcome (None when an answer was replayed or a limit
    refused it), the state after, and the answer (status, body) when one was made or replayed."""

    outcome: Any
    state: dict[str, Any]
    status: int | None = None
    answer: Any = None
    replayed: bool = False
    retry_after: int | None = None


def create_tables(db: sqlite_utils.Database) -> None:
    """The schema of live tables (a migration step; idempotent)."""
    db.execute("CREATE TABLE IF NOT EXISTS live_tables (id TEXT PRIMARY KEY, state TEXT NOT NULL, "
               "status TEXT NOT NULL, version INTEGER NOT NULL, events INTEGER NOT NULL, "
               "deadline REAL, updated REAL NOT NULL, client TEXT, creation_key TEXT, "
               "created TEXT NOT NULL, seq INTEGER NOT NULL, humans INTEGER NOT NULL DEFAULT 0, "
               "profile_id TEXT, players TEXT, deal INTEGER, rates TEXT, "
               "tournament_id TEXT, tournament_stored INTEGER NOT NULL DEFAULT 0)")
    db.execute("CREATE UNIQUE INDEX IF NOT EXISTS live_tables_seq ON live_tables (seq)")
    db.execute("CREATE INDEX IF NOT EXISTS live_tables_deadline ON live_tables (status, deadline)")
    db.execute("CREATE INDEX IF NOT EXISTS live_tables_updated ON live_tables (status, updated)")
    db.execute("CREATE INDEX IF NOT EXISTS live_tables_client ON live_tables (client, status)")
    db.execute("CREATE INDEX IF NOT EXISTS live_tables_key ON live_tables (creation_key, status)")
    db.execute("CREATE INDEX IF NOT EXISTS live_tables_created ON live_tables (created, id)")
    db.execute("CREATE TABLE IF NOT EXISTS live_table_tokens (hash TEXT PRIMARY KEY, "
               "table_id TEXT NOT NULL REFERENCES live_tables(id), role TEXT NOT NULL, seat INTEGER)")
    db.execute("CREATE TABLE IF NOT EXISTS live_table_events (table_id TEXT NOT NULL "
               "REFERENCES live_tables(id), n INTEGER NOT NULL, type TEXT NOT NULL, "
               "data TEXT NOT NULL, private TEXT NOT NULL, PRIMARY KEY (table_id, n))")
    db.execute("CREATE TABLE IF NOT EXISTS live_idempotency (table_id TEXT NOT NULL, seat INTEGER "
               "NOT NULL, key TEXT NOT NULL, body_hash TEXT NOT NULL, status INTEGER NOT NULL, "
               "answer TEXT NOT NULL, created REAL NOT NULL, PRIMARY KEY (table_id, seat, key))")
    db.execute("CREATE INDEX IF NOT EXISTS live_idempotency_created ON live_idempotency (created)")


def _event_columns(event: LiveEvent) -> tuple[int, str, str, str]:
    doc = event.to_json()
    if isinstance(doc, str):
        doc = json.loads(doc)
    private = doc.get("private") or {}
    return (int(doc["n"]), str(doc["type"]), dumps_stored(doc.get("data") or {}),
            dumps_stored({str(k): v for k, v in private.items()}))


def _event_of(n: int, kind: str, data: str, private: str) -> Any:
    doc = {"n": n, "type": kind, "data": loads_stored(data), "private": loads_stored(private)}
    return engine().Event.from_json(doc)


class LiveTables(Repository):
    """The live tables of one store (``store.live_tables``)."""

    def __init__(self, connection: Connection, quotas: Quotas, *,
                 now: Callable[[], float] = time.time,
                 new_seed: NewSeed = lambda: secrets.token_bytes(32)) -> None:
        super().__init__(connection, quotas)
        self.now = now
        self.new_seed = new_seed

    # --- creating ---------------------------------------------------------------------------
    def create(self, spec: Any, *, client: str | None, creation_key: str | None,
               tournament: str | None) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new table: its state and its tokens ``{"organiser": str, "seats": {seat: str}}``,
        shown once. At most ``limits.MAX_OPEN_TABLES`` open tables per creation key, or per
        client without one (QuotaExceeded, nothing stored)."""
        table_id = new_table_id()
        now = self.now()
        step = engine().create(spec, table_id=table_id, now=now, new_seed=self.new_seed)
        state = dict(step.state)
        state["tournament"] = None if tournament is None else {"id": tournament, "stored": False}
        seats = list(engine().token_seats(state))
        organiser, seat_tokens = new_token(), {seat: new_token() for seat in seats}
        tokens: dict[str, Any] = {"organiser": organiser, "seats": seat_tokens}
        with self.write():
            self._check_open(client, creation_key)
            self.conn.execute(
                "INSERT INTO live_tables (id, state, status, version, events, deadline, updated, "
                "client, creation_key, created, seq, humans, profile_id, players, deal, rates, "
                "tournament_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '{}', ?)",
                [table_id, dumps_stored(state), state["status"], state["version"],
                 state["events"], state.get("deadline"), state.get("updated", now), client,
                 creation_key, state.get("created") or clock.now(), self._next_seq(), len(seats),
                 state.get("profile_id"), dumps_stored(state.get("players", [])),
                 state.get("deal", 0), tournament])
            self.conn.execute("INSERT INTO live_table_tokens (hash, table_id, role, seat) "
                              "VALUES (?, ?, ?, NULL)",
                              [token_hash(organiser), table_id, ORGANISER])
            for seat, token in seat_tokens.items():
                self.conn.execute("INSERT INTO live_table_tokens (hash, table_id, role, seat) "
                                  "VALUES (?, ?, ?, ?)", [token_hash(token), table_id, SEAT, seat])
            self._insert_events(table_id, step.events)
        return state, tokens

    def _check_open(self, client: str | None, creation_key: str | None) -> None:
        quota = limits.MAX_OPEN_TABLES
        value: str | None
        if creation_key is not None:
            where, value, what = "creation_key = ?", creation_key, "open_tables_per_key"
        else:
            where, value, what = "creation_key IS NULL AND client IS ?", client, "open_tables_per_client"
        used = int(self.conn.execute(
            f"SELECT count(*) FROM live_tables WHERE {where} AND status IN ('waiting', 'playing')",
            [value]).fetchone()[0])
        if used + 1 > quota:
            raise QuotaExceeded(what, quota, used, 1)

    def _next_seq(self) -> int:
        return int(self.conn.execute("SELECT coalesce(max(seq), 0) + 1 FROM live_tables")
                   .fetchone()[0])

    # --- reading ----------------------------------------------------------------------------
    def _row(self, table_id: str) -> dict[str, Any] | None:
        cursor = self.conn.execute("SELECT * FROM live_tables WHERE id = ?", [table_id])
        row = cursor.fetchone()
        if row is None:
            return None
        return dict(zip([c[0] for c in cursor.description], row, strict=True))

    def exists(self, table_id: str) -> bool:
        return self.conn.execute("SELECT 1 FROM live_tables WHERE id = ?",
                                 [table_id]).fetchone() is not None

    def get(self, table_id: str) -> dict[str, Any] | None:
        """The table's state as of now: the clock caught up (and written, when that changed
        anything), or None when there is no such table."""
        row = self._row(table_id)
        if row is None:
            return None
        state: dict[str, Any] = loads_stored(row["state"])
        if row["status"] not in OPEN_STATUSES:
            return state
        step = engine().catch_up(state, now=self.now(), new_seed=self.new_seed)
        if not step.events and step.state.get("version") == state.get("version"):
            return state
        acted = self.act(table_id, lambda current: None)
        return acted.state

    def tournament_of(self, table_id: str) -> tuple[str | None, bool]:
        row = self.conn.execute("SELECT tournament_id, tournament_stored FROM live_tables "
                                "WHERE id = ?", [table_id]).fetchone()
        return (None, False) if row is None else (row[0], bool(row[1]))

    def mark_stored(self, table_id: str) -> None:
        with self.write():
            self.conn.execute("UPDATE live_tables SET tournament_stored = 1 WHERE id = ?",
                              [table_id])

    def holder(self, table_id: str, token: str) -> Holder:
        """Whose token this is, looked up by its hash (the compare never runs over the secret
        itself, so its time does not follow how much of it is right): 401 for no one's, 403
        for another table's."""
        row = self.conn.execute("SELECT table_id, role, seat FROM live_table_tokens "
                                "WHERE hash = ?", [token_hash(token)]).fetchone()
        if row is None:
            raise TableError(401, "Unauthorized", "the token is not valid")
        if row[0] != table_id:
            raise TableError(403, "Forbidden", "this token belongs to another table")
        return Holder(row[1], row[2])

    def seat_of(self, table_id: str, token: str) -> int | None:
        """The seat of a seat token (None for the organiser's); 401/403 as ``holder``."""
        return self.holder(table_id, token).seat

    def events_after(self, table_id: str, n: int, limit: int) -> list[Any]:
        rows = self.conn.execute("SELECT n, type, data, private FROM live_table_events "
                                 "WHERE table_id = ? AND n > ? ORDER BY n LIMIT ?",
                                 [table_id, n, limit]).fetchall()
        return [_event_of(*row) for row in rows]

    def changed_since(self, seq: int, limit: int = 1000) -> list[tuple[str, int]]:
        """The tables changed after ``seq`` (the store-wide counter), oldest change first."""
        rows = self.conn.execute("SELECT id, seq FROM live_tables WHERE seq > ? ORDER BY seq "
                                 "LIMIT ?", [seq, limit]).fetchall()
        return [(r[0], int(r[1])) for r in rows]

    def seq_of(self, table_id: str) -> int | None:
        """The seq of ``table_id``'s latest change (None: no such table)."""
        row = self.conn.execute("SELECT seq FROM live_tables WHERE id = ?", [table_id]).fetchone()
        return None if row is None else int(row[0])

    def last_seq(self) -> int:
        return int(self.conn.execute("SELECT coalesce(max(seq), 0) FROM live_tables").fetchone()[0])

    def due(self, now: float, limit: int) -> list[str]:
        """Open tables whose deadline has passed: the clock has something to do there."""
        rows = self.conn.execute("SELECT id FROM live_tables WHERE status IN ('waiting', "
                                 "'playing') AND deadline IS NOT NULL AND deadline <= ? "
                                 "ORDER BY deadline LIMIT ?", [now, limit]).fetchall()
        return [r[0] for r in rows]

    def idle(self, now: float, idle_seconds: float, limit: int,
             botless_seconds: float | None = None) -> list[str]:
        """Open tables unchanged for ``idle_seconds`` (``botless_seconds`` for a table with
        no human seat, when given)."""
        short = idle_seconds if botless_seconds is None else botless_seconds
        rows = self.conn.execute("SELECT id FROM live_tables WHERE status IN ('waiting', "
                                 "'playing') AND (updated <= ? OR (humans = 0 AND updated <= ?)) "
                                 "ORDER BY updated LIMIT ?",
                                 [now - idle_seconds, now - short, limit]).fetchall()
        return [r[0] for r in rows]

    def page(self, status: str | None, limit: int, offset: int) -> tuple[list[dict[str, Any]], int]:
        """A page of tables, newest first: id, profile id, players, status, deal, created."""
        where, args = ("WHERE status = ?", [status]) if status else ("", [])
        total = int(self.conn.execute(f"SELECT count(*) FROM live_tables {where}", args)
                    .fetchone()[0])
        rows = self.conn.execute(f"SELECT id, profile_id, players, status, deal, created "
                                 f"FROM live_tables {where} ORDER BY created DESC, id "
                                 f"LIMIT ? OFFSET ?", [*args, limit, offset]).fetchall()
        return [{"id": r[0], "profile_id": r[1], "players": loads_stored(r[2] or "[]"),
                 "status": r[3], "deal": r[4], "created": r[5]} for r in rows], total

    # --- changing ---------------------------------------------------------------------------
    def transact(self, table_id: str, fn: Callable[[dict[str, Any]], Any]) -> Any:
        """Load, catch up, ``fn(state) -> Step | Refusal`` and write, in one transaction;
        ``fn``'s outcome (the table must exist: 404 otherwise)."""
        return self.act(table_id, fn).outcome

    def act(self, table_id: str, fn: Callable[[dict[str, Any]], Any], *,
            seat: int | None = None, key: str | None = None, body: Any = None,
            if_match: Callable[[dict[str, Any]], bool] | None = None,
            answer: Callable[[Any, dict[str, Any]], tuple[int, Any]] | None = None,
            rated: bool = False, guarded: bool = False) -> Acted:
        """One change of a table, in one ``BEGIN IMMEDIATE`` transaction:

        1. the answer kept for this seat's ``key`` is answered again (another body is 422
           ``idempotency-key-reused``) and nothing else happens;
        2. the clock is caught up (timeouts, bots, the next deal, written whatever follows);
        3. ``if_match(state)`` false is a 412 refusal, before anything is judged;
        4. with ``rated``, a seat over its moves per second gets 429, unless the move is one
           that is not its to make (409: racing posts for one turn are told so, not limited);
        5. ``fn(state)`` decides; a Step is written with its events;
        6. ``answer(outcome, state)`` makes the (status, body) kept for ``key``.

        ``guarded``: the version is read before the write lock is queued for, and a table
        that another change wrote meanwhile is a 412 (the request was made against a table
        that is no more). So racing posts of one seat, whose turn comes back after the bots'
        moves, are not judged against the next turn one after the other: one is applied, the
        others are 412, none is counted toward the seat's moves per second.
        """
        wanted = None if key is None else body_hash(body)
        before = None
        if guarded:
            seen = self.conn.execute("SELECT version FROM live_tables WHERE id = ?",
                                     [table_id]).fetchone()
            before = None if seen is None else int(seen[0])
        with self.write():
            row = self._row(table_id)
            if row is None:
                raise TableError.not_found("table", table_id)
            if key is not None and seat is not None:
                kept = self.conn.execute(
                    "SELECT body_hash, status, answer FROM live_idempotency WHERE table_id = ? "
                    "AND seat = ? AND key = ?", [table_id, seat, key]).fetchone()
                if kept is not None:
                    if kept[0] != wanted:
                        raise TableError(422, "Unprocessable Content",
                                         "this Idempotency-Key was used by this seat for "
                                         "another move: send a new key for a new move",
                                         kind="idempotency-key-reused")
                    return Acted(None, loads_stored(row["state"]), int(kept[1]),
                                 loads_stored(kept[2]), replayed=True)
            now = self.now()
            state: dict[str, Any] = loads_stored(row["state"])
            events: list[Any] = []
            if row["status"] in OPEN_STATUSES:
                caught = engine().catch_up(state, now=now, new_seed=self.new_seed)
                state, events = dict(caught.state), list(caught.events)
            outcome: Any
            rates = loads_stored(row["rates"] or "{}")
            if before is not None and row["version"] != before:
                outcome = _Precondition(detail="the table changed while this request waited "
                                               "for another change of it: nothing changed; "
                                               "look at the table again")
            elif if_match is not None and not if_match(state):
                outcome = _Precondition()
            else:
                outcome = fn(state)
                if rated and seat is not None and not (is_refusal(outcome)
                                                      and outcome.status in (409, 412)):
                    left, wait = take_move(rates.get(str(seat)), now)
                    if wait:
                        outcome = _TooMany(retry_after=wait)
                    else:
                        rates[str(seat)] = [left, now]
            if outcome is not None and not is_refusal(outcome):
                state, events = dict(outcome.state), events + list(outcome.events)
            if isinstance(outcome, _TooMany):
                # Refused before it was applied; its count is kept, nothing else changes.
                self._write(table_id, row, state, events, rates)
                return Acted(outcome, state, 429, None, retry_after=outcome.retry_after)
            self._write(table_id, row, state, events, rates)
            status, made = (None, None) if answer is None else answer(outcome, state)
            if key is not None and seat is not None and status is not None:
                self.conn.execute(
                    "INSERT INTO live_idempotency (table_id, seat, key, body_hash, status, "
                    "answer, created) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [table_id, seat, key, wanted, status, dumps_stored(made), now])
                self.conn.execute("DELETE FROM live_idempotency WHERE rowid IN (SELECT rowid "
                                  "FROM live_idempotency WHERE created < ? LIMIT 100)",
                                  [now - limits.IDEMPOTENCY_KEEP_SECONDS])
            return Acted(outcome, state, status, made)

    def _write(self, table_id: str, row: Mapping[str, Any], state: dict[str, Any],
               events: list[Any], rates: dict[str, Any]) -> None:
        changed = bool(events) or state.get("version") != row["version"]
        if changed:
            self.conn.execute(
                "UPDATE live_tables SET state = ?, status = ?, version = ?, events = ?, "
                "deadline = ?, updated = ?, deal = ?, rates = ?, seq = ? WHERE id = ?",
                [dumps_stored(state), state["status"], state["version"], state["events"],
                 state.get("deadline"), state.get("updated", row["updated"]),
                 state.get("deal", row["deal"]), dumps_stored(rates), self._next_seq(),
                 table_id])
            self._insert_events(table_id, events)
        elif rates != loads_stored(row["rates"] or "{}"):
            self.conn.execute("UPDATE live_tables SET rates = ? WHERE id = ?",
                              [dumps_stored(rates), table_id])

    def _insert_events(self, table_id: str, events: Sequence[LiveEvent]) -> None:
        self.conn.executemany(
            "INSERT INTO live_table_events (table_id, n, type, data, private) "
            "VALUES (?, ?, ?, ?, ?)", [(table_id, *_event_columns(e)) for e in events])


@dataclass(frozen=True, slots=True)
class _Precondition:
    """``If-Match`` named another version: nothing was judged."""

    status: int = 412
    slug: str = "precondition-failed"
    code: str | None = None
    params: Mapping[str, Any] | None = None
    detail: str = ""


@dataclass(frozen=True, slots=True)
class _TooMany:
    """The seat is over its moves per second: nothing was judged or applied."""

    retry_after: int
    status: int = 429
    slug: str = "too-many-moves"
    code: str | None = None
    params: Mapping[str, Any] | None = None
