"""Item 6: a rule broken in a game read from Big Two notation is tied to the place the referee
wrote its move. The JSON report's errors gain ``line`` and ``column`` (from 1, the move's first
character), the text ruling says "line L, column C" where a JSON record's says "move N", and
a JSON record's report is unchanged (goldens stay byte for byte)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo.cli.main import main
from bigtwo.formats.notation.games import check_text, read_games
from bigtwo.formats.notation.writer import write_record
from bigtwo.formats.text_report import render_report
from bigtwo.records.pipeline import check_record
from tests.tournaments.helpers import simulated

HEAD = """profile extends hk-standard
hand_size = 3
players Ana Ben Cai Dee
deal 1
hand Ana: 3D 9C KS
hand Ben: 4C 5H 2S
hand Cai: 6D 6S JH
hand Dee: 7C 8H AD
"""

# (the moves as written, the line and column of the broken move, its index in the record)
CASES = [
    ("Ana: 3D, Ben: 4C, Dee: AD\n", 9, 19, 2),
    ("Ana: 3D\nBen: 4C\n   Cai: JH\nAna: 9C\n", 12, 1, 3),
    ("Ana: 3D, 4C, JH\n\n; a comment\n  Ben: 2S ; out of turn\n", 12, 3, 3),
    ("Ana: 3D, 4C, JH, AD, pass, 2S, pass, pass, pass\nBen: 5H, Cai: 6D\n", 10, 10, 10),
    ('Ana: 3D, "Ben": 4C, "Dee": AD\n', 9, 21, 2),  # the careful path (quoted names)
    ("Ana: 3D,\tBen: 4C,   Dee: 7C\n", 9, 21, 2),
]


@pytest.mark.parametrize(("moves", "line", "column", "move"), CASES)
def test_each_rule_error_carries_the_place_of_its_move(moves: str, line: int, column: int,
                                                       move: int) -> None:
    (game, checked), = check_text(HEAD + moves)
    assert checked.report is not None and not checked.report["valid"]
    error = checked.report["errors"][0]
    assert (error["move"], error["line"], error["column"]) == (move, line, column)
    assert list(error)[:7] == ["code", "deal", "move", "seat", "pointer", "line", "column"]
    written = (HEAD + moves).split("\n")[line - 1]
    assert not written[:column - 1].strip(" \t,") or written[column - 2] in " \t,"
    # The JSON record the game stands for has the same report, without the places.
    plain = check_record(game.doc).report
    assert plain is not None
    assert [{k: v for k, v in e.items() if k not in ("line", "column")}
            for e in checked.report["errors"]] == plain["errors"]
    assert all("line" not in e for e in plain["errors"])


def test_the_text_ruling_names_the_line_and_a_json_record_the_move() -> None:
    (game, checked), = check_text(HEAD + "Ana: 3D\nBen: 4C\nDee: AD\n")
    assert checked.report is not None
    text = render_report(checked.report, checked.record)
    assert "! WRONG_TURN (line 11, column 1, Dee): It is Cai's turn, not Dee's" in text
    plain = check_record(game.doc)
    assert "! WRONG_TURN (move 3, Dee): It is seat 3's turn, not seat 4's" in render_report(
        plain.report, plain.record)  # type: ignore[arg-type]


@pytest.mark.parametrize(("moves", "code", "named"), [
    ("Ana: 3D\nBen: 4C\nDee: AD\n", "WRONG_TURN", "Cai"),
    ("Ana: 3D\nBen: KS\n", "CARD_NOT_HELD", "Ben"),
])
def test_the_text_ruling_names_the_files_players_in_every_language(moves: str, code: str,
                                                                    named: str) -> None:
    (_, checked), = check_text(HEAD + moves)
    assert checked.report is not None and checked.report["errors"][0]["code"] == code
    for lang in ("en", "de", "it", "fil", "zh-Hans", "zh-Hant-HK", "zh-Hant-TW"):
        text = render_report(checked.report, checked.record, lang)
        line = next(x for x in text.split("\n") if x.startswith("  ! "))
        message = line.split("): ", 1)[1]
        assert named in message and not any(ch.isdigit() for ch in message), (lang, line)


@pytest.mark.parametrize("fmt", ["json", "text"])
def test_the_cli_places_rule_errors(tmp_path: Path, fmt: str) -> None:
    path = tmp_path / "game.b2n"
    path.write_text(HEAD + "Ana: 3D\nBen: 4C\nDee: AD\n")
    result = CliRunner().invoke(main, ["validate", "--format", fmt, str(path)])
    assert result.exit_code == 1
    if fmt == "json":
        (error,) = json.loads(result.output)["errors"]
        assert (error["line"], error["column"]) == (11, 1)
    else:
        assert "(line 11, column 1, Dee)" in result.output


def test_a_valid_or_json_record_report_is_unchanged() -> None:
    record: dict[str, Any] = simulated(1, seed=5)[0]
    (game, checked), = check_text(write_record(record))
    assert checked.report == check_record(record).report


def test_moves_given_as_json_have_no_place() -> None:
    (game,) = read_games(HEAD + 'moves [{"seat": 0, "play": ["3D"]}, {"seat": 2, "play": ["JH"]}]\n')
    (_, checked), = check_text(HEAD + 'moves [{"seat": 0, "play": ["3D"]}, {"seat": 2, "play": ["JH"]}]\n')
    assert game.doc is not None and checked.report is not None
    assert checked.report["errors"] and "line" not in checked.report["errors"][0]


def test_the_api_places_rule_errors_of_a_notation_body(client: Any) -> None:
    body = (HEAD + "Ana: 3D\nBen: 4C\nDee: AD\n").encode()
    answer = client.post("/v1/validate", data=body, content_type="text/x-bigtwo")
    assert answer.status_code == 200, answer.get_data()[:300]
    (error,) = answer.get_json()["errors"]
    assert (error["pointer"], error["line"], error["column"]) == ("/deals/0/moves/2", 11, 1)
    (game,) = read_games(HEAD + "Ana: 3D\nBen: 4C\nDee: AD\n")
    plain = client.post("/v1/validate", json=game.doc).get_json()
    assert "line" not in plain["errors"][0]


def test_the_batch_places_each_games_rule_errors_in_the_whole_text(client: Any) -> None:
    """Two games in one body: the second game's error is at its own line of the whole text,
    not at the line it would have in a file of its own."""
    game = "game\n" + HEAD + "Ana: 3D\nBen: 4C\nDee: AD\n"
    body = (game + game).encode()
    answer = client.post("/v1/validate/batch", data=body, content_type="text/x-bigtwo")
    assert answer.status_code == 200, answer.get_data()[:300]
    first, second = answer.get_json()["reports"]
    assert (first["errors"][0]["line"], first["errors"][0]["column"]) == (12, 1)
    assert (second["errors"][0]["line"], second["errors"][0]["column"]) == (12 + game.count("\n"), 1)
