"""The season pages and the printed draw in a browser: from the list to a season, its chart
drawn, the draw filled in from the season, and on paper one round a sheet without the form,
all under the Content-Security-Policy."""

from __future__ import annotations

from typing import Any

import pytest

from tests.seasons.club import club_season

pytestmark = pytest.mark.browser


def test_list_to_season_to_a_printed_draw(live: tuple[str, Any, Any]) -> None:
    base, app, page = live
    reported: list[str] = []
    page.on("console", lambda message: reported.append(message.text))
    season, _, _ = club_season(app.test_client())

    page.goto(base + "/seasons")
    page.get_by_role("link", name="Thursday league").click()
    page.wait_for_load_state()
    assert page.locator("h1").inner_text() == "Thursday league"
    rows = page.locator("table.season-standings tbody tr")
    assert rows.count() == 5 and rows.first.locator("th").inner_text() == "Ben"
    chart = page.locator("svg#rating-chart")
    assert chart.is_visible() and chart.bounding_box()["width"] > 300
    assert page.locator("svg#rating-chart polyline.series").count() == 5
    # Eve's line (joined on night 3) starts right of the others': drawn, not at 0 before.
    starts = page.eval_on_selector_all(
        "svg#rating-chart polyline.series",
        "ls => ls.map(l => [l.querySelector('title').textContent, l.points.getItem(0).x])")
    first = {name.split(":")[0]: x for name, x in starts}
    assert first["Eve"] > first["Ana"] == first["Ben"]

    page.get_by_role("link", name="Seating draw for this season's players").click()
    page.wait_for_load_state()
    assert page.locator("#players").input_value().split("\n") == ["Ben", "Ana", "Eve", "Cai", "Dee"]
    page.fill("#rounds", "3")
    page.get_by_role("button", name="Draw the tables").click()
    page.wait_for_load_state()
    sheets = page.locator("article.draw-sheet")
    assert sheets.count() == 3
    assert sheets.first.locator("td.player").count() == 4
    assert "Sitting out:" in sheets.first.inner_text()

    page.emulate_media(media="print")
    assert page.locator("#draw-form").is_hidden()
    assert page.locator("header.site").is_hidden()
    assert sheets.first.is_visible()
    breaks = page.eval_on_selector_all(
        "article.draw-sheet", "s => s.map(e => getComputedStyle(e).breakAfter)")
    assert breaks == ["page", "page", "auto"]
    page.emulate_media(media="screen")
    assert page.locator("#draw-form").is_visible()

    violations = [m for m in reported if "Content Security Policy" in m or "Refused to" in m]
    assert violations == []


def test_a_mistake_in_the_draw_is_said_in_the_pages_language(live: tuple[str, Any, Any]) -> None:
    base, _, page = live
    page.goto(base + "/draw?lang=de")
    page.fill("#players", "Ana\nBen\nAna\nCai\nDee")
    page.get_by_role("button", name="Tische auslosen").click()
    page.wait_for_load_state()
    alert = page.get_by_role("alert")
    assert "„Ana“ steht zweimal da" in alert.inner_text()
    assert page.locator("#players").input_value() == "Ana\nBen\nAna\nCai\nDee"  # kept as typed
