"""Big Two notation over HTTP: a ``text/x-bigtwo`` body (docs/NOTATION.md) read into record
documents by the library's one door (``bigtwo.formats.door``), which then take the JSON path.
A game the reader cannot read is a 422 whose errors name its lines and columns
(``/lines/4/1``). The body is read only as far as the answer needs: up to the first game past
``most`` and ``limits.MAX_READ_PROBLEMS`` problems."""

from __future__ import annotations

from typing import Any

from flask import request

from app.api.common import resolver
from app.problems import PROBLEM_TYPE_BASE, abort_problem, invalid
from bigtwo import limits
from bigtwo.formats import door, jsonin
from bigtwo.formats.notation.games import MEDIA_TYPE, Game
from bigtwo.formats.sniff import Format
from bigtwo.rules.problems import Problem

EXAMPLE = ("profile extends hk-standard\nhand_size = 3\nplayers Ana Ben Cai Dee\ndeal 1\n"
           "hand Ana: 3D 9C KS\nhand Ben: 4C 5H 2S\nhand Cai: 6D 6S JH\nhand Dee: 7C 8H AD\n"
           "Ana: 3D, 4C, JH, AD, pass, 2S, pass, pass, pass\nBen: 5H\n")
DESCRIPTION = (
    "Big Two notation (docs/NOTATION.md), UTF-8: the games of a record in text. Read into the "
    "JSON record each game stands for, then checked as that record; a game that cannot be read "
    "is a 422 whose errors name its line and column (/lines/4/1).")


def body_format() -> Format | None:
    """The format the body's media type names (the door's reading of it); None for a media
    type that names none, which the JSON reader refuses with a 415."""
    return door.media_format(request.mimetype)


def notation_docs(lang: str, default_profile: Any = None, *, most: int,
                  more: str | None = None) -> list[Any]:
    """The body's games as record documents (at most ``most``), or a problem: 400 for bytes
    that are not UTF-8, 422 naming every line a game cannot be read at (its detail in the
    answer's language), 422 when one more game begins (``more`` says so, when given)."""
    return [g.doc for g in notation_games(lang, default_profile, most=most, more=more)]


def notation_games(lang: str, default_profile: Any = None, *, most: int,
                   more: str | None = None) -> list[Game]:
    """As ``notation_docs``, the games themselves: their moves' places in the text, for the
    report's rule errors (``bigtwo.formats.notation.games.place_errors``)."""
    try:
        text = jsonin.decode_text(request.get_data(cache=True), "utf-8")
    except jsonin.JsonInputError as exc:
        abort_problem(400, "Bad Request", f"the notation is not UTF-8 text: {exc.detail}",
                      type_=PROBLEM_TYPE_BASE + "invalid-notation", code=exc.code)
    reading = door.read_text(text, "notation", lang=lang, resolver=resolver(),
                             default_profile=default_profile, max_records=most,
                             max_problems=limits.MAX_READ_PROBLEMS)
    if reading.problems:
        invalid(reading.problems, door.words("unreadable", lang))
    if reading.more_at:
        invalid([Problem(f"/lines/{reading.more_at}/1",
                         more or f"a game begins here, past the limit of {most} per request")],
                f"more than {most} games is over the limit of {most} per request",
                limit={"name": "MAX_RECORDS_PER_BATCH", "value": most})
    return reading.games


def notation_content(description: str = DESCRIPTION) -> dict[str, Any]:
    """The OpenAPI request content of an endpoint that takes notation."""
    return {MEDIA_TYPE: {"schema": {"type": "string", "description": description},
                         "example": EXAMPLE}}
