"""Shared replays on the pages: the Share button of a replay (POST /replays) and the link it
gives (GET /replays/<id>), the referee's view of the stored record.

Nothing is stored until the button is pressed; the id is the record's content address
(``bigtwo.store.replays``), so pressing it again, or sharing the same game spelled
differently, gives the same link.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, redirect, render_template, request, url_for
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response

from app.api.replays import sharer
from app.metrics import count_checked
from app.store import get_store, request_resolver
from app.web.common import home_with_problems, page_context, replay_chart, replay_page
from app.web.language import page_language
from app.web.notation_pages import form_record
from app.web.present import library_language, replay_view, script_data
from app.web.words import Words
from bigtwo import limits
from bigtwo.formats.sheets import check_sheet
from bigtwo.rules.problems import Problem
from bigtwo.store import replays
from bigtwo.store.faults import fault

bp = Blueprint("shared", __name__)


def _record_from_form(form: dict[str, Any], lang: str) -> tuple[Any, list[Problem]]:
    """The record the replay page showed: the pasted record or game, or the record a sheet
    stands for (read as the home page reads it: ``form_record``)."""
    text = form["record"]
    if not text.strip():
        return None, [Problem("", Words(lang)["paste_record"])]
    fmt, doc, problems = form_record(text, form["profile"], lang)
    if fmt != "csv":
        return doc, problems
    if not form["profile"]:
        return None, [Problem("", Words(lang)["sheet_needs_profile"])]
    record, checked = check_sheet(text, form["profile"], complete=form["complete"],
                                  lang=library_language(lang), resolver=request_resolver())
    return record, [] if record is not None else checked.problems


def _problem_page(status: int, message: str) -> tuple[str, int]:
    return render_template("web_problems.html", problems=[{"pointer": "", "detail": message}],
                           title=Words(page_language())["share_title"], **page_context()), status


@bp.post("/replays")
def share() -> Response | tuple[str, int]:
    lang = page_language()
    try:
        form = {"record": request.form.get("record", ""), "profile": request.form.get("profile", ""),
                "complete": request.form.get("complete") == "on"}
    except RequestEntityTooLarge:
        limit = current_app.config.get("MAX_CONTENT_LENGTH") or limits.MAX_BODY_BYTES
        return _problem_page(413, Words(lang).count("too_large_n", int(limit)))
    doc, problems = _record_from_form(form, lang)
    if problems:
        return home_with_problems(form, problems)
    limit = int(current_app.config.get("MAX_CONTENT_LENGTH") or limits.MAX_BODY_BYTES)
    try:
        shared = replays.share(get_store(), doc, complete=form["complete"],
                               default_profile=form["profile"] or None, resolver=request_resolver(),
                               max_bytes=limit, lang=library_language(lang), sharer=sharer())
    except Exception as exc:
        named = fault(exc)
        if named is None:
            raise
        return _problem_page(named.status, Words(lang)["store_unwritable"])
    if shared.checked is not None:
        count_checked(shared.checked.report)
    if shared.status == "invalid":
        return home_with_problems(form, shared.problems)
    if shared.status in ("allowance", "hourly"):
        return _problem_page(429, Words(lang)["share_allowance"])
    if shared.status in ("too_large", "meta_too_large"):
        most = limit if shared.status == "too_large" else limits.MAX_SHARED_META_BYTES
        return _problem_page(413, Words(lang).count("share_too_large", int(shared.size), most=most))
    if shared.status == "full":
        return _problem_page(507, Words(lang)["share_full"])
    return redirect(url_for("shared.shared_replay", replay_id=shared.id, lang=lang), code=303)


@bp.get("/replays/<replay_id>")
def shared_replay(replay_id: str) -> tuple[str, int]:
    lang = page_language()
    row = replays.get(get_store(), replay_id)
    if row is None:
        return render_template("web_404.html", what=f"“{request.path}”", **page_context()), 404
    checked = replays.check(row, resolver=request_resolver(), lang=library_language(lang))
    if not checked.ok:  # a stored profile it named was removed, say: say so, do not fail
        return render_template("web_problems.html", problems=[p.as_dict() for p in checked.problems],
                               title=replay_id, **page_context()), 422
    view = replay_view(checked, lang, replay_page(request.args))
    # Never from the request's Host or scheme: the configured public URL, else a link
    # relative to the root that the page's script completes from the browser's own address.
    source = {"id": replay_id, "tournament": None,
              "shared": {"url": current_app.config.get("BIGTWO_PUBLIC_URL", "") + row["url"],
                         "at": row.get("shared_at")}}
    return render_template("web_replay.html", view=view, data=script_data(view, lang), form=None,
                           source=source, chart=replay_chart(checked, view, lang), **page_context()), 200
