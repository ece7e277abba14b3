"""Season use cases shared by the HTTP API and the ``bigtwo season`` CLI.

Like tournaments' (``bigtwo.store.tournaments``), a season's failures carry an HTTP status:
they are ``SeasonError`` values (``bigtwo.store.errors``). Standings are computed from the
attached tournaments' stored tallies, so a record withdrawn or replaced, a tournament
detached or an alias declared changes them at the next read. What is computed is cached twice: per attached tournament (the rating state after
it and its ranking, under a key over every night before it, so adding a night rates that night
only), and the whole answer, under the key of the last night and the points table.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bigtwo import limits
from bigtwo.formats.csvdialect import DEFAULT_DELIMITER, DELIMITERS
from bigtwo.league import season_table
from bigtwo.league.draws import Draw, DrawError, Known, draw
from bigtwo.league.standings import UTF8_BOM
from bigtwo.records.name_rules import name_problem
from bigtwo.records.names import canonical_name
from bigtwo.reports.shape_words import shape_problem
from bigtwo.rules.problems import Problem, join
from bigtwo.rules.profiles import ProfileResolver
from bigtwo.store.db import Store
from bigtwo.store.errors import SeasonError
from bigtwo.store.faults import best_effort
from bigtwo.store.labels import label
from bigtwo.store.quotas import QuotaExceeded
from bigtwo.store.repositories.seasons import AliasRefused
from bigtwo.store.tournaments import bearer_token, page_bounds, paged

DEFAULT_PER_PAGE = 50


def _points_problems(points: Any) -> list[Problem]:
    if (not isinstance(points, list) or not 1 <= len(points) <= limits.MAX_SEASON_PLACES
            or not all(isinstance(p, int) and not isinstance(p, bool)
                       and abs(p) <= limits.MAX_PLACE_POINTS for p in points)):
        return [Problem("/points_by_place", f"a list of 1 to {limits.MAX_SEASON_PLACES} "
                        f"whole numbers (points for 1st, 2nd, ...) of at most "
                        f"{limits.MAX_PLACE_POINTS} either way")]
    return []


def points_view(points: Any) -> dict[str, Any]:
    """How the API shows a points table: ``points_table`` "ema" with an empty list, or
    "by_place" with the list."""
    if points == season_table.EMA:
        return {"points_table": season_table.EMA, "points_by_place": []}
    return {"points_table": "by_place", "points_by_place": list(points)}


def create(store: Store, body: Any) -> dict[str, str]:
    """``{"name", "profile"?, "points_by_place"?}`` -> ``{"id", "token"}``. Without a
    profile the season takes tournaments of any profile; without points by place it scores
    EMA base points."""
    if not isinstance(body, dict):
        raise SeasonError.unprocessable([Problem("", 'send {"name": ...}')], "a season needs a name")
    problems = [Problem(join("", k), "unknown field") for k in body
                if k not in ("name", "profile", "points_by_place")]
    name = body.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > limits.MAX_TOURNAMENT_NAME_LENGTH:
        problems.append(Problem("/name", f"must be a name of 1 to {limits.MAX_TOURNAMENT_NAME_LENGTH} characters"))
    points = body.get("points_by_place", season_table.EMA)
    if "points_by_place" in body:
        problems.extend(_points_problems(points))
    profile = None
    if body.get("profile") is not None:
        if not isinstance(body["profile"], str):
            problems.append(Problem("/profile", "a preset id or a stored profile id"))
        else:
            profile, profile_problems = store.profiles.resolver().resolve(body["profile"], "/profile")
            problems.extend(profile_problems)
    if problems or not isinstance(name, str):
        raise SeasonError.unprocessable(problems, "the season cannot be created")
    try:
        season_id, token = store.seasons.create(
            name.strip(), profile.id if profile else None, profile.hash if profile else None,
            points)
    except QuotaExceeded as exc:
        raise SeasonError.over_quota(exc) from exc
    return {"id": season_id, "token": token}


def _found(store: Store, season_id: str) -> dict[str, Any]:
    found = store.seasons.get(season_id)
    if found is None:
        raise SeasonError.not_found("season", season_id)
    return found


def get(store: Store, season_id: str) -> dict[str, Any]:
    """The public view: name, profile, points table, the attached tournaments and aliases."""
    found = _found(store, season_id)
    return {"id": found["id"], "name": found["name"], "profile": found["profile_id"],
            **points_view(found["points"]), "created_at": found["created_at"],
            "tournaments": [{"id": t["id"], "name": t["name"], "attached_at": t["attached_at"]}
                            for t in store.seasons.attached(season_id)],
            "aliases": _pairs(store.seasons.aliases(season_id))}


def _pairs(aliases: Mapping[str, str]) -> list[dict[str, str]]:
    return [{"alias": a, "player": p} for a, p in aliases.items()]


def list_seasons(store: Store, page: int = 1, per_page: int = DEFAULT_PER_PAGE) -> dict[str, Any]:
    limit, offset = page_bounds(page, per_page)
    rows, total = store.seasons.page(limit, offset)
    return {**paged(page, per_page, total),
            "seasons": [{"id": r["id"], "name": r["name"], "profile": r["profile_id"],
                         "created_at": r["created_at"], "tournaments": r["tournaments"]}
                        for r in rows]}


def authorize(store: Store, season_id: str, authorization: str | None) -> str:
    """The season's token, when ``authorization`` is ``Bearer <it>``; else 404/401/403."""
    _found(store, season_id)
    return bearer_token(authorization, "season",
                        lambda token: store.seasons.token_matches(season_id, token))


def _by(by: Any) -> str | None:
    return label(by, "by", limits.MAX_ORGANISER_LABEL_LENGTH, "/by")


def attach(store: Store, season_id: str, body: Any, authorization: str | None) -> dict[str, Any]:
    """``{"tournament": id, "by"?}``: attach it after the others (idempotent)."""
    token = authorize(store, season_id, authorization)
    if not isinstance(body, dict) or not isinstance(body.get("tournament"), str):
        raise SeasonError.unprocessable([Problem("/tournament", "a tournament id")], "nothing was attached")
    tournament_id = body["tournament"]
    tournament = store.tournaments.get(tournament_id)
    if tournament is None:
        raise SeasonError.unprocessable([Problem("/tournament", f"no tournament with id {tournament_id!r}")],
                            "nothing was attached")
    season = _found(store, season_id)
    if season["profile_hash"] and tournament["profile_hash"] != season["profile_hash"]:
        raise SeasonError.conflict(f"this season plays {season['profile_id']!r}; "
                                   f"tournament {tournament_id!r} plays "
                                   f"{tournament['profile_id']!r}; nothing was attached",
                                   kind="profile-mismatch")
    try:
        created = store.seasons.attach(season_id, tournament_id, token=token, by=_by(body.get("by")))
    except QuotaExceeded as exc:
        raise SeasonError.over_quota(exc) from exc
    return {"season": season_id, "tournament": tournament_id, "attached": created}


def detach(store: Store, season_id: str, tournament_id: str, authorization: str | None,
           by: Any = None) -> dict[str, Any]:
    token = authorize(store, season_id, authorization)
    if not store.seasons.detach(season_id, tournament_id, token=token, by=_by(by)):
        raise SeasonError.not_found("tournament attached to this season", tournament_id)
    return {"season": season_id, "tournament": tournament_id, "attached": False}


def _name(value: Any, pointer: str) -> str:
    """A name as a record's players are checked (``bigtwo.records.name_rules``), canonical."""
    if not isinstance(value, str) or not 0 < len(value) <= limits.MAX_NAME_LENGTH:
        raise SeasonError.unprocessable([shape_problem(pointer, "name_length", n=limits.MAX_NAME_LENGTH)],
                            "nothing was changed")
    problem = name_problem(pointer, value)
    if problem is not None:
        raise SeasonError.unprocessable([problem], "nothing was changed")
    return canonical_name(value)


def alias(store: Store, season_id: str, body: Any, authorization: str | None) -> dict[str, Any]:
    """``{"alias": "Benjamin", "player": "Ben", "by"?}`` declares that the name ``alias``
    stands for ``player``; ``"player": null`` undoes it. Aliases do not chain: ``player``
    may not itself be an alias, nor ``alias`` a name others stand for."""
    token = authorize(store, season_id, authorization)
    if not isinstance(body, dict):
        raise SeasonError.unprocessable([Problem("", 'send {"alias": ..., "player": ...}')],
                            "nothing was changed")
    name = _name(body.get("alias"), "/alias")
    player = None if body.get("player") is None else _name(body["player"], "/player")
    by = _by(body.get("by"))
    try:
        store.seasons.set_alias(season_id, name, player, token=token, by=by)
    except QuotaExceeded as exc:
        raise SeasonError.over_quota(exc) from exc
    except AliasRefused as exc:
        if exc.reason == "missing":
            raise SeasonError.not_found("alias", name) from exc
        raise SeasonError.conflict(f"{name!r} -> {player!r} would make a chain of aliases; "
                                   "undo the other first", kind="alias-chain") from exc
    return {"season": season_id, "aliases": _pairs(store.seasons.aliases(season_id))}


def audit(store: Store, season_id: str, page: int = 1,
          per_page: int = DEFAULT_PER_PAGE) -> dict[str, Any]:
    _found(store, season_id)
    limit, offset = page_bounds(page, per_page)
    rows, total = store.seasons.audit_page(season_id, limit, offset)
    return {"season": season_id, **paged(page, per_page, total), "entries": rows}


# --- standings ----------------------------------------------------------------------------------
LIMIT_BUDGET = -1  # rate at most limits.SEASON_REFRESH_RECORDS records (read when called)


@dataclass
class _Season:
    key: str
    state: season_table.RatingState
    rankings: list[Any]
    ids: list[str]  # the nights counted, in order
    fresh: list[tuple[str, Any]]  # nights computed now, to cache from position `start` on
    start: int
    stale: bool  # the cache holds nights that are no longer there
    rated: int = 0  # records rated by this request
    pending: int = 0  # records of the nights left for a later request
    tables: list[tuple[str, str, Any]] = field(default_factory=list)  # nights' tables, to keep


def _nights(store: Store, season_id: str, aliases: Mapping[str, str],
            budget: int | None = None) -> _Season:
    """The last night's key, the rating state after every night, each night's places and the
    tournament ids, resuming from the cached nights up to the first that changed. With a
    ``budget``, the nights rated stop before the one that would take the records rated past
    it (the first is always rated): the answer counts the nights before, and ``pending`` the
    records of the others."""
    attached = store.seasons.attached(season_id)
    cached = store.seasons.nights(season_id)
    sizes = store.seasons.counted_records([t["id"] for t in attached]) if budget is not None \
        else {}
    key, state, rankings, fresh, start = "", season_table.RatingState(), [], [], None
    rated = pending = 0
    tables: list[tuple[str, str, Any]] = []
    counted: int | None = None  # the nights counted, once the budget stops the rating
    for i, tournament in enumerate(attached):
        size = sizes.get(tournament["id"], 0)
        if counted is not None:
            pending += size
            continue
        key = season_table.night_key(key, tournament["id"], tournament["revision"], aliases)
        if start is None and i < len(cached) and cached[i][0] == key:
            body = cached[i][1]
            state = season_table.RatingState({k: (v[0], v[1]) for k, v in body["ratings"].items()},
                                       [*state.history, {k: (v[0], v[1])
                                                         for k, v in body["night"].items()}])
            rankings.append(body["places"])
            continue
        if budget is not None and rated + size > budget and (rated or not budget):
            counted, pending = i, size
            continue
        start = i if start is None else start
        # A night whose tournament and aliases did not change is rated again from its kept
        # tables (a night before it changed): its tallies are not read again.
        content = season_table.content_key(tournament["id"], tournament["revision"], aliases,
                                     tournament["ranked_by"])
        kept = store.seasons.night_tables(season_id, tournament["id"], content)
        if kept is None:
            tallies = tuple(t for _, t in store.tournaments.tallies(tournament["id"]) if t)
            night = season_table.Night(tournament["id"], tallies, tournament["ranked_by"])
            kept = {"tables": season_table.night_tables(night, aliases),
                    "places": [list(p) for p in season_table.places(night, aliases)]}
            tables.append((tournament["id"], content, kept))
        rated += len(kept["tables"])
        state = season_table.rate_tables(state, kept["tables"])
        places = kept["places"]
        rankings.append(places)
        fresh.append((key, {"ratings": state.ratings, "night": state.history[-1],
                            "places": places}))
    if counted is None:
        counted = len(attached)
    # A night of no counted record still waits for its turn: "pending" is never 0 then.
    waiting = max(pending, 1) if counted < len(attached) else 0
    return _Season(key, state, rankings, [t["id"] for t in attached[:counted]], fresh,
                   counted if start is None else start,
                   len(cached) > counted and not waiting, rated, waiting, tables)


def _last_key(attached: list[dict[str, Any]], aliases: Mapping[str, str]) -> str:
    key = ""
    for tournament in attached:
        key = season_table.night_key(key, tournament["id"], tournament["revision"], aliases)
    return key


def standings(store: Store, season_id: str, refresh_budget: int | None = LIMIT_BUDGET) -> dict[str, Any]:
    """``standings_json`` decoded."""
    return dict(json.loads(standings_json(store, season_id, refresh_budget)))


def _pending(text: bytes, pending: int) -> bytes:
    return text.strip()[:-1] + b',"pending":%d}' % pending if pending else text


def standings_json(store: Store, season_id: str,
                   refresh_budget: int | None = LIMIT_BUDGET) -> bytes:
    """``{season, name, points_table, points_by_place, tournaments, players: [{rank, name,
    points, rating {mu, sigma, ordinal}, tournaments, deals}], ratings}``, by season points.
    A cached answer is found from the attached tournaments' revisions alone.

    Their cost is bounded per request: when they are out of date, one request at a time
    (under a lease in the store) rates the nights that changed, at most ``refresh_budget``
    records (``limits.SEASON_REFRESH_RECORDS``; None: all, for the CLI), and keeps them. Until
    every night is rated, requests answer the last standings known with ``"pending"``: the
    records still to rate (without any, the nights rated so far, which ``tournaments`` lists)."""
    if refresh_budget == LIMIT_BUDGET:
        refresh_budget = limits.SEASON_REFRESH_RECORDS
    season = _found(store, season_id)
    with store.snapshot():
        aliases = store.seasons.aliases(season_id)
        attached = store.seasons.attached(season_id)
        whole = json.dumps([_last_key(attached, aliases), season["points"], len(attached)])
        cached = store.seasons.cached_standings(season_id, whole)
    if cached is not None:
        return cached
    # A store that cannot be written gives no lease: the last known standings answer.
    owner = best_effort(lambda: store.seasons.take_lease(season_id, limits.SEASON_LEASE_SECONDS))
    if owner is None:
        last = store.seasons.last_standings(season_id)
        if last is not None:
            return _pending(last, _waiting(store, season_id, aliases, attached))
        refresh_budget = 0  # no lease and nothing known: the nights cached, none rated
    try:
        with store.snapshot():
            found = _nights(store, season_id, aliases, refresh_budget)
        if found.fresh or found.stale:
            best_effort(lambda: store.seasons.keep_nights(season_id, found.start, found.fresh))
        best_effort(lambda: store.seasons.keep_night_tables(season_id, found.tables))
    finally:
        if owner is not None:
            best_effort(lambda: store.seasons.release_lease(season_id, owner))
    if found.pending:
        last = store.seasons.last_standings(season_id)
        if last is not None:
            return _pending(last, found.pending)
    body = {"season": season_id, "name": season["name"], **points_view(season["points"]),
            "tournaments": found.ids, "rate_by": season_table.RATE_BY,
            # How each night (in the order of tournaments) ranked its players, which places
            # and so season points follow.
            "nights_ranked_by": [t["ranked_by"] for t in attached[:len(found.ids)]],
            "players": season_table.table_of(found.rankings, found.state, season["points"]),
            "ratings": season_table.ratings_table(found.state)}
    text = json.dumps(body, ensure_ascii=False).encode()
    if found.pending:
        return _pending(text, found.pending)
    best_effort(lambda: store.seasons.cache_standings(season_id, whole, text))
    return text


def _waiting(store: Store, season_id: str, aliases: Mapping[str, str],
             attached: list[dict[str, Any]]) -> int:
    """The records of the nights whose cached rating is out of date, read from the cached
    keys alone: what another request is rating."""
    cached = store.seasons.night_keys(season_id)
    key, first = "", len(attached)
    for i, tournament in enumerate(attached):
        key = season_table.night_key(key, tournament["id"], tournament["revision"], aliases)
        if i >= len(cached) or cached[i] != key:
            first = i
            break
    sizes = store.seasons.counted_records([t["id"] for t in attached[first:]])
    return max(1, sum(sizes.values()))


def standings_csv(body: Mapping[str, Any], delimiter: str = DELIMITERS[DEFAULT_DELIMITER]) -> str:
    """The season's table as CSV, with a byte-order mark first, as the tournament's
    (``standings.to_csv``): without it Excel opens ``Jörg`` as ``JÃ¶rg``."""
    buffer = io.StringIO()
    buffer.write(UTF8_BOM)
    writer = csv.writer(buffer, delimiter=delimiter, quoting=csv.QUOTE_NONNUMERIC,
                        lineterminator="\r\n")
    writer.writerows(season_table.csv_rows(body["players"]))
    return buffer.getvalue()


# --- draws ------------------------------------------------------------------------------------
def make_draw(resolver: ProfileResolver, body: Any, known: Known | None = None) -> Draw:
    """``{"profile", "players", "rounds", "seed", "previous"?, "sat_out"?}``: the tables
    (``bigtwo.league.draws``), seated as the profile's table size says; ``known``, the
    meetings a caller counted itself (a season's nights, ``bigtwo.store.season_draws``)."""
    if not isinstance(body, dict):
        raise SeasonError.unprocessable([Problem("", 'send {"profile", "players", "rounds", "seed"}')],
                            "no draw")
    problems = [Problem(join("", k), "unknown field") for k in body
                if k not in ("profile", "players", "rounds", "seed", "previous", "sat_out")]
    players = body.get("players")
    if (not isinstance(players, list) or len(players) > limits.MAX_DRAW_PLAYERS
            or not all(isinstance(p, str) and 0 < len(p) <= limits.MAX_NAME_LENGTH
                       for p in players)):
        problems.append(Problem("/players", f"a list of at most {limits.MAX_DRAW_PLAYERS} "
                                f"names of 1 to {limits.MAX_NAME_LENGTH} characters"))
    rounds, seed = body.get("rounds"), body.get("seed", 0)
    if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= limits.MAX_DRAW_ROUNDS:
        problems.append(Problem("/rounds", f"a whole number from 1 to {limits.MAX_DRAW_ROUNDS}"))
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        problems.append(Problem("/seed", "a whole number from 0 to 2**64 - 1"))
    previous = body.get("previous", [])
    if (not isinstance(previous, list) or len(previous) > limits.MAX_DRAW_PREVIOUS_TABLES
            or not all(_names_list(t) for t in previous)):
        problems.append(Problem("/previous", f"at most {limits.MAX_DRAW_PREVIOUS_TABLES} "
                                "tables, each a list of names"))
    elif sum(len(t) for t in previous) > limits.MAX_DRAW_PREVIOUS_NAMES:
        problems.append(Problem("/previous", f"at most {limits.MAX_DRAW_PREVIOUS_NAMES} names "
                                "across the previous tables (send only the tables of players "
                                "present)"))
    sat_out = body.get("sat_out", [])
    if not _names_list(sat_out) or len(sat_out) > limits.MAX_DRAW_PREVIOUS_TABLES:
        problems.append(Problem("/sat_out", "a list of names (one entry per sit-out)"))
    profile = None
    if not isinstance(body.get("profile"), (str, dict)):
        problems.append(Problem("/profile", "missing: a preset id, a stored profile id or a "
                                "declaration"))
    else:
        profile, profile_problems = resolver.resolve(body["profile"], "/profile")
        problems.extend(profile_problems)
    if problems or profile is None:
        raise SeasonError.unprocessable(problems, "no draw")
    try:
        return draw(players, profile.players, rounds, seed, previous, sat_out,  # type: ignore[arg-type]
                    known)
    except DrawError as exc:
        pointer = next((f"/{f}" for f in ("previous", "players") if f in exc.code), "/rounds")
        raise SeasonError.unprocessable([Problem(pointer, str(exc))], "no draw") from exc


def _names_list(value: Any) -> bool:
    return isinstance(value, list) and len(value) <= 64 and all(
        isinstance(p, str) and len(p) <= limits.MAX_NAME_LENGTH for p in value)
