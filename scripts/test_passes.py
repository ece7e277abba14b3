"""The test suite as `make test` runs it: every test, in three processes that keep two cores busy.

- Two pytest-xdist workers run everything but the schemathesis test. Each worker collects the
  whole suite, and collecting tests/api/test_schemathesis.py generates its coverage cases
  (about 12 s of CPU): under xdist both workers paid for it. ``-p no:schemathesis`` keeps the
  plugin out of the workers too (it is only needed to collect that one file).
- Beside them, one process runs the schemathesis test (collected once), then, when the core is
  compiled, the Makefile's PURE_TESTS (tests/core and the per-record modules' tests) again as pure Python (``BIGTWO_PURE=1``): a pass that used to run alone
  after the others, on two workers that each collected tests/core again.

The side process's output is held and printed after the workers' summary, so the two never
interleave; the run fails when either fails. Arguments are passed to the workers' pytest.

    .venv/bin/python scripts/test_passes.py [pytest arguments]
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parent.parent
SCHEMATHESIS = "tests/api/test_schemathesis.py"
MANIFEST = ROOT / "bigtwo" / "native-build.json"
PYTEST = [sys.executable, "-m", "pytest", "-q"]


def side_passes() -> list[tuple[list[str], dict[str, str]]]:
    passes: list[tuple[list[str], dict[str, str]]] = [([*PYTEST, SCHEMATHESIS], {})]
    if MANIFEST.is_file():  # the core is compiled: test it as Python as well
        # The Makefile's PURE_TESTS: the core's tests and those of the modules it calls per record.
        pure = os.environ.get("PURE_TESTS", "tests/core").split()
        passes.append(([*PYTEST, "-p", "no:schemathesis", *pure], {"BIGTWO_PURE": "1"}))
    return passes


def run_side(held: IO[str]) -> int:
    """The side passes in order, their output into ``held``; the first failure's status."""
    for args, env in side_passes():
        shown = " ".join([*(f"{k}={v}" for k, v in env.items()), "pytest", *args[4:]])
        held.write(f"$ {shown}\n")
        held.flush()
        done = subprocess.run(args, cwd=ROOT, stdout=held, stderr=subprocess.STDOUT,
                              env={**os.environ, **env}, check=False)
        if done.returncode:
            return done.returncode
    return 0


def main(argv: list[str]) -> int:
    with tempfile.TemporaryFile("w+", encoding="utf-8") as held:
        side: list[int] = []
        thread = threading.Thread(target=lambda: side.append(run_side(held)))
        thread.start()
        workers = subprocess.run([*PYTEST, "-n", "2", "-p", "no:schemathesis",
                                  f"--ignore={SCHEMATHESIS}", *argv], cwd=ROOT, check=False)
        thread.join()
        held.seek(0)
        print("\nBeside the workers: the schemathesis test, then PURE_TESTS as Python",
              flush=True)
        sys.stdout.write(held.read())
        sys.stdout.flush()
    return workers.returncode or (side[0] if side else 1)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
