"""HTTP load benchmark: prints figures, asserts nothing (machines here are noisy).

Starts gunicorn on a free loopback port with a temporary database, then sends a bounded
number of requests from concurrent threads, first to GET /healthz (the floor: routing,
WSGI, one store query) and then to POST /v1/validate with a one-deal record. Prints
requests/s, p50 and p99 latency of each, and the ratio validate/healthz. gunicorn is
stopped on every exit path. Standard library only on the client side.

    .venv/bin/python bench/http.py [--requests 2000] [--threads 8] [--workers 2]
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path and "http" would be this
# file, not the standard library's package: take the folder off, put the project root on.
HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != HERE]

import argparse  # noqa: E402
import http.client  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import signal  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from concurrent.futures import ThreadPoolExecutor  # noqa: E402

from bigtwo.rules.profiles import PRESETS  # noqa: E402
from bigtwo.rules.simulate import simulate  # noqa: E402

HOST = "127.0.0.1"
START_TIMEOUT_S = 30.0
REQUEST_TIMEOUT_S = 30.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def start_gunicorn(port: int, workers: int, db: Path) -> subprocess.Popen[bytes]:
    gunicorn = Path(sys.executable).with_name("gunicorn")
    env = {**os.environ, "BIGTWO_DB": str(db)}
    return subprocess.Popen(
        [str(gunicorn), "--bind", f"{HOST}:{port}", "--workers", str(workers),
         "--log-level", "warning", "wsgi:app"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        start_new_session=True,  # its own process group, so the workers go with it
    )


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is not None:
        return
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def request(port: int, method: str, path: str, body: bytes | None = None) -> tuple[int, float]:
    headers = {"Content-Type": "application/json"} if body is not None else {}
    started = time.perf_counter()
    conn = http.client.HTTPConnection(HOST, port, timeout=REQUEST_TIMEOUT_S)
    try:
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        response.read()
        status = response.status
    finally:
        conn.close()
    return status, time.perf_counter() - started


def wait_until_up(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            err = process.stderr.read().decode() if process.stderr else ""
            raise SystemExit(f"gunicorn exited early:\n{err}")
        try:
            if request(port, "GET", "/healthz")[0] == 200:
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("gunicorn did not answer /healthz in time")


def percentile(sorted_values: list[float], fraction: float) -> float:
    index = min(len(sorted_values) - 1, round(fraction * (len(sorted_values) - 1)))
    return sorted_values[index]


def load(call: Callable[[], tuple[int, float]], total: int, threads: int) -> dict[str, float]:
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=threads) as pool:
        results = list(pool.map(lambda _: call(), range(total)))
    elapsed = time.perf_counter() - started
    failures = sum(1 for status, _ in results if status != 200)
    if failures:
        raise SystemExit(f"{failures} of {total} requests did not answer 200")
    latencies = sorted(latency for _, latency in results)
    return {"rps": total / elapsed, "p50": percentile(latencies, 0.50) * 1000,
            "p99": percentile(latencies, 0.99) * 1000, "elapsed": elapsed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    record = next(simulate(PRESETS["hk-standard"], records=1, deals_per_record=1, seed=7,
                           profile_ref="hk-standard"))
    body = json.dumps(record, separators=(",", ":")).encode()
    moves = len(record["deals"][0]["moves"])

    with tempfile.TemporaryDirectory(prefix="bigtwo-bench-") as tmp:
        port = free_port()
        process = start_gunicorn(port, args.workers, Path(tmp) / "bench.db")
        try:
            wait_until_up(port, process)
            warm = min(200, args.requests)  # let every worker import and memoise first
            load(lambda: request(port, "POST", "/v1/validate", body), warm, args.threads)
            health = load(lambda: request(port, "GET", "/healthz"), args.requests, args.threads)
            validate = load(lambda: request(port, "POST", "/v1/validate", body),
                            args.requests, args.threads)
        finally:
            stop(process)

    print(f"gunicorn: {args.workers} sync workers on {HOST}; client: {args.threads} threads, "
          f"{args.requests} requests per endpoint, a new connection per request")
    print(f"validate body: one hk-standard deal, {moves} moves, {len(body)} bytes\n")
    print("| endpoint | requests/s | p50 (ms) | p99 (ms) |")
    print("| --- | ---: | ---: | ---: |")
    for name, figures in (("GET /healthz", health), ("POST /v1/validate", validate)):
        print(f"| {name} | {figures['rps']:,.0f} | {figures['p50']:.2f} | {figures['p99']:.2f} |")
    print(f"\nvalidate/healthz: throughput {validate['rps'] / health['rps']:.2f}, "
          f"p50 latency {validate['p50'] / health['p50']:.2f}x")


if __name__ == "__main__":
    main()
