"""The referee's view: HTML pages served by the same app as the API.

``/`` takes a record (pasted or uploaded), ``/replay`` shows it move by move with the first
broken rule highlighted, ``/records/<id>`` does the same for a stored record,
``/tournaments`` lists the tournaments and ``/tournaments/<id>`` shows standings, records
(withdrawn ones marked) and the audit log; ``/seasons`` and ``/seasons/<id>`` do the same for
seasons (nights, standings, ratings), and ``/draw`` prints a seating draw, a sheet per round.
Everything the pages need (CSS, script) ships in this package: no request leaves the machine.

This module is the blueprint's face: its routes and template filters. What the pages' other
modules share with it is in ``app.web.common``; none of them imports this module.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, abort, current_app, render_template, request, send_from_directory
from markupsafe import Markup
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response

from app.metrics import count_checked
from app.params import ParameterError, page_number
from app.store import get_store, request_resolver
from app.web import catalog, language
from app.web.chart import tournament_chart
from app.web.common import (
    home_with_problems,
    organiser_context,
    page_context,
    profile_choices,
    replay_chart,
    replay_page,
)
from app.web.draw_pages import DrawForm, check, pairs, sheets
from app.web.language import page_language
from app.web.moments import moment_html
from app.web.notation_pages import form_record
from app.web.present import library_language, profile_title, replay_view, script_data
from app.web.seasons import season_played, season_players, season_view, seasons_view
from app.web.tournaments import tournament_view, tournaments_view
from app.web.words import Words
from bigtwo import limits
from bigtwo.formats import door, jsonin
from bigtwo.formats.sheet_text import SheetTextError, decode_sheet
from bigtwo.formats.sheets import check_sheet
from bigtwo.records.pipeline import check_record
from bigtwo.rules.problems import Problem
from bigtwo.store import seasons
from bigtwo.store.errors import StoreError

bp = Blueprint(
    "web", __name__,
    template_folder="templates",
    static_folder="static",
    static_url_path="/web-static",
)
# Flask-Babel, the language cookie and Vary for the pages (app/web/language.py).
bp.record_once(lambda state: language.install(state.app))


@bp.get("/favicon.ico")
def favicon() -> Response:
    """The icon browsers ask every site for (scripts/favicon.py draws it): from this origin,
    as the pages' policy (img-src 'self') allows."""
    return send_from_directory(bp.static_folder or "static", "favicon.ico",
                               mimetype="image/vnd.microsoft.icon", max_age=86400)


@bp.get("/")
def home() -> str:
    return render_template("web_home.html", form={"record": "", "profile": "", "complete": True},
                           choices=profile_choices(), problems=None, **page_context())


def _read_record_text() -> tuple[str, list[Problem]]:
    """The pasted text, or the uploaded file's: a score sheet in any encoding a spreadsheet
    saves (``bigtwo.formats.sheet_text``), a JSON record only in UTF-8 (RFC 8259)."""
    upload = request.files.get("file")
    if upload is not None and upload.filename:
        data = upload.read()
        try:
            read = decode_sheet(data, lang=library_language(page_language()))
        except SheetTextError as exc:
            return "", [Problem("", exc.detail)]
        if read.encoding != "UTF-8" and door.decide(read.text, name=upload.filename) != "csv":
            try:
                jsonin.decode_utf8(data)
            except jsonin.JsonInputError as exc:
                return "", [Problem("", Words(page_language())("not_utf8", detail=exc.detail))]
        return read.text, []
    return request.form.get("record", ""), []


@bp.post("/replay")
def replay() -> tuple[str, int]:
    try:
        form_data = request.form
        text, problems = _read_record_text()
    except RequestEntityTooLarge:
        limit = current_app.config.get("MAX_CONTENT_LENGTH")
        words = Words(page_language())
        too_big = [Problem("", words.count("too_large_n", int(limit)) if limit else words["too_large"])]
        empty = {"record": "", "profile": "", "complete": True}
        return home_with_problems(empty, too_big, 413)
    typed = form_data.get("profile_id", "").strip()
    form = {
        "record": text,
        "profile": typed or form_data.get("profile", ""),
        "profile_id": typed,
        "complete": form_data.get("complete") == "on",
    }
    doc: Any = None
    if not problems and not text.strip():
        problems = [Problem("", Words(page_language())["paste_record"])]
    elif not problems:
        upload = request.files.get("file")
        fmt, doc, problems = form_record(text, form["profile"], page_language(),
                                         upload.filename if upload else None)
        if fmt == "csv":
            return _replay_sheet(text, form)
    if problems:
        return home_with_problems(form, problems)
    checked = check_record(doc, complete=form["complete"], lang=library_language(page_language()),
                           resolver=request_resolver(),
                           default_profile=form["profile"] or None)
    count_checked(checked.report)
    if not checked.ok:
        return home_with_problems(form, checked.problems)
    lang = page_language()
    view = replay_view(checked, lang, replay_page(form_data))
    return render_template("web_replay.html", view=view, data=script_data(view, lang), form=form,
                           source=None, chart=replay_chart(checked, view, lang),
                           **page_context("nav")), 200


def _replay_sheet(text: str, form: dict[str, Any]) -> tuple[str, int]:
    """A score sheet: every problem named by row and column, else its record's replay page."""
    lang = page_language()
    if not form["profile"]:
        return home_with_problems(form, [Problem("", Words(lang)["sheet_needs_profile"])],
                                   on_sheet=True)
    _, checked = check_sheet(text, form["profile"], complete=form["complete"],
                             lang=library_language(lang),
                             resolver=request_resolver())
    count_checked(checked.report)
    if not checked.ok:
        return home_with_problems(form, checked.problems, on_sheet=True)
    view = replay_view(checked, lang, replay_page(request.form))
    return render_template("web_replay.html", view=view, data=script_data(view, lang), form=form,
                           source=None, chart=replay_chart(checked, view, lang),
                           **page_context("nav")), 200


def _stored_complete_flag(report: dict[str, Any]) -> bool:
    """Whether the stored report was made demanding finished deals."""
    if any(e.get("code") == "INCOMPLETE" for e in report.get("errors", [])):
        return True
    return not any(d.get("status") == "incomplete" for d in report.get("deals", []))


@bp.get("/records/<rid>")
def stored_record(rid: str) -> tuple[str, int]:
    store = get_store()
    row = store.tournaments.get_record(rid)
    if row is None:
        abort(404)
    tournament = None
    default_profile = None
    if row.get("tournament_id"):
        tournament = store.tournaments.get(row["tournament_id"])
        if tournament is not None:
            default_profile = tournament.get("profile_id")
    stored_report = row.get("report") or {}
    checked = check_record(row["record"], complete=_stored_complete_flag(stored_report),
                           lang=library_language(page_language()), resolver=request_resolver(),
                           default_profile=default_profile)
    if not checked.ok:  # stored records were checked on the way in; a later profile change?
        return render_template("web_problems.html", problems=[p.as_dict() for p in checked.problems],
                               title=Words(page_language())("record_title", id=rid), **page_context()), 422
    lang = page_language()
    view = replay_view(checked, lang, replay_page(request.args))
    source = {"id": rid, "tournament": tournament, "stored_valid": stored_report.get("valid"),
              "received_at": row.get("received_at")}
    return render_template("web_replay.html", view=view, data=script_data(view, lang), form=None,
                           source=source, chart=replay_chart(checked, view, lang), **page_context()), 200


@bp.get("/tournaments")
def tournament_list() -> tuple[str, int]:
    listed = tournaments_view(get_store(), page_number(request.args))
    return render_template("web_tournaments.html", listed=listed, **organiser_context()), 200


@bp.get("/tournaments/<tid>")
def tournament_page(tid: str) -> tuple[str, int]:
    # The standings come cached and the chart from the records' tallies: the page never
    # reads the stored reports, so its cost does not follow what is stored.
    store = get_store()
    view = tournament_view(store, tid, request.args.get("show", "all"),
                           page_number(request.args), request.args.get("table"),
                           request.args.get("round"))
    if view is None:
        abort(404)
    chart = tournament_chart(store.tournaments.tallies(tid),
                             [p["player"] for p in view["standings"]], Words(page_language()),
                             view["numbers"])
    return render_template("web_tournament.html", t=view, chart=chart,
                           **organiser_context()), 200


@bp.get("/seasons")
def season_list() -> tuple[str, int]:
    listed = seasons_view(get_store(), request_resolver(), page_number(request.args))
    return render_template("web_seasons.html", listed=listed, **organiser_context()), 200


@bp.get("/seasons/<sid>")
def season_page(sid: str) -> tuple[str, int]:
    # The standings (and the ratings' history the chart draws) come from the season
    # service's cache: the page's cost follows the season's size, not what is stored.
    common = organiser_context()
    view = season_view(get_store(), request_resolver(), sid, common["w"])
    if view is None:
        abort(404)
    return render_template("web_season.html", s=view, **common), 200


@bp.route("/draw", methods=["GET", "POST"])
def draw_page() -> tuple[str, int]:
    """The draw's form (``?season=`` fills in that season's players and profile); posted,
    the draw as one sheet per round. It changes nothing stored, so the form needs no token."""
    common = organiser_context()
    w = common["w"]
    if request.method == "GET":
        form = DrawForm()
        sid = request.args.get("season", "")
        if sid:
            players = season_players(get_store(), sid)
            if players is None:
                abort(404)
            season = get_store().seasons.get(sid)
            played, total = season_played(get_store(), sid)
            form = DrawForm(players="\n".join(players), profile=season["profile_id"] or "",
                            season=sid, previous="\n".join(", ".join(t) for t in played))
            common = {**common, "played": {"shown": len(played), "total": total}}
        return _draw_template(form, None, [], 200, common)
    try:
        form = DrawForm.read(request.form)
    except RequestEntityTooLarge:
        limit = current_app.config.get("MAX_CONTENT_LENGTH")
        too_big = w.count("too_large_n", int(limit)) if limit else w["too_large"]
        return _draw_template(DrawForm(), None, [too_big], 413, common)
    resolver = request_resolver()
    checked = check(form, resolver, w)
    if checked.problems:
        return _draw_template(form, None, checked.problems, 422, common)
    try:
        made = seasons.make_draw(resolver, checked.body)
    except StoreError as exc:  # what the form's checks let through: the service's words
        details = [p.detail for p in exc.problems or []] or [exc.detail]
        return _draw_template(form, None, details, exc.status if exc.status < 500 else 422,
                              common)
    profile, _ = resolver.resolve(checked.body["profile"])
    result = {"sheets": sheets(made), "repeats": made.repeats, "pairs": pairs(made),
              "players": len(checked.body["players"]), "rounds": len(made.rounds),
              "seed": checked.body["seed"], "seats": profile.players if profile else 0}
    return _draw_template(form, result, [], 200, {**common, "switch_form": "draw-form"})


def _draw_template(form: Any, result: dict[str, Any] | None, problems: list[str], status: int,
                   common: dict[str, Any]) -> tuple[str, int]:
    season = get_store().seasons.get(form.season) if form.season else None
    if request.method == "POST":
        common = {**common, "switch_form": "draw-form"}
    resolver = request_resolver()
    choices = profile_choices()
    seats = {p["id"]: getattr(resolver.resolve(p["id"])[0], "players", None)
             for group in choices.values() for p in group}
    if form.profile and form.profile not in seats and not form.profile_id:
        # A season's stored profile older than those the list offers: typed in for them.
        form.profile_id, form.profile = form.profile, ""
    return render_template("web_draw.html", form=form, result=result, problems=problems,
                           choices=choices, seats=seats, season=season,
                           max_rounds=limits.MAX_DRAW_ROUNDS, **common), status


@bp.app_template_filter("profile_label")
def _profile_label(profile: dict[str, Any]) -> str:
    """A profile in a list or a heading: "Name (id)", or "id (profile without a name)"."""
    lang = page_language()
    words = Words(lang)
    title = profile_title(profile["id"], profile.get("name"), lang)
    if title != words["unnamed_profile"]:
        return words("profile_named", name=title, id=profile["id"])
    return words("profile_unnamed", id=profile["id"])


@bp.app_template_filter("moment")
def _moment(value: str | None) -> Markup:
    """A stored moment (ISO 8601, UTC) as the page's language writes it, in a ``<time>``
    element that keeps the ISO value (``app.web.moments``)."""
    return moment_html(value, page_language())


@bp.app_template_filter("house_rules_line")
def _house_rules_line(rules: list[dict[str, Any]]) -> Markup:
    """The house rules beside a ruling, each one whole message ("``passing`` = **locked_out**
    (label)"), put in a row by the catalog's own pattern (``house_rules_join``)."""
    words = Words(page_language())
    line: Markup | None = None
    for rule in rules:
        fields = {"field": Markup("<code>{}</code>").format(rule["field"]),
                  "value": Markup("<b>{}</b>").format(rule["value"])}
        if rule.get("label"):
            fields["label"] = Markup('<span class="gloss">{}</span>').format(rule["label"])
            item = words.markup("house_rule_labelled", **fields)
        else:
            item = words.markup("house_rule", **fields)
        item = Markup('<span class="rule">{}</span>').format(item)
        line = item if line is None else words.markup("house_rules_join", rules=line, rule=item)
    return line or Markup("")


@bp.app_template_filter("bold")
def _bold(value: str) -> Markup:
    return Markup("<b>{}</b>").format(value)


@bp.app_template_filter("code")
def _code(value: str) -> Markup:
    return Markup("<code>{}</code>").format(value)


@bp.app_template_filter("pointer")
def _pointer(value: str) -> str:
    return value or Words(page_language())["whole_document"]


@bp.errorhandler(ParameterError)
def _bad_parameter(error: ParameterError) -> tuple[str, int]:
    return render_template("web_problems.html", problems=error.errors,
                           title=Words(page_language())["bad_request"],
                           **page_context()), 400


@bp.errorhandler(404)
def _not_found(_: Exception) -> tuple[str, int]:
    return render_template("web_404.html", what=f"“{request.path}”", **page_context()), 404


@bp.app_template_global("lang_url")
def _lang_url(code: str) -> str:
    """This page in another language: its address with ``lang`` replaced."""
    args = [(k, v) for k, v in request.args.items(multi=True) if k != "lang"]
    return f"{request.path}?{urlencode([*args, ('lang', code)])}"


@bp.app_template_filter("num")
def _num(value: int | float) -> str:
    """A number as the page's locale writes it: grouping, decimal sign, minus sign (U+2212
    where the locale's is the hyphen-minus; ``app.web.catalog.number``)."""
    return catalog.number(value, page_language())


@bp.app_template_filter("signed")
def _signed(value: int) -> str:
    """A score with its sign always shown (+25, +0, −34), in the page's locale."""
    return catalog.signed(value, page_language())


@bp.app_template_filter("names_list")
def _names_list(names: list[str]) -> str:
    """Names as the page's locale lists them: "Ana, Ben, and Cai", "Ana、Ben及Cai"."""
    return catalog.join(names, page_language())
