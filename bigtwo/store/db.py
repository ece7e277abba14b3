"""The embedded SQLite store (sqlite-utils): schema migrations, profiles, and the write path.

Durability and concurrency choices, all deliberate:
- WAL journal with ``synchronous=FULL``: a commit that returned is on disk, even if the
  process is killed a moment later; readers never block the writer.
- Every write runs in ``BEGIN IMMEDIATE`` so that two gunicorn workers queue on the write
  lock (``busy_timeout``) instead of failing with "database is locked" on lock upgrade.
- Migrations run at start inside the same kind of transaction, keyed on ``user_version``.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import sqlite3
import time
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlite_utils

from bigtwo import limits
from bigtwo.records.jsonin import dumps_stored, loads_stored
from bigtwo.records.tally import tally
from bigtwo.rules.profiles import Profile, ProfileResolver
from bigtwo.store.quotas import QuotaExceeded, Quotas
from bigtwo.store.repositories import seasons as season_tables

DEFAULT_DB = "var/bigtwo.db"  # inside the checkout the code runs from (see resolve_db_path)
BUSY_TIMEOUT_MS = 30_000


@dataclass(frozen=True, slots=True)
class StorePath:
    """Which database file a command uses, and why (so a command can say so)."""

    path: Path
    source: str  # "--db", "BIGTWO_DB", "checkout" or "user data"


def checkout_root() -> Path | None:
    """The source checkout this code runs from (a ``pyproject.toml`` naming bigtwo beside the
    package), or None when bigtwo is installed as a package."""
    root = Path(__file__).resolve().parents[2]
    try:
        text = (root / "pyproject.toml").read_text(encoding="utf-8")
    except OSError:
        return None
    return root if 'name = "bigtwo"' in text else None


def user_data_dir(env: Mapping[str, str]) -> Path:
    """Where an installed bigtwo keeps its store: the platform's per-user data folder."""
    if os.name == "nt" and env.get("LOCALAPPDATA"):
        return Path(env["LOCALAPPDATA"]) / "bigtwo"
    base = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "bigtwo"


def resolve_db_path(explicit: str | os.PathLike[str] | None = None,
                    env: Mapping[str, str] | None = None) -> StorePath:
    """The store every command and the server use, resolved once and never from the current
    folder alone: ``explicit`` (``--db``), else ``BIGTWO_DB``, else ``var/bigtwo.db`` in the
    checkout the code runs from, else ``bigtwo.db`` in the user's data folder. Relative paths
    given by the caller are made absolute here, so messages name the real file."""
    env = os.environ if env is None else env
    if explicit:
        return StorePath(Path(explicit).expanduser().absolute(), "--db")
    if env.get("BIGTWO_DB"):
        if env["BIGTWO_DB"] == ":memory:":
            return StorePath(Path(":memory:"), "BIGTWO_DB")
        return StorePath(Path(env["BIGTWO_DB"]).expanduser().absolute(), "BIGTWO_DB")
    root = checkout_root()
    if root is not None:
        return StorePath(root / DEFAULT_DB, "checkout")
    return StorePath(user_data_dir(env) / "bigtwo.db", "user data")


def default_db_path() -> str:
    return str(resolve_db_path().path)


class StoreMissing(Exception):
    """A read of a store that does not exist: never created on the way (``create=False``)."""

    def __init__(self, path: str) -> None:
        super().__init__(f"no store at {path}")
        self.path = path


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


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


def meta_label(value: Any) -> str | None:
    """A ``meta`` field (``table``, ``round``) as the text shown and filtered on: an integer or
    a short string; anything else (an object, a long text) is kept in the record, not shown."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str) and 0 < len(value) <= limits.MAX_META_LABEL_LENGTH:
        return value
    return None


def _meta_labels(record: Mapping[str, Any]) -> tuple[str | None, str | None]:
    meta = record.get("meta")
    if not isinstance(meta, Mapping):
        return None, None
    return meta_label(meta.get("table")), meta_label(meta.get("round"))


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
        table, round_ = _meta_labels(doc) if isinstance(doc, dict) else (None, None)
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


def pack_report(report: Mapping[str, Any]) -> bytes:
    """A report as stored: compressed JSON. Reports repeat themselves deal after deal (a score
    sheet's is 30 times its text); compressed they are a fraction of the record."""
    return zlib.compress(dumps_stored(report).encode(), 6)


def unpack_report(value: str | bytes) -> Any:
    """A stored report: compressed (written since schema 6) or JSON text (before)."""
    if isinstance(value, bytes):
        return loads_stored(zlib.decompress(value))
    return loads_stored(value)


def _profile_ref(record: Mapping[str, Any]) -> str | None:
    ref = record.get("profile")
    return None if ref is None else dumps_stored(ref)


def _record_extras(record: Mapping[str, Any], report: Mapping[str, Any],
                   record_text: str, packed: bytes) -> dict[str, Any]:
    """The columns kept beside a record so that lists, freshness and standings never read it:
    its profile reference, its standings tally, and what it costs to keep."""
    summary = tally(record, report)
    tally_text = None if summary is None else dumps_stored(summary)
    deals = record.get("deals")
    result_deals = sum(isinstance(d, dict) and "result" in d
                       for d in (deals if isinstance(deals, list) else []))
    return {"profile_ref": _profile_ref(record), "tally": tally_text,
            "result_deals": result_deals,
            "stored_bytes": len(record_text.encode()) + len(packed)
            + (len(tally_text.encode()) if tally_text else 0)}


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
        extras = _record_extras(record, report, text, packed)
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


# Each entry moves the schema one version up; append, never edit, once released.
MIGRATIONS: list[Callable[[sqlite_utils.Database], None]] = [
    _v1, _v2, _v3, _v4, _v5, _shared_replays, _withdrawals, _stored_volume,
    season_tables.create_tables]


def token_hash(token: str) -> str:
    # surrogatepass: a header value the server could not decode must not turn a 401 into a 500
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_id(stored_hash: str) -> str:
    """Which token acted, for the audit log: derived from the stored hash (so it can be
    shown, and computed without the token), and not the hash itself."""
    return "tk-" + hashlib.sha256(f"token-id\n{stored_hash}".encode()).hexdigest()[:12]


def record_id(tournament_id: str, content_hash: str) -> str:
    """Derived, not random: the same record in the same tournament always has the same id."""
    digest = hashlib.sha256(f"{tournament_id}\n{content_hash}".encode()).hexdigest()
    return "r-" + digest[:20]


class ProfileIdCollision(Exception):
    """A profile's id is stored for other rules (a hash prefix shared by two rule sets)."""

    def __init__(self, profile: Profile, stored_hash: str) -> None:
        super().__init__(f"profile id {profile.id!r} is stored for other rules ({stored_hash}); "
                         f"these rules hash to {profile.hash}")
        self.profile, self.stored_hash = profile, stored_hash


@dataclass(frozen=True, slots=True)
class NewRecord:
    """A checked record ready to store (see ``Store.add_records``)."""

    content_hash: str
    record: Mapping[str, Any]
    report: Mapping[str, Any]
    profile_hash: str


def _record_row(row: sqlite3.Row | tuple[Any, ...], columns: list[str]) -> dict[str, Any]:
    out = dict(zip(columns, row, strict=True))
    for key in ("record", "players"):
        if key in out and out[key] is not None:
            out[key] = loads_stored(out[key])
    if out.get("report") is not None:
        out["report"] = unpack_report(out["report"])
    if "valid" in out:
        out["valid"] = bool(out["valid"])
    if "withdrawn" in out:
        out["withdrawn"] = bool(out["withdrawn"])
    for column, key in (("meta_table", "table"), ("meta_round", "round")):
        if column in out:
            out[key] = out.pop(column)
    return out


def _legacy_record(conn: sqlite3.Connection, rid: str) -> dict[str, Any]:
    """A stored record that SQLite's JSON functions refuse: written before non-finite numbers
    were refused at the door (a NaN in ``meta``). Read in Python, NaN as null, so that such a
    row cannot make every later read of its tournament fail."""
    row = conn.execute("SELECT record FROM records WHERE id = ?", [rid]).fetchone()
    value = loads_stored(row[0]) if row is not None else None
    return value if isinstance(value, dict) else {}


_LIST_COLUMNS = ["id", "seq", "valid", "players", "deal_count", "error_count", "engine",
                 "profile_hash", "received_at", "withdrawn", "withdrawn_at", "replaced_by",
                 "replaces", "meta_table", "meta_round"]


# How many of a record's deals give only their result (score-sheet rows).
_RESULT_DEALS = ("CASE WHEN json_valid(record) THEN (SELECT count(*) FROM json_each(record, "
                 "'$.deals') AS d WHERE json_type(d.value, '$.result') IS NOT NULL) ELSE 0 END")


def record_source(result_deals: int, deal_count: int) -> str:
    """replayed (every deal has moves), scored (a score sheet) or mixed."""
    if result_deals == 0:
        return "replayed"
    return "scored" if result_deals >= deal_count else "mixed"


def _profile_row(declaration: Mapping[str, Any], profile: Profile) -> dict[str, Any]:
    return {
        "id": profile.id,
        "hash": profile.hash,
        "name": profile.name,
        "declaration": json.dumps(declaration, sort_keys=True, ensure_ascii=False, allow_nan=False),
        "resolved": json.dumps(profile.as_dict(), sort_keys=True, ensure_ascii=False,
                               allow_nan=False),
        "created_at": now(),
    }


class Store:
    def __init__(self, path: str | os.PathLike[str], quotas: Quotas | None = None, *,
                 create: bool = True) -> None:
        """Open the store at ``path``; with ``create=False`` a missing file is
        ``StoreMissing``, and nothing is created (a read must not leave an empty store)."""
        self.path = str(path)
        self.quotas = quotas if quotas is not None else Quotas.from_env()
        if self.path != ":memory:" and create:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        target, uri = self.path, False
        if not create and self.path != ":memory:":
            if not Path(self.path).is_file():
                raise StoreMissing(self.path)
            # mode=rw: should the file vanish between the check and here, fail, never create
            target, uri = Path(self.path).absolute().as_uri() + "?mode=rw", True
        try:
            conn = sqlite3.connect(target, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                                   check_same_thread=False, uri=uri)
        except sqlite3.OperationalError as exc:
            if uri:
                raise StoreMissing(self.path) from exc
            raise
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        self.conn = conn
        self.db = sqlite_utils.Database(conn)
        self.seasons = season_tables.Seasons(self, self.quotas)

    def close(self) -> None:
        self.conn.close()

    @contextmanager
    def write(self) -> Iterator[sqlite_utils.Database]:
        """One all-or-nothing write transaction, queued behind other writers."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        else:
            self.conn.execute("COMMIT")

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """Reads that see one state of the store (a WAL read transaction)."""
        self.conn.execute("BEGIN")
        try:
            yield
        finally:
            self.conn.execute("COMMIT")

    @property
    def schema_version(self) -> int:
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    def migrate(self) -> int:
        with self.write() as db:
            version = self.schema_version
            for step in MIGRATIONS[version:]:
                step(db)
            self.conn.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")
        return len(MIGRATIONS)

    def ping(self) -> bool:
        one: int = self.conn.execute("SELECT 1").fetchone()[0]
        return one == 1

    # --- profiles ------------------------------------------------------------------------
    def profile_declaration(self, profile_id: str) -> Mapping[str, Any] | None:
        """The stored profile as a complete declaration: its resolved rules, frozen at the time
        it was declared, so a later change to a preset it extended cannot change its meaning."""
        row = self.conn.execute("SELECT resolved FROM profiles WHERE id = ?", [profile_id]).fetchone()
        if row is None:
            return None
        resolved: dict[str, Any] = loads_stored(row[0])
        resolved.pop("id", None)
        resolved.pop("hash", None)
        return resolved

    def profile_hash(self, profile_id: str) -> str | None:
        """The full hash of the rules stored under ``profile_id`` (None: nothing stored)."""
        row = self.conn.execute("SELECT hash FROM profiles WHERE id = ?", [profile_id]).fetchone()
        return None if row is None else str(row[0])

    def resolver(self) -> ProfileResolver:
        """Presets, plus every profile stored here, for resolving a record's profile; an
        inline declaration whose id is stored for other rules is refused (IdCollision)."""
        return ProfileResolver(self.profile_declaration, self.profile_hash)

    def _stored_id_for(self, profile: Profile) -> str | None:
        """Inside a write: the id the store keeps for ``profile``'s rules (its own, or an older
        12-hex one for the same full hash), None when they are new; ProfileIdCollision when
        its id is taken by other rules."""
        same = self.conn.execute("SELECT id FROM profiles WHERE hash = ?", [profile.hash]).fetchone()
        if same is not None:
            return str(same[0])
        taken = self.profile_hash(profile.id)
        if taken is not None:
            raise ProfileIdCollision(profile, taken)
        return None

    def put_profile(self, declaration: Mapping[str, Any], profile: Profile) -> tuple[str, bool]:
        """Store a declared profile under its hash-derived id: ``(stored id, created)``.

        The full hash decides: the same rules already stored answer their stored id (which
        may be an older, shorter one); an id stored for other rules is ProfileIdCollision."""
        with self.write() as db:
            known = self._stored_id_for(profile)
            if known is not None:
                return known, False
            self._check_count("profiles", self.quotas.profiles)
            db.table("profiles").insert(_profile_row(declaration, profile))
        return profile.id, True

    def _check_count(self, table: str, quota: int) -> None:
        used = int(self.conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
        if used + 1 > quota:
            raise QuotaExceeded(table, quota, used, 1)

    def count_profiles(self) -> int:
        return int(self.conn.execute("SELECT count(*) FROM profiles").fetchone()[0])

    def list_profiles(self, limit: int = -1, offset: int = 0, *,
                      newest_first: bool = False) -> list[dict[str, Any]]:
        """Stored profiles in declaration order (or newest first), ``limit`` of them from
        ``offset`` (-1: all, for the CLI and tests; the service always pages)."""
        order = "created_at DESC, id DESC" if newest_first else "created_at, id"
        rows = self.conn.execute(f"SELECT id, name, hash FROM profiles ORDER BY {order} "
                                 "LIMIT ? OFFSET ?", [limit, offset])
        return [{"id": r[0], "name": r[1], "hash": r[2]} for r in rows]

    # --- shared replays -----------------------------------------------------------------
    def put_shared_replay(self, replay_id: str, record: Mapping[str, Any], complete: bool,
                          profile_id: str, *, max_count: int, max_bytes: int) -> str:
        """Store a shared replay unless it is there: ``"created"``, ``"known"``, or ``"full"``
        when storing it would pass ``max_count`` replays or ``max_bytes`` in all (nothing is
        evicted: a link once given keeps working)."""
        text = dumps_stored(record)
        size = len(text.encode("utf-8"))
        with self.write() as db:
            if self.conn.execute("SELECT 1 FROM shared_replays WHERE id = ?",
                                 [replay_id]).fetchone():
                return "known"
            count, used = self.conn.execute(
                "SELECT count(*), coalesce(sum(bytes), 0) FROM shared_replays").fetchone()
            if count + 1 > max_count or used + size > max_bytes:
                return "full"
            db.table("shared_replays").insert({"id": replay_id, "record": text,
                                         "complete": int(complete), "profile_id": profile_id,
                                         "bytes": size, "created_at": now()})
        return "created"

    def get_shared_replay(self, replay_id: str) -> dict[str, Any] | None:
        """``{id, record, complete, profile_id, created_at}`` or None."""
        row = self.conn.execute(
            "SELECT id, record, complete, profile_id, created_at FROM shared_replays WHERE id = ?",
            [replay_id]).fetchone()
        if row is None:
            return None
        return {"id": row[0], "record": loads_stored(row[1]), "complete": bool(row[2]),
                "profile_id": row[3], "created_at": row[4]}

    def profiles_named(self, ids: set[str]) -> dict[str, Mapping[str, Any]]:
        """The stored declarations of those of ``ids`` that are stored: what a Dask run ships."""
        out = {}
        for profile_id in sorted(ids):
            declaration = self.profile_declaration(profile_id)
            if declaration is not None:
                out[profile_id] = declaration
        return out

    # --- tournaments and their records ---------------------------------------------------
    def create_tournament(self, name: str, profile: Profile,
                          declaration: Mapping[str, Any] | None = None) -> tuple[str, str]:
        """A new tournament playing ``profile``; returns ``(id, token)``.

        The token is returned here and nowhere else: only its SHA-256 is stored. When the
        profile was declared inline, pass its ``declaration`` and it is stored in the same
        transaction (once, under its hash-derived id)."""
        tournament_id = "t-" + secrets.token_hex(6)
        token = "b2t_" + secrets.token_urlsafe(32)
        with self.write() as db:
            self._check_count("tournaments", self.quotas.tournaments)
            profile_id = profile.id
            if declaration is not None:
                known = self._stored_id_for(profile)
                if known is None:
                    self._check_count("profiles", self.quotas.profiles)
                    db.table("profiles").insert(_profile_row(declaration, profile))
                else:
                    profile_id = known
            db.table("tournaments").insert({
                "id": tournament_id, "name": name, "profile_id": profile_id,
                "profile_hash": profile.hash, "token_hash": token_hash(token),
                "created_at": now(),
            })
        return tournament_id, token

    def get_tournament(self, tournament_id: str) -> dict[str, Any] | None:
        """``{id, name, profile_id, profile_hash, created_at, counts: {records, valid,
        invalid}}`` or None. The token hash is never part of it."""
        row = self.conn.execute(
            "SELECT id, name, profile_id, profile_hash, created_at FROM tournaments WHERE id = ?",
            [tournament_id]).fetchone()
        if row is None:
            return None
        total, valid, withdrawn = self.conn.execute(
            "SELECT count(*), coalesce(sum(valid), 0), coalesce(sum(withdrawn), 0) FROM records "
            "WHERE tournament_id = ?", [tournament_id]).fetchone()
        # A withdrawn record is counted apart: records, valid and invalid are what stands.
        withdrawn_valid = self.conn.execute(
            "SELECT count(*) FROM records WHERE tournament_id = ? AND withdrawn = 1 AND valid = 1",
            [tournament_id]).fetchone()[0] if withdrawn else 0
        standing, standing_valid = total - withdrawn, valid - withdrawn_valid
        return {"id": row[0], "name": row[1], "profile_id": row[2], "profile_hash": row[3],
                "created_at": row[4],
                "counts": {"records": standing, "valid": standing_valid,
                           "invalid": standing - standing_valid, "withdrawn": withdrawn}}

    def list_tournaments(self) -> list[dict[str, Any]]:
        """Every tournament, newest first: ``{id, name, profile_id, created_at}``."""
        rows = self.conn.execute(
            "SELECT id, name, profile_id, created_at FROM tournaments ORDER BY created_at DESC, id")
        return [{"id": r[0], "name": r[1], "profile_id": r[2], "created_at": r[3]} for r in rows]

    def page_tournaments(self, limit: int, offset: int) -> tuple[list[dict[str, Any]], int]:
        """One page of tournaments, newest first, and how many there are: ``{id, name,
        profile_id, created_at, records}`` where ``records`` counts those not withdrawn."""
        total = self.conn.execute("SELECT count(*) FROM tournaments").fetchone()[0]
        rows = self.conn.execute(
            "SELECT t.id, t.name, t.profile_id, t.created_at, (SELECT count(*) FROM records AS r "
            "WHERE r.tournament_id = t.id AND r.withdrawn = 0) FROM tournaments AS t "
            "ORDER BY t.created_at DESC, t.id LIMIT ? OFFSET ?", [limit, offset]).fetchall()
        return [{"id": r[0], "name": r[1], "profile_id": r[2], "created_at": r[3],
                 "records": r[4]} for r in rows], int(total)

    # --- creation keys (BIGTWO_CREATION=keys) ---------------------------------------------
    def create_key(self, label: str) -> tuple[str, str]:
        """A new creation key: ``(id, key)``. The key is returned here and nowhere else; only
        its SHA-256 is stored, as for tournament tokens."""
        key_id = "k-" + secrets.token_hex(6)
        key = "b2k_" + secrets.token_urlsafe(32)
        with self.write() as db:
            db.table("creation_keys").insert({"id": key_id, "key_hash": token_hash(key),
                                        "label": label, "created_at": now(),
                                        "revoked_at": None})
        return key_id, key

    def list_keys(self) -> list[dict[str, Any]]:
        """Every creation key, oldest first: ``{id, label, created_at, revoked_at}``."""
        rows = self.conn.execute("SELECT id, label, created_at, revoked_at FROM creation_keys "
                                 "ORDER BY created_at, id")
        return [{"id": r[0], "label": r[1], "created_at": r[2], "revoked_at": r[3]} for r in rows]

    def revoke_key(self, key_id: str) -> bool:
        """Revoke a key (kept, marked); False when there is no such key or it was revoked."""
        with self.write():
            done = self.conn.execute("UPDATE creation_keys SET revoked_at = ? "
                                     "WHERE id = ? AND revoked_at IS NULL", [now(), key_id])
        return done.rowcount == 1

    def key_valid(self, key: str) -> bool:
        """Whether ``key`` is a creation key that was issued and not revoked."""
        row = self.conn.execute("SELECT revoked_at FROM creation_keys WHERE key_hash = ?",
                                [token_hash(key)]).fetchone()
        return row is not None and row[0] is None

    def token_matches(self, tournament_id: str, token: str) -> bool | None:
        """True: the token is this tournament's. False: it belongs to another tournament.
        None: it is nobody's (or the tournament does not exist). Constant-time comparison."""
        presented = token_hash(token)
        row = self.conn.execute("SELECT token_hash FROM tournaments WHERE id = ?",
                                [tournament_id]).fetchone()
        if row is not None and hmac.compare_digest(row[0], presented):
            return True
        other = self.conn.execute("SELECT 1 FROM tournaments WHERE token_hash = ?",
                                  [presented]).fetchone()
        return False if other else None

    def add_records(self, tournament_id: str,
                    records: list[NewRecord]) -> list[tuple[str, bool]]:
        """Store checked records in one transaction; ``(id, created)`` per record, in order.

        A record already stored in this tournament (same content hash, also earlier in the
        same list) is not stored again: ``created`` is False and the id is the stored one."""
        with self.write() as db:
            return self.add_records_in(db, tournament_id, records)

    def add_records_in(self, db: sqlite_utils.Database, tournament_id: str,
                       records: list[NewRecord]) -> list[tuple[str, bool]]:
        """``add_records`` inside a write transaction the caller holds."""
        out: list[tuple[str, bool]] = []
        received = now()
        used = self.usage(tournament_id)
        added = {"records": 0, "deals": 0, "bytes": 0}
        for item in records:
            # By content hash, not by derived id: records stored before v4 keep the ids
            # derived from their old hash.
            known = self.conn.execute(
                "SELECT id FROM records WHERE tournament_id = ? AND content_hash = ?",
                [tournament_id, item.content_hash]).fetchone()
            if known:
                out.append((known[0], False))
                continue
            rid = record_id(tournament_id, item.content_hash)
            report = item.report
            players = item.record.get("players")
            # Never a non-finite number: SQLite's JSON functions would refuse the row.
            text = dumps_stored(item.record)
            packed = pack_report(report)
            extras = _record_extras(item.record, report, text, packed)
            added["records"] += 1
            added["deals"] += len(report["deals"])
            added["bytes"] += extras["stored_bytes"]
            self.check_usage(used, added)
            table, round_ = _meta_labels(item.record)
            db.table("records").insert({
                "meta_table": table, "meta_round": round_,
                "id": rid, "tournament_id": tournament_id,
                "content_hash": item.content_hash,
                "record": text,
                "report": packed,
                "valid": 1 if report["valid"] else 0,
                "players": dumps_stored(players) if players is not None else None,
                "deal_count": len(report["deals"]), "error_count": len(report["errors"]),
                "engine": report["engine"], "profile_hash": item.profile_hash,
                "received_at": received, **extras,
            })
            out.append((rid, True))
        return out

    def _result_deals_sql(self) -> str:
        # Kept beside the record since schema 6; a store not yet migrated counts them in it.
        return f"coalesce(result_deals, {_RESULT_DEALS})" if self.schema_version >= 6 \
            else _RESULT_DEALS

    def usage(self, tournament_id: str) -> dict[str, int]:
        """What a tournament holds: records, deals and stored bytes (its quotas' measures)."""
        records, deals, stored = self.conn.execute(
            "SELECT count(*), coalesce(sum(deal_count), 0), coalesce(sum(coalesce(stored_bytes, "
            "length(record) + length(report))), 0) FROM records WHERE tournament_id = ?",
            [tournament_id]).fetchone()
        return {"records": int(records), "deals": int(deals), "bytes": int(stored)}

    def check_usage(self, used: Mapping[str, int], added: Mapping[str, int]) -> None:
        for measure, quota in (("records", self.quotas.records_per_tournament),
                               ("deals", self.quotas.deals_per_tournament),
                               ("bytes", self.quotas.bytes_per_tournament)):
            if used[measure] + added[measure] > quota:
                raise QuotaExceeded(f"{measure} per tournament", quota, used[measure],
                                    added[measure])

    def get_record(self, rid: str) -> dict[str, Any] | None:
        """The stored record: ``{id, tournament_id, content_hash, record, report, valid,
        engine, profile_hash, received_at}`` with ``record`` and ``report`` as objects."""
        columns = ["id", "tournament_id", "content_hash", "record", "report", "valid", "engine",
                   "profile_hash", "received_at"]
        row = self.conn.execute(f"SELECT {', '.join(columns)} FROM records WHERE id = ?",
                                [rid]).fetchone()
        return None if row is None else _record_row(row, columns)

    def get_record_doc(self, rid: str) -> dict[str, Any] | None:
        """``{id, record}``: a stored record without its report (for rechecking it)."""
        row = self.conn.execute("SELECT id, record FROM records WHERE id = ?", [rid]).fetchone()
        return None if row is None else _record_row(row, ["id", "record"])

    def list_records(self, tournament_id: str, *, valid: bool | None = None, limit: int = 50,
                     offset: int = 0, withdrawn: bool | None = None, table: str | None = None,
                     round_: str | None = None) -> tuple[list[dict[str, Any]], int]:
        """One page of a tournament's records in upload order, and the total that match.

        Rows are summaries (``id, seq, valid, players, deal_count, error_count, engine,
        profile_hash, received_at, withdrawn, withdrawn_at, replaced_by, replaces, table,
        round``); fetch the whole record with ``get_record``. ``table`` and ``round_`` match
        ``meta.table`` / ``meta.round`` as text (``meta_label``)."""
        where, params = "tournament_id = ?", [tournament_id]
        filters: list[tuple[str, Any]] = [
            ("valid", None if valid is None else int(valid)),
            ("withdrawn", None if withdrawn is None else int(withdrawn)),
            ("meta_table", table), ("meta_round", round_)]
        for column, value in filters:
            if value is not None:
                where += f" AND {column} = ?"
                params.append(value)
        total = self.conn.execute(f"SELECT count(*) FROM records WHERE {where}", params).fetchone()[0]
        rows = self.conn.execute(
            f"SELECT {', '.join(_LIST_COLUMNS)}, {self._result_deals_sql()} "
            f"FROM records WHERE {where} "
            "ORDER BY seq LIMIT ? OFFSET ?", [*params, limit, offset]).fetchall()
        out = []
        for r in rows:
            row = _record_row(r[:-1], _LIST_COLUMNS)
            row["source"] = record_source(int(r[-1]), int(row["deal_count"]))
            out.append(row)
        return out, int(total)

    def record_versions(self, tournament_id: str) -> list[dict[str, Any]]:
        """``{id, profile_ref, engine, profile_hash}`` for every record of a tournament, where
        ``profile_ref`` is the record's ``profile`` (None when it names none): enough to find
        reports made by another engine or profile version without reading whole records."""
        rows = self.conn.execute(
            "SELECT id, profile_ref, engine, profile_hash FROM records WHERE tournament_id = ? "
            "ORDER BY seq", [tournament_id])
        return [{"id": rid, "profile_ref": None if ref is None else loads_stored(ref),
                 "engine": engine, "profile_hash": profile_hash}
                for rid, ref, engine, profile_hash in rows]

    def valid_reports(self, tournament_id: str) -> list[dict[str, Any]]:
        """``{id, record, report}`` of every valid record of a tournament, in upload order: the
        input of ``bigtwo.records.standings.compute``. ``record`` is trimmed to what standings read
        (``players`` and each deal's ``deal_code``): decoding whole records would dominate."""
        rows = self.conn.execute(
            "SELECT r.id, r.report, r.players, CASE WHEN json_valid(r.record) THEN (SELECT "
            "json_group_array(json_extract(d.value, '$.deal_code')) "
            "FROM json_each(r.record, '$.deals') AS d) END "
            "FROM records AS r WHERE r.tournament_id = ? AND r.valid = 1 "
            "AND r.duplicate_of IS NULL AND r.withdrawn = 0 ORDER BY r.seq",
            [tournament_id])
        out = []
        for rid, report, players, codes in rows:
            if codes is None:  # a row SQLite cannot read as JSON (see _legacy_record)
                deals = _legacy_record(self.conn, rid).get("deals")
                codes_list = [d.get("deal_code") if isinstance(d, dict) else None
                              for d in (deals if isinstance(deals, list) else [])]
            else:
                codes_list = json.loads(codes)
            record: dict[str, Any] = {"deals": [{"deal_code": c} for c in codes_list]}
            if players is not None:
                record["players"] = loads_stored(players)
            out.append({"id": rid, "record": record, "report": unpack_report(report)})
        return out

    def tallies(self, tournament_id: str) -> list[tuple[str, Mapping[str, Any] | None]]:
        """``(id, tally)`` of every counted record (valid, not a duplicate), in upload order:
        the input of ``bigtwo.records.tally.compute``. A valid row without a tally (written
        around this version's migration by hand) gets one from its record and report."""
        rows = self.conn.execute(
            "SELECT id, tally FROM records WHERE tournament_id = ? AND valid = 1 "
            "AND duplicate_of IS NULL AND withdrawn = 0 ORDER BY seq", [tournament_id]).fetchall()
        out: list[tuple[str, Mapping[str, Any] | None]] = []
        for rid, text in rows:
            if text is None:
                full = self.get_record(rid)
                out.append((rid, None if full is None else tally(full["record"], full["report"])))
            else:
                out.append((rid, loads_stored(text)))
        return out

    # --- cached standings and the lease on recomputing them -------------------------------
    def revision(self, tournament_id: str) -> int:
        """The tournament's change counter: the triggers of schema 6 bump it on every write to
        its records, whoever makes it."""
        row = self.conn.execute("SELECT revision FROM tournaments WHERE id = ?",
                                [tournament_id]).fetchone()
        return 0 if row is None else int(row[0])

    def cached_standings(self, tournament_id: str, engine: str, *,
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

    def cache_standings(self, tournament_id: str, revision: int, engine: str,
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

    def replace_report(self, rid: str, report: Mapping[str, Any], profile_hash: str) -> None:
        """Store a recomputed report (another engine or profile version made the old one)."""
        self.replace_reports([(rid, report, profile_hash)])

    def replace_reports(self, items: Sequence[tuple[str, Mapping[str, Any], str]]) -> None:
        """``replace_report`` for many records in one transaction."""
        if not items:
            return
        with self.write() as db:
            for rid, report, profile_hash in items:
                row = self.conn.execute("SELECT record FROM records WHERE id = ?", [rid]).fetchone()
                if row is None:
                    continue
                record = loads_stored(row[0])
                packed = pack_report(report)
                extras = _record_extras(record if isinstance(record, dict) else {}, report,
                                        row[0], packed)
                db.execute(
                    "UPDATE records SET report = ?, valid = ?, error_count = ?, deal_count = ?, "
                    "engine = ?, profile_hash = ?, tally = ?, stored_bytes = ? WHERE id = ?",
                    [packed,
                     1 if report["valid"] else 0, len(report["errors"]), len(report["deals"]),
                     report["engine"], profile_hash, extras["tally"], extras["stored_bytes"],
                     rid])

    # --- withdrawals, replacements and their audit log -----------------------------------
    def record_summary(self, tournament_id: str, rid: str) -> dict[str, Any] | None:
        """The ``list_records`` row of one record of this tournament, or None."""
        row = self.conn.execute(
            f"SELECT {', '.join(_LIST_COLUMNS)}, {_RESULT_DEALS} FROM records "
            "WHERE tournament_id = ? AND id = ?", [tournament_id, rid]).fetchone()
        if row is None:
            return None
        out = _record_row(row[:-1], _LIST_COLUMNS)
        out["source"] = record_source(int(row[-1]), int(out["deal_count"]))
        return out

    def _standing(self, tournament_id: str, rid: str) -> tuple[bool, str | None] | None:
        row = self.conn.execute(
            "SELECT withdrawn, withdrawn_at FROM records WHERE tournament_id = ? AND id = ?",
            [tournament_id, rid]).fetchone()
        return None if row is None else (bool(row[0]), row[1])

    def _audit(self, db: sqlite_utils.Database, entry: Mapping[str, Any]) -> None:
        db.table("audit").insert(dict(entry))

    def withdraw(self, tournament_id: str, rid: str, *, token_digest: str, reason: str | None = None,
                 by: str | None = None) -> bool | None:
        """Withdraw a record, with its audit entry, in one transaction. True: withdrawn now;
        False: it already was (nothing written); None: no such record in this tournament.
        ``token_digest`` is the acting token's hash (``token_hash``; see ``token_id``)."""
        with self.write() as db:
            standing = self._standing(tournament_id, rid)
            if standing is None:
                return None
            if standing[0]:
                return False
            at = now()
            db.execute("UPDATE records SET withdrawn = 1, withdrawn_at = ? WHERE id = ?",
                       [at, rid])
            self._audit(db, {"tournament_id": tournament_id, "at": at, "action": "withdraw",
                             "record": rid, "replaced_by": None, "reason": reason,
                             "by_label": by, "token_id": token_id(token_digest)})
        return True

    def replace(self, tournament_id: str, rid: str, new: NewRecord, *, token_digest: str,
                reason: str | None = None, by: str | None = None) -> tuple[str, bool]:
        """Withdraw record ``rid`` and store ``new`` in its place, with the audit entry, in one
        transaction: ``(new id, created)``. When ``new`` is already stored here and withdrawn
        (an earlier mistake undone), it is reinstated instead (``created`` False).

        Raises ``ReplaceConflict`` (and writes nothing) when ``rid`` is not a standing record
        of this tournament, or ``new`` is ``rid`` itself or another record that stands."""
        with self.write() as db:
            standing = self._standing(tournament_id, rid)
            if standing is None:
                raise ReplaceConflict("missing", rid)
            if standing[0]:
                raise ReplaceConflict("withdrawn", rid, standing[1])
            known = self.conn.execute(
                "SELECT id, withdrawn FROM records WHERE tournament_id = ? AND content_hash = ?",
                [tournament_id, new.content_hash]).fetchone()
            at = now()
            if known is not None:
                if known[0] == rid:
                    raise ReplaceConflict("same", rid)
                if not known[1]:
                    raise ReplaceConflict("stands", known[0])
                new_id, created = known[0], False
                db.execute("UPDATE records SET withdrawn = 0, withdrawn_at = NULL, "
                           "replaced_by = NULL, replaces = ? WHERE id = ?", [rid, new_id])
            else:
                [(new_id, created)] = self.add_records_in(db, tournament_id, [new])
                db.execute("UPDATE records SET replaces = ? WHERE id = ?", [rid, new_id])
            db.execute("UPDATE records SET withdrawn = 1, withdrawn_at = ?, replaced_by = ? "
                       "WHERE id = ?", [at, new_id, rid])
            self._audit(db, {"tournament_id": tournament_id, "at": at, "action": "replace",
                             "record": rid, "replaced_by": new_id, "reason": reason,
                             "by_label": by, "token_id": token_id(token_digest)})
        return new_id, created

    def audit_page(self, tournament_id: str, limit: int,
                   offset: int) -> tuple[list[dict[str, Any]], int]:
        """The audit log of a tournament, oldest first: ``{at, action, record, replaced_by,
        reason, by, token_id}``, and how many entries there are."""
        total = self.conn.execute("SELECT count(*) FROM audit WHERE tournament_id = ?",
                                  [tournament_id]).fetchone()[0]
        rows = self.conn.execute(
            "SELECT at, action, record, replaced_by, reason, by_label, token_id FROM audit "
            "WHERE tournament_id = ? ORDER BY seq LIMIT ? OFFSET ?",
            [tournament_id, limit, offset]).fetchall()
        keys = ("at", "action", "record", "replaced_by", "reason", "by", "token_id")
        return [dict(zip(keys, r, strict=True)) for r in rows], int(total)

    def withdrawn_among(self, ids: list[str]) -> set[str]:
        """Which of these record ids are withdrawn."""
        out: set[str] = set()
        for at in range(0, len(ids), 500):
            chunk = ids[at:at + 500]
            marks = ", ".join("?" * len(chunk))
            out.update(r[0] for r in self.conn.execute(
                f"SELECT id FROM records WHERE withdrawn = 1 AND id IN ({marks})", chunk))
        return out


class ReplaceConflict(Exception):
    """Why a replacement cannot be done: ``missing``, ``withdrawn`` (the record already is),
    ``same`` (the replacement is the record itself) or ``stands`` (the replacement is another
    record that counts, ``record``)."""

    def __init__(self, reason: str, record: str, at: str | None = None) -> None:
        super().__init__(reason)
        self.reason, self.record, self.at = reason, record, at
