"""The one door (bigtwo.formats.door): which format an input is, from a file name, a media
type or its first lines, and notation read only as far as the caller's bounds."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigtwo import limits
from bigtwo.formats import door
from bigtwo.formats.door import Games, decide, read_text, text_lines

BOM = "\ufeff"
GAME = "game\nprofile casual\nplayers Ana Ben Cai Dee\ndeal\nleft 0 5 9 13\n"


@pytest.mark.parametrize(("data", "name", "media_type", "expected"), [
    # the first line with something on it decides
    (b"deal 1\nhand 0: 3D", None, None, "notation"),
    (b"deal,Ana,Ben\n1,0,5", None, None, "csv"),
    (b"Deal;Ana;Ben\n1;0;5", None, None, "csv"),
    (b"deal\tAna\tBen\n", None, None, "csv"),
    (b"\n\n; a comment\n# another\nprofile casual\n", None, None, "notation"),
    (b"; only comments\n", None, None, "notation"),
    (b"Ana: 3D, Ben: 4D\n", None, None, "notation"),
    (b'{"profile": "casual"}\n{"profile": "casual"}\n', None, None, "jsonl"),
    (b'{\n  "profile": "casual"\n}\n', None, None, "json"),
    (b'{"profile": ', None, None, "json"),
    (b"", None, None, "json"),
    (b"hello there", None, None, "json"),
    # byte-order marks, however many, are no part of the text
    ((BOM * 3).encode() + b"deal 1\n", None, None, "notation"),
    ((BOM * 2).encode() + b"deal,Ana\n", None, None, "csv"),
    ((BOM * 2).encode() + b"; c\n" + (BOM * 2).encode() + b"game\n", None, None, "notation"),
    ("\ufeffdeal,Ana,Ben\n1,0,5\n".encode("utf-16"), None, None, "csv"),
    # a file name decides first, then a media type that names a format
    (b"deal 1\n", "night.csv", None, "csv"),
    (b"deal,Ana\n", "night.b2n", None, "notation"),
    (b"{}", "night.TXT", None, "csv"),
    (b"{}", "records.jsonl", "text/csv", "jsonl"),
    (b"deal 1\n", "from-the-club", "application/json", "json"),
    (b"deal 1\n", None, "application/problem+json", "json"),
    (b"{}", None, "text/x-bigtwo; charset=utf-8", "notation"),
    (b"{}", None, "TEXT/CSV", "csv"),
    (b"deal 1\n", None, "text/plain", "notation"),
])
def test_decide(data: bytes, name: str | None, media_type: str | None, expected: str) -> None:
    assert decide(data, name=name, media_type=media_type) == expected
    if name is None and media_type is None and not data.startswith(b"\xff\xfe"):
        assert decide(data.decode("utf-8", errors="replace")) == door.sniff(data)


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=1, max_value=6), st.integers(min_value=1, max_value=3))
def test_every_leading_mark_is_stripped(marks: int, games: int) -> None:
    plain = read_text(GAME * games, "notation")
    marked = read_text(BOM * marks + GAME * games, "notation")
    assert marked.problems == plain.problems == []
    assert marked.docs == plain.docs and len(plain.docs) == games


LINES = st.sampled_from(["game", "x", "deal", "left 0 5 9 13", "players Ana Ben Cai Dee",
                         "profile casual", "", "; note", "Eve: 3D", "deal 2"])


@settings(max_examples=150, deadline=None)
@given(st.lists(LINES, max_size=60), st.integers(min_value=1, max_value=4),
       st.integers(min_value=1, max_value=8))
def test_a_bounded_reading_is_a_prefix_of_the_whole(lines: list[str], most: int,
                                                    problems: int) -> None:
    text = "\n".join(lines)
    whole = list(Games(text_lines(text)))
    bounded = Games(text_lines(text), max_games=most, max_problems=problems)
    got = list(bounded)
    # the games given are the whole reading's first ones (the last one may be cut short)
    assert [g.line for g in got] == [g.line for g in whole[:len(got)]]
    assert all(a.doc == b.doc for a, b in zip(got[:-1], whole, strict=False))
    assert len(got) <= most
    if bounded.next_game_line:
        assert len(got) == most and whole[most].line == bounded.next_game_line
    elif not bounded.cut:
        assert [g.doc for g in got] == [g.doc for g in whole]
    if bounded.cut:
        assert bounded.problems >= problems


@pytest.mark.parametrize(("unit", "most", "lines_read"), [
    ("game\nx\n", 1, 3),  # the second game's line stops it
    # 2 problems a game: 50 games, known to be over when the 51st begins
    ("game\nx\n", limits.MAX_RECORDS_PER_BATCH, 2 * 50 + 1),
    ("game\n", limits.MAX_RECORDS_PER_BATCH, limits.MAX_RECORDS_PER_BATCH + 1),
    ("x\n", 1, limits.MAX_NOTATION_PROBLEMS + 1),  # one game, cut at its problem limit
    (GAME, 1, GAME.count("\n") + 1),
    (GAME, limits.MAX_RECORDS_PER_BATCH, GAME.count("\n") * limits.MAX_RECORDS_PER_BATCH + 1),
])
def test_the_reading_stops_at_its_bounds(unit: str, most: int, lines_read: int) -> None:
    text = unit * 100_000
    seen = [0]

    def counted() -> object:
        for item in text_lines(text):
            seen[0] += 1
            yield item

    games = Games(counted(), max_games=most,  # type: ignore[arg-type]
                  max_problems=limits.MAX_READ_PROBLEMS)
    list(games)
    assert seen[0] == lines_read


def test_read_text_lists_at_most_the_limit_and_says_so() -> None:
    reading = read_text("game\nx\n" * 100_000, "notation", max_records=100,
                        max_problems=limits.MAX_READ_PROBLEMS)
    assert len(reading.problems) == limits.MAX_READ_PROBLEMS + 1
    assert reading.problems[-1].detail.startswith("and possibly more: problems are listed up to")


@pytest.mark.parametrize(("text", "named"), [
    ('"game\\nprofile casual\\n"', True),
    ('  "deal 1\\nAna: 3D"\n', True),
    ('"unclosed', False),
    ('"a" "b"', False),
    ("game\n", False),
])
def test_a_json_string_is_named(text: str, named: bool) -> None:
    problem = door.json_string_problem(text, "it")
    assert (problem is not None) == named
    if problem is not None:
        assert "stringa JSON" in problem.detail
