"""One JSON style for every command (bigtwo.cli.shared.output; docs/CLI.md, "Checking records"): one
answer is a pretty document, a stream of answers is JSON Lines, whatever the command."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo.cli.main import main
from bigtwo.cli.shared.output import json_document
from tests.conftest import EXAMPLES, FIXTURES, ROOT
from tests.tournaments.helpers import simulated


def shape(out: str) -> str:
    """"document": one value, laid out as json_document lays it out; "lines": several
    values, one compact value per line."""
    lines = out.splitlines()
    if len(lines) > 1 and all(line.startswith(("{", "[")) and line.endswith(("}", "]"))
                              for line in lines):
        for line in lines:
            json.loads(line)
        return "lines"
    assert out.encode("utf-8") == json_document(json.loads(out)), out[:300]
    return "document"


@pytest.fixture
def place(tmp_path: Path, runner: CliRunner) -> dict[str, str]:
    """Files and a tournament the commands below work on."""
    games = (FIXTURES / "notation" / "club-night.b2n").read_text(encoding="utf-8")
    one_game = (FIXTURES / "notation" / "pusoy-wrong-turn.b2n")
    records = tmp_path / "two.jsonl"
    records.write_text("".join(json.dumps(r) + "\n" for r in simulated(2, seed=3)), encoding="utf-8")
    made = runner.invoke(main, ["tournament", "create", "--name", "Club", "--profile", "casual"])
    tournament = json.loads(made.stdout)
    runner.invoke(main, ["tournament", "import", tournament["id"], str(records),
                         "--token", tournament["token"]])
    many = tmp_path / "many.b2n"
    many.write_text(games, encoding="utf-8")
    return {"one_json": str(EXAMPLES / "hk-two-deals.json"), "one_game": str(one_game),
            "many_games": str(many), "jsonl": str(records), "tid": tournament["id"],
            "token": tournament["token"], "sheet": str(ROOT / "examples" / "club-night.csv")}


COMMANDS = [
    (["validate", "{one_json}"], "document"),
    (["validate", "{one_game}"], "document"),       # was a compact line
    (["validate", "{many_games}"], "lines"),
    (["validate", "{jsonl}"], "lines"),
    (["sheet", "{sheet}", "--profile", "hk-standard"], "document"),
    (["convert", "{one_game}", "--to", "json"], "document"),
    (["convert", "{many_games}", "--to", "json"], "lines"),
    (["simulate", "--records", "3"], "lines"),
    (["tournament", "create", "--name", "Night", "--profile", "casual"], "document"),  # was compact
    (["tournament", "list", "--json"], "document"),
    (["tournament", "standings", "{tid}"], "document"),
    (["tournament", "records", "{tid}", "--json"], "document"),
    (["tournament", "audit", "{tid}"], "document"),
    (["tournament", "import", "{tid}", "{jsonl}", "--token", "{token}", "--json"], "document"),
    (["season", "create", "--name", "League", "--profile", "casual"], "document"),
    (["season", "list"], "document"),
    (["keys", "create", "--label", "Ana"], "document"),
]


@pytest.mark.parametrize(("args", "expected"), COMMANDS, ids=[" ".join(a[:2]) + f" {e}" for a, e in COMMANDS])
def test_every_command_prints_json_in_the_one_style(
        runner: CliRunner, place: dict[str, str], args: list[str], expected: str) -> None:
    result = runner.invoke(main, [a.format(**place) for a in args])
    assert result.exit_code in (0, 1, 2), result.output
    assert result.stdout, result.output
    assert shape(result.stdout) == expected


def test_keys_list_is_a_line_per_key(runner: CliRunner) -> None:
    for label in ("Ana", "Ben"):
        runner.invoke(main, ["keys", "create", "--label", label])
    assert shape(runner.invoke(main, ["keys", "list"]).stdout) == "lines"


def test_a_document_keeps_letters_as_they_are(runner: CliRunner, tmp_path: Path) -> None:
    runner.invoke(main, ["tournament", "create", "--name", "Café 大老二", "--profile", "casual"])
    listed: Any = runner.invoke(main, ["tournament", "list", "--json"]).stdout
    assert "Café 大老二" in listed and "\\u" not in listed
