"""Cutting inputs into blocks from their sizes alone, and reading one block's lines.

A block is a partition of one input's bytes: the lines that *start* in its byte range (a
line cut by its end is read whole by its block and skipped by the next). The driver reads
no byte of any input to cut them; each worker reads its own range through fsspec (a local
path, or any fsspec URL it can reach). See docs/SCALING.md, "How a run goes"."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bigtwo import limits
from bigtwo.batch.cluster import DEFAULT_BLOCK_BYTES
from bigtwo.batch.errors import CannotOpen, NoMatch, NotJsonLines, StandardInput

READ_CHUNK = 1 << 20


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




def _has_magic(pattern: str) -> bool:
    import glob  # here: `bigtwo validate` without --workers never needs it, and every
    # import is start-up time

    return glob.has_magic(pattern)


def expand(patterns: tuple[str, ...]) -> list[tuple[Any, str, str]]:
    """``(filesystem, path, name to print)`` per input file, in argument order, each glob's
    matches sorted; a name given without a glob is printed as given."""
    from fsspec.core import url_to_fs

    out = []
    for pattern in patterns:
        if pattern == "-":
            raise StandardInput(pattern)
        fs, _ = url_to_fs(pattern)
        if _has_magic(pattern):
            matches = sorted(fs.glob(pattern))
            if not matches:
                raise NoMatch(pattern)
            for path in matches:
                out.append((fs, path, _display(fs, path)))
        else:
            out.append((fs, fs._strip_protocol(pattern), pattern))
    return out


def _display(fs: Any, path: str) -> str:
    protocol = fs.protocol if isinstance(fs.protocol, str) else fs.protocol[0]
    return path if protocol in ("file", "local") else fs.unstrip_protocol(path)


def partition(patterns: tuple[str, ...], block_bytes: int | None,
              workers: int | None = None) -> tuple[list[Input], list[Block]]:
    """Inputs and their blocks of ``block_bytes`` (None: ``local_block_bytes`` of their total
    size for ``workers``), from the file sizes alone: the driver reads no byte of any input."""
    inputs: list[Input] = []
    blocks: list[Block] = []
    sized = []
    for fs, path, name in expand(patterns):
        if not name.endswith((".jsonl", ".ndjson")):
            raise NotJsonLines(name)
        try:
            sized.append((fs, path, name, int(fs.size(path))))
        except OSError as exc:
            raise CannotOpen(name, str(exc.strerror or exc)) from exc
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


