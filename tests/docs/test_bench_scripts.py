"""Every benchmark script still starts: the figures in docs/PERFORMANCE.md must stay re-runnable.

Nothing is timed here (machines are noisy); each script with a command line is asked for its
``--help``, which imports everything it measures. bench/charts.py once stayed broken for a
whole release after a class it timed was removed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

SCRIPTS = sorted(p for p in (ROOT / "bench").glob("*.py") if "argparse" in p.read_text(encoding="utf-8"))


def test_the_benchmarks_are_found() -> None:
    assert {"replay.py", "hostile.py", "charts.py", "wal8800_replay.py"} <= {p.name for p in SCRIPTS}


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_a_benchmark_starts(script: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, str(script), "--help"], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "usage:" in proc.stdout
