"""`bigtwo sheet` and `bigtwo validate SHEET.csv`: score sheets from the command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo.cli.main import main

SHEET = "deal,Ana,Ben,Cai,Dee\n1,0,5,2,9\n2,3,0,1,13\n"


@pytest.fixture(autouse=True)
def _no_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BIGTWO_DB", str(tmp_path / "none.db"))


def run(args: list[str], stdin: str | None = None) -> Any:
    return CliRunner().invoke(main, args, input=stdin)


def write(tmp_path: Path, text: str, name: str = "night.csv") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_sheet_prints_the_record(tmp_path: Path) -> None:
    result = run(["sheet", write(tmp_path, SHEET), "--profile", "hk-standard"])
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert record["players"] == ["Ana", "Ben", "Cai", "Dee"]
    assert [d["result"] for d in record["deals"]] == [{"cards_left": [0, 5, 2, 9]},
                                                      {"cards_left": [3, 0, 1, 13]}]


def test_sheet_from_standard_input() -> None:
    result = run(["sheet", "-", "--profile", "casual"], stdin=SHEET)
    assert result.exit_code == 0 and json.loads(result.stdout)["profile"] == "casual"


def test_malformed_sheet_names_row_and_column(tmp_path: Path) -> None:
    path = write(tmp_path, "deal,Ana,Ben,Cai,Dee\n1,0,5,2,9\n2,0,14,2,9\n")
    result = run(["sheet", path, "--profile", "hk-standard"])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (f"error: {path}: row 3, column Ben: Ben cannot have 14 cards left: "
                             "a player is dealt 13\n")


def test_validate_takes_a_sheet(tmp_path: Path) -> None:
    result = run(["validate", write(tmp_path, SHEET), "--profile", "hk-standard"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    # 000: 9 cards x2 = 18; 13 cards x4 = 52
    assert [d["penalties"] for d in report["deals"]] == [[0, 5, 2, 18], [3, 0, 1, 52]]
    assert report["totals"] == [25 - 3, -5 + 56, -2 - 1, -18 - 52]


def test_validate_sheet_match_errors_exit_1(tmp_path: Path) -> None:
    profile = tmp_path / "two.json"
    profile.write_text(json.dumps({"extends": "hk-standard", "match": {"max_deals": 1}}))
    result = run(["validate", write(tmp_path, SHEET), "--profile", str(profile)])
    assert result.exit_code == 1
    assert [e["code"] for e in json.loads(result.stdout)["errors"]] == ["MATCH_OVER"]


@pytest.mark.parametrize(("args", "message"), [
    ([], "a score sheet names no profile: give --profile"),
    (["--profile", "nope"], "unknown profile 'nope'"),
])
def test_validate_sheet_needs_a_known_profile(tmp_path: Path, args: list[str], message: str) -> None:
    result = run(["validate", write(tmp_path, SHEET), *args])
    assert result.exit_code == 2 and message in result.stderr


def test_validate_malformed_sheet_exits_2_with_problems(tmp_path: Path) -> None:
    result = run(["validate", write(tmp_path, "deal,Ana,Ben\n1,0,5\n"), "--profile", "hk-standard"])
    assert result.exit_code == 2
    doc = json.loads(result.stdout)
    assert doc["problems"] == [{"pointer": "/rows/1", "detail": "row 1: the header names 2 players; "
                                                                "this profile (hk-standard) is for 4"}]


def test_bytes_no_encoding_reads_are_named_by_line(tmp_path: Path) -> None:
    # 0x81 is neither UTF-8 nor Windows-1252 (0xFF alone now reads as Windows-1252's ÿ)
    path = tmp_path / "x.csv"
    path.write_bytes(b"deal,Ana\n1,0\x81\n")
    result = run(["sheet", str(path), "--profile", "hk-standard"])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {path}: line 2 is not text in any encoding")
    assert "byte 0x81" in result.stderr and "CSV UTF-8" in result.stderr
