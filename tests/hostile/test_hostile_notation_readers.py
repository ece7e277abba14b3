"""Hostile input classes of the notation hardening, each on every reader where it applies.

- A huge token (items 10): every reader that quotes input in a problem (Big Two notation,
  JSON records and their profiles, score sheets, the API's card fields) quotes at most
  ``limits.MAX_QUOTED_CHARS`` characters of it, then ``…`` and its length; an unknown key
  longer than ``limits.MAX_POINTER_KEY_CHARS`` is shortened in its pointer. A problem document
  stays the size of a line whatever the token: ``left `` and a megabyte of ``\\x01`` gave a
  problem of 5.2 MB.
- A quoted notation name that is no JSON string (item 14): a bad escape, a lone surrogate, a
  raw control character or an unclosed quote is refused at its line and column with its own
  message, in every language, never kept with its quotes as a name.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from bigtwo import limits
from bigtwo.formats.notation.games import check_text, read_games
from bigtwo.formats.sheets import sheet_to_record
from bigtwo.records.pipeline import check_record
from bigtwo.reports.i18n import LANGUAGES
from bigtwo.reports.notation_words import NotationWords
from bigtwo.rules.problems import Problem

HUGE = 200_000
BOUND = 1_000  # bytes of a problem list that quotes one huge token (a line's worth)
HEAD = "profile hk-standard\nplayers Ana Ben Cai Dee\ndeal 1\n"
DEAL = {"hands": [["3D"], ["4D"], ["5D"], ["6D"]], "moves": [{"seat": 0, "play": ["3D"]}]}


def _size(problems: list[Problem]) -> int:
    return len(json.dumps([p.as_dict() for p in problems], ensure_ascii=False).encode())


def _notation(text: str) -> list[Problem]:
    (_, checked), = check_text(text)
    assert checked.report is None, "the game should not be readable"
    return checked.problems


def _record(doc: dict[str, Any]) -> list[Problem]:
    checked = check_record(doc)
    assert checked.report is None
    return checked.problems


def _sheet(text: str) -> list[Problem]:
    record, problems = sheet_to_record(text, "hk-standard")
    assert record is None
    return problems


# Each reader, and the input it is given with a huge token ``t`` in it.
READERS: dict[str, Callable[[str], list[Problem]]] = {
    "notation left": lambda t: _notation(HEAD + "left " + t),
    "notation move": lambda t: _notation(HEAD + "Ana: " + t),
    "notation mover": lambda t: _notation(HEAD + t + ": 3D"),
    "notation hand": lambda t: _notation(HEAD + "hand " + t),
    "notation hand label": lambda t: _notation(HEAD + f'hand "{t}": 3D'),
    "notation deal": lambda t: _notation("profile hk-standard\ndeal " + t),
    "notation keyword": lambda t: _notation("profile hk-standard\ncode " + t),
    "notation field": lambda t: _notation("players Ana Ben Cai Dee\n" + t + " = 3\ndeal 1\nleft 0 1 2 3"),
    "notation declared": lambda t: _notation(HEAD + "Ana: 3D\ndeclared winner " + t),
    "notation places": lambda t: _notation(HEAD + "places " + t),
    "notation unknown player names": lambda t: _notation(
        f'profile hk-standard\nplayers "{t}" Ben Cai Dee\ndeal 1\nEve: 3D'),
    "notation meta twice": lambda t: _notation(
        f'profile hk-standard\nmeta "{t}" = 1\nmeta "{t}" = 2\ndeal 1\nleft 0 1 2 3'),
    "notation profile": lambda t: _notation("profile " + t + "\ndeal 1\nleft 0 1 2 3"),
    "json card": lambda t: _record({"profile": "hk-standard", "deals": [
        {**DEAL, "hands": [[t], ["4D"], ["5D"], ["6D"]]}]}),
    "json record key": lambda t: _record({"profile": "hk-standard", t: 1, "deals": [DEAL]}),
    "json deal key": lambda t: _record({"profile": "hk-standard", "deals": [{**DEAL, t: 1}]}),
    "json move key": lambda t: _record({"profile": "hk-standard", "deals": [
        {**DEAL, "moves": [{"seat": 0, "play": ["3D"], t: 1}]}]}),
    "json profile id": lambda t: _record({"profile": t, "deals": [DEAL]}),
    "json profile field": lambda t: _record({"profile": {"extends": "hk-standard", t: 1},
                                             "deals": [DEAL]}),
    "json profile card": lambda t: _record({"profile": {
        "extends": "hk-standard", "scoring": {"two_held_cards": [t]}}, "deals": [DEAL]}),
    "sheet cell": lambda t: _sheet("deal,Ana,Ben,Cai,Dee\n1,0," + t + ",3,4\n"),
    "sheet header": lambda t: _sheet("deal,Ana," + t + ",Cai,Dee\n1,0,x,3,4\n"),
    "sheet no header": lambda t: _sheet(t + "\n1,0,x,3,4\n"),
}


@pytest.mark.parametrize("fill", ["\x01", "X", "é"])
@pytest.mark.parametrize("reader", READERS)
def test_a_huge_token_gives_a_problem_the_size_of_a_line(reader: str, fill: str) -> None:
    problems = READERS[reader](fill * HUGE)
    assert problems
    assert _size(problems) < BOUND, (reader, [p.detail[:200] for p in problems])


def test_the_issues_megabyte_of_control_characters() -> None:
    problems = _notation("profile hk-standard\nplayers Ana Ben Cai Dee\ndeal 1\nleft " + "\x01" * 2**20)
    assert _size(problems) < BOUND
    detail = problems[0].detail
    assert detail.startswith("4:6: ") and "'" + "\\x01" * limits.MAX_QUOTED_CHARS + "'… (" \
        f"{2**20} characters)" in detail


def test_a_short_token_is_quoted_whole() -> None:
    (problem,) = _notation(HEAD + "Ana: 3D X9")
    assert problem.detail.startswith("4:9: 'X9' is not a card")
    exactly = "Q" * limits.MAX_QUOTED_CHARS
    (problem,) = _notation(HEAD + "Ana: " + exactly)
    assert f"'{exactly}' is not a card" in problem.detail and "…" not in problem.detail


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_length_is_said_in_every_language(lang: str) -> None:
    (game,) = read_games(HEAD + "Ana: " + "Z" * 500, lang=lang)
    (problem,) = game.problems
    assert "500" in problem.detail and "Z" * (limits.MAX_QUOTED_CHARS + 1) not in problem.detail
    words = NotationWords(lang)
    assert words.quote("Z" * 500) != words.quote("Z" * 499)


def test_an_http_problem_document_is_bounded(client: Any) -> None:
    body = (HEAD + "left " + "\x01" * HUGE).encode()
    answer = client.post("/v1/validate", data=body, content_type="text/x-bigtwo")
    assert 400 <= answer.status_code < 500
    assert len(answer.get_data()) < 2 * BOUND
    answer = client.post("/v1/combinations/evaluate", json={
        "profile": "casual", "cards": ["\x01" * (HUGE // 2)], "table": None})
    assert answer.status_code == 422 and len(answer.get_data()) < 2 * BOUND


# --- item 14: a quoted name is a JSON string -------------------------------------------------
BAD_STRINGS = [
    # (name as written between the quotes, offset of the fault in it, message key)
    ("\\ud800", 0, "lone_surrogate"),
    ("Ana\\udc00", 3, "lone_surrogate"),
    ("\\ud800\\u0041", 0, "lone_surrogate"),
    ("\\ud800x", 0, "lone_surrogate"),
    ("\\q", 0, "bad_escape"),
    ("Ben\\x41", 3, "bad_escape"),
    ("\\u12", 0, "bad_escape"),
    ("\\u12g4", 0, "bad_escape"),
    ("\\U0041", 0, "bad_escape"),
    ("tab\there", 3, "string_control"),
    ("nul\x00", 3, "string_control"),
]


@pytest.mark.parametrize(("name", "at", "key"), BAD_STRINGS)
@pytest.mark.parametrize("where", ["players", "mover", "hand", "places", "meta"])
def test_a_quoted_name_that_is_no_json_string_is_refused_at_its_place(
        name: str, at: int, key: str, where: str) -> None:
    quoted = f'"{name}"'
    lines = {
        "players": (f"players {quoted} Ben Cai Dee", "deal 1", "left 0 1 2 3"),
        "mover": ("players Ana Ben Cai Dee", "deal 1", f"{quoted}: 3D"),
        "hand": ("players Ana Ben Cai Dee", "deal 1", f"hand {quoted}: 3D"),
        "places": ("players Ana Ben Cai Dee", "deal 1", f"places {quoted} Ana Ben Cai"),
        "meta": ("players Ana Ben Cai Dee", f"meta {quoted} = 1", "deal 1", "left 0 1 2 3"),
    }[where]
    text = "profile hk-standard\n" + "\n".join(lines) + "\n"
    (game,) = read_games(text)
    assert game.doc is None, "the game must not be read with the name kept in its quotes"
    line_no = next(i for i, line in enumerate(text.split("\n"), 1) if quoted in line)
    column = text.split("\n")[line_no - 1].index(quoted) + 2 + at
    expected = NotationWords("en")(key, fault="X").split("X", 1)[-1][:12]
    found = [p for p in game.problems if p.pointer == f"/lines/{line_no}/{column}"]
    assert found and expected in found[0].detail, [p.detail for p in game.problems]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("key", ["bad_escape", "lone_surrogate", "string_control"])
def test_the_refusals_are_said_in_every_language(lang: str, key: str) -> None:
    said = NotationWords(lang)(key, fault="@@")
    assert "@@" in said and "{" not in said
    if lang != "en":
        assert said != NotationWords("en")(key, fault="@@")


@pytest.mark.parametrize("name", ["\\u00e9", "\\ud83c\\udca1", 'a\\"b', "\\\\", "\\/", "\\b\\f\\n"])
def test_a_quoted_name_that_is_a_json_string_is_its_text(name: str) -> None:
    (game,) = read_games(f'profile hk-standard\nplayers "{name}" Ben Cai Dee\ndeal 1\nleft 0 1 2 3\n')
    assert game.problems == [] and game.doc is not None
    assert game.doc["players"][0] == json.loads(f'"{name}"')


def test_an_unclosed_quote_is_refused_at_its_quote() -> None:
    (game,) = read_games('profile hk-standard\nplayers "Ana Ben Cai Dee\ndeal 1\nleft 0 1 2 3\n')
    assert game.doc is None and game.problems[0].pointer == "/lines/2/9"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_json_records_long_card_says_its_length_in_the_language(lang: str) -> None:
    doc = {"profile": "hk-standard", "deals": [{**DEAL, "hands": [["Q" * 5000], ["4D"], ["5D"],
                                                                  ["6D"]]}]}
    (problem,) = check_record(doc, lang=lang).problems
    assert problem.pointer == "/deals/0/hands/0/0" and "5000" in problem.detail
    assert _size([problem]) < BOUND
    if lang != "en":
        assert problem.detail != check_record(doc).problems[0].detail
        assert "characters" not in problem.detail, problem.detail
