"""Rule errors of a game read from Big Two notation, tied to the place in the file where the
referee wrote the move (docs/NOTATION.md, "Problems"). The report is the JSON record's,
byte for byte, but for the ``line`` and ``column`` (from 1) each error of a move gains: the
referee counts lines, not moves across lines (a wrong turn on line 14 is ``/deals/0/moves/22``
in the record). A JSON record's report never has them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bigtwo.formats.notation.grammar import Game


def place_of(game: Game, deal: Any, move: Any) -> tuple[int, int] | None:
    """The (line, column) of move ``move`` of deal ``deal`` in the game's file, or None when
    the game did not write it move by move (a ``moves [...]`` fallback, a move out of range)."""
    if type(deal) is not int or type(move) is not int or not 0 <= deal < len(game.move_lines):
        return None
    lines, cols = game.move_lines[deal], game.move_cols[deal]
    if not 0 <= move < len(lines) or move >= len(cols):
        return None
    return lines[move], cols[move]


def placed(error: Mapping[str, Any], game: Game) -> dict[str, Any]:
    """The error with ``line`` and ``column`` after its pointer, when its move has a place."""
    place = place_of(game, error.get("deal"), error.get("move"))
    if place is None:
        return dict(error)
    out: dict[str, Any] = {}
    for key, value in error.items():
        out[key] = value
        if key == "pointer":
            out["line"], out["column"] = place
    if "line" not in out:
        out["line"], out["column"] = place
    return out


def place_errors(report: dict[str, Any], game: Game) -> dict[str, Any]:
    """``report`` (changed in place, and returned) with every rule error of a written move
    placed in the file."""
    if game.move_lines:
        report["errors"] = [placed(e, game) for e in report["errors"]]
    return report
