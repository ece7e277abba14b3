"""No module compares a profile's choice field against a string.

A closed choice is a ``StrEnum`` (``bigtwo.rules.choices``); ``profile.passing == "locked_out"``
runs, but a misspelt word is silently never equal and mypy cannot see it. Comparing with the
enum member (``profile.passing is Passing.LOCKED_OUT``) fails at import when the member does
not exist. This test reads every module of the library and the adapter and refuses the
string form, so a new comparison cannot creep back in.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bigtwo.rules.kinds import Choice
from bigtwo.rules.registry import FIELDS

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted(p for d in ("bigtwo", "app", "schemas") for p in (ROOT / d).rglob("*.py"))
CHOICE_ATTRS = frozenset(f.attr for f in FIELDS if isinstance(f.kind, Choice))
COMPARING = (ast.Eq, ast.NotEq, ast.Is, ast.IsNot, ast.In, ast.NotIn)


def _is_text(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return bool(node.elts) and all(_is_text(e) for e in node.elts)
    return False


def _choice_attr(node: ast.expr, aliases: dict[str, str]) -> str | None:
    if isinstance(node, ast.Attribute) and node.attr in CHOICE_ATTRS:
        return node.attr
    return aliases.get(node.id) if isinstance(node, ast.Name) else None


def _aliases(tree: ast.AST) -> dict[str, str]:
    """Local names bound to a choice field (``how = profile.settlement``): compared later,
    they are the field compared."""
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, attr = node.targets[0], _choice_attr(node.value, {})
            if isinstance(target, ast.Name) and attr is not None:
                found[target.id] = attr
    return found


def string_comparisons(source: str) -> list[tuple[int, str]]:
    """(line, attribute) of each comparison of a choice field with text in ``source``."""
    found = []
    tree = ast.parse(source)
    aliases = _aliases(tree)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        for op, left, right in zip(node.ops, operands, operands[1:], strict=False):
            if not isinstance(op, COMPARING):
                continue
            for attr, other in ((_choice_attr(left, aliases), right),
                                (_choice_attr(right, aliases), left)):
                if attr is not None and _is_text(other):
                    found.append((node.lineno, attr))
    return found


def test_the_registry_has_choice_fields_to_check() -> None:
    # Guards the test itself: were the kinds renamed, it would check nothing and pass.
    assert {"passing", "finish", "bombs", "revolution", "last_card_guard"} <= CHOICE_ATTRS


@pytest.mark.parametrize(("source", "expected"), [
    ('profile.passing == "locked_out"', [(1, "passing")]),
    ('"none" != t.profile.revolution', [(1, "revolution")]),
    ('profile.finish in ("placings", "first_out")', [(1, "finish")]),
    ("profile.passing is Passing.LOCKED_OUT", []),
    ('profile.name == "casual"', []),  # not a choice field
    ('a < profile.players == "4"', []),  # players is a number, not a choice
    ('how = profile.settlement\nif how == "pairwise": pass', [(2, "settlement")]),
])
def test_the_check_finds_string_comparisons(source: str, expected: list[tuple[int, str]]) -> None:
    assert string_comparisons(source) == expected


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_compares_a_choice_field_with_a_string(path: Path) -> None:
    found = string_comparisons(path.read_text(encoding="utf-8"))
    assert found == [], f"compare with the field's enum member, not its text: {found}"
