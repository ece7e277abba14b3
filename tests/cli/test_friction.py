"""Newcomer friction from the stand-alone trial (issue 11), each pinned by a test."""

from __future__ import annotations

import json
import re
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from bigtwo.cli.main import main, simulate_command
from bigtwo.rules.profiles import PRESETS
from bigtwo.rules.simulate import simulate


def write_records(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


@pytest.fixture
def own_profiles(tmp_path: Path) -> Path:
    """Records that every name their own (valid) profile."""
    records = list(simulate(PRESETS["hk-standard"], records=2, deals_per_record=1, seed=3))
    return write_records(tmp_path / "named.jsonl", records)


@pytest.mark.parametrize("value", ["nope", "p-0000000000aa", "missing/profile.json", "broken.json"])
def test_unknown_profile_option_exits_2_even_when_records_name_theirs(
        runner: CliRunner, own_profiles: Path, tmp_path: Path, value: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "broken.json").write_text('{"extends": "hk-standard", "players": 9}')
    result = runner.invoke(main, ["validate", "--profile", value, str(own_profiles)])
    assert result.exit_code == 2
    assert result.stdout == ""  # refused before any record was read
    assert "--profile" in result.stderr


def test_unknown_profile_message_names_it_and_the_presets(runner: CliRunner, own_profiles: Path) -> None:
    result = runner.invoke(main, ["validate", "--profile", "nope", str(own_profiles)])
    assert "unknown profile 'nope'" in result.stderr and "hk-standard" in result.stderr


def test_known_profile_option_still_fills_in_for_records_naming_none(runner: CliRunner, tmp_path: Path) -> None:
    records = list(simulate(PRESETS["pusoy-dos"], records=2, deals_per_record=1, seed=4))
    for record in records:
        del record["profile"]
    path = write_records(tmp_path / "unnamed.jsonl", records)
    assert runner.invoke(main, ["validate", str(path)]).exit_code == 2
    result = runner.invoke(main, ["validate", "--profile", "pusoy-dos", str(path)])
    assert result.exit_code == 0
    assert [json.loads(line)["valid"] for line in result.stdout.splitlines()] == [True, True]


@pytest.mark.parametrize("command", [
    ["import", "t-x", "RECORDS", "--token", "b2t_x"],
    ["standings", "t-x"],
    ["create", "--name", "Club", "--profile", "hk-standard"],
], ids=["import", "standings", "create"])
def test_unreachable_server_exits_2_with_a_clear_message(runner: CliRunner, tmp_path: Path,
                                                         command: list[str]) -> None:
    records = write_records(tmp_path / "r.jsonl", list(simulate(PRESETS["casual"], records=1,
                                                                deals_per_record=1, seed=2)))
    args = [str(records) if a == "RECORDS" else a for a in command]
    # Port 9 (discard) on loopback: nothing listens there, the connection is refused at once.
    result = runner.invoke(main, ["tournament", *args, "--server", "http://127.0.0.1:9"])
    assert result.exit_code == 2
    assert "cannot reach http://127.0.0.1:9" in result.stderr
    assert "Traceback" not in result.output


def test_server_that_is_not_a_url_exits_2(runner: CliRunner) -> None:
    result = runner.invoke(main, ["tournament", "standings", "t-x", "--server", "127.0.0.1:8000"])
    assert result.exit_code == 2 and "not an http:// or https:// URL" in result.stderr


def test_every_simulate_option_has_help_text() -> None:
    options = [p for p in simulate_command.params if isinstance(p, click.Option)]
    assert {"records", "seed", "deal_count", "profile", "output"} <= {p.name for p in options}
    assert [p.name for p in options if not p.help] == []


def test_simulate_help_explains_records(runner: CliRunner) -> None:
    result = runner.invoke(main, ["simulate", "--help"])
    options = result.stdout.split("Options:", 1)[1]
    line = next(x for x in options.splitlines() if x.lstrip().startswith("--records"))
    assert "how many matches" in line.split("--records", 1)[1].lower()  # text after the option


ROOT = Path(__file__).resolve().parents[2]


def make_dry_run(target: str, venv: Path) -> list[str]:
    proc = subprocess.run(["make", "-n", target, f"VENV={venv}", "PYTHON=python3"], cwd=ROOT,
                          capture_output=True, text=True, check=True, timeout=60)
    return [line for line in proc.stdout.splitlines() if "pip install" in line]


def test_make_serve_installs_only_what_serving_needs(tmp_path: Path) -> None:
    """A fresh clone: `make serve` installs the package and what compiles its core (mypyc),
    `make test` the test extras."""
    serve = make_dry_run("serve", tmp_path / "venv")
    # Editable as a plain .pth path (the Makefile's EDITABLE): no import finder at start-up.
    assert any(line.endswith("install --quiet --config-settings editable_mode=compat "
                             "-e '.[native]'") for line in serve)
    assert not any("[test]" in line for line in serve)
    assert any("-e '.[test]'" in line for line in make_dry_run("test", tmp_path / "venv"))


def test_serving_dependencies_hold_no_test_tools() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = {re.split(r"[<>=\[ ]", d, maxsplit=1)[0].lower() for d in project["dependencies"]}
    tools = {re.split(r"[<>=\[ ]", d, maxsplit=1)[0].lower() for d in project["optional-dependencies"]["test"]}
    assert {"flask", "gunicorn", "orjson"} <= names
    assert names & tools == set() and "pytest" in tools
