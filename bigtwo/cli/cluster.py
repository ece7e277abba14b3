"""``bigtwo validate --workers N | --scheduler URL``: the same report lines, computed on Dask.

The driver (this process) reads every input once, front to back: it hashes it for
``summary.json`` and cuts it into blocks of ``--block-size`` lines at line boundaries, so
that every line keeps its number. Only the block descriptions (file, byte range, first line
number) travel to the workers; each worker reads its own byte range through fsspec (a local
path, or any fsspec URL the workers can reach) and checks it with ``bigtwo.batch.cluster``. Results
come back in any order and are written in input order; a worker that dies is replaced and
its blocks computed again by Dask, so the output stays complete and identical.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import IO, TYPE_CHECKING, Any

import click

from bigtwo import ENGINE_VERSION
from bigtwo.batch.cluster import (
    DEFAULT_BLOCK_RECORDS,
    BlockResult,
    CheckSpec,
    check_block,
    split_lines,
)
from bigtwo.cli.language import Refusal, gettext, ngettext
from bigtwo.cli.verdicts import EXIT_UNREADABLE, exit_status, line_error, summary_line
from bigtwo.records.lines import VERDICTS

if TYPE_CHECKING:  # the store is opened only when there is one: validate stays light
    from bigtwo.store.db import Store

READ_CHUNK = 1 << 20
# What a stored profile id looks like (12 hex digits before 128-bit ids, 32 since): the
# driver notes every one its inputs name, and ships the workers only those profiles.
PROFILE_ID = re.compile(rb"p-[0-9a-f]{12,32}")
_ID_OVERLAP = 33  # an id cut by a chunk boundary is found in the next chunk's overlap


class Unavailable(Refusal):
    exit_code = EXIT_UNREADABLE


def require_extra(option: str) -> None:
    """Exit 2 with how to install Dask when it is missing."""
    try:
        import dask  # noqa: F401
        import distributed  # noqa: F401
        import fsspec  # noqa: F401
    except ImportError as exc:
        raise Unavailable(gettext("{option} needs Dask ({module} is not installed): install "
                                  "the cluster extra: pip install 'bigtwo[cluster]'",
                                  option=option, module=exc.name)) from exc


def cluster_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The options of ``validate`` that move it onto a cluster."""
    for option in reversed([
        click.option("--workers", type=click.IntRange(1, 1024), metavar="N",
                     help="Check on a local Dask cluster of N worker processes "
                          "(needs the cluster extra)."),
        click.option("--scheduler", metavar="URL",
                     help="Check on an existing Dask cluster, e.g. tcp://10.0.0.5:8786."),
        click.option("--out", metavar="DIR",
                     help="With --workers/--scheduler: write one part file per partition and "
                          "summary.json to DIR (a path or an fsspec URL) instead of stdout."),
        click.option("--block-size", type=click.IntRange(1, 1_000_000), metavar="LINES",
                     default=DEFAULT_BLOCK_RECORDS, show_default=True,
                     help="With --workers/--scheduler: lines per partition."),
    ]):
        command = option(command)
    return command


def on_cluster(paths: tuple[str, ...], cluster: dict[str, Any], complete: bool, lang: str,
               default_profile: Any, progress: bool | None) -> bool:
    """Run ``validate`` on a cluster when asked to (and exit); False to go on in-process."""
    workers, scheduler = cluster["workers"], cluster["scheduler"]
    if workers is None and scheduler is None:
        if cluster["out"] is not None:
            raise click.UsageError("--out needs --workers N or --scheduler URL")
        if len(paths) != 1:
            raise click.UsageError("one PATH at a time; several files or globs need "
                                   "--workers N or --scheduler URL")
        return False
    if workers is not None and scheduler is not None:
        raise click.UsageError("give --workers N (a local cluster) or --scheduler URL, not both")
    spec = CheckSpec(complete=complete, lang=lang, default_profile=default_profile)
    sys.exit(validate_on_cluster(paths, workers=workers, scheduler=scheduler,
                                 out=cluster["out"], block_lines=cluster["block_size"],
                                 spec=spec, progress=progress,
                                 max_line=cluster.get("max_bytes"), profiles_for=stored_profiles))


def profile_ids(text: bytes | str) -> set[str]:
    """Every string in ``text`` that looks like a stored profile id."""
    data = text.encode() if isinstance(text, str) else text
    return {m.decode() for m in PROFILE_ID.findall(data)}


def stored_profiles(ids: set[str], store: Store | None = None) -> dict[str, Any]:
    """The stored profiles among ``ids`` (of ``store``, else of BIGTWO_DB when it exists):
    workers get them as data, since they may have no store of their own, and only those a
    run names: every task carries them."""
    if store is None:
        import os

        from bigtwo.store.db import Store
        from bigtwo.store.paths import default_db_path

        path = default_db_path()
        if not ids or not os.path.exists(path):
            return {}
        opened = Store(path)
        try:
            return stored_profiles(ids, opened)
        finally:
            opened.close()
    return dict(store.profiles.declarations(ids))


# --- planning: inputs and their blocks ----------------------------------------------------
@dataclass(frozen=True, slots=True)
class Block:
    """A partition: lines ``first_line...`` of one input, bytes ``start`` to ``end``."""

    index: int
    fs: Any
    path: str
    name: str
    start: int
    end: int
    first_line: int


@dataclass(slots=True)
class Input:
    name: str
    sha256: str
    bytes: int
    lines: int
    partitions: list[int]
    profile_ids: set[str] = field(default_factory=set)  # what look like stored ids in it


def _has_magic(pattern: str) -> bool:
    import glob  # here, like hashlib and logging below: `bigtwo validate` without
    # --workers never needs them, and every import is start-up time

    return glob.has_magic(pattern)


def expand(patterns: tuple[str, ...]) -> list[tuple[Any, str, str]]:
    """``(filesystem, path, name to print)`` per input file, in argument order, each glob's
    matches sorted; a name given without a glob is printed as given."""
    from fsspec.core import url_to_fs

    out = []
    for pattern in patterns:
        if pattern == "-":
            raise click.UsageError("--workers/--scheduler read files, not standard input")
        fs, _ = url_to_fs(pattern)
        if _has_magic(pattern):
            matches = sorted(fs.glob(pattern))
            if not matches:
                raise Unavailable(gettext("no input matches {pattern}", pattern=pattern))
            for path in matches:
                out.append((fs, path, _display(fs, path)))
        else:
            out.append((fs, fs._strip_protocol(pattern), pattern))
    return out


def _display(fs: Any, path: str) -> str:
    protocol = fs.protocol if isinstance(fs.protocol, str) else fs.protocol[0]
    return path if protocol in ("file", "local") else fs.unstrip_protocol(path)


class LineTooLong(Exception):
    def __init__(self, line: int) -> None:
        super().__init__(line)
        self.line = line


def plan(patterns: tuple[str, ...], block_lines: int,
         max_line: int | None = None) -> tuple[list[Input], list[Block]]:
    """Read each input once: its hash, its line count, and its blocks. A line over
    ``max_line`` bytes ends the run before any block is sent (a worker would hold its whole
    block, and a 1 GB file without a newline is one block)."""
    inputs: list[Input] = []
    blocks: list[Block] = []
    for fs, path, name in expand(patterns):
        if not name.endswith((".jsonl", ".ndjson")):
            raise Unavailable(gettext("{path}: --workers/--scheduler read JSON Lines (.jsonl, "
                                      ".ndjson); check a .json record or a .csv score sheet "
                                      "without them", path=name))
        first = len(blocks)
        ids: set[str] = set()
        try:
            with fs.open(path, "rb") as stream:
                digest, size, lines, cuts = _scan(stream, block_lines, max_line, ids)
        except OSError as exc:
            raise Unavailable(gettext("cannot open {path}: {reason}", path=name,
                                      reason=exc.strerror or exc)) from exc
        except LineTooLong as exc:
            raise Unavailable(gettext("{path}:{line}: the line is over the limit of {limit} "
                                      "bytes (--max-bytes)", path=name, line=exc.line,
                                      limit=max_line)) from None
        start, first_line = 0, 1
        for end, line_count in cuts:
            blocks.append(Block(len(blocks), fs, path, name, start, end, first_line))
            start, first_line = end, first_line + line_count
        inputs.append(Input(name, digest, size, lines, list(range(first, len(blocks))), ids))
    return inputs, blocks


def _scan(stream: IO[bytes], block_lines: int, max_line: int | None = None,
          ids: set[str] | None = None) -> tuple[str, int, int, list[tuple[int, int]]]:
    """Hash, size, line count, and the blocks as ``(end offset, lines)``, in one pass; with
    ``max_line``, a line of more bytes (newline aside) raises LineTooLong. Chunks are at most
    ``max_line`` long, so only a line that crosses a chunk boundary can be over it: the bytes
    since the last newline are all that need counting. With ``ids``, every string that looks
    like a stored profile id is added to it."""
    import hashlib

    digest = hashlib.sha256()
    cuts: list[tuple[int, int]] = []
    pos = block_start = in_block = lines = since = 0
    last = b""
    tail = b""
    size = READ_CHUNK if max_line is None else max(1, min(READ_CHUNK, max_line))
    for chunk in iter(lambda: stream.read(size), b""):
        digest.update(chunk)
        if ids is not None:
            ids.update(m.decode() for m in PROFILE_ID.findall(tail + chunk))
            tail = (tail + chunk)[-_ID_OVERLAP:]
        newlines = chunk.count(b"\n")
        if max_line is not None:
            first = chunk.find(b"\n")
            if (since + len(chunk) if first < 0 else since + first) > max_line:
                raise LineTooLong(lines + 1)
            since = since + len(chunk) if first < 0 else len(chunk) - chunk.rfind(b"\n") - 1
        lines += newlines
        if in_block + newlines < block_lines:  # the common case: no cut in this chunk
            in_block += newlines
        else:
            at = chunk.find(b"\n")
            while at >= 0:
                in_block += 1
                if in_block == block_lines:
                    block_start = pos + at + 1
                    cuts.append((block_start, in_block))
                    in_block = 0
                at = chunk.find(b"\n", at + 1)
        pos += len(chunk)
        last = chunk[-1:]
    if pos and last != b"\n":  # a last line without a newline is a line too
        lines += 1
        in_block += 1
    if pos > block_start:
        cuts.append((pos, in_block))
    return "sha256:" + digest.hexdigest(), pos, lines, cuts


# --- the work of one block, on a worker ---------------------------------------------------
def part_name(index: int) -> str:
    return f"part-{index:05d}.jsonl"


def run_block(block: Block, spec: CheckSpec, out: str | None) -> BlockResult:
    """Read the block's bytes, check its lines; with ``out``, write them as a part file there
    (a recomputed block writes the same bytes again) and send back only the counts."""
    with block.fs.open(block.path, "rb") as stream:
        stream.seek(block.start)
        data = stream.read(block.end - block.start)
    result = check_block(split_lines(data), block.first_line, spec, block.index)
    if out is not None:
        import fsspec

        with fsspec.open(f"{out.rstrip('/')}/{part_name(block.index)}", "wb") as part:
            part.write(result.data)
        result.data = b""
    return result


# --- the driver ---------------------------------------------------------------------------
@contextmanager
def client_for(workers: int | None, scheduler: str | None) -> Iterator[Any]:
    from distributed import Client, LocalCluster

    if scheduler:
        try:
            client = Client(scheduler, timeout="20s")
        except OSError as exc:
            raise Unavailable(gettext("cannot reach the Dask scheduler at {scheduler}: {reason}",
                                      scheduler=scheduler, reason=exc)) from exc
        with client:
            yield client
        return
    from logging import CRITICAL

    import dask

    # Workers forked from a warm server process instead of each started afresh: a local
    # cluster is up in about half the time (docs/SCALING.md), and unlike a plain fork it is
    # safe in a process that already runs threads.
    dask.config.set({"distributed.worker.multiprocessing-method": "forkserver"})
    # Quiet: a worker's complaint while the cluster shuts down (a missed heartbeat on a busy
    # machine) is not the user's business, and stderr must stay the single process's.
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      dashboard_address="127.0.0.1:0", silence_logs=CRITICAL) as cluster, \
            Client(cluster) as client:
        yield client


def run(client: Any, blocks: list[Block], spec: CheckSpec, out: str | None,
        emit: Callable[[BlockResult], None],
        on_done: Callable[[int], None] | None = None) -> None:
    """Every block on the cluster; ``emit`` sees the results in input order, as soon as all
    blocks before them are done. ``on_done`` is told each completed block's index."""
    from distributed import as_completed

    futures = client.map(run_block, blocks, spec=spec, out=out, pure=False)
    waiting: dict[int, BlockResult] = {}
    following = 0
    for future in as_completed(futures):
        result: BlockResult = future.result()
        future.release()
        waiting[result.index] = result
        if on_done is not None:
            on_done(result.index)
        while following in waiting:
            emit(waiting.pop(following))
            following += 1


class _Totals:
    def __init__(self) -> None:
        self.counts: dict[str, int] = dict.fromkeys(VERDICTS, 0)
        self.codes: Counter[str] = Counter()

    def add(self, result: BlockResult) -> None:
        for verdict, n in result.counts.items():
            self.counts[verdict] += n
        self.codes.update(result.codes)


def summary(inputs: list[Input], blocks: list[Block], totals: _Totals, block_lines: int,
            ) -> dict[str, Any]:
    return {
        "engine": ENGINE_VERSION,
        "records": sum(totals.counts.values()),
        "verdicts": totals.counts,
        "error_codes": dict(sorted(totals.codes.items())),
        "block_lines": block_lines,
        "parts": [part_name(b.index) for b in blocks],
        "inputs": [{"path": i.name, "sha256": i.sha256, "bytes": i.bytes, "lines": i.lines,
                    "parts": [part_name(n) for n in i.partitions]} for i in inputs],
    }


def _prepare_out(out: str) -> None:
    from fsspec.core import url_to_fs

    fs, path = url_to_fs(out)
    if fs.exists(path) and fs.ls(path):
        raise Unavailable(gettext("--out {out}: the directory is not empty; name a new or "
                                  "empty one", out=out))
    fs.makedirs(path, exist_ok=True)


def validate_on_cluster(patterns: tuple[str, ...], *, workers: int | None,
                        scheduler: str | None, out: str | None, block_lines: int,
                        spec: CheckSpec, progress: bool | None,
                        on_done: Callable[[int], None] | None = None,
                        client: Any = None, max_line: int | None = None,
                        profiles_for: Callable[[set[str]], Any] | None = None) -> int:
    """The ``--workers``/``--scheduler`` run of ``bigtwo validate``; its exit status. With
    ``profiles_for``, the spec carries the stored profiles it answers for the ids the inputs
    (and the default profile) name."""

    require_extra("--scheduler" if scheduler else "--workers")
    inputs, blocks = plan(patterns, block_lines, max_line)
    if profiles_for is not None:
        named = set().union(*(i.profile_ids for i in inputs))
        named |= profile_ids(json.dumps(spec.default_profile, default=str))
        spec = replace(spec, profiles={**profiles_for(named), **spec.profiles})
    if out is not None:
        _prepare_out(out)
    if progress is None:
        progress = sys.stderr.isatty() and (out is not None or not sys.stdout.isatty())
    totals = _Totals()
    stdout: IO[bytes] = sys.stdout.buffer

    def emit(result: BlockResult) -> None:
        totals.add(result)
        name = blocks[result.index].name
        for number, message in result.messages:
            click.echo(line_error(name, number, message), err=True)
        if out is None:
            stdout.write(result.data)

    with _bar(len(blocks), progress, workers, scheduler) as bar:
        def done(index: int) -> None:
            if bar is not None:
                bar.update(1)
            if on_done is not None:
                on_done(index)

        try:
            if client is not None:
                run(client, blocks, spec, out, emit, done)
            else:
                with client_for(workers, scheduler) as own:
                    run(own, blocks, spec, out, emit, done)
        except click.ClickException:
            raise
        except Exception as exc:  # a block that failed on every worker it was given to
            raise Unavailable(gettext("the cluster could not finish: {kind}: {reason}. Output so "
                                      "far is complete up to the last block written.",
                                      kind=type(exc).__name__, reason=exc)) from exc
    if out is not None:
        import fsspec

        with fsspec.open(f"{out.rstrip('/')}/summary.json", "w", encoding="utf-8") as f:
            f.write(json.dumps(summary(inputs, blocks, totals, block_lines), indent=2,
                               ensure_ascii=False) + "\n")
    if progress or out is not None:
        click.echo(summary_line(totals.counts), err=True)
    return exit_status(totals.counts)


@contextmanager
def _bar(total: int, enabled: bool, workers: int | None, scheduler: str | None) -> Iterator[Any]:
    if not enabled:
        yield None
        return
    label = (gettext("validating on {scheduler}", scheduler=scheduler) if scheduler else
             ngettext("validating on {n} local worker", "validating on {n} local workers",
                      workers or 0))
    with click.progressbar(length=total, label=label, file=sys.stderr,
                           show_pos=True, show_percent=True) as bar:
        yield bar
