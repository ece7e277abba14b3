"""Issue 24, frictions 4, 7 and 9 (first two bullets): cards as the messages write them are
read wherever cards are read; a record's shape problems are said in the caller's language;
a move without its seat and a record without a profile say what is missing."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from bigtwo.cli.main import main
from bigtwo.records.identity import record_hash
from bigtwo.records.pipeline import check_record
from bigtwo.reports.i18n import LANGUAGES, translator
from bigtwo.reports.messages import card_text, cards_text
from bigtwo.reports.shape_words import SHAPE_WORDS, localize, shape_problem
from bigtwo.rules import cards
from tests.tournaments.helpers import simulated

SUIT_SYMBOLS = {"C": "♣♧", "D": "♦♢", "H": "♥♡", "S": "♠♤"}


# --- friction 4: cards as the messages write them ----------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_a_message_prints_parses_as_that_card(lang: str) -> None:
    for card, name in enumerate(cards.CANONICAL):
        assert cards.parse_card(card_text(name, lang)) == card, (lang, card_text(name, lang))
        assert cards.parse_card(cards.symbol(card)) == card
    # A list as a message prints it, split as the language separates its cards.
    between = translator(lang).pgettext("between the cards of a list", " ")
    hand = ["3D", "TH", "JC", "QS", "2S"]
    assert [cards.parse_card(t) for t in cards_text(hand, lang).split(between)] == \
        [cards.NOTATION[c] for c in hand]


@st.composite
def spellings(draw: Any) -> tuple[int, str]:
    """A card and one way a person or a message may write it."""
    card = draw(st.integers(0, cards.DECK_SIZE - 1))
    rank, suit = cards.CANONICAL[card]
    rank = draw(st.sampled_from(["T", "t", "10"] if rank == "T" else [rank, rank.lower()]))
    symbol = draw(st.sampled_from(SUIT_SYMBOLS[suit]))
    symbol += draw(st.sampled_from(["", "\ufe0f", "\ufe0e"]))
    letter = draw(st.sampled_from([suit, suit.lower()]))
    form = draw(st.sampled_from(["rank-letter", "rank-symbol", "symbol-rank"]))
    text = {"rank-letter": rank + letter, "rank-symbol": rank + symbol,
            "symbol-rank": symbol + rank}[form]
    return card, text


@settings(max_examples=150, deadline=None)
@given(st.lists(spellings(), min_size=1, max_size=6, unique_by=lambda s: s[0]))
def test_any_spelling_reads_and_hashes_as_the_canonical_card(spelt: list[tuple[int, str]]) -> None:
    texts = [t for _, t in spelt]
    assert [cards.parse_card(t) for t in texts] == [c for c, _ in spelt]
    canonical = [cards.CANONICAL[c] for c, _ in spelt]
    doc = {"deals": [{"hands": [texts], "result": {"left": [texts]}}]}
    same = {"deals": [{"hands": [canonical], "result": {"left": [canonical]}}]}
    assert record_hash(doc, "casual") == record_hash(same, "casual")


def _suit_first(record: dict[str, Any]) -> dict[str, Any]:
    """The record with every card written as the Chinese messages write it, with selectors."""
    def spell(name: str) -> str:
        rank = "10" if name[0] == "T" else name[0]
        return cards.SUIT_SYMBOLS[name[1]] + "\ufe0f" + rank
    out = copy.deepcopy(record)
    for deal in out["deals"]:
        deal["hands"] = [[spell(c) for c in hand] for hand in deal["hands"]]
        for move in deal["moves"]:
            if "play" in move:
                move["play"] = [spell(c) for c in move["play"]]
    return out


def test_suit_first_records_are_the_same_record_everywhere(client: Any) -> None:
    record = simulated(1, seed=3)[0]
    spelt = _suit_first(record)
    assert spelt["deals"][0]["hands"][0][0].startswith(("♣", "♦", "♥", "♠"))
    for path in ("/v1/validate",):
        assert client.post(path, json=spelt).get_json() == client.post(path, json=record).get_json()
    unfinished = copy.deepcopy(record)
    unfinished["deals"][0]["moves"] = unfinished["deals"][0]["moves"][:1]
    unfinished["deals"][0].pop("declared", None)
    expected = client.post("/v1/next", json=unfinished).get_json()
    assert client.post("/v1/next", json=_suit_first(unfinished)).get_json() == expected
    plays = [expected["table"] or [], *expected["legal_plays"]]
    assert plays[1:] and all(c in cards.CANONICAL for play in plays for c in play)  # canonical
    answer = client.post("/v1/combinations/evaluate", json={
        "profile": "casual", "cards": ["♠️K", "K♥️"], "table": ["♦9", "9♣"]}).get_json()
    assert answer["combination"]["cards"] == ["KH", "KS"] and answer["beats_table"] is True
    sheet = "deal,Ana,Ben,Cai,Dee\n1,0,♦3 ♠️K,♥10,♣️2\n"
    scored = client.post("/v1/validate?profile=hk-standard", data=sheet.encode(),
                         content_type="text/csv")
    assert scored.status_code == 200, scored.get_data()[:300]


# --- friction 7: shape problems in the caller's language ----------------------------------
def _bad_card() -> dict[str, Any]:
    record = simulated(1, seed=4)[0]
    record["deals"][0]["hands"][0][1] = "1X"
    return record


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_api_says_shape_problems_in_the_language(client: Any, lang: str) -> None:
    english = client.post("/v1/validate", json=_bad_card()).get_json()["errors"]
    said = translator(lang).pgettext("record shape", SHAPE_WORDS["not_a_card"][1],
                                     text="'1X'")
    for answer in (client.post(f"/v1/validate?lang={lang}", json=_bad_card()),
                   client.post("/v1/validate", json=_bad_card(),
                               headers={"Accept-Language": f"{lang}, en;q=0.1"}),
                   client.post(f"/v1/replays?lang={lang}", json=_bad_card())):
        errors = answer.get_json()["errors"]
        assert [e["pointer"] for e in errors] == [e["pointer"] for e in english]
        assert errors[0]["detail"] == said and "'1X'" in said
        assert (said == english[0]["detail"]) == (lang == "en")
    batch = client.post(f"/v1/validate/batch?lang={lang}", json={"records": [_bad_card()]})
    assert batch.get_json()["reports"][0]["errors"][0]["detail"] == said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_cli_says_shape_problems_in_its_lang(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(_bad_card()), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "--lang", lang, str(path)])
    said = translator(lang).pgettext("record shape", SHAPE_WORDS["not_a_card"][1], text="'1X'")
    assert f"/deals/0/hands/0/1: {said}" in result.stderr
    if lang != "en":
        assert "is not a card" not in result.stderr


def test_every_shape_message_is_said_in_every_language() -> None:
    params = {"n": 53, "most": 52, "cap": 200, "near": "'seat'", "fields": "a, b", "last": 3,
              "seat": 7, "players": 4, "why": "x", "guard": "none", "name": "left", "at": 2,
              "char": "U+200B", "text": "'1X'", "limit": 100, "least": 1,
              "choices": "none, pass", "previous": 5}
    for key in SHAPE_WORDS:
        problem = shape_problem("/x", key, **params)
        for lang in LANGUAGES[1:]:
            said, = localize([problem], lang)
            assert said.pointer == "/x" and said.detail != problem.detail, (key, lang)


# --- friction 9: what is missing is named --------------------------------------------------
def test_a_move_with_player_for_seat_says_the_seat_is_missing() -> None:
    record = simulated(1, seed=5)[0]
    move = record["deals"][0]["moves"][0]
    record["deals"][0]["moves"][0] = {"player": move["seat"], "play": move["play"]}
    problems = {p.pointer: p.detail for p in check_record(record).problems}
    assert problems == {
        "/deals/0/moves/0/player": 'unknown field: a move names its player by seat number, as "seat"',
        "/deals/0/moves/0/seat": "missing: the seat number (0-3) of the player who moves"}


def test_a_jsonl_record_without_a_profile_names_the_option(tmp_path: Path) -> None:
    record = simulated(1, seed=6)[0]
    del record["profile"]
    path = tmp_path / "night.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert "--profile" in result.stderr and "/profile" in result.stderr
    fixed = CliRunner().invoke(main, ["validate", "--profile", "casual", str(path)])
    assert json.loads(fixed.stdout)["valid"] is True
