"""Every headline figure of docs/PERFORMANCE.md in one run, as ratios (`make bench`).

Prints figures, asserts nothing but that the outputs compared agree (machines are noisy).
Every figure is a whole process (start-up included), timed from outside with ``wait4``,
the commands of a row run in turn, round after round, so that load on a shared machine hits
them alike; the MEDIAN of ``--runs`` rounds is quoted (one more round runs first, uncounted,
to write the byte-code cache). Rows:

- ``bigtwo validate`` (compiled core, and ``BIGTWO_PURE=1``) against the Wal8800/card-games
  engine (bench/wal8800_replay.py) on ``--records`` one-deal records simulated under
  bench/common-rules.json, pinned to one core; the rival's checkout is found at ``--rival``,
  else ``$WAL8800_ENGINE``, else /tmp/card-games, and its row is skipped (saying so) when
  absent. It is never copied into this project;
- the same ``bigtwo validate`` against a process that only parses every line with orjson;
- compiled against pure;
- start-up: ``bigtwo validate`` of one one-deal record naming a preset (the console script's
  way, bigtwo.cli.entry), pinned, against ``python -c pass`` (the interpreter alone), at
  least 9 rounds (goal: at most 3.5x its CPU);
- ``bigtwo validate FILE`` against ``bigtwo validate --workers 2 FILE`` on
  ``--cluster-records`` records (not pinned: the cluster needs both cores): CPU, the reaped
  workers' included (goal: at most 1.10x), wall, the one process's rate on one core (the
  figure docs/SCALING.md opens with), and the local cluster's fixed cost: ``--workers 2`` on
  a one-record file;
- ``POST /v1/validate/batch`` (gunicorn, one worker, batches of 100 sent one after another)
  records/s against the CLI's on the same records.

    .venv/bin/python bench/summary.py [--records 20000] [--cluster-records 80000] [--runs 5]
        [--rival DIR] [--batch-records 5000] [--only single|cluster|http]

``--only single`` runs the first table alone (the Wal8800, orjson and compiled-against-pure
ratios), ``--only cluster`` the Dask rows, ``--only http`` the batch API's; repeat it to
choose several. The HTTP row needs the single rows' figures, so it runs them too.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:] = [str(ROOT), str(HERE)] + [p for p in sys.path if Path(p or ".").resolve() != HERE]

from replay import (  # noqa: E402 - bench/replay.py, beside this script
    COMMON_RULES,
    RIVAL_SCRIPT,
    cached_env,
)

from bigtwo import native  # noqa: E402
from bigtwo.rules.profiles import PRESETS, ProfileResolver  # noqa: E402
from bigtwo.rules.simulate import simulate  # noqa: E402

# What the console script runs (pyproject's [project.scripts]: bigtwo.cli.entry, whose plain
# `bigtwo validate FILE` needs no click).
VALIDATE = "import sys; sys.argv[0] = 'bigtwo'; from bigtwo.cli.entry import script; script()"
STARTUP_GOAL = 3.5  # `bigtwo validate` of one record at most this many `python -c pass`, CPU
CLUSTER_CPU_GOAL = 1.10  # `--workers 2` at most this many one process's CPU, workers included


def one_core_rate(records: int, cpu: float) -> str:
    """The one-core rate as docs/SCALING.md quotes it (tests/docs/test_scaling_doc.py holds
    the doc to this format, never to a figure)."""
    return f"{records / cpu:,.0f} one-deal records a second of CPU"
ORJSON_PARSE = ("import orjson, sys\n"
                "with open(sys.argv[1], 'rb') as f:\n"
                "    for line in f:\n"
                "        orjson.loads(line)\n")


def run(command: list[str], env: dict[str, str]) -> tuple[float, float, bytes]:
    """Wall and CPU seconds (user + system, from wait4) and stdout of one whole process."""
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        proc = subprocess.Popen(command, stdout=out, stderr=subprocess.DEVNULL, cwd=ROOT, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        if os.waitstatus_to_exitcode(status) not in (0, 1):
            sys.exit(f"{command[:6]} failed with exit status {os.waitstatus_to_exitcode(status)}")
        out.seek(0)
        return wall, usage.ru_utime + usage.ru_stime, out.read()


def rounds(commands: dict[str, tuple[list[str], dict[str, str]]], runs: int,
           ) -> tuple[dict[str, tuple[float, float]], dict[str, bytes]]:
    """Median (wall, CPU) of each command over ``runs`` interleaved rounds, and its output."""
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    outputs: dict[str, bytes] = {}
    for round_ in range(runs + 1):
        for name, (command, env) in commands.items():
            wall, cpu, outputs[name] = run(command, env)
            if round_:
                times[name].append((wall, cpu))
    return ({name: (statistics.median(w for w, _ in t), statistics.median(c for _, c in t))
             for name, t in times.items()}, outputs)


def write_corpus(path: Path, records: int, profile_ref: object, seed: int,
                 keep_profile: bool = True) -> int:
    profile, problems = ProfileResolver().resolve(profile_ref)
    assert profile is not None, problems
    with path.open("a", encoding="utf-8") as out:
        for record in simulate(profile, records=records, deals_per_record=1, seed=seed):
            if not keep_profile:
                del record["profile"]
            out.write(json.dumps(record, separators=(",", ":")) + "\n")
    return records


def _load_http_bench() -> Any:
    """bench/http.py's gunicorn helpers (its name would shadow the standard library's http)."""
    spec = importlib.util.spec_from_file_location("bench_http", HERE / "http.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def batch_records_per_second(path: Path, records: int, env: dict[str, str]) -> float:
    """Records/s of POST /v1/validate/batch: gunicorn with one worker, batches of 100 sent
    one after another (the CLI is one process on one core too)."""
    http_client = _load_http_bench()
    lines = path.read_text(encoding="utf-8").splitlines()[:records]
    declaration = json.loads(COMMON_RULES.read_text(encoding="utf-8"))
    bodies = [json.dumps({"records": [{**json.loads(line), "profile": declaration}
                                      for line in lines[i:i + 100]]}).encode()
              for i in range(0, len(lines), 100)]
    port = http_client.free_port()
    with tempfile.TemporaryDirectory() as tmp:
        server = http_client.start_gunicorn(port, 1, Path(tmp) / "bench.db")
        try:
            http_client.wait_until_up(port, server)
            for body in bodies[:3]:  # warm: the first requests load what the rest reuse
                http_client.request(port, "POST", "/v1/validate/batch", body)
            start = time.perf_counter()
            for body in bodies:
                status, _ = http_client.request(port, "POST", "/v1/validate/batch", body)
                if status != 200:
                    sys.exit(f"POST /v1/validate/batch answered {status}")
            return len(lines) / (time.perf_counter() - start)
        finally:
            http_client.stop(server)


def cluster_rows(args: argparse.Namespace, base: dict[str, str], python: str,
                 rows: list[tuple[str, str, float]], tmp: Path) -> None:
    """``bigtwo validate FILE`` against ``--workers 2`` on ``--cluster-records`` records, and
    both on one record (the local cluster's fixed cost), in interleaved rounds."""
    many = tmp / "mixed.jsonl"
    per = -(-args.cluster_records // len(PRESETS))
    for i, preset in enumerate(sorted(PRESETS)):
        write_corpus(many, min(per, args.cluster_records - i * per), preset, 500 + i)
    tiny = tmp / "tiny.jsonl"
    tiny.write_bytes(many.open("rb").readline())
    cli = [python, "-m", "bigtwo.cli.main", "validate", "--no-progress"]
    cluster, outputs = rounds({"one": ([*cli, str(many)], base),
                               "two": ([*cli, "--workers", "2", str(many)], base),
                               "one-tiny": ([*cli, str(tiny)], base),
                               "two-tiny": ([*cli, "--workers", "2", str(tiny)], base)},
                              args.runs)
    assert outputs["one"] == outputs["two"], "--workers 2 printed other bytes"
    print(f"\n{args.cluster_records:,} records (one deal, every preset), not pinned, load "
          f"average {os.getloadavg()[0]:.1f} at the end:\n")
    print("| process | median wall (s) | median CPU, its workers included (s) |")
    print("| --- | ---: | ---: |")
    for name, label in (("one", "`bigtwo validate FILE`"),
                        ("two", "`bigtwo validate --workers 2 FILE`"),
                        ("one-tiny", "`bigtwo validate` of one record"),
                        ("two-tiny", "`bigtwo validate --workers 2` of one record")):
        wall, cpu = cluster[name]
        print(f"| {label} | {wall:.2f} | {cpu:.2f} |")
    print(f"\none process: {one_core_rate(args.cluster_records, cluster['one'][1])} on one core")
    rows.append(("`--workers 2` CPU / one process CPU, the workers' included",
                 f"goal at most {CLUSTER_CPU_GOAL}x", cluster["two"][1] / cluster["one"][1]))
    rows.append(("one process wall / `--workers 2` wall", "",
                 cluster["one"][0] / cluster["two"][0]))
    rows.append(("local cluster's fixed cost (s): `--workers 2` minus one process, one record",
                 "", cluster["two-tiny"][0] - cluster["one-tiny"][0]))



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=20_000)
    parser.add_argument("--cluster-records", type=int, default=80_000)
    parser.add_argument("--batch-records", type=int, default=5_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rival", default=os.environ.get("WAL8800_ENGINE", "/tmp/card-games"),
                        help="Wal8800/card-games checkout (default: $WAL8800_ENGINE or /tmp/card-games)")
    parser.add_argument("--only", action="append", choices=("single", "cluster", "http"),
                        help="run only these rows (repeatable; default: all)")
    args = parser.parse_args()
    only = set(args.only or ("single", "cluster", "http"))
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True, check=False).stdout.strip()
    core = native.choose({})
    print(f"{time.strftime('%Y-%m-%d', time.gmtime())}, commit {commit or 'unknown'}, "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; core: {core}; "
          f"medians of {args.runs} interleaved whole-process rounds")
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    python = sys.executable
    rows: list[tuple[str, str, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        base = cached_env(tmp, BIGTWO_DB=str(Path(tmp) / "none.db"))
        base.pop("BIGTWO_PURE", None)
        one_deal = Path(tmp) / "common.jsonl"
        write_corpus(one_deal, args.records, json.loads(COMMON_RULES.read_text()), 2026,
                     keep_profile=False)
        if only & {"single", "http"}:
            validate = [*pin, python, "-m", "bigtwo.cli.main", "validate", "--no-progress",
                        "--profile", str(COMMON_RULES), str(one_deal)]
            commands = {"compiled": (validate, base), "pure": (validate, {**base, "BIGTWO_PURE": "1"}),
                        "orjson": ([*pin, python, "-c", ORJSON_PARSE, str(one_deal)], base)}
            rival = Path(args.rival)
            has_rival = (rival / "bigtwo" / "bigtwo.py").is_file()
            if has_rival:
                commands["wal8800"] = ([*pin, python, str(RIVAL_SCRIPT), "--engine", str(rival),
                                        str(one_deal)], base)
            single, outputs = rounds(commands, args.runs)
            assert outputs["compiled"] == outputs["pure"], "the compiled and the Python core disagree"
            n = args.records
            print(f"\n{n:,} one-deal records under bench/common-rules.json, "
                  f"{'pinned to core 0' if pin else 'not pinned (no taskset)'}:\n")
            print("| process | median CPU (s) | median wall (s) | records/s (CPU) |")
            print("| --- | ---: | ---: | ---: |")
            for name, label in (("wal8800", "Wal8800/card-games (bench/wal8800_replay.py)"),
                                ("compiled", "`bigtwo validate`, compiled core"),
                                ("pure", "`bigtwo validate`, BIGTWO_PURE=1"),
                                ("orjson", "orjson.loads of every line, nothing else")):
                if name in single:
                    wall, cpu = single[name]
                    print(f"| {label} | {cpu:.2f} | {wall:.2f} | {n / cpu:,.0f} |")
            cpu_of: Callable[[str], float] = lambda name: single[name][1]  # noqa: E731
            if has_rival:
                rows.append(("Wal8800 CPU / `bigtwo validate` CPU, compiled", "goal 8x",
                             cpu_of("wal8800") / cpu_of("compiled")))
                rows.append(("Wal8800 CPU / `bigtwo validate` CPU, BIGTWO_PURE=1", "goal 4x",
                             cpu_of("wal8800") / cpu_of("pure")))
            else:
                print(f"\n(no Wal8800/card-games checkout at {rival}: its rows are skipped; see --rival)")
            rows.append(("`bigtwo validate` CPU / orjson's parse CPU, compiled", "goal at most 5x",
                         cpu_of("compiled") / cpu_of("orjson")))
            rows.append(("pure CPU / compiled CPU", "", cpu_of("pure") / cpu_of("compiled")))

        if "single" in only:
            record = Path(tmp) / "one.json"
            write_corpus(record, 1, "hk-standard", 2026)  # one line of JSON: a .json document
            started, _ = rounds({"pass": ([*pin, python, "-c", "pass"], base),
                                 "validate": ([*pin, python, "-c", VALIDATE, "validate", str(record)],
                                              base)}, max(9, args.runs))
            print(f"\nstart-up, {'pinned to core 0' if pin else 'not pinned'}, median of "
                  f"{max(9, args.runs)} rounds:\n")
            print("| process | median CPU (s) | median wall (s) |")
            print("| --- | ---: | ---: |")
            print(f"| `python -c pass` | {started['pass'][1]:.3f} | {started['pass'][0]:.3f} |")
            print(f"| `bigtwo validate` of one record (hk-standard, one deal) | "
                  f"{started['validate'][1]:.3f} | {started['validate'][0]:.3f} |")
            rows.append(("start-up: `bigtwo validate` of one record, CPU (s)", "",
                         started["validate"][1]))
            rows.append(("start-up: `bigtwo validate` of one record CPU / `python -c pass` CPU",
                         f"goal at most {STARTUP_GOAL}x",
                         started["validate"][1] / started["pass"][1]))

        if "cluster" in only:
            cluster_rows(args, base, python, rows, Path(tmp))

        if "http" in only:
            api = batch_records_per_second(one_deal, args.batch_records, base)
            cli_rate = args.records / single["compiled"][0]
            print(f"\nPOST /v1/validate/batch: {api:,.0f} records/s (gunicorn, 1 worker, batches of "
                  f"100 in turn); `bigtwo validate`: {cli_rate:,.0f} records/s (wall)")
            rows.append(("`POST /v1/validate/batch` records/s / the CLI's", "", api / cli_rate))
    print_rows(rows)


def print_rows(rows: list[tuple[str, str, float]]) -> None:
    print("\n| ratio | goal | measured |")
    print("| --- | --- | ---: |")
    for label, goal, value in rows:
        # Three significant digits: a start-up of 0.064 s must not print as the goal's 0.06.
        print(f"| {label} | {goal} | {value:.3g} |")


if __name__ == "__main__":
    main()
