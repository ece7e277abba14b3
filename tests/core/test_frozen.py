"""The registry's declarations are plain classes now (bigtwo/rules/frozen.py), and behave as
the frozen dataclasses they were: immutable, equal and hashed by their fields, shown by them."""

from __future__ import annotations

from dataclasses import FrozenInstanceError

import pytest

from bigtwo.rules import choices, kinds, registry
from bigtwo.rules.codes import RuleCode

VALUES = [kinds.Int(1, 4), kinds.Int(1, 4, nullable=True), kinds.Bool(), kinds.Text(200),
          kinds.Teams(), kinds.RankValues(1000), kinds.Choice(choices.Direction),
          kinds.ListOf(kinds.Card(), max_items=52), choices.Explains(RuleCode.WRONG_TURN, "x", 1),
          registry.CHECKS[0]]


# Ids by class and place: a repr can hold a function's address, which differs between
# processes, and pytest-xdist's workers must collect the same ids.
@pytest.mark.parametrize("value", VALUES,
                         ids=[f"{type(v).__name__}-{i}" for i, v in enumerate(VALUES)])
def test_frozen_values_refuse_assignment_and_compare_by_fields(value: object) -> None:
    name = (type(value).__slots__ or ("nullable",))[0]  # type: ignore[attr-defined]
    with pytest.raises(FrozenInstanceError):
        setattr(value, name, None)
    with pytest.raises(FrozenInstanceError):
        delattr(value, name)
    twin = type(value)(**dict(value._fields()))  # type: ignore[attr-defined]
    assert twin == value and hash(twin) == hash(value) and twin is not value
    assert repr(twin) == repr(value) and repr(value).startswith(type(value).__qualname__ + "(")


def test_kinds_differ_by_any_field_and_by_class() -> None:
    assert kinds.Int(1, 4) != kinds.Int(1, 5)
    assert kinds.Int(1, 4) != kinds.Int(1, 4, nullable=True)
    assert kinds.Text() != kinds.Card() and kinds.Bool() == kinds.Bool()
    assert kinds.Teams().nullable and not kinds.Bool().nullable
    assert repr(kinds.Int(2, 8)) == "Int(minimum=2, maximum=8, nullable=False, choices=None)"


def test_registry_entries_are_equal_only_to_themselves() -> None:
    entry = registry.BY_PATH[("players",)]
    twin = choices.Field(**dict(entry._fields()))
    assert entry == entry and twin != entry and len({entry, twin}) == 2
    with pytest.raises(FrozenInstanceError):
        entry.doc = "changed"
    assert [f.attr for f in registry.FIELDS][:2] == ["players", "hand_size"]
