"""Replay benchmark: prints figures, asserts nothing (machines here are noisy).

Builds a simulated corpus (every preset, several deals per record), then measures in one run:
- json.loads of every record line (the yardstick),
- parse + replay (the engine itself), and parse + replay + report (what a caller gets),
- `bigtwo validate FILE.jsonl` end to end in a subprocess: records/s, moves/s,
- peak memory of that subprocess at 1x and 8x the corpus, to show it streams.
Ratios, not absolute times, are what to compare between machines.

    .venv/bin/python bench/replay.py [--records 400] [--deals 3] [--repeat 5]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bigtwo.pipeline import check_record  # noqa: E402
from bigtwo.profiles import PRESETS  # noqa: E402
from bigtwo.records import parse_record  # noqa: E402
from bigtwo.replay import replay_record  # noqa: E402
from bigtwo.simulate import simulate  # noqa: E402


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def corpus(records: int, deals: int) -> list[str]:
    per = max(1, records // len(PRESETS))
    lines = []
    for i, profile in enumerate(PRESETS.values()):
        for rec in simulate(profile, records=per, deals_per_record=deals, seed=100 + i):
            lines.append(json.dumps(rec, separators=(",", ":")))
    return lines


def _hwm_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def cli_run(path: Path) -> tuple[float, int]:
    """Wall time and peak RSS (KiB) of `bigtwo validate` on a file, output discarded.

    Peak memory is read from /proc's VmHWM while the process runs: getrusage's ru_maxrss
    would carry this (large) benchmark process's own peak across fork and exec."""
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "app.cli", "validate", "--no-progress", str(path)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    peak = 0
    while proc.poll() is None:
        peak = max(peak, _hwm_kib(proc.pid))
        time.sleep(0.005)
    return time.perf_counter() - start, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--records", type=int, default=400)
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    lines = corpus(args.records, args.deals)
    docs = [json.loads(line) for line in lines]
    moves = sum(len(d["moves"]) for doc in docs for d in doc["deals"])
    nbytes = sum(len(line) for line in lines)
    print(f"corpus: {len(docs)} records, {sum(len(d['deals']) for d in docs)} deals, {moves} moves, "
          f"{nbytes / 1e6:.2f} MB of JSON (compact)")

    t_json = best_of(args.repeat, lambda: [json.loads(line) for line in lines])
    t_parse = best_of(args.repeat, lambda: [parse_record(doc) for doc in docs])
    parsed = [parse_record(doc)[0] for doc in docs]
    t_replay = best_of(args.repeat, lambda: [replay_record(rec) for rec in parsed if rec is not None])
    t_full = best_of(args.repeat, lambda: [check_record(doc) for doc in docs])

    print()
    print("| stage | time (s) | records/s | moves/s | x json.loads |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, t in [("json.loads", t_json), ("parse (shape + cards)", t_parse),
                    ("replay (rules + scoring)", t_replay), ("parse + replay", t_parse + t_replay),
                    ("check_record (parse + replay + report)", t_full)]:
        print(f"| {name} | {t:.4f} | {len(docs) / t:,.0f} | {moves / t:,.0f} | {t / t_json:.2f} |")

    with tempfile.TemporaryDirectory() as tmp:
        small = Path(tmp) / "corpus.jsonl"
        small.write_text("\n".join(lines) + "\n")
        big = Path(tmp) / "corpus8.jsonl"
        big.write_text(("\n".join(lines) + "\n") * 8)
        os.environ.setdefault("BIGTWO_DB", str(Path(tmp) / "none.db"))
        t_small, rss_small = cli_run(small)
        t_big, rss_big = cli_run(big)
    print()
    print("| `bigtwo validate` end to end | records | time (s) | records/s | moves/s | peak RSS (MiB) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    print(f"| 1x corpus | {len(docs)} | {t_small:.2f} | {len(docs) / t_small:,.0f} | {moves / t_small:,.0f} "
          f"| {rss_small / 1024:.1f} |")
    print(f"| 8x corpus | {8 * len(docs)} | {t_big:.2f} | {8 * len(docs) / t_big:,.0f} | "
          f"{8 * moves / t_big:,.0f} | {rss_big / 1024:.1f} |")
    print()
    print(f"replay / json.loads = {t_replay / t_json:.2f}; parse + replay / json.loads = "
          f"{(t_parse + t_replay) / t_json:.2f}; memory 8x / 1x = {rss_big / rss_small:.2f}")


if __name__ == "__main__":
    main()
