"""`make native` keeps a build that is current (scripts/build_native.py): make's rule fires on
file times, which a checkout or a merge renews on files it leaves as they were, and a compile
is about a minute of CPU. Kept only when every extension is there, every compiled source has
the digest it was compiled from and nothing else the build reads has changed."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from bigtwo import native
from tests.scripts import load_script

COMPILED = all(native.extension_paths(m) for m in native.COMPILED)


def script() -> ModuleType:
    return load_script("build_native")


@pytest.fixture
def built(tmp_path: Path) -> tuple[ModuleType, Path, Path, dict[str, Any]]:
    """The script, a manifest of the sources as they are and the record of this build's inputs."""
    build = script()
    manifest, record = tmp_path / "native-build.json", tmp_path / "native-inputs.json"
    digests = {m: native.source_digest(m) for m in native.COMPILED}
    manifest.write_text(json.dumps(digests), encoding="utf-8")
    record.write_text(json.dumps(build.build_inputs()), encoding="utf-8")
    return build, manifest, record, digests


@pytest.mark.skipif(not COMPILED, reason="no compiled extensions in this checkout")
def test_a_build_of_the_sources_as_they_are_is_kept(built: Any) -> None:
    build, manifest, record, _ = built
    assert build.current(str(manifest), record)


@pytest.mark.parametrize("change", ["a source", "the compiler", "setup.py", "no record",
                                    "no manifest", "not JSON"])
def test_anything_else_compiles_again(built: Any, change: str) -> None:
    build, manifest, record, digests = built
    if change == "a source":
        manifest.write_text(json.dumps({**digests, native.COMPILED[0]: "0" * 64}), encoding="utf-8")
    elif change in ("the compiler", "setup.py"):
        inputs = json.loads(record.read_text(encoding="utf-8"))
        inputs["$CC" if change == "the compiler" else "setup.py"] = "something else"
        record.write_text(json.dumps(inputs), encoding="utf-8")
    elif change == "no record":
        record.unlink()
    elif change == "no manifest":
        manifest.unlink()
    else:
        record.write_text("{", encoding="utf-8")
    assert not build.current(str(manifest), record)


def test_the_inputs_name_the_build_files_and_the_tools() -> None:
    inputs = script().build_inputs()
    assert {"setup.py", "pyproject.toml", "bigtwo/native.py", "python", "mypy", "$CC"} <= set(inputs)
