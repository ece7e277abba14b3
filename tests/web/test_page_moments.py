"""Dates and times on the pages (issue 18: "numbers ... formatted by the locale", dates too):
the locale's medium date and time (CLDR's patterns through Babel), the zone said as each
language says it, and the stored ISO value kept in a ``<time datetime>`` element. Every moment
a page shows: a tournament's creation (list and page), a record's upload, its withdrawal and
replacement (records table, audit log), a shared replay."""

from __future__ import annotations

import html as htmllib
import json
import re
from typing import Any

import pytest

from app.web.moments import moment_html, moment_text
from tests.conftest import example_record
from tests.tournaments.conftest import new_tournament
from tests.tournaments.helpers import broken, simulated

MORNING = "2026-03-07T09:05:04.123+00:00"
EVENING = "2026-11-28T21:40:00.000+00:00"
NNBSP = "\N{NARROW NO-BREAK SPACE}"  # CLDR 42+ sets it before AM/PM in en and fil


# Expected strings: CLDR's medium date-time pattern of each locale (Babel 2.19, CLDR 47:
# en "MMM d, y, h:mm:ss a", de "dd.MM.y, HH:mm:ss", zh_Hant_HK "y年M月d日 ah:mm:ss",
# fil "MMM d, y, h:mm:ss a" with Filipino month abbreviations) and the catalogs' time_utc.
@pytest.mark.parametrize(("lang", "value", "expected"), [
    ("en", MORNING, f"Mar 7, 2026, 9:05:04{NNBSP}AM UTC"),
    ("en", EVENING, f"Nov 28, 2026, 9:40:00{NNBSP}PM UTC"),
    ("de", MORNING, "07.03.2026, 09:05:04 UTC"),
    ("de", EVENING, "28.11.2026, 21:40:00 UTC"),
    ("zh-Hant-HK", MORNING, "2026年3月7日 上午9:05:04（UTC）"),
    ("zh-Hant-HK", EVENING, "2026年11月28日 下午9:40:00（UTC）"),
    ("fil", MORNING, f"Mar 7, 2026, 9:05:04{NNBSP}AM UTC"),
    ("fil", EVENING, f"Nob 28, 2026, 9:40:00{NNBSP}PM UTC"),
    ("it", MORNING, "7 mar 2026, 09:05:04 UTC"),
    ("zh-Hant-TW", EVENING, "2026年11月28日 晚上9:40:00（UTC）"),
    ("zh-Hans", EVENING, "2026年11月28日 21:40:00（UTC）"),
])
def test_a_moment_in_each_language(lang: str, value: str, expected: str) -> None:
    assert moment_text(value, lang) == expected


def test_a_moment_is_always_shown_in_utc() -> None:
    """A value with another offset (not what the store writes, but valid ISO) is the same
    moment, shown on the UTC clock; a naive value is taken as UTC, as the store means it."""
    assert moment_text("2026-03-07T10:05:04+01:00", "de") == "07.03.2026, 09:05:04 UTC"
    assert moment_text("2026-03-07T09:05:04", "de") == "07.03.2026, 09:05:04 UTC"


def test_the_iso_value_stays_in_a_time_element() -> None:
    assert str(moment_html(MORNING, "de")) == (
        f'<time datetime="{MORNING}">07.03.2026, 09:05:04 UTC</time>')
    # text that is not a moment (a hand-made row) is shown as it is, escaped; none is nothing
    assert str(moment_html("<soon>", "de")) == "&lt;soon&gt;"
    assert str(moment_html(None, "de")) == "" and str(moment_html("", "en")) == ""


@pytest.fixture
def frozen(monkeypatch: pytest.MonkeyPatch) -> str:
    """Every moment the store writes is MORNING."""
    monkeypatch.setattr("bigtwo.store.clock.now", lambda: MORNING)
    return MORNING


def _time(lang: str) -> str:
    return f'<time datetime="{MORNING}">{htmllib.escape(moment_text(MORNING, lang), quote=False)}</time>'


def _text(html: str) -> str:
    # ASCII whitespace only: the narrow no-break space before AM is part of the text
    return htmllib.unescape(re.sub(r"[ \t\r\n]+", " ", re.sub(r"<[^>]+>", "", html)))


@pytest.mark.parametrize(("lang", "created"), [
    ("en", f"created Mar 7, 2026, 9:05:04{NNBSP}AM UTC"),
    ("de", "angelegt am 07.03.2026, 09:05:04 UTC"),
    ("zh-Hant-HK", "建立於2026年3月7日 上午9:05:04（UTC）"),
    ("fil", f"ginawa noong Mar 7, 2026, 9:05:04{NNBSP}AM UTC"),
])
def test_the_organiser_s_pages_write_their_moments_in_the_language(
        client: Any, frozen: str, lang: str, created: str) -> None:
    t = new_tournament(client, name="Club night")
    ids = [r["id"] for r in t.upload({"records": simulated(2, seed=71)}).get_json()["results"]]
    assert client.delete(f"/v1/tournaments/{t.id}/records/{ids[0]}?reason=wrong+table",
                         headers=t.auth).status_code == 200
    other = simulated(3, seed=72)[2]
    assert client.put(f"/v1/tournaments/{t.id}/records/{ids[1]}", json=other,
                      headers=t.auth).status_code in (200, 201)
    listed = client.get(f"/tournaments?lang={lang}").get_data(as_text=True)
    assert listed.count(_time(lang)) == 1  # the tournament's creation
    page = client.get(f"/tournaments/{t.id}?lang={lang}").get_data(as_text=True)
    # the summary's creation, two withdrawn records, two audit entries
    assert page.count(_time(lang)) == 5, page
    assert created in _text(page)
    assert "T09:05:04" not in _text(page) and "T09:05:04" not in _text(listed)


@pytest.mark.parametrize(("lang", "uploaded", "shared"), [
    ("en", f"Uploaded Mar 7, 2026, 9:05:04{NNBSP}AM UTC", f"Shared Mar 7, 2026, 9:05:04{NNBSP}AM UTC"),
    ("de", "Hochgeladen am 07.03.2026, 09:05:04 UTC", "Geteilt am 07.03.2026, 09:05:04 UTC"),
    ("zh-Hant-HK", "上載於2026年3月7日 上午9:05:04（UTC）", "分享於2026年3月7日 上午9:05:04（UTC）"),
    ("fil", f"Na-upload noong Mar 7, 2026, 9:05:04{NNBSP}AM UTC",
     f"Ibinahagi noong Mar 7, 2026, 9:05:04{NNBSP}AM UTC"),
])
def test_a_stored_record_and_a_shared_replay_say_when(client: Any, frozen: str, lang: str,
                                                     uploaded: str, shared: str) -> None:
    t = new_tournament(client)
    rid = t.upload({"records": [broken(simulated(1, seed=73)[0])]}).get_json()["results"][0]["id"]
    record_page = client.get(f"/records/{rid}?lang={lang}").get_data(as_text=True)
    assert _time(lang) in record_page and uploaded in _text(record_page)
    made = client.post(f"/replays?lang={lang}",
                       data={"record": json.dumps(example_record("hk-two-deals"))})
    assert made.status_code == 303
    replay_page = client.get(made.headers["Location"]).get_data(as_text=True)
    assert _time(lang) in replay_page and shared in _text(replay_page)
