"""`bigtwo validate --workers/--scheduler`: the single-process output, byte for byte, from a
Dask cluster of two worker processes, also when one of them is killed mid-run."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo.batch.blocks import partition
from bigtwo.batch.cluster import CheckSpec
from bigtwo.cli.cluster import validate_on_cluster
from bigtwo.cli.main import main
from tests.cluster import corpus

ROOT = Path(__file__).resolve().parents[2]
BIGTWO = ROOT / ".venv" / "bin" / "bigtwo"


@pytest.fixture(scope="module")
def corpus_lines() -> list[str]:
    return corpus.lines()


def single(path: Path) -> Any:
    """The reference: the in-process run of the same file."""
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result


def test_two_local_workers_print_the_single_process_output(tmp_path: Path,
                                                           corpus_lines: list[str]) -> None:
    path = corpus.write(tmp_path / "season.jsonl", corpus_lines, final_newline=False)
    expected = single(path)
    command = [str(BIGTWO) if BIGTWO.exists() else "bigtwo", "validate", "--workers", "2",
               "--block-bytes", "20000", str(path)]
    done = subprocess.run(command, capture_output=True, timeout=300,
                          env={**os.environ, "BIGTWO_DB": str(tmp_path / "none.db")})
    assert expected.exit_code == 2  # the corpus holds unreadable lines
    assert done.returncode == 2
    assert done.stdout == expected.stdout_bytes
    assert done.stderr.decode() == expected.stderr
    assert len(done.stdout.splitlines()) == sum(1 for line in corpus_lines if line.strip())


def test_scheduler_several_inputs_and_globs_keep_argument_order(
        tmp_path: Path, corpus_lines: list[str], dask_client: Any) -> None:
    third = len(corpus_lines) // 3
    a = corpus.write(tmp_path / "a.jsonl", corpus_lines[:third])
    (tmp_path / "more").mkdir()
    b = corpus.write(tmp_path / "more" / "b-1.jsonl", corpus_lines[third:2 * third])
    c = corpus.write(tmp_path / "more" / "b-2.jsonl", corpus_lines[2 * third:])
    expected = [single(p) for p in (c, a, b, c)]  # the glob matches b-1, then b-2
    result = CliRunner().invoke(main, [
        "validate", "--scheduler", dask_client.scheduler.address, "--block-bytes", "9000",
        str(c), str(a), str(tmp_path / "more" / "b-*.jsonl")])
    assert result.exit_code == max(e.exit_code for e in expected)
    assert result.stdout == "".join(e.stdout for e in expected)
    assert result.stderr == "".join(e.stderr for e in expected)


@pytest.mark.parametrize("spool", [False, True], ids=["through-dask", "spooled"])
def test_a_worker_killed_mid_run_loses_nothing(tmp_path: Path, corpus_lines: list[str],
                                               dask_client: Any, spool: bool,
                                               capfd: pytest.CaptureFixture[str]) -> None:
    # Spooled (a local run's way): a part file written whole or not at all, and its block
    # scanned and checked in one task, so the recomputed block's part replaces nothing.
    # Four times the corpus, in blocks of about 8 lines: enough work that blocks are still in
    # flight when the first one comes back, even on a loaded machine.
    path = corpus.write(tmp_path / "season.jsonl", corpus_lines * 4)
    expected = single(path)
    block_bytes = 8 * path.stat().st_size // (4 * len(corpus_lines))
    _, blocks = partition((str(path),), block_bytes)
    assert len(blocks) >= 80
    pids_before = dask_client.run(os.getpid)
    killed: list[int] = []

    def kill_one(_: int) -> None:
        if killed:
            return
        busy = [address for address, keys in dask_client.processing().items() if keys]
        assert busy, "every block was already done: nothing to kill mid-run"
        pid = pids_before[busy[0]]
        os.kill(pid, signal.SIGKILL)
        killed.append(pid)

    capfd.readouterr()
    status = validate_on_cluster((str(path),), workers=None, scheduler=None, out=None,
                                 block_bytes=block_bytes, spec=CheckSpec(), progress=False,
                                 on_done=kill_one, client=dask_client, spool=spool)
    out, err = capfd.readouterr()
    assert killed, "no worker was killed"
    assert status == 2
    assert out == expected.stdout
    assert err == expected.stderr
    dask_client.wait_for_workers(2, timeout=60)  # the nanny started a new one
    assert killed[0] not in dask_client.run(os.getpid).values()


def test_out_dir_has_one_part_per_partition_and_a_summary(
        tmp_path: Path, corpus_lines: list[str], dask_client: Any,
        capfd: pytest.CaptureFixture[str]) -> None:
    path = corpus.write(tmp_path / "season.jsonl", corpus_lines)
    expected = single(path)
    out_dir = tmp_path / "reports"
    capfd.readouterr()
    status = validate_on_cluster((str(path),), workers=None, scheduler=None, out=str(out_dir),
                                 block_bytes=25_000, spec=CheckSpec(), progress=False,
                                 client=dask_client)
    out, err = capfd.readouterr()
    assert status == 2 and out == ""
    parts = sorted(out_dir.glob("part-*.jsonl"))
    partitions = -(-path.stat().st_size // 25_000)
    assert [p.name for p in parts] == [f"part-{i:05d}.jsonl" for i in range(partitions)]
    assert "".join(p.read_text(encoding="utf-8") for p in parts) == expected.stdout
    summary = json.loads((out_dir / "summary.json").read_text(encoding="utf-8"))
    reports = [json.loads(line) for line in expected.stdout.splitlines()]
    verdicts = Counter({True: "valid", False: "invalid", None: "unreadable"}[r["valid"]]
                       for r in reports)
    codes = Counter(e["code"] for r in reports for e in r.get("errors", []))
    assert summary["verdicts"] == {k: verdicts[k] for k in ("valid", "invalid", "unreadable")}
    assert summary["error_codes"] == dict(sorted(codes.items()))
    assert summary["records"] == len(reports)
    assert summary["parts"] == [p.name for p in parts]
    data = path.read_bytes()
    slices = b"".join(hashlib.sha256(data[at:at + 25_000]).digest()
                      for at in range(0, len(data), 25_000))
    assert summary["block_bytes"] == 25_000
    assert summary["inputs"] == [{
        "path": str(path), "sha256_blocks": "sha256:" + hashlib.sha256(slices).hexdigest(),
        "bytes": len(data), "lines": len(corpus_lines), "parts": summary["parts"]}]
    assert err.endswith(f"{len(reports)} records: {verdicts['valid']} valid, "
                        f"{verdicts['invalid']} invalid, {verdicts['unreadable']} unreadable\n")


def test_without_the_extra_the_option_says_how_to_install_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = corpus.write(tmp_path / "a.jsonl", ["{}"])
    monkeypatch.setitem(sys.modules, "distributed", None)  # makes `import distributed` fail
    result = CliRunner().invoke(main, ["validate", "--scheduler", "tcp://127.0.0.1:1",
                                       str(path)])
    assert result.exit_code == 2
    assert "--scheduler needs Dask (distributed is not installed)" in result.stderr
    assert "run make cluster" in result.stderr and "bigtwo[cluster]" not in result.stderr
    monkeypatch.setitem(sys.modules, "fsspec", None)
    result = CliRunner().invoke(main, ["validate", "--workers", "2", str(path)])
    assert result.exit_code == 2
    assert "--workers needs Dask (fsspec is not installed)" in result.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forked workers are Linux's")
def test_local_workers_need_no_dask_where_they_fork(tmp_path: Path) -> None:
    path = corpus.write(tmp_path / "a.jsonl", corpus.lines(records=20, seed=8))
    code = ("import sys\n"
            "for name in ('dask', 'distributed'): sys.modules[name] = None\n"
            "from bigtwo.cli.main import main\n"
            "main(prog_name='bigtwo')\n")
    done = subprocess.run([sys.executable, "-c", code, "validate", "--workers", "2",
                           "--block-bytes", "3000", str(path)], capture_output=True,
                          cwd=ROOT, timeout=300, check=False)
    expected = single(path)
    assert (done.returncode, done.stdout, done.stderr.decode()) == (
        expected.exit_code, expected.stdout_bytes, expected.stderr)


def test_the_core_imports_without_dask() -> None:
    code = ("import sys\n"
            "for name in ('dask', 'distributed', 'fsspec'): sys.modules[name] = None\n"
            "import bigtwo.formats.json_lines, bigtwo.cli.main\n"
            "import bigtwo.batch.cluster, bigtwo.batch.driver, bigtwo.cli.cluster\n"
            "print('ok')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "ok\n"


@pytest.mark.parametrize(("args", "message"), [
    (["a.jsonl", "b.jsonl"], "several files or globs need --workers"),
    (["--out", "d", "a.jsonl"], "--out needs --workers"),
    (["--workers", "2", "--scheduler", "tcp://127.0.0.1:1", "a.jsonl"], "not both"),
    (["--workers", "2", "a.json"], "read JSON Lines"),
    (["--workers", "2", "nothing-*.jsonl"], "no input matches"),
    (["--workers", "2", "missing.jsonl"], "cannot open missing.jsonl"),
])
def test_usage_errors_exit_2_before_any_cluster_starts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], message: str) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("a.jsonl", "b.jsonl", "a.json"):
        (tmp_path / name).write_text("{}\n")
    result = CliRunner().invoke(main, ["validate", *args])
    assert result.exit_code == 2
    assert message in result.stderr


def test_stored_profiles_reach_workers_without_a_store(
        tmp_path: Path, dask_client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from bigtwo.rules.profiles import ProfileResolver
    from bigtwo.store.db import Store

    examples = ROOT / "examples"
    declaration = json.loads((examples / "house-rules.json").read_text(encoding="utf-8"))
    profile, problems = ProfileResolver().resolve(declaration)
    assert profile is not None, problems
    db = tmp_path / "profiles.db"
    store = Store(db)
    store.migrate()
    store.profiles.put(declaration, profile)
    store.close()
    monkeypatch.setenv("BIGTWO_DB", str(db))
    game = json.loads((examples / "club-night.json").read_text(encoding="utf-8"))
    lines = [json.dumps({**game, "profile": profile.id}), json.dumps(game),
             json.dumps({**game, "profile": "p-0000000000"})]
    path = corpus.write(tmp_path / "club.jsonl", lines)
    expected = single(path)
    assert [json.loads(line)["valid"] for line in expected.stdout.splitlines()] == [True, None, None]
    result = CliRunner().invoke(main, ["validate", "--scheduler", dask_client.scheduler.address,
                                       "--block-bytes", "100", str(path)])
    assert (result.exit_code, result.stdout, result.stderr) == (
        expected.exit_code, expected.stdout, expected.stderr)
    # --profile names the stored profile for the record that names none.
    expected = CliRunner().invoke(main, ["validate", "--profile", profile.id, str(path)])
    result = CliRunner().invoke(main, ["validate", "--scheduler", dask_client.scheduler.address,
                                       "--profile", profile.id, str(path)])
    assert [json.loads(line)["valid"] for line in result.stdout.splitlines()] == [True, True, None]
    assert (result.exit_code, result.stdout) == (expected.exit_code, expected.stdout)


def test_progress_follows_the_partitions_and_ends_with_the_counts(
        tmp_path: Path, corpus_lines: list[str], dask_client: Any) -> None:
    path = corpus.write(tmp_path / "season.jsonl", corpus_lines)
    expected = single(path)
    address = dask_client.scheduler.address
    result = CliRunner().invoke(main, ["validate", "--scheduler", address, "--block-bytes", "50000",
                                       "--progress", str(path)])
    assert result.stdout == expected.stdout
    assert result.stderr.startswith(f"validating on {address}")  # click's bar, off a terminal
    reports = [json.loads(line) for line in expected.stdout.splitlines()]
    verdicts = Counter(r["valid"] for r in reports)
    assert result.stderr.endswith(f"{len(reports)} records: {verdicts[True]} valid, "
                                  f"{verdicts[False]} invalid, {verdicts[None]} unreadable\n")
    quiet = CliRunner().invoke(main, ["validate", "--scheduler", address, str(path)])
    assert quiet.stderr == expected.stderr  # not a terminal: no bar, no counts
