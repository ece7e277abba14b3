"""Big Two notation on the command line: validate reads .b2n files and notation on standard
input with the same report lines as the JSON Lines of the same games; convert goes both ways;
simulate writes notation; problems are named FILE: LINE:COLUMN on stderr."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bigtwo.cli.main import main
from bigtwo.reports.i18n import LANGUAGES, translator

ROOT = Path(__file__).resolve().parents[2]
CLUB = ROOT / "fixtures" / "notation" / "club-night.b2n"


def _run(runner: Any, args: list[str], stdin: bytes | None = None) -> Any:
    return runner.invoke(main, args, input=stdin)


def test_notation_and_json_lines_give_the_same_report_lines(runner: Any, tmp_path: Path) -> None:
    jsonl = _run(runner, ["simulate", "--records", "3", "--deals", "2", "--seed", "5",
                          "--profile", "pusoy-dos"])
    notation = _run(runner, ["simulate", "--records", "3", "--deals", "2", "--seed", "5",
                             "--profile", "pusoy-dos", "--format", "notation"])
    (tmp_path / "m.jsonl").write_bytes(jsonl.stdout_bytes)
    (tmp_path / "m.b2n").write_bytes(notation.stdout_bytes)
    by_json = _run(runner, ["validate", str(tmp_path / "m.jsonl")])
    by_notation = _run(runner, ["validate", str(tmp_path / "m.b2n")])
    assert by_json.exit_code == by_notation.exit_code == 0
    assert by_notation.stdout_bytes == by_json.stdout_bytes
    piped = _run(runner, ["validate", "-"], notation.stdout_bytes)
    assert piped.stdout_bytes == by_json.stdout_bytes


def test_convert_goes_both_ways(runner: Any, tmp_path: Path) -> None:
    to_json = _run(runner, ["convert", "--to", "json", str(CLUB)])
    assert to_json.exit_code == 0 and to_json.stdout_bytes.count(b"\n") == 3
    (tmp_path / "club.jsonl").write_bytes(to_json.stdout_bytes)
    back = _run(runner, ["convert", "--to", "notation", str(tmp_path / "club.jsonl")])
    assert back.exit_code == 0 and back.stdout.startswith("game\nprofile extends hk-standard\n")
    again = _run(runner, ["convert", "--to", "json", "-"], back.stdout_bytes)
    assert again.stdout_bytes == to_json.stdout_bytes
    # the export form is a fixed point
    (tmp_path / "club.b2n").write_bytes(back.stdout_bytes)
    re_json = _run(runner, ["convert", "--to", "json", str(tmp_path / "club.b2n")])
    (tmp_path / "again.jsonl").write_bytes(re_json.stdout_bytes)
    assert _run(runner, ["convert", "--to", "notation", str(tmp_path / "again.jsonl")]
                ).stdout_bytes == back.stdout_bytes


def test_validate_names_the_club_nights_wrong_turn(runner: Any) -> None:
    result = _run(runner, ["validate", "--format", "text", str(CLUB)])
    assert result.exit_code == 1
    assert result.stdout.count("== Line ") == 3


def test_an_unreadable_game_is_named_by_line_and_column(runner: Any, tmp_path: Path) -> None:
    path = tmp_path / "bad.b2n"
    path.write_text("profile hk-standard\nplayers Ana Ben Cai Dee\ndeal 1\nEve: 3D\n"
                    "game\nprofile hk-standard\ndeal\nleft 0 1 2 3\n", encoding="utf-8")
    result = _run(runner, ["validate", str(path)])
    assert result.exit_code == 2
    assert f"error: {path}: 4:1: Eve is not a player of this game" in result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith('{"valid":null,"problems":[{"pointer":"/lines/4/1"')
    assert '"line":1' in lines[0] and lines[1].startswith('{"valid":true')


def test_problems_speak_the_language_asked_for(runner: Any, tmp_path: Path) -> None:
    path = tmp_path / "bad.b2n"
    path.write_text("profile hk-standard\nplayers Ana Ben\ndeal\nEve: 3D\n", encoding="utf-8")
    result = _run(runner, ["validate", "--lang", "de", str(path)])
    assert "spielt in diesem Spiel nicht mit" in result.stderr


def test_a_game_over_max_bytes_is_refused_alone(runner: Any, tmp_path: Path) -> None:
    path = tmp_path / "big.b2n"
    path.write_text("game\nprofile hk-standard\ndeal\n0: 3D\n" + "pass\n" * 400
                    + "game\nprofile hk-standard\ndeal\nleft 0 1 2 3\n", encoding="utf-8")
    result = _run(runner, ["validate", "--max-bytes", "1000", str(path)])
    assert result.exit_code == 2
    lines = result.stdout.splitlines()
    assert len(lines) == 2 and '"valid":null' in lines[0] and '"valid":true' in lines[1]


NOT_UTF8 = "{path}:{line}: byte {byte} of the line is not UTF-8; save the file as UTF-8 text"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_line_that_is_not_utf8_is_named_in_the_language_asked_for(
        runner: Any, tmp_path: Path, lang: str) -> None:
    """The whole line is the catalog's, framed once as an error: the byte's place, none of
    the codec's English."""
    path = tmp_path / "latin1.b2n"
    path.write_bytes("profile hk-standard\nplayers Ana Ben Cai Dée\n".encode("latin-1"))
    result = _run(runner, ["validate", "--lang", lang, str(path)])
    assert result.exit_code == 2
    catalog = translator(lang).catalog
    said = catalog.gettext(NOT_UTF8).format(path=path, line=2, byte=22)
    assert result.stderr.strip() == catalog.gettext("error: {message}").format(message=said)
    assert "invalid" not in result.stderr and result.stderr.count(str(path)) == 1
    if lang != "en":
        assert said != NOT_UTF8.format(path=path, line=2, byte=22)


def test_a_line_over_max_bytes_is_framed_as_an_error_once(runner: Any, tmp_path: Path) -> None:
    path = tmp_path / "long.b2n"
    path.write_text("profile hk-standard\n; " + "x" * 2000 + "\n", encoding="utf-8")
    result = _run(runner, ["validate", "--max-bytes", "1000", str(path)])
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"error: {path}:2: the line is over the limit of 1000 bytes "
                                     "(--max-bytes)")
