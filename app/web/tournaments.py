"""The tournament page's view model: standings, records with their verdicts, download link.

Everything is computed by the tournament service (``bigtwo.store.tournaments``) and
``bigtwo.records.standings``, the same code the JSON API answers with; this only arranges it."""

from __future__ import annotations

from collections import Counter
from typing import Any

PAGE_SIZE = 100
FILTERS = {"all": None, "invalid": False, "valid": True}


def _messages(error: dict[str, Any]) -> dict[str, str] | None:
    from app.web.present import messages_by_language

    try:
        return messages_by_language(error)
    except (KeyError, TypeError, ValueError):  # a row from an older engine: keep its text
        return None


def tournament_view(store: Any, tid: str, show: str, page: int = 1) -> dict[str, Any] | None:
    from bigtwo.store import tournaments as service

    if store.get_tournament(tid) is None:
        return None
    info = service.get(store, tid)
    standings = service.compute_standings(store, tid)  # refreshes stale reports first
    show = show if show in FILTERS else "all"
    # Past the last page shows the last page (page numbers are checked in app.params).
    last = max(1, -(-store.list_records(tid, valid=FILTERS[show], limit=0)[1] // PAGE_SIZE))
    page = min(max(1, page), last)
    rows, total = store.list_records(tid, valid=FILTERS[show], limit=PAGE_SIZE,
                                     offset=(page - 1) * PAGE_SIZE)
    records = []
    for row in rows:
        first_error = None
        if not row["valid"]:
            full = store.get_record(row["id"])
            errors = (full or {}).get("report", {}).get("errors", [])
            if errors:
                # stored reports are in English: the page words the message in its language
                first_error = {"code": errors[0]["code"], "message": errors[0].get("message", ""),
                               "messages": _messages(errors[0])}
        players = row.get("players")
        records.append({
            "id": row["id"],
            "seq": row["seq"],
            "valid": row["valid"],
            "players": ", ".join(players) if isinstance(players, list) else None,
            "deals": row["deal_count"],
            "source": row.get("source", "replayed"),
            "errors": row["error_count"],
            "first_error": first_error,
            "received_at": row["received_at"],
        })
    players = standings["players"]
    # Counted once: a tournament can hold tens of thousands of player names.
    ranks = Counter(p["rank"] for p in players)
    table = [{**p, "tied": ranks[p["rank"]] > 1} for p in players]
    return {
        "id": tid,
        "name": info["name"],
        "profile": info["profile"],
        "counts": info["counts"],
        "created_at": info["created_at"],
        "standings": table,
        "counted_records": standings["records"],
        "counted_deals": standings["deals"],
        "scored_deals": standings.get("deals_scored", 0),
        "duplicate": standings["duplicate"],
        "teams": standings.get("teams", []),
        "records": records,
        "total": total,
        "show": show,
        "page": page,
        "pages": max(1, -(-total // PAGE_SIZE)),
        "csv_url": f"/v1/tournaments/{tid}/standings?format=csv",
        "json_url": f"/v1/tournaments/{tid}/standings",
    }
