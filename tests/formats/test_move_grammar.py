"""One move-line grammar: the one-pass pre-check (``lines.fast_moves``) takes a line only when
the careful reading (``GameReader._move_line``) would read it to the same moves, seats, lines
and columns with nothing to say; the keywords a reader knows are the keywords it has a
handler for."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigtwo.formats.notation.games import read_games
from bigtwo.formats.notation.grammar import KEYWORDS, Stop
from bigtwo.formats.notation.lines import NotationReader, fast_moves
from bigtwo.formats.notation.reader import KEYWORD_HANDLERS, GameReader

HEADER = 'profile hk-standard\nplayers Ana Ben "1" "0"\ndeal\n'


def _reader_in_deal(first: str | None) -> GameReader:
    reader = NotationReader()
    for number, line in enumerate((HEADER + (first or "")).split("\n"), start=1):
        reader.feed(number, line)
    assert reader.game is not None
    return reader.game


def _state(game: GameReader) -> tuple[object, ...]:
    deal = game.deals[-1]
    return deal.moves, deal.move_lines, deal.move_cols, deal.prev, game.problems


PIECES = st.sampled_from([
    "Ana:", "ana:", "Ben :", "0:", "1:", "3:", "7:", ":", "Eve:", "3D", "10h", "T♥", "♦3", "3d",
    "XX", "pass", "PASS", "-", "", " ", "\t", "2S 2H", "1"])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(PIECES, max_size=4).map(" ".join), min_size=1, max_size=6).map(",".join),
       st.sampled_from([None, "Ana: 3D\n", "2: 3D\n"]))
def test_the_pre_check_takes_a_line_only_as_the_careful_reading_reads_it(
        line: str, first: str | None) -> None:
    fast = _reader_in_deal(first)
    careful = _reader_in_deal(first)
    number = 99
    if not fast_moves(fast, fast.deals[-1], number, line, 1):
        assert _state(fast) == _state(_reader_in_deal(first))  # nothing kept
        return
    try:
        careful._move_line(careful.deals[-1], number, line, 1)
    except Stop:  # pragma: no cover - the pre-check never takes a line past a limit
        pytest.fail("the pre-check took a line the careful reading stops at")
    assert _state(fast) == _state(careful)
    assert not careful.problems


@pytest.mark.parametrize("line", ["1: 3D", '1: 3D, "Ana": pass'])
def test_digits_are_a_seat_number_on_either_reading_whatever_the_names(line: str) -> None:
    # Players named "1" and "0" sit at seats 2 and 3: an unquoted 1 is still seat 1.
    [game] = read_games(HEADER + line + "\n")
    assert game.doc is not None
    assert game.doc["deals"][0]["moves"][0]["seat"] == 1


def test_every_keyword_has_its_handler() -> None:
    # ``game`` is the file reader's: it ends one game and starts the next.
    assert set(KEYWORD_HANDLERS) | {"game"} == KEYWORDS
    assert all(callable(handler) for handler in KEYWORD_HANDLERS.values())


def test_the_turn_order_unknown_is_said_once_a_game() -> None:
    text = "deal\n0: 3D, pass, pass\npass\n"
    [game] = read_games(text)
    assert game.doc is None
    assert [p.detail.split(": ", 1)[0] for p in game.problems] == ["2:7"]
