"""Shared fixtures: an app on a fresh database per test, and its test client (Flask's pattern)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bigtwo import native

# Before any test imports the core: its compiled modules (make native) run only when they are
# current, and BIGTWO_PURE=1 tests the Python (the suite's subprocesses inherit the choice).
CORE = native.choose(dict(os.environ))
# For the few tests that reach inside the core as only Python allows (subclassing a class of
# it); make test also runs tests/core with BIGTWO_PURE=1, where they run.
pure_only = pytest.mark.skipif(CORE == native.COMPILED_CORE,
                               reason="needs the core as Python (BIGTWO_PURE=1 runs it)")

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
# The worked examples live in the project: a fresh clone tests with nothing beside it.
EXAMPLES = FIXTURES / "examples"


def pytest_report_header() -> str:
    return f"bigtwo core: {CORE}"


BROWSER_TESTS = Path(__file__).resolve().parent / "browser"


def browser_tests_skip_reason(args: list[str], invocation_dir: Path) -> str | None:
    """Why tests/browser will be skipped in a run of ``args`` (None when they run or are not
    in it): the browser missing, or the playwright package."""
    from tests.browser.support import CHROMIUM

    paths = [(invocation_dir / a.split("::", 1)[0]).resolve() for a in args
             if not a.startswith("-")] or [invocation_dir.resolve()]
    if not any(p == BROWSER_TESTS or p in BROWSER_TESTS.parents or BROWSER_TESTS in p.parents
               for p in paths):
        return None
    if not CHROMIUM.exists():
        return (f"no Chromium at {CHROMIUM} (Debian: apt-get install chromium; or set "
                "BIGTWO_CHROMIUM to a Chromium binary)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install -e '.[test]')"
    return None


def pytest_sessionstart(session: pytest.Session) -> None:
    """One line before any test when the browser tests will be skipped: with ``-q`` (as
    ``make test`` runs) the header is not shown, and the skips only count in the summary."""
    config = session.config
    if hasattr(config, "workerinput"):  # an xdist worker: the controller says it
        return
    reason = browser_tests_skip_reason(list(config.args), Path(config.invocation_params.dir))
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reason is not None and reporter is not None:
        reporter.write_line(f"NOTE: the browser tests (tests/browser) will be SKIPPED: {reason}",
                            yellow=True, bold=True)


INSTALL_TESTS = Path(__file__).resolve().parent / "install"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests first: ``make test`` runs two workers, and a test handed out late runs
    alone at the end. The install test (two compilations, about two minutes of CPU) starts
    at once, the other slow ones next, and the many short ones fill in behind them."""
    def order(item: pytest.Item) -> int:
        if INSTALL_TESTS in item.path.parents:
            return 0
        return 1 if item.get_closest_marker("slow") is not None else 2

    items.sort(key=order)  # stable: the order within each group is the files' own


# The CLI speaks the language of the environment (bigtwo.cli.shared.language): every test starts
# from none, so that a developer's LANG=de_DE.UTF-8 changes no expected line. A test that
# wants a language sets it (monkeypatch.setenv, or CliRunner's env).
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True)
def _no_locale_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def app(tmp_path: Path) -> Any:
    from app import create_app

    return create_app({"TESTING": True, "BIGTWO_DB": str(tmp_path / "test.db")})


@pytest.fixture
def client(app: Any) -> Any:
    return app.test_client()


@pytest.fixture
def runner(tmp_path: Path) -> Any:
    """The CLI (click's runner) on a database of its own, with no server, token or creation
    key taken from the environment."""
    from click.testing import CliRunner

    return CliRunner(env={"BIGTWO_DB": str(tmp_path / "cli.db"), "BIGTWO_SERVER": None,
                          "BIGTWO_TOKEN": None, "BIGTWO_CREATION_KEY": None})


@pytest.fixture
def server(app: Any) -> Iterator[str]:
    """The app on a free loopback port, in a thread, for the CLI's --server paths."""
    from tests.live_server import serve

    with serve(app) as url:
        yield url


def load_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def example_record(name: str) -> dict[str, Any]:
    """A fresh copy of a worked example's record (``fixtures/examples/<name>.json``).

    A missing file is an error, never a skip: the examples ship with the project.
    """
    record = load_json(EXAMPLES / f"{name}.json")["record"]
    assert isinstance(record, dict)
    return record
