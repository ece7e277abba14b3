"""A cluster laid out as separate machines would be: a ``dask scheduler`` on 127.0.0.2 and one
``dask worker`` each on 127.0.0.3 and 127.0.0.4, every one a process of its own started from
the command line (not a LocalCluster of the test's). ``bigtwo validate --scheduler`` against it
prints the single process's output byte for byte, and again when one worker (its whole
process: the machine gone, no nanny to restart it) is killed with SIGKILL mid-run."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cluster import corpus
from tests.processes import come_up, on_a_free_port

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
SCHEDULER_HOST, WORKER_HOSTS = "127.0.0.2", ("127.0.0.3", "127.0.0.4")


class Hosts:
    def __init__(self, address: str, workers: dict[str, subprocess.Popen[bytes]]) -> None:
        self.address = address
        self.workers = workers  # by host


# Once, under a full suite's load, the scheduler had exited (its output then thrown away) and
# the fixture's Client waited for it for good, holding the whole run. Now the scheduler's and
# workers' logs are kept in the test's directory, and a hang fails the test with every
# thread's stack.
pytestmark = pytest.mark.timeout(300)
BIND_TRIES = 3


def _scheduler(tmp_path: Path, quiet: dict[str, Any]) -> tuple[subprocess.Popen[bytes], str]:
    """A ``dask scheduler`` up (its log says where), and its address; a port taken meanwhile
    is chosen again (processes.on_a_free_port)."""
    log = tmp_path / "scheduler.log"
    started: list[subprocess.Popen[bytes]] = []

    def launch(port: int) -> bool:
        with log.open("ab") as out:
            start_at = out.tell()
            process = subprocess.Popen(
                [str(BIN / "dask"), "scheduler", "--host", SCHEDULER_HOST, "--port", str(port),
                 "--no-dashboard"], stdout=out, stderr=subprocess.STDOUT, **quiet)
        announced = re.compile(rf"Scheduler at:\s+tcp://{re.escape(SCHEDULER_HOST)}:{port}\b")
        if come_up(process, log, start_at, announced.search, taken="Address already in use",
                   what="dask scheduler"):
            started.append(process)
            return True
        process.kill()
        process.wait()
        return False

    port = on_a_free_port(launch, "the dask scheduler", BIND_TRIES, host=SCHEDULER_HOST)
    return started[0], f"tcp://{SCHEDULER_HOST}:{port}"


@pytest.fixture
def hosts(tmp_path: Path) -> Iterator[Hosts]:
    from distributed import Client

    env = {**os.environ, "BIGTWO_DB": str(tmp_path / "none.db")}
    quiet: dict[str, Any] = {"env": env, "cwd": tmp_path}
    scheduler, address = _scheduler(tmp_path, quiet)
    processes = [scheduler]
    workers = {}
    try:
        for host in WORKER_HOSTS:
            with (tmp_path / f"worker-{host}.log").open("wb") as log:
                workers[host] = subprocess.Popen(
                    [str(BIN / "dask"), "worker", address, "--host", host, "--nthreads", "1",
                     "--no-nanny", "--no-dashboard", "--name", host],
                    stdout=log, stderr=subprocess.STDOUT, **quiet)
            processes.append(workers[host])
        with Client(address, timeout="60s") as client:
            client.wait_for_workers(2, timeout=120)
            hosts_seen = {info["host"] for info in client.scheduler_info()["workers"].values()}
            assert hosts_seen == set(WORKER_HOSTS)
        yield Hosts(address, workers)
    finally:
        # The workers first, while their scheduler still answers: a worker told to stop says
        # goodbye to it, and with the scheduler stopping at the same moment it waited out its
        # connection timeouts instead (30 s per fixture, now and then).
        for group in (processes[1:], processes[:1]):
            for process in group:
                if process.poll() is None:
                    process.terminate()
            for process in group:
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


def bigtwo(args: list[str], tmp_path: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-c", "from bigtwo.cli.main import main; main(prog_name='bigtwo')",
         *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
        env={**os.environ, "BIGTWO_DB": str(tmp_path / "none.db")})


def finished(proc: subprocess.Popen[bytes]) -> tuple[int, bytes, bytes]:
    out, err = proc.communicate(timeout=600)
    return proc.returncode, out, err


def test_separate_scheduler_and_workers_print_the_single_process_output(
        tmp_path: Path, hosts: Hosts) -> None:
    path = corpus.write(tmp_path / "season.jsonl", corpus.lines())
    single = finished(bigtwo(["validate", str(path)], tmp_path))
    remote = finished(bigtwo(["validate", "--scheduler", hosts.address, "--block-bytes",
                              "20000", str(path)], tmp_path))
    assert single[0] == 2  # the corpus holds unreadable lines
    assert remote == single


def test_a_worker_host_killed_mid_run_loses_nothing(tmp_path: Path, hosts: Hosts) -> None:
    from distributed import Client

    lines = corpus.lines()
    path = corpus.write(tmp_path / "season.jsonl", lines * 6)
    single = finished(bigtwo(["validate", str(path)], tmp_path))
    # Blocks of about 8 lines: a few hundred tasks, still in flight when one host goes.
    block_bytes = 8 * path.stat().st_size // (6 * len(lines))
    victim_host = WORKER_HOSTS[0]
    with Client(hosts.address, timeout="60s") as client:
        run = bigtwo(["validate", "--scheduler", hosts.address, "--block-bytes",
                      str(block_bytes), str(path)], tmp_path)
        deadline = time.monotonic() + 300
        while True:
            assert run.poll() is None, "the run ended before a worker could be killed"
            assert time.monotonic() < deadline, "the victim never got a task"
            busy = {client.scheduler_info()["workers"][address]["host"]
                    for address, keys in client.processing().items() if keys}
            if victim_host in busy:
                break
            time.sleep(0.02)
        hosts.workers[victim_host].send_signal(signal.SIGKILL)
        hosts.workers[victim_host].wait(timeout=30)
        killed_mid_run = run.poll() is None
        remote = finished(run)
        survivors: dict[str, Any] = client.scheduler_info()["workers"]
    assert killed_mid_run
    assert {info["host"] for info in survivors.values()} == {WORKER_HOSTS[1]}
    assert remote == single
