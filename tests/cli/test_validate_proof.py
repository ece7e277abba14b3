"""`bigtwo validate` checks a live table's proof: the example record validates clean (exit 0),
its tampered twin is PROOF_MISMATCH (exit 1), as JSON, JSON Lines and notation, through the
click command and the console script's quick path alike."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo.cli.main import main
from bigtwo.formats.notation.writer import write_record
from tests.fair_records import TAMPERINGS, proven_record, tampered

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "live-table-proof.json"
TAMPERED = ROOT / "fixtures" / "proofs" / "live-table-proof-tampered.json"


@pytest.fixture(autouse=True)
def _no_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BIGTWO_DB", str(tmp_path / "none.db"))


def run(args: list[str]) -> Any:
    return CliRunner().invoke(main, args)


def test_the_example_is_valid() -> None:
    result = run(["validate", str(EXAMPLE)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["valid"] is True


def test_the_tampered_twin_is_proof_mismatch() -> None:
    result = run(["validate", "--lang", "it", str(TAMPERED)])
    assert result.exit_code == 1
    (error,) = json.loads(result.stdout)["errors"]
    assert error["code"] == "PROOF_MISMATCH" and error["seat"] == 1
    assert error["message"].startswith("La prova della mano non regge")


def test_the_text_ruling_names_it() -> None:
    result = run(["validate", "--format", "text", str(TAMPERED)])
    assert result.exit_code == 1
    # Counted from 1 there, as every seat of the text ruling: Ben is seat 2.
    assert "PROOF_MISMATCH (Ben): The deal's proof does not hold: seat 2's hand" in result.stdout


@pytest.mark.parametrize("how", sorted(TAMPERINGS))
def test_notation_and_json_lines(tmp_path: Path, how: str) -> None:
    bad = tampered(proven_record(), how)
    notation = tmp_path / "game.b2n"
    notation.write_text(write_record(bad), encoding="utf-8")
    lines = tmp_path / "games.jsonl"
    lines.write_text(json.dumps(proven_record()) + "\n" + json.dumps(bad) + "\n",
                     encoding="utf-8")
    one = run(["validate", str(notation)])
    assert one.exit_code == 1
    assert [e["params"] for e in json.loads(one.stdout)["errors"]] == [TAMPERINGS[how]]
    many = run(["validate", str(lines)])
    assert many.exit_code == 1
    reports = [json.loads(line) for line in many.stdout.splitlines()]
    assert [r["valid"] for r in reports] == [True, False]


@pytest.mark.parametrize(("path", "status"), [(EXAMPLE, 0), (TAMPERED, 1)])
def test_the_console_script(tmp_path: Path, path: Path, status: int) -> None:
    # The installed command (its click-free quick path), in a process of its own.
    done = subprocess.run([sys.executable, "-c", "from bigtwo.cli.entry import run; run()",
                           "validate", str(path)], capture_output=True, text=True,
                          env={"BIGTWO_DB": str(tmp_path / "none.db"), "PATH": "/usr/bin:/bin"},
                          check=False)
    assert done.returncode == status, done.stderr
    codes = [e["code"] for e in json.loads(done.stdout)["errors"]]
    assert codes == ([] if status == 0 else ["PROOF_MISMATCH"])
