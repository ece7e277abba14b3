"""A checked replay shared by link, in a real browser: check a record, press the button, open
the link in a fresh page, see the same replay (and no policy violation on the way)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.support import example_record

pytestmark = pytest.mark.browser


def _summary(page: Any) -> dict[str, Any]:
    return {
        "summary": page.locator(".replay-head .summary").inner_text(),
        "errors": page.locator(".errors li").all_inner_texts(),
        "deals": page.locator(".deal h2").all_inner_texts(),
        "moves": page.locator(".move").count(),
        "legend": page.locator("#match-chart g.legend text").all_text_contents(),
    }


@pytest.mark.parametrize("name", ["pusoy-wrong-turn", "hk-two-deals"])
def test_share_then_open_the_link(live: tuple[str, Any, Any], name: str) -> None:
    base, _, page = live
    reported: list[str] = []
    page.on("console", lambda message: reported.append(message.text))
    page.goto(base + "/")
    page.get_by_label("Record (JSON)").fill(json.dumps(example_record(name)))
    page.get_by_role("button", name="Replay the record").click()
    page.wait_for_load_state()
    checked = _summary(page)
    page.get_by_role("button", name="Make a link").click()
    page.wait_for_load_state()
    link = page.get_by_label("Link to this replay").input_value()
    assert link.startswith(base + "/replays/rp-")
    assert page.url.startswith(link)
    fresh = page.context.new_page()
    fresh.on("console", lambda message: reported.append(message.text))
    fresh.goto(link)
    assert fresh.get_by_role("heading", level=1).inner_text().startswith("Shared replay rp-")
    assert _summary(fresh) == checked
    # The step control's script runs there as on the checked page.
    fresh.keyboard.press("ArrowRight")
    assert "move 1 of" in fresh.locator("#position").inner_text()
    # Sharing the same record again (written out differently) gives the same link.
    page.goto(base + "/")
    page.get_by_label("Record (JSON)").fill(json.dumps(example_record(name), indent=2))
    page.get_by_role("button", name="Replay the record").click()
    page.wait_for_load_state()
    page.get_by_role("button", name="Make a link").click()
    page.wait_for_load_state()
    assert page.get_by_label("Link to this replay").input_value() == link
    assert [m for m in reported if "Content Security Policy" in m or "Refused to" in m] == []
