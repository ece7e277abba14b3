"""Checking records on a Dask cluster: the optional extra (``make cluster`` in a checkout).

Dask is imported inside the functions that build Dask collections, never at module level, so
``import bigtwo`` (and this module) works without it. The work itself is ``bigtwo.formats.json_lines``:
a block of lines checked here gives the very report lines ``bigtwo validate`` prints.

A partition is a *block* of one input's bytes (``DEFAULT_BLOCK_BYTES``), holding the lines
that start in it: big enough that Dask's cost per task (a few milliseconds) is lost in the
checking (about a tenth of a millisecond per one-deal record), small enough that a worker
holds only a few megabytes for it and that the last blocks spread over every worker (see
docs/SCALING.md).
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bigtwo import limits
from bigtwo.formats.json_lines import VERDICTS, check_doc, check_line
from bigtwo.records.pipeline import CheckOptions
from bigtwo.reports.messages import DEFAULT_LANGUAGE
from bigtwo.rules.profiles import ProfileRef, ProfileResolver

if TYPE_CHECKING:  # pragma: no cover - only for the type checker
    from dask.bag import Bag

# Input bytes per partition of the command line's inputs (bigtwo.limits says why 2 MiB; it is
# declared there so that `bigtwo validate` shows the default without importing this module).
DEFAULT_BLOCK_BYTES = limits.DEFAULT_BLOCK_BYTES


@dataclass(frozen=True, slots=True)
class CheckSpec:
    """Everything a worker needs to check records, and nothing it cannot be sent: stored
    profiles travel as their declarations (by id) instead of a connection to a store."""

    complete: bool = True
    lang: str = DEFAULT_LANGUAGE
    default_profile: ProfileRef | None = None
    profiles: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def line_options(self) -> CheckOptions:
        return CheckOptions(complete=self.complete, lang=self.lang,
                            resolver=ProfileResolver(self.profiles.get),
                            default_profile=self.default_profile)


@dataclass(slots=True)
class BlockResult:
    """The outcome of one block: its report lines as UTF-8 bytes, newlines included (unless a
    worker already wrote them; one bytes object travels far cheaper than a string per line),
    counts by verdict and by rule error code, and the stderr messages of its unreadable lines.

    A block checked before the lines ahead of it were counted numbers its lines from 1 (or 2,
    when its first bytes end a line of the block before) and leaves out the report lines of
    its unreadable lines, the only ones that quote their number: ``holes`` has each one's
    offset in ``data`` and its problem document, for the driver to number and put back."""

    index: int
    data: bytes = b""
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(VERDICTS, 0))
    codes: Counter[str] = field(default_factory=Counter)
    messages: list[tuple[int, str]] = field(default_factory=list)
    holes: list[tuple[int, dict[str, Any]]] = field(default_factory=list)


def split_lines(data: bytes) -> list[bytes]:
    """Lines as iterating over a binary file gives them: split at b"\\n" only, each keeping
    its newline (a JSON error's position depends on it), the last one maybe without."""
    # Read as a file is, not split and each piece joined to its newline again: a quarter of
    # the CPU (bench/results/cluster.md).
    return list(io.BytesIO(data))


def check_block(lines: Iterable[bytes | str], first_line: int, spec: CheckSpec,
                index: int = 0, holes: bool = False) -> BlockResult:
    """Check consecutive lines of one input, the first being line ``first_line``; with
    ``holes``, the numbers are the block's own and unreadable lines are left out of ``data``
    (see BlockResult)."""
    options = spec.line_options()
    result = BlockResult(index)
    out: list[bytes] = []
    at = 0
    for number, raw in enumerate(lines, start=first_line):
        outcome = check_line(raw, number, options)
        if outcome is None:
            continue
        result.counts[outcome.verdict] += 1
        result.codes.update(outcome.codes)
        if outcome.message is not None:
            result.messages.append((number, outcome.message))
        if holes and outcome.verdict == "unreadable":
            result.holes.append((at, outcome.document))
            continue
        line = outcome.line
        at += len(line)
        out.append(line)
    result.data = b"".join(out)
    return result


def _check_partition(items: Iterable[Any], spec: CheckSpec) -> list[dict[str, Any]]:
    options = spec.line_options()
    out = []
    for item in items:
        if isinstance(item, (str, bytes)):
            outcome = check_line(item, None, options)
            if outcome is None:
                continue
        else:
            outcome = check_doc(item, None, options)
        out.append(outcome.document)
    return out


def validate_bag(bag: Bag, *, complete: bool = True, lang: str = DEFAULT_LANGUAGE,
                 profile: ProfileRef | None = None,
                 profiles: Mapping[str, Mapping[str, Any]] | None = None) -> Bag:
    """A bag of reports, one per record of ``bag``, partition for partition.

    Items are lines of JSON Lines (``str`` or ``bytes``, as ``dask.bag.read_text`` gives them;
    blank lines are dropped) or records already decoded. Each report is the dict that
    ``bigtwo validate`` prints; a record that cannot be replayed gives
    ``{"valid": None, "problems": [...]}`` instead. ``profile`` is the profile of records that
    name none (a preset id, a stored id or a declaration); ``profiles`` are stored profiles
    the records may name, by id. Nothing is computed until the bag is.
    """
    spec = CheckSpec(complete=complete, lang=lang, default_profile=profile,
                     profiles=dict(profiles or {}))
    result: Bag = bag.map_partitions(_check_partition, spec)
    return result


@dataclass(frozen=True, slots=True)
class Rechecked:
    """A stored record checked again: its fresh report and the hash of the profile it used,
    or both None when it no longer replays (it then keeps its last report)."""

    id: str
    report: dict[str, Any] | None
    profile_hash: str | None


def recheck_records(items: Iterable[tuple[str, Any]], spec: CheckSpec) -> list[Rechecked]:
    """Check stored records ``(id, record)`` again, as the store's refresh-on-read does."""
    options = spec.line_options()
    out = []
    for rid, doc in items:
        checked = options.check(doc)
        if checked.report is None or checked.record is None:
            out.append(Rechecked(rid, None, None))
        else:
            out.append(Rechecked(rid, checked.report, checked.record.profile.hash))
    return out
