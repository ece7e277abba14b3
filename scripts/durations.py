"""Sum a pytest ``--durations`` report by test file and by directory: where a run's time went.

    .venv/bin/python scripts/test_passes.py --durations=0 --durations-min=0 > run.txt
    .venv/bin/python scripts/durations.py run.txt [--top 40]

Each phase's line (``1.23s call     tests/x/test_y.py::test_z``) is added to its file and to the
file's directory under tests/; the totals are wall seconds as pytest measured them, so on a
shared machine they compare only within one run.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

LINE = re.compile(r"^(\d+(?:\.\d+)?)s (setup|call|teardown)\s+([^:\s]+)::")


def totals(lines: list[str]) -> tuple[Counter[str], Counter[str], Counter[str]]:
    """Seconds per file, tests per file (calls counted) and seconds per directory."""
    by_file: Counter[str] = Counter()
    tests: Counter[str] = Counter()
    by_dir: Counter[str] = Counter()
    for line in lines:
        found = LINE.match(line)
        if found is None:
            continue
        seconds, phase, path = float(found[1]), found[2], found[3]
        by_file[path] += seconds
        by_dir["/".join(path.split("/")[:2])] += seconds
        tests[path] += phase == "call"
    return by_file, tests, by_dir


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", type=Path, help="pytest's output with --durations=0")
    parser.add_argument("--top", type=int, default=40, help="how many files to list")
    args = parser.parse_args(argv)
    by_file, tests, by_dir = totals(args.report.read_text(encoding="utf-8", errors="replace")
                                    .splitlines())
    print(f"{sum(by_file.values()):9.1f}  in all")
    for directory, seconds in by_dir.most_common():
        print(f"{seconds:9.1f}  {directory}")
    print()
    for path, seconds in by_file.most_common(args.top):
        print(f"{seconds:9.1f}  {tests[path]:5d}  {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
