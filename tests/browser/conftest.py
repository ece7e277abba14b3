"""Browser tests drive the system Chromium; without it they are skipped, saying why."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.support import CHROMIUM, INSTALL_HINT, chromium, serve
from tests.conftest import shared_app


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip(f"browser tests need headless Chromium at {CHROMIUM} ({INSTALL_HINT}); "
                    ".ci/run installs it")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.skip("browser tests need the playwright python package (pip install -e '.[test]')")
    with chromium() as b:
        yield b


@pytest.fixture
def live(browser: Any, tmp_path: Path) -> Iterator[tuple[str, Any, Any]]:
    """(base URL, app, fresh page) with the app served on a loopback port: the worker's app
    on a store of the test's own (tests/conftest.py), not one made per test, whose templates
    were compiled again for each page test."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    with shared_app(tmp_path) as app, serve(app) as base:
        yield base, app, page
    context.close()
