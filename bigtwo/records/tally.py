"""A record's contribution to its tournament's standings, kept beside it in the store.

``bigtwo.records.standings.compute`` reads every stored report: its cost follows what is
stored (a score sheet's report is 30 times its text). The store keeps instead, per record, the
little that standings add up (``tally``), computed once when the report is written; standings
are then a merge of these (``compute``), which gives exactly what ``standings.compute`` gives
for the same rows (tests/tournaments/test_tally.py checks it).

A tally is plain JSON: per player ``[name, played, won, points, scored]`` in seat order of
first appearance; the scoring name of each seat; the counted and scored deal counts; each
counted deal that has a deal code (only those can be boards of the duplicate comparison) as
``[code, deal, scored?, [score per seat]]``; per team ``[team, players, played, won, points]``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bigtwo.records import standings
from bigtwo.records.names import canonical_name


def tally(record: Mapping[str, Any], report: Mapping[str, Any]) -> dict[str, Any] | None:
    """The contribution of one stored record; None when it counts for nothing (invalid)."""
    if not report.get("valid") or not isinstance(report.get("totals"), list):
        return None
    row = {"id": "", "record": record, "report": report}
    names = standings.seat_names(record.get("players"), len(report["totals"]))
    players: dict[str, list[Any]] = {}
    coded: dict[int, list[Any]] = {}
    counted: dict[int, bool] = {}
    for r in standings.seat_results([row]):
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
                           "scored": sum(counted.values()), "coded": list(coded.values())}
    if teams:
        out["teams"] = list(teams.values())
    return out


def compute(rows: Iterable[tuple[str, Mapping[str, Any] | None]]) -> dict[str, Any]:
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
        "players": standings._ranked(list(players.values()), "points"),
        "duplicate": standings.duplicate(coded),
    }
    out["ranking"] = "match_points" if out["duplicate"]["boards"] else "points"
    if teams:
        ordered = sorted(teams.values(), key=lambda r: (-r["points"], r["team"].casefold(), r["team"]))
        ranked: list[dict[str, Any]] = []
        for i, row in enumerate(ordered):
            tied = i > 0 and ordered[i - 1]["points"] == row["points"]
            ranked.append({"rank": ranked[-1]["rank"] if tied else i + 1, **row})
        out["teams"] = ranked
    return out
