"""The organiser's free text in an audit log (who did it, why): one line, bounded, and
nothing that cannot be seen. One check for tournaments and seasons alike, so that a label
one log refuses is refused by every other.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from bigtwo.records.names import unseen_character
from bigtwo.reports.shape_words import shape_problem
from bigtwo.store.errors import StoreError


def _hidden(text: str) -> bool:
    # Control characters (line breaks, tab, ESC, C1) never belong on one line; the rest of
    # what cannot be seen (bidi controls, zero-width spaces) is the names' rule.
    return any(unicodedata.category(c) == "Cc" for c in text) or (
        unseen_character(text) is not None)


def label(value: Any, name: str, limit: int, pointer: str = "") -> str | None:
    """``value`` trimmed, or None when absent or blank; a 422 when it is not text, is longer
    than ``limit``, or holds a line break, a control or a character that cannot be seen."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise StoreError.unprocessable([shape_problem(pointer, "label_text", name=name)], f"bad {name}")
    value = value.strip()
    if len(value) > limit or (not value.isascii() or not value.isprintable()) and _hidden(value):
        # A problem of the reader's words, so that the answer says it in the asked language.
        raise StoreError.unprocessable(
            [shape_problem(pointer, "label_line", name=name, limit=limit)], f"bad {name}")
    return value or None
