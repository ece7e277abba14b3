"""Tournament standings and the duplicate comparison, computed from stored reports.

Pure: the input is what the store keeps per record (the submitted record and its report), the
output is plain data. Only deals that are ``complete`` or ``scored`` (a score sheet's row,
scored from its result) in a ``valid`` report count: an invalid record is flagged for a
referee, never scored. Each counted deal keeps its source, ``replayed`` or ``scored``, so a
reader sees which results rest on a checked move log and which on a score sheet.

Standings, per player name: deals played, deals won, points (the sum of that player's deal
scores under the tournament's profile) and points per deal played. Rank orders by points per
deal (``ranked_by`` "points_per_deal", the default) or, when the organiser chose it, by total
points (``ranked_by`` "points"), highest first; equal figures share a rank and the next rank
skips (1, 1, 3). Within a tie rows are listed by name. Per deal is the fair figure when tables
played different numbers of deals (a table of 5 deals against tables of 3 would otherwise
take the top places and the last by playing more); with equal deal counts it orders exactly
as totals do.

Names come from the record's ``players``; a record without names scores its seats as
``"seat 0"``, ``"seat 1"`` ... (seats are numbered from 0, as in records), so unnamed tables
pool by seat. A name that appears twice in one record is split into ``"<name> (seat n)"``
so one person can never be credited twice for one deal.

Duplicate comparison: a deal code played at two or more tables is a board. Everyone who held
the same cards (same code, same seat) is compared with the others who held them:
``match points = 2 x (opponents with a lower score) + 1 x (opponents with an equal score)``,
out of ``2 x (tables - 1)``. Per player, match points add up over boards, with the maximum
they could have reached and the percentage of it.

A duplicate event (at least one board) is ranked by match points where people read the
standings, on the page and in the CSV (``ranked_players``), with the points beside them; the
JSON keeps ``players`` ranked by points and ``duplicate.players`` by match points, and says
which ranking the table uses (``ranking``).
"""

from __future__ import annotations

import csv
import io
import re
from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from bigtwo.records.names import canonical_name
from bigtwo.rules import deals
from bigtwo.rules.codes import DealStatus

MATCH_POINTS_FORMULA = (
    "match points = 2 x (others at the same seat of the same deal code with a lower score) "
    "+ 1 x (those with an equal score); maximum 2 x (tables - 1)"
)
CSV_COLUMNS = ("rank", "player", "deals_played", "deals_won", "points", "match_points",
               "max_match_points", "deals_scored", "points_per_deal", "ranked_by")
PER_DEAL = "points_per_deal"
TOTAL = "points"
RANKED_BY = (PER_DEAL, TOTAL)  # a tournament's setting; PER_DEAL unless its organiser chose
COUNTED = {DealStatus.COMPLETE: "replayed", DealStatus.SCORED: "scored"}  # counted status -> source


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat of one counted deal."""

    player: str
    record: str
    deal: int
    seat: int
    score: int
    won: bool
    deal_code: str | None
    source: str = "replayed"  # replayed (a move log) or scored (a score sheet's result)


def seat_names(names: Any, seats: int) -> list[str]:
    """The scoring name of each seat (see the module docstring for the fallbacks)."""
    if not isinstance(names, list) or len(names) != seats or not all(isinstance(n, str) for n in names):
        return [f"seat {s}" for s in range(seats)]
    # One player however the name was typed (NFC, trimmed): a stored record keeps its bytes,
    # and is read as the same player as a newer one.
    names = [canonical_name(n) or n for n in names]
    out = []
    for seat, name in enumerate(names):
        out.append(f"{name} (seat {seat})" if names.count(name) > 1 else name)
    return out


def canonical_code(code: Any) -> str | None:
    """Spellings of one code (case, Crockford look-alikes) compare equal."""
    return deals.canonical_code(code)


def seat_results(rows: Iterable[Mapping[str, Any]]) -> list[SeatResult]:
    """Every seat of every counted deal. A row is ``{"id", "record", "report"}``."""
    out: list[SeatResult] = []
    for row in rows:
        report, record = row["report"], row["record"]
        if not report.get("valid"):
            continue
        seats = len(report["totals"])
        names = seat_names(record.get("players"), seats)
        raw_deals = record.get("deals") or []
        for deal in report["deals"]:
            source = COUNTED.get(deal["status"])
            if source is None or deal["scores"] is None:
                continue
            index = deal["index"]
            raw = raw_deals[index] if index < len(raw_deals) else {}
            code = canonical_code(raw.get("deal_code")) if isinstance(raw, dict) else None
            for seat in range(seats):
                out.append(SeatResult(names[seat], str(row["id"]), index, seat,
                                      int(deal["scores"][seat]), deal["winner"] == seat, code,
                                      source))
    return out


def _ranked(rows: list[dict[str, Any]], key: str) -> list[dict[str, Any]]:
    rows.sort(key=lambda r: (-r[key], r["player"].casefold(), r["player"]))
    for i, row in enumerate(rows):
        tied_above = i > 0 and rows[i - 1][key] == row[key]
        row["rank"] = rows[i - 1]["rank"] if tied_above else i + 1
    return [{"rank": r.pop("rank"), **r} for r in rows]


def per_deal(points: int, deals: int) -> float:
    """Points per deal played, as shown (two decimals); ranks compare the exact ratio."""
    return round(points / deals, 2) if deals else 0.0


def ranked_by_points(rows: list[dict[str, Any]], ranked_by: str = PER_DEAL) -> list[dict[str, Any]]:
    """Rows of ``points`` and ``deals_played`` with ``points_per_deal``, ranked as
    ``ranked_by`` says (see the module docstring). The exact ratio is compared, so 7/3 and
    14/6 tie and 2/3 never equals 0.67 by rounding."""
    for row in rows:
        row["points_per_deal"] = per_deal(row["points"], row["deals_played"])
    if ranked_by == TOTAL:
        return _ranked(rows, "points")
    for row in rows:
        row["_ratio"] = Fraction(row["points"], row["deals_played"] or 1)
    return [{k: v for k, v in r.items() if k != "_ratio"} for r in _ranked(rows, "_ratio")]


def table(results: Sequence[SeatResult], ranked_by: str = PER_DEAL) -> list[dict[str, Any]]:
    """``[{rank, player, deals_played, deals_won, points, deals_scored, points_per_deal}]``,
    best first as ``ranked_by`` says; ``deals_scored`` counts the deals among
    ``deals_played`` that came from score sheets."""
    totals: dict[str, dict[str, Any]] = {}
    for r in results:
        row = totals.setdefault(r.player, {"player": r.player, "deals_played": 0,
                                           "deals_won": 0, "points": 0, "deals_scored": 0})
        row["deals_played"] += 1
        row["deals_scored"] += r.source == "scored"
        row["deals_won"] += int(r.won)
        row["points"] += r.score
    return ranked_by_points(list(totals.values()), ranked_by)


def match_points(score: int, others: Iterable[int]) -> int:
    return sum(2 if score > other else 1 if score == other else 0 for other in others)


def duplicate(results: Sequence[SeatResult]) -> dict[str, Any]:
    """Boards (deal codes played at two or more tables) and match points per player."""
    tables: dict[str, dict[tuple[str, int], list[SeatResult]]] = defaultdict(dict)
    for r in results:
        if r.deal_code is not None:
            tables[r.deal_code].setdefault((r.record, r.deal), []).append(r)
    boards: list[dict[str, Any]] = []
    per_player: dict[str, dict[str, Any]] = {}
    for code in sorted(tables):
        plays = tables[code]
        if len(plays) < 2:
            continue
        best = 2 * (len(plays) - 1)
        by_seat: dict[int, list[SeatResult]] = defaultdict(list)
        for seat_list in plays.values():
            for r in seat_list:
                by_seat[r.seat].append(r)
        seats = []
        for seat in sorted(by_seat):
            held = by_seat[seat]
            # Counting lower and equal scores by bisection over the sorted scores keeps a board
            # played at many tables n log n; comparing every pair was quadratic.
            ordered = sorted(r.score for r in held)
            entries: list[dict[str, Any]] = []
            for r in held:
                lower = bisect_left(ordered, r.score)
                equal = bisect_right(ordered, r.score) - lower - 1  # everyone else with this score
                mp = 2 * lower + equal
                entries.append({"player": r.player, "record": r.record, "deal": r.deal,
                                "source": r.source, "score": r.score, "match_points": mp})
                total = per_player.setdefault(r.player, {"player": r.player, "boards": 0,
                                                         "match_points": 0, "max_points": 0})
                total["boards"] += 1
                total["match_points"] += mp
                total["max_points"] += best
            entries.sort(key=lambda e: (-e["match_points"], e["player"], e["record"], e["deal"]))
            seats.append({"seat": seat, "results": entries})
        boards.append({"deal_code": code, "tables": len(plays), "max_points": best,
                       "seats": seats})
    players = _ranked(list(per_player.values()), "match_points")
    for row in players:
        row["percent"] = round(100 * row["match_points"] / row["max_points"], 1)
    return {"formula": MATCH_POINTS_FORMULA, "boards": boards, "players": players}


@dataclass(frozen=True, slots=True)
class TeamResult:
    """One team (two partners opposite each other) in one counted deal of a team profile."""

    team: str  # the partners' names in seat order, joined by " & "
    players: tuple[str, ...]
    score: int
    won: bool


def team_results(rows: Iterable[Mapping[str, Any]]) -> list[TeamResult]:
    """Every team of every counted deal whose report has ``team_scores`` (profiles with
    ``teams``). The partners are the seats of one team in the profile's ``teams``: 0 and 2,
    1 and 3; a team is known by its two names, so the same pair at another table (either
    seat order) pools, and a player with another partner is another team."""
    out: list[TeamResult] = []
    for row in rows:
        report, record = row["report"], row["record"]
        if not report.get("valid") or report.get("team_totals") is None:
            continue
        names = seat_names(record.get("players"), len(report["totals"]))
        for deal in report["deals"]:
            team_scores = deal.get("team_scores")
            if deal["status"] not in COUNTED or team_scores is None or deal["scores"] is None:
                continue
            for team, score in enumerate(team_scores):
                seats = (team, team + 2)  # RULES: teams are [[0, 2], [1, 3]]
                players = tuple(sorted((names[s] for s in seats), key=str.casefold))
                out.append(TeamResult(" & ".join(players), players, int(score),
                                      deal["winner"] in seats))
    return out


def team_table(results: Sequence[TeamResult], ranked_by: str = PER_DEAL) -> list[dict[str, Any]]:
    """``[{rank, team, players, deals_played, deals_won, points, points_per_deal}]``, best
    first as ``ranked_by`` says; equal figures share a rank as players do."""
    totals: dict[str, dict[str, Any]] = {}
    for r in results:
        row = totals.setdefault(r.team, {"team": r.team, "players": list(r.players),
                                         "deals_played": 0, "deals_won": 0, "points": 0})
        row["deals_played"] += 1
        row["deals_won"] += int(r.won)
        row["points"] += r.score
    return ranked_teams(list(totals.values()), ranked_by)


def ranked_teams(rows: list[dict[str, Any]], ranked_by: str = PER_DEAL) -> list[dict[str, Any]]:
    """Team rows ranked as players are (``ranked_by_points``), listed by team name in a tie."""
    named = [{**r, "player": r["team"]} for r in rows]
    return [{k: v for k, v in r.items() if k != "player"}
            for r in ranked_by_points(named, ranked_by)]


def compute(rows: Iterable[Mapping[str, Any]], ranked_by: str = PER_DEAL) -> dict[str, Any]:
    """Standings from stored rows ``{"id", "record", "report"}`` (invalid ones are skipped).

    ``{"records": n, "deals": n, "players": [...], "duplicate": {...}, "ranked_by",
    "ranking"}``, and ``"teams"`` (``team_table``) when the reports are of a profile with
    teams. ``players`` are ranked as ``ranked_by`` says; ``ranking`` is what the page and the
    CSV rank by: match points in a duplicate event, else ``ranked_by``."""
    rows = list(rows)
    results = seat_results(rows)
    counted = {(r.record, r.deal): r.source for r in results}
    out: dict[str, Any] = {
        "records": len({r.record for r in results}),
        "deals": len(counted),
        "deals_scored": sum(source == "scored" for source in counted.values()),
        "players": table(results, ranked_by),
        "duplicate": duplicate(results),
    }
    mark(out, ranked_by)
    teams = team_results(rows)
    if teams:
        out["teams"] = team_table(teams, ranked_by)
    return out


def mark(out: dict[str, Any], ranked_by: str) -> None:
    out["ranked_by"] = ranked_by
    out["ranking"] = "match_points" if out["duplicate"]["boards"] else ranked_by


# What a spreadsheet may take for the start of a formula (the full-width forms too, which some
# normalise), and what may split one cell into several when a sheet is opened with another
# delimiter (";" is the German and Italian default, tab and "|" are common choices) or pasted.
FORMULA_STARTS = "=+-@\uff1d\uff0b\uff0d\uff20"
_SEGMENT_START = re.compile(r"(^|[,;\t\r\n|])([ \t\r\n\u00a0\u3000]*)(?=[" + FORMULA_STARTS + "])")


def neutralise(text: str) -> str:
    """A text cell no spreadsheet runs as a formula (CSV injection), however it splits it:
    an apostrophe goes before every segment that could start one, at the start of the cell
    and after every embedded separator, spaces skipped (``x;=cmd|' /C calc'!A0;`` becomes
    ``x;'=cmd|' /C calc'!A0;``); a cell starting with a tab or CR gets one too."""
    out = _SEGMENT_START.sub(lambda m: m.group(1) + m.group(2) + "'", text)
    if out[:1] in ("\t", "\r", "\n") and not out.lstrip(" \t\r\n\u00a0\u3000").startswith("'"):
        out = "'" + out
    return out


def _cell(value: Any) -> Any:
    return neutralise(value) if isinstance(value, str) else value


def ranked_players(standings: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The player table as people read it (the page, the CSV): every player with points and
    match points (``match_points``, ``max_match_points``, ``percent`` or None without a
    board), ranked by match points in a duplicate event (some board), else by points.
    A player who held no board has 0 match points and ranks after those who scored some."""
    duplicate_rows = {p["player"]: p for p in standings["duplicate"]["players"]}
    rows = []
    for row in standings["players"]:
        dup = duplicate_rows.get(row["player"])
        rows.append({**row, "deals_scored": row.get("deals_scored", 0),
                     "points_per_deal": row.get("points_per_deal",
                                                per_deal(row["points"], row["deals_played"])),
                     "match_points": dup["match_points"] if dup else 0,
                     "max_match_points": dup["max_points"] if dup else 0,
                     "percent": dup["percent"] if dup else None})
    if not standings["duplicate"]["boards"]:
        return rows
    return _ranked([{k: v for k, v in r.items() if k != "rank"} for r in rows], "match_points")


UTF8_BOM = "\ufeff"


def to_csv(standings: Mapping[str, Any], delimiter: str = ",") -> str:
    """The standings table as CSV (header row first), as ``ranked_players`` orders it: by
    match points in a duplicate event, with the points beside them. ``delimiter`` separates
    the cells (one of ``csvdialect.DELIMITERS``' values: a semicolon is what Excel expects in
    Germany and Italy). The text starts with a byte-order mark: Excel reads a CSV without one
    in the computer's legacy code page (``Jörg`` would open as ``JÃ¶rg``), and every other
    reader of UTF-8 skips it."""
    buffer = io.StringIO()
    buffer.write(UTF8_BOM)
    # Every text cell quoted (numbers are not), so no delimiter or line break inside a name
    # can split it; each text neutralised (``neutralise``).
    writer = csv.writer(buffer, lineterminator="\r\n", delimiter=delimiter,
                        quoting=csv.QUOTE_NONNUMERIC)
    writer.writerow(CSV_COLUMNS)
    ranked_by = standings.get("ranking", TOTAL)
    for row in ranked_players(standings):
        writer.writerow([row["rank"], _cell(row["player"]), row["deals_played"],
                         row["deals_won"], row["points"], row["match_points"],
                         row["max_match_points"], row["deals_scored"], row["points_per_deal"],
                         ranked_by])
    return buffer.getvalue()
