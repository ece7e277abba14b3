"""CONTRIBUTING.md's house-rule recipe stays true: its figures are the tree's, the files it names
exist, and its example entry and reason are accepted by the registry as written (and the
entry without its reason is refused as the recipe says)."""

from __future__ import annotations

import ast
import re
import textwrap
from pathlib import Path
from typing import Any

import pytest

from bigtwo import native
from bigtwo.rules import codes, declarations, registry
from bigtwo.rules.choices import Field

ROOT = Path(__file__).resolve().parents[2]
TEXT = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", TEXT, re.S)
NUMBERS = {"seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
           "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
           "eighteen": 18, "nineteen": 19, "twenty": 20}


def test_the_count_of_compiled_modules_is_the_builds() -> None:
    found = re.search(r"(\w+) modules of the hot path", TEXT)
    assert found is not None
    assert NUMBERS[found.group(1).lower()] == len(native.COMPILED)


@pytest.mark.parametrize("path", sorted(set(re.findall(r"`((?:bigtwo|tests|docs|scripts|schemas)/[\w/.]+\.(?:py|md))`", TEXT))))
def test_every_file_it_names_exists(path: str) -> None:
    assert (ROOT / path).exists(), path


def _example() -> tuple[Field, dict[Any, Any]]:
    entry_block, reason_block = BLOCKS[0], BLOCKS[1]
    namespace = dict(vars(registry))
    exec(textwrap.dedent(entry_block), namespace)  # noqa: S102 - the doc's own example
    field = namespace["no_pass_on_lead"]
    assert isinstance(field, Field)
    object.__setattr__(field, "attr", "no_pass_on_lead")
    reasons = eval("{" + textwrap.dedent(reason_block) + "}", dict(vars(codes)))  # noqa: S307
    return field, reasons


def test_its_example_entry_with_its_reason_is_accepted(monkeypatch: pytest.MonkeyPatch) -> None:
    field, reasons = _example()
    names = {code: tuple(r.name for r in rs) for code, rs in reasons.items()}
    monkeypatch.setattr(declarations, "_REASON_NAMES", {**declarations._REASON_NAMES, **names})
    assert declarations.when_problems((field,)) == []
    for _, rs in reasons.items():
        assert all(r.says for r in rs), "the example's reason has its own sentence"


def test_its_example_entry_without_its_reason_is_refused_as_it_says(
        monkeypatch: pytest.MonkeyPatch) -> None:
    field, reasons = _example()
    without = {code: tuple(name for name in names
                           if name not in {r.name for r in reasons.get(code, ())})
               for code, names in declarations._REASON_NAMES.items()}
    monkeypatch.setattr(declarations, "_REASON_NAMES", without)
    (problem,) = declarations.when_problems((field,))
    quoted = re.search(r"\(`(/no_pass_on_lead: [^`]*?) \.\.\.`\)", TEXT)
    assert quoted is not None and problem.startswith(quoted.group(1))


def test_its_behaviour_snippet_is_python() -> None:
    ast.parse(textwrap.dedent(BLOCKS[2]))  # the parser takes a bare return; the compiler would not
