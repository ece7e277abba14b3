"""`bigtwo simulate --profile` plays the v2 variants: teams (000/004 2v2), revolution (004),
bombs of four of a kind anywhere (000), 5 players (000), and every record it writes is legal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo.cli.main import main
from bigtwo.records.parse import parse_record
from bigtwo.records.pipeline import check_record
from bigtwo.rules.combos import Combo
from bigtwo.rules.play import opening
from bigtwo.rules.table import Table

VARIANTS: dict[str, dict[str, Any]] = {
    "teams": {"extends": "pusoy-dos", "teams": [[0, 2], [1, 3]], "match": {"max_deals": 3}},
    "revolution": {"extends": "pusoy-dos", "revolution": "ranks", "bombs": "anything"},
    "five-players": {"extends": "hk-standard", "players": 5, "hand_size": 10},
    "winner-only-loss-limit": {"extends": "hk-standard", "scoring": {"settlement": "winner_only"},
                               "match": {"loss_limit": 20}},
}


def revolutions(doc: dict[str, Any]) -> int:
    """How many deals of a record reached a reversed rank order (replayed with the Table)."""
    rec, problems = parse_record(doc)
    assert rec is not None, problems
    count, previous = 0, None
    for index, deal in enumerate(rec.deals):
        free = previous if index > 0 and rec.profile.later_deals == "previous_winner" else None
        leader, card = opening(rec.profile, deal.hands, free)
        table = Table(rec.profile, deal.hands, leader, card)
        for seat, play in deal.moves:
            outcome = table.check(seat, play)
            assert outcome is None or isinstance(outcome, Combo)
            table.apply(seat, outcome)
        count += table.revolution
        previous = table.winner
    return count


@pytest.mark.parametrize("name", list(VARIANTS))
def test_simulate_plays_the_variant(tmp_path: Path, name: str) -> None:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(VARIANTS[name]), encoding="utf-8")
    runner = CliRunner(env={"BIGTWO_DB": str(tmp_path / "none.db")})
    result = runner.invoke(main, ["simulate", "--profile", str(path), "--records", "6",
                                  "--deals", "3", "--seed", "2"])
    assert result.exit_code == 0, result.output
    docs = [json.loads(line) for line in result.output.splitlines()]
    assert len(docs) == 6
    for doc in docs:
        report = check_record(doc).report
        assert report is not None and report["valid"], report and report["errors"]
        if name == "teams":
            assert len(report["team_totals"]) == 2
            assert all(d["scores"][0] == d["scores"][2] for d in report["deals"])
        if name == "five-players":
            assert len(doc["players"]) == 5
    if name == "revolution":
        assert sum(revolutions(d) for d in docs) >= 1  # the variant is really played
