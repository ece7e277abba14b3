"""The season pages' view models: the season list, and a season's nights (attached
tournaments), standings, aliases, audit log, download links and rating chart.

Every figure is the season service's (``bigtwo.store.seasons``), the code the JSON API answers
with, read from its cache; this only arranges it for the templates.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from app.web.season_chart import season_chart
from app.web.tournaments import recent_audit
from app.web.words import Words
from bigtwo.league import season_table
from bigtwo.rules.profiles import ProfileResolver
from bigtwo.store import seasons
from bigtwo.store.season_draws import form_tables, played_tables

SEASONS_PER_PAGE = 50


def seasons_view(store: Any, resolver: ProfileResolver, page: int = 1) -> dict[str, Any]:
    first = seasons.list_seasons(store, 1, SEASONS_PER_PAGE)
    # Past the last page shows the last page (page numbers are checked in app.params).
    page = min(max(1, page), first["pages"])
    listed = first if page == 1 else seasons.list_seasons(store, page, SEASONS_PER_PAGE)
    return {**listed, "seasons": [{**s, "profile": profile_summary(resolver, s["profile"])}
                                  for s in listed["seasons"]]}


def profile_summary(resolver: ProfileResolver, profile_id: str | None) -> dict[str, Any] | None:
    """``{id, name}`` of a season's profile for the ``profile_label`` filter; None when the
    season takes any profile. A stored profile that is gone still shows its id."""
    if profile_id is None:
        return None
    profile, _ = resolver.resolve(profile_id)
    return profile.summary() if profile is not None else {"id": profile_id, "name": None}


def season_view(store: Any, resolver: ProfileResolver, sid: str,
                page_words: Words) -> dict[str, Any] | None:
    """Everything the season page shows, or None when there is no such season."""
    if store.seasons.get(sid) is None:
        return None
    info = seasons.get(store, sid)
    table = seasons.standings(store, sid)
    # A tournament deleted since it was attached is no longer among the nights.
    nights = [{**t, "n": n} for n, t in enumerate(info["tournaments"], start=1)]
    players = table["players"]
    ranks = Counter(p["rank"] for p in players)
    return {
        "id": sid,
        "name": info["name"],
        "profile": profile_summary(resolver, info["profile"]),
        "created_at": info["created_at"],
        "points_table": info["points_table"],
        "points_by_place": info["points_by_place"],
        "nights": nights,
        "standings": [{**p, "tied": ranks[p["rank"]] > 1} for p in players],
        "pending": table.get("pending", 0),
        "aliases": info["aliases"],
        "audit": recent_audit(seasons.audit, store, sid),
        "chart": season_chart(table["ratings"], nights, page_words),
        "ordinal_sigmas": season_table.ORDINAL_SIGMAS,
        "csv_url": f"/v1/seasons/{sid}/standings?format=csv",
        "json_url": f"/v1/seasons/{sid}/standings",
        "audit_url": f"/v1/seasons/{sid}/audit",
    }


def season_played(store: Any, sid: str) -> tuple[list[list[str]], int]:
    """The tables already played in the season's nights for the draw's form (the most recent
    the form takes, ``bigtwo.store.season_draws.form_tables``), and how many there are."""
    with store.snapshot():
        tables = played_tables(store, sid, store.seasons.aliases(sid))
    return form_tables(tables), len(tables)


def season_players(store: Any, sid: str) -> list[str] | None:
    """The season's players as its standings name them (best first), for the draw's form;
    None when there is no such season."""
    if store.seasons.get(sid) is None:
        return None
    return [p["name"] for p in seasons.standings(store, sid)["players"]]
