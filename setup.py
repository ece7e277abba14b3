"""The build hook: `pip install .`, `pip install -e .`, `pip wheel .` and a wheel built from the
sdist compile the core's hot modules (``bigtwo/native.py``) with mypyc, as black and mypy ship
theirs. Everything else about the package is declared in pyproject.toml.

- ``BIGTWO_PURE_BUILD=1`` builds the pure-Python package (a ``py3-none-any`` wheel).
- Without a C compiler, Python's headers or mypyc, or when compiling fails, the build goes on
  as pure Python and says why in one line; the installed core then runs as Python, and
  ``bigtwo --version`` says so (after a failed compile, with the reason).
- The build's own type checks are mypyc's, on the compiled modules only, with nothing the
  build environment lacks: ``pip install .`` builds in isolation, with setuptools and mypy but
  none of the package's dependencies (``make typecheck`` is the strict check).
- The C compiler's output is kept in ``build/compiled/``, named by the digest of what it was
  made from (the C that mypyc wrote, its headers, the compiler's commands, Python's and
  mypy's versions): a build from the same checkout whose C is byte for byte the same (the
  checkout installed again, ``pip install -e .`` after ``pip install .``, an edit outside the
  compiled modules) reuses it instead of spending about a minute of CPU on the same output.
  mypyc itself always runs, so the build's checks are never skipped.
- Beside the extensions the build writes ``bigtwo/native-build.json`` (each compiled source's
  SHA-256), so an edited source runs as Python, never as the old compiled code: in an
  editable install the extensions sit beside the sources you edit.

mypyc is imported only by ``build_ext``, and runs only in a build: building the sdist or
writing the metadata (which setuptools does by finalizing ``build_ext`` too) never runs it.
"""

from __future__ import annotations

import hashlib
import os
import shlex
import shutil
import sys
import sysconfig
import warnings
from pathlib import Path
from typing import Any

from setuptools import Distribution, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

from bigtwo import native  # noqa: E402 - the list of modules, its manifest; standard library only

PURE_SWITCH = "BIGTWO_PURE_BUILD"
# The C compiler's output by what it was made from (build_mypyc.build_extension).
COMPILED_CACHE = ROOT / "build" / "compiled"
MYPYC_TARGET = ROOT / "build" / "mypyc"

# The first screen of `make serve` (which runs `make native`): setuptools calls the
# [tool.setuptools] table of pyproject.toml "beta" at every build, in two lines of warning.
warnings.filterwarnings("ignore", message=r"Support for `\[tool\.setuptools\]`")

# The commands that write the package's metadata or its sdist, and compile nothing.
METADATA_ONLY = {"egg_info", "dist_info", "sdist"}

# mypy's options for mypyc. No config file: pyproject.toml's [tool.mypy] is the strict check of
# the whole package, which wants the dependencies' type information. The modules the compiled
# ones import are analysed for their types but not reported on (follow_imports=silent), and a
# package the build environment lacks (babel, orjson) is Any, which mypyc compiles as it does
# any object: the same behaviour, checked at run time. Nor does mypy look in any environment's
# site-packages (mypy asks the interpreter running the build for them, which in an isolated
# build is the target venv's, holding whatever an earlier install put there): the C is then the
# same from every kind of install, so a second build from one checkout reuses the first's
# compiled output (build/compiled, below).
MYPYC_OPTIONS = ["--config-file=", "--ignore-missing-imports", "--follow-imports=silent",
                 "--no-site-packages"]


def say(message: str) -> None:
    print(f"bigtwo build: {message}", file=sys.stderr, flush=True)


def warn(message: str) -> None:
    """A build that was to compile the core and could not. pip shows a build's output only when
    the build fails, and this one goes on as Python: the line also goes to the terminal pip
    runs in, when there is one (``pip install -v`` then shows it twice)."""
    line = f"bigtwo build: WARNING: {message}"
    print(line, file=sys.stderr, flush=True)
    if sys.stderr.isatty():
        return
    try:
        with open("/dev/tty", "w", encoding="utf-8") as terminal:
            terminal.write(line + "\n")
    except OSError:
        pass  # no terminal (CI, a pipe): the build log and `bigtwo --version` say it


def why_pure(environ: dict[str, str] | None = None) -> str | None:
    """Why this build cannot (or must not) compile the core; None when it compiles."""
    env = os.environ if environ is None else environ
    if env.get(PURE_SWITCH, "") not in ("", "0"):
        return f"{PURE_SWITCH}={env[PURE_SWITCH]} asks for the pure-Python core"
    words = shlex.split(env.get("CC") or sysconfig.get_config_var("CC") or "cc")
    if not words or shutil.which(words[0]) is None:
        return f"no C compiler ({words[0] if words else 'CC is empty'} not found)"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "Python's C headers (Python.h) are not installed"
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc is not installed (it ships with mypy)"
    return None


class CoreDistribution(Distribution):
    """A distribution with extension modules exactly when the core will be compiled, so a pure
    build makes a ``py3-none-any`` wheel and a compiled one a platform wheel."""

    def has_ext_modules(self) -> bool:
        return why_pure() is None


class build_mypyc(build_ext):
    """Generate C for the hot modules with mypyc, compile it, and record the sources' digests."""

    def finalize_options(self) -> None:
        # The extensions are made here, not in setup()'s arguments: only a build that
        # compiles pays for mypyc, and setuptools prepares every extension it finalizes.
        self.reason = why_pure()
        if self.reason is None and not self.distribution.ext_modules and self.building():
            try:
                self.distribution.ext_modules = self.generate()
            except (Exception, SystemExit) as exc:  # noqa: BLE001 - any failure: build as Python
                self.reason = f"mypyc could not compile it ({type(exc).__name__}: {exc})"
        super().finalize_options()

    def building(self) -> bool:
        """Whether this run builds anything. Writing the metadata (pip's first two questions to
        every build, each in a process of its own) finalizes this command too, only to list
        the extensions' sources for a manifest they are not part of: mypyc ran three times per
        ``pip install``, 3 to 5 s of CPU each, where once is the build."""
        return not set(self.distribution.commands) <= METADATA_ONLY

    @staticmethod
    def generate() -> list[Any]:
        from mypyc.build import mypycify

        sources = [str(native.source_path(m).relative_to(ROOT)) for m in native.COMPILED]
        cwd = os.getcwd()
        os.chdir(ROOT)
        try:
            return list(mypycify([*MYPYC_OPTIONS, *sources], group_name=native.GROUP, opt_level="3",
                                 target_dir=str(MYPYC_TARGET)))
        finally:
            os.chdir(cwd)

    def run(self) -> None:
        target = self.package_dir()
        if self.reason is not None:
            self.extensions = []
            self.fail(target, self.reason)
            return
        digests, stats = native.snapshot()  # the sources as compiled: read before the build
        native.remove_built(target)
        self.reused = 0
        try:
            super().run()
        except (Exception, SystemExit) as exc:  # noqa: BLE001 - any failure: build as Python
            native.remove_built(target)
            self.extensions = []
            self.fail(target, f"compiling failed ({type(exc).__name__}: {exc})")
            return
        native.write_manifest(digests, target / native.MANIFEST_NAME, stats)
        reused = (f" (the C compiler's output for {self.reused} of {len(self.extensions)} "
                  "extensions reused from build/compiled: made from the same C)"
                  if self.reused else "")
        say(f"compiled {len(native.COMPILED)} modules with mypyc{reused}")

    def build_extension(self, ext: Any) -> None:
        """Compile ``ext``, or copy what compiling the same C with the same commands made."""
        built = Path(self.get_ext_fullpath(ext.name))
        cached = COMPILED_CACHE / f"{ext.name}-{self.compile_key(ext)}{built.suffix}"
        if cached.is_file():
            built.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(cached, built)
            self.reused += 1
            return
        super().build_extension(ext)
        try:  # a cache that cannot be written (a read-only checkout) only costs the next build
            COMPILED_CACHE.mkdir(parents=True, exist_ok=True)
            for older in COMPILED_CACHE.glob(f"{ext.name}-*"):  # one entry per extension
                older.unlink()
            partial = cached.with_name(cached.name + ".partial")
            shutil.copyfile(built, partial)
            os.replace(partial, cached)  # never a half-written entry under the final name
        except OSError:
            pass

    def compile_key(self, ext: Any) -> str:
        """The digest of everything the compiler's output depends on."""
        import mypy.version

        def named(path: str | Path) -> str:
            # A path in this checkout by its place in it; any other (mypyc's runtime library,
            # in a build environment of its own each time) by its name: mypy's version pins it.
            path = Path(path).resolve()
            return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else path.name

        digest = hashlib.sha256()
        inputs = [Path(source) for source in ext.sources]
        inputs += sorted(MYPYC_TARGET.rglob("*.h"))  # the group's headers, included by every shim
        for path in inputs:
            digest.update(f"{named(path)}\0".encode())
            digest.update(path.read_bytes())
        compiler = self.compiler
        for value in (sys.version, sys.platform, mypy.version.__version__,
                      getattr(compiler, "compiler_so", None), getattr(compiler, "linker_so", None),
                      [named(d) for d in ext.include_dirs], ext.define_macros, ext.extra_compile_args,
                      ext.extra_link_args, ext.libraries, ext.library_dirs, self.debug):
            digest.update(f"{value!r}\0".encode())
        return digest.hexdigest()[:32]

    @staticmethod
    def fail(target: Path, reason: str) -> None:
        """Go on as Python, saying why; unless asked for, the reason stays with the package."""
        if os.environ.get(PURE_SWITCH, "") not in ("", "0"):
            say(f"the core is pure Python: {reason}")
            return
        warn(f"the core is NOT compiled and runs as pure Python (about half the speed): {reason}")
        native.write_failure(reason, target)

    def package_dir(self) -> Path:
        """Where the package's files land: the sources (in place, as an editable install and
        `make native` build) or the wheel's build directory."""
        return ROOT / "bigtwo" if self.inplace else Path(self.build_lib) / "bigtwo"

    def get_outputs(self) -> list[str]:
        outputs: list[str] = super().get_outputs()
        notes = [self.package_dir() / name for name in (native.MANIFEST_NAME, native.FAILED_NAME)]
        return [*outputs, *(str(note) for note in notes if note.is_file())]


def main() -> Any:
    return setup(distclass=CoreDistribution, cmdclass={"build_ext": build_mypyc})


if __name__ == "__main__":
    main()
