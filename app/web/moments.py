"""Dates and times on the pages, written the way the page's language writes them.

The store keeps every moment as ISO 8601 text in UTC (``bigtwo.store.clock.now``:
``2026-03-07T09:05:04.123+00:00``). A page shows it with the locale's medium date and time
(Babel's ``format_datetime``, CLDR's patterns: "Mar 7, 2026, 9:05:04 AM", "07.03.2026,
09:05:04", "2026年3月7日 上午9:05:04") and says that the time is UTC in a whole message of the
page's catalog (``time_utc``), so each language places and writes the zone as it reads
naturally ("… UTC", "…（UTC）"). The moment is never converted to a reader's zone: the
server cannot know it, and an organiser comparing an audit log with the API's JSON reads the
same clock. The ISO value stays in the page, as a ``<time datetime="…">`` element.
"""

from __future__ import annotations

from datetime import UTC, datetime

from babel.dates import format_datetime
from markupsafe import Markup, escape

from app.web.catalog import N_, babel_locale, translate

# {when}: the date and time as the locale writes them, always in UTC.
TIME_UTC = N_("time_utc", "{when} UTC")


def parsed(value: str) -> datetime | None:
    """A stored moment as an aware UTC datetime; None for text that is not one (an old or
    hand-made row): the page then shows the text as it is rather than failing."""
    try:
        moment = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        return None
    if moment.tzinfo is None:  # the store writes UTC; a naive value can only mean that
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def moment_text(value: str, lang: str) -> str:
    """A stored moment in words of ``lang``: "Mar 7, 2026, 9:05:04 AM UTC"."""
    moment = parsed(value)
    if moment is None:
        return value
    when = format_datetime(moment, format="medium", tzinfo=UTC, locale=babel_locale(lang))
    return translate(lang, TIME_UTC).format(when=when)


def moment_html(value: str | None, lang: str) -> Markup:
    """``<time datetime="ISO">the locale's words</time>``; nothing for no moment."""
    if not value:
        return Markup("")
    if parsed(value) is None:
        return Markup(escape(value))
    return Markup('<time datetime="{iso}">{text}</time>').format(
        iso=value, text=moment_text(value, lang))
