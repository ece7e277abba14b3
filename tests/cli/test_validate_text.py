"""`bigtwo validate --format text`: the ruling for a person, one block per record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo.cli.main import main

GOLDEN = Path(__file__).resolve().parents[2] / "fixtures" / "golden"


@pytest.fixture(autouse=True)
def _no_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BIGTWO_DB", str(tmp_path / "none.db"))


def run(args: list[str], stdin: str | None = None) -> Any:
    return CliRunner().invoke(main, args, input=stdin)


def _record(name: str) -> dict[str, Any]:
    return json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))["record"]


@pytest.mark.parametrize(("name", "code"), [("spec-hk-two-deals", 0), ("code-card-not-held", 1)])
def test_one_record_prints_its_golden_text(tmp_path: Path, name: str, code: int) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(_record(name)), encoding="utf-8")
    result = run(["validate", "--format", "text", str(path)])
    assert result.exit_code == code
    assert result.stdout == (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")


def test_json_stays_the_default(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(_record("spec-hk-two-deals")), encoding="utf-8")
    assert json.loads(run(["validate", str(path)]).stdout)["valid"] is True
    assert json.loads(run(["validate", "--format", "json", str(path)]).stdout)["valid"] is True


def test_language_follows_lang(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(_record("code-opening-card")), encoding="utf-8")
    result = run(["validate", "--format", "text", "--lang", "de", str(path)])
    assert result.stdout == (GOLDEN / "code-opening-card.txt").read_text(encoding="utf-8")
    assert "Der erste Zug muss Karo 3 enthalten" in result.stdout


def test_json_lines_one_block_per_record_blank_line_between(tmp_path: Path) -> None:
    names = ["spec-hk-two-deals", "code-card-not-held"]
    lines = [json.dumps(_record(n)) for n in names]
    path = tmp_path / "m.jsonl"
    path.write_text(lines[0] + "\n\n" + lines[1] + "\nnot json\n", encoding="utf-8")
    result = run(["validate", "--format", "text", str(path)])
    assert result.exit_code == 2  # the unreadable line decides, as with JSON
    blocks = result.stdout.split("\n\n== ")
    assert len(blocks) == 3
    expected = [(GOLDEN / f"{n}.txt").read_text(encoding="utf-8") for n in names]
    assert result.stdout.startswith("== Line 1 ==\n" + expected[0] + "\n== Line 3 ==\n" + expected[1])
    assert blocks[2].startswith("Line 4 ==\nCannot replay this record:\n  (the whole document): not JSON")
    assert "error: " in result.stderr and ":4: not JSON" in result.stderr


def test_standard_input_and_a_record_that_cannot_be_replayed() -> None:
    result = run(["validate", "--format", "text", "-"],
                 stdin=json.dumps({"profile": "hk-standard", "deals": []}) + "\n")
    assert result.exit_code == 2
    assert result.stdout == ("== Line 1 ==\nCannot replay this record:\n"
                             "  /deals: must be a non-empty list of deals\n")


def test_a_score_sheet_in_text(tmp_path: Path) -> None:
    sheet = Path(__file__).resolve().parents[2] / "fixtures" / "sheets" / "club-night.csv"
    result = run(["validate", "--format", "text", "--profile", "hk-standard", str(sheet)])
    assert result.exit_code in (0, 1), result.output
    assert "Deal 1: scored from the result" in result.stdout and "Totals: " in result.stdout


def test_text_is_not_for_the_cluster(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    path.write_text(json.dumps(_record("spec-hk-two-deals")) + "\n", encoding="utf-8")
    result = run(["validate", "--format", "text", "--workers", "1", str(path)])
    assert result.exit_code == 2 and "--format text" in result.output


def test_an_unknown_format_is_a_usage_error(tmp_path: Path) -> None:
    result = run(["validate", "--format", "yaml", "x.json"])
    assert result.exit_code == 2 and "yaml" in result.output
