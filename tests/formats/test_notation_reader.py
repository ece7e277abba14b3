"""The notation reader as a person meets it (docs/NOTATION.md): every example of the spec
reads and rules as stated beside it, the hand-written games of fixtures/notation replay to the
rulings written in them, problems are named by line and column in every language, and the
reader, fuzzed, never raises and stays within the limits."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigtwo import limits
from bigtwo.formats.notation.games import check_text, read_games
from bigtwo.formats.notation.grammar import KEYWORDS
from bigtwo.reports.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
SPEC = (ROOT / "docs" / "NOTATION.md").read_text(encoding="utf-8")
EXAMPLE = re.compile(r"<!-- (notation|file): ([^>]*?) ?-->\n```b2n\n(.*?)```", re.S)
EXPECT = re.compile(r"^; expect: (.*)$", re.M)


def _ruling(text: str) -> list[str]:
    """Per game: ``valid``, ``invalid CODE POINTER`` or ``unreadable``."""
    out = []
    for _, checked in check_text(text, complete=False):
        if checked.report is None:
            out.append("unreadable")
        elif checked.report["valid"]:
            out.append("valid")
        else:
            e = checked.report["errors"][0]
            out.append(f"invalid {e['code']} {e['pointer']}")
    return out


EXAMPLES = [(m.group(1), m.group(2), m.group(3)) for m in EXAMPLE.finditer(SPEC)]


def test_the_spec_has_its_examples() -> None:
    assert len(EXAMPLES) >= 7
    assert "```ebnf" in SPEC


@pytest.mark.parametrize(("kind", "said", "text"), EXAMPLES, ids=[e[1] for e in EXAMPLES])
def test_every_spec_example_rules_as_stated(kind: str, said: str, text: str) -> None:
    if kind == "file":
        assert (ROOT / said).read_text(encoding="utf-8") == text
        assert _ruling(text) == EXPECT.findall(text)
    else:
        assert _ruling(text) == [said]


HAND_WRITTEN = sorted((ROOT / "fixtures" / "notation").glob("*.b2n"))


@pytest.mark.parametrize("path", HAND_WRITTEN, ids=[p.name for p in HAND_WRITTEN])
def test_hand_written_games_replay_to_their_ruling(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    expected = EXPECT.findall(text)
    assert expected, f"{path.name} states no ruling (; expect: ...)"
    assert _ruling(text) == expected


def test_hand_written_fixtures_cover_a_wrong_turn_and_a_score_sheet() -> None:
    texts = "".join(p.read_text(encoding="utf-8") for p in HAND_WRITTEN)
    assert "WRONG_TURN" in texts and "\nleft " in texts


BROKEN = """profile hk-standard
players Ana Ben Cai Dee
deal 1
hand Ana: 3D 9C KS
Eve: 3D
pass
Ana: 3X
"""


def test_problems_are_all_listed_by_line_and_column() -> None:
    games = read_games(BROKEN)
    assert games[0].doc is None
    details = [p.detail for p in games[0].problems]
    assert details[0].startswith("5:1: ") and "Eve" in details[0]
    assert any(d.startswith("7:6: ") and "3X" in d for d in details)
    assert [p.pointer for p in games[0].problems][0] == "/lines/5/1"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_problems_speak_every_language(lang: str) -> None:
    games = read_games(BROKEN, lang=lang)
    english = read_games(BROKEN)
    assert len(games[0].problems) == len(english[0].problems)
    if lang != "en":
        assert [p.detail for p in games[0].problems] != [p.detail for p in english[0].problems]


def test_a_written_seat_is_never_corrected() -> None:
    text = ("profile extends hk-standard\nhand_size = 3\nplayers Ana Ben Cai Dee\ndeal\n"
            "hand 3D 9C KS\nhand 4C 5H 2S\nhand 6D 6S JH\nhand 7C 8H AD\n"
            "Ana: 3D, Dee: AD\n")
    [game] = read_games(text)
    assert game.doc is not None
    assert [m["seat"] for m in game.doc["deals"][0]["moves"]] == [0, 3]
    assert _ruling(text) == ["invalid WRONG_TURN /deals/0/moves/1"]


def test_an_omitted_seat_follows_the_direction() -> None:
    text = "profile pusoy-dos\ndeal\n2: 3C, pass, -, 4D\n"
    [game] = read_games(text)
    assert game.doc is not None
    assert [m["seat"] for m in game.doc["deals"][0]["moves"]] == [2, 1, 0, 3]


TOKENS = st.sampled_from(sorted(KEYWORDS) + [
    "Ana:", "Ben", "3D", "10h", "T♥", "♦3", "pass", "-", ",", ":", "/", "=", '"', '"x"', "{",
    "}", "[", "]", "0", "7", "-1", "99999999999999999999999", ";", "#", "extends", "winner",
    "scores", "hand_size", "scoring.tiers", "\t", "\ufeff", "\r", "\x00", "é"])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(TOKENS, max_size=12).map(" ".join), max_size=30).map("\n".join)
       | st.text(max_size=400))
def test_fuzzed_reader_never_raises_and_stays_within_limits(text: str) -> None:
    for game in read_games(text):
        assert (game.doc is None) == bool(game.problems)
        assert len(game.problems) <= limits.MAX_NOTATION_PROBLEMS + 1
        if game.doc is not None:
            deals = game.doc["deals"]
            assert len(deals) <= limits.MAX_RESULT_DEALS_PER_RECORD
            for deal in deals:
                moves = deal.get("moves")
                if isinstance(moves, list):
                    assert len(moves) <= limits.MAX_MOVES_PER_DEAL
        check_text(text, complete=False)  # and the one way takes whatever it read


def test_reading_is_linear_in_the_input() -> None:
    """No input costs more than its length: a pathological line (quotes, separators) of 200 KB
    is read about as fast as the same bytes of moves (a ratio, not a wall-clock bound)."""
    normal = "profile hk-standard\ndeal\n" + "0: 3D, pass, pass, pass\n" * 8000
    hostile = "profile hk-standard\ndeal\n" + ('"\\' * 50 + ',":;' * 20 + "\n") * 600
    def cost(text: str) -> float:
        start = time.perf_counter()
        read_games(text)
        return time.perf_counter() - start
    assert len(hostile) <= len(normal) * 2
    assert cost(hostile) < max(cost(normal), 0.05) * 20


def test_limits_hold() -> None:
    many = "profile hk-standard\ndeal\n0: 3D\n" + "pass\n" * (limits.MAX_MOVES_PER_DEAL + 5)
    [game] = read_games(many)
    assert game.doc is None and "1000 moves" in game.problems[0].detail
    cards = "profile hk-standard\ndeal\n0: " + "3D " * 60 + "\n"
    [game] = read_games(cards)
    assert game.doc is None and "52 cards" in game.problems[0].detail
    lots = "profile hk-standard\n" + "".join("deal\nEve: 3D\n" for _ in range(150))
    [game] = read_games(lots)
    assert len(game.problems) == limits.MAX_NOTATION_PROBLEMS + 1
