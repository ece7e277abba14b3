"""The organiser's pages' view models: the tournament list, and a tournament's standings,
records (withdrawn ones marked, ``meta.table`` / ``meta.round`` shown and filterable), the
audit log, and download links.

Everything is computed by the tournament service (``bigtwo.store.tournaments``) and
``bigtwo.league.standings``, the same code the JSON API answers with; this only arranges it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from app.web.present import messages_by_language
from bigtwo import limits
from bigtwo.league.standings import ranked_players
from bigtwo.store import tournaments, withdrawals

PAGE_SIZE = 100
TOURNAMENTS_PER_PAGE = 50
AUDIT_SHOWN = limits.MAX_PER_PAGE  # the most recent entries; the API pages through the rest
# show= -> (valid, withdrawn) filters of the record list
FILTERS: dict[str, tuple[bool | None, bool | None]] = {
    "all": (None, None), "invalid": (False, None), "valid": (True, None),
    "withdrawn": (None, True)}


def _messages(error: dict[str, Any]) -> dict[str, str] | None:
    try:
        return messages_by_language(error)
    except (KeyError, TypeError, ValueError):  # a row from an older engine: keep its text
        return None


def meta_filter(value: str | None) -> str | None:
    """A ``?table=`` / ``?round=`` value: blank is no filter; longer than any shown value
    matches nothing, so it is cut there rather than refused."""
    if value is None or not value.strip():
        return None
    return value.strip()[:limits.MAX_META_LABEL_LENGTH]


def tournaments_view(store: Any, page: int = 1) -> dict[str, Any]:
    first = tournaments.list_tournaments(store, 1, TOURNAMENTS_PER_PAGE)
    # Past the last page shows the last page (page numbers are checked in app.params).
    page = min(max(1, page), first["pages"])
    return first if page == 1 else tournaments.list_tournaments(store, page, TOURNAMENTS_PER_PAGE)


def recent_audit(audit: Callable[[Any, str, int, int], dict[str, Any]], store: Any,
                 key: str) -> dict[str, Any]:
    """The last ``AUDIT_SHOWN`` entries of a paged audit log (a tournament's or a season's:
    ``audit(store, key, page, per_page)``), with the log's total."""
    first = audit(store, key, 1, AUDIT_SHOWN)
    if first["pages"] == 1:
        return {"entries": first["entries"], "total": first["total"]}
    last = audit(store, key, first["pages"], AUDIT_SHOWN)
    before = audit(store, key, first["pages"] - 1, AUDIT_SHOWN)
    entries = (before["entries"] + last["entries"])[-AUDIT_SHOWN:]
    return {"entries": entries, "total": first["total"]}


def tournament_view(store: Any, tid: str, show: str, page: int = 1, table: str | None = None,
                    round_: str | None = None) -> dict[str, Any] | None:
    if store.tournaments.get(tid) is None:
        return None
    info = tournaments.get(store, tid)
    standings = tournaments.compute_standings(store, tid)  # refreshes stale reports first
    show = show if show in FILTERS else "all"
    valid, withdrawn = FILTERS[show]
    table, round_ = meta_filter(table), meta_filter(round_)

    def listed(limit: int, offset: int) -> dict[str, Any]:
        return tournaments.list_records(store, tid, valid=valid, withdrawn=withdrawn, table=table,
                                    round_=round_, limit=limit, offset=offset)

    # Past the last page shows the last page (page numbers are checked in app.params).
    last = max(1, -(-listed(1, 0)["total"] // PAGE_SIZE))
    page = min(max(1, page), last)
    found = listed(PAGE_SIZE, (page - 1) * PAGE_SIZE)
    rows, total = found["records"], found["total"]
    # One numbering per tournament, on the records table and the chart alike: a record's
    # place in the tournament's upload order (the store's sequence runs across tournaments).
    numbers = store.tournaments.record_numbers(tid)
    records = []
    for row in rows:
        first_error = None
        if not row["valid"]:
            full = store.tournaments.get_record(row["id"])
            errors = (full or {}).get("report", {}).get("errors", [])
            if errors:
                # stored reports are in English: the page words the message in its language
                first_error = {"code": errors[0]["code"], "message": errors[0].get("message", ""),
                               "messages": _messages(errors[0])}
        players = row.get("players")
        records.append({
            "id": row["id"],
            "seq": row["seq"],
            "number": numbers.get(row["id"], 0),
            "valid": row["valid"],
            "players": list(players) if isinstance(players, list) else None,  # listed by the page
            "deals": row["deal_count"],
            "source": row.get("source", "replayed"),
            "errors": row["error_count"],
            "first_error": first_error,
            "received_at": row["received_at"],
            "withdrawn": row["withdrawn"],
            "withdrawn_at": row["withdrawn_at"],
            "replaced_by": row["replaced_by"],
            "replaces": row["replaces"],
            "table": row["table"],
            "round": row["round"],
        })
    ranking = standings.get("ranking", "points")
    players = ranked_players(standings)
    # Counted once: a tournament can hold tens of thousands of player names.
    ranks = Counter(p["rank"] for p in players)
    rows_shown = [{**p, "tied": ranks[p["rank"]] > 1} for p in players]
    return {
        "id": tid,
        "name": info["name"],
        "profile": info["profile"],
        "counts": info["counts"],
        "created_at": info["created_at"],
        "standings": rows_shown,
        "ranking": ranking,
        "ranked_by": standings.get("ranked_by", "points"),
        "numbers": numbers,
        "counted_records": standings["records"],
        "counted_deals": standings["deals"],
        "scored_deals": standings.get("deals_scored", 0),
        "duplicate": standings["duplicate"],
        "teams": standings.get("teams", []),
        "records": records,
        "has_meta": any(r["table"] is not None or r["round"] is not None for r in records),
        "table": table,
        "round": round_,
        "total": total,
        "show": show,
        "page": page,
        "pages": max(1, -(-total // PAGE_SIZE)),
        "audit": recent_audit(withdrawals.audit, store, tid),
        "csv_url": f"/v1/tournaments/{tid}/standings?format=csv",
        "json_url": f"/v1/tournaments/{tid}/standings",
        "audit_url": f"/v1/tournaments/{tid}/audit",
    }
