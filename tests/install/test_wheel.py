"""Every install gets the compiled core, installed as a user installs it.

A clone of HEAD (what a user gets, nothing of this checkout's build beside it) is installed
into a fresh venv with a plain ``pip install <clone>``: build isolation on, so the build has
setuptools and mypy from the package index and nothing else (the build's type checks must
need nothing more), and the dependencies from the index pip is configured with. Then the
clone's sdist makes a pure wheel (``BIGTWO_PURE_BUILD=1``) and, with a C compiler that fails,
a wheel whose build says so on the terminal in one line and still installs the Python core;
last, the clone as an editable install. Each install must say which core it runs and rule
every golden record byte for byte as this checkout does; an editable install whose source is
edited after the build must run the edit as Python (the stale-build guard), never the old
compiled code.

Slow (one compilation, about a minute of CPU: the editable install writes the same C and
reuses the C compiler's output, setup.py's ``build/compiled``), but in ``make test``: CI has
the package index.
"""

from __future__ import annotations

import json
import os
import pty
import shutil
import subprocess
import sys
import sysconfig
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from bigtwo import native
from tests.conftest import ROOT

pytestmark = pytest.mark.slow

GOLDEN = ROOT / "fixtures" / "golden"
COMPILER = (sysconfig.get_config_var("CC") or "cc").split()[0]
needs_tools = pytest.mark.skipif(
    shutil.which("git") is None or shutil.which(COMPILER) is None,
    reason=f"needs git and a C compiler ({COMPILER})")
WARNING = "bigtwo build: WARNING: the core is NOT compiled and runs as pure Python"


def environment(**env: str) -> dict[str, str]:
    environ = {k: v for k, v in os.environ.items()
               if k not in ("BIGTWO_PURE", "BIGTWO_PURE_BUILD", "PYTHONPATH", "VIRTUAL_ENV")}
    return {**environ, **env}


def run(args: list[str | Path], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=environment(**env),
                          capture_output=True, text=True, check=False, timeout=900)
    assert done.returncode in (0, 1), f"{args}: {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done


def on_a_terminal(args: list[str | Path], cwd: Path, **env: str) -> str:
    """What a user at a terminal sees of ``args``: run on a pseudo-terminal of its own (its
    controlling terminal, as a shell's would be), the output as the terminal shows it."""
    pid, terminal = pty.fork()
    if pid == 0:  # the child: nothing but exec (or exit), whatever happens
        try:
            os.chdir(cwd)
            os.execve(str(args[0]), [str(a) for a in args], environment(**env))
        finally:
            os._exit(127)
    shown = bytearray()
    while True:
        try:
            chunk = os.read(terminal, 65536)
        except OSError:  # EIO: the child has exited and the terminal is closed
            break
        if not chunk:
            break
        shown += chunk
    os.close(terminal)
    _, status = os.waitpid(pid, 0)
    text = shown.decode("utf-8", "replace")
    assert os.waitstatus_to_exitcode(status) == 0, f"{args}:\n{text}"
    return text


def golden_inputs(tmp: Path) -> list[tuple[list[str], Path, list[dict[str, Any]]]]:
    """The golden records as JSON Lines, one file per query (its options), with the reports
    they must produce."""
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for path in sorted(GOLDEN.glob("*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        groups[json.dumps(case["query"], sort_keys=True)].append(case)
    out = []
    for n, (query, cases) in enumerate(sorted(groups.items())):
        options = json.loads(query)
        args = ["--lang", options.get("lang", "en")]
        if options.get("complete", True) is False:
            args.append("--allow-incomplete")
        path = tmp / f"golden-{n}.jsonl"
        path.write_text("".join(json.dumps(c["record"]) + "\n" for c in cases), encoding="utf-8")
        out.append((args, path, [c["report"] for c in cases]))
    return out


def reports(command: list[str | Path], inputs: list[tuple[list[str], Path, Any]], cwd: Path,
            **env: str) -> list[str]:
    return [run([*command, "validate", "--no-progress", *args, path], cwd, **env).stdout
            for args, path, _ in inputs]


def version(bigtwo: Path, cwd: Path) -> str:
    return run([bigtwo, "--version"], cwd).stdout


@needs_tools
def test_installs_from_a_clean_clone_compile_the_core(tmp_path: Path) -> None:
    clone, venv, dist, work = (tmp_path / d for d in ("clone", "venv", "dist", "work"))
    work.mkdir()
    run(["git", "clone", "--quiet", "--no-hardlinks", ROOT, clone], tmp_path)
    inputs = golden_inputs(work)
    # What this checkout prints (its own core, compiled or not, the same bytes either way).
    expected = reports([sys.executable, "-m", "bigtwo.cli.main"], inputs, ROOT,
                       BIGTWO_DB=str(work / "none.db"))
    for text, (_, _, wanted) in zip(expected, inputs, strict=True):
        assert [json.loads(line) for line in text.splitlines()] == wanted

    base = getattr(sys, "_base_executable", sys.executable)
    run([base, "-m", "venv", venv], tmp_path)
    pip, python, bigtwo = (venv / "bin" / name for name in ("pip", "python", "bigtwo"))
    installed = [bigtwo]
    env = {"BIGTWO_DB": str(work / "none.db")}
    quiet = ["--quiet", "--disable-pip-version-check"]

    # As docs/CLI.md says to install it: nothing but the path, pip's defaults (isolation on).
    run([pip, "install", *quiet, clone], tmp_path)
    assert f"core: {native.COMPILED_CORE}" in version(bigtwo, work)
    probe = [python, "-c", "import bigtwo.cli, bigtwo.rules.scoring as s; print(s.__file__)"]
    assert run(probe, work).stdout.strip().endswith(".so")
    assert reports(installed, inputs, work, **env) == expected

    run([sys.executable, "-c", "from setuptools import build_meta as b; b.build_sdist('../dist')"],
        clone)
    (sdist,) = dist.glob("bigtwo-*.tar.gz")
    pip_wheel = [pip, "wheel", *quiet, "--no-deps", "-w"]
    run([*pip_wheel, dist / "pure", sdist], tmp_path, BIGTWO_PURE_BUILD="1")
    (pure_wheel,) = (dist / "pure").glob("*.whl")
    assert pure_wheel.name.endswith("-py3-none-any.whl")
    run([pip, "install", *quiet, "--no-deps", "--force-reinstall", pure_wheel], tmp_path)
    assert f"core: pure Python ({native.NOT_COMPILED})" in version(bigtwo, work)
    assert reports(installed, inputs, work, **env) == expected

    # A compile that fails (here the C compiler; mypyc has checked and generated the sdist's
    # modules first): one line on the terminal pip runs in, and the Python core installed,
    # whose --version gives the reason.
    shown = on_a_terminal([*pip_wheel, dist / "failed", sdist], tmp_path, CC="false")
    (line,) = [line for line in shown.splitlines() if "bigtwo build" in line]
    assert line.startswith(WARNING) and "compiling failed" in line
    (failed_wheel,) = (dist / "failed").glob("*.whl")
    run([pip, "install", *quiet, "--no-deps", "--force-reinstall", failed_wheel], tmp_path)
    assert "core: pure Python (not compiled: compiling failed (" in version(bigtwo, work)
    assert run(probe, work).stdout.strip().endswith(".py")

    # As the Makefile installs it: a plain path in a .pth file, no import finder at start-up.
    # Its build log (pip -v shows it) is what `make native` prints on `make serve`'s first
    # screen: the one line, no warning from mypyc or setuptools.
    editable = run([pip, "install", "-v", "--disable-pip-version-check", "--no-deps",
                    "--config-settings", "editable_mode=compat", "-e", clone], tmp_path)
    log = editable.stdout + editable.stderr  # pip -v logs the build's output on stderr
    assert f"bigtwo build: compiled {len(native.COMPILED)} modules with mypyc" in log
    # mypyc ran again (its checks are never skipped) and wrote the same C as the first install,
    # so the C compiler's output was taken from the clone's build/compiled: the extensions the
    # first install compiled, which rule the goldens below as they did.
    assert "extensions reused from build/compiled: made from the same C" in log
    # (pip's own warnings about the package index are not the build's)
    assert [line for line in log.splitlines()
            if ": warning:" in line or "warnings.warn" in line] == []
    assert f"core: {native.COMPILED_CORE}" in version(bigtwo, work)
    started = run([python, "-c", "import sys; print(sorted(sys.modules))"], work)
    assert "__editable__" not in started.stdout and "pathlib" not in started.stdout
    assert run(probe, work).stdout.strip().endswith(".so")
    assert reports(installed, inputs, work, **env) == expected
    # An edit after the build: the extension is stale, the edited source is what runs.
    scoring = clone / "bigtwo" / "rules" / "scoring.py"
    scoring.write_text(scoring.read_text(encoding="utf-8") + "\n# edited after the build\n",
                       encoding="utf-8")
    assert "compiled build is stale for bigtwo.rules.scoring" in version(bigtwo, work)
    assert run(probe, work).stdout.strip() == str(scoring)
    assert reports(installed, inputs, work, **env) == expected
