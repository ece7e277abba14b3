"""Soak benchmark: anonymous clients at full speed against a local gunicorn and a store held
at its quotas. Prints figures per phase; asserts nothing (the machines here are noisy).

A gunicorn (gunicorn.conf.py, two workers, 127.0.0.1 only, a temporary store) is started with
small quotas, so that the store reaches them within the run. ``--clients`` threads then send,
as fast as the server answers, a mix of what an anonymous client may do: create tournaments
and upload records and score sheets to them with their tokens, declare profiles, read
standings, the tournament page, the home page and the profile list, and send requests with
invented methods. The run stops after ``--seconds`` or ``--requests``, whichever comes first.

Per phase (the run cut in ``--phases`` equal parts) it prints: requests and their statuses,
bytes accepted (bodies of 2xx writes), stored bytes (the database and its WAL) per accepted
byte, the size of ``/metrics``, the workers' RSS and ``/healthz`` latency (sampled four times a
second by a thread of its own). None of these may grow without bound: once the quotas are
reached, stored bytes stop growing and the writes answer 409.

    .venv/bin/python bench/soak.py [--seconds 60] [--requests 20000] [--clients 8]
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The script's own folder holds bench/http.py, which would shadow the standard library.
sys.path[0] = str(ROOT)

import argparse  # noqa: E402
import http.client  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import tempfile  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
import urllib.request  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from typing import Any  # noqa: E402

from tests.tournaments.gunicorn_server import Server  # noqa: E402
from tests.tournaments.helpers import simulated  # noqa: E402

# Small quotas, so that a short run reaches every one of them.
QUOTAS = {
    "BIGTWO_QUOTA_TOURNAMENTS": "24",
    "BIGTWO_QUOTA_PROFILES": "40",
    "BIGTWO_QUOTA_DEALS_PER_TOURNAMENT": "2000",
    "BIGTWO_QUOTA_RECORDS_PER_TOURNAMENT": "200",
    "BIGTWO_QUOTA_BYTES_PER_TOURNAMENT": str(512 * 1024),
}


@dataclass
class Tally:
    lock: threading.Lock = field(default_factory=threading.Lock)
    requests: int = 0
    statuses: dict[int, int] = field(default_factory=dict)
    accepted_bytes: int = 0
    latencies: list[float] = field(default_factory=list)

    def add(self, status: int, sent: int, write: bool) -> None:
        with self.lock:
            self.requests += 1
            self.statuses[status] = self.statuses.get(status, 0) + 1
            if write and 200 <= status < 300:
                self.accepted_bytes += sent


class Client:
    """One anonymous client: a connection of its own, its own tournaments and tokens."""

    def __init__(self, port: int, seed: int, tally: Tally) -> None:
        self.port, self.rng, self.tally = port, random.Random(seed), tally
        self.tournaments: list[tuple[str, str]] = []
        self.records = simulated(20, seed=seed, deals_per_record=5)

    def send(self, method: str, path: str, body: bytes | None = None,
             headers: dict[str, str] | None = None, write: bool = False) -> tuple[int, bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            response = conn.getresponse()
            data = response.read()
            status = response.status
        except (OSError, http.client.HTTPException):
            status, data = 0, b""
        finally:
            conn.close()
        self.tally.add(status, len(body or b""), write)
        return status, data

    def json(self, method: str, path: str, doc: Any, token: str | None = None) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        status, data = self.send(method, path, json.dumps(doc).encode(), headers, write=True)
        try:
            return status, json.loads(data or b"null")
        except ValueError:
            return status, None

    def step(self) -> None:
        roll = self.rng.random()
        if roll < 0.08 or not self.tournaments:
            status, body = self.json("POST", "/v1/tournaments",
                                     {"name": f"soak {self.rng.random()}", "profile": "casual"})
            if status == 201:
                self.tournaments.append((body["id"], body["token"]))
            elif not self.tournaments:
                self.send("GET", "/v1/profiles")
            return
        tid, token = self.rng.choice(self.tournaments)
        if roll < 0.40:
            batch = self.rng.sample(self.records, 4)
            # A new game each time (a meta of its own), so the store does grow until its quota.
            batch = [{**r, "meta": {"n": self.rng.getrandbits(60)}} for r in batch]
            self.json("POST", f"/v1/tournaments/{tid}/records", {"records": batch}, token)
        elif roll < 0.50:
            rows = "".join(f"{i + 1},0,{self.rng.randint(1, 13)},{self.rng.randint(1, 13)},"
                           f"{self.rng.randint(1, 13)}\r\n" for i in range(200))
            self.send("POST", f"/v1/tournaments/{tid}/records",
                      ("deal,Ana,Ben,Cai,Dee\r\n" + rows).encode(),
                      {"Content-Type": "text/csv", "Authorization": f"Bearer {token}"},
                      write=True)
        elif roll < 0.56:
            self.json("POST", "/v1/profiles",
                      {"extends": "casual", "match": {"max_deals": self.rng.randint(1, 10_000)}})
        elif roll < 0.72:
            self.send("GET", f"/v1/tournaments/{tid}/standings")
        elif roll < 0.80:
            self.send("GET", f"/tournaments/{tid}")
        elif roll < 0.86:
            self.send("GET", "/")
        elif roll < 0.92:
            self.send("GET", f"/v1/profiles?page={self.rng.randint(1, 3)}")
        else:
            method = "".join(self.rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(8))
            self.send(method, "/healthz")


def rss_kib(master: int) -> list[int]:
    """The resident size of each of the master's worker processes, in KiB."""
    out = []
    try:
        children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    except OSError:
        return out
    for pid in children:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    out.append(int(line.split()[1]))
        except OSError:
            continue
    return out


def stored_bytes(db: Path) -> int:
    return sum(p.stat().st_size for p in db.parent.glob(db.name + "*"))


def metrics_bytes(base: str) -> int:
    with urllib.request.urlopen(base + "/metrics", timeout=60) as response:
        return len(response.read())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--requests", type=int, default=20_000)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--phases", type=int, default=4)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "soak.db"
        server = Server(db, Path(tmp) / "gunicorn.log", {**QUOTAS, "WEB_CONCURRENCY": "2"}).start()
        assert server.proc is not None
        tally = Tally()
        stop = threading.Event()
        health: list[float] = []

        def sample_health() -> None:
            while not stop.is_set():
                start = time.perf_counter()
                try:
                    server.request("GET", "/healthz", timeout=30)
                    health.append(time.perf_counter() - start)
                except OSError:
                    health.append(float("inf"))
                stop.wait(0.25)

        def run(seed: int) -> None:
            client = Client(server.port, seed, tally)
            while not stop.is_set() and tally.requests < args.requests:
                client.step()

        quotas = ", ".join(f"{k.removeprefix('BIGTWO_QUOTA_').lower()}={v}"
                           for k, v in QUOTAS.items())
        print(f"soak: {args.clients} clients, {args.seconds:.0f} s or {args.requests} requests; "
              f"quotas {quotas}")
        print("| phase | requests | 2xx | 409 | other | accepted KiB | stored KiB | stored/accepted "
              "| /metrics KiB | worker RSS MiB | /healthz p50 ms | /healthz max ms |")
        print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        print(f"| start | 0 | | | | 0 | {stored_bytes(db) / 1024:.0f} | | "
              f"{metrics_bytes(server.base) / 1024:.0f} | "
              f"{', '.join(f'{r / 1024:.0f}' for r in rss_kib(server.proc.pid))} | | |")
        threads = [threading.Thread(target=sample_health, daemon=True)]
        threads += [threading.Thread(target=run, args=(seed,), daemon=True)
                    for seed in range(args.clients)]
        for t in threads:
            t.start()
        began = time.monotonic()
        try:
            for phase in range(1, args.phases + 1):
                until = began + args.seconds * phase / args.phases
                while time.monotonic() < until and tally.requests < args.requests:
                    time.sleep(0.2)
                with tally.lock:
                    statuses, accepted, done = dict(tally.statuses), tally.accepted_bytes, tally.requests
                window = [h for h in health[-int(4 * args.seconds / args.phases):]]
                ok = sum(n for s, n in statuses.items() if 200 <= s < 300)
                conflict = statuses.get(409, 0)
                stored = stored_bytes(db)
                print(f"| {phase} | {done} | {ok} | {conflict} | {done - ok - conflict} | "
                      f"{accepted / 1024:.0f} | {stored / 1024:.0f} | "
                      f"{stored / accepted if accepted else 0:.2f} | "
                      f"{metrics_bytes(server.base) / 1024:.0f} | "
                      f"{', '.join(f'{r / 1024:.0f}' for r in rss_kib(server.proc.pid))} | "
                      f"{1000 * statistics.median(window) if window else 0:.0f} | "
                      f"{1000 * max(window) if window else 0:.0f} |")
                if tally.requests >= args.requests:
                    break
        finally:
            stop.set()
            for t in threads:
                t.join(timeout=90)
            server.stop()
        print("statuses: " + ", ".join(f"{s}: {n}" for s, n in sorted(tally.statuses.items())))


if __name__ == "__main__":
    main()
