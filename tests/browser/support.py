"""Running the app on a loopback port and driving the system Chromium (no downloads)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.conftest import example_record  # noqa: F401 - the page tests import it from here
from tests.live_server import serve  # noqa: F401 - the browser tests import it from here

# Debian's old headless shell first (package chromium-headless-shell): the same Blink and V8
# as the full browser, without the pages of each window's toolbar that the full browser renders
# even headless. The browser tests took 77 s of CPU with the shell, 127 s with the full
# browser (package chromium), which they use where the shell is not installed.
BROWSERS = (Path("/usr/bin/chromium-headless-shell"), Path("/usr/bin/chromium"))


def find_chromium(chosen: str | None, browsers: tuple[Path, ...] = BROWSERS) -> Path:
    """``BIGTWO_CHROMIUM`` when set, else the first of ``browsers`` installed (the first named,
    for the message, when none is)."""
    return Path(chosen) if chosen else next((p for p in browsers if p.exists()), browsers[0])


CHROMIUM = find_chromium(os.environ.get("BIGTWO_CHROMIUM"))
# What the skip messages tell a newcomer to do (the Makefile's note says the same).
INSTALL_HINT = "Debian: apt-get install chromium-headless-shell"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
ROOT = Path(__file__).resolve().parents[2]




@contextmanager
def chromium() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def create_tournament(client: Any, name: str, profile: str, records: list[dict[str, Any]]) -> tuple[str, list[str]]:
    """A tournament through the JSON API, with records uploaded; its id and the record ids."""
    created = client.post("/v1/tournaments", json={"name": name, "profile": profile})
    assert created.status_code == 201, created.get_data(as_text=True)
    tid, token = created.get_json()["id"], created.get_json()["token"]
    ids = []
    for record in records:
        answer = client.post(f"/v1/tournaments/{tid}/records", json=record,
                             headers={"Authorization": f"Bearer {token}"})
        assert answer.status_code in (200, 201), answer.get_data(as_text=True)
        ids.append(answer.get_json()["id"])
    return tid, ids
