"""What the pages share: the context every template reads (its language, its words, the
language switch), the profiles a form offers, the replay's page number and chart, and the
home page answering a form with its problems. The blueprints of ``app.web`` import these by
their public names; none imports the package's own module."""

from __future__ import annotations

from typing import Any

from flask import render_template

from app.store import get_store
from app.web.catalog import LANGUAGE_NAMES
from app.web.chart import match_chart
from app.web.language import page_language, switch_links
from app.web.organiser_words import OrganiserWords
from app.web.words import Words
from bigtwo import limits
from bigtwo.records.pipeline import Checked
from bigtwo.rules.problems import Problem
from bigtwo.rules.profiles import PRESET_IDS, PRESETS


def profile_choices() -> dict[str, list[dict[str, str]]]:
    """The presets and the newest stored profiles, a bounded number of them: a store may hold
    thousands. Any other stored profile is named by typing its id (``profile_id``)."""
    presets = [{"id": preset_id, "name": PRESETS[preset_id].name} for preset_id in PRESET_IDS]
    try:
        stored = [{"id": row["id"], "name": row["name"]} for row in get_store().profiles.listing(
            limits.FORM_STORED_PROFILES, newest_first=True)]
    except Exception:  # a store that cannot answer must not take the form down
        stored = []
    return {"presets": presets, "stored": stored}


def page_context(switch_form: str | None = None) -> dict[str, Any]:
    """What every page's template reads: its language, its words and the language switch
    (links to this page in each language; on a page that answers a posted form, buttons that
    post ``switch_form`` again in the chosen language, so nothing typed is lost)."""
    lang = page_language()
    return {"languages": LANGUAGE_NAMES, "lang": lang, "w": Words(lang),
            "switch": switch_links(lang), "switch_form": switch_form}


def organiser_context() -> dict[str, Any]:
    """``page_context`` with the organiser pages' words (tournaments, seasons, draws)."""
    context = page_context()
    return {**context, "w": OrganiserWords(context["lang"])}


def replay_chart(checked: Checked, view: dict[str, Any], lang: str) -> dict[str, Any] | None:
    """The running-totals chart of the whole record (app/web/chart.py)."""
    return match_chart(checked.report, view, Words(lang))


def replay_page(values: Any) -> int:
    """The replay page asked for: a navigation button's ``page``, else the page the form was
    on (``at``); anything that is not a small whole number is the first page."""
    for key in ("page", "at"):
        value = values.get(key)
        if isinstance(value, str) and value.isdecimal() and len(value) <= 6:
            return int(value)
    return 1


def home_with_problems(form: dict[str, Any], problems: list[Problem],
                       status: int = 422, *, on_sheet: bool = False) -> tuple[str, int]:
    """The home page again, with what was typed and every problem with it."""
    return render_template("web_home.html", form=form, choices=profile_choices(),
                           problems=[problem.as_dict() for problem in problems],
                           on_sheet=on_sheet, **page_context("record-form")), status
