"""Withdrawing and replacing a tournament's records, and the audit log that says who did it:
use cases beside ``bigtwo.store.tournaments`` (whose errors, checks and paging they share),
for the HTTP API and the ``bigtwo tournament`` CLI. A withdrawn record stays stored and
listed; the repository writes each change and its audit entry in one transaction."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bigtwo import limits
from bigtwo.formats.sheets import check_sheet
from bigtwo.records.pipeline import check_record
from bigtwo.rules.problems import Problem
from bigtwo.rules.profiles import ProfileRef
from bigtwo.store.db import Store
from bigtwo.store.errors import TournamentError
from bigtwo.store.labels import label
from bigtwo.store.repositories.tournaments import ReplaceConflict
from bigtwo.store.rows import NewRecord
from bigtwo.store.tokens import token_hash
from bigtwo.store.tournaments import (
    DEFAULT_PER_PAGE,
    authorize,
    content_hash,
    ignore_report,
    not_found,
    page_bounds,
    paged,
    tournament_profile,
    unprocessable,
)


def _label(value: Any, name: str, limit: int) -> str | None:
    """An optional free-text field of the audit log (``bigtwo.store.labels``)."""
    return label(value, name, limit)


def _presented_digest(authorization: str | None) -> str:
    """The hash of the bearer token that ``authorize`` accepted (never the token itself)."""
    return token_hash((authorization or "").strip().partition(" ")[2].strip())


def withdraw(store: Store, tournament_id: str, record_id: str, authorization: str | None,
             reason: Any = None, by: Any = None) -> dict[str, Any]:
    """Withdraw a record of a tournament (its token): it stays stored and listed, marked
    withdrawn, and no longer counts; the audit log says who (``by``, and which token), when
    and why. Withdrawing a withdrawn record again changes nothing and answers the same."""
    authorize(store, tournament_id, authorization)
    reason, by = (_label(reason, "reason", limits.MAX_REASON_LENGTH),
                  _label(by, "by", limits.MAX_ORGANISER_LABEL_LENGTH))
    done = store.tournaments.withdraw(tournament_id, record_id,
                                      token_digest=_presented_digest(authorization),
                                      reason=reason, by=by)
    if done is None:
        raise not_found(f"record of tournament {tournament_id}", record_id)
    summary = store.tournaments.record_summary(tournament_id, record_id)
    assert summary is not None  # records are never deleted
    return summary


def _conflict(exc: ReplaceConflict, tournament_id: str) -> TournamentError:
    if exc.reason == "missing":
        return not_found(f"record of tournament {tournament_id}", exc.record)
    detail = {
        "withdrawn": f"record {exc.record} was withdrawn at {exc.at}: upload the new record "
                     "instead",
        "same": f"the replacement is record {exc.record} itself",
        "stands": f"the replacement is already stored as record {exc.record}, which counts: "
                  "withdraw the old record instead",
    }[exc.reason]
    return TournamentError(409, "Conflict", detail)


def replace(store: Store, tournament_id: str, record_id: str, authorization: str | None,
            body: Any, *, sheet: bool = False, profile_ref: ProfileRef | None = None,
            reason: Any = None, by: Any = None,
            observe: Callable[[dict[str, Any] | None], None] = ignore_report) -> dict[str, Any]:
    """Withdraw a record and store another in its place (one record, or a score sheet's text
    when ``sheet``), checked as an upload is, all in one transaction with its audit entry.
    A replacement that cannot be stored (422) or a record that does not stand (404, 409)
    changes nothing. ``{id, status, created, valid, errors, replaces}``."""
    tournament = authorize(store, tournament_id, authorization)
    reason, by = (_label(reason, "reason", limits.MAX_REASON_LENGTH),
                  _label(by, "by", limits.MAX_ORGANISER_LABEL_LENGTH))
    summary = store.tournaments.record_summary(tournament_id, record_id)
    if summary is None:
        raise not_found(f"record of tournament {tournament_id}", record_id)
    if summary["withdrawn"]:
        raise _conflict(ReplaceConflict("withdrawn", record_id, summary["withdrawn_at"]),
                        tournament_id)
    if sheet:
        ref = profile_ref if profile_ref else tournament_profile(store, tournament).id
        record, checked = check_sheet(body, ref, resolver=store.profiles.resolver())
        if record is None:
            raise unprocessable(checked.problems, "nothing was changed: the score sheet has "
                                                  "problems, each named by its row and column")
        body = record
    if isinstance(body, dict) and "records" in body and "deals" not in body:
        raise unprocessable([Problem("/records", "a replacement is one record, sent as the "
                                                 "whole body")], "nothing was changed")
    new = _checked_one(store, tournament, body, observe)
    try:
        new_id, created = store.tournaments.replace(
            tournament_id, record_id, new, token_digest=_presented_digest(authorization),
            reason=reason, by=by)
    except ReplaceConflict as exc:
        raise _conflict(exc, tournament_id) from exc
    return {"id": new_id, "status": 201 if created else 200, "created": created,
            "valid": bool(new.report["valid"]), "errors": len(new.report["errors"]),
            "replaces": record_id}


def _checked_one(store: Store, tournament: Mapping[str, Any], doc: Any,
                 observe: Callable[[dict[str, Any] | None], None]) -> NewRecord:
    """One record checked as ``upload`` checks it, ready to store; else a 422."""
    profile = tournament_profile(store, tournament)
    checked = check_record(doc, resolver=store.profiles.resolver(), default_profile=profile.id)
    observe(checked.report)
    if checked.report is None or checked.record is None:
        raise unprocessable(checked.problems, "nothing was changed: fix the record")
    used = checked.record.profile
    if used.hash != profile.hash:
        raise unprocessable([Problem("/profile" if "profile" in doc else "",
                                     f"this tournament plays {profile.id!r} ({profile.hash}); "
                                     f"the record uses {used.id!r} ({used.hash})")],
                            "nothing was changed: fix the record")
    return NewRecord(content_hash(doc, tournament["profile_id"]), doc, checked.report, used.hash)


def audit(store: Store, tournament_id: str, page: int = 1,
          per_page: int = DEFAULT_PER_PAGE) -> dict[str, Any]:
    """The tournament's audit log, oldest first: ``{tournament, page, per_page, total, pages,
    next_page, entries: [{at, action, record, replaced_by, reason, by, token_id}]}``."""
    if store.tournaments.get(tournament_id) is None:
        raise not_found("tournament", tournament_id)
    limit, offset = page_bounds(page, per_page)
    rows, total = store.tournaments.audit_page(tournament_id, limit, offset)
    return {"tournament": tournament_id, **paged(page, per_page, total), "entries": rows}
