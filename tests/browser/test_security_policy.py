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


def test_the_icon_is_served_and_shown_under_the_policy(live: tuple[str, Any, Any]) -> None:
    """/favicon.ico (issue 24) is an icon from this origin: the browser decodes it, draws it
    under the pages' img-src 'self', and reports no violation."""
    base, _, page = live
    reported: list[str] = []
    page.on("console", lambda message: reported.append(message.text))
    answer = page.request.get(base + "/favicon.ico")
    assert answer.status == 200 and answer.headers["content-type"] == "image/vnd.microsoft.icon"
    page.goto(base + "/")
    assert page.locator("link[rel=icon]").get_attribute("href") == "/favicon.ico"
    size = page.evaluate("""() => new Promise(done => {
        const img = new Image(); img.onload = () => done([img.naturalWidth, img.naturalHeight]);
        img.onerror = () => done(null); img.src = '/favicon.ico'; })""")
    assert size in ([16, 16], [32, 32])
    assert [m for m in reported if "Content Security Policy" in m or "Refused to" in m] == []
