"""Compile the core's hot modules with mypyc, in place (`make native`; docs/PERFORMANCE.md).

The build itself is setup.py's (the one every `pip install` runs): ``build_ext --inplace``
writes each extension beside its source and ``bigtwo/native-build.json`` (the SHA-256 of
every compiled source), so a later edit is seen as stale. Without mypyc or a C compiler it
says so in one line and exits 0 (``--strict``: 1): the core then runs as the Python it is.

    .venv/bin/python scripts/build_native.py [--strict] [--clean] [--list]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bigtwo import native  # noqa: E402


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
        native.remove_built()
        return 0
    subprocess.run([sys.executable, "setup.py", "--quiet", "build_ext", "--inplace"],
                   cwd=ROOT, check=False)
    compiled = os.path.isfile(native.MANIFEST) and not native.stale()
    return 1 if args.strict and not compiled else 0


if __name__ == "__main__":
    sys.exit(main())
