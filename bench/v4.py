"""Rules v4's speed and memory goals (issue 38), as ratios (`make bench` runs it).

Prints figures and asserts nothing but that compared outputs agree (machines are noisy: the
sides of a comparison run in turn, round after round, and medians are quoted). Sections:

- ``--before DIR``: a checkout of the tree before v4 with its compiled core built in place.
  ``bigtwo validate`` of ``--records`` one-deal records under bench/common-rules.json, this
  tree against DIR, whole processes pinned to one core, CPU from ``wait4``, the two in turn and in
  alternating order (goal: at most 1.05x). Skipped, saying so, without DIR;
- per move: replaying simulated deals of 8 players with two decks against 4 players with one
  deck (hk-standard), in process, CPU per move (goal: at most 2x);
- ``POST /v1/next`` for the worst hand the limits allow (two seats of four decks with two
  jokers each: 108 cards, 8 of them jokers, to lead freely), CPU per request (Flask's test
  client), and the simulator's first move on that hand (goal: at most a second each);
- memory: tracemalloc's peak while ``check_record`` reads and replays a one-deck record
  against a v4 record (two decks, jokers, 8 players) of about the same size in bytes
  (goal: the v4 record at most 1.0x per byte).

    .venv/bin/python bench/v4.py [--before DIR] [--records 20000] [--runs 5]
        [--only before|moves|next|memory]
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
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:] = [str(ROOT), str(HERE)] + [p for p in sys.path if Path(p or ".").resolve() != HERE]

from replay import COMMON_RULES, cached_env  # noqa: E402 - bench/replay.py, beside this script
from summary import print_rows, run, write_corpus  # noqa: E402

sys.path.remove(str(HERE))  # bench/http.py would shadow the standard library's http (Flask's)

from bigtwo import limits, native  # noqa: E402
from bigtwo.records.parse import parse_record  # noqa: E402
from bigtwo.records.pipeline import check_record  # noqa: E402
from bigtwo.rules import cards  # noqa: E402
from bigtwo.rules.combos import Combo  # noqa: E402
from bigtwo.rules.multiset.table import MultisetTable, table_for  # noqa: E402
from bigtwo.rules.play import deal_lead, may_pass  # noqa: E402
from bigtwo.rules.profiles import DEFAULT_RESOLVER, Profile  # noqa: E402
from bigtwo.rules.replay import replay_record  # noqa: E402
from bigtwo.rules.table import Table  # noqa: E402

BEFORE_GOAL = 1.05
MOVES_GOAL = 2.0
NEXT_GOAL_S = 1.0
MEMORY_GOAL = 1.0

ONE_DECK: dict[str, Any] = {"extends": "hk-standard"}
EIGHT_TWO_DECKS: dict[str, Any] = {"extends": "hk-standard", "players": 8, "decks": 2}
V4_MEMORY: dict[str, Any] = {"extends": "hk-standard", "players": 8, "decks": 2, "jokers": 2}
WORST: dict[str, Any] = {"extends": "hk-standard", "players": 2, "decks": 4, "jokers": 2,
                         "hand_size": 108, "opening": {"later_deals": "lowest_card"}}

Row = tuple[str, str, float]
# `bigtwo ARGS` run from the tree given first (its compiled core built in place); with
# ``--core``, which core that tree loads and from where.
IN_TREE = ("import sys; sys.path.insert(0, sys.argv.pop(1)); sys.argv[0] = 'bigtwo'\n"
           "if sys.argv[1:] == ['--core']:\n"
           "    import bigtwo.native as n, bigtwo.rules.play as p; print(n.choose({}), p.__file__)\n"
           "else:\n"
           "    import runpy; runpy.run_module('bigtwo.cli.main', run_name='__main__')\n")


def alternated(commands: dict[str, tuple[list[str], dict[str, str]]], runs: int,
               ) -> tuple[dict[str, tuple[float, float]], dict[str, bytes], list[float]]:
    """``summary.rounds`` with the order of the commands reversed every other round (A B,
    B A, ...), so that neither side always runs second: median (wall, CPU) of each, their
    outputs, and the CPU ratio of the second command to the first within each round."""
    names = list(commands)
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
    outputs: dict[str, bytes] = {}
    ratios = []
    for round_ in range(runs + 1):  # the first round writes the byte-code cache: uncounted
        for name in (names if round_ % 2 else names[::-1]):
            wall, cpu, outputs[name] = run(*commands[name])
            if round_:
                times[name].append((wall, cpu))
        if round_:
            ratios.append(times[names[1]][-1][1] / times[names[0]][-1][1])
    medians = {name: (statistics.median(w for w, _ in t), statistics.median(c for _, c in t))
               for name, t in times.items()}
    return medians, outputs, ratios


def resolve(declaration: dict[str, Any]) -> Profile:
    profile, problems = DEFAULT_RESOLVER.resolve(declaration)
    assert profile is not None, problems
    return profile


def before_rows(args: argparse.Namespace, rows: list[Row], tmp: Path) -> None:
    """This tree's ``bigtwo validate`` against the tree before v4, whole processes."""
    before = Path(args.before).resolve() if args.before else None
    if before is None or not (before / "bigtwo" / "rules" / "play.py").is_file():
        print(f"\n(no tree before v4 given, --before {args.before}: the 1.05x row is skipped)")
        return
    corpus = tmp / "common.jsonl"
    write_corpus(corpus, args.records, json.loads(COMMON_RULES.read_text()), 2026,
                 keep_profile=False)
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    base = cached_env(str(tmp), BIGTWO_DB=str(tmp / "none.db"))
    base.pop("BIGTWO_PURE", None)
    arguments = ["validate", "--no-progress", "--profile", str(COMMON_RULES), str(corpus)]
    # The tree comes first on the module path (before the working directory and the
    # installed one), so each process runs its own tree and compiled core.
    commands = {name: ([*pin, sys.executable, "-c", IN_TREE, str(tree), *arguments], base)
                for name, tree in (("before", before), ("v4", ROOT))}
    for name, (command, env) in commands.items():
        said = subprocess.run([sys.executable, "-c", IN_TREE, command[-6], "--core"], env=env,
                              capture_output=True, text=True, check=True).stdout
        print(f"{name}: {said.strip()}")
    times, outputs, ratios = alternated(commands, args.runs)
    assert outputs["v4"] == outputs["before"], "the tree before v4 reported other bytes"
    print(f"\n{args.records:,} one-deal records under bench/common-rules.json, "
          f"{'pinned to core 0' if pin else 'not pinned'}, medians of {args.runs} rounds:\n")
    print("| tree | median CPU (s) | median wall (s) | records/s (CPU) |")
    print("| --- | ---: | ---: | ---: |")
    for name in ("before", "v4"):
        wall, cpu = times[name]
        print(f"| {name} | {cpu:.2f} | {wall:.2f} | {args.records / cpu:,.0f} |")
    print(f"\nv4 / before, round by round (CPU): {', '.join(f'{r:.3f}' for r in ratios)}")
    rows.append(("one deck: `bigtwo validate` CPU, v4 / before v4 (compiled), ratio of medians",
                 f"goal at most {BEFORE_GOAL}x", times["v4"][1] / times["before"][1]))
    rows.append(("one deck: the same, median of the rounds' ratios", f"goal at most {BEFORE_GOAL}x",
                 statistics.median(ratios)))


def moves_of(table: Table) -> list[tuple[Combo, list[int]]]:
    """Every play the seat to move may make, as (combination, the ids it names): on the
    multiset table with its jokers' stand-ins (``legal_moves``)."""
    if isinstance(table, MultisetTable):
        return table.legal_moves()
    return [(combo, list(combo.cards)) for combo in table.legal_plays()]


def _played(profile: Profile, hands: list[list[int]], rng: random.Random) -> list[Any] | None:
    """The moves of a deal played at random (a play, or a pass with 0.35 where one is
    allowed, as the simulator's players), each checked and applied as the replay does; None
    at a dead end or past the move limit."""
    leader, opening = deal_lead(profile, 0, None, hands)
    assert leader is not None
    table = table_for(profile, hands, leader, opening)
    moves: list[dict[str, Any]] = []
    while table.winner is None:
        if len(moves) >= limits.MAX_MOVES_PER_DEAL:
            return None
        seat = table.current
        options = moves_of(table)
        passing = may_pass(table)
        if options and (not passing or rng.random() >= 0.35):
            combo, ids = rng.choice(options)
            verdict = table.check(seat, ids)
            assert type(verdict) is Combo, verdict
            moves.append({"seat": seat, "play": cards.names(ids)})
            table.apply(seat, verdict)
        elif passing:
            assert table.check(seat, None) is None
            moves.append({"seat": seat, "pass": True})
            table.apply(seat, None)
        else:
            return None
    return moves


def dealt_records(declaration: dict[str, Any], count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` one-deal records played at random (the simulator's players) from hands dealt
    here out of the profile's whole supply, copies and jokers included."""
    profile = resolve(declaration)
    rng = random.Random(seed)
    supply = [c for c in range(cards.DECK_SIZE) for _ in range(profile.decks)]
    supply += [cards.JOKER] * (profile.decks * profile.jokers)
    out = []
    while len(out) < count:
        rng.shuffle(supply)
        size = profile.hand_size
        hands = [sorted(supply[i * size:(i + 1) * size]) for i in range(profile.players)]
        moves = _played(profile, hands, rng)
        if moves is None:
            continue
        out.append({"profile": declaration,
                    "deals": [{"hands": [cards.names(h) for h in hands], "moves": moves}]})
    return out


def replay_cpu(records: list[Any]) -> tuple[float, int]:
    """CPU seconds to parse and replay ``records`` (parsed dicts), and the moves replayed."""
    moves = sum(len(d["moves"]) for r in records for d in r["deals"])
    start = time.process_time()
    for doc in records:
        record, problems = parse_record(doc)
        assert record is not None, problems
        result = replay_record(record)
        assert not result.errors, result.errors
    return time.process_time() - start, moves


def move_rows(args: argparse.Namespace, rows: list[Row]) -> None:
    """CPU per replayed move: 8 players from two decks against 4 from one, in turn."""
    sides = {}
    for name, declaration in (("4 players, one deck", ONE_DECK),
                              ("8 players, two decks", EIGHT_TWO_DECKS)):
        sides[name] = dealt_records(declaration, args.deals, 38)
    per_move: dict[str, list[float]] = {name: [] for name in sides}
    counted: dict[str, int] = {}
    for _ in range(args.runs):
        for name, records in sides.items():
            cpu, counted[name] = replay_cpu(records)
            per_move[name].append(cpu / counted[name])
    print(f"\nreplay (parse + replay_record, in process), {args.deals:,} deals each, "
          f"medians of {args.runs} rounds, core: {native.choose({})}:\n")
    print("| table | moves | median CPU per move (µs) |")
    print("| --- | ---: | ---: |")
    medians = {name: statistics.median(v) for name, v in per_move.items()}
    for name, median in medians.items():
        print(f"| {name} | {counted[name]:,} | {median * 1e6:.2f} |")
    rows.append(("per move: 8 players with two decks / 4 players with one deck",
                 f"goal at most {MOVES_GOAL}x",
                 medians["8 players, two decks"] / medians["4 players, one deck"]))


def worst_hands() -> list[list[str]]:
    """Two seats of 108 cards (every card twice, four jokers each): the largest hands and the
    most jokers the limits allow."""
    every = list(cards.CANONICAL)
    return [[*every, *every, "JK", "JK", "JK", "JK"] for _ in range(2)]


def next_rows(args: argparse.Namespace, rows: list[Row]) -> None:
    """``POST /v1/next`` and the simulator's move on the worst hand, CPU per call."""
    from app import create_app

    hands = worst_hands()
    body = json.dumps({"profile": WORST, "deals": [{"hands": hands, "moves": []}]})
    profile = resolve(WORST)
    parsed = [[cards.parse_card(c) if c != "JK" else cards.JOKER for c in h] for h in hands]
    leader, opening = deal_lead(profile, 0, None, parsed)
    assert leader is not None

    def simulated() -> Any:
        # A fresh table each call: the classifier's memo starts empty, as in a new deal.
        return moves_of(table_for(profile, parsed, leader, opening))

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TESTING": True, "BIGTWO_DB": str(Path(tmp) / "v4.db")})
        client = app.test_client()
        first = client.post("/v1/next", data=body, content_type="application/json")
        assert first.status_code == 200, first.get_data()[:300]
        answer = first.get_json()
        calls: dict[str, Callable[[], Any]] = {
            "next": lambda: client.post("/v1/next", data=body, content_type="application/json"),
            "simulator": simulated}
        cpu: dict[str, list[float]] = {name: [] for name in calls}
        for _ in range(args.next_runs):
            for name, call in calls.items():
                start = time.process_time()
                call()
                cpu[name].append(time.process_time() - start)
    listed = len(answer.get("legal_plays", []))
    print(f"\nthe worst hand: 2 seats x 108 cards (4 decks, 8 jokers), to lead the first trick; "
          f"medians of {args.next_runs} calls in turn:\n")
    print("| call | median CPU (s) | max CPU (s) |")
    print("| --- | ---: | ---: |")
    print(f"| `POST /v1/next` (Flask test client), {listed} plays listed, {len(first.get_data()):,} "
          f"bytes out | {statistics.median(cpu['next']):.3f} | {max(cpu['next']):.3f} |")
    print(f"| simulator: a new table and the plays its first move picks from (`legal_moves`) | {statistics.median(cpu['simulator']):.3f} "
          f"| {max(cpu['simulator']):.3f} |")
    rows.append(("`POST /v1/next`, worst hand: CPU per request (s)", f"goal at most {NEXT_GOAL_S}",
                 statistics.median(cpu["next"])))
    rows.append(("simulator, worst hand: CPU of the plays its first move picks from (s)", f"goal at most {NEXT_GOAL_S}",
                 statistics.median(cpu["simulator"])))


def peak_of(data: bytes) -> int:
    """tracemalloc's peak (bytes) of reading ``data`` as JSON and checking it."""
    tracemalloc.start()
    try:
        checked = check_record(json.loads(data))
        assert checked.ok, checked.problems[:3]
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def sized(declaration: dict[str, Any], target: int, seed: int) -> bytes:
    """A record under ``declaration`` of about ``target`` bytes: whole deals played at
    random (``dealt_records``), as many as fit, each led by its lowest card."""
    deals = [r["deals"][0] for r in dealt_records(declaration, 200, seed)]
    record = {"profile": declaration, "deals": deals}
    low, high = 1, len(deals)
    while low < high:  # the most deals whose record fits in target
        mid = (low + high + 1) // 2
        if len(json.dumps({**record, "deals": deals[:mid]})) <= target:
            low = mid
        else:
            high = mid - 1
    return json.dumps({**record, "deals": deals[:low]}).encode()


def memory_rows(args: argparse.Namespace, rows: list[Row]) -> None:
    """tracemalloc peak per input byte: a v4 record against a one-deck record."""
    lowest = {"opening": {"later_deals": "lowest_card"}}
    v4 = sized({**V4_MEMORY, **lowest}, args.memory_bytes, 4)
    one = sized({**ONE_DECK, **lowest}, len(v4), 4)
    peaks: dict[str, list[int]] = {"one deck": [], "v4": []}
    for _ in range(3):
        peaks["one deck"].append(peak_of(one))
        peaks["v4"].append(peak_of(v4))
    print("\ntracemalloc peak of json.loads + check_record (parse, replay, report), "
          "median of 3:\n")
    print("| record | deals | bytes | peak (KiB) | peak / byte |")
    print("| --- | ---: | ---: | ---: | ---: |")
    per_byte = {}
    for name, data in (("one deck (hk-standard)", one),
                       ("v4: 8 players, 2 decks, 2 jokers a deck", v4)):
        key = "v4" if name.startswith("v4") else "one deck"
        peak = statistics.median(peaks[key])
        per_byte[key] = peak / len(data)
        deals = len(json.loads(data)["deals"])
        print(f"| {name} | {deals} | {len(data):,} | {peak / 1024:,.0f} | {per_byte[key]:.2f} |")
    rows.append(("memory: peak per input byte, v4 record / one-deck record",
                 f"goal at most {MEMORY_GOAL}x", per_byte["v4"] / per_byte["one deck"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", default=os.environ.get("BIGTWO_BEFORE_V4"),
                        help="the tree before v4, its core compiled (default: $BIGTWO_BEFORE_V4)")
    parser.add_argument("--records", type=int, default=20_000)
    parser.add_argument("--deals", type=int, default=1_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--next-runs", type=int, default=9)
    parser.add_argument("--memory-bytes", type=int, default=200_000)
    parser.add_argument("--only", action="append",
                        choices=("before", "moves", "next", "memory"))
    args = parser.parse_args()
    only = set(args.only or ("before", "moves", "next", "memory"))
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True, check=False).stdout.strip()
    print(f"{time.strftime('%Y-%m-%d', time.gmtime())}, commit {commit or 'unknown'}, "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; "
          f"core: {native.choose({})}")
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        if "before" in only:
            before_rows(args, rows, Path(tmp))
    if "moves" in only:
        move_rows(args, rows)
    if "next" in only:
        next_rows(args, rows)
    if "memory" in only:
        memory_rows(args, rows)
    print_rows(rows)


if __name__ == "__main__":
    main()
