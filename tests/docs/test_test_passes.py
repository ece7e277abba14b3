"""scripts/test_passes.py, the passes `make test` runs: which process runs what, and in what
environment."""

from __future__ import annotations

import re
import sys
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
    _, (first, *_) = passes.side_lanes()
    side, env = first
    assert side[-len(users):] == list(passes.SCHEMATHESIS) and env == {}


def test_the_install_test_runs_beside_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    passes = script(monkeypatch)
    assert "--ignore=tests/install" in passes.worker_pass([])
    (install_lane, _) = passes.side_lanes()
    [(args, env)] = install_lane
    assert args[-1] == "tests/install" and (ROOT / args[-1]).is_dir() and env == {}


def test_the_pure_pass_runs_when_the_core_is_compiled(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    passes = script(monkeypatch, PURE_TESTS="tests/core tests/records")
    monkeypatch.setattr(passes, "MANIFEST", tmp_path / "native-build.json")
    assert len(passes.side_lanes()[1]) == 1
    passes.MANIFEST.write_text("{}", encoding="utf-8")
    args, env = passes.side_lanes()[1][1]
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


@pytest.mark.parametrize(("lanes", "status"), [
    ([["ok"], ["ok", "ok"]], 0),
    ([["ok"], ["fail", "ok"]], 3),  # a failed pass: its lane stops, the run says so
    ([["fail"], ["ok"]], 3),
])
def test_the_run_fails_when_any_pass_fails(monkeypatch: pytest.MonkeyPatch, lanes: list[list[str]],
                                          status: int) -> None:
    passes = script(monkeypatch)
    code = {"ok": "pass", "fail": "raise SystemExit(3)"}
    monkeypatch.setattr(passes, "side_lanes", lambda: [
        [([sys.executable, "-c", code[step]], {}) for step in lane] for lane in lanes])
    monkeypatch.setattr(passes, "worker_pass", lambda argv: [sys.executable, "-c", "pass"])
    assert passes.main([]) == status
