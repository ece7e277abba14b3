"""docs/RULES.md stays true: every profile field is described, every example declaration
resolves, and the preset table says what the preset files say."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from bigtwo.rules.profiles import PRESETS, ProfileResolver
from bigtwo.rules.registry import FIELDS
from tests.docs.runnable import blocks
from tests.scripts import load_script

RULES = Path(__file__).resolve().parents[2] / "docs" / "RULES.md"
TEXT = RULES.read_text(encoding="utf-8")
DECLARATIONS = [b for b in blocks(RULES) if b.lang == "json"]


def _fields() -> list[str]:
    return [f.dotted for f in FIELDS]


@pytest.mark.parametrize("field", _fields())
def test_every_profile_field_has_a_row(field: str) -> None:
    """A field row starts with the field's name in backticks in the first column."""
    assert re.search(rf"^\| `{re.escape(field)}` \|", TEXT, re.M), f"docs/RULES.md has no row for {field}"


def test_field_tables_are_what_the_registry_says() -> None:
    module = load_script("field_table")
    assert module.rewritten(TEXT) == TEXT, "docs/RULES.md's field tables are stale: run `make docs`"


def test_there_is_an_example_per_variant() -> None:
    assert len(DECLARATIONS) >= 10


@pytest.mark.parametrize("block", DECLARATIONS, ids=lambda b: b.ident)
def test_example_declaration_resolves_and_changes_its_preset(block: Any) -> None:
    declaration = json.loads("\n".join(block.lines))
    profile, problems = ProfileResolver().resolve(declaration)
    assert problems == [] and profile is not None
    assert profile.hash != PRESETS[declaration["extends"]].hash


def _preset_rows() -> dict[str, list[str]]:
    section = TEXT[TEXT.index("## Presets"):]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and cells[0].startswith("`") and cells[0].strip("`") in PRESETS:
            rows[cells[0].strip("`")] = cells
    return rows


def test_preset_table_matches_the_preset_files() -> None:
    rows = _preset_rows()
    assert sorted(rows) == sorted(PRESETS)
    for pid, cells in rows.items():
        rules = PRESETS[pid].as_dict()
        assert int(cells[2]) == rules["players"], pid
        assert cells[3] == rules["direction"], pid
        assert cells[4].split() == rules["suit_order"], pid
        assert cells[5] == ("yes" if rules["triples"] else "no"), pid
        assert cells[7] == rules["flush_compare"].replace("_", " "), pid
        assert cells[8] == ("yes" if rules["cross_category"] else "no"), pid
        assert cells[9] == rules["passing"].replace("_", " "), pid
        assert cells[10] == rules["opening"]["later_deals"].replace("_", " "), pid
        assert cells[12].split(";")[0] == rules["scoring"]["settlement"].replace("_", " "), pid
