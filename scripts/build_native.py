"""Compile the core's hot modules with mypyc, in place (`make native`; docs/PERFORMANCE.md).

Writes each extension beside its source and ``bigtwo/native-build.json`` (the SHA-256 of every
compiled source), so a later edit is seen as stale. Without mypyc or a C compiler it says so
and exits 0 (``--strict``: 1): the core then runs as the Python it is.

    .venv/bin/python scripts/build_native.py [--strict] [--clean] [--list]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bigtwo import native  # noqa: E402


def remove_built() -> None:
    for module in native.COMPILED:
        for path in native.extension_paths(module):
            path.unlink()
    for path in (ROOT / "bigtwo").glob("native__mypyc*"):
        path.unlink()
    native.MANIFEST.unlink(missing_ok=True)


def build() -> None:
    from mypyc.build import mypycify
    from setuptools import setup

    sources = [str(native.source_path(m).relative_to(ROOT)) for m in native.COMPILED]
    digests = {m: native.source_digest(m) for m in native.COMPILED}
    # The digests are taken before compiling, so an edit made during the build shows as stale;
    # the manifest is written only once the whole group is in place.
    remove_built()
    with tempfile.TemporaryDirectory() as tmp:
        cwd = os.getcwd()
        os.chdir(ROOT)
        try:
            setup(name="bigtwo-native", py_modules=[],
                  ext_modules=mypycify(sources, group_name=native.GROUP, opt_level="3",
                                       target_dir=str(Path(tmp) / "c")),
                  script_args=["--quiet", "build_ext", "--inplace", "--build-temp",
                               str(Path(tmp) / "temp"), "--build-lib", str(Path(tmp) / "lib")])
        finally:
            os.chdir(cwd)
    native.MANIFEST.write_text(json.dumps(digests, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strict", action="store_true", help="fail when the core cannot be compiled")
    parser.add_argument("--clean", action="store_true", help="remove the built extensions only")
    parser.add_argument("--list", action="store_true", help="print the sources it compiles (for make)")
    args = parser.parse_args()
    if args.list:
        print(" ".join(str(native.source_path(m).relative_to(ROOT)) for m in native.COMPILED))
        return 0
    if args.clean:
        remove_built()
        return 0
    if not sysconfig.get_config_var("CC"):
        print("native: no C compiler configured for this Python; the core runs as Python")
        return 1 if args.strict else 0
    try:
        build()
    except (ImportError, SystemExit, Exception) as exc:  # noqa: BLE001 - any failure: fall back to Python
        remove_built()
        print(f"native: the core could not be compiled ({type(exc).__name__}: {exc}); "
              "it runs as Python", file=sys.stderr)
        return 1 if args.strict else 0
    print(f"native: compiled {len(native.COMPILED)} modules with mypyc "
          f"({', '.join(m.rsplit('.', 1)[1] for m in native.COMPILED)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
