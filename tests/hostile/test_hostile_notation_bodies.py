"""Hostile notation bodies (the hardening issue's items 2 and 3): a megabyte of games that
each cost a problem or two (``game\\nx\\n`` repeated), of empty games (``game\\n``), of one
game of broken lines, or of good games past the limit. Every surface that reads a whole text
(``/v1/validate``, ``/v1/validate/batch``, a tournament upload, the home page's ``/replay``,
``bigtwo tournament replace``) reads it through the one door, which stops at the first game
past what the surface takes and at ``MAX_READ_PROBLEMS`` problems: the work is counted in
lines the reader is handed, never in wall time. ``bigtwo validate`` checks every game of a
file by design; there each line is read once and each game's problems stay bounded.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo import limits
from bigtwo.cli.main import main
from bigtwo.formats import door
from tests.hostile.test_hostile_table import Hostile, hostile  # noqa: F401

MIB = 1024 * 1024
NOTATION = "text/x-bigtwo"
GOOD = ("game\nprofile casual\nplayers Ana Ben Cai Dee\ndeal\n"
        "left 0 5 9 13\n")  # a result-only deal: a whole game in five lines
SHAPES: dict[str, tuple[str, int]] = {
    # name -> (the unit repeated to a megabyte, lines per game; 0: one game)
    "game x": ("game\nx\n", 2),
    "empty games": ("game\n", 1),
    "one game of stray moves": ("x\n", 0),
    "good games": (GOOD, GOOD.count("\n")),
}
SURFACES = ("/v1/validate", "/v1/validate/batch", "upload", "/replay", "cli replace")
# The games a surface takes from one text: the reading stops where the next one begins.
TAKES = {"/v1/validate": 1, "/v1/validate/batch": limits.MAX_RECORDS_PER_BATCH,
         "upload": limits.MAX_RECORDS_PER_BATCH, "/replay": 1, "cli replace": 1}


def _body(unit: str) -> bytes:
    return (unit * ((MIB - 4096) // len(unit))).encode()  # room for a form's framing


class Work:
    """Lines handed to the notation reader and games it gave back, on every surface: counted
    where the door builds its reader (``door.Games``)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.lines = self.games = self.problems = 0
        original_init, original_iter = door.Games.__init__, door.Games.__iter__
        work = self

        def init(games: door.Games, lines: Iterable[tuple[str, int]], **options: Any) -> None:
            def counted() -> Iterator[tuple[str, int]]:
                for item in lines:
                    work.lines += 1
                    yield item
            original_init(games, counted(), **options)

        def iterate(games: door.Games) -> Iterator[Any]:
            for game in original_iter(games):
                work.games += 1
                work.problems += len(game.problems)
                yield game

        monkeypatch.setattr(door.Games, "__init__", init)
        monkeypatch.setattr(door.Games, "__iter__", iterate)


def _send(h: Hostile, surface: str, body: bytes, tmp_path: Path) -> tuple[int, int]:
    """(status or exit code, bytes of the answer)."""
    if surface == "/replay":
        import io

        answer = h.client.post("/replay", data={
            "record": "", "profile": "casual", "complete": "on", "lang": "en",
            "file": (io.BytesIO(body), "g.b2n")}, content_type="multipart/form-data")
        return answer.status_code, len(answer.get_data())
    if surface == "cli replace":
        path = tmp_path / "g.b2n"
        path.write_bytes(body)
        result = CliRunner().invoke(main, ["tournament", "replace", h.tournament, "r-0", str(path),
                                           "--token", h.token, "--server", "http://127.0.0.1:9"])
        return result.exit_code, len(result.output)
    path = (f"/v1/tournaments/{h.tournament}/records" if surface == "upload"
            else surface + "?profile=casual")
    answer = h.client.post(path, data=body, content_type=NOTATION, headers=h.auth)
    return answer.status_code, len(answer.get_data())


# Good games on the surfaces that take many are the next test's, with their exact count.
@pytest.mark.parametrize(("surface", "shape"), [
    (surface, shape) for surface in SURFACES for shape in SHAPES
    if shape != "good games" or TAKES[surface] == 1])
def test_a_megabyte_of_games_is_read_only_as_far_as_its_answer(
        hostile: Hostile, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,  # noqa: F811
        surface: str, shape: str) -> None:
    unit, per_game = SHAPES[shape]
    hostile.app.config["MAX_CONTENT_LENGTH"] = limits.MAX_BODY_BYTES
    body = _body(unit)
    work = Work(monkeypatch)
    status, size = _send(hostile, surface, body, tmp_path)
    assert status in (422, 2), (surface, shape, status)
    taken = TAKES[surface]
    # A game's problems stop it at MAX_NOTATION_PROBLEMS; the body's at MAX_READ_PROBLEMS;
    # and no game past the first one the surface does not take is read.
    most_lines = min(per_game * (taken + 1) if per_game else body.count(b"\n"),
                     2 * limits.MAX_READ_PROBLEMS + 2 * max(per_game, 1))
    assert work.lines <= most_lines + 1, (surface, shape, work.lines)
    assert work.games <= taken + 1 and work.problems <= 2 * limits.MAX_READ_PROBLEMS
    # The answer lists at most 101 problems (the page also gives the text back to edit).
    assert size < 200_000 + (len(body) if surface == "/replay" else 0), (surface, shape, size)


@pytest.mark.parametrize(("surface", "status"), [
    ("/v1/validate", 422), ("/v1/validate/batch", 422), ("upload", 422), ("/replay", 422),
    ("cli replace", 2)])
def test_good_games_past_the_limit_stop_at_the_first_one_too_many(
        hostile: Hostile, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,  # noqa: F811
        surface: str, status: int) -> None:
    hostile.app.config["MAX_CONTENT_LENGTH"] = limits.MAX_BODY_BYTES
    body = _body(GOOD)
    work = Work(monkeypatch)
    got, _ = _send(hostile, surface, body, tmp_path)
    assert got == status
    taken = TAKES[surface]
    assert work.games == taken and work.lines == taken * GOOD.count("\n") + 1


@pytest.mark.parametrize("shape", [s for s in SHAPES if s != "good games"])
def test_the_command_line_reads_each_line_once_and_bounds_each_game(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, shape: str) -> None:
    unit, _ = SHAPES[shape]
    body = (unit * (64 * 1024 // len(unit))).encode()
    path = tmp_path / "g.b2n"
    path.write_bytes(body)
    work = Work(monkeypatch)
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 2
    assert work.lines == body.count(b"\n")
    assert work.problems <= work.games * (limits.MAX_NOTATION_PROBLEMS + 1)


def test_a_json_encoded_megabyte_is_one_problem_and_no_reading(
        hostile: Hostile, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:  # noqa: F811
    import json

    hostile.app.config["MAX_CONTENT_LENGTH"] = limits.MAX_BODY_BYTES
    body = json.dumps("game\nx\n" * (MIB // 12)).encode()
    work = Work(monkeypatch)
    for surface in ("/v1/validate", "/v1/validate/batch", "upload"):
        answer = hostile.client.post(
            f"/v1/tournaments/{hostile.tournament}/records" if surface == "upload" else surface,
            data=body, content_type=NOTATION, headers=hostile.auth)
        assert answer.status_code == 422 and len(answer.get_json()["errors"]) == 1
    assert work.lines == 0
