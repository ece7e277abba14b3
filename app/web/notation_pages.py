"""Big Two notation on the pages: a game pasted (or uploaded as .b2n) on the home page is read
into its record, and every replay (pasted, stored, shared) is offered as a download in the
notation's export form (docs/NOTATION.md)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, request
from werkzeug.wrappers import Response

from app.web import _lang, _resolver, _store
from app.web.present import library_language
from bigtwo.records import formats
from bigtwo.records.notation import EXTENSION, MEDIA_TYPE, read_games
from bigtwo.records.notation_write import NotationError, write_record
from bigtwo.rules.problems import Problem
from bigtwo.store import replays

bp = Blueprint("notation", __name__)


def is_notation(text: str, filename: str | None = None) -> bool:
    """A pasted or uploaded game in the notation: a file named .b2n, or text that starts like
    notation (formats.sniff)."""
    if filename and formats.by_extension(filename) == "notation":
        return True
    return formats.sniff(text[:4096].encode("utf-8", errors="replace")) == "notation"


def notation_record(text: str, default_profile: Any, lang: str) -> tuple[Any, list[Problem]]:
    """The record of a pasted game, or its problems by line and column (a page shows one
    game: a text of several is a problem at the second)."""
    games = read_games(text, lang=library_language(lang), resolver=_resolver(),
                       default_profile=default_profile or None)
    problems = [p for g in games for p in g.problems]
    if problems:
        return None, problems
    if len(games) > 1:
        return None, [Problem(f"/lines/{games[1].line}/1", f"{games[1].line}:1: this page shows "
                                                            "one game: paste the games one at a time")]
    return games[0].doc, []


def _download(doc: Any, name: str) -> Response:
    try:
        text = write_record(doc, _resolver())  # a stored profile's rules lay out its tricks
    except NotationError:
        abort(422)
    response = Response(text.encode("utf-8"), mimetype=MEDIA_TYPE,
                        content_type=f"{MEDIA_TYPE}; charset=utf-8")
    response.headers["Content-Disposition"] = f'attachment; filename="{name}{EXTENSION}"'
    return response


@bp.get("/replays/<replay_id>/notation")
def shared_notation(replay_id: str) -> Response:
    row = replays.get(_store(), replay_id)
    if row is None:
        abort(404)
    return _download(row["record"], replay_id)


@bp.get("/records/<rid>/notation")
def record_notation(rid: str) -> Response:
    getter = getattr(_store(), "get_record", None)
    row = getter(rid) if getter is not None else None
    if row is None:
        abort(404)
    return _download(row["record"], rid)


@bp.post("/replay/notation")
def pasted_notation() -> Response:
    """The replay page's pasted record (the form it was shown from) in the notation."""
    from bigtwo.records import jsonin

    text = request.form.get("record", "")
    if is_notation(text):
        doc, problems = notation_record(text, request.form.get("profile"), _lang())
        if doc is None:
            abort(422)
        return _download(doc, "game")
    try:
        doc = jsonin.loads(text)
    except jsonin.JsonInputError:
        abort(422)
    return _download(doc, "game")
