"""Big Two notation on the pages: a game pasted (or uploaded as .b2n) on the home page is read
into its record, and every replay (pasted, stored, shared) is offered as a download in the
notation's export form (docs/NOTATION.md)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, request
from werkzeug.wrappers import Response

from app.store import get_store, request_resolver
from app.web.language import page_language
from app.web.present import library_language
from bigtwo import limits
from bigtwo.formats import door
from bigtwo.formats.notation.games import EXTENSION, MEDIA_TYPE
from bigtwo.formats.notation.writer import NotationError, write_record
from bigtwo.formats.sniff import Format
from bigtwo.rules.problems import Problem
from bigtwo.store import replays

bp = Blueprint("notation", __name__)


def form_record(text: str, default_profile: Any, lang: str,
                filename: str | None = None) -> tuple[Format, Any, list[Problem]]:
    """What a pasted or uploaded text is and the record it stands for, through the library's
    one door (``bigtwo.formats.door``), as the command line and the API read the same bytes:
    its format, and its record or its problems. A score sheet is left to the caller, which
    scores it under the form's profile (None, no problems). A page shows one game: the reading
    stops where a second one begins (a problem there), and at ``REPLAY_ERRORS_SHOWN``
    problems."""
    fmt = door.decide(text, name=filename)
    if fmt == "csv":
        return fmt, None, []
    reading = door.read_text(text, fmt, lang=library_language(lang), resolver=request_resolver(),
                             default_profile=default_profile or None, max_records=1,
                             max_problems=limits.REPLAY_ERRORS_SHOWN)
    if reading.problems:
        return fmt, None, reading.problems
    if reading.more_at:
        return fmt, None, [door.second_game(reading.more_at, library_language(lang))]
    return fmt, reading.docs[0], []


def _download(doc: Any, name: str) -> Response:
    try:
        text = write_record(doc, request_resolver())  # a stored profile's rules lay out its tricks
    except NotationError:
        abort(422)
    response = Response(text.encode("utf-8"), mimetype=MEDIA_TYPE,
                        content_type=f"{MEDIA_TYPE}; charset=utf-8")
    response.headers["Content-Disposition"] = f'attachment; filename="{name}{EXTENSION}"'
    return response


@bp.get("/replays/<replay_id>/notation")
def shared_notation(replay_id: str) -> Response:
    row = replays.get(get_store(), replay_id)
    if row is None:
        abort(404)
    return _download(row["record"], replay_id)


@bp.get("/records/<rid>/notation")
def record_notation(rid: str) -> Response:
    getter = getattr(get_store(), "get_record", None)
    row = getter(rid) if getter is not None else None
    if row is None:
        abort(404)
    return _download(row["record"], rid)


@bp.post("/replay/notation")
def pasted_notation() -> Response:
    """The replay page's pasted record (the form it was shown from) in the notation."""

    text = request.form.get("record", "")
    _, doc, _ = form_record(text, request.form.get("profile"), page_language())
    if doc is None:
        abort(422)
    return _download(doc, "game")
