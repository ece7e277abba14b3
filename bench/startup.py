"""Start-up of `bigtwo validate` on a one-deal record, against `python -c pass`.

Each command runs as a whole process (interleaved, best of ``--repeat``, pinned to one core
with ``taskset`` when it is there); CPU time is user + system from ``wait4``. Rows:

- ``python -c pass``: the interpreter alone, the floor;
- ``import bigtwo.cli.main``: the CLI's imports (click, the rules core, records);
- ``bigtwo validate one.json``: a one-deal record naming a preset, end to end;
- with ``--compare DIR``, the same two for another checkout (e.g. the commit before a change),
  so both sides are measured in one run on one machine.

It also lists which of the heavy packages each `validate` loaded (marshmallow, the store).

    .venv/bin/python bench/startup.py [--repeat 15] [--compare ../other-checkout]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

VALIDATE = "import sys; from bigtwo.cli.main import main; main(sys.argv[1:], prog_name='bigtwo')"
PROBE = ("import sys, json; from bigtwo.cli.main import main\n"
         "try:\n    main(sys.argv[1:], prog_name='bigtwo')\nexcept SystemExit:\n    pass\n"
         "print(json.dumps(sorted(sys.modules)), file=sys.stderr)")
HEAVY = ("marshmallow", "sqlite_utils", "sqlite3", "bigtwo.store", "flask", "schemas")


def one_deal_record(folder: Path) -> Path:
    from bigtwo.rules.profiles import PRESETS
    from bigtwo.rules.simulate import simulate_record

    doc = simulate_record(PRESETS["hk-standard"], 1, random.Random(2026), profile_ref="hk-standard")
    path = folder / "one.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def run(argv: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float]:
    """(CPU, wall) seconds of one whole process. ``cwd`` holds no package: ``python -c`` puts
    it first on sys.path, where it would shadow PYTHONPATH."""
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    start = time.perf_counter()
    proc = subprocess.Popen([*pin, *argv], env=env, cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{argv} exited {proc.returncode}")
    return usage.ru_utime + usage.ru_stime, wall


def heavy_modules(root: Path, record: Path) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(root), "BIGTWO_DB": "/nonexistent/bigtwo.db"}
    proc = subprocess.run([sys.executable, "-c", PROBE, "validate", str(record)], env=env,
                          cwd=record.parent, capture_output=True, text=True, check=False)
    modules = json.loads(proc.stderr.strip().splitlines()[-1])
    return sorted({m.split(".")[0] if not m.startswith("bigtwo.") else ".".join(m.split(".")[:2])
                   for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY)})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--compare", type=Path, help="another checkout to measure beside this one")
    args = parser.parse_args()
    roots = [("this checkout", ROOT)] + ([("--compare", args.compare.resolve())] if args.compare else [])
    with tempfile.TemporaryDirectory() as tmp:
        record = one_deal_record(Path(tmp))
        cases: list[tuple[str, list[str], dict[str, str]]] = []
        base_env = {**os.environ, "BIGTWO_DB": str(Path(tmp) / "absent.db")}
        base_env.pop("PYTHONPATH", None)
        cases.append(("`python -c pass`", [sys.executable, "-c", "pass"], base_env))
        for label, root in roots:
            env = {**base_env, "PYTHONPATH": str(root)}
            cases.append((f"`import bigtwo.cli.main` ({label})",
                          [sys.executable, "-c", "import bigtwo.cli.main"], env))
            cases.append((f"`bigtwo validate one.json` ({label})",
                          [sys.executable, "-c", VALIDATE, "validate", str(record)], env))
        best = {name: (float("inf"), float("inf")) for name, _, _ in cases}
        for _ in range(args.repeat):
            for name, argv, env in cases:
                cpu, wall = run(argv, env, Path(tmp))
                best[name] = (min(best[name][0], cpu), min(best[name][1], wall))
        loaded = {label: heavy_modules(root, record) for label, root in roots}
    floor_cpu, floor_wall = best[cases[0][0]]
    print(f"start-up: one-deal record naming hk-standard; best of {args.repeat} interleaved "
          f"whole-process runs{' pinned to core 0' if shutil.which('taskset') else ''}")
    print()
    print("| command | CPU (s) | wall (s) | CPU - python -c pass (s) | x python -c pass (CPU) |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, _, _ in cases:
        cpu, wall = best[name]
        print(f"| {name} | {cpu:.3f} | {wall:.3f} | {cpu - floor_cpu:.3f} | {cpu / floor_cpu:.2f} |")
    print()
    for label, modules in loaded.items():
        print(f"heavy packages loaded by validate ({label}): {', '.join(modules) or 'none'}")


if __name__ == "__main__":
    main()
