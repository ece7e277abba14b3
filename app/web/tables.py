"""The live table's pages: ``/tables/<id>``, the table as a spectator sees it, and
``/tables/<id>/play``, where a person plays a seat in the browser.

Both are drawn on the server from the spectator's view as the page loads (so that without
JavaScript a reload shows the latest), then kept current by ``table.js`` from the table's
HTTP API alone: the events as Server-Sent Events, each followed by a fresh
``GET /v1/tables/<id>``. The play page's seat token travels in the address's fragment
(``#token=...``): browsers never send a fragment, so the token reaches no server log, no
proxy and no ``Referer``; the script reads it, keeps it in the tab's ``sessionStorage`` at
most, takes it out of the address bar and sends it only as ``Authorization: Bearer``.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, render_template, request
from werkzeug.wrappers import Response

from app.web.common import page_context
from app.web.language import page_language
from app.web.present import library_language
from app.web.table_present import finished_view, table_view
from app.web.table_source import spectator_table
from app.web.table_words import TableWords, table_script_words

bp = Blueprint("table_pages", __name__)

TABLE_ID = re.compile(r"tb-[0-9a-f]{32}")
# The script's card words cover every hand a table can deal: 8 seats of two decks with jokers.
MOST_CARDS = 27


def _not_found() -> Response:
    html = render_template("web_404.html", what=f"“{request.path}”", **page_context())
    return Response(html, status=404, mimetype="text/html")


def _page(table_id: str, template: str, mode: str) -> Response:
    if not TABLE_ID.fullmatch(table_id):
        return _not_found()
    lang = page_language()
    found = spectator_table(table_id, library_language(lang))
    if found is None:
        return _not_found()
    view, finished, calls = found
    shown = table_view(view, lang)
    last = finished_view(finished, int(finished.get("index", 0)) + 1 if finished else 0,
                         shown["names"], lang)
    api = f"/v1/tables/{table_id}"
    context = {**page_context(), "w": TableWords(lang)}
    data: dict[str, Any] = {
        "mode": mode, "id": table_id, "api": api, "lang": lang,
        "library_lang": library_language(lang), "view": view, "finished": finished,
        "calls": calls,
        "words": table_script_words(lang, MOST_CARDS),
    }
    html = render_template(template, t=shown, last=last, data=data, api=api,
                           record_url=f"{api}/record", **context)
    response = Response(html, mimetype="text/html")
    # A live page: a cache must never hand an old table out as the current one.
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/tables/<table_id>")
def spectator_page(table_id: str) -> Response:
    return _page(table_id, "table.html", "watch")


@bp.get("/tables/<table_id>/play")
def play_page(table_id: str) -> Response:
    return _page(table_id, "table_play.html", "play")
