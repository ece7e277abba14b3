"""The adapter keeps the shape of Flask's tutorial: every project import of ``app/`` at the top
of its file (at most ``MOST_HIDDEN`` inside functions, each with its reason), and blueprints
imported by name, never loaded from strings. The arrows between the adapter's modules are the
import contracts' (pyproject.toml, ``lint-imports``)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROJECT = ("app", "bigtwo", "schemas")
# app/__init__.py imports the factory only when an app is made: gunicorn's master runs that
# file and must not load Flask or prometheus-client there.
MOST_HIDDEN = 5


def _hidden_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            names = ([node.module or ""] if isinstance(node, ast.ImportFrom)
                     else [alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [])
            found += [f"{path.relative_to(ROOT)}:{node.lineno} {name}" for name in names
                      if name.split(".")[0] in PROJECT]
    return found


def test_project_imports_sit_at_the_top_of_each_file() -> None:
    hidden = [line for path in sorted((ROOT / "app").rglob("*.py")) for line in _hidden_imports(path)]
    assert len(hidden) <= MOST_HIDDEN, hidden


def test_blueprints_are_imported_by_name() -> None:
    for path in (ROOT / "app").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import_module" not in text and "__import__" not in text, path
