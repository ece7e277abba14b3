"""docs/SCALING.md opens with the one-core rate as `make bench` prints it (bench/summary.py's
``one_core_rate``), with the commit and the machine it was measured on: the format is held
here, never the figure (machines differ)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RATE = re.compile(r"\b\d{1,3}(?:,\d{3})* one-deal records a second of CPU\b")


def opening() -> str:
    text = (ROOT / "docs" / "SCALING.md").read_text(encoding="utf-8")
    return text.split("\n\n")[1]  # the paragraph under the title


def test_the_bench_prints_the_rate_in_the_format_the_doc_quotes() -> None:
    source = (ROOT / "bench" / "summary.py").read_text(encoding="utf-8")
    assert 'f"{records / cpu:,.0f} one-deal records a second of CPU"' in source


def test_the_opening_quotes_a_measured_rate_with_its_run() -> None:
    paragraph = " ".join(opening().split())
    assert RATE.search(paragraph), paragraph
    assert "make bench" in paragraph
    assert re.search(r"\bcommit [0-9a-f]{7}\b", paragraph), paragraph
    assert "2-core" in paragraph or "two-core" in paragraph
    assert "1,000 to 2,000" not in paragraph  # the guess it replaced
