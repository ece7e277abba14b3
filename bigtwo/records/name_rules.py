"""The rule every player name follows, wherever a name comes in: a record's players, a
season's aliases. One function, so that a name a record refuses is refused everywhere else.
"""

from __future__ import annotations

from bigtwo.records.names import unseen_character
from bigtwo.reports.shape_words import shape_problem
from bigtwo.rules.problems import Problem


def name_problem(pointer: str, name: str) -> Problem | None:
    """Why ``name`` cannot be a player's name (the record reader's words, at ``pointer``):
    a character that cannot be seen, or nothing but spaces; None when it can. The length
    (1 to ``MAX_NAME_LENGTH``) is the caller's, checked with the value's type."""
    if name.isascii() and name.isprintable() and not name.isspace():
        return None  # the usual name, checked without a look at Unicode's tables
    unseen = unseen_character(name)
    if unseen is not None:
        return shape_problem(pointer, "name_char", at=unseen[0], char=unseen[1])
    if not name.strip():
        return shape_problem(pointer, "name_blank")
    return None
