"""setup.py keeps the C compiler's output by the digest of what it was made from: the same C,
headers and commands give the same key wherever the build environment sits, and anything that
changes the output (the C, the compiler, its flags) gives another (test_wheel.py
installs twice from one clone and checks the second install's extensions rule every golden).
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from setuptools import Distribution, Extension

from tests.conftest import ROOT
from tests.scripts import load_file


@pytest.fixture(scope="module")
def setup_module() -> ModuleType:
    return load_file(ROOT / "setup.py", "bigtwo_setup")


def key(setup: ModuleType, source: Path, include: str, compiler: str = "gcc",
        flags: tuple[str, ...] = ("-O3",)) -> str:
    command = setup.build_mypyc(Distribution())
    command.debug = 0
    command.compiler = SimpleNamespace(compiler_so=[compiler, *flags], linker_so=[compiler, "-shared"])
    ext = Extension("bigtwo.rules.scoring", sources=[str(source)], include_dirs=[include])
    found: Any = command.compile_key(ext)
    return str(found)


def test_the_same_c_gives_the_same_key_from_any_build_environment(
        setup_module: ModuleType, tmp_path: Path) -> None:
    source = tmp_path / "scoring.c"
    source.write_text("int f(void) { return 1; }\n", encoding="utf-8")
    # pip's isolated builds put mypyc's runtime library in a new directory every time
    first = key(setup_module, source, "/tmp/pip-build-env-aaaa/site-packages/mypyc/lib-rt")
    again = key(setup_module, source, "/tmp/pip-build-env-bbbb/site-packages/mypyc/lib-rt")
    assert first == again


@pytest.mark.parametrize("change", ["the C", "the compiler", "a flag"])
def test_what_changes_the_output_changes_the_key(setup_module: ModuleType, tmp_path: Path,
                                                 change: str) -> None:
    source = tmp_path / "scoring.c"
    source.write_text("int f(void) { return 1; }\n", encoding="utf-8")
    include = "/tmp/env/mypyc/lib-rt"
    before = key(setup_module, source, include)
    if change == "the C":
        source.write_text("int f(void) { return 2; }\n", encoding="utf-8")
        after = key(setup_module, source, include)
    elif change == "the compiler":
        after = key(setup_module, source, include, compiler="false")  # a compile that fails
    else:
        after = key(setup_module, source, include, flags=("-O0",))
    assert after != before
