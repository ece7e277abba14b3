"""docs/RECORDS.md stays true: its message table is what the engine renders, and every error
code the engine knows is described."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

from bigtwo.records.messages import CODES, LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "docs" / "RECORDS.md"


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("error_table", ROOT / "scripts" / "error_table.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_message_table_is_what_the_engine_renders() -> None:
    text = RECORDS.read_text(encoding="utf-8")
    assert _generator().rewritten(text) == text, "docs/RECORDS.md's message table is stale: run `make docs`"


def test_every_code_has_a_real_example() -> None:
    missing = sorted(set(CODES) - set(_generator().examples()))
    assert missing == [], f"no golden file shows {missing}: add one in scripts/golden.py"


@pytest.mark.parametrize("code", CODES)
def test_every_code_is_described(code: str) -> None:
    text = RECORDS.read_text(encoding="utf-8")
    when = text[text.index("## Error codes"):text.index("error-messages:start")]
    assert re.search(rf"^\| `{code}` \| [^|]+ \|", when, re.M), f"no 'when' row for {code}"
    row = re.search(rf"^\| `{code}` \|(.+)\|$", text[text.index("error-messages:start"):], re.M)
    assert row is not None and len(row.group(1).split(" | ")) == len(LANGUAGES)
