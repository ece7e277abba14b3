"""Replay benchmark: prints figures, asserts nothing (machines here are noisy).

Builds a simulated corpus (every preset, several deals per record), then measures in one run:
- json.loads of every record line (the yardstick),
- parse + replay (the engine itself), and parse + replay + report (what a caller gets),
- `bigtwo validate FILE.jsonl` end to end in a subprocess: records/s, moves/s,
- peak memory of that subprocess at 1x and 8x the corpus, to show it streams;
- replay time per move under each preset and each v3 game-flow variant of hk-standard
  (``last_card_guard``, ``finish: placings``), as a ratio to hk-standard (--only-profiles);
- `bigtwo validate` against Wal8800/card-games' Big Two engine replaying the same games
  (bench/wal8800_replay.py drives it), each a whole process pinned to one core: CPU and wall
  time, best of --process-runs, and whether both engines gave every record the same verdict.
  Its checkout is found at --rival DIR, else $WAL8800_ENGINE, else /tmp/card-games; it is never
  copied into this project. The corpus is simulated under bench/common-rules.json, the rules
  both engines play (see that file and docs/PERFORMANCE.md).
- with --startup (alone): the CPU time of start-up, `bigtwo validate` on an empty file
  against `python -c pass` and the imports it cannot do without (click, and marshmallow while
  the core still loads it), best of --process-runs, pinned to one core.
Ratios, not absolute times, are what to compare between machines.

    .venv/bin/python bench/replay.py [--records 400] [--deals 3] [--repeat 5]
        [--rival DIR] [--rival-records 2000] [--rival-deals 3] [--process-runs 3] [--only-rival]
        [--only-profiles] [--profile-records 100]
        [--startup]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from timing import best_of  # noqa: E402 - bench/timing.py, beside this script

from bigtwo import native  # noqa: E402

CORE = native.choose(dict(os.environ))  # before the core is imported: BIGTWO_PURE=1 is heard

from bigtwo.records.parse import parse_record  # noqa: E402
from bigtwo.records.pipeline import check_record  # noqa: E402
from bigtwo.rules.profiles import PRESETS, ProfileResolver  # noqa: E402
from bigtwo.rules.replay import replay_record  # noqa: E402
from bigtwo.rules.simulate import simulate  # noqa: E402


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
    proc = subprocess.Popen([sys.executable, "-m", "bigtwo.cli.main", "validate", "--no-progress", str(path)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    peak = 0
    while proc.poll() is None:
        peak = max(peak, _hwm_kib(proc.pid))
        time.sleep(0.005)
    return time.perf_counter() - start, peak


COMMON_RULES = ROOT / "bench" / "common-rules.json"
RIVAL_SCRIPT = ROOT / "bench" / "wal8800_replay.py"


def cached_env(tmp: str, **extra: str) -> dict[str, str]:
    """The environment of a timed process: byte code cached (under ``tmp``, so neither
    checkout is written to), whatever PYTHONDONTWRITEBYTECODE says here. Otherwise every run
    would compile every module again, and the best of several runs would still measure the
    compiler: the first run writes the cache, the best of the rest is what is reported.

    Output buffered as Python buffers it by default, whatever PYTHONUNBUFFERED says here:
    unbuffered, `bigtwo validate` makes a write system call per report line (20,000 instead
    of 3,334 on the headline file), which a user's shell does not ask for."""
    env = {**os.environ, "PYTHONPYCACHEPREFIX": str(Path(tmp) / "pycache"), **extra}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("PYTHONUNBUFFERED", None)
    return env


def process_run(command: list[str], env: dict[str, str]) -> tuple[float, float, bytes]:
    """Wall time, CPU time (user + system) and stdout of one whole process.

    Output goes to a file, not a pipe: a pipe that this process drains late would stall the
    engine that writes more (our reports are longer than the rival's verdicts)."""
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        proc = subprocess.Popen(command, stdout=out, stderr=subprocess.DEVNULL, cwd=ROOT, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode not in (0, 1):
            sys.exit(f"{command[:4]} failed with exit status {proc.returncode}")
        out.seek(0)
        return wall, usage.ru_utime + usage.ru_stime, out.read()


def verdicts(output: bytes) -> list[bool | None]:
    return [json.loads(line)["valid"] for line in output.splitlines()]


def compare_with_rival(args: argparse.Namespace) -> None:
    rival = Path(args.rival)
    if not (rival / "bigtwo" / "bigtwo.py").is_file():
        print(f"\n(no Wal8800/card-games checkout at {rival}: comparison skipped; see --rival)")
        return
    commit = subprocess.run(["git", "-C", str(rival), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True, check=False).stdout.strip() or "unknown commit"
    declaration = json.loads(COMMON_RULES.read_text(encoding="utf-8"))
    profile, problems = ProfileResolver().resolve(declaration)
    assert profile is not None, problems
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "common.jsonl"
        moves = 0
        with path.open("w", encoding="utf-8") as out:
            for record in simulate(profile, records=args.rival_records, deals_per_record=args.rival_deals,
                                   seed=2026):
                del record["profile"]  # the whole file plays one profile: --profile names it
                moves += sum(len(d["moves"]) for d in record["deals"])
                out.write(json.dumps(record, separators=(",", ":")) + "\n")
        env = cached_env(tmp, BIGTWO_DB=str(Path(tmp) / "none.db"), WAL8800_ENGINE=str(rival))
        ours = [*pin, sys.executable, "-m", "bigtwo.cli.main", "validate", "--no-progress", "--profile",
                str(COMMON_RULES), str(path)]
        theirs = [*pin, sys.executable, str(RIVAL_SCRIPT), "--engine", str(rival), str(path)]
        runs: dict[str, list[tuple[float, float]]] = {"bigtwo": [], "bigtwo-pure": [],
                                                      "bigtwo-stdlib-json": [], "wal8800": []}
        outputs: dict[str, bytes] = {}
        # Interleaved, so a burst of load hits all alike; one more round than reported, since
        # the first writes the byte-code cache (cached_env).
        for _ in range(args.process_runs + 1):
            for name, command, extra in (("wal8800", theirs, {}), ("bigtwo", ours, {}),
                                         ("bigtwo-pure", ours, {"BIGTWO_PURE": "1"}),
                                         ("bigtwo-stdlib-json", ours, {"BIGTWO_JSON": "stdlib"})):
                wall, cpu, output = process_run(command, {**env, **extra})
                runs[name].append((wall, cpu))
                outputs[name] = output
    assert outputs["bigtwo"] == outputs["bigtwo-pure"], "the compiled and the Python core disagree"
    same = sum(a == b for a, b in zip(verdicts(outputs["bigtwo"]), verdicts(outputs["wal8800"]), strict=True))
    valid = sum(v is True for v in verdicts(outputs["bigtwo"]))
    print()
    print(f"Against Wal8800/card-games ({commit}): {args.rival_records} records of {args.rival_deals} deal(s), "
          f"{moves} moves, "
          f"rules of bench/common-rules.json; {'pinned to core 0' if pin else 'NOT pinned (no taskset)'}; "
          f"best of {args.process_runs} whole-process runs")
    print(f"same verdict on {same} of {args.rival_records} records ({valid} valid by bigtwo)")
    print()
    print("| engine (whole process) | CPU (s) | wall (s) | records/s (CPU) | Wal8800 CPU / this CPU | "
          "Wal8800 wall / this wall |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    rival_cpu = min(c for _, c in runs["wal8800"])
    rival_wall = min(w for w, _ in runs["wal8800"])
    core = "compiled core" if native.built() and not native.stale() else "core NOT compiled: make native"
    labels = {"wal8800": "Wal8800/card-games engine (bench/wal8800_replay.py)",
              "bigtwo": f"`bigtwo validate` ({core}, orjson)",
              "bigtwo-pure": "`bigtwo validate` (BIGTWO_PURE=1: the core as Python, orjson)",
              "bigtwo-stdlib-json": f"`bigtwo validate` ({core}, BIGTWO_JSON=stdlib)"}
    for name in ("wal8800", "bigtwo", "bigtwo-pure", "bigtwo-stdlib-json"):
        cpu = min(c for _, c in runs[name])
        wall = min(w for w, _ in runs[name])
        print(f"| {labels[name]} | {cpu:.2f} | {wall:.2f} | {args.rival_records / cpu:,.0f} | "
              f"{rival_cpu / cpu:.2f} | {rival_wall / wall:.2f} |")


# The v3 game flow against a plain deal: per move, each variant of hk-standard against
# hk-standard itself (the last-card guard asks one more question of each single; placings play
# on after the first seat is out).
FLOW_VARIANTS: dict[str, dict[str, object]] = {
    "hk-standard, last_card_guard: highest_single": {"extends": "hk-standard",
                                                     "last_card_guard": "highest_single"},
    "hk-standard, last_card_guard: liable": {"extends": "hk-standard", "last_card_guard": "liable"},
    "hk-standard, finish: placings": {"extends": "hk-standard", "finish": "placings",
                                      "scoring": {"place_points": [3, 1, -1, -3]}},
}


def per_profile(args: argparse.Namespace) -> None:
    """Replay time per move under each preset and each game-flow variant, in one run. The
    profiles are timed in turn, round after round (best of --repeat rounds each), so a burst of
    load on a shared machine hits them all alike."""
    resolver = ProfileResolver()
    refs: list[tuple[str, object]] = [(pid, pid) for pid in PRESETS] + list(FLOW_VARIANTS.items())
    corpora = []
    for name, ref in refs:
        profile, problems = resolver.resolve(ref)
        if profile is None:  # an older engine (a before/after run): the variant does not exist
            print(f"({name}: not declarable here: {problems[0].detail})")
            continue
        docs = simulate(profile, records=args.profile_records, deals_per_record=args.deals, seed=7,
                        profile_ref=ref)
        parsed = [rec for rec in (parse_record(doc, resolver=resolver)[0] for doc in docs) if rec is not None]
        corpora.append((name, parsed, sum(len(d.moves) for rec in parsed for d in rec.deals)))
    best = [float("inf")] * len(corpora)
    for _ in range(args.repeat):
        for i, (_, parsed, _) in enumerate(corpora):
            best[i] = min(best[i], best_of(1, lambda parsed=parsed: [replay_record(r) for r in parsed]))
    plain = best[0] / corpora[0][2]
    print()
    print("| profile | moves | replay µs/move | x hk-standard |")
    print("| --- | ---: | ---: | ---: |")
    for (name, _, moves), t in zip(corpora, best, strict=True):
        print(f"| {name} | {moves} | {t / moves * 1e6:.2f} | {t / moves / plain:.2f} |")


def startup(args: argparse.Namespace) -> None:
    """Start-up CPU (user + system, from wait4) of whole processes, best of --process-runs."""
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    with tempfile.TemporaryDirectory() as tmp:
        empty = Path(tmp) / "empty.jsonl"
        empty.write_text("")
        env = cached_env(tmp, BIGTWO_DB=str(Path(tmp) / "none.db"))
        validate = [sys.executable, "-m", "bigtwo.cli.main", "validate", "--no-progress", "--profile"]
        commands = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "python -c 'import click'": [sys.executable, "-c", "import click"],
            "python -c 'import marshmallow'": [sys.executable, "-c", "import marshmallow"],
            "`bigtwo validate --profile hk-standard` (empty file)": [*validate, "hk-standard", str(empty)],
            "`bigtwo validate --profile bench/common-rules.json` (empty file)":
                [*validate, str(COMMON_RULES), str(empty)],
        }
        best = dict.fromkeys(commands, float("inf"))
        # Interleaved, so a burst of load hits all alike; one more round than reported, since
        # the first writes the byte-code cache.
        for _ in range(args.process_runs + 1):
            for name, command in commands.items():
                best[name] = min(best[name], process_run([*pin, *command], env)[1])
    base = best["python -c pass"]
    print(f"start-up, best of {args.process_runs}; {'pinned to core 0' if pin else 'NOT pinned'}")
    print()
    print("| process | CPU (s) | over `python -c pass` (s) |")
    print("| --- | ---: | ---: |")
    for name, cpu in best.items():
        print(f"| {name} | {cpu:.3f} | {cpu - base:.3f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--records", type=int, default=400)
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--rival", default=os.environ.get("WAL8800_ENGINE", "/tmp/card-games"),
                        help="Wal8800/card-games checkout (default: $WAL8800_ENGINE or /tmp/card-games)")
    parser.add_argument("--rival-records", type=int, default=2000)
    parser.add_argument("--rival-deals", type=int, default=3, help="deals per record (as the corpus above)")
    parser.add_argument("--process-runs", type=int, default=3)
    parser.add_argument("--only-rival", action="store_true", help="Only the comparison with Wal8800.")
    parser.add_argument("--profile-records", type=int, default=100,
                        help="records per profile for the per-profile table")
    parser.add_argument("--only-profiles", action="store_true",
                        help="Only the per-profile table (presets and the v3 game-flow variants).")
    parser.add_argument("--startup", action="store_true", help="Only the start-up figures.")
    args = parser.parse_args()
    if args.startup:
        startup(args)
        return
    if args.only_rival:
        compare_with_rival(args)
        return
    if args.only_profiles:
        per_profile(args)
        return

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
    per_profile(args)
    compare_with_rival(args)


if __name__ == "__main__":
    main()
