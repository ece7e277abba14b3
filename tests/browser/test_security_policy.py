"""The pages under their Content-Security-Policy (docs/SECURITY.md): the step control's script
runs, and the browser reports no violation on any page (issue 10, class 13)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.conftest import example_record

pytestmark = pytest.mark.browser


def test_pages_run_under_the_policy_without_a_violation(live: tuple[str, Any, Any]) -> None:
    base, app, page = live
    reported: list[str] = []
    page.on("console", lambda message: reported.append(message.text))
    response = page.goto(base + "/")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.get_by_label("Record (JSON)").fill(json.dumps(example_record("pusoy-wrong-turn")))
    page.get_by_role("button", name="Replay the record").click()
    page.wait_for_load_state()
    page.keyboard.press("ArrowRight")
    # The script ran: stepping moved the position on.
    assert "move 1 of" in page.locator("#position").inner_text()
    client = app.test_client()
    made = client.post("/v1/tournaments", json={"name": "CSP night", "profile": "casual"})
    page.goto(base + f"/tournaments/{made.get_json()['id']}")
    page.goto(base + "/nowhere")
    violations = [m for m in reported if "Content Security Policy" in m or "Refused to" in m]
    assert violations == []
