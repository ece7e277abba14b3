"""JSON Lines in and out: orjson when it is installed, the standard library otherwise.

orjson parses a record several times faster than ``json``. It is in the app's default install
but optional here, so the rules core needs nothing beyond the standard library (and
marshmallow); both paths must answer alike:

- ``loads`` is ``bigtwo.formats.jsonin.loads`` (the one decoder of every JSON input): it refuses NaN,
  Infinity, numbers that overflow to infinity (``1e309``), lone UTF-16 surrogates, invalid
  UTF-8, integers of more than 20 digits and nesting deeper than ``limits.MAX_JSON_DEPTH``,
  each with a ``JsonError`` (``jsonin.JsonInputError``) naming the reason.
- ``dumps`` writes compact (or two-space indented) UTF-8 with the keys in insertion order;
  both backends give the same bytes for the reports the CLI writes.

``use_backend("stdlib")`` forces the fallback for reading and writing alike; the edges call it
(the CLI and the app read ``BIGTWO_JSON=stdlib``; the core reads no environment).
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from bigtwo.formats import jsonin

# Writing follows the backend jsonin reads with.
BACKEND: str = jsonin.BACKEND


def use_backend(choice: str | None) -> str:
    """``stdlib`` forces the standard library for reading and writing; ``auto`` (or None)
    takes orjson when installed. The CLI and the app call this with their BIGTWO_JSON."""
    global BACKEND
    BACKEND = jsonin.use_backend(choice)
    return BACKEND

# Decoding has one definition for the whole service (API, pages, CLI): bigtwo.formats.jsonin, which
# takes the same orjson fast path and refuses the same texts either way.
JsonError = jsonin.JsonInputError
loads = jsonin.loads


def dumps(obj: Any, pretty: bool = False) -> bytes:
    """UTF-8 JSON; compact unless ``pretty`` (two-space indent)."""
    orjson = jsonin.orjson_module() if BACKEND == "orjson" else None
    if orjson is not None:
        # orjson writes integers only within 64 bits; a 20-digit one past them (read exactly
        # by jsonin) is written by the standard library, in the same layout.
        with contextlib.suppress(orjson.JSONEncodeError):
            written: bytes = orjson.dumps(obj, option=orjson.OPT_INDENT_2 if pretty else 0)
            return written
    if pretty:
        return json.dumps(obj, ensure_ascii=False, indent=2).encode("utf-8")
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
