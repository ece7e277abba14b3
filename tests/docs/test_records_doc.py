"""docs/RECORDS.md stays true: its message table is what the engine renders, and every error
code the engine knows is described."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest

from bigtwo.reports.messages import LANGUAGES, render
from bigtwo.rules.codes import Reason, RuleCode
from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "docs" / "RECORDS.md"


def _generator() -> ModuleType:
    return load_script("error_table")


def test_message_table_is_what_the_engine_renders() -> None:
    text = RECORDS.read_text(encoding="utf-8")
    assert _generator().rewritten(text) == text, "docs/RECORDS.md's message table is stale: run `make docs`"


def test_every_code_has_a_real_example() -> None:
    missing = sorted(set(RuleCode) - set(_generator().examples()))
    assert missing == [], f"no golden file shows {missing}: add one in scripts/golden.py"


@pytest.mark.parametrize("code", list(RuleCode))
def test_every_code_is_described(code: RuleCode) -> None:
    text = RECORDS.read_text(encoding="utf-8")
    when = text[text.index("## Error codes"):text.index("error-messages:start")]
    assert re.search(rf"^\| `{code}` \| [^|]+ \|", when, re.M), f"no 'when' row for {code}"
    row = re.search(rf"^\| `{code}` \|(.+)\|$", text[text.index("error-messages:start"):], re.M)
    assert row is not None and len(row.group(1).split(" | ")) == len(LANGUAGES)


@pytest.mark.parametrize("code", list(RuleCode))
def test_every_rule_code_has_a_message_in_every_language_and_a_row(code: RuleCode) -> None:
    """Each RuleCode renders its real example in every language (each its own text), and
    RECORDS.md's error table has its row with exactly those messages."""
    example = _generator().examples()[code]
    rendered = [render(example, lang) for lang in LANGUAGES]
    # Hong Kong and Taiwan share most sentences; they differ where their terms do (GLOSSARY.md).
    by_lang = dict(zip(LANGUAGES, rendered, strict=True))
    distinct = {text for lang, text in by_lang.items() if lang != "zh-Hant-TW"}
    assert all(rendered) and len(distinct) == len(LANGUAGES) - 1, rendered
    text = RECORDS.read_text(encoding="utf-8")
    table = text[text.index("error-messages:start"):text.index("error-messages:end")]
    cells = [m.replace("|", "\\|") for m in rendered]
    assert f"| `{code}` | " + " | ".join(cells) + " |" in table.splitlines()


def _field_table() -> ModuleType:
    return load_script("field_table")


def test_the_codes_table_is_what_the_codes_and_the_registry_say() -> None:
    """The "when" and "decided by" columns are written (scripts/field_table.py)."""
    text = RECORDS.read_text(encoding="utf-8")
    assert _field_table().records_rewritten(text) == text, \
        "docs/RECORDS.md's table of codes is stale: run `make docs`"


@pytest.mark.parametrize("code", list(RuleCode))
def test_a_new_reason_makes_the_when_column_stale(code: RuleCode,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A reason declared for any code changes its row: the doc cannot keep an old "when"."""
    module = _field_table()
    reason = Reason("a_new_reason", "a situation declared after the doc was written")
    monkeypatch.setitem(module.REASONS, code, (*module.REASONS.get(code, ()), reason))
    text = RECORDS.read_text(encoding="utf-8")
    rewritten = module.records_rewritten(text)
    assert rewritten != text
    row = next(line for line in rewritten.splitlines() if line.startswith(f"| `{code}` | "))
    assert "`a_new_reason` (a situation declared after the doc was written)" in row
