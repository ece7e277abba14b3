"""The small pieces of Big Two notation (docs/NOTATION.md): words, quoted strings, comments,
JSON on one line, and profile field values read and written by the field's kind.

Every scan here is one pass over its text (no regular expressions): the reader's cost is
linear in its input, whatever the input holds. Field paths and value types come from the
field registry (``bigtwo.rules.registry``, ``bigtwo.rules.kinds``); nothing here lists fields.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from bigtwo.formats import jsonin
from bigtwo.rules import cards, kinds, registry

# Characters a bare word never holds: they separate or mark something in a line.
SPECIAL = frozenset(' \t":,;#/=')
COMMENT = frozenset(";#")
LIST_SEPARATORS = str.maketrans({",": " ", "<": " "})
# Every accepted spelling of a card to its canonical name (one dict lookup per card): the
# core's one card grammar (``cards.parse_card``), tabled.
CANONICAL_NAME: dict[str, str] = cards.NAME_OF


class Unclosed(ValueError):
    """A quoted string runs to the end of its line."""


class BadString(ValueError):
    """A quoted word that is no JSON string. ``args``: the offset of the fault in the text,
    the message key (``bad_escape``, ``lone_surrogate``, ``string_control``) and the fault as
    written (``\\q``, ``\\ud800``, a control character)."""


_ESCAPES = frozenset('"\\/bfnrt')
_HEX = frozenset("0123456789abcdefABCDEF")
# A raw surrogate (text decoded with surrogateescape) is no character of a string either;
# made with chr(): mypyc compiles no surrogate in a literal.
_SURROGATES = (chr(0xD800), chr(0xE000))


def card_name(token: str) -> str | None:
    """The canonical name of a card token in any spelling ``cards.parse_card`` reads."""
    name = CANONICAL_NAME.get(token)
    return cards.card_name(token) if name is None else name


def joker_name(token: str) -> str | None:
    """The canonical name of a joker token: ``JK`` (a joker held, or one naming no card or a
    joker), or ``JK=4D`` (a joker standing for a card); None when it is no joker or its
    stand-in is unreadable."""
    joker = cards.parse_joker(token)
    return None if joker is None else cards.name(joker)


def any_card_name(token: str) -> str | None:
    """A card or a joker, canonical: what a record's card lists may hold."""
    name = CANONICAL_NAME.get(token)
    if name is None:
        name = cards.card_name(token)
    return joker_name(token) if name is None else name


def _outside_quotes(text: str, marks: str) -> Iterator[int]:
    """The offsets of ``marks`` in ``text`` that stand outside a quoted string."""
    quoted = escaped = False
    for i, ch in enumerate(text):
        if quoted:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch in marks:
            yield i


def strip_comment(line: str) -> str:
    """The line without its comment (``;`` or ``#`` outside a quoted string)."""
    if '"' not in line:
        cut = len(line)
        for mark in COMMENT:
            at = line.find(mark)
            if 0 <= at < cut:
                cut = at
        return line[:cut]
    return line[:next(_outside_quotes(line, ";#"), len(line))]


def split_outside_quotes(text: str, mark: str) -> list[tuple[str, int]]:
    """``text`` cut at every ``mark`` outside a quoted string: (piece, offset of the piece)."""
    if '"' not in text:
        out, at = [], 0
        for piece in text.split(mark):
            out.append((piece, at))
            at += len(piece) + 1
        return out
    pieces: list[tuple[str, int]] = []
    start = 0
    for i in _outside_quotes(text, mark):
        pieces.append((text[start:i], start))
        start = i + 1
    pieces.append((text[start:], start))
    return pieces


def words(text: str) -> list[tuple[str, int, bool]]:
    """The words of ``text``: (word, offset, quoted). A quoted word is a JSON string, decoded;
    ``Unclosed`` (with the offset of its quote in ``args[0]``) when one is not closed."""
    if '"' not in text:
        out, at = [], 0
        for word in text.split():
            at = text.index(word, at)
            out.append((word, at, False))
            at += len(word)
        return out
    found: list[tuple[str, int, bool]] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in " \t":
            i += 1
            continue
        if ch == '"':
            end = _string_end(text, i)
            if end < 0:
                raise Unclosed(i)
            fault = string_fault(text, i, end)
            if fault is not None:
                raise BadString(*fault)
            found.append((json_string(text[i:end]), i, True))
            i = end
            continue
        start = i
        while i < n and text[i] not in ' \t"':
            i += 1
        found.append((text[start:i], start, False))
    return found


def _string_end(text: str, start: int) -> int:
    """The offset just after the quoted string opening at ``start``, or -1."""
    escaped = False
    for i in range(start + 1, len(text)):
        ch = text[i]
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch == '"':
            return i + 1
    return -1


def _unit(text: str, at: int) -> int:
    """The code unit of the ``\\uXXXX`` escape at ``at``, or -1 when there is none."""
    digits = text[at + 2:at + 6]
    if text[at:at + 2] != "\\u" or len(digits) != 4 or not all(c in _HEX for c in digits):
        return -1
    return int(digits, 16)


def string_fault(text: str, start: int, end: int) -> tuple[int, str, str] | None:
    """What makes the quoted string ``text[start:end]`` no JSON string (docs/NOTATION.md: a
    quoted name is one): (offset, message key, the fault as written), or None. One pass."""
    i = start + 1
    last = end - 1  # the closing quote
    while i < last:
        ch = text[i]
        if ch == "\\":
            mark = text[i + 1]
            if mark in _ESCAPES:
                i += 2
                continue
            unit = _unit(text, i) if mark == "u" else -1
            if unit < 0:
                return i, "bad_escape", text[i:i + (6 if mark == "u" else 2)].split('"')[0]
            if 0xD800 <= unit < 0xDC00 and 0xDC00 <= _unit(text, i + 6) < 0xE000:
                i += 12
                continue
            if 0xD800 <= unit < 0xE000:
                return i, "lone_surrogate", text[i:i + 6]
            i += 6
            continue
        if ch < " " or _SURROGATES[0] <= ch < _SURROGATES[1]:
            return i, "string_control", repr(ch)
        i += 1
    return None


def json_string(text: str) -> str:
    """A quoted word's text; an escape JSON does not know leaves the quotes in it."""
    try:
        value = jsonin.loads(text)
    except ValueError:
        return text
    return value if isinstance(value, str) else text


def is_bare(text: str) -> bool:
    """Whether a name, key or word may be written without quotes and read back the same."""
    return (bool(text) and not text.isdigit() and text[0] not in "[{-"
            and not any(ch in SPECIAL or ch.isspace() or not ch.isprintable() for ch in text))


def word_text(text: str) -> str:
    """A name, key or word as the export form writes it: bare, or a JSON string."""
    return text if is_bare(text) else quote(text)


def quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def compact(value: Any) -> str:
    """One line of JSON, as the export form writes a fallback."""
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def starts_json(text: str) -> bool:
    return bool(text) and text[0] in '[{"'


# --- profile field values, by the field's kind ---------------------------------------------
_SIMPLE = (kinds.Int, kinds.Bool, kinds.Choice, kinds.Text, kinds.Card, kinds.Straight)


def _simple_item(kind: kinds.Kind) -> bool:
    return isinstance(kind, _SIMPLE)


def field_kind(path: str) -> kinds.Kind | None:
    """The kind of a field path (``scoring.settlement``); ``name`` is the declaration's name."""
    if path == "name":
        return registry.NAME
    found = registry.BY_DOTTED.get(path)
    return None if found is None else found.kind


def read_value(path: str, text: str) -> Any:
    """A field's value as a person writes it (docs/NOTATION.md, "Field lines"). JSON where
    the text starts like JSON; otherwise read by the field's kind, never checked here: a
    value the field does not take is the profile check's problem, with its pointer.
    ``ValueError`` (from the JSON decoder) for JSON that is not."""
    if starts_json(text):
        return jsonin.loads(text)
    kind = field_kind(path)
    if isinstance(kind, kinds.Text):
        return text
    if text.lower() == "null":
        return None
    if isinstance(kind, kinds.ListOf) and _simple_item(kind.item):
        return [_read_item(kind.item, w) for w in text.translate(LIST_SEPARATORS).split()]
    if kind is None or _simple_item(kind):
        return _read_item(kind, text)
    return jsonin.loads(text)


def _read_item(kind: kinds.Kind | None, text: str) -> Any:
    lower = text.lower()
    if isinstance(kind, kinds.Bool) and lower in ("true", "false"):
        return lower == "true"
    if isinstance(kind, kinds.Choice) and lower in kind.enum._value2member_map_:
        return lower
    if isinstance(kind, kinds.Int) or kind is None:
        digits = text[1:] if text[:1] == "-" else text
        if digits.isdigit() and digits.isascii() and len(digits) <= 20:
            return int(text)
        if kind is None and lower in ("true", "false"):
            return lower == "true"
    return text


def write_value(path: str, value: Any) -> str:
    """The export form of a field's value: as a person writes it where reading that back
    gives the same value, one line of JSON otherwise."""
    text = _person_form(field_kind(path), value)
    if text is not None and _same(read_value_safe(path, text), value):
        return text
    return compact(value)


def read_value_safe(path: str, text: str) -> Any:
    try:
        return read_value(path, text)
    except ValueError:
        return _NOTHING


_NOTHING = object()


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON (``True`` is not ``1``)."""
    return type(a) is type(b) and (a == b if not isinstance(a, list) else
                                   len(a) == len(b) and all(map(_same, a, b)))


def _person_form(kind: kinds.Kind | None, value: Any) -> str | None:
    if value is None:
        return "null"
    if isinstance(kind, kinds.Text):
        return value if isinstance(value, str) and plain_text(value) else None
    if isinstance(kind, kinds.ListOf) and _simple_item(kind.item):
        if not isinstance(value, list) or not value:
            return None
        items = [_item_form(v) for v in value]
        return None if None in items else " ".join(i for i in items if i is not None)
    return _item_form(value)


def _item_form(value: Any) -> str | None:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str) and is_bare(value) and value.lower() != "null":
        return value
    return None


def plain_text(text: str) -> bool:
    """Text that reads back the same as the rest of a line."""
    return (text == text.strip() and bool(text) and not starts_json(text)
            and not any(ch in COMMENT or not ch.isprintable() for ch in text))
