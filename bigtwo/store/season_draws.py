"""A season's next draw: the seating draw (``bigtwo.league.draws``) for the players present,
counting every table already played in the season's attached nights, found by itself.

The tables are the nights' counted records (one record is one table's sitting), their names
resolved through the season's aliases, so "Benjamin" at night 2 has met whom Ben met. Only
pairs of players present are counted (``known_pairs``), so the cost follows the records'
seats, which the tournament quotas bound, and never the pairs of absent players.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from bigtwo import limits
from bigtwo.league import season_table
from bigtwo.league.draws import known_pairs
from bigtwo.league.tally import tally
from bigtwo.rules.problems import Problem, join
from bigtwo.store.db import Store
from bigtwo.store.errors import SeasonError
from bigtwo.store.seasons import make_draw, standings

FIELDS = ("players", "rounds", "seed", "profile", "sat_out")


def played_tables(store: Store, season_id: str,
                  aliases: Mapping[str, str]) -> list[list[str]]:
    """The tables already played in the season's nights, oldest first, each the names of
    its players as the season knows them (aliases resolved): the most recent
    ``MAX_SEASON_DRAW_TABLES``, which bounds what a draw with no token reads."""
    out: list[list[str]] = []
    for _, record, names in store.seasons.tables(season_id, limits.MAX_SEASON_DRAW_TABLES):
        if names is None:  # stored before tallies were: from the record itself
            full = store.tournaments.get_record(record)
            counted = None if full is None else tally(full["record"], full["report"])
            seated = [] if counted is None else list(counted["names"])
        else:
            seated = json.loads(names)
        out.append([season_table.resolve(n, aliases) for n in seated if isinstance(n, str)])
    return out


def form_tables(tables: list[list[str]]) -> list[list[str]]:
    """The most recent of ``tables`` that the draw's form takes (``MAX_DRAW_PREVIOUS_TABLES``
    tables, ``MAX_DRAW_PREVIOUS_NAMES`` names), in the order they were played."""
    kept: list[list[str]] = []
    names = 0
    for table in reversed(tables):
        if len(kept) == limits.MAX_DRAW_PREVIOUS_TABLES or (
                names + len(table) > limits.MAX_DRAW_PREVIOUS_NAMES):
            break
        kept.append(table)
        names += len(table)
    return kept[::-1]


def season_draw(store: Store, season_id: str, body: Any) -> dict[str, Any]:
    """``{"players"?, "rounds", "seed"?, "profile"?, "sat_out"?}``: the draw for the players
    present (default: every player of the season's table), at tables of the season's profile
    (or ``profile``, for a season of any profile), avoiding the pairs who already met in its
    nights. The draw's answer with ``season``, ``nights`` and ``tables`` (how many were
    counted)."""
    season = store.seasons.get(season_id)
    if season is None:
        raise SeasonError.not_found("season", season_id)
    if not isinstance(body, dict):
        raise SeasonError.unprocessable([Problem("", 'send {"rounds", "players"?, "seed"?}')], "no draw")
    unknown = [Problem(join("", k), "unknown field") for k in body if k not in FIELDS]
    profile = body.get("profile", season["profile_id"])
    if profile is None:
        unknown.append(Problem("/profile", "this season takes any profile: say which one the "
                               "night plays (its number of players is the table size)"))
    if unknown:
        raise SeasonError.unprocessable(unknown, "no draw")
    aliases = store.seasons.aliases(season_id)
    with store.snapshot():
        tables = played_tables(store, season_id, aliases)
        nights = len(store.seasons.attached(season_id))
    players = body.get("players")
    if players is None:
        players = [p["name"] for p in standings(store, season_id)["players"]]
    elif isinstance(players, list):
        players = [season_table.resolve(p, aliases) if isinstance(p, str) else p for p in players]
    request = {**{k: body[k] for k in ("rounds", "seed", "sat_out") if k in body},
               "profile": profile, "players": players}
    present = [p for p in players if isinstance(p, str)] if isinstance(players, list) else []
    known, _ = known_pairs(tables, present)
    made = make_draw(store.profiles.resolver(), request, known=known)
    return {"season": season_id, "nights": nights, "tables": len(tables), **made.as_json()}
