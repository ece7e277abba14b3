"""A season across club nights: ratings and the season's table, from the stored tallies.

Each attached tournament is a night. Its tallies (bigtwo/league/tally.py) come in upload
order, nights in the order they were attached, so one season always gives one answer.

Ratings are Weng-Lin (openskill's Plackett-Luce model), one update per counted record: a
record is one table's sitting, the unit a league rates (a mahjong hanchan, a bridge board
set), and its totals are what the table played for; rating every deal would weigh the luck
of single hands as heavily as a night's play and cost two orders of magnitude more updates.
The ranked result of a record is its players by points (the winner of most, then the others
by what they paid), ties sharing a place; under ``finish: placings`` the points already follow
the places. Teams are rated as teams. Nobody's rating moves on a night they did not play, so
a late joiner starts at the model's prior and is not marked down for nights missed.

Each night is ranked as its tournament ranks it (``ranked_by``): by points per deal played,
the default, so that a table that played more deals than the others takes no places by it;
or by total points, when its organiser chose that. Season points come from each night's
ranking through a points-by-place table (``EMA`` by
default: the European Mahjong Association's base points, 1000 for first to 0 for last,
evenly spaced; or a list of points per place). Tied places share the mean of their points.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

from bigtwo.league import standings, tally
from bigtwo.records.names import canonical_name

EMA = "ema"
EMA_FIRST = 1000
ORDINAL_SIGMAS = 3  # the ordinal a league lists: mu - 3 sigma
RATE_BY = "record"  # the one setting: what one rating update is (see the module's docstring)
# A night's places follow its tournament's ranked_by: nights cached before that are redone.
NIGHT_RANKING = "ranked_by"

_MODEL = PlackettLuce()


@dataclass(frozen=True)
class Night:
    """One attached tournament: its id and the tallies of its counted records, upload order."""

    tournament: str
    tallies: tuple[Mapping[str, Any], ...]
    ranked_by: str = standings.PER_DEAL


@dataclass
class RatingState:
    """Every rated player's (mu, sigma) after some nights, and the history per night."""

    ratings: dict[str, tuple[float, float]] = field(default_factory=dict)
    history: list[dict[str, tuple[float, float]]] = field(default_factory=list)

    def to_json(self) -> str:
        return json.dumps({"ratings": self.ratings, "history": self.history},
                          separators=(",", ":"), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> RatingState:
        data = json.loads(text)
        return cls({k: (v[0], v[1]) for k, v in data["ratings"].items()},
                   [{k: (v[0], v[1]) for k, v in night.items()} for night in data["history"]])


def resolve(name: str, aliases: Mapping[str, str]) -> str:
    """The player a name stands for: canonical, then through the organiser's aliases."""
    canonical = canonical_name(name)
    return aliases.get(canonical, canonical)


def renamed(part: Mapping[str, Any], aliases: Mapping[str, str]) -> dict[str, Any]:
    """A tally with every name resolved; two seats that turn out to be one player add up."""
    players: dict[str, list[Any]] = {}
    for name, played, won, points, scored in part["players"]:
        who = resolve(name, aliases)
        row = players.setdefault(who, [who, 0, 0, 0, 0])
        row[1] += played
        row[2] += won
        row[3] += points
        row[4] += scored
    out = {**part, "players": list(players.values()),
           "names": [resolve(n, aliases) for n in part["names"]]}
    if "teams" in part:
        out["teams"] = [[team, [resolve(m, aliases) for m in members], *rest]
                        for team, members, *rest in part["teams"]]
    return out


def _places(scores: Sequence[int]) -> list[int]:
    # Competition ranking: 1 + how many scored more; equal scores share the place.
    return [1 + sum(other > score for other in scores) for score in scores]


def _rate(state: RatingState, entrants: list[tuple[list[str], int]]) -> None:
    if len(entrants) < 2:
        return
    teams = [[_MODEL.rating(*state.ratings.get(p, (_MODEL.mu, _MODEL.sigma)))
              for p in members] for members, _ in entrants]
    rated = _MODEL.rate(teams, ranks=[float(p) for p in _places([s for _, s in entrants])])
    for (members, _), after in zip(entrants, rated, strict=True):
        for player, rating in zip(members, after, strict=True):
            state.ratings[player] = (rating.mu, rating.sigma)


def rate_night(state: RatingState, night: Night, aliases: Mapping[str, str]) -> RatingState:
    """The state after one more night: ``state`` is not changed, so a cached one can resume."""
    return rate_tables(state, night_tables(night, aliases))


def night_tables(night: Night, aliases: Mapping[str, str]) -> list[list[list[Any]]]:
    """What rating a night reads of it, per counted record in upload order: its entrants
    ``[members, points]`` (a player alone, or a team), names resolved. Plain JSON, so that a
    night whose tournament did not change is rated again from it, its tallies unread, when a
    night before it changed."""
    out: list[list[list[Any]]] = []
    for part in night.tallies:
        named = renamed(part, aliases)
        if named.get("teams"):
            out.append([[list(members), points] for _, members, _, _, points in named["teams"]])
        else:
            out.append([[[name], points] for name, _, _, points, _ in named["players"]])
    return out


def rate_tables(state: RatingState, tables: Sequence[Sequence[Sequence[Any]]]) -> RatingState:
    """``rate_night`` from the night's ``night_tables``."""
    after = RatingState(dict(state.ratings), list(state.history))
    played: set[str] = set()
    for table in tables:
        entrants = [(list(members), int(points)) for members, points in table]
        _rate(after, entrants)
        played.update(p for members, _ in entrants for p in members)
    after.history.append({p: after.ratings[p] for p in sorted(played) if p in after.ratings})
    return after


def content_key(tournament: str, revision: int, aliases: Mapping[str, str],
                ranked_by: str) -> str:
    """What a night's tables and places depend on: its tournament as stored, the aliases and
    how it ranks, and not the nights before it."""
    text = json.dumps([tournament, revision, sorted(aliases.items()), ranked_by, NIGHT_RANKING])
    return hashlib.sha256(text.encode()).hexdigest()


def night_key(previous: str, tournament: str, revision: int, aliases: Mapping[str, str]) -> str:
    """What a night's cached rating state depends on: every night before it (``previous``,
    the key of the one before), this tournament as stored (its revision) and the aliases."""
    text = json.dumps([previous, tournament, revision, RATE_BY, sorted(aliases.items()),
                       NIGHT_RANKING])
    return hashlib.sha256(text.encode()).hexdigest()


def rate(nights: Iterable[Night], aliases: Mapping[str, str]) -> RatingState:
    state = RatingState()
    for night in nights:
        state = rate_night(state, night, aliases)
    return state


def ordinal(mu: float, sigma: float) -> float:
    return mu - ORDINAL_SIGMAS * sigma


def place_points(table: str | Sequence[int], ranks: Sequence[int]) -> list[float]:
    """Season points for a night's ranks (1 = first; equal ranks tied): each tied group
    shares the mean of the points of the places it fills."""
    n = len(ranks)
    if table == EMA:
        by_place = [EMA_FIRST * (n - p) / (n - 1) if n > 1 else EMA_FIRST
                    for p in range(1, n + 1)]
    else:
        by_place = [float(table[p - 1]) if p <= len(table) else 0.0 for p in range(1, n + 1)]
    ties = Counter(ranks)
    shared = {rank: sum(by_place[rank - 1:rank - 1 + tied]) / tied for rank, tied in ties.items()}
    return [shared[rank] for rank in ranks]


def night_ranking(night: Night, aliases: Mapping[str, str]) -> list[dict[str, Any]]:
    """The night's player table as its tournament ranks it (match points in a duplicate
    event, else its ``ranked_by``: points per deal, or total points), names resolved."""
    rows = [(str(i), renamed(part, aliases)) for i, part in enumerate(night.tallies)]
    return standings.ranked_players(tally.compute(rows, night.ranked_by))


def places(night: Night, aliases: Mapping[str, str]) -> list[tuple[str, int, int]]:
    """``(player, rank, deals played)`` of the night's ranking, best first."""
    return [(r["player"], r["rank"], r["deals_played"]) for r in night_ranking(night, aliases)]


def table(nights: Sequence[Night], aliases: Mapping[str, str], state: RatingState,
          points: str | Sequence[int] = EMA) -> list[dict[str, Any]]:
    """The season's standings: per player ``name, rank, points, tournaments, deals`` and
    ``rating {mu, sigma, ordinal}``, by season points, then ordinal, then name."""
    return table_of([places(n, aliases) for n in nights], state, points)


def table_of(rankings: Iterable[Sequence[Sequence[Any]]], state: RatingState,
             points: str | Sequence[int] = EMA) -> list[dict[str, Any]]:
    """``table`` from each night's ``places`` (as cached)."""
    rows: dict[str, dict[str, Any]] = {}
    for ranking in rankings:
        earned = place_points(points, [rank for _, rank, _ in ranking])
        for (name, _, deals), score in zip(ranking, earned, strict=True):
            entry = rows.setdefault(name, {"name": name, "points": 0.0, "tournaments": 0,
                                           "deals": 0})
            entry["points"] += score
            entry["tournaments"] += 1
            entry["deals"] += deals
    for entry in rows.values():
        mu, sigma = state.ratings.get(entry["name"], (_MODEL.mu, _MODEL.sigma))
        entry["points"] = round(entry["points"], 2)
        entry["rating"] = {"mu": round(mu, 3), "sigma": round(sigma, 3),
                           "ordinal": round(ordinal(mu, sigma), 3)}
    ordered = sorted(rows.values(), key=lambda r: (-r["points"], -r["rating"]["ordinal"],
                                                   r["name"].casefold(), r["name"]))
    # Equal season points share a rank (1, 2, 2, 4), as a night's table does; the ordinal
    # only orders the rows within the tie, so that the page reads best-rated first.
    for i, row in enumerate(ordered):
        tied = i > 0 and ordered[i - 1]["points"] == row["points"]
        row["rank"] = ordered[i - 1]["rank"] if tied else i + 1
    return [{"rank": r["rank"], "name": r["name"], "points": r["points"], "rating": r["rating"],
             "tournaments": r["tournaments"], "deals": r["deals"]} for r in ordered]


def ratings_table(state: RatingState) -> list[dict[str, Any]]:
    """Every rated player by ordinal, each with the history of (mu, sigma, ordinal) after
    every night they played (``night`` counts from 1)."""
    out: list[dict[str, Any]] = []
    for name, (mu, sigma) in state.ratings.items():
        history = [{"night": i + 1, "mu": round(m, 3), "sigma": round(s, 3),
                    "ordinal": round(ordinal(m, s), 3)}
                   for i, night in enumerate(state.history) if name in night
                   for m, s in [night[name]]]
        out.append({"name": name, "mu": round(mu, 3), "sigma": round(sigma, 3),
                    "ordinal": round(ordinal(mu, sigma), 3), "history": history})
    out.sort(key=lambda r: (-r["ordinal"], r["name"].casefold(), r["name"]))
    return out


CSV_COLUMNS = ("rank", "name", "points", "mu", "sigma", "ordinal", "tournaments", "deals")


def csv_rows(rows: Iterable[Mapping[str, Any]]) -> list[list[Any]]:
    """The standings as CSV cells (header first), every name neutralised against formulas."""
    out: list[list[Any]] = [list(CSV_COLUMNS)]
    for r in rows:
        out.append([r["rank"], standings.neutralise(r["name"]), r["points"], r["rating"]["mu"],
                    r["rating"]["sigma"], r["rating"]["ordinal"], r["tournaments"], r["deals"]])
    return out
