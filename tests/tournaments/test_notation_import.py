"""``bigtwo tournament import`` and ``replace`` read Big Two notation as ``validate`` does: a
.b2n file by its extension, standard input by its first lines (the library's one door); a
file of N games is N records, each named by its first line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo.cli.main import main
from bigtwo.formats.door import read_text

BROKEN = "game\nprofile casual\nplayers Ana Ben Cai Dee\ndeal\nEve: 3D\n"


def invoke(runner: CliRunner, *args: str, stdin: bytes | None = None) -> Any:
    return runner.invoke(main, ["tournament", *args], input=stdin, catch_exceptions=False)


def _games(runner: CliRunner, n: int, seed: int = 4) -> str:
    made = runner.invoke(main, ["simulate", "--records", str(n), "--deals", "1", "--seed",
                                str(seed), "--profile", "casual", "--format", "notation"])
    assert made.exit_code == 0
    return str(made.stdout)


def _create(runner: CliRunner) -> tuple[str, str]:
    made = invoke(runner, "create", "--name", "Club", "--profile", "casual")
    created = json.loads(made.stdout)
    return created["id"], created["token"]


@pytest.mark.parametrize("how", ["file", "stdin"])
def test_a_notation_file_of_n_games_is_n_records(runner: CliRunner, tmp_path: Path,
                                                 how: str) -> None:
    tid, token = _create(runner)
    text = _games(runner, 3) + BROKEN
    path = tmp_path / "night.b2n"
    path.write_text(text, encoding="utf-8")
    where, stdin = (str(path), None) if how == "file" else ("-", text.encode())
    done = invoke(runner, "import", tid, where, "--token", token, "--json", stdin=stdin)
    summary = json.loads(done.stdout)
    assert (summary["valid"], summary["unreadable"], done.exit_code) == (3, 1, 1)
    firsts = [n for n, line in enumerate(text.split("\n"), start=1) if line == "game"]
    assert [entry["line"] for entry in summary["lines"]] == firsts
    assert f"{firsts[-1] + 4}:1: Eve is not a player of this game" in summary["lines"][-1]["reason"]
    listed = json.loads(invoke(runner, "records", tid, "--json").stdout)
    assert len(listed["records"]) == 3


def test_the_text_summary_names_an_unreadable_game_by_its_first_line(runner: CliRunner) -> None:
    tid, token = _create(runner)
    text = _games(runner, 1) + BROKEN
    done = invoke(runner, "import", tid, "-", "--token", token, stdin=text.encode())
    broken_at = text.count("\n") - BROKEN.count("\n") + 1
    assert done.stdout.splitlines() == [
        f"line {broken_at}: unreadable: {broken_at + 4}:1: Eve is not a player of this game "
        "(Ana, Ben, Cai, and Dee)",
        "2 records: 1 valid, 0 invalid, 0 duplicate, 0 rejected, 1 unreadable"]


@pytest.mark.parametrize("how", ["file", "stdin"])
def test_replace_takes_a_game_of_notation(runner: CliRunner, tmp_path: Path, how: str) -> None:
    tid, token = _create(runner)
    first, second = _games(runner, 1, seed=4), _games(runner, 1, seed=5)
    invoke(runner, "import", tid, "-", "--token", token, stdin=first.encode())
    [old] = json.loads(invoke(runner, "records", tid, "--json").stdout)["records"]
    path = tmp_path / "fixed.b2n"
    path.write_text(second, encoding="utf-8")
    where, stdin = (str(path), None) if how == "file" else ("-", second.encode())
    done = invoke(runner, "replace", tid, old["id"], where, "--token", token, stdin=stdin)
    assert done.exit_code == 0, done.output
    entry = json.loads(done.stdout)
    assert entry["replaces"] == old["id"] and entry["id"] != old["id"]
    [new] = [r for r in json.loads(invoke(runner, "records", tid, "--json").stdout)["records"]
             if r["id"] == entry["id"]]
    assert new["players"] == read_text(second, "notation").docs[0]["players"]


@pytest.mark.parametrize(("text", "said"), [
    ("two games", "a second game begins here: give the games one at a time"),
    (BROKEN, "5:1: Eve is not a player of this game"),
])
def test_replace_refuses_notation_that_is_not_one_readable_game(
        runner: CliRunner, tmp_path: Path, text: str, said: str) -> None:
    tid, token = _create(runner)
    games = _games(runner, 2)
    invoke(runner, "import", tid, "-", "--token", token, stdin=games.encode())
    rid = json.loads(invoke(runner, "records", tid, "--json").stdout)["records"][0]["id"]
    path = tmp_path / "fixed.b2n"
    path.write_text(games if text == "two games" else text, encoding="utf-8")
    done = invoke(runner, "replace", tid, rid, str(path), "--token", token)
    assert done.exit_code == 2 and said in done.stderr


def _wrong_turn(text: str) -> tuple[str, int, int]:
    """``text`` with the second move of the last game's first trick passed by a player whose
    turn it is not, and that move's line and column."""
    lines = text.split("\n")
    first_move = max(n for n, line in enumerate(lines) if line.startswith("hand ")) + 1
    players = next(line for line in reversed(lines) if line.startswith("players ")).split()[1:]
    moves = lines[first_move].split(", ")
    named = {moves[0].split(":")[0], moves[1].split(":")[0]}
    moves[1] = f"{next(p for p in players if p not in named)}: pass"
    lines[first_move] = ", ".join(moves)
    return "\n".join(lines), first_move + 1, len(moves[0]) + 3


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "WRONG_TURN at line {line}, column {column}: "),
    ("zh-Hant-HK", "WRONG_TURN（第 {line} 行第 {column} 欄）："),
])
def test_a_rule_broken_in_a_notation_game_is_named_by_its_line(
        runner: CliRunner, lang: str, said: str) -> None:
    tid, token = _create(runner)
    text, line, column = _wrong_turn(_games(runner, 2))
    done = invoke(runner, "import", tid, "-", "--token", token, "--lang", lang,
                  stdin=text.encode())
    assert said.format(line=line, column=column) in done.stdout
    assert "/deals/0/moves/1" not in done.stdout
    as_json = invoke(runner, "import", tid, "-", "--token", token, "--json",
                     stdin=_wrong_turn(_games(runner, 2, seed=5))[0].encode())
    reason = json.loads(as_json.stdout)["lines"][-1]["reason"]
    assert reason.startswith("WRONG_TURN at line ") and "(/deals/0/moves/1)" in reason
