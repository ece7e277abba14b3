"""Golden files: each fixture holds a record and the exact report it must produce.

Regenerate with `make golden` only for an intended change, and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bigtwo.records.pipeline import check_record
from bigtwo.rules.profiles import PRESETS

GOLDEN = Path(__file__).resolve().parents[2] / "fixtures" / "golden"
EXAMPLES = Path(__file__).resolve().parents[2] / "fixtures" / "examples"
FILES = sorted(GOLDEN.glob("*.json"))
SPEC_EXAMPLES = sorted(EXAMPLES.glob("*.json"))


def test_there_are_golden_files() -> None:
    assert len(FILES) >= 25


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden(path: Path) -> None:
    case = json.loads(path.read_text(encoding="utf-8"))
    checked = check_record(case["record"], **case["query"])
    assert checked.report == case["report"]


def test_every_preset_has_its_simulated_match() -> None:
    """scripts/golden.py simulates a match under every preset: each one's file is committed
    here (a preset added without it left `make golden` writing an untracked file), and no
    file stands for a preset that is gone."""
    simulated = sorted(p.stem.removeprefix("sim-") for p in FILES if p.stem.startswith("sim-"))
    assert simulated == sorted(PRESETS)


def _core(report: dict[str, Any], shown: dict[str, Any]) -> dict[str, Any]:
    """The fields a spec example shows (it leaves out engine, profile, match, messages)."""
    out = {k: report[k] for k in shown}
    out["errors"] = [{k: e[k] for k in shown["errors"][0]} for e in report["errors"]] if shown["errors"] else report["errors"]
    out["deals"] = [{k: d[k] for k in shown["deals"][0]} for d in report["deals"]]
    return out


def test_the_worked_examples_are_there() -> None:
    assert [p.stem for p in SPEC_EXAMPLES] == ["custom-incomplete", "hk-two-deals", "pusoy-wrong-turn"]


@pytest.mark.parametrize("path", SPEC_EXAMPLES, ids=lambda p: p.stem)
def test_spec_examples(path: Path) -> None:
    """The worked examples of fixtures/examples, field for field as they show the report."""
    example = json.loads(path.read_text(encoding="utf-8"))
    checked = check_record(example["record"], **(example.get("query") or {}))
    assert checked.report is not None
    assert _core(checked.report, example["report"]) == example["report"]
