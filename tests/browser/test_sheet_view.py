"""Score sheets and penalties_now in a real browser."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser.support import example_record

pytestmark = pytest.mark.browser

CLUB_NIGHT = (Path(__file__).resolve().parents[2] / "fixtures" / "sheets" / "club-night.csv").read_text()


def _submit(page: Any, base: str, text: str, profile: str = "") -> None:
    page.goto(base + "/")
    page.get_by_label("Record (JSON)").fill(text)
    if profile:
        page.locator("#profile").select_option(profile)
    page.get_by_role("button", name="Replay the record").click()
    page.wait_for_load_state()


def test_each_seat_shows_what_it_would_pay_now(live: tuple[str, Any, Any]) -> None:
    """001: "13 übrig · Ende jetzt −39"; hk-standard (000): 13 cards x4 = 52, 8 cards x2 = 16."""
    base, _, page = live
    _submit(page, base, json.dumps(example_record("hk-two-deals")))
    cai = page.locator("#table-seats .seat").nth(2)
    assert "13 cards" in cai.inner_text() and "ends now: −52" in cai.inner_text()
    page.keyboard.press("ArrowRight")  # Cai leads five cards
    assert "8 cards" in cai.inner_text() and "ends now: −16" in cai.inner_text()


@pytest.mark.parametrize(("lang", "thirteen", "eight", "ends"), [
    ("de", "13 Karten", "8 Karten", "Ende jetzt −52"),  # 001's "Ende jetzt −39", as worded there
    ("fil", "13 baraha", "8 baraha", "kung matapos ngayon: −52"),
    ("zh-Hant-HK", "13 張牌", "8 張牌", "現在完結：−52"),
])
def test_the_step_control_counts_in_the_pages_language(live: tuple[str, Any, Any], lang: str,
                                                       thirteen: str, eight: str, ends: str) -> None:
    """The script words counts with the catalog's plural forms and the locale's minus sign."""
    base, _, page = live
    page.goto(f"{base}/?lang={lang}")
    page.locator("#record").fill(json.dumps(example_record("hk-two-deals")))
    page.locator("#record-form button[type=submit]").click()
    page.wait_for_load_state()
    cai = page.locator("#table-seats .seat").nth(2)
    assert thirteen in cai.inner_text() and ends in cai.inner_text()
    page.keyboard.press("ArrowRight")
    assert eight in cai.inner_text() and "-" not in cai.locator(".ends-now").inner_text()


def test_a_pasted_sheet_shows_its_scored_deals(live: tuple[str, Any, Any]) -> None:
    base, _, page = live
    _submit(page, base, CLUB_NIGHT, "hk-standard")
    tables = page.locator("table.sheet")
    assert tables.count() == 8
    last = tables.nth(7).inner_text()
    assert "Match total" in last and "+22" in last and "−32" in last
    assert "Result from the score sheet" in page.locator("#position").inner_text()
    assert "Its moves were not seen" in page.locator("#now").inner_text()
