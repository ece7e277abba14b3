"""Score-sheet benchmark: prints figures, asserts nothing (machines here are noisy).

Measures in one run, so the ratios compare like with like:
- replaying move-logged deals (``check_record`` on simulated records: parse, replay, score,
  report), per deal;
- scoring a 10,000-row score sheet (``check_sheet``: CSV in, the record of result-only deals
  checked and scored, report out), per deal, as counts (hk-standard) and as card lists
  (pusoy-dos, whose 2 penalties need the cards);
- the same result-only records without the CSV step (``check_record`` on the JSON record).
The sheet's rows are the final cards left of the simulated deals, repeated to reach the row
count; every row is a deal that really ended that way.

    .venv/bin/python bench/sheets.py [--rows 10000] [--replay-deals 400] [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from timing import best_of  # noqa: E402 - bench/timing.py, beside this script

from bigtwo.formats.sheets import check_sheet, sheet_to_record  # noqa: E402
from bigtwo.records.pipeline import check_record  # noqa: E402
from bigtwo.rules.profiles import PRESETS  # noqa: E402
from bigtwo.rules.simulate import simulate  # noqa: E402

DEALS_PER_RECORD = 10


def final_cells(deal: dict[str, Any], by_cards: bool) -> list[str]:
    held = [set(h) for h in deal["hands"]]
    for move in deal["moves"]:
        if "play" in move:
            held[move["seat"]] -= set(move["play"])
    return [" ".join(sorted(h)) if by_cards else str(len(h)) for h in held]


def build(profile_id: str, deals: int, rows: int, by_cards: bool) -> tuple[list[dict[str, Any]], str]:
    records = list(simulate(PRESETS[profile_id], records=max(1, deals // DEALS_PER_RECORD),
                            deals_per_record=DEALS_PER_RECORD, seed=2026))
    played = [d for r in records for d in r["deals"]]
    lines = ["deal,Ana,Ben,Cai,Dee"]
    for i in range(rows):
        lines.append(f"{i + 1}," + ",".join(final_cells(played[i % len(played)], by_cards)))
    return records, "\n".join(lines) + "\n"


def measure(profile_id: str, by_cards: bool, args: argparse.Namespace) -> dict[str, float]:
    records, sheet = build(profile_id, args.replay_deals, args.rows, by_cards)
    logged = sum(len(r["deals"]) for r in records)

    def replay_all() -> None:
        for record in records:
            assert check_record(record).report is not None

    def score_sheet() -> None:
        record, checked = check_sheet(sheet, profile_id)
        assert record is not None and checked.report is not None and checked.report["valid"]

    record, problems = sheet_to_record(sheet, profile_id)
    assert record is not None, problems

    def score_record() -> None:
        assert check_record(record).report is not None

    replay = best_of(args.repeat, replay_all) / logged
    sheet_cost = best_of(args.repeat, score_sheet) / args.rows
    record_cost = best_of(args.repeat, score_record) / args.rows
    return {"logged": logged, "replay_us": replay * 1e6, "sheet_us": sheet_cost * 1e6,
            "record_us": record_cost * 1e6, "ratio": sheet_cost / replay,
            "sheet_kib": len(sheet.encode()) / 1024}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=10_000)
    parser.add_argument("--replay-deals", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}; {args.rows} sheet rows; "
          f"replay yardstick: {args.replay_deals} simulated deals; best of {args.repeat}")
    print(f"{'sheet':<24}{'size KiB':>10}{'replay µs/deal':>16}{'sheet µs/deal':>15}"
          f"{'(no CSV) µs/deal':>18}{'sheet/replay':>14}")
    for profile_id, by_cards, label in (("hk-standard", False, "hk-standard, counts"),
                                        ("pusoy-dos", True, "pusoy-dos, cards left")):
        m = measure(profile_id, by_cards, args)
        print(f"{label:<24}{m['sheet_kib']:>10.0f}{m['replay_us']:>16.0f}{m['sheet_us']:>15.1f}"
              f"{m['record_us']:>18.1f}{m['ratio']:>14.3f}")


if __name__ == "__main__":
    main()
