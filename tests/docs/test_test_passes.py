"""scripts/test_passes.py, the passes `make test` runs: which process runs what, and in what
environment."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest

from tests.conftest import ROOT
from tests.scripts import load_script

USES = re.compile(r"^(import|from) schemathesis\b", re.MULTILINE)


def script(monkeypatch: pytest.MonkeyPatch, **env: str) -> ModuleType:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return load_script("test_passes")


def test_every_pass_may_write_byte_code(monkeypatch: pytest.MonkeyPatch) -> None:
    passes = script(monkeypatch, PYTHONDONTWRITEBYTECODE="1", BIGTWO_X="kept")
    assert "PYTHONDONTWRITEBYTECODE" not in passes.ENVIRONMENT
    assert passes.ENVIRONMENT["BIGTWO_X"] == "kept"


def test_the_schemathesis_tests_run_once_beside_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    passes = script(monkeypatch)
    users = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "tests").rglob("test_*.py")
                   if USES.search(path.read_text(encoding="utf-8")))
    assert sorted(passes.SCHEMATHESIS) == users
    workers = passes.worker_pass([])
    assert "no:schemathesis" in workers
    assert {f"--ignore={path}" for path in users} <= set(workers)
    # xdist hands work out a few tests at a time: a long test first holds no others behind it
    assert f"--maxschedchunk={passes.SCHEDULE_CHUNK}" in workers
    (side, env), *_ = passes.side_passes()
    assert side[-len(users):] == list(passes.SCHEMATHESIS) and env == {}


def test_the_pure_pass_runs_when_the_core_is_compiled(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    passes = script(monkeypatch, PURE_TESTS="tests/core tests/records")
    monkeypatch.setattr(passes, "MANIFEST", tmp_path / "native-build.json")
    assert len(passes.side_passes()) == 1
    passes.MANIFEST.write_text("{}", encoding="utf-8")
    args, env = passes.side_passes()[1]
    assert args[-2:] == ["tests/core", "tests/records"] and env == {"BIGTWO_PURE": "1"}


def pure_tests() -> list[str]:
    """The Makefile's PURE_TESTS, its continuation lines joined."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8").replace("\\\n", " ")
    (line,) = [line for line in text.splitlines() if line.startswith("PURE_TESTS :=")]
    return line.removeprefix("PURE_TESTS :=").split()


def test_the_pure_pass_names_real_tests_and_leaves_out_the_catalogs() -> None:
    words = pure_tests()
    paths = [w.removeprefix("--ignore=") for w in words]
    assert all((ROOT / path).exists() for path in paths), paths
    assert "tests/core" in words and "tests/records" in words
    # Checks of .po and .mo files run no compiled module: once, in the workers, is enough.
    ran = {w for w in words if not w.startswith("--")}
    assert "tests/reports/test_catalogs.py" not in ran
    assert "--ignore=tests/core/test_extract_update.py" in words
