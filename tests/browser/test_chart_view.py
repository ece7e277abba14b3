"""The running-totals chart in a real browser: drawn, sized, readable, and within the page's
Content-Security-Policy (no inline style or script is refused)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.support import create_tournament, example_record

pytestmark = pytest.mark.browser


def _violations(messages: list[str]) -> list[str]:
    return [m for m in messages if "Content Security Policy" in m or "Refused to" in m]


def test_the_match_chart_renders_under_the_policy(live: tuple[str, Any, Any]) -> None:
    base, _, page = live
    reported: list[str] = []
    page.on("console", lambda message: reported.append(message.text))
    page.goto(base + "/")
    record = example_record("hk-two-deals")
    record["players"][3] = "<img src=x onerror=alert(1)>"
    page.get_by_label("Record (JSON)").fill(json.dumps(record))
    page.get_by_role("button", name="Replay the record").click()
    page.wait_for_load_state()
    chart = page.get_by_role("img", name="Running totals")
    assert chart.count() == 1
    box = chart.bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 200
    lines = page.locator("#match-chart polyline.series")
    assert lines.count() == 4
    # Styled by the stylesheet (classes), not by inline style: the lines are not filled black.
    assert lines.first.evaluate("e => getComputedStyle(e).fill") == "none"
    assert lines.nth(1).evaluate("e => getComputedStyle(e).strokeDasharray") != "none"
    legend = page.locator("#match-chart g.legend text").all_text_contents()
    assert legend[3] == "<img src=x onerror=alert(1)> +18"  # shown as text, never run
    assert page.locator("img[src=x]").count() == 0
    page.get_by_text("The chart's numbers").click()
    assert page.locator(".chart-data table").is_visible()
    assert _violations(reported) == []


def test_the_tournament_chart_renders_under_the_policy(live: tuple[str, Any, Any]) -> None:
    base, app, page = live
    reported: list[str] = []
    page.on("console", lambda message: reported.append(message.text))
    tid, _ = create_tournament(app.test_client(), "Chart night", "hk-standard",
                               [example_record("hk-two-deals")])
    page.goto(base + f"/tournaments/{tid}")
    assert page.get_by_role("img", name="Running totals").count() == 1
    assert page.locator("#tournament-chart polyline.series").count() == 4
    assert _violations(reported) == []
