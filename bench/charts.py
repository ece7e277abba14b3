"""Running-totals chart benchmark: prints figures, asserts nothing (machines here are noisy).

What the chart adds to a page, as a ratio to what the page cost before, in one run:
- the tournament page: its view (standings, records list) against the chart's extra work
  (seat results and the chart drawn; the valid reports are read once for both), for a
  tournament of simulated records;
- the match page: ``replay_view`` of a 10,000-row score sheet (its first page) against that
  sheet's chart (every scored deal summed, sampled to ``limits.CHART_POINTS``, drawn).

    .venv/bin/python bench/charts.py [--records 1000] [--rows 10000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[0] = str(ROOT)  # not bench/ first: its http.py would shadow the standard library's
sys.path.append(str(ROOT / "bench"))  # last, for bench/timing.py

from timing import best_of  # noqa: E402

from app.web.chart import match_chart, tournament_chart  # noqa: E402
from app.web.present import replay_view  # noqa: E402
from app.web.tournaments import tournament_view  # noqa: E402
from app.web.words import Words  # noqa: E402
from bigtwo.records.pipeline import check_record  # noqa: E402
from bigtwo.rules.profiles import PRESETS  # noqa: E402
from bigtwo.rules.simulate import simulate  # noqa: E402
from bigtwo.store import tournaments  # noqa: E402
from bigtwo.store.db import Store  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--records", type=int, default=1000)
    parser.add_argument("--rows", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    words = Words("en")

    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "bench.db")
        store.migrate()
        created = tournaments.create(store, {"name": "Bench", "profile": "hk-standard"})
        tournament = store.tournaments.get(created["id"])
        assert tournament is not None
        records = list(simulate(PRESETS["hk-standard"], records=args.records, deals_per_record=3,
                                seed=7, profile_ref="hk-standard"))
        for start in range(0, len(records), 100):
            tournaments.upload(store, tournament, {"records": records[start:start + 100]})
        tid = created["id"]
        view = tournament_view(store, tid, "all")
        assert view is not None
        ranked = [p["player"] for p in view["standings"]]
        page = best_of(args.repeat, lambda: tournament_view(store, tid, "all"))

        def with_chart() -> None:
            # As the page does it: the chart is drawn from the records' stored tallies.
            tournament_view(store, tid, "all")
            tournament_chart(store.tournaments.tallies(tid), ranked, words)

        chart = best_of(args.repeat, with_chart) - page
        store.close()

    sheet = {"profile": "hk-standard", "players": ["Ana", "Ben", "Cai", "Dee"],
             "deals": [{"result": {"cards_left": [0, 1 + i % 12, 1 + (i * 7) % 12, 5]}}
                       for i in range(args.rows)]}
    checked = check_record(sheet)
    assert checked.report is not None and checked.report["valid"]
    replay = best_of(args.repeat, lambda: replay_view(checked, "en", 1))
    sheet_view = replay_view(checked, "en", 1)
    sheet_chart = best_of(args.repeat, lambda: match_chart(checked.report or {}, sheet_view, words))

    print("| page | records / deals | page before (s) | chart (s) | chart / page |")
    print("| --- | ---: | ---: | ---: | ---: |")
    print(f"| tournament | {args.records} records, {3 * args.records} deals | {page:.4f} | "
          f"{chart:.4f} | {chart / page:.2f} |")
    print(f"| match (score sheet, first page) | {args.rows} deals | {replay:.4f} | "
          f"{sheet_chart:.4f} | {sheet_chart / replay:.2f} |")


if __name__ == "__main__":
    main()
