"""Season scale (issue 27): a season of 52 club nights, 40 players and 200,000 deals.

Prints, for docs/SEASONS.md: the time to rate and rank the whole season from the stored
tallies (cold: nothing cached), to answer it again (cached), to add one more night (only that
night is rated: the nights before it resume from their cached state), and to recompute it all
after an alias (which every night depends on); and the seating draw at its limits.

    PYTHONPATH=. .venv/bin/python bench/seasons.py [--nights 52] [--players 40] [--deals 200000]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.timing import best_of
from bigtwo.league.draws import draw
from bigtwo.store import seasons, tournaments
from bigtwo.store.db import Store
from bigtwo.store.quotas import Quotas


def night_records(players: list[str], seats: list[list[str]], deals: int,
                  rng: random.Random) -> list[dict[str, Any]]:
    """One result-only record per table (a score sheet's record): cards left per deal."""
    out = []
    for table in seats:
        rows = []
        for _ in range(deals):
            left = [rng.randint(1, 13) for _ in table]
            left[rng.randrange(len(table))] = 0
            rows.append({"result": {"cards_left": left}})
        out.append({"profile": "casual", "players": table, "deals": rows})
    return out


def add_night(store: Store, season: dict[str, str], n: int, players: list[str],
              deals_per_table: int, previous: list[list[str]], rng: random.Random) -> None:
    made = tournaments.create(store, {"name": f"Night {n}", "profile": "casual"})
    seated = draw(players, 4, 1, n, previous).rounds[0].tables
    previous.extend(list(t) for t in seated)
    found = tournaments.authorize(store, made["id"], f"Bearer {made['token']}")
    tournaments.upload(store, found, {"records": night_records(players, [list(t) for t in seated],
                                                               deals_per_table, rng)})
    seasons.attach(store, season["id"], {"tournament": made["id"]}, f"Bearer {season['token']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nights", type=int, default=52)
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--deals", type=int, default=200_000)
    args = parser.parse_args()
    tables = args.players // 4
    per_table = max(1, args.deals // (args.nights * tables))
    players = [f"Player {i:02}" for i in range(args.players)]
    rng = random.Random(27)
    with tempfile.TemporaryDirectory() as work:
        store = Store(Path(work) / "season.db", Quotas())
        store.migrate()
        season = seasons.create(store, {"name": "Bench season", "profile": "casual"})
        previous: list[list[str]] = []
        start = time.perf_counter()
        for n in range(1, args.nights + 1):
            add_night(store, season, n, players, per_table, previous, rng)
        built = time.perf_counter() - start
        print(f"season: {args.nights} nights, {args.players} players, "
              f"{args.nights * tables * per_table} deals ({per_table} per table), "
              f"stored in {built:.1f} s")

        cold = _timed(lambda: seasons.standings_json(store, season["id"]))
        warm = best_of(5, lambda: seasons.standings_json(store, season["id"]))
        print(f"standings, nothing cached:          {cold * 1000:8.1f} ms")
        print(f"standings, cached:                  {warm * 1000:8.1f} ms")

        add_night(store, season, args.nights + 1, players, per_table, previous, rng)
        one_more = _timed(lambda: seasons.standings_json(store, season["id"]))
        print(f"standings after one more night:     {one_more * 1000:8.1f} ms "
              f"(that night rated, the {args.nights} before resumed)")

        seasons.alias(store, season["id"], {"alias": "Player 00 ", "player": "Player 99"},
                      f"Bearer {season['token']}")
        every = _timed(lambda: seasons.standings_json(store, season["id"]))
        print(f"standings after an alias:           {every * 1000:8.1f} ms "
              f"(every night again: {every / one_more:.0f}x one night's cost)")

    for count, rounds, size in ((16, 5, 4), (13, 4, 4), (64, 10, 4), (63, 10, 5), (64, 10, 3)):
        names = [f"P{i}" for i in range(count)]
        took = best_of(3, lambda: draw(names, size, rounds, 1))  # noqa: B023 - run at once
        result = draw(names, size, rounds, 1)
        print(f"draw {count} players, {rounds} rounds of {size}: {took * 1000:7.1f} ms, "
              f"{result.repeats} repeated meetings")


def _timed(fn: Any) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
