"""A local run's forked workers (bigtwo.batch.forks): every task's result once, whatever order
they finish in; a worker killed mid-run replaced and its task run again; a task that kills
every worker it is given fails the run instead of looping; the workers reaped at the end."""

from __future__ import annotations

import io
import os
import signal
from pathlib import Path

import pytest
from click.testing import CliRunner

from bigtwo.batch import errors, forks
from bigtwo.batch.cluster import CheckSpec
from bigtwo.batch.driver import validate_files
from bigtwo.cli.main import main
from bigtwo.cli.shared.verdicts import line_error
from tests.cluster import corpus

pytestmark = pytest.mark.skipif(not forks.available(), reason="forked workers are Linux's")


def square(n: int, offset: int = 0) -> int:
    return n * n + offset


def die_on(n: int, fatal: int) -> int:
    if n == fatal:
        os.kill(os.getpid(), signal.SIGKILL)
    return n


def fail_on(n: int) -> int:
    if n == 3:
        raise ValueError("three")
    return n


def test_every_result_once_in_order_from_map() -> None:
    with forks.ForkPool(2) as pool:
        assert pool.map(square, range(50), offset=1) == [n * n + 1 for n in range(50)]
        assert sorted(pool.each(square, [(n,) for n in range(20)])) == \
            [(n, n * n) for n in range(20)]
        pids = pool.pids
    for pid in pids:  # reaped: no zombie left behind
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)


def test_a_killed_worker_is_replaced_and_its_task_run_again() -> None:
    with forks.ForkPool(2) as pool:
        first = pool.pids
        done = []
        for index, value in pool.each(square, [(n,) for n in range(40)]):
            done.append((index, value))
            if len(done) == 5:
                os.kill(first[0], signal.SIGKILL)
        assert sorted(done) == [(n, n * n) for n in range(40)]
        assert first[0] not in pool.pids and len(pool.pids) == 2


def test_a_task_that_kills_every_worker_fails_the_run() -> None:
    with forks.ForkPool(2) as pool, pytest.raises(forks.KilledWorker):
        pool.map(die_on, range(10), fatal=4)


def test_an_exception_in_a_task_is_raised_in_the_driver() -> None:
    with forks.ForkPool(2) as pool, pytest.raises(ValueError, match="three"):
        pool.map(fail_on, range(10))


def test_a_worker_killed_mid_run_loses_nothing(tmp_path: Path) -> None:
    """The spooled local run, its worker killed after the first block: the single process's
    lines and messages, byte for byte."""
    import psutil

    lines = corpus.lines()
    path = corpus.write(tmp_path / "season.jsonl", lines * 2)
    expected = CliRunner().invoke(main, ["validate", str(path)])
    killed: list[int] = []
    others = {child.pid for child in psutil.Process().children()}  # e.g. another test's Dask

    def kill_one(_: int) -> None:
        if not killed:
            workers = [c.pid for c in psutil.Process().children() if c.pid not in others]
            assert len(workers) == 2
            os.kill(workers[0], signal.SIGKILL)
            killed.append(workers[0])

    stdout, messages = io.BytesIO(), []
    validate_files((str(path),), workers=2, scheduler=None, out=None,
                   block_bytes=8 * path.stat().st_size // (2 * len(lines)), spec=CheckSpec(),
                   stdout=stdout, on_message=lambda *said: messages.append(said),
                   on_done=kill_one)
    assert killed
    assert not psutil.pid_exists(killed[0])  # reaped, as every worker is at the end
    assert stdout.getvalue() == expected.stdout_bytes
    assert "".join(line_error(*said) + "\n" for said in messages) == expected.stderr


def suicidal(*_: object, **__: object) -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def test_a_block_that_kills_every_worker_ends_the_run_with_exit_2(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bigtwo.batch import driver

    path = corpus.write(tmp_path / "season.jsonl", corpus.lines(records=20, seed=6))
    monkeypatch.setattr(driver, "scan_and_check", suicidal)  # the forks inherit it
    with pytest.raises(errors.ClusterFailed) as failed:
        validate_files((str(path),), workers=2, scheduler=None, out=None, block_bytes=None,
                       spec=CheckSpec(), stdout=io.BytesIO(), on_message=print)
    assert failed.value.kind == "KilledWorker"
    result = CliRunner().invoke(main, ["validate", "--workers", "2", str(path)])
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: the cluster could not finish: KilledWorker: ")
    assert result.stdout == ""
