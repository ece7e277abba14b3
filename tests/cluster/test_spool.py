"""A local run's spool: every block scanned and checked in one task, numbered from its own
start, its reports put end to end by the driver (sendfile or a plain copy) with the
unreadable lines' reports numbered in their holes: the single-process output, byte for byte,
wherever the blocks cut the lines."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any

import click
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigtwo.batch.blocks import local_block_bytes, part_name, partition
from bigtwo.batch.cluster import CheckSpec, check_block, split_lines
from bigtwo.batch.scans import numbered
from bigtwo.batch.spool import SpoolReader
from bigtwo.batch.tasks import scan_and_check
from bigtwo.cli.cluster import validate_on_cluster
from bigtwo.cli.shared.verdicts import line_error
from tests.cluster import corpus

# A valid record, a broken one, lines that are not JSON, a record that cannot be replayed,
# blank lines, non-ASCII text, a line of one byte: each drawn any number of times.
POOL = [line.encode() for line in corpus.lines(records=8, seed=3) if len(line) < 6000][:12] + [
    b"{not json", b'{"profile": "no-such-profile", "deals": []}', b"", b"   ", b"[",
    json.dumps({"players": ["Zo\u00eb", "\u674e\u96f7"]}, ensure_ascii=False).encode(), b"7"]
# Blocks an example is cut into, at most: each is a task with a part file of its own (about
# 0.3 ms). One-byte blocks over 25 picks of the 3.7 kB line made 90,000 tasks (30 s of CPU
# for the test) and cut nothing that one-byte blocks over a few short lines do not.
MOST_BLOCKS = 256


def one_process(data: bytes, spec: CheckSpec) -> tuple[bytes, list[str]]:
    """What ``bigtwo validate`` prints for these bytes: the reference."""
    result = check_block(split_lines(data), 1, spec)
    return result.data, [line_error("in.jsonl", n, m) for n, m in result.messages]


def spooled(path: Path, spool: Path, block: int, spec: CheckSpec,
            stdout: Any) -> list[str]:
    """The spooled run without a cluster: every block's task in turn, then the driver's merge."""
    inputs, blocks = partition((str(path),), block)
    outcomes = [scan_and_check(b, 1 << 20, spec, str(spool)) for b in blocks]
    before = numbered(inputs, [scan for scan, _ in outcomes], 1 << 20)
    reader, messages = SpoolReader(stdout), []
    for (_, result), newlines in zip(outcomes, before, strict=True):
        messages += [line_error("in.jsonl", n + newlines, m) for n, m in result.messages]
        reader.copy(str(spool / part_name(result.index)), result.holes, newlines)
    assert not list(spool.iterdir()), "every part is removed once copied"
    return messages


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(picks=st.lists(st.integers(0, len(POOL) - 1), max_size=25),
       final_newline=st.booleans(), block=st.integers(1, 9000), real_file=st.booleans())
def test_merged_by_offset_is_the_single_process_output(
        tmp_path_factory: pytest.TempPathFactory, picks: list[int], final_newline: bool,
        block: int, real_file: bool) -> None:
    data = b"\n".join(POOL[i] for i in picks) + (b"\n" if final_newline and picks else b"")
    block = max(block, -(-len(data) // MOST_BLOCKS))
    here = tmp_path_factory.mktemp("run")
    path = here / "in.jsonl"
    path.write_bytes(data)
    spool = here / "spool"
    spool.mkdir()
    spec = CheckSpec()
    expected, expected_messages = one_process(data, spec)
    if real_file:  # a file descriptor: os.sendfile copies in the kernel
        with (here / "out").open("wb") as out:
            messages = spooled(path, spool, block, spec, out)
        got = (here / "out").read_bytes()
    else:  # no file descriptor (a test's captured stream): copied through Python
        buffer = io.BytesIO()
        messages = spooled(path, spool, block, spec, buffer)
        got = buffer.getvalue()
    assert got == expected
    assert messages == expected_messages


def test_a_pipe_takes_the_parts_through_sendfile(tmp_path: Path) -> None:
    part = tmp_path / part_name(0)
    part.write_bytes(b"a" * 100_000 + b"\n")
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the reader: drains the pipe into a file while the parent writes
        os.close(write)
        with open(tmp_path / "drained", "wb") as sink:
            while chunk := os.read(read, 65536):
                sink.write(chunk)
        os._exit(0)
    os.close(read)
    with os.fdopen(write, "wb") as stdout:
        SpoolReader(stdout).copy(str(part), [(50_000, {"valid": None, "line": 1})], 6)
    os.waitpid(pid, 0)
    assert (tmp_path / "drained").read_bytes() == (
        b"a" * 50_000 + b'{"valid":null,"line":7}\n' + b"a" * 50_000 + b"\n")


def test_a_long_line_refuses_the_spooled_run_before_any_output(
        tmp_path: Path, dask_client: Any, capfd: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "long.jsonl"
    path.write_bytes(b"[]\n" * 30 + b"0" * 5000 + b"\n[]\n" * 30)
    capfd.readouterr()
    with pytest.raises(click.ClickException, match=r"long.jsonl:31: the line is over the limit"):
        validate_on_cluster((str(path),), workers=None, scheduler=None, out=None,
                            block_bytes=1000, spec=CheckSpec(), progress=False,
                            client=dask_client, max_line=4000, spool=True)
    assert capfd.readouterr().out == ""


MIB = 1 << 20


@pytest.mark.parametrize(("total", "workers", "expected"), [
    (0, 2, 2 * MIB),  # an empty input still has the default
    (10 * MIB, 2, 2 * MIB),  # never below the default
    (64 * MIB, 2, 8 * MIB),  # four blocks per worker
    (64 * MIB + 1, 2, 8 * MIB + 1),  # rounded up: never a ninth block of one byte
    (32 * MIB, 1, 8 * MIB),
    (160 * MIB, 2, 16 * MIB),  # never above 16 MiB: more memory per block costs more
    (1 << 40, 2, 16 * MIB),
])
def test_a_local_run_cuts_four_blocks_per_worker(total: int, workers: int, expected: int) -> None:
    assert local_block_bytes(total, workers) == expected


def test_the_summary_names_the_block_size_a_local_run_chose(tmp_path: Path) -> None:
    path = corpus.write(tmp_path / "a.jsonl", corpus.lines(records=8, seed=2))
    inputs, blocks = partition((str(path),), None, 2)
    assert inputs[0].block_bytes == 2 * MIB and len(blocks) == 1
