"""What the live table's browser tests share: the app on a loopback port, tables made
through the API, and a person's moves on the play page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.support import serve
from tests.conftest import shared_app

NAMES = ["Ana", "Ben", "Cai", "Dee"]


@pytest.fixture(name="tables")
def tables_fixture(browser: Any, tmp_path: Path) -> Iterator[tuple[str, Any, Any]]:
    """(base URL, app's test client, browser) with the worker's app (tests/conftest.py) on a
    store of the test's own, served on a loopback port."""
    with shared_app(tmp_path) as app, serve(app) as base:
        yield base, app.test_client(), browser


def create(client: Any, **body: Any) -> dict[str, Any]:
    made = client.post("/v1/tables", json={"profile": "hk-standard", "players": NAMES, **body})
    assert made.status_code == 201, made.get_data(as_text=True)
    answer: dict[str, Any] = made.get_json()
    return answer


def view(client: Any, table_id: str, token: str | None = None) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    answer = client.get(f"/v1/tables/{table_id}", headers=headers)
    assert answer.status_code == 200
    shown: dict[str, Any] = answer.get_json()
    return shown


def open_page(browser: Any, url: str) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    reported: list[str] = []
    page.on("console", lambda message: reported.append(message.text))
    page.goto(url)
    return context, page, reported


def version_shown(page: Any) -> int:
    return int(page.locator("#table-status").get_attribute("data-version") or -1)


def wait_for_version(page: Any, at_least: int) -> None:
    page.wait_for_function(
        "n => Number(document.getElementById('table-status').dataset.version) >= n", arg=at_least)


def play_turn(page: Any) -> None:
    """The seat's move as a person makes it: the first play the hints offer, chosen by
    clicking it (its cards are selected in the hand) and then Play; Pass when none."""
    hints = page.locator("#play-hint-list button.hint")
    if hints.count() and page.locator("#play-hints").is_visible():
        hints.first.click()
        assert page.locator("#play-hand [aria-pressed=true]").count() >= 1
        page.locator("#play-button").click()
    else:
        page.locator("#pass-button").click()
