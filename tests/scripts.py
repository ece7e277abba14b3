"""The repository's scripts (scripts/*.py are not a package) loaded as modules, for the tests of
what they compute."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from tests.conftest import ROOT


def load_file(path: Path, name: str) -> ModuleType:
    """The module at ``path`` (not on the import path: a script, setup.py) as ``name``, run
    afresh."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_script(name: str) -> ModuleType:
    """``scripts/<name>.py``, run afresh: a test that set the environment first sees it read."""
    return load_file(ROOT / "scripts" / f"{name}.py", name)
