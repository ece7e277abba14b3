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


# The CLI speaks the language of the environment (bigtwo.cli.language): every test starts
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
