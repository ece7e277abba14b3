"""The schema's history: each step moves it one version up, at start, inside one write
transaction keyed on ``user_version`` (``Store.migrate``). Append, never edit, once released."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable

import sqlite_utils

from bigtwo.formats.jsonin import dumps_stored, loads_stored
from bigtwo.store import live_tables
from bigtwo.store.connection import Connection
from bigtwo.store.repositories import seasons
from bigtwo.store.rows import meta_labels, pack_report, record_extras, unpack_report


def _v1(db: sqlite_utils.Database) -> None:
    db.table("profiles").create(
        {"id": str, "hash": str, "name": str, "declaration": str, "resolved": str, "created_at": str},
        pk="id",
    )
    db.table("profiles").create_index(["hash"], unique=True)


def _v2(db: sqlite_utils.Database) -> None:
    db.table("tournaments").create(
        {"id": str, "name": str, "profile_id": str, "profile_hash": str, "token_hash": str,
         "created_at": str},
        pk="id", not_null={"name", "profile_id", "profile_hash", "token_hash", "created_at"},
    )
    # Looking a token up by its hash only answers "whose token is this" for the 403 case; the
    # secret itself never reaches the database.
    db.table("tournaments").create_index(["token_hash"], unique=True)
    db.table("records").create(
        {"seq": int, "id": str, "tournament_id": str, "content_hash": str, "record": str,
         "report": str, "valid": int, "players": str, "deal_count": int, "error_count": int,
         "engine": str, "profile_hash": str, "received_at": str},
        pk="seq",
        not_null={"id", "tournament_id", "content_hash", "record", "report", "valid",
                  "deal_count", "error_count", "engine", "profile_hash", "received_at"},
        foreign_keys=[("tournament_id", "tournaments", "id")],
    )
    db.table("records").create_index(["id"], unique=True)
    # The idempotency rule: one stored copy of a record per tournament, enforced by the schema
    # too, so that even a logic slip cannot store a duplicate.
    db.table("records").create_index(["tournament_id", "content_hash"], unique=True)
    db.table("records").create_index(["tournament_id", "valid", "seq"])


# Fields whose meaning for a declaration that leaves them out changed in rules v2: a stored
# profile keeps the value it resolved to when it was declared (big-two-web turned
# counterclockwise in v2; a child of it declared before keeps playing clockwise).
PINNED_IN_V2 = ("direction",)


def _v3(db: sqlite_utils.Database) -> None:
    """Rules v2: pin into each stored declaration the v1 value of every field in
    ``PINNED_IN_V2`` that it left to its parent, so that re-resolving the declaration gives
    the same rules (and the same id) as before. The frozen ``resolved`` rules, which the
    resolver reads, already hold these values; this keeps the two columns in agreement."""
    for row in list(db.query("SELECT id, declaration, resolved FROM profiles")):
        declaration = json.loads(row["declaration"])
        resolved = json.loads(row["resolved"])
        if not isinstance(declaration, dict) or not isinstance(resolved, dict):
            continue
        missing = {k: resolved[k] for k in PINNED_IN_V2 if k not in declaration and k in resolved}
        if missing:
            declaration.update(missing)
            db.execute("UPDATE profiles SET declaration = ? WHERE id = ?",
                       [json.dumps(declaration, sort_keys=True, ensure_ascii=False), row["id"]])


def _v4(db: sqlite_utils.Database) -> None:
    """Records are identified by their canonical form (``bigtwo.records.identity``, API.md v2), not by
    their JSON as written. Every stored record gets its canonical hash; its id stays (clients
    hold it). Records that turn out to be the same game as an earlier one of their tournament
    (uploaded twice as "th" and "TH", say) are kept, not deleted: they are marked
    ``duplicate_of`` that earlier record and no longer count in standings."""
    from bigtwo.records.identity import record_hash

    db.table("records").add_column("duplicate_of", str)
    rows = db.execute(
        "SELECT r.seq, r.id, r.tournament_id, r.record, t.profile_id FROM records AS r "
        "JOIN tournaments AS t ON t.id = r.tournament_id ORDER BY r.seq").fetchall()
    first: dict[tuple[str, str], str] = {}
    updates: list[tuple[str, str | None, int]] = []
    for seq, rid, tournament_id, text, profile_id in rows:
        try:
            doc = json.loads(text)
        except ValueError:  # pragma: no cover - stored records are JSON objects
            continue
        if not isinstance(doc, dict):  # pragma: no cover
            continue
        digest = record_hash(doc, profile_id)
        original = first.setdefault((tournament_id, digest), rid)
        if original == rid:
            updates.append((digest, None, seq))
        else:
            # The unique (tournament, content hash) index holds one record per game.
            updates.append((f"{digest}#duplicate:{rid}", original, seq))
    # Two passes, so that no intermediate state collides with the unique index.
    db.execute("UPDATE records SET content_hash = 'migrating:' || id")
    db.conn.executemany("UPDATE records SET content_hash = ?, duplicate_of = ? WHERE seq = ?",
                        updates)


def _v5(db: sqlite_utils.Database) -> None:
    """Hardening: before 2.0.0 a record could be stored holding NaN or Infinity (in ``meta``),
    text that SQLite's JSON functions refuse, so every later query of its tournament failed.
    Such rows are rewritten with those numbers as null; nothing else in them changes."""
    for table, columns in (("records", ("record", "report", "players")),
                           ("profiles", ("declaration", "resolved"))):
        for column in columns:
            # typeof: reports compressed by schema 6 are blobs, not JSON text to repair.
            bad = db.execute(f"SELECT rowid, {column} FROM {table} "
                             f"WHERE typeof({column}) = 'text' AND NOT json_valid({column})"
                             ).fetchall()
            for rowid, text in bad:
                db.execute(f"UPDATE {table} SET {column} = ? WHERE rowid = ?",
                           [dumps_stored(loads_stored(text)), rowid])


def _shared_replays(db: sqlite_utils.Database) -> None:
    """Replays shared by link (``bigtwo.store.replays``): a record stored only when someone
    asked for a link, under an id derived from its content. ``bytes`` is the stored text's
    size, summed for the quota without reading the records."""
    db.table("shared_replays").create(
        {"id": str, "record": str, "complete": int, "profile_id": str, "bytes": int,
         "created_at": str},
        pk="id", not_null={"record", "complete", "profile_id", "bytes", "created_at"},
        # A store whose user_version was set back (tests replay older migrations) has it already.
        if_not_exists=True,
    )


def _withdrawals(db: sqlite_utils.Database) -> None:
    """Organisers withdraw and replace records: a withdrawn record stays stored (and listed)
    but no longer counts; every withdrawal and replacement is written to ``audit`` in the same
    transaction. ``meta.table`` and ``meta.round`` get columns of their own, filled here for
    the records stored before, so lists can show and filter them without decoding records."""
    records = db.table("records")
    # Each step checks first, so a store whose user_version was set back (a restored backup
    # of the version number, a test) migrates again instead of failing on a column it has.
    have = set(records.columns_dict)
    for column, kind in (("withdrawn", int), ("withdrawn_at", str), ("replaced_by", str),
                         ("replaces", str), ("meta_table", str), ("meta_round", str)):
        if column not in have:
            records.add_column(column, kind, not_null_default=0 if kind is int else None)
    rows = db.execute("SELECT seq, record FROM records WHERE record LIKE '%\"meta\"%'").fetchall()
    for seq, text in rows:
        doc = loads_stored(text)
        table, round_ = meta_labels(doc) if isinstance(doc, dict) else (None, None)
        if table is not None or round_ is not None:
            db.execute("UPDATE records SET meta_table = ?, meta_round = ? WHERE seq = ?",
                       [table, round_, seq])
    # Counting what stands per tournament (the tournament list, its counts) reads this index
    # alone, never the records.
    records.create_index(["tournament_id", "withdrawn", "valid"], if_not_exists=True)
    records.create_index(["tournament_id", "meta_table"], if_not_exists=True)
    records.create_index(["tournament_id", "meta_round"], if_not_exists=True)
    db.table("audit").create(
        {"seq": int, "tournament_id": str, "at": str, "action": str, "record": str,
         "replaced_by": str, "reason": str, "by_label": str, "token_id": str},
        pk="seq", not_null={"tournament_id", "at", "action", "record", "token_id"},
        foreign_keys=[("tournament_id", "tournaments", "id")], if_not_exists=True,
    )
    db.table("audit").create_index(["tournament_id", "seq"], if_not_exists=True)


def _stored_volume(db: sqlite_utils.Database) -> None:
    """Hardening v3 (stored volume): reports stored compressed; beside each record its profile
    reference, its standings tally and its stored size; a change counter per tournament kept
    by triggers (any write to its records bumps it), which keys the cached standings and their
    recomputation lease; creation keys, stored hashed."""
    # Idempotent (a store whose user_version was set back runs it again unharmed).
    records = db.table("records")
    for column, kind in (("profile_ref", str), ("tally", str), ("stored_bytes", int),
                         ("result_deals", int)):
        if column not in records.columns_dict:
            records.add_column(column, kind)
    if "revision" not in db.table("tournaments").columns_dict:
        db.table("tournaments").add_column("revision", int, not_null_default=0)
    for (seq,) in db.execute("SELECT seq FROM records WHERE typeof(report) = 'text' "
                             "OR stored_bytes IS NULL ORDER BY seq").fetchall():
        text, report_text = db.execute("SELECT record, report FROM records WHERE seq = ?",
                                       [seq]).fetchone()
        record, report = loads_stored(text), unpack_report(report_text)
        if not isinstance(record, dict) or not isinstance(report, dict):  # pragma: no cover
            continue
        packed = pack_report(report)
        extras = record_extras(record, report, text, packed)
        db.execute("UPDATE records SET report = ?, profile_ref = ?, tally = ?, stored_bytes = ?, "
                   "result_deals = ? WHERE seq = ?",
                   [packed, extras["profile_ref"], extras["tally"], extras["stored_bytes"],
                    extras["result_deals"], seq])
    for event, row in (("INSERT", "NEW"), ("DELETE", "OLD")):
        db.execute(f"CREATE TRIGGER IF NOT EXISTS records_revision_{event.lower()} AFTER {event} ON records "
                   f"BEGIN UPDATE tournaments SET revision = revision + 1 "
                   f"WHERE id = {row}.tournament_id; END")
    db.execute("CREATE TRIGGER IF NOT EXISTS records_revision_update AFTER UPDATE ON records "
               "BEGIN UPDATE tournaments SET revision = revision + 1 "
               "WHERE id IN (OLD.tournament_id, NEW.tournament_id); END")
    db.execute("CREATE TABLE IF NOT EXISTS standings_cache (tournament_id TEXT PRIMARY KEY "
               "REFERENCES tournaments(id), revision INTEGER, engine TEXT, body BLOB, "
               "lease_owner TEXT, lease_until REAL)")
    db.execute("CREATE TABLE IF NOT EXISTS creation_keys (id TEXT PRIMARY KEY, key_hash TEXT NOT NULL UNIQUE, "
               "label TEXT NOT NULL, created_at TEXT NOT NULL, revoked_at TEXT)")


def _share_holders(db: sqlite_utils.Database) -> None:
    """Hardening v4 (shared links): beside each replay shared without a creation key, a keyed
    hash of the sharer's network (``holder``), so that what one client holds can be counted
    (``bigtwo.store.replays``); the key is a random secret made here, kept in the store."""
    replays = db.table("shared_replays")
    if "holder" not in replays.columns_dict:
        replays.add_column("holder", str)
    replays.create_index(["holder", "created_at"], if_not_exists=True)
    db.execute("CREATE TABLE IF NOT EXISTS store_secrets (name TEXT PRIMARY KEY, "
               "value TEXT NOT NULL)")
    db.execute("INSERT OR IGNORE INTO store_secrets (name, value) VALUES ('share_holder', ?)",
               [secrets.token_hex(32)])


def _seasons(db: sqlite_utils.Database) -> None:
    seasons.create_tables(db)


def _standings_settings(db: sqlite_utils.Database) -> None:
    """The lease one request at a time holds while it rates a season's nights, and how a
    tournament ranks its players (``ranked_by``; NULL: points per deal, the default)."""
    seasons.create_lease_table(db)
    if "ranked_by" not in db.table("tournaments").columns_dict:
        db.execute("ALTER TABLE tournaments ADD COLUMN ranked_by TEXT")


def _live_tables(db: sqlite_utils.Database) -> None:
    """Live tables (v5): each table's state, events, hashed tokens and idempotency answers."""
    live_tables.create_tables(db)


# Each entry moves the schema one version up; append, never edit, once released.
MIGRATIONS: list[Callable[[sqlite_utils.Database], None]] = [
    _v1, _v2, _v3, _v4, _v5, _shared_replays, _withdrawals, _stored_volume, _share_holders,
    _seasons, _standings_settings, _live_tables]


def migrate(connection: Connection) -> int:
    """Bring the schema up to date (the steps it has not run), in one write transaction. A
    store that is up to date is not written at all, so that a read-only one still opens."""
    if connection.schema_version == len(MIGRATIONS):
        return len(MIGRATIONS)
    with connection.write() as db:
        version = connection.schema_version
        for step in MIGRATIONS[version:]:
            step(db)
        connection.conn.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")
    return len(MIGRATIONS)
