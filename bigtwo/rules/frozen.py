"""Value classes without dataclasses: ``Slotted`` (mutable) and ``Frozen`` (immutable).

Every process that reads a record imports the field registry (``bigtwo.rules.registry``), its
kinds, and the values a game is parsed into, some twenty-five classes. Defining a dataclass
costs about a millisecond (it compiles the source of each method it generates), which made
them the largest part of `bigtwo validate`'s start-up (docs/PERFORMANCE.md, "Start-up").
These classes are plain, with ``__slots__`` and an ``__init__`` of their own; the bases give
them what the dataclasses did: equality and ``repr`` by their fields (in ``__slots__``
order), and for ``Frozen`` assignment refused and a hash by the fields, as
``@dataclass(frozen=True)``. A ``Frozen`` class's ``__init__`` sets its fields with ``_set``.

The compiled core's classes cannot take these bases (mypyc compiles a class on few
bases that are not compiled themselves), so those that nothing compares or shows (the replay's and the
scoring's results, a checked record, a line's outcome) are plain classes with ``__slots__``
and an ``__init__`` of their own, without the equality and ``repr``.
"""

from __future__ import annotations

from typing import Any, ClassVar


def frozen_error(message: str) -> AttributeError:
    """The error a frozen dataclass raises (``dataclasses.FrozenInstanceError``, which callers
    may catch), imported only when raised: importing ``dataclasses`` brings ``inspect``, ``ast``
    and ``dis``, a tenth of the start of `bigtwo validate` of one record."""
    from dataclasses import FrozenInstanceError

    return FrozenInstanceError(message)


class Slotted:
    """As ``@dataclass(slots=True)``: equal by fields, unhashable, shown by its fields."""

    __slots__: ClassVar[tuple[str, ...]] = ()

    def _fields(self) -> tuple[tuple[str, Any], ...]:
        return tuple((name, getattr(self, name)) for name in type(self).__slots__)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Slotted)
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # mutable and equal by value, as a dataclass

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}({', '.join(f'{k}={v!r}' for k, v in self._fields())})"


class Frozen(Slotted):
    """As ``@dataclass(frozen=True)``: immutable, equal and hashed by its fields."""

    __slots__ = ()

    def _set(self, **fields: Any) -> None:
        for name, value in fields.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise frozen_error(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise frozen_error(f"cannot delete field {name!r}")

    def __hash__(self) -> int:  # type: ignore[override]  # hashable, as frozen dataclasses
        return hash((type(self), self._fields()))
