"""docs/ARCHITECTURE.md and the layout say the same thing: every module path it names exists,
every package under bigtwo/ is named, and the contracts it lists are pyproject.toml's."""

from __future__ import annotations

import importlib.util
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "ARCHITECTURE.md"
TEXT = DOC.read_text(encoding="utf-8")
# Paths in backticks: `bigtwo/rules/play.py`, `app/api`, `bigtwo/rules/presets/` ...
PATHS = sorted(set(re.findall(r"`((?:bigtwo|app|schemas|tests|docs)(?:/[\w.]+)*/?)`", TEXT)))
# Dotted modules in backticks: `bigtwo.records.pipeline.check_record` names the module
# `bigtwo.records.pipeline` (the longest prefix that is one).
DOTTED = sorted(set(re.findall(r"`((?:bigtwo|app|schemas)(?:\.\w+)+)", TEXT)))
PACKAGES = sorted(p.parent.relative_to(ROOT).as_posix() for p in (ROOT / "bigtwo").rglob("__init__.py")
                  if "__pycache__" not in p.parts)


def test_the_document_names_paths_at_all() -> None:
    assert len(PATHS) > 40 and len(DOTTED) > 5  # the patterns below still find what they should


@pytest.mark.parametrize("path", PATHS)
def test_every_named_path_exists(path: str) -> None:
    assert (ROOT / path).exists(), f"docs/ARCHITECTURE.md names {path}, which does not exist"


@pytest.mark.parametrize("dotted", DOTTED)
def test_every_named_module_exists(dotted: str) -> None:
    parts = dotted.split(".")
    for end in range(len(parts), 0, -1):
        name = ".".join(parts[:end])
        try:
            if importlib.util.find_spec(name) is not None:
                return
        except ModuleNotFoundError:  # a name inside a module, not a module: try its parent
            continue
    pytest.fail(f"docs/ARCHITECTURE.md names {dotted}: no such module")


@pytest.mark.parametrize("package", PACKAGES)
def test_every_package_under_bigtwo_is_named(package: str) -> None:
    assert f"`{package}`" in TEXT or f"`{package}/`" in TEXT, \
        f"{package} is a package the architecture document does not name"


def test_every_import_contract_is_listed() -> None:
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    names = [c["name"] for c in contracts["tool"]["importlinter"]["contracts"]]
    section = TEXT[TEXT.index("## Import contracts"):]
    listed = re.findall(r"^- \*\*(.+?)\*\*", section, re.M)
    assert len(listed) == len(names), (listed, names)
    for title in listed:
        assert any(name.startswith(title) or title in name for name in names), title
