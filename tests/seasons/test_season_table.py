"""The season's table as people read it: equal season points share a rank (standard
competition ranking), and the CSV opens in Excel with its names intact (a byte-order mark)."""

from __future__ import annotations

import csv
import io

import pytest

from bigtwo.formats.csvdialect import DELIMITERS
from bigtwo.league import season_table
from bigtwo.store import seasons


def _state(ordinals: dict[str, float]) -> season_table.RatingState:
    # sigma 0: the ordinal is mu, so each player's place within a tie is set here.
    return season_table.RatingState({name: (mu, 0.0) for name, mu in ordinals.items()})


@pytest.mark.parametrize(("nights", "ranks"), [
    # Ben and Cai both 1000 + 0 over two nights of two (EMA): tied second, Dee fourth.
    ([[("Ana", 1, 1), ("Ben", 2, 1)], [("Cai", 1, 1), ("Dee", 2, 1)],
      [("Ana", 1, 1), ("Cai", 2, 1)], [("Ben", 1, 1), ("Dee", 2, 1)]],
     {"Ana": 1, "Ben": 2, "Cai": 2, "Dee": 4}),
    # Everyone equal: everyone first.
    ([[("Ana", 1, 1), ("Ben", 1, 1), ("Cai", 1, 1)]], {"Ana": 1, "Ben": 1, "Cai": 1}),
    # No tie: 1, 2, 3.
    ([[("Ana", 1, 1), ("Ben", 2, 1), ("Cai", 3, 1)]], {"Ana": 1, "Ben": 2, "Cai": 3}),
])
def test_equal_season_points_share_a_rank_whatever_the_ratings(nights, ranks):
    # Different ordinals for everyone: before, the tie of points was split by them.
    state = _state({"Ana": 30.0, "Ben": 20.0, "Cai": 25.0, "Dee": 10.0})
    rows = season_table.table_of(nights, state)
    assert {r["name"]: r["rank"] for r in rows} == ranks
    # Within a tie the better rated is listed first; ranks never decrease down the table.
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)
    for above, below in zip(rows, rows[1:], strict=False):
        if above["rank"] == below["rank"]:
            assert above["rating"]["ordinal"] >= below["rating"]["ordinal"]
    cells = list(csv.reader(io.StringIO(seasons.standings_csv({"players": rows})
                                        .removeprefix("\ufeff"))))
    assert {c[1]: int(float(c[0])) for c in cells[1:]} == ranks


@pytest.mark.parametrize("delimiter", sorted(DELIMITERS))
def test_the_season_csv_starts_with_a_byte_order_mark(delimiter):
    rows = season_table.table_of([[("Jörg", 1, 2), ("Zoë", 2, 2), ("陳", 3, 2)]], season_table.RatingState())
    text = seasons.standings_csv({"players": rows}, DELIMITERS[delimiter])
    assert text.startswith("\ufeff") and text.count("\ufeff") == 1
    # What Excel does with the mark: reads the rest as UTF-8, names intact.
    cells = list(csv.reader(io.StringIO(text.encode("utf-8").decode("utf-8-sig")),
                            delimiter=DELIMITERS[delimiter]))
    assert cells[0][:2] == ["rank", "name"]
    assert [c[1] for c in cells[1:]] == ["Jörg", "Zoë", "陳"]
