"""`bigtwo.batch.cluster.validate_bag` (the Python API) and the cutting of inputs into blocks."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigtwo.batch.blocks import block_lines, partition
from bigtwo.batch.cluster import split_lines, validate_bag
from bigtwo.batch.scans import plan, scan_block
from bigtwo.cli.main import main
from tests.cluster import corpus

db = pytest.importorskip("dask.bag")


def _without_line(doc: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in doc.items() if k != "line"}


def test_validate_bag_gives_the_reports_validate_prints(tmp_path: Path) -> None:
    lines = corpus.lines(records=40, seed=11)
    path = corpus.write(tmp_path / "c.jsonl", lines)
    expected = [_without_line(json.loads(line))
                for line in CliRunner().invoke(main, ["validate", str(path)]).stdout.splitlines()]
    bag = db.read_text(str(path), blocksize=16_000)  # lines keep their newline, as in a file
    assert bag.npartitions > 4
    reports = validate_bag(bag)
    assert reports.npartitions == bag.npartitions
    # Blank lines give no report; unreadable ones a problem document (without a line number).
    assert reports.compute(scheduler="sync") == expected


def test_validate_bag_takes_decoded_records_and_options() -> None:
    record = {"profile": "hk-standard"}  # no deals: cannot be replayed
    unnamed = {k: v for k, v in corpus.example_record("pusoy-wrong-turn").items()
               if k != "profile"}
    bag = db.from_sequence([record, unnamed], npartitions=2)
    plain, german = (validate_bag(bag, lang=lang, profile="pusoy-dos").compute(scheduler="sync")
                     for lang in ("en", "de"))
    assert plain[0]["valid"] is None and plain[0]["problems"]
    assert plain[1]["valid"] is False and plain[1]["errors"][0]["code"] == "WRONG_TURN"
    assert german[1]["errors"][0]["message"] == "Platz 2 ist dran, nicht Platz 3"
    assert validate_bag(db.from_sequence([unnamed])).compute(scheduler="sync")[0]["valid"] is None


texts = st.lists(st.text(st.characters(codec="utf-8", exclude_characters="\n"), max_size=6), max_size=30)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=texts, final_newline=st.booleans(), block=st.integers(1, 40))
def test_blocks_cover_every_line_once_with_its_number(tmp_path: Path, lines: list[str],
                                                      final_newline: bool, block: int) -> None:
    data = "\n".join(lines).encode() + (b"\n" if final_newline and lines else b"")
    path = tmp_path / "in.jsonl"
    path.write_bytes(data)
    inputs, blocks = partition((str(path),), block)
    before = plan(inputs, blocks)
    assert inputs[0].bytes == len(data) == sum(b.end - b.start for b in blocks)
    assert inputs[0].lines == len(split_lines(data))
    rebuilt: list[tuple[int, bytes]] = []
    for b, newlines in zip(blocks, before, strict=True):
        first, piece = block_lines(b, newlines)
        # The fused task reads the block once for its scan and its lines: the same lines.
        assert block_lines(b, newlines, own_bytes=b.read(b.start, b.end)) == (first, piece)
        assert scan_block(b, summary=False, own_bytes=b.read(b.start, b.end)) == \
            scan_block(b, summary=False)
        rebuilt += list(enumerate(split_lines(piece), start=first))
    assert rebuilt == list(enumerate(split_lines(data), start=1))
    assert inputs[0].sha256.startswith("sha256:") and len(inputs[0].sha256) == 71


def test_split_lines_is_how_a_binary_file_iterates() -> None:
    data = b'{"a": 1}\r\n\n{"b":\x0b 2}\n\xe2\x80\xa8tail'
    assert split_lines(data) == list(io.BytesIO(data))


def _split_reference(data: bytes, max_line: int) -> tuple[int, int | None]:
    """What the scan found by splitting the block: its newlines, and the first line between
    two of them (not the pieces its ends may cut) longer than ``max_line``."""
    pieces = data.split(b"\n")
    over = next((i for i, piece in enumerate(pieces[1:-1], start=1) if len(piece) > max_line),
                None)
    return data.count(b"\n"), over


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.lists(st.sampled_from([b"\n", b"x", b"xxxx", b"{}", b"\r"]), max_size=60).map(b"".join),
       max_line=st.integers(0, 6))
def test_the_scan_finds_the_first_line_over_the_limit(tmp_path: Path, data: bytes,
                                                       max_line: int) -> None:
    path = tmp_path / "in.jsonl"
    path.write_bytes(data)
    _, blocks = partition((str(path),), max(1, len(data) // 2 or 1))
    for b in blocks:
        own = data[b.start:b.end]
        scan = scan_block(b, max_line, summary=False, own_bytes=own)
        newlines, over = _split_reference(own, max_line)
        assert scan.newlines == newlines
        assert scan.over_at == (over if len(own) > max_line else None)
