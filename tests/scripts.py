"""The repository's scripts (scripts/*.py are not a package) loaded as modules, for the tests of
what they compute."""

from __future__ import annotations

import importlib.util
from types import ModuleType

from tests.conftest import ROOT


def load_script(name: str) -> ModuleType:
    """``scripts/<name>.py``, run afresh: a test that set the environment first sees it read."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
