"""Live tables under load (`make bench`): a real gunicorn as `make serve` runs it (gunicorn.conf.py,
one worker per core), 200 tables played at once by client threads while 500 event streams are
held open, each stream read by the bench as events come.

Two phases, each with its figures:
- paced, what "200 tables played at once" is for people: each table's person (one thread a
  table) moves after a think time drawn uniformly from ``--think`` (0.5 to 2 s, seeded), for
  ``--seconds``; the offered load is what the tables make, and its latency is what a player
  meets;
- saturation: ``--clients`` threads post the tables' moves as fast as they can; its rate is
  the service's ceiling (moves a second), its latency where a queue goes when offered more.

Figures (printed, and appended to ``--log``):
- move latency p50 / p99: ``POST /v1/tables/{id}/moves`` as the client times it (each answer
  is the seat's view after the move and the three bots' answers to it);
- CPU per move: the server's processes' CPU (master and workers, from /proc) over the move
  phase, divided by the moves answered 200 (bots' moves, the bell's looks and the streams'
  writes included);
- memory per open stream: the workers' RSS with the 500 streams open and waiting, minus
  before they were opened, divided by 500;
- /healthz with the 500 streams open.

Each table has one person (seat 0, whose moves the clients post) and three bots; the clients
come from many addresses (``X-Forwarded-For`` behind ``BIGTWO_PROXY_HOPS=1``) so that the
per-client limits (10 open tables, 20 streams) are not what is measured. Nothing is asserted
but that the moves were answered; machines are noisy (the load average is printed).

    .venv/bin/python bench/tables.py [--tables 200] [--streams 500] [--seconds 60]
        [--think 0.5 2.0] [--moves 4000] [--clients 16] [--log bench/results/tables.md]
"""

from __future__ import annotations

import sys
from pathlib import Path

# bench/http.py would be "http" for a script run from this folder: take the folder off.
HERE = Path(__file__).resolve().parent
sys.path[:] = [str(HERE.parent)] + [p for p in sys.path if Path(p or ".").resolve() != HERE]

import argparse  # noqa: E402
import contextlib  # noqa: E402
import datetime  # noqa: E402
import http.client  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import platform  # noqa: E402
import random  # noqa: E402
import selectors  # noqa: E402
import signal  # noqa: E402
import socket  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from typing import Any  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = ROOT / ".venv" / "bin" / "gunicorn"
TICKS = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def family(root: int) -> list[int]:
    """The master and its workers."""
    found = [root]
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            with contextlib.suppress(OSError):
                stat = Path(f"/proc/{pid}/stat").read_text()
                if int(stat.rsplit(")", 1)[1].split()[1]) == root:
                    found.append(int(pid))
    return found


def cpu_seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICKS


def rss_kib(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
    return total


def request(port: int, method: str, path: str, body: Any = None, token: str | None = None,
            client: str = "198.51.100.1") -> tuple[int, Any, float]:
    headers = {"Accept": "application/json", "X-Forwarded-For": client}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    if token:
        headers["Authorization"] = f"Bearer {token}"
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    started = time.perf_counter()
    try:
        conn.request(method, path, body=data, headers=headers)
        answer = conn.getresponse()
        raw = answer.read()
    finally:
        conn.close()
    took = time.perf_counter() - started
    return answer.status, (json.loads(raw) if raw else None), took


class Streams:
    """Event streams held open and read by one selector thread, as a proxy would."""

    def __init__(self) -> None:
        self.selector = selectors.DefaultSelector()
        self.socks: list[socket.socket] = []
        self.bytes = 0
        self.events = 0
        self.ok = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._read, daemon=True)

    def open(self, port: int, table: str, client: str) -> None:
        sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        sock.sendall(f"GET /v1/tables/{table}/events HTTP/1.1\r\nHost: bench\r\n"
                     f"Accept: text/event-stream\r\nX-Forwarded-For: {client}\r\n\r\n".encode())
        head = sock.recv(65536)
        if head.startswith(b"HTTP/1.1 200"):
            self.ok += 1
        sock.setblocking(False)
        self.selector.register(sock, selectors.EVENT_READ)
        self.socks.append(sock)

    def start(self) -> None:
        self._thread.start()

    def _read(self) -> None:
        while not self._stop.is_set():
            for key, _ in self.selector.select(timeout=0.5):
                with contextlib.suppress(OSError):
                    piece = key.fileobj.recv(65536)  # type: ignore[union-attr]
                    self.bytes += len(piece)
                    self.events += piece.count(b"\nevent: ")

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=10)
        for sock in self.socks:
            sock.close()


def first_legal_move(port: int, table: dict[str, Any], view: dict[str, Any],
                     latencies: list[float], lock: threading.Lock,
                     refused: list[int]) -> dict[str, Any] | None:
    """Seat 0's first legal play (or a pass), timed: the view after it, or None when it
    was refused (its status counted)."""
    legal = view.get("legal_plays") or []
    move = {"play": legal[0]} if legal else {"pass": True}
    status, answer, took = request(port, "POST", f"{table['url']}/moves", body=move,
                                   token=table["token"], client=table["client"])
    with lock:
        if status == 200:
            latencies.append(took)
        else:
            refused.append(status)
    return answer if status == 200 else None


def play(port: int, tables: list[dict[str, Any]], moves_wanted: int, latencies: list[float],
         lock: threading.Lock, refused: list[int]) -> None:
    """Seat 0 of each table in turn: its first legal play, or a pass."""
    views = {t["id"]: None for t in tables}
    done = 0
    while done < moves_wanted:
        progressed = False
        for table in tables:
            if done >= moves_wanted:
                break
            view = views[table["id"]]
            if view is None:
                status, view, _ = request(port, "GET", table["url"], token=table["token"],
                                          client=table["client"])
                views[table["id"]] = view
            if view["status"] != "playing" or view["turn"] != 0:
                views[table["id"]] = None
                continue
            views[table["id"]] = first_legal_move(port, table, view, latencies, lock, refused)
            done += 1
            progressed = True
        if not progressed:
            time.sleep(0.05)


def paced(port: int, table: dict[str, Any], think: tuple[float, float], seed: int,
          until: float, latencies: list[float], lock: threading.Lock,
          refused: list[int]) -> None:
    """One table's person: looks, thinks, plays its first legal play (or passes), until
    ``until``; the bots' answers come with each move's answer."""
    rng = random.Random(seed)
    view = None
    while time.perf_counter() < until:
        if view is None:
            _, view, _ = request(port, "GET", table["url"], token=table["token"],
                                 client=table["client"])
        if view["status"] != "playing" or view["turn"] != 0:
            view = None
            time.sleep(0.2)
            continue
        time.sleep(rng.uniform(*think))
        view = first_legal_move(port, table, view, latencies, lock, refused)


def spread(latencies: list[float]) -> str:
    ms = sorted(x * 1000 for x in latencies)
    if not ms:
        return "no moves"
    return (f"p50 {ms[len(ms) // 2]:.1f} ms, p99 {ms[min(len(ms) - 1, int(len(ms) * 0.99))]:.1f}"
            f" ms, max {ms[-1]:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--streams", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="the paced phase's length (0: none)")
    parser.add_argument("--think", type=float, nargs=2, default=[0.5, 2.0])
    parser.add_argument("--moves", type=int, default=4000, help="the saturation phase's (0: none)")
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--log", type=Path, default=None)
    args = parser.parse_args()

    lines: list[str] = []

    def say(text: str) -> None:
        print(text, flush=True)
        lines.append(text)

    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    say(f"bench/tables.py, {stamp}: python {sys.version.split()[0]}, {platform.machine()}, "
        f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at start")
    with tempfile.TemporaryDirectory(prefix="bigtwo-bench-tables-") as tmp:
        port = free_port()
        env = {**os.environ, "BIGTWO_DB": str(Path(tmp) / "tables.db"),
               "BIGTWO_PROXY_HOPS": "1", "PROMETHEUS_MULTIPROC_DIR": str(Path(tmp) / "m"),
               "BIGTWO_STREAMS_DIR": str(Path(tmp) / "s")}
        with open(Path(tmp) / "gunicorn.log", "wb") as log:
            server = subprocess.Popen(
                [str(GUNICORN), "-c", str(ROOT / "gunicorn.conf.py"), "--bind",
                 f"127.0.0.1:{port}", "--workers", str(args.workers), "--access-logfile",
                 "/dev/null", "--chdir", str(ROOT), "wsgi:app"],
                env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        streams = Streams()
        try:
            for _ in range(600):
                with contextlib.suppress(OSError):
                    if request(port, "GET", "/healthz")[0] == 200:
                        break
                time.sleep(0.1)
            pids = family(server.pid)
            say(f"gunicorn.conf.py, {len(pids) - 1} workers (pids {pids})")
            tables = []
            for i in range(args.tables):
                client = f"198.51.{100 + i // 10}.{1 + i % 10}"
                status, made, _ = request(port, "POST", "/v1/tables", client=client, body={
                    "profile": "hk-standard", "players": ["Ana", "Ben", "Cai", "Dee"],
                    "bots": [1, 2, 3], "deals": 100})
                assert status == 201, made
                tables.append({"id": made["id"], "url": made["url"], "client": client,
                               "token": made["seats"][0]["token"]})
            time.sleep(1.0)
            before = rss_kib(pids)
            for i in range(args.streams):
                streams.open(port, tables[i % len(tables)]["id"], f"192.0.{2 + i // 20}.{i % 20}")
            streams.start()
            time.sleep(2.0)  # the first events read; every stream waiting on its bell
            during = rss_kib(pids)
            say(f"streams open: {streams.ok} of {args.streams}; workers' RSS {before / 1024:.1f} "
                f"MiB without them, {during / 1024:.1f} MiB with them: "
                f"{(during - before) / max(streams.ok, 1):.1f} KiB per open stream")
            health = [request(port, "GET", "/healthz")[2] * 1000 for _ in range(20)]
            say(f"/healthz with the streams open: median {statistics.median(health):.1f} ms, "
                f"max {max(health):.1f} ms (20 requests)")
            idle_cpu = cpu_seconds(pids)
            time.sleep(5.0)
            idle_cpu = cpu_seconds(pids) - idle_cpu
            say(f"server CPU while {streams.ok} streams wait and nothing moves: "
                f"{idle_cpu / 5 * 100:.1f}% of one core (the bells' looks)")

            lock = threading.Lock()
            if args.seconds > 0:
                latencies: list[float] = []
                refused: list[int] = []
                cpu0, events0 = cpu_seconds(pids), streams.events
                wall0 = time.perf_counter()
                until = wall0 + args.seconds
                people = [threading.Thread(target=paced, args=(
                    port, table, tuple(args.think), i, until, latencies, lock, refused))
                    for i, table in enumerate(tables)]
                for t in people:
                    t.start()
                for t in people:
                    t.join()
                wall = time.perf_counter() - wall0
                cpu = cpu_seconds(pids) - cpu0
                moved = len(latencies)
                say(f"paced: {len(tables)} people think {args.think[0]}-{args.think[1]} s a "
                    f"move: {moved} moves in {wall:.1f} s ({moved / wall:.0f}/s offered and "
                    f"served), {len(refused)} refused {sorted(set(refused))}, load average "
                    f"{os.getloadavg()[0]:.2f}")
                say(f"paced move latency: {spread(latencies)}")
                say(f"paced server CPU per move: {cpu / max(moved, 1) * 1000:.2f} ms ({cpu:.1f} s, "
                    f"{cpu / wall * 100:.0f}% of one core); events to the streams: "
                    f"{streams.events - events0}")
                time.sleep(1.0)
            if args.moves > 0:
                latencies = []
                refused = []
                shares = [tables[i::args.clients] for i in range(args.clients)]
                per = args.moves // args.clients
                cpu0, wall0, events0 = cpu_seconds(pids), time.perf_counter(), streams.events
                threads = [threading.Thread(target=play, args=(port, share, per, latencies,
                                                               lock, refused))
                           for share in shares]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join()
                wall = time.perf_counter() - wall0
                cpu = cpu_seconds(pids) - cpu0
                time.sleep(1.0)
                moved = len(latencies)
                say(f"saturation: {moved} moves on {len(tables)} tables by {args.clients} "
                    f"clients as fast as they can in {wall:.1f} s ({moved / wall:.0f}/s: the "
                    f"ceiling), {len(refused)} refused {sorted(set(refused))}")
                say(f"saturation move latency: {spread(latencies)}")
                say(f"saturation server CPU per move: {cpu / max(moved, 1) * 1000:.2f} ms "
                    f"({cpu:.1f} s over the phase, the bots' three answers to each move "
                    f"included)")
                say(f"events delivered to the {streams.ok} streams meanwhile: "
                    f"{streams.events - events0}")
            say(f"load average at the end: {os.getloadavg()[0]:.2f}")
        finally:
            streams.close()
            with contextlib.suppress(ProcessLookupError):
                os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait(timeout=30)
    if args.log is not None:
        with open(args.log, "a", encoding="utf-8") as out:
            out.write("\n```\n" + "\n".join(lines) + "\n```\n")


if __name__ == "__main__":
    main()
