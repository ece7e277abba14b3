"""The compiled core (bigtwo/native.py, `make native`) rules exactly as the Python does.

One corpus (every preset, every peer engine's profile, 25 random v2/v3 profiles, each with
legal and mutated records, and shape errors for the parser) is replayed by `bigtwo validate`
twice in subprocesses, compiled and with BIGTWO_PURE=1, and the outputs must be the same
bytes; so must `bigtwo simulate`'s. Where the core is not compiled (no C compiler), those
comparisons are skipped and say why; the rest checks how stale builds are kept from running.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigtwo import native
from bigtwo.rules.profiles import DEFAULT_RESOLVER, PRESETS
from bigtwo.rules.simulate import simulate
from tests.conftest import CORE, FIXTURES, ROOT
from tests.core.strategies import profiles
from tests.core.test_properties import mutate

COMPILED = all(native.loaded().get(m, False) for m in ("bigtwo.rules.replay", "bigtwo.rules.play"))
needs_compiled = pytest.mark.skipif(not COMPILED, reason=f"the core is not compiled here ({CORE})")


def bigtwo(args: list[str], *, pure: bool, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    env = {k: v for k, v in os.environ.items() if k != "BIGTWO_PURE"}
    if pure:
        env["BIGTWO_PURE"] = "1"
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "bigtwo.cli.main", *args], input=stdin,
                          capture_output=True, env=env, cwd=ROOT, check=False, timeout=300)


def records_for(declaration: Any, seed: int, rng: random.Random) -> list[dict[str, Any]]:
    profile, problems = DEFAULT_RESOLVER.resolve(declaration)
    assert profile is not None, problems
    legal = list(simulate(profile, records=2, deals_per_record=3, seed=seed, profile_ref=declaration))
    return legal + [mutate(doc, rng) for doc in legal for _ in range(2)]


def shape_errors(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """Records the parser refuses or reads the slow way: each a different bad move."""
    out = []
    for bad in ({"seat": 9, "pass": True}, {"seat": 0, "play": []}, {"seat": 0, "play": ["1Z"]},
                {"seat": 0, "play": ["3D", "3D"]}, {"seat": "0", "pass": True},
                {"seat": 0, "pass": True, "play": ["3D"]}, {"seat": 0, "pass": False}, ["3D"],
                {"seat": 0, "play": ["10h", "T♥"]}, {"seat": 0, "play": ["3D"], "extra": 1}):
        broken = json.loads(json.dumps(doc))
        broken["deals"][0]["moves"][1] = bad
        out.append(broken)
    return out


@needs_compiled
@settings(max_examples=1, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(declarations=st.lists(profiles(), min_size=25, max_size=25))
def test_validate_is_byte_identical_compiled_and_pure(declarations: list[dict[str, Any]],
                                                      tmp_path: Path) -> None:
    rng = random.Random(2026)
    peers = [json.loads(p.read_text(encoding="utf-8"))
             for p in sorted((FIXTURES / "peers").glob("*.json"))]
    docs: list[dict[str, Any]] = []
    for i, declaration in enumerate([*sorted(PRESETS), *peers, *declarations]):
        docs.extend(records_for(declaration, 100 + i, rng))
    docs.extend(shape_errors(docs[0]))
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps(d) + "\n" for d in docs), encoding="utf-8")
    verdicts = set()
    for args in (["validate", "--no-progress", str(corpus)],
                 ["validate", "--no-progress", "--allow-incomplete", "--lang", "de", str(corpus)],
                 ["validate", "--no-progress", "--format", "text", str(corpus)]):
        compiled, pure = bigtwo(args, pure=False), bigtwo(args, pure=True)
        assert compiled.returncode == pure.returncode
        assert compiled.stdout == pure.stdout, args
        assert compiled.stderr == pure.stderr, args
        if args[-2] != "text":
            verdicts |= {json.loads(line).get("valid") for line in compiled.stdout.splitlines()}
    # The corpus reaches every outcome: valid, invalid, and unreadable (no report).
    assert verdicts == {True, False, None}


@needs_compiled
@pytest.mark.parametrize("preset", ["hk-standard", "taiwanese", "pusoy-dos"])
def test_simulate_is_byte_identical_compiled_and_pure(preset: str) -> None:
    args = ["simulate", "--profile", preset, "--records", "20", "--deals", "3", "--seed", "5"]
    compiled, pure = bigtwo(args, pure=False), bigtwo(args, pure=True)
    assert compiled.returncode == pure.returncode == 0
    assert compiled.stdout == pure.stdout and compiled.stdout.count(b"\n") == 20


@needs_compiled
def test_bigtwo_pure_runs_the_python_sources() -> None:
    probe = ["-c", "import bigtwo.cli.main, sys; print(sys.modules['bigtwo.rules.replay'].__file__)"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("BIGTWO_PURE", None)
    compiled = subprocess.run([sys.executable, *probe], capture_output=True, text=True, env=env, check=True)
    pure = subprocess.run([sys.executable, *probe], capture_output=True, text=True,
                          env={**env, "BIGTWO_PURE": "1"}, check=True)
    assert compiled.stdout.strip().endswith(".so")
    assert pure.stdout.strip().endswith("replay.py")
    assert b"core: compiled with mypyc" in bigtwo(["--version"], pure=False).stdout
    assert b"core: pure Python (BIGTWO_PURE=1)" in bigtwo(["--version"], pure=True).stdout


def test_an_edited_source_makes_its_build_stale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    manifest = tmp_path / "native-build.json"
    digests = {m: native.source_digest(m) for m in native.COMPILED}
    monkeypatch.setattr(native, "MANIFEST", manifest)
    monkeypatch.setattr(native, "built", lambda: True)
    manifest.write_text(json.dumps(digests), encoding="utf-8")
    assert native.stale() == []
    digests["bigtwo.rules.play"] = "0" * 64  # as if play.py changed after it was compiled
    manifest.write_text(json.dumps(digests), encoding="utf-8")
    assert native.stale() == ["bigtwo.rules.play"]
    manifest.unlink()  # no manifest: nothing says the build is current
    assert native.stale() == list(native.COMPILED)


def test_a_source_with_its_recorded_stat_is_not_hashed(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The start-up check: the build's (mtime, size) of a source stand for its digest; a
    source whose stat differs is hashed, and stale only when its digest differs too."""
    manifest = tmp_path / "native-build.json"
    digests, stats = native.snapshot()
    monkeypatch.setattr(native, "MANIFEST", manifest)
    monkeypatch.setattr(native, "built", lambda: True)
    hashed: list[str] = []
    real_digest = native.source_digest
    monkeypatch.setattr(native, "source_digest", lambda m: hashed.append(m) or real_digest(m))
    native.write_manifest(digests, manifest, stats)
    assert native.stale() == [] and hashed == []
    # Touched since the build, same bytes (a checkout, an editor's save): hashed, current.
    touched = {**stats, "bigtwo.rules.play": [stats["bigtwo.rules.play"][0] - 1, stats["bigtwo.rules.play"][1]]}
    native.write_manifest(digests, manifest, touched)
    assert native.stale() == [] and hashed == ["bigtwo.rules.play"]
    # Edited since the build: its stat and its digest differ.
    native.write_manifest({**digests, "bigtwo.rules.play": "0" * 64}, manifest, touched)
    assert native.stale() == ["bigtwo.rules.play"]
    # A manifest without stats (written before they were recorded): every source is hashed.
    hashed.clear()
    native.write_manifest(digests, manifest)
    assert native.stale() == [] and hashed == list(native.COMPILED)


def test_not_built_is_never_stale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native, "built", lambda: False)
    monkeypatch.setattr(native, "FAILED", str(tmp_path / native.FAILED_NAME))
    assert native.stale() == []
    assert native.choose({}) == f"pure Python ({native.NOT_COMPILED})"


def test_a_failed_build_gives_its_reason_until_a_build_succeeds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The install's output is gone when someone asks why the core is slow: the build that
    could not compile leaves its reason, on one line, for --version."""
    monkeypatch.setattr(native, "built", lambda: False)
    monkeypatch.setattr(native, "FAILED", str(tmp_path / native.FAILED_NAME))
    native.write_failure("compiling failed (CompileError:\n  command 'false' failed)", tmp_path)
    assert native.build_failure() == "compiling failed (CompileError: command 'false' failed)"
    assert native.choose({}) == ("pure Python (not compiled: compiling failed (CompileError: "
                                 "command 'false' failed))")
    native.remove_built(tmp_path)  # what a build does first
    assert native.build_failure() is None
    assert native.choose({}) == f"pure Python ({native.NOT_COMPILED})"


def test_the_compiled_modules_are_the_hot_path() -> None:
    # Every module named exists as a source, and the replay and the parser are among them.
    assert all(native.source_path(m).is_file() for m in native.COMPILED)
    assert {"bigtwo.rules.replay", "bigtwo.rules.play", "bigtwo.records.parse"} <= set(native.COMPILED)
