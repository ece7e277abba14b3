"""What a newcomer in a fresh checkout is told (issue 24): the Dask hint is a command that
works there (``make cluster``), from every place that gives it; the README says up front
that the browser tests need Chromium."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HINTS = [ROOT / "README.md", ROOT / "docs" / "SCALING.md", ROOT / "bigtwo" / "cli" / "cluster.py"]


def test_make_cluster_installs_the_extra_into_the_checkouts_venv() -> None:
    """The extra's packages, as pyproject.toml lists them, into .venv; bigtwo itself is not
    built again for them (that compiled the core with mypyc: minutes on a busy machine)."""
    planned = subprocess.run(["make", "-n", "-B", "cluster"], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout.splitlines()
    step = planned[planned.index("touch .venv/.installed-cluster") - 1]
    assert step.startswith(".venv/bin/pip install --quiet ") and " -e " not in step
    listed = subprocess.run(["bash", "-c", "echo " + step.removeprefix(".venv/bin/pip install --quiet ")],
                            cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    assert [name.split(">")[0] for name in listed] == ["dask", "distributed", "fsspec"]


def test_every_dask_hint_is_the_checkouts_command() -> None:
    for path in HINTS:
        text = path.read_text(encoding="utf-8")
        assert "make cluster" in text, path
        assert "install 'bigtwo[cluster]'" not in text, path  # on no index: it finds nothing


def test_the_readme_says_the_browser_tests_need_chromium_before_running_them() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("make test")
    said = readme.find("Chromium", start)
    assert 0 <= said - start < 1500, "the test section names Chromium near `make test`"
    assert "skipped" in readme[start:said + 600]


def test_a_run_without_chromium_says_so_in_its_first_line(tmp_path: Path) -> None:
    import os
    import sys

    # The note is the project's conftest's: the installed plugins (schemathesis's alone costs
    # seconds to import) play no part in it.
    env = {**os.environ, "BIGTWO_CHROMIUM": str(tmp_path / "no-chromium"),
           "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "--collect-only", "tests/browser/test_security_policy.py"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    first = run.stdout.splitlines()[0]
    assert first.startswith("NOTE: the browser tests (tests/browser) will be SKIPPED: no "
                            f"Chromium at {tmp_path / 'no-chromium'}"), run.stdout[:400]
    quiet = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                            "--collect-only", "tests/docs/test_readme.py"],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert "SKIPPED" not in quiet.stdout  # a run without the browser tests says nothing


def test_make_test_says_it_before_it_sets_anything_up(tmp_path: Path) -> None:
    """``make test`` prints the setup's, the linters' and the type checker's output before
    pytest starts: the note comes first from the Makefile itself."""
    import os

    missing = tmp_path / "no-chromium"
    # Not as a sub-make of `make test` itself (which would print "Entering directory" first).
    env = {**{k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")},
           "BIGTWO_CHROMIUM": str(missing)}
    planned = subprocess.run(["make", "-n", "-B", "test"], cwd=ROOT, env=env,
                             capture_output=True, text=True, check=True).stdout.splitlines()
    assert "NOTE: the browser tests (tests/browser) will be SKIPPED" in planned[0], planned[:3]
    said = subprocess.run(["make", "-s", "browser-note"], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=True).stdout
    assert said.startswith(f"NOTE: the browser tests (tests/browser) will be SKIPPED: no "
                           f"Chromium at {missing}")
    present = subprocess.run(["make", "-s", "browser-note"], cwd=ROOT,
                             env={**env, "BIGTWO_CHROMIUM": "/bin/sh"},
                             capture_output=True, text=True, check=True).stdout
    assert present == ""


def test_the_browser_tests_take_the_headless_shell_first(tmp_path: Path) -> None:
    from tests.browser.support import find_chromium

    shell, full = tmp_path / "chromium-headless-shell", tmp_path / "chromium"
    assert find_chromium(None, (shell, full)) == shell  # neither: the message names the shell
    full.touch()
    assert find_chromium(None, (shell, full)) == full
    shell.touch()
    assert find_chromium(None, (shell, full)) == shell
    assert find_chromium("", (shell, full)) == shell
    assert find_chromium("/opt/chrome", (shell, full)) == Path("/opt/chrome")
