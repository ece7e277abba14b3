"""`bigtwo validate` and `bigtwo simulate`: output, exit codes, streaming, messages on stderr."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo.cli.main import main
from tests.conftest import example_record as example


@pytest.fixture(autouse=True)
def _no_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BIGTWO_DB", str(tmp_path / "none.db"))


def run(args: list[str], stdin: str | None = None) -> Any:
    return CliRunner().invoke(main, args, input=stdin)


def test_valid_record_exits_0(tmp_path: Path) -> None:
    path = tmp_path / "hk.json"
    path.write_text(json.dumps(example("hk-two-deals")))
    result = run(["validate", str(path)])
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["valid"] is True and report["totals"] == [-9, -34, 25, 18]


def test_invalid_record_exits_1_with_language(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps(example("pusoy-wrong-turn")))
    result = run(["validate", "--lang", "de", str(path)])
    assert result.exit_code == 1
    error = json.loads(result.stdout)["errors"][0]
    assert error["code"] == "WRONG_TURN" and error["message"] == "Platz 2 ist dran, nicht Platz 3"


def test_allow_incomplete(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text(json.dumps(example("custom-incomplete")))
    assert run(["validate", str(path)]).exit_code == 1
    result = run(["validate", "--allow-incomplete", str(path)])
    assert result.exit_code == 0 and json.loads(result.stdout)["deals"][0]["status"] == "incomplete"


def test_jsonl_one_line_per_record_and_unreadable_lines(tmp_path: Path) -> None:
    lines = [json.dumps(example("hk-two-deals")), "", "{not json", json.dumps(example("pusoy-wrong-turn")),
             json.dumps({"profile": "nope", "deals": []})]
    path = tmp_path / "many.jsonl"
    path.write_text("\n".join(lines) + "\n")
    result = run(["validate", str(path)])
    assert result.exit_code == 2
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert [o.get("valid") for o in out] == [True, None, False, None]
    assert out[1]["line"] == 3 and out[3]["line"] == 5
    assert {p["pointer"] for p in out[3]["problems"]} == {"/profile", "/deals"}
    assert "many.jsonl:3: not JSON" in result.stderr
    assert "many.jsonl:5: cannot replay: /profile: unknown profile 'nope'" in result.stderr


def test_profile_option_for_records_naming_none(tmp_path: Path) -> None:
    record = example("hk-two-deals")
    del record["profile"]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    assert run(["validate", str(path)]).exit_code == 2
    assert run(["validate", "--profile", "hk-standard", str(path)]).exit_code == 0
    declared = tmp_path / "web.json"
    declared.write_text(json.dumps({"extends": "hk-standard", "scoring": {"tiers": [{"from": 1, "multiplier": 1}]}}))
    result = run(["validate", "--profile", str(declared), str(path)])
    assert result.exit_code == 0 and json.loads(result.stdout)["totals"] == [-9, -17, 16, 10]  # 8 and 9 cards no longer doubled


def test_stdin_json_and_jsonl() -> None:
    one = json.dumps(example("hk-two-deals"), indent=2)
    result = run(["validate", "-"], stdin=one)
    assert result.exit_code == 0 and json.loads(result.stdout)["valid"]
    many = "\n".join(json.dumps(example(n)) for n in ("hk-two-deals", "pusoy-wrong-turn")) + "\n"
    result = run(["validate", "-"], stdin=many)
    assert result.exit_code == 1 and len(result.stdout.splitlines()) == 2


def test_unreadable_file_exits_2(tmp_path: Path) -> None:
    result = run(["validate", str(tmp_path / "missing.json")])
    assert result.exit_code == 2
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2")
    result = run(["validate", str(bad)])
    assert result.exit_code == 2 and "not JSON" in result.stderr


def test_simulate_then_validate_round_trip(tmp_path: Path) -> None:
    out = tmp_path / "sim.jsonl"
    result = run(["simulate", "--profile", "pusoy-dos", "--deals", "2", "--records", "5", "--seed", "3",
                  "-o", str(out)])
    assert result.exit_code == 0
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 5 and all(len(r["deals"]) == 2 for r in records)
    again = tmp_path / "again.jsonl"
    run(["simulate", "--profile", "pusoy-dos", "--deals", "2", "--records", "5", "--seed", "3", "-o", str(again)])
    assert again.read_text() == out.read_text()  # the seed reproduces the games
    result = run(["validate", str(out)])
    assert result.exit_code == 0 and all(json.loads(x)["valid"] for x in result.stdout.splitlines())


def test_no_progress_bar_when_piped(tmp_path: Path) -> None:
    """A real process with stdout and stderr piped: reports only, no progress output."""
    path = tmp_path / "sim.jsonl"
    run(["simulate", "--records", "3", "-o", str(path)])
    proc = subprocess.run([sys.executable, "-m", "bigtwo.cli.main", "validate", str(path)], capture_output=True,
                          text=True, check=False)
    assert proc.returncode == 0 and proc.stderr == ""
    assert len(proc.stdout.splitlines()) == 3


def test_progress_bar_and_summary_when_asked(tmp_path: Path) -> None:
    path = tmp_path / "sim.jsonl"
    run(["simulate", "--records", "4", "-o", str(path)])
    result = run(["validate", "--progress", str(path)])
    assert result.exit_code == 0
    assert "validating" in result.stderr
    assert "4 records: 4 valid, 0 invalid, 0 unreadable" in result.stderr
    assert len(result.stdout.splitlines()) == 4  # reports stay on stdout, bar on stderr


def test_simulate_is_quiet_when_piped() -> None:
    """stderr not a terminal: the records only, nothing on stderr."""
    proc = subprocess.run([sys.executable, "-m", "bigtwo.cli.main", "simulate", "--records", "3"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0 and proc.stderr == ""
    assert len(proc.stdout.splitlines()) == 3


def test_simulate_shows_progress_on_a_terminal(tmp_path: Path) -> None:
    """stderr a terminal (a pseudo-terminal here) and the records into a file: a bar, as
    validate shows one, that reaches 100%."""
    import os
    import pty

    leader, follower = pty.openpty()
    out = tmp_path / "sim.jsonl"
    try:
        proc = subprocess.run([sys.executable, "-m", "bigtwo.cli.main", "simulate", "--records",
                               "40", "-o", str(out)], stderr=follower, stdout=subprocess.DEVNULL,
                              check=False, timeout=120)
        os.close(follower)
        seen = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal closed: everything was read
                break
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(leader)
    assert proc.returncode == 0
    assert b"simulating" in seen and b"100%" in seen
    assert len(out.read_text(encoding="utf-8").splitlines()) == 40


def test_simulate_progress_can_be_asked_for_and_is_translated() -> None:
    result = CliRunner().invoke(main, ["simulate", "--records", "2", "--progress"],
                                env={"LANG": "de_DE.UTF-8"})
    assert result.exit_code == 0 and "Simulation" in result.stderr
    assert len(result.stdout.splitlines()) == 2
    assert run(["simulate", "--records", "2", "--no-progress"]).stderr == ""
