"""The same club season through the CLI, on the local store and against a server: the figures
worked by hand in tests/seasons/club.py, and a draw for the next night."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo.cli.main import main
from tests.seasons.club import EXPECTED, NIGHTS


def run(runner: CliRunner, *args: str) -> Any:
    result = runner.invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


@pytest.mark.parametrize("remote", [False, True], ids=["local", "server"])
def test_a_club_season_through_the_cli(runner: CliRunner, tmp_path: Path, request: Any,
                                       remote: bool) -> None:
    where = ("--server", request.getfixturevalue("server")) if remote else ()
    season = json.loads(run(runner, "season", "create", "--name", "Thursdays", "--profile",
                            "casual", *where).stdout)
    sid, token = season["id"], season["token"]
    mistaken = None
    for i, records in enumerate(NIGHTS, 1):
        made = json.loads(run(runner, "tournament", "create", "--name", f"Night {i}",
                              "--profile", "casual", *where).stdout)
        path = tmp_path / f"night{i}.jsonl"
        path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
        imported = json.loads(run(runner, "tournament", "import", made["id"], str(path),
                                  "--token", made["token"], "--json", *where).stdout)
        if len(records) > 1:
            mistaken = (made["id"], made["token"], imported["lines"][1]["id"])
        added = json.loads(run(runner, "season", "add", sid, made["id"], "--token", token,
                               "--by", "Mo", *where).stdout)
        assert added["attached"] is True
    assert mistaken is not None
    run(runner, "tournament", "withdraw", mistaken[0], mistaken[2], "--token", mistaken[1],
        "--reason", "wrong table", *where)
    run(runner, "season", "alias", sid, "Benjamin", "Ben", "--token", token, *where)

    table = json.loads(run(runner, "season", "standings", sid, *where).stdout)
    assert [(r["name"], r["points"], r["tournaments"], r["deals"])
            for r in table["players"]] == EXPECTED
    text = run(runner, "season", "standings", sid, "--csv", *where).stdout.removeprefix("\ufeff")
    assert [row[1] for row in csv.reader(io.StringIO(text))][1:] == [n for n, *_ in EXPECTED]
    ratings = json.loads(run(runner, "season", "ratings", sid, *where).stdout)
    eve = next(r for r in ratings if r["name"] == "Eve")
    assert [h["night"] for h in eve["history"]] == [3, 4]

    # The next night's draw continues from the tables already played.
    played = [r["players"] for night in NIGHTS for r in night[:1]]
    previous = tmp_path / "previous.json"
    previous.write_text(json.dumps(played), encoding="utf-8")
    drawn = json.loads(run(runner, "draw", "--profile", "casual", "--rounds", "2", "--seed",
                           "5", "--previous", str(previous), "Ana", "Ben", "Cai", "Dee",
                           "Eve", *where).stdout)
    assert [len(r["sitting_out"]) for r in drawn["rounds"]] == [1, 1]
    assert drawn["rounds"][0]["sitting_out"] != drawn["rounds"][1]["sitting_out"]

    # Detaching a night and undoing the alias, each audit-logged on the way.
    run(runner, "season", "remove", sid, table["tournaments"][3], "--token", token, *where)
    run(runner, "season", "alias", sid, "Benjamin", "--undo", "--token", token, *where)
    after = {r["name"]: r for r in json.loads(
        run(runner, "season", "standings", sid, *where).stdout)["players"]}
    assert after["Benjamin"]["points"] == 1000.0 and after["Eve"]["tournaments"] == 1


def test_refusals_are_the_apis_problems(runner: CliRunner) -> None:
    season = json.loads(run(runner, "season", "create", "--name", "S").stdout)
    wrong = runner.invoke(main, ["season", "add", season["id"], "t-nope", "--token", "b2s_x"])
    assert wrong.exit_code == 2 and "token is not valid" in wrong.output
    bad = runner.invoke(main, ["draw", "--profile", "casual", "--rounds", "1", "a", "b"])
    assert bad.exit_code == 2 and "cannot fill a table of 4" in bad.output
