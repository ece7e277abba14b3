"""Input quoted in a problem: the token itself when it is short, else its first characters and
its length. A problem names what it refuses so that the writer can find it, and a line of a
megabyte must not come back as a problem of several (each control character escaped is four
to six characters). The rules core reads no catalog: ``long`` is the English form, and the
records layer passes its translation (``bigtwo.records.excerpts``)."""

from __future__ import annotations

from bigtwo import limits

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
