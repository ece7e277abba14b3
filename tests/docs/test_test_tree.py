"""The test tree mirrors the package tree: each package of ``bigtwo`` has its test folder (its
own name where it is a library package), each folder tests the package it stands for, and a
test file is named by its subject, never by the rules version or hardening round it arrived
with (``test_flow_v3.py`` says when, not what)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"

# Package of bigtwo -> its test folder. The library's packages are tested in folders of their
# own names; the rules core keeps tests/core (the Makefile runs it again as Python), and the
# adapters' packages are tested by feature: the store by tournaments and seasons, the batch
# layer by the cluster it runs.
FOLDERS = {
    "rules": "core",
    "records": "records",
    "formats": "formats",
    "reports": "reports",
    "league": "league",
    "live": "live",
    "store": "tournaments",
    "batch": "cluster",
    "cli": "cli",
}
LIBRARY = ("rules", "records", "formats", "reports", "league")


def test_every_package_has_its_test_folder() -> None:
    packages = sorted(p.parent.name for p in (ROOT / "bigtwo").glob("*/__init__.py"))
    assert packages == sorted(FOLDERS)
    for package in LIBRARY:
        assert FOLDERS[package] in (package, "core")


@pytest.mark.parametrize(("package", "folder"), sorted(FOLDERS.items()))
def test_each_folder_tests_its_package(package: str, folder: str) -> None:
    files = sorted((TESTS / folder).glob("test_*.py"))
    assert files, f"tests/{folder} holds no test file"
    imports = re.compile(rf"^\s*(from bigtwo\.{package}[\w.]* import|import bigtwo\.{package}\b)",
                         re.M)
    assert any(imports.search(f.read_text(encoding="utf-8")) for f in files), (
        f"no test in tests/{folder} imports bigtwo.{package}")


def test_no_test_file_is_named_by_version() -> None:
    by_version = sorted(str(p.relative_to(ROOT)) for p in TESTS.rglob("test_*.py")
                        if re.search(r"_v[0-9]", p.stem))
    assert by_version == []
