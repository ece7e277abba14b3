"""JSON Lines in and out: orjson when it is installed, the standard library otherwise.

orjson parses a record several times faster than ``json``. It is in the app's default install
but optional here, so the rules core needs nothing beyond the standard library (and
marshmallow); both paths must answer alike:

- ``loads`` refuses NaN, Infinity, numbers that overflow to infinity (``1e309``), lone UTF-16
  surrogates (``"\\ud800"``, which could not be written back out as UTF-8) and nesting deeper
  than ``limits.MAX_JSON_DEPTH``, each with a ``JsonError`` naming the reason. orjson refuses
  the first three itself; the fallback is taught to.
- ``dumps`` writes compact (or two-space indented) UTF-8 with the keys in insertion order;
  both backends give the same bytes for the reports the CLI writes.

``BIGTWO_JSON=stdlib`` forces the fallback (tests use it; so can anyone comparing the two).
"""

from __future__ import annotations

import json
import math
import os
import re
from typing import Any

from . import limits

try:
    if os.environ.get("BIGTWO_JSON") == "stdlib":
        raise ImportError("BIGTWO_JSON=stdlib")
    import orjson
except ImportError:
    orjson = None  # type: ignore[assignment]

BACKEND = "json" if orjson is None else "orjson"
_SURROGATE_HINT = re.compile(rb"\\u[dD][89a-fA-F]")
_SURROGATE = re.compile("[\ud800-\udfff]")
_NOT_MARKS = bytes(b for b in range(256) if b not in b'[]{}"')
_PARENS = bytes.maketrans(b"[]{}", b"()()")


class JsonError(ValueError):
    """Why a text is not JSON the CLI accepts; the message is for people."""


def _reject_constant(name: str) -> Any:
    raise JsonError(f"{name} is not a JSON number: numbers must be finite")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonError(f"{text} is out of range: numbers must be finite")
    return value


def _has_surrogate(doc: Any) -> bool:
    stack = [doc]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if _SURROGATE.search(value):
                return True
        elif isinstance(value, dict):
            if any(_SURROGATE.search(k) for k in value):
                return True
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return False


def _nesting(raw: bytes, limit: int) -> int | None:
    """How deep arrays and objects nest in the valid JSON text ``raw`` (at most ``limit + 1``),
    or None when a bracket may stand inside a string and only the parsed value can tell.

    All at C speed: drop escaped backslashes and quotes, keep only brackets and quotes, drop
    the empty strings that leaves (every string without a bracket in it), then peel the
    innermost pairs off once per level."""
    if b"\\" in raw:
        raw = raw.replace(b"\\\\", b"").replace(b'\\"', b"")
    marks = raw.translate(_PARENS, _NOT_MARKS)
    if b'"' in marks:
        marks = marks.replace(b'""', b"")
        # A quote left over means some string held a bracket (its quotes cannot pair up).
        if b'"' in marks:
            return None
    for depth in range(limit + 1):
        if not marks:
            return depth
        marks = marks.replace(b"()", b"")
    return limit + 1


def _too_deep(doc: Any, limit: int) -> bool:
    """True when arrays and objects nest more than ``limit`` deep; level by level, no recursion."""
    level = [doc] if type(doc) is dict or type(doc) is list else []
    depth = 0
    while level:
        depth += 1
        if depth > limit:
            return True
        level = [v for c in level for v in (c.values() if type(c) is dict else c)
                 if type(v) is dict or type(v) is list]
    return False


def _orjson_reason(exc: ValueError, data: bytes | str) -> str:
    """orjson's message, reworded where the fallback names the same rule differently."""
    message = str(exc)
    pos = getattr(exc, "pos", 0)
    text = data[pos:pos + 9] if isinstance(data, str) else data[pos:pos + 9].decode("ascii", "replace")
    for name in ("NaN", "Infinity", "-Infinity"):
        if text.startswith(name):
            return f"{name} is not a JSON number: numbers must be finite ({message})"
    if message.startswith("number is infinity"):
        return f"a number is out of range: numbers must be finite ({message})"
    if message.startswith("depth limit exceeded"):
        return f"nests more than {limits.MAX_JSON_DEPTH} levels deep ({message})"
    return message


def loads(data: bytes | str) -> Any:
    """One JSON document, or ``JsonError``."""
    raw = data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass")
    if orjson is not None:
        try:
            doc = orjson.loads(data)
        except orjson.JSONDecodeError as exc:
            raise JsonError(_orjson_reason(exc, data)) from None
    else:
        try:
            doc = json.loads(data, parse_constant=_reject_constant, parse_float=_finite_float)
        except RecursionError:
            raise JsonError(f"nests more than {limits.MAX_JSON_DEPTH} levels deep") from None
        except UnicodeDecodeError as exc:
            raise JsonError(f"byte {exc.start} is not valid UTF-8") from None
        except json.JSONDecodeError as exc:
            raise JsonError(str(exc)) from None
        if _SURROGATE_HINT.search(raw) and _has_surrogate(doc):
            raise JsonError("a string holds a lone UTF-16 surrogate (\\ud800-\\udfff not in a pair)")
    depth = _nesting(raw, limits.MAX_JSON_DEPTH)
    if (depth is None and _too_deep(doc, limits.MAX_JSON_DEPTH)) or (
            depth is not None and depth > limits.MAX_JSON_DEPTH):
        raise JsonError(f"nests more than {limits.MAX_JSON_DEPTH} levels deep")
    return doc


def dumps(obj: Any, pretty: bool = False) -> bytes:
    """UTF-8 JSON; compact unless ``pretty`` (two-space indent)."""
    if orjson is not None:
        return orjson.dumps(obj, option=orjson.OPT_INDENT_2 if pretty else 0)
    if pretty:
        return json.dumps(obj, ensure_ascii=False, indent=2).encode("utf-8")
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
