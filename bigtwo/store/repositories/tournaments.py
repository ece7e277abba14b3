"""Tournaments and their records: creating one, its token, storing checked records within its
quotas, reading them back (pages, summaries, versions, standings' input), replacing reports,
and the withdrawals and replacements with their audit log."""

from __future__ import annotations

import hmac
import json
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import sqlite_utils

from bigtwo.formats.jsonin import dumps_stored, loads_stored
from bigtwo.league import standings
from bigtwo.league.tally import tally
from bigtwo.rules.profiles import Profile
from bigtwo.store import clock
from bigtwo.store.connection import Connection
from bigtwo.store.quotas import QuotaExceeded, Quotas
from bigtwo.store.repositories.base import Repository
from bigtwo.store.repositories.profiles import Profiles
from bigtwo.store.rows import (
    LIST_COLUMNS,
    RESULT_DEALS,
    NewRecord,
    legacy_record,
    meta_labels,
    pack_report,
    record_extras,
    record_id,
    record_row,
    record_source,
    unpack_report,
)
from bigtwo.store.tokens import token_hash, token_id


class Tournaments(Repository):
    def __init__(self, connection: Connection, quotas: Quotas, profiles: Profiles) -> None:
        super().__init__(connection, quotas)
        # A tournament declared with its profile inline stores it in the same transaction.
        self.profiles = profiles

    def create(self, name: str, profile: Profile,
               declaration: Mapping[str, Any] | None = None,
               ranked_by: str | None = None) -> tuple[str, str]:
        """A new tournament playing ``profile``; returns ``(id, token)``.

        The token is returned here and nowhere else: only its SHA-256 is stored. When the
        profile was declared inline, pass its ``declaration`` and it is stored in the same
        transaction (once, under its hash-derived id)."""
        tournament_id = "t-" + secrets.token_hex(6)
        token = "b2t_" + secrets.token_urlsafe(32)
        with self.write() as db:
            self.check_count("tournaments", self.quotas.tournaments)
            profile_id = profile.id
            if declaration is not None:
                profile_id, _ = self.profiles.put_in(db, declaration, profile)
            row = {"id": tournament_id, "name": name, "profile_id": profile_id,
                   "profile_hash": profile.hash, "token_hash": token_hash(token),
                   "created_at": clock.now()}
            if ranked_by is not None:  # NULL is the default (points per deal)
                row["ranked_by"] = ranked_by
            db.table("tournaments").insert(row)
        return tournament_id, token

    def get(self, tournament_id: str) -> dict[str, Any] | None:
        """``{id, name, profile_id, profile_hash, created_at, ranked_by, counts: {records,
        valid, invalid}}`` or None. The token hash is never part of it."""
        row = self.conn.execute(
            "SELECT id, name, profile_id, profile_hash, created_at, ranked_by FROM tournaments "
            "WHERE id = ?",
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
                "created_at": row[4], "ranked_by": row[5] or standings.PER_DEAL,
                "counts": {"records": standing, "valid": standing_valid,
                           "invalid": standing - standing_valid, "withdrawn": withdrawn}}

    def listing(self) -> list[dict[str, Any]]:
        """Every tournament, newest first: ``{id, name, profile_id, created_at}``."""
        rows = self.conn.execute(
            "SELECT id, name, profile_id, created_at FROM tournaments ORDER BY created_at DESC, id")
        return [{"id": r[0], "name": r[1], "profile_id": r[2], "created_at": r[3]} for r in rows]

    def page(self, limit: int, offset: int) -> tuple[list[dict[str, Any]], int]:
        """One page of tournaments, newest first, and how many there are: ``{id, name,
        profile_id, created_at, records}`` where ``records`` counts those not withdrawn."""
        total = self.conn.execute("SELECT count(*) FROM tournaments").fetchone()[0]
        rows = self.conn.execute(
            "SELECT t.id, t.name, t.profile_id, t.created_at, (SELECT count(*) FROM records AS r "
            "WHERE r.tournament_id = t.id AND r.withdrawn = 0) FROM tournaments AS t "
            "ORDER BY t.created_at DESC, t.id LIMIT ? OFFSET ?", [limit, offset]).fetchall()
        return [{"id": r[0], "name": r[1], "profile_id": r[2], "created_at": r[3],
                 "records": r[4]} for r in rows], int(total)

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
                       records: list[NewRecord], *,
                       freed: Mapping[str, int] | None = None) -> list[tuple[str, bool]]:
        """``add_records`` inside a write transaction the caller holds; ``freed`` is what a
        record this transaction replaces stops counting against the quotas."""
        out: list[tuple[str, bool]] = []
        received = clock.now()
        used = self.usage(tournament_id)
        if freed is not None:
            used = {k: v - freed.get(k, 0) for k, v in used.items()}
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
            extras = record_extras(item.record, report, text, packed)
            added["records"] += 1
            added["deals"] += len(report["deals"])
            added["bytes"] += extras["stored_bytes"]
            self.check_usage(used, added)
            table, round_ = meta_labels(item.record)
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
        return f"coalesce(result_deals, {RESULT_DEALS})" if self.connection.schema_version >= 6 \
            else RESULT_DEALS

    def usage(self, tournament_id: str) -> dict[str, int]:
        """What a tournament holds, as its quotas measure it: the records that stand and their
        deals (what the standings count: a withdrawn or replaced record frees its slot), and
        the bytes of everything stored (nothing is ever deleted)."""
        records, deals, stored = self.conn.execute(
            "SELECT coalesce(sum(withdrawn = 0), 0), "
            "coalesce(sum(CASE WHEN withdrawn = 0 THEN deal_count ELSE 0 END), 0), "
            "coalesce(sum(coalesce(stored_bytes, length(record) + length(report))), 0) "
            "FROM records WHERE tournament_id = ?", [tournament_id]).fetchone()
        return {"records": int(records), "deals": int(deals), "bytes": int(stored)}

    def known(self, tournament_id: str, hashes: list[str]) -> dict[str, dict[str, Any]]:
        """The records of ``hashes`` already stored here: content hash -> ``{id, valid,
        errors}``."""
        found: dict[str, dict[str, Any]] = {}
        for start in range(0, len(hashes), 500):  # under SQLite's bound-parameter limit
            part = hashes[start:start + 500]
            rows = self.conn.execute(
                "SELECT content_hash, id, valid, error_count FROM records WHERE tournament_id = ? "
                f"AND content_hash IN ({', '.join('?' * len(part))})", [tournament_id, *part])
            for content, rid, valid, errors in rows:
                found[content] = {"id": rid, "valid": bool(valid), "errors": int(errors or 0)}
        return found

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
        return None if row is None else record_row(row, columns)

    def get_record_doc(self, rid: str) -> dict[str, Any] | None:
        """``{id, record}``: a stored record without its report (for rechecking it)."""
        row = self.conn.execute("SELECT id, record FROM records WHERE id = ?", [rid]).fetchone()
        return None if row is None else record_row(row, ["id", "record"])

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
            f"SELECT {', '.join(LIST_COLUMNS)}, {self._result_deals_sql()} "
            f"FROM records WHERE {where} "
            "ORDER BY seq LIMIT ? OFFSET ?", [*params, limit, offset]).fetchall()
        out = []
        for r in rows:
            row = record_row(r[:-1], LIST_COLUMNS)
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
        input of ``bigtwo.league.standings.compute``. ``record`` is trimmed to what standings read
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
            if codes is None:  # a row SQLite cannot read as JSON (see legacy_record)
                deals = legacy_record(self.conn, rid).get("deals")
                codes_list = [d.get("deal_code") if isinstance(d, dict) else None
                              for d in (deals if isinstance(deals, list) else [])]
            else:
                codes_list = json.loads(codes)
            record: dict[str, Any] = {"deals": [{"deal_code": c} for c in codes_list]}
            if players is not None:
                record["players"] = loads_stored(players)
            out.append({"id": rid, "record": record, "report": unpack_report(report)})
        return out

    def record_numbers(self, tournament_id: str) -> dict[str, int]:
        """Each record's number in its tournament: 1, 2, ... in upload order, every record
        stored counted (withdrawn, invalid and duplicates too, so a number never changes)."""
        rows = self.conn.execute("SELECT id FROM records WHERE tournament_id = ? ORDER BY seq",
                                 [tournament_id])
        return {rid: n for n, (rid,) in enumerate(rows, start=1)}

    def tallies(self, tournament_id: str) -> list[tuple[str, Mapping[str, Any] | None]]:
        """``(id, tally)`` of every counted record (valid, not a duplicate), in upload order:
        the input of ``bigtwo.league.tally.compute``. A valid row without a tally (written
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

    def replace_reports(self, items: Sequence[tuple[str, Mapping[str, Any], str]]) -> None:
        """Store recomputed reports (another engine or profile version made the old ones), in one
        transaction: ``(record id, report, profile hash)`` each."""
        if not items:
            return
        with self.write() as db:
            for rid, report, profile_hash in items:
                row = self.conn.execute("SELECT record FROM records WHERE id = ?", [rid]).fetchone()
                if row is None:
                    continue
                record = loads_stored(row[0])
                packed = pack_report(report)
                extras = record_extras(record if isinstance(record, dict) else {},
                                                   report, row[0], packed)
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
            f"SELECT {', '.join(LIST_COLUMNS)}, {RESULT_DEALS} FROM records "
            "WHERE tournament_id = ? AND id = ?", [tournament_id, rid]).fetchone()
        if row is None:
            return None
        out = record_row(row[:-1], LIST_COLUMNS)
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
            at = clock.now()
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
                "SELECT id, withdrawn, deal_count FROM records WHERE tournament_id = ? "
                "AND content_hash = ?", [tournament_id, new.content_hash]).fetchone()
            at = clock.now()
            # A correction frees the slot of the record it replaces (docs/SECURITY.md).
            old_deals = self.conn.execute("SELECT deal_count FROM records WHERE id = ?",
                                          [rid]).fetchone()[0]
            freed = {"records": 1, "deals": int(old_deals or 0), "bytes": 0}
            if known is not None:
                if known[0] == rid:
                    raise ReplaceConflict("same", rid)
                if not known[1]:
                    raise ReplaceConflict("stands", known[0])
                used = self.usage(tournament_id)
                self.check_usage({k: v - freed[k] for k, v in used.items()},
                                 {"records": 1, "deals": int(known[2] or 0), "bytes": 0})
                new_id, created = known[0], False
                db.execute("UPDATE records SET withdrawn = 0, withdrawn_at = NULL, "
                           "replaced_by = NULL, replaces = ? WHERE id = ?", [rid, new_id])
            else:
                [(new_id, created)] = self.add_records_in(db, tournament_id, [new], freed=freed)
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
