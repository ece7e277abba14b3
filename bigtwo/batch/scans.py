"""The workers' scan of their blocks, and the driver's count of the lines before each.

A scan is one pass over a block's bytes at C speed: its newlines, its SHA-256, what looks
like a stored profile id, and the line lengths that tell a line over the limit. From the
scans alone the driver numbers every block's first line and refuses a run with a line over
the limit before any block is checked."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from bigtwo.batch.blocks import Block, Input
from bigtwo.batch.errors import LineTooLong

# What a stored profile id looks like (12 hex digits before 128-bit ids, 32 since): the
# driver notes every one its inputs name, and ships the workers only those profiles.
PROFILE_ID = re.compile(rb"p-[0-9a-f]{12,32}")
_ID_OVERLAP = 33  # an id cut by a chunk boundary is found in the next chunk's overlap


def profile_ids(text: bytes | str) -> set[str]:
    """Every string in ``text`` that looks like a stored profile id."""
    data = text.encode() if isinstance(text, str) else text
    return {m.decode() for m in PROFILE_ID.findall(data)}


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
    if max_line is not None and own > max_line:  # else no line is over
        newlines, over_at = _newlines_and_over(data, max_line)
    else:
        newlines, over_at = data.count(b"\n"), None
    first, last = data.find(b"\n"), data.rfind(b"\n")
    return Scan(newlines, hashlib.sha256(data).digest() if summary else b"", ids,
                own if first < 0 else first, own if last < 0 else own - last - 1, over_at)


def _newlines_and_over(data: bytes, max_line: int) -> tuple[int, int | None]:
    """The newlines in ``data``, and the index of the first line between two of them (the
    first and the last piece may be cut by the block's ends) longer than ``max_line`` (None:
    none is). One ``find`` per line and no copy: splitting the block into lines to measure
    them cost five times the CPU, the count of newlines three (bench/results/cluster.md)."""
    newlines, over_at = 0, None
    start = data.find(b"\n")
    while start >= 0:
        newlines += 1
        end = data.find(b"\n", start + 1)
        if over_at is None and end >= 0 and end - start - 1 > max_line:
            over_at = newlines
        start = end
    return newlines, over_at


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
    """``number_lines``, a line over the limit refused with its input and the limit."""
    try:
        return number_lines(inputs, scans, max_line)
    except LineTooLong as exc:
        raise LineTooLong(exc.line, exc.name, max_line) from None
