"""A duplicate event (the same deal codes at several tables) is ranked by match points where
people read it, on the page and in the CSV, with the points beside them (issue 17, point 3:
the best duplicate player came 5th when the table was ranked by points)."""

from __future__ import annotations

import csv
import io
from typing import Any

from bigtwo.league import standings
from tests.tournaments.test_standings import deal, row

# Two boards at two tables: Ana and Eve hold seat 0 of both, Ben and Fay seat 1, and so on.
# Ana scores big once and loses the other comparison; Fay wins both of hers by a little.
TABLE_ONE = ["Ana", "Ben", "Cai", "Dee"]
TABLE_TWO = ["Eve", "Fay", "Gus", "Hal"]
ROWS = [
    row("r1", [deal([30, -10, -10, -10], 0), deal([-9, -1, 5, 5], 2, index=1)], TABLE_ONE,
        codes=["B2-4-13-1", "B2-4-13-2"]),
    row("r2", [deal([20, -8, -6, -6], 0), deal([-2, 0, 1, 1], 2, index=1)], TABLE_TWO,
        codes=["B2-4-13-1", "B2-4-13-2"]),
]


def test_a_duplicate_event_says_it_is_ranked_by_match_points() -> None:
    result = standings.compute(ROWS)
    assert result["ranking"] == "match_points"
    assert result["players"][0]["player"] == "Ana"  # the JSON table stays ranked by points
    assert standings.compute(ROWS[:1])["ranking"] == "points_per_deal"  # one table: no board
    assert standings.compute(ROWS[:1], standings.TOTAL)["ranking"] == "points"


def test_ranked_players_order_by_match_points_with_points_beside() -> None:
    rows = standings.ranked_players(standings.compute(ROWS))
    got = [(r["rank"], r["player"], r["match_points"], r["max_match_points"], r["points"])
           for r in rows]
    # By hand. Board 1: Ana 30 beats Eve 20 (seat 0), Fay -8 beats Ben -10, Gus and Hal -6
    # beat Cai and Dee -10. Board 2: Eve -2 beats Ana -9, Fay 0 beats Ben -1, Cai and Dee 5
    # beat Gus and Hal 1. Fay won both of her comparisons; by points she would be 7th.
    assert got == [
        (1, "Fay", 4, 4, -8),
        (2, "Ana", 2, 4, 21), (2, "Cai", 2, 4, -5), (2, "Dee", 2, 4, -5), (2, "Eve", 2, 4, 18),
        (2, "Gus", 2, 4, -5), (2, "Hal", 2, 4, -5),
        (8, "Ben", 0, 4, -11),
    ]
    by_points = [r["player"] for r in standings.compute(ROWS)["players"]]
    assert by_points.index("Fay") == 6
    duplicate = {p["player"]: p["rank"] for p in standings.compute(ROWS)["duplicate"]["players"]}
    assert {r["player"]: r["rank"] for r in rows} == duplicate  # the JSON's own mp ranking


def test_the_csv_follows_the_match_point_ranking() -> None:
    result = standings.compute(ROWS)
    table = list(csv.DictReader(io.StringIO(standings.to_csv(result).removeprefix("\ufeff"))))
    assert list(table[0]) == list(standings.CSV_COLUMNS)  # the same columns as before
    ranked = standings.ranked_players(result)
    assert [(r["player"], int(r["rank"]), int(r["match_points"]), int(r["points"]))
            for r in table] == [(r["player"], r["rank"], r["match_points"], r["points"])
                                for r in ranked]
    ranks = [int(r["match_points"]) for r in table]
    assert ranks == sorted(ranks, reverse=True)


def test_without_boards_the_csv_is_ranked_by_points_as_before() -> None:
    result = standings.compute(ROWS[:1])
    table = list(csv.DictReader(io.StringIO(standings.to_csv(result).removeprefix("\ufeff"))))
    assert [r["player"] for r in table] == [r["player"] for r in result["players"]]
    assert [int(r["points"]) for r in table] == sorted((int(r["points"]) for r in table),
                                                       reverse=True)


def test_a_player_without_a_board_ranks_after_those_with_match_points() -> None:
    lone = row("r3", [deal([50, -20, -20, -10], 0)], ["Zed", "Yan", "Xia", "Wim"],
               codes=["B2-4-13-9"])
    rows: list[dict[str, Any]] = standings.ranked_players(standings.compute([*ROWS, lone]))
    zed = next(r for r in rows if r["player"] == "Zed")
    assert zed["match_points"] == 0 and zed["max_match_points"] == 0 and zed["percent"] is None
    assert rows.index(zed) >= len(rows) - 4  # the best points, but no board
