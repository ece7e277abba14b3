"""A v4 deal in a real browser, in each of the seven page languages: an 8-seat table, the
step control drawing a joker with the card it stands for (🃏4♣) on the table, the hand losing
the joker it played, five of a kind labelled, the timeout and the last-card call in the move
list. One screenshot per language is saved in the test's tmp dir for inspection."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.web.words import WORDS
from tests.web.test_replay_jokers_page import FIVE_OF_A_KIND, LANGS, RECORD

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", LANGS)
def test_a_joker_five_of_a_kind_and_eight_seats(live: tuple[str, Any, Any], lang: str,
                                                tmp_path: Path) -> None:
    base, _, page = live
    words = WORDS[lang]
    page.goto(f"{base}/?lang={lang}")
    page.locator("#record").fill(json.dumps(RECORD))
    page.locator("#record-form button[type=submit]").click()
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == lang
    seats = page.locator("#table-seats .seat")
    assert seats.count() == 8
    # As dealt: the first seat holds 7 cards, the joker among them.
    first = seats.nth(0)
    assert first.locator(".card").count() == 7
    assert first.locator(".card.joker").inner_text() == "🃏"
    assert first.locator(".card.joker").get_attribute("title") == words["joker"]
    # Move 2: the second seat's turn runs out.
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert words["timed_out"] in page.locator("#now").inner_text()
    # Move 9: the five of a kind with the joker as 4♣, and the call.
    for _ in range(7):
        page.keyboard.press("ArrowRight")
    on_table = page.locator("#on-table")
    assert "🃏4♣" in on_table.inner_text()
    assert on_table.locator(".card.joker").count() == 1
    now = page.locator("#now").inner_text()
    assert words["calls_last_card"] in now
    if lang in FIVE_OF_A_KIND:
        assert FIVE_OF_A_KIND[lang] in now
    # The hand gave up its joker and its four 4s: 9♣ is left.
    assert first.locator(".card").count() == 1 and "9♣" in first.inner_text()
    page.screenshot(path=str(tmp_path / f"jokers-{lang}.png"), full_page=True)
    assert (tmp_path / f"jokers-{lang}.png").stat().st_size > 0
