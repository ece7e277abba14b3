"""Standings and the duplicate comparison: the pure core, then over HTTP (JSON and CSV)."""

from __future__ import annotations

import csv
import io
import sys
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bigtwo.league import standings
from tests.tournaments.conftest import Tournament
from tests.tournaments.helpers import NAMES, broken, coded_record


def deal(scores: list[int], winner: int | None, status: str = "complete", index: int = 0) -> dict[str, Any]:
    return {"index": index, "status": status, "winner": winner,
            "scores": scores if status == "complete" else None}


def row(rid: str, deals: list[dict[str, Any]], players: Any = None, codes: list[str] | None = None,
        valid: bool = True) -> dict[str, Any]:
    record: dict[str, Any] = {"deals": [{"deal_code": c} if c else {} for c in
                                        (codes or [None] * len(deals))]}
    if players is not None:
        record["players"] = players
    seats = len(deals[0]["scores"] or [0, 0, 0, 0])
    return {"id": rid, "record": record,
            "report": {"valid": valid, "deals": deals, "totals": [0] * seats}}


def by_player(result: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {r["player"]: r for r in result["players"]}


# --- the table --------------------------------------------------------------------------------
def test_points_sum_deal_scores_and_ties_share_a_rank() -> None:
    rows = [
        row("r1", [deal([10, -5, -3, -2], 0), deal([-4, 9, -4, -1], 1, index=1)],
            ["Ana", "Ben", "Cai", "Dee"]),
        row("r2", [deal([-2, -1, 3, 0], 2)], ["Ana", "Ben", "Eve", "Fay"]),
    ]
    result = standings.compute(rows, standings.TOTAL)
    assert [(r["rank"], r["player"], r["points"]) for r in result["players"]] == [
        (1, "Ana", 4), (2, "Ben", 3), (2, "Eve", 3), (4, "Fay", 0), (5, "Dee", -3), (6, "Cai", -7)]
    # By default, per deal played: Eve's 3 in one deal beats Ana's 4 in three.
    fair = standings.compute(rows)
    assert fair["ranked_by"] == fair["ranking"] == "points_per_deal"
    assert [(r["rank"], r["player"], r["points_per_deal"]) for r in fair["players"]] == [
        (1, "Eve", 3.0), (2, "Ana", 1.33), (3, "Ben", 1.0), (4, "Fay", 0.0), (5, "Dee", -1.5),
        (6, "Cai", -3.5)]
    result = fair
    ana = by_player(result)["Ana"]
    assert (ana["deals_played"], ana["deals_won"]) == (3, 1)
    assert (result["records"], result["deals"]) == (2, 3)


def test_three_way_tie_then_skip() -> None:
    result = standings.compute([row("r", [deal([2, 2, 2, -6], 0)], ["C", "A", "B", "D"])])
    assert [(r["rank"], r["player"]) for r in result["players"]] == [
        (1, "A"), (1, "B"), (1, "C"), (4, "D")]


def test_only_complete_deals_of_valid_records_count() -> None:
    rows = [
        row("ok", [deal([5, -5, 0, 0], 0), deal([0, 0, 0, 0], None, status="incomplete", index=1)],
            NAMES),
        row("bad", [deal([100, -100, 0, 0], 0)], NAMES, valid=False),
        row("nc", [deal([0, 0, 0, 0], None, status="not_checked")], NAMES),
    ]
    result = standings.compute(rows)
    ana = by_player(result)["Ana"]
    assert (ana["points"], ana["deals_played"]) == (5, 1)
    assert result["records"] == 1 and result["deals"] == 1


def test_unnamed_seats_get_stable_fallback_names() -> None:
    rows = [row("r1", [deal([3, -1, -1, -1], 0)]), row("r2", [deal([-2, 6, -2, -2], 1)])]
    result = standings.compute(rows)
    assert {r["player"] for r in result["players"]} == {"seat 0", "seat 1", "seat 2", "seat 3"}
    assert by_player(result)["seat 1"]["points"] == 5
    # Names of the wrong length cannot be matched to seats either.
    assert standings.seat_names(["Ana"], 4) == ["seat 0", "seat 1", "seat 2", "seat 3"]


def test_a_name_twice_in_one_record_is_split_by_seat() -> None:
    result = standings.compute([row("r", [deal([3, -1, -1, -1], 0)], ["Al", "Al", "Bo", "Cy"])])
    assert {"Al (seat 0)", "Al (seat 1)"} <= set(by_player(result))


# --- the duplicate comparison -----------------------------------------------------------------
def test_match_points_two_per_opponent_beaten_one_per_tie() -> None:
    code = "B2-4-13-1Z3K9"
    rows = [
        row("t1", [deal([6, -2, -2, -2], 0)], ["A1", "B1", "C1", "D1"], [code]),
        row("t2", [deal([-1, 4, -1, -2], 1)], ["A2", "B2", "C2", "D2"], [code]),
        row("t3", [deal([6, -3, -1, -2], 0)], ["A3", "B3", "C3", "D3"], [code]),
        row("solo", [deal([1, -1, 0, 0], 0)], ["A4", "B4", "C4", "D4"], ["B2-4-13-0"]),
    ]
    dup = standings.compute(rows)["duplicate"]
    [board] = dup["boards"]  # a code played at one table only is no board
    assert (board["deal_code"], board["tables"], board["max_points"]) == (code, 3, 4)
    seat0 = {e["player"]: e["match_points"] for e in board["seats"][0]["results"]}
    assert seat0 == {"A1": 3, "A3": 3, "A2": 0}  # 6 ties 6 and beats -1
    seat2 = {e["player"]: e["match_points"] for e in board["seats"][2]["results"]}
    assert seat2 == {"C1": 0, "C2": 3, "C3": 3}  # -1 ties -1, both beat -2
    seat3 = {e["player"]: e["match_points"] for e in board["seats"][3]["results"]}
    assert seat3 == {"D1": 2, "D2": 2, "D3": 2}  # all equal
    players = {p["player"]: p for p in dup["players"]}
    assert players["B2"] == {"rank": 1, "player": "B2", "boards": 1, "match_points": 4,
                             "max_points": 4, "percent": 100.0}
    assert "A4" not in players


def test_code_spellings_are_one_board() -> None:
    rows = [row("a", [deal([1, -1, 0, 0], 0)], NAMES, ["b2-4-13-1z3k9"]),
            row("b", [deal([2, -2, 0, 0], 0)], NAMES, ["B2-4-13-1Z3K9"])]
    assert [b["deal_code"] for b in standings.compute(rows)["duplicate"]["boards"]] == ["B2-4-13-1Z3K9"]


def test_csv_has_a_header_and_one_row_per_player() -> None:
    code = "B2-4-13-0"
    rows = [row("t1", [deal([6, -2, -2, -2], 0)], ["=cmd()", "Ben", "Cai", "Dee"], [code]),
            row("t2", [deal([-3, 5, -1, -1], 1)], ["Ana", "Ben", "Cai", "Dee"], [code])]
    text = standings.to_csv(standings.compute(rows))
    parsed = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))
    assert parsed[0] == list(standings.CSV_COLUMNS)
    assert len(parsed) == 1 + 5
    by_name = {r[1]: r for r in parsed[1:]}
    assert "'=cmd()" in by_name  # a formula-looking name is defused for spreadsheets
    assert by_name["Ben"][2:] == ["2", "1", "3", "2", "4", "0", "1.5", "match_points"]


# --- over HTTP ----------------------------------------------------------------------------------
def test_standings_over_http_with_a_duplicate_board(tournament: Tournament) -> None:
    code = "B2-4-13-1Z3K9"
    table1 = coded_record(code, seed=1, names=["Ana", "Ben", "Cai", "Dee"])
    table2 = coded_record(code, seed=2, names=["Eve", "Fay", "Gus", "Hal"])
    cheat = broken(coded_record(code, seed=3, names=["Ivy", "Jon", "Kim", "Lou"]))
    results = tournament.upload({"records": [table1, table2, cheat]}).get_json()["results"]
    reports = [tournament.client.get(f"/v1/records/{r['id']}").get_json()["report"]
               for r in results[:2]]
    scores = [r["deals"][0]["scores"] for r in reports]

    response = tournament.client.get(f"/v1/tournaments/{tournament.id}/standings")
    assert response.status_code == 200
    body = response.get_json()
    points = {r["player"]: r["points"] for r in body["players"]}
    assert points == dict(zip(table1["players"] + table2["players"], scores[0] + scores[1],
                              strict=True))
    assert not {"Ivy", "Jon", "Kim", "Lou"} & set(points)  # the invalid table does not count
    [board] = body["duplicate"]["boards"]
    assert board["tables"] == 2
    for seat in board["seats"]:
        got = {e["player"]: e["match_points"] for e in seat["results"]}
        a, b = scores[0][seat["seat"]], scores[1][seat["seat"]]
        expected_a = 2 if a > b else 1 if a == b else 0
        assert got == {table1["players"][seat["seat"]]: expected_a,
                       table2["players"][seat["seat"]]: 2 - expected_a}


def test_standings_csv_over_http(tournament: Tournament) -> None:
    tournament.upload(coded_record("B2-4-13-0", seed=5, names=NAMES))
    response = tournament.client.get(f"/v1/tournaments/{tournament.id}/standings?format=csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True).removeprefix("\ufeff"))))
    assert sorted(r["player"] for r in rows) == sorted(NAMES)
    table = tournament.client.get(f"/v1/tournaments/{tournament.id}/standings").get_json()
    assert [(int(r["rank"]), r["player"], int(r["points"])) for r in rows] == [
        (r["rank"], r["player"], r["points"]) for r in table["players"]]
    assert tournament.client.get(
        f"/v1/tournaments/{tournament.id}/standings?format=xml").status_code == 422


def test_empty_tournament_has_empty_standings(tournament: Tournament) -> None:
    body = tournament.client.get(f"/v1/tournaments/{tournament.id}/standings").get_json()
    assert body["players"] == [] and body["duplicate"]["boards"] == [] and body["deals"] == 0


# --- the duplicate comparison stays n log n (issue 10, class 5) -------------------------------
def _quadratic_match_points(rows: list[dict[str, Any]]) -> dict[tuple[str, int, str], int]:
    """The definition, pair by pair: the golden reference for the fast comparison."""
    results = [r for r in standings.seat_results(rows) if r.deal_code is not None]
    tables: dict[str, set[tuple[str, int]]] = {}
    for r in results:
        tables.setdefault(r.deal_code or "", set()).add((r.record, r.deal))
    out = {}
    for r in results:
        if len(tables[r.deal_code or ""]) < 2:
            continue
        others = [o.score for o in results if o.deal_code == r.deal_code and o.seat == r.seat
                  and (o.record, o.deal) != (r.record, r.deal)]
        out[(r.record, r.deal, r.player)] = standings.match_points(r.score, others)
    return out


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["B2-4-13-1", "B2-4-13-2", "B2-4-13-3"]),
                          st.lists(st.integers(-6, 6), min_size=4, max_size=4)),
                min_size=1, max_size=25))
def test_match_points_equal_the_pairwise_definition(tables: list[tuple[str, list[int]]]) -> None:
    rows = [row(f"r{i}", [deal(scores, 0)], [f"{n}{i}" for n in "ABCD"], [code])
            for i, (code, scores) in enumerate(tables)]
    dup = standings.compute(rows)["duplicate"]
    fast = {(e["record"], e["deal"], e["player"]): e["match_points"]
            for b in dup["boards"] for s in b["seats"] for e in s["results"]}
    assert fast == _quadratic_match_points(rows)


def lines_run(fn: Any, *args: Any) -> tuple[Any, int]:
    """``fn(*args)`` and the number of lines of bigtwo/league/standings.py it executed: a measure of
    work that does not depend on the machine's speed."""
    count = 0

    def tracer(frame: Any, event: str, _: Any) -> Any:
        nonlocal count
        if frame.f_code.co_filename != standings.__file__:
            return None
        if event == "line":
            count += 1
        return tracer

    sys.settrace(tracer)
    try:
        result = fn(*args)
    finally:
        sys.settrace(None)
    return result, count


def test_one_board_at_many_tables_costs_linear_work() -> None:
    """A deal code played at 2,000 tables: comparing every pair would run millions of lines;
    the count of executed lines per table stays constant as the tables grow."""
    def rows_for(tables: int) -> list[dict[str, Any]]:
        return [row(f"r{i}", [deal([(i * 7) % 13 - 6, 0, 0, 0], 0)], [f"{n}{i}" for n in "ABCD"],
                    ["B2-4-13-1"]) for i in range(tables)]

    small, small_lines = lines_run(standings.compute, rows_for(200))
    big, big_lines = lines_run(standings.compute, rows_for(2000))
    assert big["duplicate"]["boards"][0]["tables"] == 2000
    assert big_lines <= 12 * small_lines  # 10x the tables; a quadratic comparison would be 100x
    assert big_lines <= 300 * 2000  # about 215 per table here; the pairwise one ran 16,000


# --- teams (rules v2) ---------------------------------------------------------------------------
def team_row(rid: str, players: list[str], deals: list[tuple[list[int], int]]) -> dict[str, Any]:
    report_deals = [{"index": i, "status": "complete", "winner": winner,
                     "scores": [ts[0], ts[1], ts[0], ts[1]], "team_scores": ts}
                    for i, (ts, winner) in enumerate(deals)]
    totals = [sum(ts[t] for ts, _ in deals) for t in range(2)]
    return {"id": rid, "record": {"players": players, "deals": [{} for _ in deals]},
            "report": {"valid": True, "deals": report_deals, "totals": [0] * 4, "team_totals": totals}}


def test_teams_are_ranked_when_the_profile_has_them() -> None:
    """000/004 2v2: partners (seats 0+2, 1+3) add their scores; the first to finish wins for
    the team. The same pair pools across tables in either seat order."""
    rows = [
        team_row("r1", ["Ana", "Ben", "Cai", "Dee"], [([11, -11], 2), ([-3, 3], 1)]),
        team_row("r2", ["Cai", "Eve", "Ana", "Fay"], [([5, -5], 0)]),
    ]
    result = standings.compute(rows, standings.TOTAL)
    assert [(t["rank"], t["team"], t["points"], t["deals_played"], t["deals_won"])
            for t in result["teams"]] == [
        (1, "Ana & Cai", 13, 3, 2), (2, "Eve & Fay", -5, 1, 0), (3, "Ben & Dee", -8, 2, 1)]
    # Per deal (the default), Ben & Dee's -8 in two deals is above Eve & Fay's -5 in one.
    assert [(t["rank"], t["team"], t["points_per_deal"])
            for t in standings.compute(rows)["teams"]] == [
        (1, "Ana & Cai", 4.33), (2, "Ben & Dee", -4.0), (3, "Eve & Fay", -5.0)]
    assert result["teams"][0]["players"] == ["Ana", "Cai"]
    assert by_player(result)["Ana"]["points"] == 13  # each partner carries the team's score


def test_no_team_table_without_teams() -> None:
    result = standings.compute([row("r", [deal([2, 2, 2, -6], 0)], ["C", "A", "B", "D"])])
    assert "teams" not in result


def test_a_team_tournament_ranks_teams_over_http(client: Any) -> None:
    """000/004 2v2 at a club night: the standings rank the pairs by their team scores."""
    from bigtwo.rules.profiles import DEFAULT_RESOLVER
    from bigtwo.rules.simulate import simulate
    from tests.tournaments.conftest import new_tournament

    declaration = {"extends": "pusoy-dos", "teams": [[0, 2], [1, 3]]}
    tournament = new_tournament(client, declaration)
    profile, _ = DEFAULT_RESOLVER.resolve(declaration)
    assert profile is not None
    records = list(simulate(profile, records=3, deals_per_record=2, seed=4))
    records[1]["players"] = ["Eve", "Fay", "Gus", "Hal"]
    results = tournament.upload({"records": records}).get_json()["results"]
    assert all(r["valid"] for r in results), results
    body = client.get(f"/v1/tournaments/{tournament.id}/standings").get_json()
    teams = {t["team"]: t for t in body["teams"]}
    assert set(teams) == {"Ana & Cai", "Ben & Dee", "Eve & Gus", "Fay & Hal"}
    assert teams["Ana & Cai"]["deals_played"] == 4 and teams["Eve & Gus"]["deals_played"] == 2
    assert teams["Ana & Cai"]["points"] == -teams["Ben & Dee"]["points"]  # zero-sum per table
    assert [t["rank"] for t in body["teams"]] == sorted(t["rank"] for t in body["teams"])
    page = client.get(f"/tournaments/{tournament.id}").get_data(as_text=True)
    assert "Ana &amp; Cai" in page and "<h3>Teams</h3>" in page
