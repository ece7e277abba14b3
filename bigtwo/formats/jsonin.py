"""Untrusted JSON in: the one decoder for request bodies, pasted records and files.

Python's decoder accepts what must not get further: NaN and Infinity (and ``1e309``, which
parses to infinity), lone UTF-16 surrogates (``"\\ud800"``, which no UTF-8 encoder can write
back out), integers of more digits than any 64-bit number, and nesting deep enough to
exhaust the interpreter's stack. ``loads`` refuses each with a ``JsonInputError`` value
(a code, a detail and, where known, a position or a JSON Pointer) before any of it is used.

orjson, when installed, parses the documents that pass the depth check (several times faster);
whatever it refuses, and any text holding a 21-digit run, is parsed again by the standard
library with the checks above, so both backends accept and refuse exactly the same texts and
the refusal always carries its precise code. Integers come out exact either way: orjson reads
an integer past 2**64 - 1 as a float (``99999999999999999999`` as ``1e+20``), so any text
holding a run of 19 digits (the shortest that can leave orjson's exact range, as
``-9223372036854775809`` does) takes the standard path, which reads every integer of up to
``MAX_JSON_INT_DIGITS`` (20) digits exactly and refuses longer ones. The core reads
no environment: the edge (the CLI, the app) picks the backend with ``use_backend`` (their
``BIGTWO_JSON=stdlib`` setting forces the standard path).

Compiled, ``loads`` first lets orjson read the bytes and walks the value once (``plain``):
nesting within the limit and no float anywhere (a float may be an integer orjson rounded;
records hold none) is the answer. Anything else, and every text orjson refuses, takes the
checks above from the start, so the refusals and their codes are the same either way; as
Python, the walk costs more than the checks on the bytes, and they run first as before.

``loads_stored`` is the defensive reader for what is already in a store: a value written
before these checks existed cannot make a read fail; a non-finite number reads as null.
"""

from __future__ import annotations

import json
import math
import re
import types
from functools import cache
from importlib.util import find_spec
from typing import Any

from bigtwo import limits
from bigtwo.rules.problems import join


@cache
def orjson_module() -> Any:
    """orjson, or None when it is not installed. Imported by the first document read or
    written with it, not with this module: its import (with ``dataclasses``, ``uuid`` and
    ``datetime``, which it imports itself) costs more than the standard library's parse of a
    small record, so a run that reads one record with ``json`` never pays for it."""
    try:
        import orjson
    except ImportError:  # pragma: no cover - orjson is in the default install
        return None
    return orjson


# ``_orjson`` is orjson, None (the standard library), or _PENDING: orjson chosen, not yet
# imported (``_fast``). Typed Any, not as the module: compiled, ``is None`` must be asked at
# run time.
_PENDING: Any = object()
_INSTALLED: bool = find_spec("orjson") is not None
_orjson: Any = _PENDING if _INSTALLED else None
BACKEND: str = "orjson" if _INSTALLED else "json"


def use_backend(choice: str | None) -> str:
    """Pick the decoder: ``stdlib`` forces the standard library, ``auto`` (or None, or
    ``orjson``) takes orjson when it is installed. Returns the backend in use."""
    global _orjson, BACKEND
    stdlib = (choice or "auto").strip().lower() == "stdlib"
    _orjson = None if stdlib or not _INSTALLED else _PENDING
    BACKEND = "json" if _orjson is None else "orjson"
    return BACKEND


def _fast() -> Any:
    """The module ``loads`` parses with first: orjson, or None for the standard path."""
    global _orjson, BACKEND
    if _orjson is _PENDING:
        _orjson = orjson_module()
        if _orjson is None:  # found on the path, yet it would not import
            BACKEND = "json"
    return _orjson

# Error codes (documented in docs/SECURITY.md).
INVALID_UTF8 = "invalid-utf8"
INVALID_JSON = "invalid-json"
TOO_DEEP = "too-deep"
NON_FINITE = "non-finite-number"
INT_RANGE = "number-out-of-range"
LONE_SURROGATE = "lone-surrogate"
UNSUPPORTED_CHARSET = "unsupported-charset"

# The charsets a text body (a CSV score sheet) may declare, each by its IANA name and the
# aliases clients send, mapped to the Python codec that reads it. All are linear-time C codecs
# that map every byte sequence to text or refuse it with a UnicodeDecodeError; anything else
# (punycode is quadratic, utf-7 yields lone surrogates, "undefined" always raises) is refused
# before a byte is decoded.
CHARSETS: dict[str, str] = {
    "utf-8": "utf-8-sig", "utf8": "utf-8-sig",
    "us-ascii": "ascii", "ascii": "ascii",
    "iso-8859-1": "latin-1", "latin-1": "latin-1", "latin1": "latin-1",
    "windows-1252": "cp1252", "cp1252": "cp1252",
    "utf-16": "utf-16", "utf-16le": "utf-16-le", "utf-16be": "utf-16-be",
    "gb18030": "gb18030", "gbk": "gb18030", "gb2312": "gb18030",
    "big5": "cp950", "cp950": "cp950",
}
CHARSET_NAMES = ("utf-8", "us-ascii", "iso-8859-1", "windows-1252", "utf-16", "utf-16le",
                 "utf-16be", "gb18030", "big5")

_NOT_MARKS = bytes([b for b in range(256) if b not in b'[]{}"'])
_PARENS = bytes.maketrans(b"[]{}", b"()()")


# Compiled when first needed, not at every start: a class of the surrogates costs about a
# millisecond to compile, and a text of ASCII without an escape needs neither.
@cache
def _surrogate() -> re.Pattern[str]:
    return re.compile(r"[\ud800-\udfff]")


@cache
def _surrogate_hint() -> re.Pattern[str]:
    """Only an escape (or a raw surrogate in text that did not come from UTF-8) can make one."""
    return re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")


# orjson reads integers past 64 bits as floats; a text that may hold one takes the standard path.
# Found as a run of digits in the bytes with every digit mapped to "0" (C speed: a regex scan
# cost more than orjson's whole parse of a record, whose cards and seats are full of digits).
_DIGITS_AS_ZERO = bytes.maketrans(b"0123456789", b"0000000000")
# orjson reads integers only within [-2**63, 2**64 - 1] exactly, and anything outside as a
# float: -9223372036854775809 (19 digits) and 18446744073709551616 (20) among them. A run of
# 19 digits is the shortest that can hold one, so it sends the text the standard way.
_ORJSON_EXACT_DIGITS = 18
_LONG_DIGITS = b"0" * (_ORJSON_EXACT_DIGITS + 1)


_MISSING = object()


class JsonInputError(ValueError):
    """Why a text is not acceptable JSON: ``code`` says which rule, ``detail`` in words."""

    def __init__(self, code: str, detail: str, *, position: int | None = None,
                 pointer: str | None = None, limit: tuple[str, int] | None = None) -> None:
        super().__init__(detail)
        self.code, self.detail = code, detail
        self.position, self.pointer, self.limit = position, pointer, limit


def decode_utf8(data: bytes) -> str:
    """Strict UTF-8 (a leading byte-order mark is allowed): the encoded surrogate
    ``ED A0 80``, overlong forms and stray bytes are refused with their offset."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise JsonInputError(INVALID_UTF8, f"byte {exc.start} is not valid UTF-8 "
                                           f"({data[exc.start:exc.start + 3].hex(' ')})",
                             position=exc.start) from None


def decode_text(data: bytes, charset: str = "utf-8") -> str:
    """Text in a declared charset (a CSV score sheet's ``charset=``), held to what JSON text is
    held to: UTF-8 is strict, and no charset may yield a lone surrogate (UTF-7 can:
    ``+2AA-`` decodes to ``\\ud800``, which no UTF-8 encoder can write back out)."""
    name = charset.strip().strip('"').lower()
    codec = CHARSETS.get(name)
    if codec is None:
        shown = "".join(c if c.isprintable() and c.isascii() else "?" for c in charset[:40])
        raise JsonInputError(UNSUPPORTED_CHARSET, f"charset {shown!r} is not accepted; send "
                                                  f"one of {', '.join(CHARSET_NAMES)}")
    if codec == "utf-8-sig":
        return decode_utf8(data)
    if codec == "utf-16" and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise JsonInputError(INVALID_UTF8, "utf-16 text must start with a byte-order mark "
                                           "(or declare utf-16le or utf-16be)")
    try:
        text = data.decode(codec)
    except UnicodeDecodeError as exc:
        raise JsonInputError(INVALID_UTF8, f"byte {exc.start} is not valid {name}",
                             position=exc.start) from None
    if codec.startswith("utf-16"):
        text = text.removeprefix("\ufeff")
    found = _surrogate().search(text)
    if found is not None:
        raise JsonInputError(LONE_SURROGATE, f"decoding as {charset} gives a lone UTF-16 "
                                             "surrogate", position=found.start())
    return text


def nesting(raw: bytes, limit: int) -> int | None:
    """How deep arrays and objects nest in the JSON text ``raw`` (at most ``limit + 1``), or
    None when a bracket may stand inside a string, or brackets do not pair up, and only the
    parser can tell.

    All at C speed: drop escaped backslashes and quotes, keep only brackets and quotes, check
    that every string left its two quotes side by side (none held a bracket), drop the
    quotes, then peel the innermost pairs off once per level."""
    if b"\\" in raw:
        raw = raw.replace(b"\\\\", b"").replace(b'\\"', b"")
    marks = raw.translate(_PARENS, _NOT_MARKS)
    quotes = marks.count(b'"')
    if quotes:
        # A string without a bracket leaves '""'; one with a bracket leaves a run of quotes of
        # odd length somewhere (its opening quote is followed by the bracket). Counting the
        # pairs (left to right, as a replace would) finds one without copying at every pair.
        if marks.count(b'""') * 2 != quotes:
            return None
        marks = marks.translate(None, b'"')
    for level in range(limit + 1):
        if not marks:
            return level
        peeled = marks.replace(b"()", b"")
        if len(peeled) == len(marks):
            return None  # brackets that do not pair up: not JSON, the parser says where
        marks = peeled
    return limit + 1


def too_deep(doc: Any, limit: int) -> bool:
    """True when arrays and objects nest more than ``limit`` deep; level by level, no recursion."""
    level = [doc] if type(doc) is dict or type(doc) is list else []
    reached = 0
    while level:
        reached += 1
        if reached > limit:
            return True
        level = [v for c in level for v in (c.values() if type(c) is dict else c)
                 if type(v) is dict or type(v) is list]
    return False


def _reject_constant(name: str) -> Any:
    raise JsonInputError(NON_FINITE, f"{name} is not a JSON number: numbers must be finite")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonInputError(NON_FINITE, f"{text} is out of range: numbers must be finite")
    return value


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > limits.MAX_JSON_INT_DIGITS:
        shown = text if len(text) <= 24 else text[:20] + "..."
        raise JsonInputError(INT_RANGE, f"{shown} is out of range: integers have at most "
                                        f"{limits.MAX_JSON_INT_DIGITS} digits",
                             limit=("MAX_JSON_INT_DIGITS", limits.MAX_JSON_INT_DIGITS))
    return int(text)


class _TooLong:
    """Stands for an integer of too many digits while its pointer is looked for."""


def _long_int_pointer(text: str) -> str | None:
    """The pointer of the first integer of more than MAX_JSON_INT_DIGITS digits (the text
    parsed once more, only when one was found: refusals carry their place)."""
    def mark(t: str) -> Any:
        return _TOO_LONG if len(t.lstrip("-")) > limits.MAX_JSON_INT_DIGITS else 0

    try:
        doc = json.loads(text, parse_int=mark, parse_float=lambda _t: 0.0,
                         parse_constant=lambda _t: None)
    except (ValueError, RecursionError):
        return None
    stack: list[tuple[str, Any]] = [("", doc)]
    while stack:
        at, value = stack.pop()
        if value is _TOO_LONG:
            return at
        if isinstance(value, dict):
            items: list[tuple[str, Any]] = list(value.items())
            for k, v in items[::-1]:
                stack.append((join(at, k), v))
        elif isinstance(value, list):
            for i in range(len(value) - 1, -1, -1):
                stack.append((join(at, i), value[i]))
    return None


_TOO_LONG = _TooLong()


def _surrogate_pointer(doc: Any) -> str | None:
    """The pointer of the first key or string holding a lone surrogate, if any."""
    stack: list[tuple[str, Any]] = [("", doc)]
    while stack:
        at, value = stack.pop()
        if isinstance(value, str):
            if _surrogate().search(value):
                return at
        elif isinstance(value, dict):
            for key, item in value.items():
                if _surrogate().search(key):
                    return join(at, key.encode("utf-8", "backslashreplace").decode("ascii"))
                stack.append((join(at, key), item))
        elif isinstance(value, list):
            stack.extend((join(at, i), item) for i, item in enumerate(value))
    return None


def plain(doc: Any, limit: int) -> bool:
    """True when the decoded ``doc`` nests at most ``limit`` deep and holds no float: then
    orjson read every integer exactly (it reads one past 64 bits as a float), and none has
    more than 20 digits. One pass over the value, level by level (no recursion)."""
    level: list[Any] = [doc] if type(doc) is dict or type(doc) is list else []
    if type(doc) is float:
        return False
    depth = 0
    while level:
        depth += 1
        if depth > limit:
            return False
        below: list[Any] = []
        for container in level:
            if type(container) is dict:
                mapping: dict[str, Any] = container
                for value in mapping.values():
                    kind = type(value)
                    if kind is dict or kind is list:
                        below.append(value)
                    elif kind is float:
                        return False
            else:
                items: list[Any] = container
                for value in items:
                    kind = type(value)
                    if kind is dict or kind is list:
                        below.append(value)
                    elif kind is float:
                        return False
        level = below
    return True


# Compiled, the walk over the value (typed C) costs less than the scans of the raw bytes
# (several passes each); as Python it costs more. So compiled, a text orjson reads goes the
# walk's way, and only what it turns away (too deep, or a float, which a record never holds)
# takes the checks on the bytes below, which decide as they always did.
_WALK_FIRST: bool = not isinstance(plain, types.FunctionType)


def loads(data: bytes | str, *, max_depth: int = limits.MAX_JSON_DEPTH) -> Any:
    """Decode untrusted JSON, or raise ``JsonInputError``. Every check is linear in the size."""
    fast = _fast()
    if _WALK_FIRST and fast is not None:
        try:  # noqa: SIM105 - a with-statement costs a microsecond per record here
            doc = fast.loads(data if type(data) is bytes
                             else data.encode("utf-8", "surrogatepass")
                             if isinstance(data, str) else bytes(data))
            if plain(doc, max_depth):
                return doc
        except fast.JSONDecodeError:
            pass
    return _checked_loads(data, max_depth)


def _checked_loads(data: bytes | str, max_depth: int) -> Any:
    text: str | None = None
    if isinstance(data, bytes | bytearray):
        # Decoded only where the standard library parses it: orjson checks UTF-8 as strictly
        # itself, and whatever it refuses is decoded here, which names the bad byte.
        raw = data if type(data) is bytes else bytes(data)
    else:
        raw, text = data.encode("utf-8", "surrogatepass"), data
    # Exact before parsing whenever the brackets tell (strings hold none); else after, on the
    # value (both parsers stop themselves long before the interpreter's stack is at risk).
    found = nesting(raw, max_depth)
    if found is not None and found > max_depth:
        if text is None:
            decode_utf8(raw)  # invalid UTF-8 is named before the depth, as it always was
        raise _too_deep_error(max_depth)
    long_digits = _LONG_DIGITS in raw.translate(_DIGITS_AS_ZERO)
    doc: Any = _MISSING
    fast = _fast()
    if fast is not None and not long_digits:
        # orjson itself refuses NaN, Infinity, overflow and lone surrogates; what it refuses,
        # the standard path refuses too, and says precisely why.
        try:  # noqa: SIM105 - a with-statement costs a microsecond per record here
            doc = fast.loads(raw)
        except fast.JSONDecodeError:
            pass
    if doc is _MISSING:
        doc = _standard_loads(decode_utf8(raw) if text is None else text, max_depth,
                              long_digits)
    if found is None and too_deep(doc, max_depth):
        raise _too_deep_error(max_depth)
    return doc


def _too_deep_error(max_depth: int) -> JsonInputError:
    return JsonInputError(TOO_DEEP, f"the document nests more than {max_depth} levels deep",
                          limit=("MAX_JSON_DEPTH", max_depth))


def _standard_loads(text: str, max_depth: int, long_digits: bool = True) -> Any:
    try:
        # Integers are only looked at one by one when a 19-digit run occurs somewhere.
        doc = json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float,
                         parse_int=_bounded_int if long_digits else None)
    except JsonInputError as exc:
        if exc.code == INT_RANGE:
            exc.pointer = _long_int_pointer(text)
        raise
    except json.JSONDecodeError as bad:  # a name of its own: compiled, a name has one type
        # One of json's messages ends in " at" itself ("Invalid control character at").
        raise JsonInputError(INVALID_JSON, f"not valid JSON: {bad.msg.removesuffix(' at')} at "
                                           f"line {bad.lineno} column {bad.colno}",
                             position=bad.pos) from None
    except RecursionError:  # brackets hidden by strings: the parser stopped at its own limit
        raise _too_deep_error(max_depth) from None
    if ("\\u" in text or not text.isascii()) and _surrogate_hint().search(text):
        at = _surrogate_pointer(doc)
        if at is not None:
            raise JsonInputError(LONE_SURROGATE, "a string holds a lone UTF-16 surrogate "
                                                 "(\\ud800-\\udfff not part of a pair)",
                                 pointer=at)
    return doc


def loads_stored(text: str | bytes) -> Any:
    """Read JSON this service wrote itself. Rows written before non-finite numbers were
    refused may hold NaN or Infinity: they read as null rather than fail every read after."""
    return json.loads(text, parse_constant=lambda _name: None,
                      parse_float=lambda s: v if math.isfinite(v := float(s)) else None)


def dumps_stored(value: Any) -> str:
    """JSON for the store: compact, UTF-8 text, and never a non-finite number."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
