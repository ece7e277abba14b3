"""Dask benchmark: records/s of `bigtwo validate` at 1 and 2 local workers against the single
process, the speed-up, and what the scheduler costs per partition. Prints figures, asserts
nothing but that every run printed the same bytes (machines here are noisy and shared).

The corpus is made by `bigtwo simulate` (in a few processes side by side, each with its own
seed) and cached in the temporary directory. Measured, best of --repeat:
- the single process: `bigtwo validate FILE` end to end in a subprocess;
- a local cluster of N workers (threads_per_worker=1): start-up, the workers' scan of their
  blocks (hash, newlines), and the checking itself, in process, for several block sizes;
- `bigtwo validate --workers N FILE` end to end in a subprocess (start-up included);
- the scheduler's overhead per partition: wall time x workers minus the time the workers
  spent inside the tasks, per partition; and the round trip of an empty task.

    .venv/bin/python bench/cluster.py [--records 20000] [--deals 2] [--blocks 100,500,2000]
"""

from __future__ import annotations

import argparse
import hashlib
import logging
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# The project instead of bench/ first on the path: bench/http.py would shadow the standard
# library's http for everything imported here.
sys.path[0] = str(ROOT)

from bigtwo.batch.blocks import partition  # noqa: E402
from bigtwo.batch.cluster import DEFAULT_BLOCK_BYTES, BlockResult, CheckSpec  # noqa: E402
from bigtwo.batch.driver import DaskRunner, cluster_map, run  # noqa: E402
from bigtwo.batch.scans import plan  # noqa: E402

BIGTWO = ROOT / ".venv" / "bin" / "bigtwo"
PROFILES = ["hk-standard", "big-two-web", "casual", "pusoy-dos"]


def bigtwo() -> str:
    return str(BIGTWO) if BIGTWO.exists() else "bigtwo"


def make_corpus(records: int, deals: int, path: Path) -> Path:
    """`bigtwo simulate` in len(PROFILES) processes at once, one preset and seed each."""
    if path.exists() and sum(1 for _ in path.open("rb")) == records:
        return path
    per = -(-records // len(PROFILES))
    parts = [path.with_suffix(f".{i}.part") for i in range(len(PROFILES))]
    procs = [subprocess.Popen([bigtwo(), "simulate", "--profile", profile, "--records",
                               str(min(per, records - i * per)), "--deals", str(deals),
                               "--seed", str(1000 + i), "-o", str(part)])
             for i, (profile, part) in enumerate(zip(PROFILES, parts, strict=True))]
    for proc in procs:
        if proc.wait() != 0:
            raise SystemExit("bigtwo simulate failed")
    with path.open("wb") as out:
        for part in parts:
            out.write(part.read_bytes())
            part.unlink()
    return path


def best(repeat: int, fn: Callable[[], Any]) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return min(times), result


def run_cli(args: list[str]) -> str:
    """Run `bigtwo ...`; the sha256 of its stdout."""
    env = {**os.environ, "BIGTWO_DB": os.devnull + ".none"}
    done = subprocess.run([bigtwo(), *args], capture_output=True, env=env, check=False)
    if done.returncode not in (0, 1, 2) or done.stderr.strip():
        raise SystemExit(f"bigtwo {' '.join(args)} failed: {done.stderr[-500:]!r}")
    return hashlib.sha256(done.stdout).hexdigest()


def cpu_seconds(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def _worker_cpu() -> float:
    import psutil  # a dependency of distributed

    times = psutil.Process().cpu_times()
    return float(times.user + times.system)


def noop(x: int) -> int:
    return x


def _rss_mib() -> float:
    import psutil  # a dependency of distributed

    return float(psutil.Process().memory_info().rss) / 2**20


class Local:
    """A local cluster kept for the whole benchmark, and the time it took to start."""

    def __init__(self, workers: int) -> None:
        from distributed import Client, LocalCluster

        self.workers = workers
        start = time.perf_counter()
        self.cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                    dashboard_address="127.0.0.1:0",
                                    silence_logs=logging.ERROR)
        self.client = Client(self.cluster)
        self.client.wait_for_workers(workers)
        self.started = time.perf_counter() - start

    def close(self) -> None:
        self.client.close()
        self.cluster.close()

    def check(self, corpus: Path, size: int) -> dict[str, Any]:
        """One run: the workers' scan of their blocks, then the checking; the output's sha256."""
        from distributed import get_task_stream

        workers_before = self.client.run(_worker_cpu)
        driver_before = cpu_seconds(resource.RUSAGE_SELF)
        start = time.perf_counter()
        inputs, blocks = partition((str(corpus),), size)
        before = plan(inputs, blocks, mapper=cluster_map(self.client))
        planned = time.perf_counter() - start
        digest = hashlib.sha256()

        def emit(result: BlockResult) -> None:
            digest.update(result.data)

        start = time.perf_counter()
        with get_task_stream(self.client) as stream:
            run(DaskRunner(self.client), blocks, before, CheckSpec(), None, emit)
        checked = time.perf_counter() - start
        driver_cpu = cpu_seconds(resource.RUSAGE_SELF) - driver_before
        workers_after = self.client.run(_worker_cpu)
        worker_cpu = [workers_after[w] - workers_before[w] for w in workers_before]
        busy = sum(s["stop"] - s["start"] for task in stream.data
                   for s in task["startstops"] if s["action"] == "compute")
        return {"plan": planned, "check": checked, "partitions": len(blocks),
                "digest": digest.hexdigest(),
                "overhead_ms": 1000 * max(0.0, checked * self.workers - busy) / len(blocks),
                "rss": max(self.client.run(_rss_mib).values()),
                "worker_cpu": worker_cpu, "driver_cpu": driver_cpu}

    def empty_task_ms(self, tasks: int = 200) -> float:
        start = time.perf_counter()
        self.client.gather(self.client.map(noop, range(tasks), pure=False))
        return 1000 * (time.perf_counter() - start) / tasks


def store_writes(seconds: float = 3.0) -> None:
    """The SQLite store's write rate, which decides when it stops (docs/SCALING.md): records
    already checked, stored 1 or 100 to a transaction (WAL, synchronous=FULL: an fsync each),
    and a whole upload (checked, then stored) of 100 records."""
    from bigtwo.rules.profiles import PRESETS
    from bigtwo.rules.simulate import simulate
    from bigtwo.store import tournaments
    from bigtwo.store.db import Store
    from bigtwo.store.rows import NewRecord

    records = list(simulate(PRESETS["casual"], records=100, deals_per_record=1, seed=9))
    checked = [tournaments.check_record(r, default_profile="casual").report for r in records]
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "bench.db")
        store.migrate()
        made = tournaments.create(store, {"name": "bench", "profile": "casual"})
        tournament = store.tournaments.get(made["id"])
        profile_hash = tournament["profile_hash"]
        print("\n| store writes (one transaction each) | transactions/s | records/s |")
        print("| --- | ---: | ---: |")
        serial = 0
        for label, size, whole in (("1 checked record", 1, False),
                                   ("100 checked records", 100, False),
                                   ("upload of 100 records (check + store)", 100, True)):
            done = 0
            start = time.perf_counter()
            while time.perf_counter() - start < seconds:
                serial += 1
                batch = [dict(r, players=[f"p{serial}", "b", "c", "d"]) for r in records[:size]]
                if whole:
                    tournaments.upload(store, tournament, {"records": batch})
                else:
                    store.tournaments.add_records(made["id"], [
                        NewRecord(tournaments.content_hash(r, "casual"), r, rep, profile_hash)
                        for r, rep in zip(batch, checked, strict=False)])
                done += 1
            took = time.perf_counter() - start
            print(f"| {label} | {done / took:,.0f} | {done * size / took:,.0f} |")
        size_mb = sum(f.stat().st_size for f in Path(tmp).iterdir()) / 1e6
        rows = store.tournaments.get(made["id"])["counts"]["records"]
        print(f"\nstore: {rows} records in {size_mb:.1f} MB ({1e6 * size_mb / rows:,.0f} "
              "bytes per record, record and report as JSON, indexes included)")
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=20_000)
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--blocks", default=f"{1 << 19},{DEFAULT_BLOCK_BYTES},{8 << 20}",
                        help="block sizes (bytes per partition) to try at 2 workers")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--corpus", type=Path, help="a JSON Lines file to use instead")
    parser.add_argument("--store-only", action="store_true", help="only the store's write rate")
    args = parser.parse_args()
    if args.store_only:
        store_writes()
        return
    sizes = [int(s) for s in args.blocks.split(",")]
    corpus = args.corpus or make_corpus(
        args.records, args.deals,
        Path(tempfile.gettempdir()) / f"bigtwo-bench-cluster-{args.records}x{args.deals}.jsonl")
    records = sum(1 for line in corpus.open("rb") if line.strip())
    size_mb = corpus.stat().st_size / 1e6
    print(f"corpus: {records} records, {size_mb:.1f} MB ({corpus}); "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")

    # Rounds, each measuring every configuration once, so that a machine whose load changes
    # (a shared one) weighs on all of them alike; the best of the rounds is reported.
    one, two = Local(1), Local(2)
    configs = [("single", 0), ("cluster", 1), *(("cluster", -size) for size in sizes),
               ("cli", 1), ("cli", 2)]
    times: dict[tuple[str, int], list[float]] = {c: [] for c in configs}
    details: dict[tuple[str, int], dict[str, Any]] = {}
    single_cpu: list[float] = []
    reference = run_cli(["validate", str(corpus)])
    for _round in range(args.repeat):
        for kind, n in configs:
            if kind == "single":
                before = cpu_seconds(resource.RUSAGE_CHILDREN)
                took, digest = best(1, lambda: run_cli(["validate", str(corpus)]))
                single_cpu.append(cpu_seconds(resource.RUSAGE_CHILDREN) - before)
            elif kind == "cli":
                took, digest = best(1, lambda n=n: run_cli(
                    ["validate", "--workers", str(n), str(corpus)]))
            else:
                local, size = (one, DEFAULT_BLOCK_BYTES) if n == 1 else (two, -n)
                found = local.check(corpus, size)
                took, digest = found["plan"] + found["check"], found["digest"]
                if (kind, n) not in details or took < min(times[(kind, n)]):
                    details[(kind, n)] = found
            if digest != reference:
                raise SystemExit(f"{kind} {n}: the output differs from the single process")
            times[(kind, n)].append(took)
    empty = {1: one.empty_task_ms(), 2: two.empty_task_ms()}
    starts = {1: one.started, 2: two.started}
    one.close()
    two.close()

    def runs(key: tuple[str, int]) -> str:
        return ", ".join(f"{t:.1f}" for t in times[key])

    single = min(times[("single", 0)])
    print(f"\nsingle process, end to end: {single:.2f} s, {records / single:,.0f} records/s "
          f"(best of {args.repeat} rounds: {runs(('single', 0))} s)")
    print("\n| workers | block (bytes) | partitions | scan pass s | check s | records/s "
          "| speed-up | overhead ms/partition | empty task ms | worker RSS MiB |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for kind, n in configs:
        if kind != "cluster":
            continue
        d = details[(kind, n)]
        workers, size = (1, DEFAULT_BLOCK_BYTES) if n == 1 else (2, -n)
        took = d["plan"] + d["check"]
        print(f"| {workers} | {size} | {d['partitions']} | {d['plan']:.2f} | {d['check']:.2f} | "
              f"{records / took:,.0f} | {single / took:.2f}x | {d['overhead_ms']:.1f} | "
              f"{empty[workers]:.1f} | {d['rss']:.0f} |")
    # CPU seconds barely depend on what else runs on the machine, wall time does: what the
    # runs would take on otherwise idle cores, from the CPU each process spent.
    base_cpu = min(single_cpu)
    print(f"\nCPU seconds (load-independent): single process {base_cpu:.2f} s "
          f"({records / base_cpu:,.0f} records per CPU second)")
    print("\n| workers | block (bytes) | CPU per worker s | driver CPU s | extra CPU ms/partition "
          "| on idle cores: wall s | speed-up |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for kind, n in configs:
        if kind != "cluster":
            continue
        d = details[(kind, n)]
        workers, size = (1, DEFAULT_BLOCK_BYTES) if n == 1 else (2, -n)
        total = sum(d["worker_cpu"]) + d["driver_cpu"]
        idle_wall = max(max(d["worker_cpu"]), total / 2)  # 2 cores shared by workers and driver
        extra = 1000 * max(0.0, total - base_cpu) / d["partitions"]
        print(f"| {workers} | {size} | {' / '.join(f'{c:.2f}' for c in d['worker_cpu'])} | "
              f"{d['driver_cpu']:.2f} | {extra:.1f} | {idle_wall:.2f} | "
              f"{base_cpu / idle_wall:.2f}x |")
    print(f"\nlocal cluster start-up: {starts[1]:.2f} s (1 worker), {starts[2]:.2f} s (2 workers)")
    print("\nend to end (`bigtwo validate --workers N`, start-up included), best of "
          f"{args.repeat} rounds; every output was identical to the single process's:")
    for n in (1, 2):
        wall = min(times[("cli", n)])
        print(f"  {n} worker(s): {wall:.2f} s, {records / wall:,.0f} records/s, "
              f"{single / wall:.2f}x the single process (rounds: {runs(('cli', n))} s)")
    store_writes()
    print(f"\nload average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
