"""Start-up of `bigtwo validate` on a one-deal record, against `python -c pass`.

Each command runs as a whole process, the commands of a round in turn, round after round
(pinned to one core with ``taskset`` when it is there), so that load on a shared machine hits
them alike; CPU time is user + system from ``wait4``, byte code cached (in a temporary
directory, whatever PYTHONDONTWRITEBYTECODE says: one uncounted round writes it). Printed:
the median of the rounds, and the median of each round's own ratio to ``python -c pass``
(the figure the goal is read on: at most 3.5x). Rows:

- ``python -c pass``: the interpreter alone, the floor;
- ``import bigtwo.cli.main``: the click group's imports (click, the rules core, records);
- ``bigtwo validate one.json``: a one-deal record naming a preset, end to end, as the
  console script runs it (``bigtwo.cli.entry``: the click-free path, ``bigtwo.cli.quick``);
- ``bigtwo validate one.json``, through click: the same command as ``bigtwo.cli.main`` runs it;
- with ``--compare DIR``, the same for another checkout (e.g. the commit before a change),
  so both sides are measured in one run on one machine.

It also lists which of the heavy modules each checkout's console script loaded for it.

    .venv/bin/python bench/startup.py [--repeat 41] [--compare ../other-checkout]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ENTRY = "import sys; sys.argv[0] = 'bigtwo'; from bigtwo.cli.entry import script; script()"
CLICK = "import sys; from bigtwo.cli.main import main; main(sys.argv[1:], prog_name='bigtwo')"
PROBE = ("import sys, json; sys.argv[0] = 'bigtwo'; from bigtwo.cli.entry import run\n"
         "try:\n    run()\nexcept SystemExit:\n    pass\n"
         "print(json.dumps(sorted(sys.modules)), file=sys.stderr)")
# What a one-record check does not need: the web and the store, click, and the standard
# library's and orjson's heavier imports (docs/PERFORMANCE.md, "Start-up").
HEAVY = ("marshmallow", "sqlite_utils", "sqlite3", "bigtwo.store", "flask", "schemas", "click",
         "babel", "orjson", "dataclasses", "inspect", "hashlib", "copy", "pkgutil", "gettext")


def one_deal_record(folder: Path) -> Path:
    from bigtwo.rules.profiles import PRESETS
    from bigtwo.rules.simulate import simulate_record

    doc = simulate_record(PRESETS["hk-standard"], 1, random.Random(2026), profile_ref="hk-standard")
    path = folder / "one.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def run(argv: list[str], env: dict[str, str], cwd: Path) -> float:
    """CPU seconds of one whole process. ``cwd`` holds no package: ``python -c`` puts it first
    on sys.path, where it would shadow PYTHONPATH."""
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    proc = subprocess.Popen([*pin, *argv], env=env, cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{argv} exited {proc.returncode}")
    return usage.ru_utime + usage.ru_stime


def heavy_modules(env: dict[str, str], record: Path) -> list[str]:
    proc = subprocess.run([sys.executable, "-c", PROBE, "validate", str(record)], env=env,
                          cwd=record.parent, capture_output=True, text=True, check=False)
    modules = json.loads(proc.stderr.strip().splitlines()[-1])
    return sorted({m.split(".")[0] if not m.startswith("bigtwo.") else ".".join(m.split(".")[:2])
                   for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY)})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=41, help="counted rounds")
    parser.add_argument("--compare", type=Path, help="another checkout to measure beside this one")
    args = parser.parse_args()
    roots = [("this checkout", ROOT)] + ([("--compare", args.compare.resolve())] if args.compare else [])
    with tempfile.TemporaryDirectory() as tmp:
        record = one_deal_record(Path(tmp))
        cases: list[tuple[str, list[str], dict[str, str]]] = []
        base_env = {**os.environ, "BIGTWO_DB": str(Path(tmp) / "absent.db")}
        for name in ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE"):
            base_env.pop(name, None)
        cases.append(("`python -c pass`", [sys.executable, "-c", "pass"], base_env))
        envs = {}
        for number, (label, root) in enumerate(roots):
            # One byte-code cache per checkout: the same module paths must not share one.
            envs[label] = env = {**base_env, "PYTHONPATH": str(root),
                                 "PYTHONPYCACHEPREFIX": str(Path(tmp) / f"pycache{number}")}
            cases.append((f"`import bigtwo.cli.main` ({label})",
                          [sys.executable, "-c", "import bigtwo.cli.main"], env))
            cases.append((f"`bigtwo validate one.json` ({label})",
                          [sys.executable, "-c", ENTRY, "validate", str(record)], env))
            cases.append((f"`bigtwo validate one.json` through click ({label})",
                          [sys.executable, "-c", CLICK, "validate", str(record)], env))
        for _, argv, env in cases:  # writes the byte-code caches; not counted
            run(argv, env, Path(tmp))
        cpu: dict[str, list[float]] = {name: [] for name, _, _ in cases}
        for _ in range(args.repeat):
            for name, argv, env in cases:
                cpu[name].append(run(argv, env, Path(tmp)))
        loaded = {label: heavy_modules(envs[label], record) for label, _ in roots}
    floor = cpu[cases[0][0]]
    print(f"start-up: one-deal record naming hk-standard; {args.repeat} rounds of whole processes "
          f"in turn{', pinned to core 0' if shutil.which('taskset') else ''}; medians")
    print()
    print("| command | CPU (s) | CPU - python -c pass (s) | x python -c pass (CPU) |")
    print("| --- | ---: | ---: | ---: |")
    for name, _, _ in cases:
        median = statistics.median(cpu[name])
        ratio = statistics.median(c / f for c, f in zip(cpu[name], floor, strict=True))
        print(f"| {name} | {median:.4f} | {median - statistics.median(floor):.4f} | {ratio:.2f} |")
    print()
    for label, modules in loaded.items():
        print(f"heavy modules the console script's validate loaded ({label}): "
              f"{', '.join(modules) or 'none'}")


if __name__ == "__main__":
    main()
