"""A night where tables played different numbers of deals is ranked by points per deal played
by default, and the season's points follow that ranking; an organiser may choose totals.
With equal deal counts, per deal orders and ties exactly as totals do (property)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigtwo.league import standings
from bigtwo.store import seasons, tournaments
from bigtwo.store.db import Store
from tests.seasons.club import record


def night(store: Store, season: dict[str, str], ranked_by: str | None) -> str:
    body: dict[str, Any] = {"name": "Night", "profile": "casual"}
    if ranked_by is not None:
        body["ranked_by"] = ranked_by
    made = tournaments.create(store, body)
    found = tournaments.authorize(store, made["id"], f"Bearer {made['token']}")
    # Table A played 5 deals, tables B and C 3. Per deal, everyone at A paid or won about
    # what the others did; in total, A's winners have most and A's loser least.
    tables = [
        record(["A1", "A2", "A3", "A4"], *([[0, 2, 3, 9]] * 5)),   # A1 0, A2 -10, A3 -15, A4 -45
        record(["B1", "B2", "B3", "B4"], *([[0, 1, 4, 8]] * 3)),   # B1 0, B2 -3, B3 -12, B4 -24
        record(["C1", "C2", "C3", "C4"], *([[0, 1, 5, 7]] * 3)),   # C1 0, C2 -3, C3 -15, C4 -21
    ]
    tournaments.upload(store, found, {"records": tables})
    seasons.attach(store, season["id"], {"tournament": made["id"]}, f"Bearer {season['token']}")
    return made["id"]


@pytest.mark.parametrize(("ranked_by", "order"), [
    # Per deal: A1, B1, C1 0; B2, C2 -1; A2 -2; A3 -3, C3 -5 ... A4 -9 last but B4 is -8.
    (None, ["A1", "B1", "C1", "B2", "C2", "A2", "A3", "B3", "C3", "C4", "B4", "A4"]),
    ("points", ["A1", "B1", "C1", "B2", "C2", "A2", "B3", "A3", "C3", "C4", "B4", "A4"]),
])
def test_the_night_and_the_season_follow_the_tournaments_ranking(tmp_path: Any, ranked_by: str | None,
                                                                 order: list[str]) -> None:
    store = Store(tmp_path / "s.db")
    store.migrate()
    season = seasons.create(store, {"name": "S"})
    tid = night(store, season, ranked_by)
    table = tournaments.compute_standings(store, tid)
    method = ranked_by or "points_per_deal"
    assert table["ranked_by"] == table["ranking"] == method
    assert tournaments.get(store, tid)["ranked_by"] == method
    assert [p["player"] for p in table["players"]] == order
    a4 = next(p for p in table["players"] if p["player"] == "A4")
    assert (a4["points"], a4["deals_played"], a4["points_per_deal"]) == (-45, 5, -9.0)
    # The season's places are the night's: first three tied (EMA 1000 to 833.33, shared).
    rows = seasons.standings(store, season["id"])["players"]
    assert [r["name"] for r in rows][-1] == order[-1]
    assert [r["rank"] for r in rows][:3] == [1, 1, 1]
    by_name = {r["name"]: r for r in rows}
    assert by_name["A2"]["points"] < by_name["C2"]["points"]
    assert by_name[order[5]]["rank"] == 6


def test_a_tournament_ranking_setting_is_checked(tmp_path: Any) -> None:
    store = Store(tmp_path / "s.db")
    store.migrate()
    with pytest.raises(tournaments.TournamentError) as caught:
        tournaments.create(store, {"name": "N", "profile": "casual", "ranked_by": "luck"})
    assert caught.value.status == 422
    assert [p.pointer for p in caught.value.problems or []] == ["/ranked_by"]


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 30), st.lists(st.integers(-200, 200), min_size=1, max_size=12))
def test_with_equal_deal_counts_per_deal_ranks_as_totals(deals: int, points: list[int]) -> None:
    def rows() -> list[dict[str, Any]]:
        return [{"player": f"P{i:02d}", "deals_played": deals, "points": p}
                for i, p in enumerate(points)]

    per_deal = standings.ranked_by_points(rows(), standings.PER_DEAL)
    total = standings.ranked_by_points(rows(), standings.TOTAL)
    assert [(r["rank"], r["player"]) for r in per_deal] == [(r["rank"], r["player"]) for r in total]
