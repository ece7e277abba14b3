"""The test suite as `make test` runs it: every test, in three processes that keep two cores busy.

- Two pytest-xdist workers run everything but the schemathesis tests. Each worker collects the
  whole suite, and collecting tests/api/test_schemathesis.py generates its coverage cases
  (about 12 s of CPU): under xdist both workers paid for it. ``-p no:schemathesis`` keeps the
  plugin out of the workers too (only the tests in ``SCHEMATHESIS`` need it).
- Beside them, one process runs the schemathesis tests (collected once), then, when the core
  is compiled, the Makefile's PURE_TESTS (tests/core and the per-record modules' tests) again
  as pure Python (``BIGTWO_PURE=1``): a pass that used to run alone after the others, on two
  workers that each collected tests/core again.

Every pass writes byte-code caches, whatever the environment says: with
``PYTHONDONTWRITEBYTECODE`` set (some shells and CI images set it) every process rewrote and
compiled every test module's assertions again (pytest keeps the result only in ``__pycache__``),
9 of a worker's 14.5 s of CPU to collect the suite, and every subprocess a test starts
compiled the project's modules again on a fresh clone.

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
# The tests that use schemathesis: run in the side process, which loads it once for them all.
# Importing schemathesis, and test_stateful_api's app, schema and state machine made at import,
# cost each worker about 5 s of CPU to collect a test it did not run.
SCHEMATHESIS = ("tests/api/test_schemathesis.py", "tests/fuzz/test_stateful_api.py")
MANIFEST = ROOT / "bigtwo" / "native-build.json"
PYTEST = [sys.executable, "-m", "pytest", "-q"]
# What every pass runs in: the caller's environment, byte-code caches allowed (see above).
ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def side_passes() -> list[tuple[list[str], dict[str, str]]]:
    passes: list[tuple[list[str], dict[str, str]]] = [([*PYTEST, *SCHEMATHESIS], {})]
    if MANIFEST.is_file():  # the core is compiled: test it as Python as well
        # The Makefile's PURE_TESTS: the core's tests and those of the modules it calls per record.
        pure = os.environ.get("PURE_TESTS", "tests/core").split()
        passes.append(([*PYTEST, "-p", "no:schemathesis", *pure], {"BIGTWO_PURE": "1"}))
    return passes


# Tests handed to a worker at a time. xdist's default first hands each worker a quarter of its
# share as one run of consecutive tests: the worker that got the install test (first, and
# two and a half minutes long) then held some 870 tests behind it, the other slow ones among
# them, while the other worker ran out of work (measured: idle its last 130 s of 340; 16 at
# a time, the pass took 290 s instead of 335). Handing out whole files instead
# (--dist=loadfile) kept modules together but measured slower (318 s).
SCHEDULE_CHUNK = 16


def worker_pass(argv: list[str]) -> list[str]:
    return [*PYTEST, "-n", "2", f"--maxschedchunk={SCHEDULE_CHUNK}", "-p", "no:schemathesis",
            *(f"--ignore={path}" for path in SCHEMATHESIS), *argv]


def run_side(held: IO[str]) -> int:
    """The side passes in order, their output into ``held``; the first failure's status."""
    for args, env in side_passes():
        shown = " ".join([*(f"{k}={v}" for k, v in env.items()), "pytest", *args[4:]])
        held.write(f"$ {shown}\n")
        held.flush()
        done = subprocess.run(args, cwd=ROOT, stdout=held, stderr=subprocess.STDOUT,
                              env={**ENVIRONMENT, **env}, check=False)
        if done.returncode:
            return done.returncode
    return 0


def main(argv: list[str]) -> int:
    with tempfile.TemporaryFile("w+", encoding="utf-8") as held:
        side: list[int] = []
        thread = threading.Thread(target=lambda: side.append(run_side(held)))
        thread.start()
        workers = subprocess.run(worker_pass(argv), cwd=ROOT, env=ENVIRONMENT, check=False)
        thread.join()
        held.seek(0)
        print("\nBeside the workers: the schemathesis tests, then PURE_TESTS as Python",
              flush=True)
        sys.stdout.write(held.read())
        sys.stdout.flush()
    return workers.returncode or (side[0] if side else 1)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
