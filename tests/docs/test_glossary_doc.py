"""docs/GLOSSARY.md's table of the service's own words says what the catalogs say: every word
of a row (each comma-separated word of a cell, the part before a bracketed aside) is used by
a translation of that language in the library's catalogs or the pages', so the glossary a
native speaker reviews is the one the CLI and the pages speak."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "GLOSSARY.md"
LANGS = ("de", "it", "zh_Hant_HK", "zh_Hant_TW", "zh_Hans", "fil")
# Rows that show a formatted value rather than words (tested in tests/web/test_page_moments.py
# and test_page_labels.py).
EXAMPLES = ("a date and time", '"Name (id)"')


def _section() -> list[list[str]]:
    text = GLOSSARY.read_text(encoding="utf-8")
    start = text.index("## The service's own words")
    body = text[start:text.index("\n## ", start + 1)]
    rows = [[c.strip() for c in line.strip("|").split("|")]
            for line in body.splitlines() if line.startswith("| ") and "---" not in line]
    return rows[1:]  # the header


def _translations(lang: str) -> str:
    texts = []
    for path in (ROOT / "bigtwo/reports/locale" / lang / "LC_MESSAGES/bigtwo.po",
                 ROOT / "app/translations" / lang / "LC_MESSAGES/messages.po"):
        with open(path, "rb") as f:
            for m in read_po(f):
                if m.id:
                    texts.extend(m.string if isinstance(m.string, tuple) else [m.string])
    return "\n".join(texts).casefold()


def _words(cell: str) -> list[str]:
    cell = re.sub(r"\s*[(（][^)）]*[)）]", "", cell).replace("†", "")
    return [w.strip(" *") for w in re.split(r"[,/]", cell) if w.strip(" *")]


ROWS = [row for row in _section() if not row[0].startswith(EXAMPLES)]


def test_the_section_has_the_terms_the_cli_and_pages_use() -> None:
    terms = {row[0].split(" (")[0] for row in ROWS}
    assert {"record", "tournament", "valid", "invalid", "unreadable", "error", "import",
            "withdraw, withdrawn", "replace, replaced by", "token", "creation key",
            "standings", "match points", "deal code", "score sheet", "profile",
            "house rules"} <= terms
    assert all(len(row) == 9 for row in _section())  # term, seven languages, source


@pytest.mark.parametrize("lang", LANGS)
def test_every_word_of_the_table_is_in_the_catalogs(lang: str) -> None:
    said = _translations(lang)
    column = 2 + LANGS.index(lang)
    missing = [(row[0], word) for row in ROWS for word in _words(row[column])
               if word.casefold() not in said]
    assert missing == []
