"""A run of ``bigtwo validate`` over files on a Dask cluster, as a library call: the blocks
sent to the workers, their results taken back in input order, the totals and the summary.

Results come back in any order and are written in input order; a worker that dies is
replaced and its blocks computed again by Dask, so the output stays complete and identical.
Two ways to number the lines (docs/SCALING.md, "How a run goes"):

- spooled (a local cluster printing to one stream): each block is scanned and checked in
  one task, its lines numbered from its own start; the reports go to a spool directory on
  this machine, and the driver copies them out in input order (``bigtwo.batch.spool``);
- otherwise (a scheduler, ``out``, or stored profiles to ship) the workers scan every block
  first, the driver counts the lines before each, and the blocks are checked knowing their
  first line's number.

The caller says how to show things (``on_message``, ``progress``) and owns the words: every
refusal is a ``bigtwo.batch.errors.BatchError``.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field, replace
from typing import IO, Any, Protocol, cast

from bigtwo import ENGINE_VERSION
from bigtwo.batch import forks
from bigtwo.batch.blocks import Block, Input, part_name, partition
from bigtwo.batch.cluster import BlockResult, CheckSpec
from bigtwo.batch.errors import BatchError, ClusterFailed, OutNotEmpty
from bigtwo.batch.heap import keep_blocks_in_heap
from bigtwo.batch.local import client_for, import_for_a_local_cluster, require_extra
from bigtwo.batch.scans import Scan, numbered, plan, profile_ids
from bigtwo.batch.spool import SpoolReader, spool_dir
from bigtwo.batch.tasks import run_block, scan_and_check
from bigtwo.formats.json_lines import VERDICTS

# Told the number of blocks, gives what to call with each finished block's index (or None).
Progress = Callable[[int], AbstractContextManager[Callable[[int], None] | None]]
# (input name, line number, message) of an unreadable line, in input order.
OnMessage = Callable[[str, int, str], None]


class Runner(Protocol):
    """Where tasks run: Dask (``DaskRunner``) or a local run's forked workers (``ForkPool``)."""

    def map(self, fn: Callable[..., Any], items: Iterable[Any], **kwargs: Any) -> list[Any]:
        """``fn(item, **kwargs)`` for every item, the results in the items' order."""

    def each(self, fn: Callable[..., Any], tasks: list[tuple[Any, ...]], **kwargs: Any,
             ) -> Iterator[tuple[int, Any]]:
        """``(index, fn(*tasks[index], **kwargs))`` for every task, as each finishes."""


class DaskRunner:
    """Tasks on a Dask client's cluster."""

    def __init__(self, client: Any) -> None:
        self.client = client

    def map(self, fn: Callable[..., Any], items: Iterable[Any], **kwargs: Any) -> list[Any]:
        return list(self.client.gather(self.client.map(fn, list(items), pure=False, **kwargs)))

    def each(self, fn: Callable[..., Any], tasks: list[tuple[Any, ...]], **kwargs: Any,
             ) -> Iterator[tuple[int, Any]]:
        from distributed import as_completed

        if not tasks:
            return
        futures = self.client.map(fn, *zip(*tasks, strict=True), pure=False, **kwargs)
        index = {future.key: at for at, future in enumerate(futures)}
        for future in as_completed(futures):
            value = future.result()
            future.release()
            yield index[future.key], value


def cluster_map(client: Any) -> Callable[..., list[Any]]:
    """``map`` on the cluster, results in order."""
    return DaskRunner(client).map


def run(runner: Runner, blocks: list[Block], before: list[int], spec: CheckSpec,
        out: str | None, emit: Callable[[BlockResult], None],
        on_done: Callable[[int], None] | None = None, spool: str | None = None) -> None:
    """Every block on the cluster; ``emit`` sees the results in input order, as soon as all
    blocks before them are done. ``on_done`` is told each completed block's index."""
    waiting: dict[int, BlockResult] = {}
    following = 0
    for _, result in runner.each(run_block, list(zip(blocks, before, strict=True)), spec=spec,
                                 out=out, spool=spool):
        waiting[result.index] = result
        if on_done is not None:
            on_done(result.index)
        while following in waiting:
            emit(waiting.pop(following))
            following += 1


def run_fused(runner: Runner, blocks: list[Block], max_line: int | None, spec: CheckSpec,
              spool: str, on_done: Callable[[int], None] | None = None,
              ) -> tuple[list[Scan], list[BlockResult]]:
    """Every block scanned and checked in one task (``scan_and_check``): no pass over the
    data waits for another. The driver numbers the lines once all are in."""
    scans: list[Scan | None] = [None] * len(blocks)
    results: list[BlockResult | None] = [None] * len(blocks)
    for _, (scan, result) in runner.each(scan_and_check, [(b,) for b in blocks],
                                         max_line=max_line, spec=spec, spool=spool):
        scans[result.index], results[result.index] = scan, result
        if on_done is not None:
            on_done(result.index)
    assert all(r is not None for r in results)
    return cast(list[Scan], scans), cast(list[BlockResult], results)


@dataclass(slots=True)
class Totals:
    """Counts by verdict and by rule error code over every block."""

    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(VERDICTS, 0))
    codes: Counter[str] = field(default_factory=Counter)

    def add(self, result: BlockResult) -> None:
        for verdict, n in result.counts.items():
            self.counts[verdict] += n
        self.codes.update(result.codes)


def summary(inputs: list[Input], blocks: list[Block], totals: Totals, block_bytes: int,
            ) -> dict[str, Any]:
    """Counts, parts, and each input: its size, lines, parts, and ``sha256_blocks``: the
    SHA-256 of the SHA-256 digests of its consecutive ``block_bytes`` slices (each worker
    hashes its own, so the driver reads nothing; docs/SCALING.md shows how to check it)."""
    return {
        "engine": ENGINE_VERSION,
        "records": sum(totals.counts.values()),
        "verdicts": totals.counts,
        "error_codes": dict(sorted(totals.codes.items())),
        "block_bytes": block_bytes,
        "parts": [part_name(b.index) for b in blocks],
        "inputs": [{"path": i.name, "sha256_blocks": i.sha256, "bytes": i.bytes, "lines": i.lines,
                    "parts": [part_name(n) for n in i.partitions]} for i in inputs],
    }


def prepare_out(out: str) -> None:
    from fsspec.core import url_to_fs

    fs, path = url_to_fs(out)
    if fs.exists(path) and fs.ls(path):
        raise OutNotEmpty(out)
    fs.makedirs(path, exist_ok=True)


def validate_files(patterns: tuple[str, ...], *, workers: int | None, scheduler: str | None,
                   out: str | None, block_bytes: int | None, spec: CheckSpec,
                   stdout: IO[bytes], on_message: OnMessage, progress: Progress | None = None,
                   on_done: Callable[[int], None] | None = None, client: Any = None,
                   max_line: int | None = None,
                   profiles_for: Callable[[set[str]], Any] | None = None,
                   spool: bool | None = None) -> Totals:
    """Check JSON Lines files (paths, globs or fsspec URLs) on ``client``, else on the
    scheduler at ``scheduler``, else on a local cluster of ``workers`` processes: the report
    lines go to ``stdout`` in input order (with ``out``, to part files and ``summary.json``
    there instead), each unreadable line's message to ``on_message``; the totals come back.

    ``block_bytes`` None cuts a local run into four blocks per worker (``local_block_bytes``).
    With ``profiles_for``, the spec carries the stored profiles it answers for the ids the
    inputs (and the default profile) name. ``spool`` (default: for a local cluster printing
    to ``stdout``) has the workers write their reports to a temporary directory of this
    machine, which the driver copies out; without stored profiles to ship, each block is then
    scanned and checked in one task. ``on_done`` is told each finished block's index."""
    # A local run forks its own workers where it can (bigtwo.batch.forks): Dask is then
    # neither needed nor imported.
    forked = client is None and scheduler is None and forks.available()
    if client is None and scheduler is None and not forked:
        import_for_a_local_cluster()
    require_extra(with_dask=not forked)
    inputs, blocks = partition(patterns, block_bytes, workers)
    if block_bytes is None:
        block_bytes = inputs[0].block_bytes
    if out is not None:
        prepare_out(out)
    if spool is None:
        spool = workers is not None and out is None
    totals = Totals()
    reader = SpoolReader(stdout)
    spooled = spool_dir() if spool and out is None else None

    def emit(result: BlockResult, before: int = 0) -> None:
        totals.add(result)
        name = blocks[result.index].name
        for number, message in result.messages:
            on_message(name, number + before, message)
        if spooled is not None:
            reader.copy(f"{spooled}/{part_name(result.index)}", result.holes, before)
        elif out is None:
            stdout.write(result.data)

    def check(on: Runner) -> None:
        with (progress or _no_progress)(len(blocks)) as update:
            def done(index: int) -> None:
                if update is not None:
                    update(1)
                if on_done is not None:
                    on_done(index)

            if spooled is not None and profiles_for is None:
                scans, results = run_fused(on, blocks, max_line, spec, spooled, done)
                before = numbered(inputs, scans, max_line)
                for result in results:
                    emit(result, before[result.index])
                return
            before = plan(inputs, blocks, max_line, on.map)
            checking = spec
            if profiles_for is not None:
                named = set().union(*(i.profile_ids for i in inputs))
                named |= profile_ids(json.dumps(spec.default_profile, default=str))
                checking = replace(spec, profiles={**profiles_for(named), **spec.profiles})
            run(on, blocks, before, checking, out, emit, done, spooled)

    try:
        if client is not None:
            check(DaskRunner(client))
        elif forked:
            keep_blocks_in_heap()
            with forks.ForkPool(workers or 1) as pool:
                check(pool)
        else:
            with client_for(workers, scheduler) as own:
                check(DaskRunner(own))
    except BatchError:
        raise
    except Exception as exc:  # a block that failed on every worker it was given to
        raise ClusterFailed(type(exc).__name__, str(exc)) from exc
    finally:
        if spooled is not None:
            shutil.rmtree(spooled, ignore_errors=True)
    stdout.flush()
    if out is not None:
        import fsspec

        with fsspec.open(f"{out.rstrip('/')}/summary.json", "w", encoding="utf-8") as f:
            f.write(json.dumps(summary(inputs, blocks, totals, block_bytes), indent=2,
                               ensure_ascii=False) + "\n")
    return totals


def _no_progress(_total: int) -> AbstractContextManager[None]:
    return nullcontext()
