"""``Frozen``: the immutable value objects of the field registry, without dataclasses.

The registry (``bigtwo.rules.fields``) and its kinds (``bigtwo.rules.kinds``) declare about
seventy objects of some fifteen classes, and every process that reads a profile imports
them. A frozen dataclass costs about a millisecond to define (it compiles its generated
methods), which made the registry the largest part of `bigtwo validate`'s start-up
(docs/PERFORMANCE.md, "Start-up"). These classes are plain, with ``__slots__``; this base
gives them what ``@dataclass(frozen=True)`` did: assignment refused, and equality, hashing
and ``repr`` by their fields (in ``__slots__`` order). Each ``__init__`` sets its fields
with ``_set``.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any


class Frozen:
    __slots__: tuple[str, ...] = ()

    def _set(self, **fields: Any) -> None:
        for name, value in fields.items():
            object.__setattr__(self, name, value)

    def _fields(self) -> tuple[tuple[str, Any], ...]:
        return tuple((name, getattr(self, name)) for name in type(self).__slots__)

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Frozen)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash((type(self), self._fields()))

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}({', '.join(f'{k}={v!r}' for k, v in self._fields())})"
