"""The test suite as `make test` runs it: every test, in four processes that keep two cores busy.

- Two pytest-xdist workers run everything but the tests below. The tests that mostly wait
  (browsers, real clocks, servers starting: ``tests/conftest.py`` orders them first) run
  while the two processes beside them keep the cores busy.
- Beside them, one process runs the install test (``tests/install``: a clean clone installed
  as a user installs it, a C compiler at work for a minute). It started first on a worker
  before, and held the tests handed to that worker with it behind it.
- Beside them too, one process runs the schemathesis tests (collected once: collecting
  tests/api/test_schemathesis.py generates its coverage cases, about 12 s of CPU, which each
  worker paid for; ``-p no:schemathesis`` keeps the plugin out of the workers), then, when the
  core is compiled, the Makefile's PURE_TESTS (tests/core and the per-record modules' tests)
  again as pure Python (``BIGTWO_PURE=1``).

Every pass writes byte-code caches, whatever the environment says: with
``PYTHONDONTWRITEBYTECODE`` set (some shells and CI images set it) every process rewrote and
compiled every test module's assertions again (pytest keeps the result only in ``__pycache__``),
9 of a worker's 14.5 s of CPU to collect the suite, and every subprocess a test starts
compiled the project's modules again on a fresh clone.

The side processes' output is held and printed after the workers' summary, so that nothing
interleaves; the run fails when any pass fails. Arguments are passed to the workers' pytest.

    .venv/bin/python scripts/test_passes.py [pytest arguments]
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parent.parent
# The tests that use schemathesis: run in the side process, which loads it once for them all.
# Importing schemathesis, and test_stateful_api's app, schema and state machine made at import,
# cost each worker about 5 s of CPU to collect a test it did not run.
SCHEMATHESIS = ("tests/api/test_schemathesis.py", "tests/fuzz/test_stateful_api.py")
INSTALL = "tests/install"
MANIFEST = ROOT / "bigtwo" / "native-build.json"
PYTEST = [sys.executable, "-m", "pytest", "-q"]
# What every pass runs in: the caller's environment, byte-code caches allowed (see above).
ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


Pass = tuple[list[str], dict[str, str]]


def side_lanes() -> list[list[Pass]]:
    """The processes beside the workers, each a list of passes run one after the other."""
    schemathesis: list[Pass] = [([*PYTEST, *SCHEMATHESIS], {})]
    if MANIFEST.is_file():  # the core is compiled: test it as Python as well
        # The Makefile's PURE_TESTS: the core's tests and those of the modules it calls per record.
        pure = os.environ.get("PURE_TESTS", "tests/core").split()
        schemathesis.append(([*PYTEST, "-p", "no:schemathesis", *pure], {"BIGTWO_PURE": "1"}))
    return [[([*PYTEST, "-p", "no:schemathesis", INSTALL], {})], schemathesis]


# Tests handed to a worker at a time. xdist's default first hands each worker a quarter of its
# share as one run of consecutive tests: the worker that got the install test (first, and
# two and a half minutes long) then held some 870 tests behind it, the other slow ones among
# them, while the other worker ran out of work (measured: idle its last 130 s of 340; 16 at
# a time, the pass took 290 s instead of 335). Handing out whole files instead
# (--dist=loadfile) kept modules together but measured slower (318 s).
SCHEDULE_CHUNK = 16


def worker_pass(argv: list[str]) -> list[str]:
    return [*PYTEST, "-n", "2", f"--maxschedchunk={SCHEDULE_CHUNK}", "-p", "no:schemathesis",
            *(f"--ignore={path}" for path in (*SCHEMATHESIS, INSTALL)), *argv]


def run_lane(lane: list[Pass], held: IO[str]) -> int:
    """A lane's passes in order, their output into ``held``; the first failure's status."""
    for args, env in lane:
        shown = " ".join([*(f"{k}={v}" for k, v in env.items()), "pytest", *args[4:]])
        held.write(f"$ {shown}\n")
        held.flush()
        done = subprocess.run(args, cwd=ROOT, stdout=held, stderr=subprocess.STDOUT,
                              env={**ENVIRONMENT, **env}, check=False)
        if done.returncode:
            return done.returncode
    return 0


def main(argv: list[str]) -> int:
    lanes = side_lanes()
    with contextlib.ExitStack() as stack:
        held = [stack.enter_context(tempfile.TemporaryFile("w+", encoding="utf-8"))
                for _ in lanes]
        pool = stack.enter_context(ThreadPoolExecutor(len(lanes)))
        running = [pool.submit(run_lane, lane, output)
                   for lane, output in zip(lanes, held, strict=True)]
        workers = subprocess.run(worker_pass(argv), cwd=ROOT, env=ENVIRONMENT, check=False)
        side = [lane.result() for lane in running]
        print("\nBeside the workers: the install test; the schemathesis tests, then PURE_TESTS "
              "as Python", flush=True)
        for output in held:
            output.seek(0)
            sys.stdout.write(output.read())
        sys.stdout.flush()
    return workers.returncode or next((status for status in side if status), 0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
