"""Input problems: why a document cannot be replayed at all, each with a JSON Pointer; and the
input a problem quotes: the token itself when it is short, else its first characters and its
length. A problem names what it refuses so that the writer can find it, and a line of a
megabyte must not come back as a problem of several (each control character escaped is four
to six characters). The rules core reads no catalog: ``long`` is the English form, and the
records layer passes its translation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bigtwo import limits


class Problem:
    """``detail`` is the English sentence. A problem the record reader found also carries its
    message key (``code``) and what fills it in (``params``), so that the edge can say it in
    the reader's language (``bigtwo.reports.shape_words.localize``); neither takes part in
    comparing problems, and neither is part of the document a problem becomes.

    Equal, hashed and shown as the frozen dataclass it was (by ``pointer`` and ``detail``;
    ``repr`` with all four), but a plain class: importing ``dataclasses`` brings ``inspect``,
    a tenth of the start of `bigtwo validate` of one record. Nothing assigns to a problem.
    """

    __slots__ = ("pointer", "detail", "code", "params")

    pointer: str
    detail: str
    code: str
    params: Mapping[str, Any]

    def __init__(self, pointer: str, detail: str, code: str = "",
                 params: Mapping[str, Any] | None = None) -> None:
        self.pointer = pointer
        self.detail = detail
        self.code = code
        self.params = {} if params is None else params

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Problem):
            return NotImplemented
        return self.pointer == other.pointer and self.detail == other.detail

    def __hash__(self) -> int:
        return hash((self.pointer, self.detail))

    def __repr__(self) -> str:
        return (f"Problem(pointer={self.pointer!r}, detail={self.detail!r}, code={self.code!r}, "
                f"params={self.params!r})")

    def as_dict(self) -> dict[str, str]:
        return {"pointer": self.pointer, "detail": self.detail}


def escape(token: str | int) -> str:
    text = str(token)
    if "~" in text or "/" in text:
        return text.replace("~", "~0").replace("/", "~1")
    return text


def join(prefix: str, *tokens: str | int) -> str:
    # Called for every deal, hand and move list of every record (pointers are built before
    # anything is known to be wrong), so the common tokens, indexes and plain names, are cheap.
    for token in tokens:
        prefix += f"/{token}" if type(token) is int else "/" + escape(token)
    return prefix


def from_marshmallow(messages: Any, prefix: str = "") -> list[Problem]:
    """Flatten marshmallow's nested error dict into pointer problems, in document order."""
    out: list[Problem] = []
    if isinstance(messages, Mapping):
        for key, value in messages.items():
            if key == "_schema":
                out.extend(from_marshmallow(value, prefix))
            else:
                out.extend(from_marshmallow(value, join(prefix, key)))
    elif isinstance(messages, list | tuple):
        for item in messages:
            out.extend(from_marshmallow(item, prefix))
    else:
        out.append(Problem(prefix, str(messages)))
    return out


# --- input quoted in a problem ---------------------------------------------------------------
LONG = "{start}… ({n} characters)"


def shorten(text: str, long: str = LONG) -> str:
    """``text`` as it is, or its first characters, ``…`` and its length."""
    if len(text) <= limits.MAX_QUOTED_CHARS:
        return text
    return long.format(start=text[:limits.MAX_QUOTED_CHARS], n=len(text))


def quote(text: str, long: str = LONG) -> str:
    """``repr(text)``, of its first characters only when it is long."""
    if len(text) <= limits.MAX_QUOTED_CHARS:
        return repr(text)
    return long.format(start=repr(text[:limits.MAX_QUOTED_CHARS]), n=len(text))


def is_long(text: str) -> bool:
    return len(text) > limits.MAX_QUOTED_CHARS


def pointer_key(key: str) -> str:
    """An unknown key as its problem's pointer names it: whole up to
    ``limits.MAX_POINTER_KEY_CHARS``, shortened beyond (then no key of the document, but a
    pointer the size of a line, not of the input)."""
    return key if len(key) <= limits.MAX_POINTER_KEY_CHARS else shorten(key)
