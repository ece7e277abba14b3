"""The referee's view in a real browser: what a person sees and does."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser.support import create_tournament, example_record

pytestmark = pytest.mark.browser


def _record(name: str) -> dict[str, Any]:
    return example_record(name)


def _replay(page: Any, base: str, record: Any, *, lang: str = "en") -> None:
    page.goto(base + "/")
    page.get_by_label("Record (JSON)").fill(record if isinstance(record, str) else json.dumps(record))
    page.get_by_label("Language of the messages").select_option(lang)
    page.get_by_role("button", name="Replay the record").click()
    # A click only waits for the next page to start loading; the step control's keyboard and
    # button handlers exist once its deferred script has run.
    page.wait_for_load_state()


def test_step_to_the_broken_move_and_read_its_message(live: tuple[str, Any, Any]) -> None:
    base, _, page = live
    _replay(page, base, _record("pusoy-wrong-turn"))
    now = page.locator("#now")
    position = page.locator("#position")
    assert "as dealt" in position.inner_text()
    assert page.locator(".move.current").count() == 0

    for _ in range(5):
        page.keyboard.press("ArrowRight")
    assert "move 5 of 73" in position.inner_text()
    assert "Broken rule" not in now.inner_text()
    current = page.locator(".move.current")
    # the page counts seats from 1, as people do: hands[0] is "Seat 1"
    assert "Seat 1" in current.inner_text() and "passes" in current.inner_text()

    page.keyboard.press("ArrowRight")
    assert "move 6 of 73" in position.inner_text()
    assert "It is seat 3's turn, not seat 4's" in now.inner_text()
    assert "/deals/0/moves/5" in now.inner_text()  # the 0-based pointer beside
    # the house rules that decide whose turn it is are named with their values
    assert "direction = counterclockwise" in now.inner_text()
    assert "passing = locked_out" in now.inner_text()
    current = page.locator(".move.current")
    assert current.count() == 1
    assert "6." in current.inner_text() and "Seat 4" in current.inner_text()
    assert "broken rule" in current.inner_text()
    # the table as it stood: seat 2 was to play
    assert "to play" in page.locator("#table-seats .seat").nth(2).inner_text()

    page.get_by_role("button", name="‹ Previous move").click()
    assert "move 5 of 73" in position.inner_text()
    assert "Broken rule" not in now.inner_text()
    page.keyboard.press("ArrowLeft")
    assert "move 4 of 73" in position.inner_text()


def test_message_language_can_be_switched(live: tuple[str, Any, Any]) -> None:
    base, _, page = live
    _replay(page, base, _record("pusoy-wrong-turn"), lang="de")
    errors = page.locator(".errors")
    assert "Platz 3 ist dran, nicht Platz 4" in errors.inner_text()
    assert "It is seat 3's turn" not in errors.inner_text()
    assert "Gefundene Probleme" in errors.inner_text()  # the page's own words follow too
    page.get_by_role("button", name="Zur verletzten Regel").click()
    assert "Platz 3 ist dran, nicht Platz 4" in page.locator("#now").inner_text()

    # choosing another language words the page anew, at the same move
    with page.expect_navigation():
        page.get_by_label("Sprache").select_option("it")
    page.wait_for_load_state()
    assert "Tocca al posto 3, non al posto 4" in page.locator("#now").inner_text()
    assert "Tocca al posto 3, non al posto 4" in errors.inner_text()
    assert "mossa 6 di 73" in page.locator("#position").inner_text()
    assert "Platz 3" not in errors.inner_text() and "Problemi trovati" in errors.inner_text()


def test_complete_record_shows_tiers_scores_and_totals(live: tuple[str, Any, Any]) -> None:
    base, _, page = live
    _replay(page, base, _record("hk-two-deals"))
    assert "No broken rules" in page.locator(".summary").inner_text()
    page.get_by_role("button", name="End »").click()
    assert "Deal 2 of 2 · move 44 of 44" in page.locator("#position").inner_text()
    assert "goes out" in page.locator("#now").inner_text()

    totals = {}
    for row in page.locator("#totals tbody tr").all():
        cells = row.locator("th, td").all_inner_texts()
        totals[cells[0]] = cells[-1]
    assert totals == {"Ana": "−9", "Ben": "−34", "Cai": "+25", "Dee": "+18"}  # U+2212

    first_deal = page.locator("#deal-0 table.scores").inner_text()
    assert "8 cards x2 = 16" in first_deal  # Ben: the x2 tier from 8 cards
    assert "6 cards x1 = 6" in first_deal
    assert "went out" in first_deal


def test_uploading_a_file_replays_it(live: tuple[str, Any, Any], tmp_path: Path) -> None:
    base, _, page = live
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_record("hk-two-deals")), encoding="utf-8")
    page.goto(base + "/")
    page.get_by_label("…or upload a record file").set_input_files(str(path))
    page.get_by_role("button", name="Replay the record").click()
    # A click only waits for the next page to start loading; the step control's keyboard and
    # button handlers exist once its deferred script has run.
    page.wait_for_load_state()
    assert "+25" in page.locator("#totals").inner_text()


def test_malformed_input_shows_pointers_not_an_error_page(live: tuple[str, Any, Any]) -> None:
    base, _, page = live
    _replay(page, base, '{"profile": "hk-standard", "deals": [')
    alert = page.get_by_role("alert")
    assert "The record cannot be replayed" in alert.inner_text()
    assert "not valid JSON" in alert.inner_text()

    record = _record("hk-two-deals")
    bad_card = copy.deepcopy(record)
    bad_card["deals"][0]["hands"][1][2] = "XX"
    _replay(page, base, bad_card)
    text = page.get_by_role("alert").inner_text()
    assert "/deals/0/hands/1/2" in text and "'XX' is not a card" in text

    unknown = copy.deepcopy(record)
    unknown["profile"] = "no-such-profile"
    _replay(page, base, unknown)
    text = page.get_by_role("alert").inner_text()
    assert "/profile" in text and "unknown profile 'no-such-profile'" in text
    # what was pasted is still there to fix
    assert "no-such-profile" in page.get_by_label("Record (JSON)").input_value()


def test_tournament_page_filters_and_links_to_replays(live: tuple[str, Any, Any]) -> None:
    base, app, page = live
    good = _record("hk-two-deals")
    broken = copy.deepcopy(good)
    broken["deals"][0]["moves"][9]["seat"] = 0
    tid, _ = create_tournament(app.test_client(), "Club night", "hk-standard", [good, broken])

    page.goto(f"{base}/tournaments/{tid}")
    assert page.get_by_role("heading", name="Club night").is_visible()
    standings = page.locator("table.standings tbody tr")
    assert standings.count() == 4
    assert standings.nth(0).locator("th").inner_text() == "Cai"
    assert "+25" in standings.nth(0).inner_text()

    records = page.locator("table.records tbody tr")
    assert records.count() == 2
    page.get_by_role("link", name="Invalid only").click()
    page.wait_for_load_state()
    assert records.count() == 1
    assert "WRONG_TURN" in records.nth(0).inner_text()

    csv_href = page.get_by_role("link", name="Download the standings (CSV)").get_attribute("href")
    answer = page.request.get(base + csv_href)
    # A byte-order mark first, so that Excel opens the CSV as UTF-8 (docs/API.md).
    text = answer.text()
    assert answer.ok and text.startswith("\ufeff")
    assert text[1:].splitlines()[0].startswith('"rank","player"')

    records.nth(0).get_by_role("link").click()
    page.wait_for_load_state()
    assert "Replay of record" in page.locator("h1").inner_text()
    page.get_by_role("button", name="Go to the broken rule").click()
    assert "It is seat 4's turn, not seat 1's" in page.locator("#now").inner_text()
    assert "10." in page.locator(".move.current").inner_text()
    page.get_by_role("link", name="← Club night").click()
    page.wait_for_load_state()
    assert page.get_by_role("heading", name="Standings").is_visible()


def test_phone_width_keeps_the_controls_usable(browser: Any, live: tuple[str, Any, Any]) -> None:
    base, _, _ = live
    context = browser.new_context(viewport={"width": 375, "height": 740})
    page = context.new_page()
    try:
        _replay(page, base, _record("pusoy-wrong-turn"))
        # nothing wider than the screen: no sideways scrolling
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        page.get_by_role("button", name="Next move ›").click()
        assert "move 1 of 73" in page.locator("#position").inner_text()
    finally:
        context.close()


def test_controls_are_labelled_and_work_from_the_keyboard(live: tuple[str, Any, Any]) -> None:
    base, _, page = live
    _replay(page, base, _record("pusoy-wrong-turn"))
    unlabelled = page.evaluate("""() => [...document.querySelectorAll('button, select, input, textarea, a')]
        .filter(el => el.offsetParent !== null)
        .filter(el => !(el.innerText || '').trim() && !(el.labels && el.labels.length)
                      && !el.getAttribute('aria-label'))
        .map(el => el.outerHTML)""")
    assert unlabelled == []
    # Tab from the top reaches the step control; Enter on a move's link shows that move
    page.locator("body").focus()
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "step-next":
            break
    else:
        pytest.fail("the Next move button is not reachable with Tab")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    assert "move 2 of 73" in page.locator("#position").inner_text()
    page.get_by_role("link", name="Show this move").focus()
    page.keyboard.press("Enter")
    assert "move 6 of 73" in page.locator("#position").inner_text()
    assert "It is seat 3's turn, not seat 4's" in page.locator("#now").inner_text()


def test_hands_shrink_as_cards_are_played(live: tuple[str, Any, Any]) -> None:
    base, _, page = live
    _replay(page, base, _record("hk-two-deals"))
    cai = page.locator("#table-seats .seat").nth(2)
    assert "13 cards" in cai.inner_text() and "3♦" in cai.inner_text()
    page.keyboard.press("ArrowRight")  # Cai leads 3♦ 3♠ 10♦ 10♥ 10♠
    assert "8 cards" in cai.inner_text()
    assert cai.locator(".card").count() == 8
    assert "3♦" not in cai.inner_text() and "10♥" not in cai.inner_text()
    assert "3♦" in page.locator("#on-table").inner_text()
    page.keyboard.press("ArrowLeft")
    assert cai.locator(".card").count() == 13


def test_a_long_match_is_paged_and_the_broken_rule_is_one_click_away(
        live: tuple[str, Any, Any]) -> None:
    """A 200-deal match shows a page of deals; the buttons move between pages, and the
    broken-rule button of page 1 opens the page of the broken deal at the broken move."""
    from tests.hostile.costly import long_match

    base, _, page = live
    match = long_match(1 << 20)
    last = match["deals"][-1]["moves"]
    last[1]["seat"] = (last[1]["seat"] + 2) % 4  # out of turn in the last deal
    _replay(page, base, match)
    position = page.locator("#position")
    assert f"Deal 1 of {len(match['deals'])}" in position.inner_text()
    assert "(page 1 of" in page.locator("nav.pages").inner_text()
    page.get_by_role("button", name="Later deals ›").click()
    page.wait_for_load_state()
    assert "(page 2 of" in page.locator("nav.pages").inner_text()
    assert "Deal 1 of" not in position.inner_text()
    page.locator("#step-broken").click()
    page.wait_for_load_state()
    assert f"Deal {len(match['deals'])} of {len(match['deals'])} · move 2 of" in position.inner_text()
    assert "Broken rule" in page.locator("#now").inner_text()
