"""How a record is kept in its row: the compressed report, the columns kept beside it (profile
reference, standings tally, stored size, ``meta`` labels) and reading a row back. Shared by the
tournaments repository and the migrations that filled these columns for older rows."""

from __future__ import annotations

import hashlib
import sqlite3
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bigtwo import limits
from bigtwo.formats.jsonin import dumps_stored, loads_stored
from bigtwo.league.tally import tally


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


def meta_labels(record: Mapping[str, Any]) -> tuple[str | None, str | None]:
    meta = record.get("meta")
    if not isinstance(meta, Mapping):
        return None, None
    return meta_label(meta.get("table")), meta_label(meta.get("round"))


def pack_report(report: Mapping[str, Any]) -> bytes:
    """A report as stored: compressed JSON. Reports repeat themselves deal after deal (a score
    sheet's is 30 times its text); compressed they are a fraction of the record."""
    return zlib.compress(dumps_stored(report).encode(), 6)


def unpack_report(value: str | bytes) -> Any:
    """A stored report: compressed (written since schema 6) or JSON text (before)."""
    if isinstance(value, bytes):
        return loads_stored(zlib.decompress(value))
    return loads_stored(value)


def profile_ref(record: Mapping[str, Any]) -> str | None:
    ref = record.get("profile")
    return None if ref is None else dumps_stored(ref)


def record_extras(record: Mapping[str, Any], report: Mapping[str, Any],
                  record_text: str, packed: bytes) -> dict[str, Any]:
    """The columns kept beside a record so that lists, freshness and standings never read it:
    its profile reference, its standings tally, and what it costs to keep."""
    summary = tally(record, report)
    tally_text = None if summary is None else dumps_stored(summary)
    deals = record.get("deals")
    result_deals = sum(isinstance(d, dict) and "result" in d
                       for d in (deals if isinstance(deals, list) else []))
    return {"profile_ref": profile_ref(record), "tally": tally_text,
            "result_deals": result_deals,
            "stored_bytes": len(record_text.encode()) + len(packed)
            + (len(tally_text.encode()) if tally_text else 0)}


def record_id(tournament_id: str, content_hash: str) -> str:
    """Derived, not random: the same record in the same tournament always has the same id."""
    digest = hashlib.sha256(f"{tournament_id}\n{content_hash}".encode()).hexdigest()
    return "r-" + digest[:20]


@dataclass(frozen=True, slots=True)
class NewRecord:
    """A checked record ready to store (see ``Tournaments.add_records``)."""

    content_hash: str
    record: Mapping[str, Any]
    report: Mapping[str, Any]
    profile_hash: str


def record_row(row: sqlite3.Row | tuple[Any, ...], columns: list[str]) -> dict[str, Any]:
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


def legacy_record(conn: sqlite3.Connection, rid: str) -> dict[str, Any]:
    """A stored record that SQLite's JSON functions refuse: written before non-finite numbers
    were refused at the door (a NaN in ``meta``). Read in Python, NaN as null, so that such a
    row cannot make every later read of its tournament fail."""
    row = conn.execute("SELECT record FROM records WHERE id = ?", [rid]).fetchone()
    value = loads_stored(row[0]) if row is not None else None
    return value if isinstance(value, dict) else {}


LIST_COLUMNS = ["id", "seq", "valid", "players", "deal_count", "error_count", "engine",
                "profile_hash", "received_at", "withdrawn", "withdrawn_at", "replaced_by",
                "replaces", "meta_table", "meta_round"]


# How many of a record's deals give only their result (score-sheet rows).
RESULT_DEALS = ("CASE WHEN json_valid(record) THEN (SELECT count(*) FROM json_each(record, "
                "'$.deals') AS d WHERE json_type(d.value, '$.result') IS NOT NULL) ELSE 0 END")


def record_source(result_deals: int, deal_count: int) -> str:
    """replayed (every deal has moves), scored (a score sheet) or mixed."""
    if result_deals == 0:
        return "replayed"
    return "scored" if result_deals >= deal_count else "mixed"
