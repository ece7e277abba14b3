"""Compile the core's hot modules with mypyc, in place (`make native`; docs/PERFORMANCE.md).

The build itself is setup.py's (the one every `pip install` runs): ``build_ext --inplace``
writes each extension beside its source and ``bigtwo/native-build.json`` (the SHA-256 of
every compiled source), so a later edit is seen as stale. Without mypyc or a C compiler it
says so in one line and exits 0 (``--strict``: 1): the core then runs as the Python it is.

make runs this whenever a source is newer than the manifest, which a checkout, a merge or a
fresh worktree does to files it leaves unchanged. A compile costs about a minute of CPU, so
when every extension is in place, every source still has the digest it was compiled from and
the build's own inputs (``INPUTS``, the compiler settings, mypy's and Python's versions) are
those of the last build here, the build is kept: the manifest's recorded file times are
brought up to date (so make, and every start's stale check, see it as current) and one line
says so. ``--force`` compiles anyway.

    .venv/bin/python scripts/build_native.py [--strict] [--force] [--clean] [--list]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bigtwo import native  # noqa: E402

# What else decides the build's output besides the compiled sources.
INPUTS = ("setup.py", "pyproject.toml", "bigtwo/native.py", "scripts/build_native.py")
# Where the last in-place build's inputs are recorded (build/ is the build's own scratch space).
RECORD = ROOT / "build" / "native-inputs.json"


def build_inputs() -> dict[str, str]:
    """The digests of what the build reads besides the sources, and the tools' versions."""
    import mypy.version

    found = {name: hashlib.sha256((ROOT / name).read_bytes()).hexdigest() for name in INPUTS}
    found["python"] = sys.version
    found["mypy"] = mypy.version.__version__
    for name in ("CC", "CFLAGS", "LDSHARED", "LDFLAGS"):
        found[f"${name}"] = os.environ.get(name, "")
    return found


def current(manifest: str = native.MANIFEST, record: Path = RECORD) -> bool:
    """Whether the in-place build is complete and made from exactly what a new one would read."""
    if not all(native.extension_paths(m) for m in native.COMPILED):
        return False
    try:
        recorded = json.loads(Path(manifest).read_text(encoding="utf-8"))
        inputs = json.loads(record.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    try:
        return (inputs == build_inputs()
                and all(recorded.get(m) == native.source_digest(m) for m in native.COMPILED))
    except (OSError, ImportError):
        return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strict", action="store_true", help="fail when the core cannot be compiled")
    parser.add_argument("--force", action="store_true", help="compile even when the build is current")
    parser.add_argument("--clean", action="store_true", help="remove the built extensions only")
    parser.add_argument("--list", action="store_true", help="print the sources it compiles (for make)")
    args = parser.parse_args()
    if args.list:
        print(" ".join(str(native.source_path(m).relative_to(ROOT)) for m in native.COMPILED))
        return 0
    if args.clean:
        native.remove_built()
        RECORD.unlink(missing_ok=True)
        return 0
    if not args.force and current():
        digests, stats = native.snapshot()
        native.write_manifest(digests, native.MANIFEST, stats)
        print("bigtwo build: the compiled core is current (no compiled source or build input "
              "changed since it was built; --force compiles anyway)")
        return 0
    RECORD.unlink(missing_ok=True)
    subprocess.run([sys.executable, "setup.py", "--quiet", "build_ext", "--inplace"],
                   cwd=ROOT, check=False)
    compiled = os.path.isfile(native.MANIFEST) and not native.stale()
    if compiled:
        RECORD.parent.mkdir(exist_ok=True)
        RECORD.write_text(json.dumps(build_inputs(), indent=2, sort_keys=True) + "\n",
                          encoding="utf-8")
    return 1 if args.strict and not compiled else 0


if __name__ == "__main__":
    sys.exit(main())
