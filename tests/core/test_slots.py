"""The replay's tables are slotted (bigtwo/rules/play.py says why): every attribute a table
sets is declared in ``__slots__``, the slots are exactly the annotated attributes of their
class, and a table has no instance dict, compiled or as Python."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import bigtwo
from bigtwo.rules import cards
from bigtwo.rules.multiset.table import MultisetTable
from bigtwo.rules.play import Position
from bigtwo.rules.profiles import DEFAULT_RESOLVER, PRESETS
from bigtwo.rules.table import Table

CLASSES = [Position, Table, MultisetTable]


def _declared(cls: type) -> tuple[list[str], list[str]]:
    """The class's own ``__slots__`` and annotated attributes, read from its source (a
    compiled class keeps neither as Python does)."""
    source = Path(bigtwo.__file__).parent.joinpath(*cls.__module__.split(".")[1:]).with_suffix(".py")
    with open(source, encoding="utf-8") as file:
        tree = ast.parse(file.read())
    node = next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == cls.__name__)
    slots: list[str] = []
    annotated: list[str] = []
    for item in node.body:
        if isinstance(item, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__slots__" for t in item.targets):
            slots = list(ast.literal_eval(item.value))
        elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            annotated.append(item.target.id)
    return slots, annotated


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_slots_are_the_annotated_attributes(cls: type) -> None:
    slots, annotated = _declared(cls)
    assert slots, f"{cls.__name__} declares no __slots__"
    assert sorted(slots) == sorted(annotated)


def _cards(text: str) -> list[int]:
    return [c for c in map(cards.parse_card, text.split()) if c is not None]


def test_a_replayed_table_has_no_instance_dict() -> None:
    hands = [_cards(h) for h in ["3D 4C 5C", "3H 2S 9C", "6D JH QH", "7C AD 8D"]]
    table = Table(PRESETS["hk-standard"], hands, 0, cards.parse_card("3D"))
    table.apply(0, table.check(0, _cards("3D")))  # type: ignore[arg-type]
    assert table.current == 1
    assert not hasattr(table, "__dict__")
    with pytest.raises(AttributeError):
        table.undeclared = 1  # type: ignore[attr-defined]


def test_a_multiset_table_has_no_instance_dict() -> None:
    profile, problems = DEFAULT_RESOLVER.resolve(
        {"extends": "hk-standard", "decks": 2, "players": 2, "hand_size": 3})
    assert profile is not None, problems
    table = MultisetTable(profile, [_cards("3D 3D 5C"), _cards("4D 5D 6D")], 0, None)
    assert not hasattr(table, "__dict__")
    with pytest.raises(AttributeError):
        table.undeclared = 1  # type: ignore[attr-defined]
