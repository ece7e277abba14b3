"""Which language a page speaks, and remembering the one a person chose.

In order: an explicit ``?lang=`` (or the ``lang`` field of a posted form), the language
remembered in a cookie, the best match of ``Accept-Language`` (Babel's
``negotiate_locale``), else English. Choosing a language (any page's language switch sends
``lang``) sets the cookie, so the next page, and the next visit, speak it too. Pages whose
language was negotiated say so to caches (``Vary: Accept-Language, Cookie``).

Flask-Babel is set up here with this choice as its locale selector, so ``flask_babel``'s
gettext and number formatting in the pages follow the same language.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app, g, request
from flask_babel import Babel
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response

from app.web.catalog import (
    DEFAULT,
    DOMAIN,
    LANGUAGE_NAMES,
    PAGE_LANGUAGES,
    TRANSLATIONS_DIR,
    babel_locale,
)
from bigtwo.reports import i18n

COOKIE = "bigtwo_lang"
COOKIE_MAX_AGE = 365 * 24 * 3600
PAGE_BLUEPRINTS = frozenset({"web", "shared"})

canonical = i18n.canonical  # the page language one tag means: the library's matching


def from_header(header: str | None) -> str | None:
    """The best page language for an Accept-Language header (Babel's matching), or None."""
    return i18n.match_header(header, PAGE_LANGUAGES)


def _explicit() -> str | None:
    explicit = request.args.get("lang")
    if explicit is None and request.method == "POST":
        try:
            explicit = request.form.get("lang")
        except RequestEntityTooLarge:
            explicit = None
    return canonical(explicit)


def page_language() -> str:
    """The language of this request's page (worked out once per request)."""
    cached = g.get("page_language")
    if cached is not None:
        return str(cached)
    explicit = _explicit()
    g.language_chosen = explicit
    lang = explicit or canonical(request.cookies.get(COOKIE)) \
        or from_header(request.headers.get("Accept-Language")) or DEFAULT
    g.page_language = lang
    return lang


def _remember(response: Response) -> Response:
    # A page (of the page blueprints, or any answer worded by page_language, such as the
    # site-wide 404 page) was negotiated; the API's answers are not touched here.
    if request.blueprint not in PAGE_BLUEPRINTS and g.get("page_language") is None:
        return response
    response.vary.add("Accept-Language")
    response.vary.add("Cookie")
    chosen = g.get("language_chosen")
    if chosen is not None and chosen != canonical(request.cookies.get(COOKIE)):
        secure = request.is_secure or current_app.config.get(
            "BIGTWO_PUBLIC_URL", "").startswith("https://")
        response.set_cookie(COOKIE, chosen, max_age=COOKIE_MAX_AGE, samesite="Lax",
                            httponly=True, secure=secure)
    return response


def _locale_selector() -> str:
    return babel_locale(page_language())


def install(app: Flask) -> None:
    """Flask-Babel with the pages' catalogs and language choice, and the cookie and Vary."""
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT)
    Babel(app, locale_selector=_locale_selector, default_domain=DOMAIN,
          default_translation_directories=str(TRANSLATIONS_DIR))
    app.after_request(_remember)


def switch_links(lang: str) -> list[dict[str, Any]]:
    """The language switch: every language by its own name, the page's own marked."""
    return [{"code": code, "name": LANGUAGE_NAMES[code], "current": code == lang}
            for code in PAGE_LANGUAGES]
