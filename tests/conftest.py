"""Shared fixtures: an app on a fresh database per test, and its test client (Flask's pattern)."""

from __future__ import annotations

import atexit
import contextlib
import gc
import json
import os
import shutil
import sqlite3
import sys
import tempfile
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
    from tests.browser.support import CHROMIUM, INSTALL_HINT

    paths = [(invocation_dir / a.split("::", 1)[0]).resolve() for a in args
             if not a.startswith("-")] or [invocation_dir.resolve()]
    if not any(p == BROWSER_TESTS or p in BROWSER_TESTS.parents or BROWSER_TESTS in p.parents
               for p in paths):
        return None
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM} ({INSTALL_HINT}; or set BIGTWO_CHROMIUM to a Chromium binary)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install -e '.[test]')"
    return None


# The cyclic garbage collector collects the young generation after 20,000 allocations, not 700.
# A test process holds a large heap (every collected test, the apps, Hypothesis' data), and
# with the default thresholds its full collections took about 0.2 s each: 10 of the 69 s of CPU
# of tests/api, web, hostile and core in one process, 3 s with these, the peak memory the same
# (paired runs of tests/api, web and core: 7 % less CPU).
GC_THRESHOLDS = (20_000, 20, 20)


def pytest_configure(config: pytest.Config) -> None:
    gc.set_threshold(*GC_THRESHOLDS)


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
    """The install test first, then the tests that mostly wait, then the other slow ones,
    the many short ones behind them.

    With ``pytest -n 2`` the install test (a compilation, a minute of CPU) starts at once.
    ``make test`` runs it beside the workers (scripts/test_passes.py), and with it the
    schemathesis tests: the workers' first tests are those that spend their time waiting on
    browsers, real clocks and servers, while the cores have that other work to do. A slow test
    handed out late would run alone at the end."""
    def order(item: pytest.Item) -> int:
        if INSTALL_TESTS in item.path.parents:
            return 0
        if item.get_closest_marker("browser") or item.get_closest_marker("waits"):
            return 1
        return 2 if item.get_closest_marker("slow") is not None else 3

    items.sort(key=order)  # stable: the order within each group is the files' own


# The CLI speaks the language of the environment (bigtwo.cli.shared.language): every test starts
# from none, so that a developer's LANG=de_DE.UTF-8 changes no expected line. A test that
# wants a language sets it (monkeypatch.setenv, or CliRunner's env).
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True)
def _no_locale_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(autouse=True)
def _bells_stop_with_their_test() -> Iterator[None]:
    """A request for a table starts its store's bell, which ticks five times a second until
    unused for a minute: every test's store had one, hundreds at a time in a worker, spending
    the CPU of the tests after it. Each test's bells stop with it."""
    yield
    bells = sys.modules.get("app.tables_bell")
    if bells is not None:
        bells.stop_all()


# One app per worker (and per set of BIGTWO_* variables, which create_app reads): creating one
# costs about 65 ms of CPU (its OpenAPI document and URL map), and about 900 tests ask for one.
# Each test still gets a store of its own, and the config it found: everything a request reads
# from the app is in its config (the store is opened per request from BIGTWO_DB, the metrics
# are the process's), so a test sees what a freshly created app would show it.
_APPS: dict[tuple[tuple[str, str], ...], Any] = {}


def _environment_key() -> tuple[tuple[str, str], ...]:
    return tuple(sorted((k, v) for k, v in os.environ.items()
                        if k.startswith("BIGTWO_") and k != "BIGTWO_DB"))


_MIGRATED: list[Path] = []  # the worker's freshly migrated store, made once


def fresh_store(db: str) -> None:
    """A new store at ``db`` as ``Store(db).migrate()`` leaves it, copied from one migrated once
    per worker: migrating costs about 9 ms of CPU and, with its synchronous commits, 70 ms of
    wall on a disk, for each of about a thousand tests. The copy's secrets (store_secrets,
    random per store) are drawn again, so no two stores share one."""
    from bigtwo.store.db import Store

    if os.path.exists(db):  # a store already there (a second fixture on the test's directory)
        store = Store(db)
        store.migrate()
        store.close()
        return
    if not _MIGRATED:
        made = Path(tempfile.mkdtemp(prefix="bigtwo-migrated-")) / "migrated.db"
        atexit.register(shutil.rmtree, made.parent, True)
        store = Store(str(made))
        store.migrate()
        store.close()  # the last connection checkpoints the WAL: the one file is the store
        _MIGRATED.append(made)
    shutil.copyfile(_MIGRATED[0], db)
    with contextlib.closing(sqlite3.connect(db)) as conn, conn:
        conn.execute("PRAGMA synchronous = OFF")  # a test's store: nothing to keep over a crash
        conn.execute("UPDATE store_secrets SET value = lower(hex(randomblob(32)))")


@contextlib.contextmanager
def shared_app(directory: Path) -> Iterator[Any]:
    """The worker's app for this environment, on a fresh store in ``directory``; its config as
    it was found is put back on leaving."""
    from app import create_app

    db = str(directory / "test.db")
    key = _environment_key()
    shared = _APPS.get(key)
    if shared is None:
        shared = _APPS[key] = create_app({"TESTING": True, "BIGTWO_DB": db})
    else:  # what create_app does to its store
        fresh_store(db)
    found = dict(shared.config)
    shared.config["BIGTWO_DB"] = db
    try:
        yield shared
    finally:
        shared.config.clear()
        shared.config.update(found)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Any]:
    with shared_app(tmp_path) as made:
        yield made


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
