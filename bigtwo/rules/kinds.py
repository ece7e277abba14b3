"""The value types of profile fields: each loads one JSON value or says what is wrong with it.

A kind's ``load`` returns the value in its canonical spelling (cards as ``"TH"``, runs as their
rotation in ``RUNS``) or raises ``Invalid`` with messages shaped as the problem tree: a list of
texts for the value itself, a dict by index or key for what is inside it. The texts are those
the declaration schema always gave (marshmallow's where it made them), so problem documents
read as they did. Lists check their length before their items: refusing a list of a million
items costs what refusing one over the bound costs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any

from bigtwo.rules import cards
from bigtwo.rules.cards import RUN_BY_RANKS, TEAMS
from bigtwo.rules.frozen import Frozen
from bigtwo.rules.problems import pointer_key, quote

Messages = list[str] | dict[Any, Any]

NULL = "Field may not be null."
MISSING = "Missing data for required field."
UNKNOWN = "Unknown field."
JOKER_NAME = "JK"  # a joker in a profile's card lists and card_values (v4)


def _quoted(value: Any) -> str:
    return quote(value) if isinstance(value, str) else repr(value)


def unknown(key: Any, known: Any) -> str:
    """An unknown key's problem, naming the nearest known key (``handsize``: ``hand_size``)."""
    from bigtwo.rules.suggest import did_you_mean

    near = did_you_mean(key, known) if isinstance(key, str) else None
    return UNKNOWN if near is None else f"Unknown field. Did you mean {near!r}?"
NOT_AN_OBJECT = "Invalid input type."


class Invalid(Exception):
    def __init__(self, messages: Messages) -> None:
        super().__init__(messages)
        self.messages = messages


class Kind(Frozen):
    """One JSON value's type. ``nullable``: ``null`` is a value of its own. Immutable, as
    the registry's other values (``bigtwo.rules.frozen``)."""

    __slots__ = ()
    nullable: bool = False

    def load(self, value: Any, stored: bool) -> Any:
        if value is None:
            if self.nullable:
                return None
            raise Invalid([NULL])
        return self.load_value(value, stored)

    def load_value(self, value: Any, stored: bool) -> Any:
        raise NotImplementedError

    def canonical(self, value: Any) -> Any:
        """The one spelling equal rules hash by (lists that are sets put in one order)."""
        return value

    def values_text(self) -> str:
        """The values column of docs/RULES.md."""
        raise NotImplementedError


class Int(Kind):
    __slots__ = ("minimum", "maximum", "nullable", "choices")
    minimum: int
    maximum: int
    choices: tuple[int, ...] | None

    def __init__(self, minimum: int, maximum: int, nullable: bool = False,
                 choices: tuple[int, ...] | None = None) -> None:
        self._set(minimum=minimum, maximum=maximum, nullable=nullable, choices=choices)

    def load_value(self, value: Any, stored: bool) -> int:
        if type(value) is not int:  # true/false and 2.0 are no integers here
            raise Invalid(["Not a valid integer."])
        if self.choices is not None:
            if value not in self.choices:
                raise Invalid([f"Must be one of: {', '.join(map(str, self.choices))}."])
        elif not self.minimum <= value <= self.maximum:
            raise Invalid([f"Must be greater than or equal to {self.minimum} and less than "
                           f"or equal to {self.maximum}."])
        return value

    def values_text(self) -> str:
        if self.choices is not None:
            text = ", ".join(map(str, self.choices))
        else:
            text = f"{self.minimum} … {self.maximum:,}"
        return text + (" or `null`" if self.nullable else "")


class Bool(Kind):
    """JSON true/false only: 1, "yes" or "true" are refused rather than guessed at."""

    __slots__ = ()

    def load_value(self, value: Any, stored: bool) -> bool:
        if value is True or value is False:
            return value
        raise Invalid(["Not a valid boolean."])

    def values_text(self) -> str:
        return "`true`, `false`"


class Choice(Kind):
    """One of a closed set of words, named by a StrEnum."""

    __slots__ = ("enum",)
    enum: type[StrEnum]

    def __init__(self, enum: type[StrEnum]) -> None:
        self._set(enum=enum)

    def load_value(self, value: Any, stored: bool) -> str:
        if not isinstance(value, str):
            raise Invalid(["Not a valid string."])
        if value not in self.enum._value2member_map_:
            raise Invalid([f"Must be one of: {', '.join(self.enum)}."])
        return value

    def values_text(self) -> str:
        return ", ".join(f"`{v}`" for v in self.enum)


class Text(Kind):
    __slots__ = ("max_length", "upper")
    max_length: int | None
    upper: bool

    def __init__(self, max_length: int | None = None, upper: bool = False) -> None:
        self._set(max_length=max_length, upper=upper)

    def load_value(self, value: Any, stored: bool) -> str:
        if not isinstance(value, str):
            raise Invalid(["Not a valid string."])
        if self.max_length is not None and len(value) > self.max_length:
            raise Invalid([f"Longer than maximum length {self.max_length}."])
        return value.upper() if self.upper else value

    def values_text(self) -> str:
        return "a string"


def is_joker(text: str) -> bool:
    """Whether a profile's card or key names the joker (``JK`` in any case, or 🃏). Whether
    the profile has jokers is a check relating fields (registry CHECKS), not the kind's."""
    text = text.strip().replace(cards.EMOJI, "").replace(cards.TEXT, "")
    return text.upper() == JOKER_NAME or text == "\U0001f0cf"


class Card(Kind):
    """A card in any accepted spelling, loaded as its canonical name; ``JK`` for a joker."""

    __slots__ = ()

    def load_value(self, value: Any, stored: bool) -> str:
        if isinstance(value, str) and is_joker(value):
            return JOKER_NAME
        card = cards.parse_card(value) if isinstance(value, str) else None
        if card is None:
            raise Invalid([f"{_quoted(value)} is not a card (e.g. '3D', 'TH', '10h', 'T♥', 'JK')"])
        return cards.name(card)

    def values_text(self) -> str:
        return "a card"


class Straight(Kind):
    """Five ranks in a row, loaded as the run's name in ``RUNS`` ("76543" is "34567")."""

    __slots__ = ()

    def load_value(self, value: Any, stored: bool) -> str:
        if not isinstance(value, str):
            raise Invalid(["A straight is a string of five ranks, e.g. '34567'"])
        text = value.upper().replace("10", "T")
        ranks = [cards.parse_rank(ch) for ch in text]
        if len(text) != 5 or None in ranks or len(set(text)) != 5:
            raise Invalid([f"{_quoted(value)} is not five distinct ranks"])
        run = RUN_BY_RANKS.get(frozenset(text))
        if run is None:
            raise Invalid([f"{_quoted(value)} is not five ranks in a row (e.g. '34567', 'A2345')"])
        return run

    def values_text(self) -> str:
        return "a run of five ranks"


class Teams(Kind):
    """null, or the one seating the seeds name: partners opposite, ``[[0, 2], [1, 3]]``."""

    __slots__ = ("nullable",)

    def __init__(self, nullable: bool = True) -> None:
        self._set(nullable=nullable)

    def load_value(self, value: Any, stored: bool) -> list[list[int]]:
        if value != TEAMS or not all(type(s) is int for team in value for s in team):
            raise Invalid(["teams is null or [[0, 2], [1, 3]] (partners sit opposite)"])
        return [list(team) for team in TEAMS]

    def values_text(self) -> str:
        return "`null`, `[[0, 2], [1, 3]]`"


class ListOf(Kind):
    """A list bounded by ``max_items`` (not enforced for a ``stored`` profile: stored profiles
    are immutable, and one stored before a bound existed keeps resolving)."""

    __slots__ = ("item", "max_items", "min_items", "nullable", "distinct", "order")
    item: Kind
    max_items: int
    min_items: int
    distinct: str | None  # the problem text when an item is listed twice
    order: Callable[[Any], Any] | None  # a set: its canonical spelling is sorted by this

    def __init__(self, item: Kind, max_items: int, min_items: int = 0, nullable: bool = False,
                 distinct: str | None = None, order: Callable[[Any], Any] | None = None) -> None:
        self._set(item=item, max_items=max_items, min_items=min_items, nullable=nullable,
                  distinct=distinct, order=order)

    def load_value(self, value: Any, stored: bool) -> list[Any]:
        if not isinstance(value, list):
            raise Invalid(["Not a valid list."])
        if len(value) > self.max_items and not stored:
            raise Invalid([f"at most {self.max_items} items (this list has {len(value)})"])
        out, errors = [], {}
        for index, item in enumerate(value):
            try:
                out.append(self.item.load(item, stored))
            except Invalid as exc:
                errors[index] = exc.messages
        if errors:
            raise Invalid(errors)
        if len(out) < self.min_items:
            raise Invalid([f"Shorter than minimum length {self.min_items}."])
        if self.distinct is not None and len(set(map(_hashable, out))) != len(out):
            raise Invalid([self.distinct])
        return out

    def canonical(self, value: Any) -> Any:
        if value is None:
            return None
        items = [self.item.canonical(v) for v in value]
        return sorted(items, key=self.order) if self.order is not None else items

    def values_text(self) -> str:
        return f"list of {self.item.values_text()}" + (" or `null`" if self.nullable else "")


class ListOnce(ListOf):
    """A list whose items count once: an item listed again means what listing it once means,
    so it is kept once (its first place) and the profile's hash is that of the list without
    the repeat (RULES.md, v4 reading 23: a ``card_penalties`` entry naming a card twice)."""

    __slots__ = ()

    def load_value(self, value: Any, stored: bool) -> list[Any]:
        return list(dict.fromkeys(super().load_value(value, stored)))


def _hashable(value: Any) -> Any:
    return repr(value) if isinstance(value, dict | list) else value


class Obj(Kind):
    """An object with fixed keys, every one required (a list's items: tiers, card penalties)."""

    __slots__ = ("keys", "doc", "nullable")
    keys: tuple[tuple[str, Kind], ...]
    doc: str

    def __init__(self, keys: tuple[tuple[str, Kind], ...], doc: str = "",
                 nullable: bool = False) -> None:
        self._set(keys=keys, doc=doc, nullable=nullable)

    def load_value(self, value: Any, stored: bool) -> dict[str, Any]:
        if not isinstance(value, Mapping):
            raise Invalid({"_schema": [NOT_AN_OBJECT]})
        out, errors = load_keys(self.keys, value, stored)
        if errors:
            raise Invalid(errors)
        return out

    def canonical(self, value: Any) -> Any:
        if value is None:
            return None
        return {key: kind.canonical(value[key]) for key, kind in self.keys}

    def values_text(self) -> str:
        return self.doc + (" or `null`" if self.nullable else "")


def load_keys(keys: tuple[tuple[str, Kind], ...], value: Mapping[str, Any],
              stored: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    """Every key of an object loaded, missing and unknown keys reported, in schema order."""
    out: dict[str, Any] = {}
    errors: dict[str, Any] = {}
    for key, kind in keys:
        if key not in value:
            errors[key] = [MISSING]
            continue
        try:
            out[key] = kind.load(value[key], stored)
        except Invalid as exc:
            errors[key] = exc.messages
    known = {key for key, _ in keys}
    for key in value:
        if key not in known:
            errors[pointer_key(str(key))] = [unknown(key, known)]
    return out, errors


class RankValues(Kind):
    """Points for each of the 13 ranks, every rank given once (``"10"`` is ``"T"``), loaded as
    an object in rank order 3 … 2."""

    __slots__ = ("maximum", "nullable")
    maximum: int

    def __init__(self, maximum: int, nullable: bool = True) -> None:
        self._set(maximum=maximum, nullable=nullable)

    def load_value(self, value: Any, stored: bool) -> dict[str, int]:
        if not isinstance(value, Mapping):
            raise Invalid({"_schema": [NOT_AN_OBJECT]})
        out: dict[str, int] = {}
        errors: dict[str, Any] = {}
        for key, points in value.items():
            joker = isinstance(key, str) and is_joker(key)
            rank = cards.parse_rank(key) if isinstance(key, str) and not joker else None
            if rank is None and not joker:
                errors[pointer_key(str(key))] = [f"{_quoted(key)} is not a rank (3 … 9, T or 10, "
                                                 f"J, Q, K, A, 2) or JK"]
                continue
            name = JOKER_NAME if rank is None else cards.RANKS[rank]
            if name in out:
                errors[str(key)] = [f"the rank {name} is given twice"]
                continue
            if type(points) is not int:
                errors[str(key)] = ["Not a valid integer."]
            elif not 0 <= points <= self.maximum:
                errors[str(key)] = [f"Must be greater than or equal to 0 and less than or equal "
                                    f"to {self.maximum}."]
            else:
                out[name] = points
        if errors:
            raise Invalid(errors)
        missing = [r for r in cards.RANKS if r not in out]
        if missing:
            raise Invalid([f"every rank needs a value; missing: {', '.join(missing)}"])
        ordered = {r: out[r] for r in cards.RANKS}
        if JOKER_NAME in out:
            ordered[JOKER_NAME] = out[JOKER_NAME]  # after the 2: index 13, as rank_of(JOKER)
        return ordered

    def values_text(self) -> str:
        return "`null`, or `{rank: points}` for all 13 ranks (and `JK` with jokers)"
