"""Every install gets the compiled core: the sdist and wheels built from a clean clone.

A clone of HEAD (what a user gets, nothing of this checkout's build beside it) makes an sdist;
the sdist makes a compiled wheel and, with ``BIGTWO_PURE_BUILD=1``, a pure one; a fresh venv
installs them (its dependencies from pip's cache) and then the clone as an editable install.
Each install must say which core it runs and rule every golden record byte for byte as this
checkout does; an editable install whose source is edited after the build must run the edit
as Python (the stale-build guard), never the old compiled code.

Slow (a few minutes: two compilations), but in ``make test``: CI has the package index.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.slow

GOLDEN = ROOT / "fixtures" / "golden"
COMPILER = (sysconfig.get_config_var("CC") or "cc").split()[0]
needs_tools = pytest.mark.skipif(
    shutil.which("git") is None or shutil.which(COMPILER) is None,
    reason=f"needs git and a C compiler ({COMPILER})")


def run(args: list[str | Path], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items()
               if k not in ("BIGTWO_PURE", "BIGTWO_PURE_BUILD", "PYTHONPATH", "VIRTUAL_ENV")}
    done = subprocess.run([str(a) for a in args], cwd=cwd, env={**environ, **env},
                          capture_output=True, text=True, check=False, timeout=900)
    assert done.returncode in (0, 1), f"{args}: {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done


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
def test_wheels_and_editable_installs_from_a_clean_clone(tmp_path: Path) -> None:
    clone, venv, dist, work = (tmp_path / d for d in ("clone", "venv", "dist", "work"))
    work.mkdir()
    run(["git", "clone", "--quiet", "--no-hardlinks", ROOT, clone], tmp_path)
    inputs = golden_inputs(work)
    # What this checkout prints (its own core, compiled or not, the same bytes either way).
    expected = reports([sys.executable, "-m", "bigtwo.cli.main"], inputs, ROOT,
                       BIGTWO_DB=str(work / "none.db"))
    for text, (_, _, wanted) in zip(expected, inputs, strict=True):
        assert [json.loads(line) for line in text.splitlines()] == wanted

    run([sys.executable, "-c", "from setuptools import build_meta as b; b.build_sdist('../dist')"],
        clone)
    (sdist,) = dist.glob("bigtwo-*.tar.gz")
    pip_wheel = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w"]
    run([*pip_wheel, dist / "compiled", sdist], tmp_path)
    run([*pip_wheel, dist / "pure", sdist], tmp_path, BIGTWO_PURE_BUILD="1")
    (compiled_wheel,) = (dist / "compiled").glob("*.whl")
    (pure_wheel,) = (dist / "pure").glob("*.whl")
    assert compiled_wheel.name.endswith("-linux_x86_64.whl") or "cp3" in compiled_wheel.name
    assert pure_wheel.name.endswith("-py3-none-any.whl")

    base = getattr(sys, "_base_executable", sys.executable)
    run([base, "-m", "venv", venv], tmp_path)
    pip, bigtwo = venv / "bin" / "pip", venv / "bin" / "bigtwo"
    installed = [bigtwo]
    env = {"BIGTWO_DB": str(work / "none.db")}

    run([pip, "install", "--quiet", "--disable-pip-version-check", compiled_wheel], tmp_path)
    assert "core: compiled with mypyc" in version(bigtwo, work)
    assert reports(installed, inputs, work, **env) == expected

    run([pip, "install", "--quiet", "--no-deps", "--force-reinstall", pure_wheel], tmp_path)
    assert "core: pure Python (not compiled" in version(bigtwo, work)
    assert reports(installed, inputs, work, **env) == expected

    # As the Makefile installs it: a plain path in a .pth file, no import finder at start-up.
    run([pip, "install", "--quiet", "--no-deps", "--config-settings", "editable_mode=compat",
         "-e", clone], tmp_path)
    assert "core: compiled with mypyc" in version(bigtwo, work)
    started = run([venv / "bin" / "python", "-c", "import sys; print(sorted(sys.modules))"], work)
    assert "__editable__" not in started.stdout and "pathlib" not in started.stdout
    probe = [venv / "bin" / "python", "-c",
             "import bigtwo.cli, bigtwo.rules.scoring as s; print(s.__file__)"]
    assert run(probe, work).stdout.strip().endswith(".so")
    assert reports(installed, inputs, work, **env) == expected
    # An edit after the build: the extension is stale, the edited source is what runs.
    scoring = clone / "bigtwo" / "rules" / "scoring.py"
    scoring.write_text(scoring.read_text(encoding="utf-8") + "\n# edited after the build\n",
                       encoding="utf-8")
    assert "compiled build is stale for bigtwo.rules.scoring" in version(bigtwo, work)
    assert run(probe, work).stdout.strip() == str(scoring)
    assert reports(installed, inputs, work, **env) == expected
