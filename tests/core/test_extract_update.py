"""`make extract update` on a clean tree changes nothing, for both catalogs (the library's,
bigtwo/reports/locale, and the pages', app/translations).

The Makefile's own targets run, as a contributor runs them, on copies of the catalogs in a
temporary directory (its LOCALE and PAGES_LOCALE variables point there): the templates come out
as committed (but for pybabel's POT-Creation-Date, which the Makefile keeps when nothing else
changed) and every language's .po byte for byte. A marker the extraction picks up by mistake
(a module naming the standard library's gettext ``_``), a keyword the Makefile drops, or a
catalog edited by hand without `make update` fails here."""

from __future__ import annotations

import filecmp
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = {"LOCALE": ROOT / "bigtwo" / "reports" / "locale", "PAGES_LOCALE": ROOT / "app" / "translations"}
DATED = b'"POT-Creation-Date:'

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def _text(path: Path) -> list[bytes]:
    lines = path.read_bytes().splitlines()
    return [line for line in lines if not line.startswith(DATED)] if path.suffix == ".pot" else lines


def extract_update(tmp_path: Path, *overrides: str) -> list[str]:
    """Run `make extract update` (the library's and the pages' targets) on copies of the
    committed catalogs; the files that came out other than committed."""
    venv = Path(sys.executable).parent.parent
    variables = [f"BIN={venv / 'bin'}"]
    for name, committed in CATALOGS.items():
        shutil.copytree(committed, tmp_path / name)
        variables.append(f"{name}={tmp_path / name}")
    # The stamps say the virtualenv is set up; a test never installs packages.
    stamps = [arg for stamp in (".installed-test", ".installed-serve") for arg in ("-o", str(venv / stamp))]
    done = subprocess.run(["make", "-s", *stamps, "i18n-core-update", "i18n-pages-update", *variables,
                           *overrides], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    changed = []
    for name, committed in CATALOGS.items():
        for path in sorted(committed.rglob("*.po*")):
            copy = tmp_path / name / path.relative_to(committed)
            if not copy.exists() or _text(copy) != _text(path):
                changed.append(str(path.relative_to(ROOT)))
        for left in sorted((tmp_path / name).rglob("*.new")):
            changed.append(str(left))
    return changed


def test_make_extract_update_on_a_clean_tree_changes_nothing(tmp_path: Path) -> None:
    assert extract_update(tmp_path) == [], "run `make extract update` and commit the catalogs"


def test_an_extraction_other_than_the_makefiles_shows(tmp_path: Path) -> None:
    """The comparison sees a change: without the plural marker the library's template loses
    its plural messages, and every catalog follows it."""
    changed = extract_update(tmp_path, "BABEL_KEYWORDS=-k NP_:1c,2 -k N_")
    assert "bigtwo/reports/locale/bigtwo.pot" in changed
    assert any(path.endswith("bigtwo.po") for path in changed)
    assert not filecmp.cmp(tmp_path / "LOCALE" / "bigtwo.pot", CATALOGS["LOCALE"] / "bigtwo.pot", shallow=False)
