"""`bigtwo simulate --deal-codes / --tables`: records that the duplicate comparison can use."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo.cli.main import main
from bigtwo.rules import deals
from bigtwo.rules.profiles import PRESETS
from bigtwo.rules.simulate import simulate


def simulated(runner: CliRunner, tmp_path: Path, *args: str) -> tuple[Path, list[dict[str, Any]]]:
    out = tmp_path / "sim.jsonl"
    result = runner.invoke(main, ["simulate", *args, "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out, [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("profile", sorted(PRESETS))
def test_deal_codes_replace_hands_and_replay_valid(runner: CliRunner, tmp_path: Path, profile: str) -> None:
    path, records = simulated(runner, tmp_path, "--profile", profile, "--records", "3", "--deals", "2",
                              "--deal-codes", "--seed", "8")
    all_deals = [d for r in records for d in r["deals"]]
    assert all_deals and all("deal_code" in d and "hands" not in d for d in all_deals)
    assert all(not isinstance(deals.parse_code(d["deal_code"]), str) for d in all_deals)
    result = runner.invoke(main, ["validate", str(path)])
    assert result.exit_code == 0
    assert [json.loads(x)["valid"] for x in result.stdout.splitlines()] == [True] * 3


def test_tables_play_the_same_codes_with_other_players(runner: CliRunner, tmp_path: Path) -> None:
    _, records = simulated(runner, tmp_path, "--profile", "pusoy-dos", "--records", "2", "--deals", "2",
                           "--tables", "3", "--seed", "4")
    assert len(records) == 6  # 2 matches x 3 tables
    for match in (records[0:3], records[3:6]):
        codes = [[d["deal_code"] for d in r["deals"]] for r in match]
        assert codes[0] == codes[1] == codes[2] and len(codes[0]) == 2
        names = [set(r["players"]) for r in match]
        assert names[0].isdisjoint(names[1]) and names[1].isdisjoint(names[2])
        # Same cards, independent play: the move lists differ somewhere.
        assert len({json.dumps(r["deals"][0]["moves"]) for r in match}) > 1
    assert records[0]["deals"][0]["deal_code"] != records[3]["deals"][0]["deal_code"]


def test_same_seed_same_records_and_default_output_keeps_hands(runner: CliRunner, tmp_path: Path) -> None:
    args = ["--records", "2", "--tables", "2", "--seed", "11"]
    first = simulated(runner, tmp_path, *args)[0].read_bytes()
    assert simulated(runner, tmp_path, *args)[0].read_bytes() == first
    _, plain = simulated(runner, tmp_path, "--records", "2", "--seed", "11")
    assert all("hands" in d and "deal_code" not in d for r in plain for d in r["deals"])
    # The plain path is what it was before codes existed: same records as the core's default.
    assert plain == list(simulate(PRESETS["hk-standard"], records=2, deals_per_record=1, seed=11))


def test_duplicate_comparison_scores_the_boards(runner: CliRunner, tmp_path: Path) -> None:
    """docs/TOURNAMENTS.md's walk-through: simulate tables, import them, the standings compare boards."""
    path, _ = simulated(runner, tmp_path, "--profile", "pusoy-dos", "--records", "2", "--deals", "2",
                        "--tables", "3", "--seed", "5")
    created = runner.invoke(main, ["tournament", "create", "--name", "Club", "--profile", "pusoy-dos"])
    tournament = json.loads(created.stdout)
    imported = runner.invoke(main, ["tournament", "import", tournament["id"], str(path),
                                    "--token", tournament["token"]])
    assert imported.exit_code == 0
    standings = json.loads(runner.invoke(main, ["tournament", "standings", tournament["id"]]).stdout)
    boards = standings["duplicate"]["boards"]
    assert len(boards) == 4 and {b["tables"] for b in boards} == {3}
    for board in boards:
        for seat in board["seats"]:
            points = sorted(r["match_points"] for r in seat["results"])
            assert len(points) == 3 and sum(points) == 6  # 3 tables: 2 x 3 pairs shared out


def test_five_seats_deal_codes_replay_valid(runner: CliRunner, tmp_path: Path) -> None:
    declared = tmp_path / "five.json"
    declared.write_text(json.dumps({"extends": "hk-standard", "players": 5, "hand_size": 10}))
    path, records = simulated(runner, tmp_path, "--profile", str(declared), "--records", "2",
                              "--tables", "2", "--seed", "3")
    assert all(d["deal_code"].startswith("B2-5-10-") for r in records for d in r["deals"])
    assert len(records) == 4 and records[0]["players"] == ["Ana", "Ben", "Cai", "Dee", "Eve"]
    assert records[1]["players"] == ["Fay", "Gus", "Hal", "Ivy", "Jon"]
    result = runner.invoke(main, ["validate", str(path)])
    assert result.exit_code == 0
