"""The compiled core: which modules the build compiles with mypyc, and how to run without.

The rules core is plain, fully typed Python (``mypy --strict``), so mypyc can compile its hot
modules to C extensions that sit beside their sources (``replay.py`` and
``replay.cpython-311-x86_64-linux-gnu.so``); Python then imports the extension. Nothing else
changes: the same source, the same results (``tests/core/test_native.py`` replays a corpus
both ways and compares the reports byte for byte). ``setup.py`` compiles them in every
``pip install``, ``pip install -e`` and ``pip wheel`` (and ``make native`` in place, for the
checkout); ``BIGTWO_PURE_BUILD=1``, or no C compiler, builds without them, and every module
runs as Python.

The build writes a manifest (``MANIFEST``: each compiled module's source SHA-256), so a
compiled module whose source was edited since is known to be stale. It also records each
source's modification time and size as the build read it: a source that still has both is
taken as unchanged without being hashed (the test Python's byte-code cache makes of a
``.py`` file), so the check costs a few ``stat`` calls at every start, and a hash only for a
source touched since. ``prefer_source`` makes
the interpreter import these modules from their ``.py`` files even where an extension is
built: the test suite does so when the build is stale (and when ``BIGTWO_PURE=1`` asks for
it), the command line when ``BIGTWO_PURE=1`` is set, and the benchmark for its pure-Python row.
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING

# Every start runs choose() on plain strings: pathlib (about 5 % of `bigtwo validate` of one
# record) is imported by the build's functions only.
if TYPE_CHECKING:
    from pathlib import Path

# The replay's hot path and what it calls per move, plus the record parser (per move too) and
# the notation's reader (per move of a game written as text). mypyc compiles them as one
# group, so calls between them are C calls.
COMPILED: tuple[str, ...] = (
    "bigtwo.rules.cards",
    "bigtwo.rules.combos",
    "bigtwo.rules.legal",
    "bigtwo.rules.play",
    "bigtwo.rules.table",
    "bigtwo.rules.replay",
    "bigtwo.rules.scoring",
    "bigtwo.rules.multiset.bag",
    "bigtwo.rules.multiset.table",
    "bigtwo.records.parse",
    "bigtwo.formats.notation.values",
    "bigtwo.formats.notation.grammar",
    "bigtwo.formats.notation.reader",
    "bigtwo.formats.notation.lines",
    # The rest of the per-record path of `bigtwo validate`: JSON Pointers (several per record,
    # built before anything is known to be wrong), the decoder's checks, the line and the report.
    "bigtwo.rules.problems",
    "bigtwo.formats.jsonin",
    "bigtwo.records.pipeline",
    "bigtwo.reports.report",
    "bigtwo.formats.json_lines",
)
GROUP = "bigtwo.native"  # the group's shared library: bigtwo/native__mypyc.*.so

PACKAGE_DIR = os.path.dirname(os.path.realpath(__file__))
MANIFEST_NAME = "native-build.json"
MANIFEST = os.path.join(PACKAGE_DIR, MANIFEST_NAME)
# Written instead of the extensions by a build that was to compile the core and could not: the
# reason, for `bigtwo --version` (pip shows a successful build's output only with -v).
FAILED_NAME = "native-build-failed.txt"
FAILED = os.path.join(PACKAGE_DIR, FAILED_NAME)


def _source_file(module: str) -> str:
    return os.path.join(os.path.dirname(PACKAGE_DIR), *module.split(".")) + ".py"


def source_path(module: str) -> Path:
    from pathlib import Path

    return Path(_source_file(module))


def source_digest(module: str) -> str:
    import hashlib  # only when a source's stat differs from the build's (or at build time)

    with open(_source_file(module), "rb") as source:
        return hashlib.sha256(source.read()).hexdigest()


def source_stat(module: str) -> list[int]:
    """The source's modification time (ns) and size, as the manifest records them."""
    found = os.stat(_source_file(module))
    return [found.st_mtime_ns, found.st_size]


def snapshot() -> tuple[dict[str, str], dict[str, list[int]]]:
    """What the build compiles, for the manifest: each source's digest, and its stat taken
    before it was read (a later edit then always differs from what is recorded)."""
    stats = {m: source_stat(m) for m in COMPILED}
    return {m: source_digest(m) for m in COMPILED}, stats


def extension_paths(module: str) -> list[str]:
    """The built extensions of ``module`` for this interpreter (none when not compiled)."""
    stem = _source_file(module).removesuffix(".py")
    return [stem + suffix for suffix in importlib.machinery.EXTENSION_SUFFIXES
            if os.path.isfile(stem + suffix)]


def built() -> bool:
    """Whether any module of the group has an extension built beside its source."""
    return any(extension_paths(m) for m in COMPILED)


def stale() -> list[str]:
    """The compiled modules whose source differs from what was compiled (every one of them
    when there is no manifest to tell): those extensions must not run."""
    if not built():
        return []
    try:
        with open(MANIFEST, encoding="utf-8") as manifest:
            recorded = json.load(manifest)
    except (OSError, ValueError):
        return list(COMPILED)
    stats = recorded.get(STAT_KEY)
    stats = stats if isinstance(stats, dict) else {}
    return [m for m in COMPILED if not _unchanged(m, recorded.get(m), stats.get(m))]


def _unchanged(module: str, digest: object, stat: object) -> bool:
    """Whether the source is what was compiled: its stat as recorded, or else its digest."""
    try:
        if stat is not None and stat == source_stat(module):
            return True
    except OSError:
        return False
    return digest == source_digest(module)


def loaded() -> dict[str, bool]:
    """For each module of the group already imported: whether it runs compiled."""
    return {m: not str(getattr(sys.modules[m], "__file__", "")).endswith(".py")
            for m in COMPILED if m in sys.modules}


class _SourceFirst:
    """A meta-path finder that loads the group's modules from their ``.py`` sources."""

    @staticmethod
    def find_spec(name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if name not in COMPILED:
            return None
        import importlib.util

        return importlib.util.spec_from_file_location(name, _source_file(name))


def prefer_source() -> None:
    """Import the group's modules as Python from now on (all of them: a compiled module calls
    the others of its group directly, so the group runs compiled whole or not at all).
    Call it before any of them is imported."""
    already = [m for m, compiled in loaded().items() if compiled]
    if already:
        raise RuntimeError(f"prefer_source() called after compiled modules were imported: {already}")
    if not any(isinstance(f, _SourceFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceFirst())


# The manifest's entry beside the digests: each source's [mtime_ns, size] as the build read it.
STAT_KEY = "stat"


def write_manifest(digests: dict[str, str], path: str | Path = MANIFEST,
                   stats: dict[str, list[int]] | None = None) -> None:
    """Record what was compiled; written only once the whole group is in place. Without
    ``stats`` every source is hashed at every start (as a wheel's build directory, whose
    files pip gives other times, would be anyway)."""
    doc: dict[str, object] = {**digests, **({STAT_KEY: stats} if stats else {})}
    with open(path, "w", encoding="utf-8") as manifest:
        manifest.write(json.dumps(doc, indent=2, sort_keys=True) + "\n")


def write_failure(reason: str, package_dir: str | Path = PACKAGE_DIR) -> None:
    with open(os.path.join(package_dir, FAILED_NAME), "w", encoding="utf-8") as note:
        note.write(" ".join(reason.split()) + "\n")


def build_failure() -> str | None:
    """Why the build that installed this package could not compile the core (None: it did, it
    was not asked to, or nothing built here)."""
    try:
        with open(FAILED, encoding="utf-8") as note:
            return note.read().strip() or None
    except OSError:
        return None


def remove_built(package_dir: str | Path = PACKAGE_DIR) -> None:
    """The extensions and manifest of an earlier build under ``package_dir`` (the sources, or
    a wheel's build directory): a half-built group must never be imported."""
    from pathlib import Path

    package_dir = Path(package_dir)
    for module in COMPILED:
        source = package_dir.joinpath(*module.split(".")[1:]).with_suffix(".py")
        for path in source.parent.glob(source.stem + ".*"):
            if path.suffix in (".so", ".pyd"):
                path.unlink()
    for path in package_dir.glob(GROUP.rsplit(".", 1)[1] + "__mypyc*"):
        path.unlink()
    (package_dir / MANIFEST_NAME).unlink(missing_ok=True)
    (package_dir / FAILED_NAME).unlink(missing_ok=True)


def choose(environ: dict[str, str] | None = None) -> str:
    """Decide, before the core is imported, whether its compiled modules may run; returns the
    decision in words (``bigtwo --version`` prints it). ``BIGTWO_PURE=1`` asks for Python; a
    stale build (a source edited since `make native`) gets Python, never the old code."""
    if environ is not None and environ.get("BIGTWO_PURE", "") not in ("", "0"):
        prefer_source()
        return "pure Python (BIGTWO_PURE=1)"
    if not built():
        failed = build_failure()
        return f"pure Python (not compiled: {failed})" if failed else f"pure Python ({NOT_COMPILED})"
    outdated = stale()
    if outdated:
        prefer_source()
        return f"pure Python (compiled build is stale for {', '.join(outdated)}: make native, or pip install -e . again)"
    return COMPILED_CORE


COMPILED_CORE = "compiled with mypyc"
NOT_COMPILED = "not compiled: make native, or pip install with a C compiler"
