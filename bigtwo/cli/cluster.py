"""``bigtwo validate --workers N | --scheduler URL``: the same report lines, computed on Dask.

The driver (this process) reads no byte of any input: it cuts each one into blocks of bytes
from its size alone, and only the block descriptions (file, byte range) travel to the
workers, which read their own ranges through fsspec (a local path, or any fsspec URL they
can reach). Results come back in any order and are written in input order; a worker that
dies is replaced and its blocks computed again by Dask, so the output stays complete and
identical.

Two ways to number the lines (docs/SCALING.md, "How a run goes"):

- on a local cluster printing to stdout, each block is scanned and checked in one task,
  its lines numbered from its own start; the reports go to a spool directory on this
  machine, and the driver copies them to stdout in input order with ``sendfile``, putting
  back the unreadable lines' reports (the only ones that quote a line number) numbered;
- with ``--scheduler``, ``--out`` or stored profiles to ship, the workers scan every block
  first (newlines, hash, profile ids), the driver counts the lines before each block, and
  the blocks are checked knowing their first line's number.
"""

from __future__ import annotations

import functools
import gc
import json
import os
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import IO, TYPE_CHECKING, Any, cast

import click

from bigtwo import ENGINE_VERSION, limits
from bigtwo.batch.cluster import (
    DEFAULT_BLOCK_BYTES,
    BlockResult,
    CheckSpec,
    check_block,
    split_lines,
)
from bigtwo.cli.cluster_options import in_process
from bigtwo.cli.heap import keep_blocks_in_heap
from bigtwo.cli.language import Refusal, gettext, ngettext
from bigtwo.cli.verdicts import EXIT_UNREADABLE, exit_status, line_error, summary_line
from bigtwo.formats.json_lines import VERDICTS
from bigtwo.rules.profiles import ProfileRef

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
        raise Unavailable(gettext("{option} needs Dask ({module} is not installed): in the "
                                  "bigtwo checkout, run make cluster (it installs the cluster "
                                  "extra into .venv)", option=option, module=exc.name)) from exc


def _import_for_a_local_cluster() -> None:
    """Import Dask for a local cluster of this process's own, without what it never uses:
    jinja2 renders Dask's notebook widgets only (dask.widgets does without it), and Dask's
    configuration files are read with libyaml's loader where PyYAML has it, instead of the
    pure-Python one (together about 50 ms of the 0.3 s of CPU that importing takes). The
    workers fork from this process, so they inherit the saving."""
    try:
        import yaml  # type: ignore[import-untyped]  # PyYAML ships no types; Dask needs it
    except ImportError:
        return
    hide_jinja = "jinja2" not in sys.modules
    if hide_jinja:  # an ImportError for dask.widgets only: jinja2 imports again after
        sys.modules["jinja2"] = None  # type: ignore[assignment]
    safe_load = yaml.safe_load
    if getattr(yaml, "__with_libyaml__", False):
        yaml.safe_load = functools.partial(yaml.load, Loader=yaml.CSafeLoader)
    try:
        import distributed  # noqa: F401
    except ImportError:
        pass  # require_extra says what to install
    finally:
        yaml.safe_load = safe_load
        if hide_jinja:
            del sys.modules["jinja2"]


def on_cluster(paths: tuple[str, ...], cluster: dict[str, Any], complete: bool, lang: str,
               default_profile: ProfileRef | None, progress: bool | None) -> bool:
    """Run ``validate`` on a cluster when asked to (and exit); False to go on in-process."""
    if in_process(paths, cluster):
        return False
    workers, scheduler = cluster["workers"], cluster["scheduler"]
    if workers is not None and scheduler is not None:
        raise click.UsageError("give --workers N (a local cluster) or --scheduler URL, not both")
    spec = CheckSpec(complete=complete, lang=lang, default_profile=default_profile)
    status = validate_on_cluster(paths, workers=workers, scheduler=scheduler,
                                 out=cluster["out"],
                                 block_bytes=cluster["block_bytes"] or (
                                     None if workers is not None else DEFAULT_BLOCK_BYTES),
                                 spec=spec, progress=progress,
                                 max_line=cluster.get("max_bytes"),
                                 profiles_for=stored_profiles if has_store() else None)
    if workers is not None and (sys.stdout, sys.stderr) == (sys.__stdout__, sys.__stderr__):
        _exit_now(status)
    sys.exit(status)


def _exit_now(status: int) -> None:
    """End the process at once, the output flushed and the cluster already closed: tearing
    down an interpreter that imported Dask (its modules, the loop's threads, the nannies'
    bookkeeping) took a few tenths of a second more of every local run (docs/SCALING.md).
    Only a process of its own does this, never a caller that runs the command inside it."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:
        status = status or 1
    os._exit(status)


def has_store() -> bool:
    """Whether BIGTWO_DB names an existing store, whose profiles the records may name."""
    import os

    from bigtwo.store.paths import default_db_path

    return os.path.exists(default_db_path())


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
    """A partition: the lines of one input that start within bytes ``start`` to ``end`` (a
    line belongs to the block its first byte is in, so a line cut by ``end`` is read whole by
    its block and skipped by the next)."""

    index: int
    fs: Any
    path: str
    name: str
    start: int
    end: int
    size: int  # of the whole input

    def read(self, start: int, end: int) -> bytes:
        with self.fs.open(self.path, "rb") as stream:
            stream.seek(start)
            return bytes(stream.read(end - start))


@dataclass(slots=True)
class Input:
    name: str
    bytes: int
    partitions: list[int]
    block_bytes: int  # of its blocks (the last one shorter)
    sha256: str = ""  # of the blocks' digests (see summary)
    lines: int = 0
    profile_ids: set[str] = field(default_factory=set)  # what look like stored ids in it


@dataclass(frozen=True, slots=True)
class Scan:
    """What a worker found in one block's bytes (``start`` to ``end``, nothing past them):
    its newlines, its SHA-256, what looks like a stored profile id, and the lengths that
    tell a line over the limit: before the first newline, after the last, and the first
    whole line inside over ``max_line`` (its index among them), if any."""

    newlines: int
    sha256: bytes
    ids: frozenset[str]
    lead: int
    trail: int
    over_at: int | None = None


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
    def __init__(self, line: int, name: str = "") -> None:
        super().__init__(line)
        self.line, self.name = line, name


def partition(patterns: tuple[str, ...], block_bytes: int | None,
              workers: int | None = None) -> tuple[list[Input], list[Block]]:
    """Inputs and their blocks of ``block_bytes`` (None: ``local_block_bytes`` of their total
    size for ``workers``), from the file sizes alone: the driver reads no byte of any input."""
    inputs: list[Input] = []
    blocks: list[Block] = []
    sized = []
    for fs, path, name in expand(patterns):
        if not name.endswith((".jsonl", ".ndjson")):
            raise Unavailable(gettext("{path}: --workers/--scheduler read JSON Lines (.jsonl, "
                                      ".ndjson); check a .json record or a .csv score sheet "
                                      "without them", path=name))
        try:
            sized.append((fs, path, name, int(fs.size(path))))
        except OSError as exc:
            raise Unavailable(gettext("cannot open {path}: {reason}", path=name,
                                      reason=exc.strerror or exc)) from exc
    if block_bytes is None:
        block_bytes = local_block_bytes(sum(size for *_, size in sized), workers or 1)
    for fs, path, name, size in sized:
        first = len(blocks)
        for start in range(0, size, block_bytes):
            blocks.append(Block(len(blocks), fs, path, name, start,
                                min(start + block_bytes, size), size))
        inputs.append(Input(name, size, list(range(first, len(blocks))), block_bytes))
    return inputs, blocks


def local_block_bytes(total: int, workers: int) -> int:
    """The block size of a local run: four blocks per worker (the last ones still spread
    over all of them), at least the default and at most 16 MiB. On one machine a block
    costs its task's round trip and nothing buys more of them: 80,000 records on 2 workers
    ran faster in 8 blocks than in 80. Nor do bigger blocks pay: a worker takes fresh memory
    from the kernel for each one it holds (its bytes, its lines, its reports), and 320,000
    records in blocks of 64 MiB spent 2.2 s in the kernel against 1.0 s in blocks of 20 MB
    (docs/SCALING.md)."""
    return max(DEFAULT_BLOCK_BYTES, min(limits.MAX_LOCAL_BLOCK_BYTES, -(-total // (4 * workers))))


def scan_block(block: Block, max_line: int | None = None, summary: bool = True,
               own_bytes: bytes | None = None) -> Scan:
    """On a worker: one pass over the block's bytes (and the few after it that an id cut by
    its end needs), at C speed. Without ``summary`` (a run to stdout, whose profiles are
    already known) it takes neither the hash nor the ids: a third of the scan's CPU each;
    it then needs the block's own bytes only, which ``own_bytes`` may hold already."""
    import hashlib

    if own_bytes is not None and not summary:
        data = own_bytes
    else:
        data = block.read(block.start, min(block.end + _ID_OVERLAP, block.size))
    own = len(data) if block.end >= block.size else block.end - block.start
    ids = frozenset(m.group().decode() for m in PROFILE_ID.finditer(data)
                    if m.start() < own) if summary else frozenset()
    data = data[:own]
    newlines = data.count(b"\n")
    over_at = None
    if max_line is not None and newlines > 1 and own > max_line:  # else no line is over
        pieces = data.split(b"\n")
        over_at = next((i for i, piece in enumerate(pieces[1:-1], start=1)
                        if len(piece) > max_line), None)
    first, last = data.find(b"\n"), data.rfind(b"\n")
    return Scan(newlines, hashlib.sha256(data).digest() if summary else b"", ids,
                own if first < 0 else first, own if last < 0 else own - last - 1, over_at)


def number_lines(inputs: list[Input], scans: list[Scan], max_line: int | None = None,
                 ) -> list[int]:
    """The newlines before each block (its first line's number follows from them), each
    input's line count, hash and profile ids; a line over ``max_line`` bytes (newline aside)
    raises LineTooLong with its number, the first one of the input, before any block is
    checked."""
    before: list[int] = []
    for item in inputs:
        try:
            before += _number_input(item, scans, max_line)
        except LineTooLong as exc:
            raise LineTooLong(exc.line, item.name) from None
    return before


def _number_input(item: Input, scans: list[Scan], max_line: int | None) -> list[int]:
    import hashlib

    before: list[int] = []
    newlines = open_line = 0  # newlines so far; the bytes of the line not yet ended
    digest = hashlib.sha256()
    for index in item.partitions:
        scan = scans[index]
        before.append(newlines)
        digest.update(scan.sha256)
        item.profile_ids |= scan.ids
        if scan.newlines == 0:
            open_line += scan.lead
        else:
            if max_line is not None and open_line + scan.lead > max_line:
                raise LineTooLong(newlines + 1)
            if scan.over_at is not None:
                raise LineTooLong(newlines + 1 + scan.over_at)
            open_line = scan.trail
        newlines += scan.newlines
        if max_line is not None and open_line > max_line:
            raise LineTooLong(newlines + 1)
    item.lines = newlines + (open_line > 0)
    item.sha256 = "sha256:" + digest.hexdigest()
    return before


def plan(inputs: list[Input], blocks: list[Block], max_line: int | None = None,
         mapper: Callable[..., Iterable[Any]] = map) -> list[int]:
    """The newlines before each block, every block scanned by ``mapper`` (``map`` in this
    process, or the cluster's); fills in each input's lines, hash and profile ids."""
    scans = list(mapper(functools.partial(scan_block, max_line=max_line), blocks))
    return numbered(inputs, scans, max_line)


def numbered(inputs: list[Input], scans: list[Scan], max_line: int | None) -> list[int]:
    """``number_lines``, a line over the limit refused with its place."""
    try:
        return number_lines(inputs, scans, max_line)
    except LineTooLong as exc:
        raise Unavailable(gettext("{path}:{line}: the line is over the limit of {limit} "
                                  "bytes (--max-bytes)", path=exc.name, line=exc.line,
                                  limit=max_line)) from None


# --- the work of one block, on a worker ---------------------------------------------------
def part_name(index: int) -> str:
    return f"part-{index:05d}.jsonl"


def block_lines(block: Block, newlines_before: int, limit: int | None = None,
                own_bytes: bytes | None = None) -> tuple[int, bytes]:
    """The number of the block's first line and the bytes of its lines: from the first line
    that starts in the block to the end of the last one (past ``end`` when it is cut; at most
    ``limit`` bytes past it: a longer line is over the limit, and the run is refused).
    ``own_bytes``, the block's bytes already read (``start`` to ``end``), spares a read."""
    own = block.read(block.start, block.end) if own_bytes is None else own_bytes
    at = block.start
    if at > 0 and block.read(at - 1, at) != b"\n":  # a line starts at ``start`` after a newline
        cut = own.find(b"\n")  # else the first line starts after the first newline in the block
        if cut < 0 or at + cut + 1 >= block.end:  # a line that started earlier fills the block
            return newlines_before + 1, b""
        at += cut + 1
    first_line = newlines_before + 1 + (at > block.start)
    data = own if at == block.start else own[at - block.start:]
    if block.end < block.size and not data.endswith(b"\n"):
        with block.fs.open(block.path, "rb") as stream:
            stream.seek(block.end)
            while True:  # lines over the limit were refused by the scans
                chunk = stream.read(READ_CHUNK)
                newline = chunk.find(b"\n")
                data += chunk if newline < 0 else chunk[:newline + 1]
                if newline >= 0 or not chunk:
                    break
                if limit is not None and len(data) > block.end - at + limit:
                    break
    return first_line, data


def run_block(block: Block, newlines_before: int, spec: CheckSpec, out: str | None,
              spool: str | None = None) -> BlockResult:
    """Read the block's lines, check them; with ``out``, write them as a part file there
    (a recomputed block writes the same bytes again) and send back only the counts; with
    ``spool`` (a local directory the driver reads), the same, see ``spool_part``."""
    first_line, data = block_lines(block, newlines_before)
    result = check_block(split_lines(data), first_line, spec, block.index)
    if out is not None:
        import fsspec

        with fsspec.open(f"{out.rstrip('/')}/{part_name(block.index)}", "wb") as part:
            part.write(result.data)
        result.data = b""
    elif spool is not None:
        spool_part(spool, result)
    return result


def spool_part(spool: str, result: BlockResult) -> None:
    """Write a block's report bytes to the local spool directory, whole or not at all (a
    worker killed mid-write leaves a temporary name; a block computed twice writes the same
    bytes): the driver copies them to stdout with ``sendfile``, never decoding or holding
    them, where receiving them through Dask cost it about 1 s of CPU per 48 MB."""
    import os

    final = os.path.join(spool, part_name(result.index))
    partial = f"{final}.{os.getpid()}"
    with open(partial, "wb") as part:
        part.write(result.data)
    os.replace(partial, final)
    result.data = b""


def scan_and_check(block: Block, max_line: int | None, spec: CheckSpec, spool: str,
                   ) -> tuple[Scan, BlockResult]:
    """The scan and the check of one block in one task, before the lines ahead of it are
    counted: its lines numbered from its own start, its unreadable lines left for the driver
    to number (``check_block(holes=True)``), its reports spooled. A block with a line over
    the limit is not checked: the run will be refused."""
    own = block.read(block.start, block.end)  # one read for the scan and the check
    scan = scan_block(block, max_line, summary=False, own_bytes=own)
    result = BlockResult(block.index)
    if scan.over_at is None:
        first_line, data = block_lines(block, 0, max_line, own_bytes=own)
        result = check_block(split_lines(data), first_line, spec, block.index, holes=True)
    spool_part(spool, result)
    return scan, result


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

    # Workers forked from this process on Linux: they start with the core, click and Dask
    # already imported, where a forkserver's imports them again (one-record run measured
    # 0.9 s against 1.4 s and more, docs/SCALING.md). The fork happens on the cluster's loop
    # thread while this thread waits on it, holding no lock. Elsewhere, the forkserver.
    # The workers' statistical profiler samples every task's stack 100 times a second (a few
    # per cent of the checking): off.
    method = "fork" if sys.platform == "linux" else "forkserver"
    dask.config.set({"distributed.worker.multiprocessing-method": method,
                     "distributed.worker.profile.enabled": False})
    # Quiet: a worker's complaint while the cluster shuts down (a missed heartbeat on a busy
    # machine) is not the user's business, and stderr must stay the single process's.
    # No dashboard: nobody watches a run of seconds, and the scheduler then starts no HTTP
    # server. The nanny stays: it is what starts a new worker when one dies (a thread in this
    # process, not a process of its own).
    # What this process holds now is frozen out of the collector while the workers fork: a
    # worker's collections would otherwise visit (and so copy) every page of it.
    gc.freeze()
    keep_blocks_in_heap()
    try:
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=None, silence_logs=CRITICAL)
    finally:
        gc.unfreeze()
    with cluster, Client(cluster) as client:
        yield client


def cluster_map(client: Any) -> Callable[..., list[Any]]:
    """``map`` on the cluster, results in order."""
    def mapper(fn: Callable[..., Any], items: list[Any]) -> list[Any]:
        return list(client.gather(client.map(fn, items, pure=False)))

    return mapper


def run(client: Any, blocks: list[Block], before: list[int], spec: CheckSpec, out: str | None,
        emit: Callable[[BlockResult], None],
        on_done: Callable[[int], None] | None = None, spool: str | None = None) -> None:
    """Every block on the cluster; ``emit`` sees the results in input order, as soon as all
    blocks before them are done. ``on_done`` is told each completed block's index."""
    from distributed import as_completed

    futures = client.map(run_block, blocks, before, spec=spec, out=out, spool=spool, pure=False)
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


def run_fused(client: Any, blocks: list[Block], max_line: int | None, spec: CheckSpec,
              spool: str, on_done: Callable[[int], None] | None = None,
              ) -> tuple[list[Scan], list[BlockResult]]:
    """Every block scanned and checked in one task (``scan_and_check``): no pass over the
    data waits for another. The driver numbers the lines once all are in."""
    from distributed import as_completed

    futures = client.map(scan_and_check, blocks, max_line=max_line, spec=spec, spool=spool,
                         pure=False)
    scans: list[Scan | None] = [None] * len(blocks)
    results: list[BlockResult | None] = [None] * len(blocks)
    for future in as_completed(futures):
        scan, result = future.result()
        future.release()
        scans[result.index], results[result.index] = scan, result
        if on_done is not None:
            on_done(result.index)
    assert all(r is not None for r in results)
    return cast(list[Scan], scans), cast(list[BlockResult], results)


class SpoolReader:
    """Copies spooled part files to stdout in input order: with ``sendfile`` (in the kernel,
    without decoding or holding them) when stdout is a file descriptor that takes it, else
    through Python; an unreadable line's report goes in its hole, numbered."""

    def __init__(self, stdout: IO[bytes]) -> None:
        self.stdout = stdout
        try:
            self.fd: int | None = stdout.fileno()
        except (AttributeError, OSError, ValueError):  # a test's captured stream
            self.fd = None

    def copy(self, path: str, holes: list[tuple[int, dict[str, Any]]], before: int) -> None:
        import os

        from bigtwo.cli.output import json_line

        with open(path, "rb") as part:
            at = 0
            for offset, document in holes:
                self._range(part, at, offset)
                line = {**document, "line": document["line"] + before}  # the key keeps its place
                self.stdout.write(json_line(line))
                at = offset
            self._range(part, at, os.fstat(part.fileno()).st_size)
        os.unlink(path)

    def _range(self, part: IO[bytes], start: int, end: int) -> None:
        import os

        if start >= end:
            return
        self.stdout.flush()
        while self.fd is not None and start < end:
            try:
                sent = os.sendfile(self.fd, part.fileno(), start, end - start)
            except BlockingIOError:  # a non-blocking pipe that is full: wait for room
                import select

                select.select([], [self.fd], [])
                continue
            except OSError as exc:
                import errno

                if exc.errno not in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
                    raise
                self.fd = None  # this stdout takes no sendfile: copy through Python
                break
            if sent == 0:
                break
            start += sent
        part.seek(start)
        while start < end:
            chunk = part.read(min(READ_CHUNK, end - start))
            if not chunk:
                break
            self.stdout.write(chunk)
            start += len(chunk)


class _Totals:
    def __init__(self) -> None:
        self.counts: dict[str, int] = dict.fromkeys(VERDICTS, 0)
        self.codes: Counter[str] = Counter()

    def add(self, result: BlockResult) -> None:
        for verdict, n in result.counts.items():
            self.counts[verdict] += n
        self.codes.update(result.codes)


def summary(inputs: list[Input], blocks: list[Block], totals: _Totals, block_bytes: int,
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


def _prepare_out(out: str) -> None:
    from fsspec.core import url_to_fs

    fs, path = url_to_fs(out)
    if fs.exists(path) and fs.ls(path):
        raise Unavailable(gettext("--out {out}: the directory is not empty; name a new or "
                                  "empty one", out=out))
    fs.makedirs(path, exist_ok=True)


def validate_on_cluster(patterns: tuple[str, ...], *, workers: int | None,
                        scheduler: str | None, out: str | None, block_bytes: int | None,
                        spec: CheckSpec, progress: bool | None,
                        on_done: Callable[[int], None] | None = None,
                        client: Any = None, max_line: int | None = None,
                        profiles_for: Callable[[set[str]], Any] | None = None,
                        spool: bool | None = None) -> int:
    """The ``--workers``/``--scheduler`` run of ``bigtwo validate``; its exit status. With
    ``profiles_for``, the spec carries the stored profiles it answers for the ids the inputs
    (and the default profile) name.

    ``spool`` (default: for a local cluster printing to stdout) has the workers write their
    reports to a temporary directory of this machine, which the driver copies to stdout;
    without stored profiles to ship, each block is then scanned and checked in one task."""

    if client is None and scheduler is None:
        _import_for_a_local_cluster()
    require_extra("--scheduler" if scheduler else "--workers")
    inputs, blocks = partition(patterns, block_bytes, workers)
    if block_bytes is None:
        block_bytes = inputs[0].block_bytes
    if out is not None:
        _prepare_out(out)
    if progress is None:
        progress = sys.stderr.isatty() and (out is not None or not sys.stdout.isatty())
    if spool is None:
        spool = workers is not None and out is None
    totals = _Totals()
    stdout: IO[bytes] = sys.stdout.buffer
    reader = SpoolReader(stdout)
    spooled = _spool_dir() if spool and out is None else None

    def emit(result: BlockResult, before: int = 0) -> None:
        totals.add(result)
        name = blocks[result.index].name
        for number, message in result.messages:
            click.echo(line_error(name, number + before, message), err=True)
        if spooled is not None:
            reader.copy(f"{spooled}/{part_name(result.index)}", result.holes, before)
        elif out is None:
            stdout.write(result.data)

    def check(on: Any) -> None:
        with _bar(len(blocks), progress, workers, scheduler) as bar:
            def done(index: int) -> None:
                if bar is not None:
                    bar.update(1)
                if on_done is not None:
                    on_done(index)

            if spooled is not None and profiles_for is None:
                scans, results = run_fused(on, blocks, max_line, spec, spooled, done)
                before = numbered(inputs, scans, max_line)
                for result in results:
                    emit(result, before[result.index])
                return
            before = plan(inputs, blocks, max_line, cluster_map(on))
            checking = spec
            if profiles_for is not None:
                named = set().union(*(i.profile_ids for i in inputs))
                named |= profile_ids(json.dumps(spec.default_profile, default=str))
                checking = replace(spec, profiles={**profiles_for(named), **spec.profiles})
            run(on, blocks, before, checking, out, emit, done, spooled)

    try:
        if client is not None:
            check(client)
        else:
            with client_for(workers, scheduler) as own:
                check(own)
    except click.ClickException:
        raise
    except Exception as exc:  # a block that failed on every worker it was given to
        raise Unavailable(gettext("the cluster could not finish: {kind}: {reason}. Output so "
                                  "far is complete up to the last block written.",
                                  kind=type(exc).__name__, reason=exc)) from exc
    finally:
        if spooled is not None:
            import shutil

            shutil.rmtree(spooled, ignore_errors=True)
    stdout.flush()
    if out is not None:
        import fsspec

        with fsspec.open(f"{out.rstrip('/')}/summary.json", "w", encoding="utf-8") as f:
            f.write(json.dumps(summary(inputs, blocks, totals, block_bytes), indent=2,
                               ensure_ascii=False) + "\n")
    if progress or out is not None:
        click.echo(summary_line(totals.counts), err=True)
    return exit_status(totals.counts)


def _spool_dir() -> str:
    import tempfile

    return tempfile.mkdtemp(prefix="bigtwo-reports-")


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
