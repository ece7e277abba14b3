"""A record's contribution to its tournament's standings, kept beside it in the store.

``bigtwo.league.standings.compute`` reads every stored report: its cost follows what is
stored (a score sheet's report is 30 times its text). The store keeps instead, per record, the
little that standings add up (``tally``), computed once when the report is written; standings
are then a merge of these (``compute``), which gives exactly what ``standings.compute`` gives
for the same rows (tests/tournaments/test_tally.py checks it).

A tally is plain JSON: per player ``[name, played, won, points, scored]`` in seat order of
first appearance; the scoring name of each seat; the counted and scored deal counts; each
counted deal that has a deal code (only those can be boards of the duplicate comparison) as
``[code, deal, scored?, [score per seat]]``; per team ``[team, players, played, won, points]``;
and ``steps``, what the tournament chart draws (a point per counted deal) without reading the
report: ``[deal, counted, total per seat...]`` after each counted deal, ``counted`` deals so
far and each seat's total since the record's start. A record of more counted deals than a chart
shows (``limits.CHART_POINTS``) keeps that many steps, evenly spread, the last always kept:
the totals are running ones, so a step left out loses nothing of the ones kept, and a
10,000-deal sheet's tally stays a few kilobytes. A tally stored before ``steps`` existed draws
its record as one step.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bigtwo import limits
from bigtwo.league import standings
from bigtwo.records.names import canonical_name


def sample(count: int, most: int) -> list[int]:
    """Indexes of ``most`` points spread evenly over ``count``, the first and last included."""
    if count <= most:
        return list(range(count))
    if most < 2:
        return [count - 1]
    step = (count - 1) / (most - 1)
    return sorted({round(i * step) for i in range(most)})


def tally(record: Mapping[str, Any], report: Mapping[str, Any]) -> dict[str, Any] | None:
    """The contribution of one stored record; None when it counts for nothing (invalid)."""
    if not report.get("valid") or not isinstance(report.get("totals"), list):
        return None
    row = {"id": "", "record": record, "report": report}
    names = standings.seat_names(record.get("players"), len(report["totals"]))
    players: dict[str, list[Any]] = {}
    coded: dict[int, list[Any]] = {}
    counted: dict[int, bool] = {}
    steps: dict[int, list[int]] = {}
    for r in standings.seat_results([row]):
        steps.setdefault(r.deal, [r.deal]).append(r.score)
        entry = players.setdefault(r.player, [r.player, 0, 0, 0, 0])
        entry[1] += 1
        entry[2] += int(r.won)
        entry[3] += r.score
        entry[4] += r.source == "scored"
        counted[r.deal] = r.source == "scored"
        if r.deal_code is not None:
            deal = coded.setdefault(r.deal, [r.deal_code, r.deal, r.source == "scored", []])
            deal[3].append(r.score)
    teams: dict[str, list[Any]] = {}
    for t in standings.team_results([row]):
        entry = teams.setdefault(t.team, [t.team, list(t.players), 0, 0, 0])
        entry[2] += 1
        entry[3] += int(t.won)
        entry[4] += t.score
    out: dict[str, Any] = {"players": list(players.values()), "names": names,
                           "deals": len(counted),
                           "scored": sum(counted.values()), "coded": list(coded.values()),
                           "steps": _running_steps(list(steps.values()))}
    if teams:
        out["teams"] = list(teams.values())
    return out


def _running_steps(deals: list[list[int]]) -> list[list[int]]:
    """``[deal, counted, total per seat...]`` after the counted deals ``[deal, score...]``,
    at most ``limits.CHART_POINTS`` of them (see the module docstring)."""
    out: list[list[int]] = []
    totals: list[int] = []
    for counted, (deal, *scores) in enumerate(deals, start=1):
        totals = [t + s for t, s in zip(totals, scores, strict=True)] if totals else scores
        out.append([deal, counted, *totals])
    return [out[i] for i in sample(len(out), limits.CHART_POINTS)]


def compute(rows: Iterable[tuple[str, Mapping[str, Any] | None]],
            ranked_by: str = standings.PER_DEAL) -> dict[str, Any]:
    """Standings from ``(record id, tally)`` in upload order: ``standings.compute``'s answer."""
    players: dict[str, dict[str, Any]] = {}
    teams: dict[str, dict[str, Any]] = {}
    coded: list[standings.SeatResult] = []
    records = deals = scored = 0
    for rid, part in rows:
        if not part:
            continue
        records += part["deals"] > 0
        deals += part["deals"]
        scored += part["scored"]
        # A tally stored before names were compared as read may hold "Ben " beside "Ben".
        for raw, played, won, points, from_sheet in part["players"]:
            name = canonical_name(raw) or raw
            row = players.setdefault(name, {"player": name, "deals_played": 0, "deals_won": 0,
                                            "points": 0, "deals_scored": 0})
            row["deals_played"] += played
            row["deals_scored"] += from_sheet
            row["deals_won"] += won
            row["points"] += points
        names = [canonical_name(n) or n for n in part["names"]]
        for code, deal, from_sheet, scores in part["coded"]:
            source = "scored" if from_sheet else "replayed"
            coded.extend(standings.SeatResult(name, rid, deal, seat, score, False, code, source)
                         for seat, (score, name) in enumerate(zip(scores, names, strict=True)))
        for _, stored, played, won, points in part.get("teams", ()):
            members = sorted((canonical_name(m) or m for m in stored), key=str.casefold)
            team = " & ".join(members)
            row = teams.setdefault(team, {"team": team, "players": members,
                                          "deals_played": 0, "deals_won": 0, "points": 0})
            row["deals_played"] += played
            row["deals_won"] += won
            row["points"] += points
    out: dict[str, Any] = {
        "records": records,
        "deals": deals,
        "deals_scored": scored,
        "players": standings.ranked_by_points(list(players.values()), ranked_by),
        "duplicate": standings.duplicate(coded),
    }
    standings.mark(out, ranked_by)
    if teams:
        out["teams"] = standings.ranked_teams(list(teams.values()), ranked_by)
    return out
