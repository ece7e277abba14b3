"""The referee's view: HTML pages served by the same app as the API.

``/`` takes a record (pasted or uploaded), ``/replay`` shows it move by move with the first
broken rule highlighted, ``/records/<id>`` does the same for a stored record,
``/tournaments`` lists the tournaments and ``/tournaments/<id>`` shows standings, records
(withdrawn ones marked) and the audit log. Everything the pages need (CSS, script)
ships in this package: no request leaves the machine.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, render_template, request
from markupsafe import Markup
from werkzeug.exceptions import RequestEntityTooLarge

from app.metrics import count_checked
from app.params import ParameterError, page_number
from app.web.catalog import LANGUAGE_NAMES
from app.web.language import install as install_language
from app.web.language import page_language, switch_links
from app.web.present import library_language, profile_title, replay_view, script_data
from app.web.words import Words
from bigtwo import limits
from bigtwo.records import jsonin
from bigtwo.records.pipeline import check_record
from bigtwo.records.sheets import check_sheet
from bigtwo.rules.problems import Problem
from bigtwo.rules.profiles import PRESET_IDS, PRESETS, ProfileResolver

bp = Blueprint(
    "web", __name__,
    template_folder="templates",
    static_folder="static",
    static_url_path="/web-static",
)
# Flask-Babel, the language cookie and Vary for the pages (app/web/language.py).
bp.record_once(lambda state: install_language(state.app))


def _store() -> Any:
    from app import get_store

    return get_store()


def _resolver() -> ProfileResolver:
    from app import request_resolver

    return request_resolver()


def _profile_choices() -> dict[str, list[dict[str, str]]]:
    """The presets and the newest stored profiles, a bounded number of them: a store may hold
    thousands. Any other stored profile is named by typing its id (``profile_id``)."""
    presets = [{"id": p, "name": PRESETS[p].name} for p in PRESET_IDS]
    try:
        stored = [{"id": p["id"], "name": p["name"]} for p in _store().profiles.listing(
            limits.FORM_STORED_PROFILES, newest_first=True)]
    except Exception:  # a store that cannot answer must not take the form down
        stored = []
    return {"presets": presets, "stored": stored}


def _lang() -> str:
    return page_language()


def _common(switch_form: str | None = None) -> dict[str, Any]:
    """What every page's template reads: its language, its words and the language switch
    (links to this page in each language; on a page that answers a posted form, buttons that
    post ``switch_form`` again in the chosen language, so nothing typed is lost)."""
    lang = _lang()
    return {"languages": LANGUAGE_NAMES, "lang": lang, "w": Words(lang),
            "switch": switch_links(lang), "switch_form": switch_form}


@bp.get("/")
def home() -> str:
    return render_template("web_home.html", form={"record": "", "profile": "", "complete": True},
                           choices=_profile_choices(), problems=None, **_common())


def _read_record_text() -> tuple[str, list[Problem]]:
    upload = request.files.get("file")
    if upload is not None and upload.filename:
        try:
            return jsonin.decode_utf8(upload.read()), []
        except jsonin.JsonInputError as exc:
            return "", [Problem("", Words(_lang())("not_utf8", detail=exc.detail))]
    return request.form.get("record", ""), []


@bp.post("/replay")
def replay() -> tuple[str, int]:
    try:
        form_data = request.form
        text, problems = _read_record_text()
    except RequestEntityTooLarge:
        limit = current_app.config.get("MAX_CONTENT_LENGTH")
        words = Words(_lang())
        too_big = [Problem("", words.count("too_large_n", int(limit)) if limit else words["too_large"])]
        empty = {"record": "", "profile": "", "complete": True}
        return _home_with_problems(empty, too_big, 413)
    typed = form_data.get("profile_id", "").strip()
    form = {
        "record": text,
        "profile": typed or form_data.get("profile", ""),
        "profile_id": typed,
        "complete": form_data.get("complete") == "on",
    }
    doc: Any = None
    if not problems and text.strip() and _is_sheet(text):
        return _replay_sheet(text, form)
    if not problems:
        if not text.strip():
            problems = [Problem("", Words(_lang())["paste_record"])]
        else:
            try:
                doc = jsonin.loads(text)
            except jsonin.JsonInputError as exc:
                problems = [Problem(exc.pointer or "", exc.detail)]
    if problems:
        return _home_with_problems(form, problems)
    checked = check_record(doc, complete=form["complete"], lang=library_language(_lang()),
                           resolver=_resolver(),
                           default_profile=form["profile"] or None)
    count_checked(checked.report)
    if not checked.ok:
        return _home_with_problems(form, checked.problems)
    lang = _lang()
    view = replay_view(checked, lang, _page_number(form_data))
    return render_template("web_replay.html", view=view, data=script_data(view, lang), form=form,
                           source=None, chart=_chart(checked, view, lang),
                           **_common("nav")), 200


def _is_sheet(text: str) -> bool:
    """A pasted or uploaded score sheet (CSV) rather than a JSON record: a file named .csv,
    or text that does not open like JSON and starts with the sheet's header."""
    upload = request.files.get("file")
    if upload is not None and (upload.filename or "").lower().endswith(".csv"):
        return True
    start = text.lstrip("\ufeff \t\r\n")
    return start[:1] not in ("{", "[") and start[:4].lower() == "deal"


def _replay_sheet(text: str, form: dict[str, Any]) -> tuple[str, int]:
    """A score sheet: every problem named by row and column, else its record's replay page."""
    lang = _lang()
    if not form["profile"]:
        return _home_with_problems(form, [Problem("", Words(lang)["sheet_needs_profile"])],
                                   on_sheet=True)
    _, checked = check_sheet(text, form["profile"], complete=form["complete"],
                             lang=library_language(lang),
                             resolver=_resolver())
    count_checked(checked.report)
    if not checked.ok:
        return _home_with_problems(form, checked.problems, on_sheet=True)
    view = replay_view(checked, lang, _page_number(request.form))
    return render_template("web_replay.html", view=view, data=script_data(view, lang), form=form,
                           source=None, chart=_chart(checked, view, lang),
                           **_common("nav")), 200


def _chart(checked: Any, view: dict[str, Any], lang: str) -> dict[str, Any] | None:
    """The running-totals chart of the whole record (app/web/chart.py)."""
    from app.web.chart import match_chart

    return match_chart(checked.report, view, Words(lang))


def _page_number(values: Any) -> int:
    """The replay page asked for: a navigation button's ``page``, else the page the form was
    on (``at``); anything that is not a small whole number is the first page."""
    for key in ("page", "at"):
        value = values.get(key)
        if isinstance(value, str) and value.isdecimal() and len(value) <= 6:
            return int(value)
    return 1


def _home_with_problems(form: dict[str, Any], problems: list[Problem],
                        status: int = 422, *, on_sheet: bool = False) -> tuple[str, int]:
    return render_template("web_home.html", form=form, choices=_profile_choices(),
                           problems=[p.as_dict() for p in problems], on_sheet=on_sheet,
                           **_common("record-form")), status


def _stored_complete_flag(report: dict[str, Any]) -> bool:
    """Whether the stored report was made demanding finished deals."""
    if any(e.get("code") == "INCOMPLETE" for e in report.get("errors", [])):
        return True
    return not any(d.get("status") == "incomplete" for d in report.get("deals", []))


@bp.get("/records/<rid>")
def stored_record(rid: str) -> tuple[str, int]:
    store = _store()
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
                           lang=library_language(_lang()), resolver=_resolver(),
                           default_profile=default_profile)
    if not checked.ok:  # stored records were checked on the way in; a later profile change?
        return render_template("web_problems.html", problems=[p.as_dict() for p in checked.problems],
                               title=Words(_lang())("record_title", id=rid), **_common()), 422
    lang = _lang()
    view = replay_view(checked, lang, _page_number(request.args))
    source = {"id": rid, "tournament": tournament, "stored_valid": stored_report.get("valid"),
              "received_at": row.get("received_at")}
    return render_template("web_replay.html", view=view, data=script_data(view, lang), form=None,
                           source=source, chart=_chart(checked, view, lang), **_common()), 200


def _organiser_common() -> dict[str, Any]:
    from app.web.organiser_words import OrganiserWords

    common = _common()
    return {**common, "w": OrganiserWords(common["lang"])}


@bp.get("/tournaments")
def tournament_list() -> tuple[str, int]:
    from app.web.tournaments import tournaments_view

    listed = tournaments_view(_store(), page_number(request.args))
    return render_template("web_tournaments.html", listed=listed, **_organiser_common()), 200


@bp.get("/tournaments/<tid>")
def tournament_page(tid: str) -> tuple[str, int]:
    from app.web.chart import tournament_chart
    from app.web.tournaments import tournament_view

    # The standings come cached and the chart from the records' tallies: the page never
    # reads the stored reports, so its cost does not follow what is stored.
    store = _store()
    view = tournament_view(store, tid, request.args.get("show", "all"),
                           page_number(request.args), request.args.get("table"),
                           request.args.get("round"))
    if view is None:
        abort(404)
    chart = tournament_chart(store.tournaments.tallies(tid),
                             [p["player"] for p in view["standings"]], Words(_lang()))
    return render_template("web_tournament.html", t=view, chart=chart,
                           **_organiser_common()), 200


@bp.app_template_filter("profile_label")
def _profile_label(profile: dict[str, Any]) -> str:
    """A profile in a list or a heading: "Name (id)", or "id (profile without a name)"."""
    lang = _lang()
    words = Words(lang)
    title = profile_title(profile["id"], profile.get("name"), lang)
    if title != words["unnamed_profile"]:
        return words("profile_named", name=title, id=profile["id"])
    return words("profile_unnamed", id=profile["id"])


@bp.app_template_filter("moment")
def _moment(value: str | None) -> Markup:
    """A stored moment (ISO 8601, UTC) as the page's language writes it, in a ``<time>``
    element that keeps the ISO value (``app.web.moments``)."""
    from app.web.moments import moment_html

    return moment_html(value, _lang())


@bp.app_template_filter("house_rules_line")
def _house_rules_line(rules: list[dict[str, Any]]) -> Markup:
    """The house rules beside a ruling, each one whole message ("``passing`` = **locked_out**
    (label)"), put in a row by the catalog's own pattern (``house_rules_join``)."""
    words = Words(_lang())
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
    return value or Words(_lang())["whole_document"]


@bp.errorhandler(ParameterError)
def _bad_parameter(error: ParameterError) -> tuple[str, int]:
    return render_template("web_problems.html", problems=error.errors,
                           title=Words(_lang())["bad_request"],
                           **_common()), 400


@bp.errorhandler(404)
def _not_found(_: Exception) -> tuple[str, int]:
    return render_template("web_404.html", what=f"“{request.path}”", **_common()), 404


@bp.app_template_global("lang_url")
def _lang_url(code: str) -> str:
    """This page in another language: its address with ``lang`` replaced."""
    from urllib.parse import urlencode

    args = [(k, v) for k, v in request.args.items(multi=True) if k != "lang"]
    return f"{request.path}?{urlencode([*args, ('lang', code)])}"


@bp.app_template_filter("num")
def _num(value: int | float) -> str:
    """A number as the page's locale writes it: grouping, decimal sign, minus sign (U+2212
    where the locale's is the hyphen-minus; ``app.web.catalog.number``)."""
    from app.web.catalog import number

    return number(value, _lang())


@bp.app_template_filter("signed")
def _signed(value: int) -> str:
    """A score with its sign always shown (+25, +0, −34), in the page's locale."""
    from app.web.catalog import signed

    return signed(value, _lang())


@bp.app_template_filter("names_list")
def _names_list(names: list[str]) -> str:
    """Names as the page's locale lists them: "Ana, Ben, and Cai", "Ana、Ben及Cai"."""
    from app.web.catalog import join

    return join(names, _lang())
