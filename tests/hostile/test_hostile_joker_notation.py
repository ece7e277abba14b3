"""Hostile v4 notation: jokers, stand-ins, call marks and timeouts in bulk. Each misused token
is a problem at its column, so a megabyte of them stops at ``limits.MAX_NOTATION_PROBLEMS``;
a megabyte of well-formed ones stops at ``limits.MAX_MOVES_PER_DEAL``; a huge token is quoted
short. The answer is bounded by the limits, never by the input."""

from __future__ import annotations

import json

import pytest

from bigtwo import limits
from bigtwo.formats.notation.games import read_games

JOKERS = ("profile extends hk-standard\njokers = 2\ntimeouts = pass\nlast_card_call = liable\n"
          "players Ana Ben Cai Dee\ndeal 1\n")
PLAIN = "profile hk-standard\nplayers Ana Ben Cai Dee\ndeal 1\n"
MIB = 1024 * 1024


def _fill(head: str, piece: str) -> str:
    return head + piece * ((MIB - len(head)) // len(piece))


@pytest.mark.parametrize(("head", "piece"), [
    (JOKERS, "Ana: JK=1X, "),  # an unreadable stand-in, each its own problem
    (PLAIN, "Ana: JK=4D, "),  # no jokers: every joker is no card
    (PLAIN, "Ana: timeout, "),  # no timeouts
    (PLAIN, "Ana: 3D!, "),  # no calls
    (JOKERS, "Ana: pass!, "),  # a call on a pass
    (JOKERS, "hand Ana: JK=4D\n"),  # a stand-in held
])
def test_a_megabyte_of_misuse_stops_at_the_problem_limit(head: str, piece: str) -> None:
    (game,) = read_games(_fill(head, piece))
    assert game.doc is None
    assert len(game.problems) <= limits.MAX_NOTATION_PROBLEMS + 1


@pytest.mark.parametrize("piece", ["Ana: JK=4D!, ", "Ana: timeout, ", "Ana: jk=10h JK=10H JK=♥T, "])
def test_a_megabyte_of_v4_moves_stops_at_the_move_limit(piece: str) -> None:
    (game,) = read_games(_fill(JOKERS, piece))
    assert game.doc is None
    assert len(game.problems) == 1
    assert f"at most {limits.MAX_MOVES_PER_DEAL} moves" in game.problems[0].detail


@pytest.mark.parametrize("token", ["JK=" + "X" * 200_000, "3D" + "!" * 200_000,
                                   "JK=" + "JK=" * 60_000])
def test_a_huge_joker_token_is_quoted_short(token: str) -> None:
    (game,) = read_games(JOKERS + "Ana: " + token + "\n")
    assert game.doc is None
    size = len(json.dumps([p.as_dict() for p in game.problems], ensure_ascii=False).encode())
    assert size < 1_000
