"""`bigtwo validate` loads the rules core and click, nothing of the web app, the store or
marshmallow (profiles are checked by the core's field registry).

Each case runs the console entry point in a fresh interpreter, lets the command finish, then
lists what it imported. A control case runs a command that does need the store, so the check
is shown to see those modules when they are there.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from bigtwo.rules.profiles import PRESETS
from bigtwo.rules.simulate import simulate

ROOT = Path(__file__).resolve().parents[2]
# Top-level packages the CLI's rules commands must not load, and the project's own adapters.
FORBIDDEN = ("flask", "werkzeug", "jinja2", "sqlite_utils", "sqlite3", "flask_smorest", "apispec",
             "gunicorn", "marshmallow", "schemas", "bigtwo.store", "app")

PROBE = """
import json, sys
from bigtwo.cli.main import main
try:
    main(sys.argv[1:], prog_name="bigtwo")
except SystemExit as exc:
    code = exc.code
print(json.dumps({"exit": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""


def imported(args: list[str], tmp_path: Path, stdin: str | None = None) -> tuple[int, set[str]]:
    env = {"BIGTWO_DB": str(tmp_path / "absent.db"), "PATH": "/usr/bin:/bin"}
    proc = subprocess.run([sys.executable, "-c", PROBE, *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, env=env, check=False, timeout=120)
    last = proc.stderr.strip().splitlines()[-1]
    result = json.loads(last)
    return result["exit"], set(result["modules"])


def loaded_forbidden(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == f or m.startswith(f + ".") for f in FORBIDDEN))


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("startup") / "games.jsonl"
    records = simulate(PRESETS["pusoy-dos"], records=3, deals_per_record=2, seed=5)
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


@pytest.mark.parametrize("extra", [[], ["--profile", "casual"], ["--lang", "it", "--progress"]],
                         ids=["plain", "profile", "lang-progress"])
def test_validate_loads_no_web_or_store_module(corpus: Path, tmp_path: Path, extra: list[str]) -> None:
    code, modules = imported(["validate", *extra, str(corpus)], tmp_path)
    assert code == 0
    assert "bigtwo.rules.replay" in modules and "click" in modules  # it did the work
    assert loaded_forbidden(modules) == []


def test_validate_of_a_one_deal_preset_record_loads_no_marshmallow_or_store(tmp_path: Path) -> None:
    """The case the start-up figures (bench/startup.py) are taken on."""
    from bigtwo.rules.simulate import simulate_record

    one = tmp_path / "one.json"
    one.write_text(json.dumps(simulate_record(PRESETS["hk-standard"], 1, random.Random(3),
                                              profile_ref="hk-standard")), encoding="utf-8")
    code, modules = imported(["validate", str(one)], tmp_path)
    assert code == 0
    assert "bigtwo.rules.registry" in modules and "bigtwo.rules.replay" in modules
    assert loaded_forbidden(modules) == []
    # Neither what only other inputs need (Dask's driver, notation, score sheets, lazily
    # loaded commands) nor the standard library's heavier helpers a JSON record never uses.
    assert not {m for m in modules if m.startswith("bigtwo.batch")}
    assert modules.isdisjoint({"bigtwo.cli.cluster",
                               "bigtwo.formats.notation.reader", "bigtwo.formats.sheet_text",
                               "bigtwo.cli.tournament", "bigtwo.cli.season", "bigtwo.rules.simulate",
                               "importlib.resources", "tempfile", "zipfile", "secrets", "difflib"})


def test_an_inline_profile_is_checked_without_marshmallow(tmp_path: Path) -> None:
    """A declared profile (--profile FILE) is checked by the registry, in the core."""
    declared = tmp_path / "house.json"
    declared.write_text(json.dumps({"extends": "pusoy-dos", "revolution": "ranks"}), encoding="utf-8")
    from bigtwo.rules.profiles import DEFAULT_RESOLVER

    profile, _ = DEFAULT_RESOLVER.resolve(json.loads(declared.read_text()))
    assert profile is not None
    games = tmp_path / "games.jsonl"
    records = simulate(profile, records=2, deals_per_record=1, seed=9)
    games.write_text("".join(json.dumps({**r, "profile": json.loads(declared.read_text())}) + "\n"
                             for r in records), encoding="utf-8")
    code, modules = imported(["validate", str(games)], tmp_path)
    assert code == 0
    assert loaded_forbidden(modules) == []


def test_validate_from_stdin_and_simulate_load_no_web_or_store_module(corpus: Path, tmp_path: Path) -> None:
    code, modules = imported(["validate", "-"], tmp_path, stdin=corpus.read_text())
    assert code == 0 and loaded_forbidden(modules) == []
    code, modules = imported(["simulate", "--records", "2", "-o", str(tmp_path / "out.jsonl")], tmp_path)
    assert code == 0 and loaded_forbidden(modules) == []
    assert len((tmp_path / "out.jsonl").read_text().splitlines()) == 2


def test_control_tournament_commands_do_load_the_store(tmp_path: Path) -> None:
    """The probe sees the store when a command needs it: the checks above are not vacuous."""
    code, modules = imported(["tournament", "standings", "t-none"], tmp_path)
    assert code == 2  # no such tournament
    assert "sqlite_utils" in loaded_forbidden(modules) and "bigtwo.store.db" in modules


def test_stored_profile_id_opens_the_store_only_then(corpus: Path, tmp_path: Path) -> None:
    """A --profile that is not a preset is looked up in the store (absent here: exit 2)."""
    code, modules = imported(["validate", "--profile", "p-0123456789ab", str(corpus)], tmp_path)
    assert code == 2
    assert "bigtwo.store.db" in modules and "flask" not in modules


# The console script's click-free `bigtwo validate FILE` (bigtwo.cli.quick) of one small
# record: none of click, dataclasses (and the inspect, ast and dis it brings), orjson (which
# imports dataclasses, uuid and datetime), OpenSSL's hashlib, copy, pkgutil, Babel or gettext.
ENTRY_PROBE = """
import json, sys
sys.argv[0] = "bigtwo"
from bigtwo.cli.entry import run
try:
    run()
except SystemExit as exc:
    code = exc.code
print(json.dumps({"exit": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""
NOT_FOR_ONE_RECORD = ("click", "dataclasses", "inspect", "ast", "dis", "orjson", "uuid",
                      "datetime", "hashlib", "_hashlib", "copy", "pkgutil", "babel", "gettext",
                      "threading", "pathlib", *FORBIDDEN)


def entry_imported(args: list[str], tmp_path: Path, lang: str = "C.UTF-8") -> tuple[int, set[str]]:
    env = {"BIGTWO_DB": str(tmp_path / "absent.db"), "PATH": "/usr/bin:/bin", "LANG": lang}
    proc = subprocess.run([sys.executable, "-c", ENTRY_PROBE, *args], capture_output=True,
                          text=True, cwd=ROOT, env=env, check=False, timeout=120)
    result = json.loads(proc.stderr.strip().splitlines()[-1])
    return result["exit"], set(result["modules"])


def heavy(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


@pytest.fixture(scope="module")
def one_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from bigtwo.rules.simulate import simulate_record

    path = tmp_path_factory.mktemp("one") / "one.json"
    path.write_text(json.dumps(simulate_record(PRESETS["hk-standard"], 1, random.Random(3),
                                               profile_ref="hk-standard")), encoding="utf-8")
    return path


@pytest.mark.parametrize("lang", ["C.UTF-8", "en_US.UTF-8", "de_AT.UTF-8", "zh_HK.UTF-8"])
def test_the_console_script_checks_one_record_without_the_heavy_imports(
        one_record: Path, tmp_path: Path, lang: str) -> None:
    """Whatever the locale: one with a region is read without Babel."""
    code, modules = entry_imported(["validate", str(one_record)], tmp_path, lang)
    assert code == 0
    assert "bigtwo.rules.replay" in modules and "bigtwo.reports.report" in modules  # it did the work
    assert heavy(modules, NOT_FOR_ONE_RECORD) == []


def test_an_invalid_record_is_reported_without_the_heavy_imports(tmp_path: Path) -> None:
    """Its errors are rendered in words (the catalogs' gettext), nothing more."""
    code, modules = entry_imported(["validate", str(ROOT / "examples" / "pusoy-wrong-turn.json")],
                                   tmp_path)
    assert code == 1
    assert heavy(modules, tuple(n for n in NOT_FOR_ONE_RECORD if n != "gettext")) == []


@pytest.mark.parametrize("args", [["validate", "--format", "json", "{}"], ["validate", "{}", "--lang", "en"]],
                         ids=["an option before", "an option after"])
def test_control_the_probe_sees_them_when_the_click_command_runs(
        one_record: Path, tmp_path: Path, args: list[str]) -> None:
    """Any other form goes to the click command, which imports them: the checks above see."""
    code, modules = entry_imported([a.replace("{}", str(one_record)) for a in args], tmp_path)
    assert code == 0
    assert {"click", "inspect", "orjson"} <= set(heavy(modules, NOT_FOR_ONE_RECORD))
