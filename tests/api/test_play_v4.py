"""POST /v1/combinations/evaluate and POST /v1/next under v4 profiles: copies, jokers named by
their stand-ins, five of a kind, timeouts and tricks ended by an unbeatable play."""

from __future__ import annotations

from typing import Any

import pytest

from schemas.play import EvaluateResponseSchema
from tests.api.helpers import assert_problem, conforms

JOKERS = {"extends": "hk-standard", "decks": 2, "jokers": 1}


def evaluate(client: Any, body: dict[str, Any], query: str = "") -> Any:
    response = client.post(f"/v1/combinations/evaluate{query}", json=body)
    if response.status_code == 200:
        conforms(EvaluateResponseSchema, response.json)
    return response


@pytest.mark.parametrize(("cards", "table", "kind", "written", "beats"), [
    (["9H", "JK=9S"], ["8C", "JK=8D"], "pair", ["9H", "JK=9S"], True),
    # any stand-in spelling; answers write JK=TH
    (["9H", "jk=10s"], None, None, None, None),
    (["TH", "jk=10s"], None, "pair", ["TH", "JK=TS"], None),
    (["TH", "🃏=T♠"], ["JK=9S", "9S"], "pair", ["TH", "JK=TS"], True),
    (["9H", "9H"], ["8C", "8C"], "pair", ["9H", "9H"], True),  # copies of one card
    (["9H", "9H", "9S", "9S", "JK=9D"], None, "five_of_a_kind", ["JK=9D", "9H", "9H", "9S", "9S"], None),
    (["JK=9H", "JK=9S"], None, "pair", ["JK=9H", "JK=9S"], None),  # two jokers, two decks
    # five of a kind is above every five-card category (left out of five_card_order)
    (["3H", "3H", "3S", "3S", "JK=3D"], ["2D", "2C", "2H", "2S", "AS"], "five_of_a_kind",
     ["JK=3D", "3H", "3H", "3S", "3S"], True),
])
def test_jokers_and_copies_are_judged_as_the_referee_does(
        client: Any, cards: list[str], table: list[str] | None, kind: str | None,
        written: list[str] | None, beats: bool | None) -> None:
    out = evaluate(client, {"profile": JOKERS, "cards": cards, "table": table}).json
    if kind is None:
        assert out["combination"] is None and out["code"] == "NOT_A_COMBINATION"
        return
    assert out["combination"]["type"] == kind
    assert out["combination"]["cards"] == written
    assert out["beats_table"] is beats and out["code"] is None


def test_five_of_a_kind_is_labelled_in_the_callers_language(client: Any) -> None:
    body = {"profile": JOKERS, "cards": ["AH", "AH", "AS", "AS", "JK=AD"], "table": None}
    assert evaluate(client, body).json["combination"]["label"] == "Five of a kind A"
    assert evaluate(client, body, "?lang=de").json["combination"]["label"] == "Fünfling A"


@pytest.mark.parametrize(("cards", "code"), [
    (["9H", "JK"], "JOKER_STAND_IN"),
    (["JK=JK"], "JOKER_STAND_IN"),
    (["9H", "9H", "9H"], "DUPLICATE_CARD"),  # one copy over two decks
    (["JK=9H", "JK=9S", "JK=9D"], "CARD_NOT_HELD"),  # two decks of one joker hold two
])
def test_cards_that_form_nothing_answer_their_code(client: Any, cards: list[str], code: str) -> None:
    out = evaluate(client, {"profile": JOKERS, "cards": cards, "table": None}, "?lang=de").json
    assert (out["code"], out["combination"], out["legal_lead"]) == (code, None, False)
    assert out["message"] and "JOKER_STAND_IN" not in out["message"]


@pytest.mark.parametrize(("profile", "cards", "table", "pointers"), [
    (JOKERS, ["9H"], ["JK"], ["/table"]),  # a joker on the table names no card
    (JOKERS, ["9H"], ["2S", "2S", "2S"], ["/table"]),  # a copy over the decks
    ("hk-standard", ["JK=9H"], None, ["/cards/0"]),  # jokers: 0: no joker is a card
    ("hk-standard", ["9H"], ["JK"], ["/table/0"]),
    ({"extends": "hk-standard", "decks": 2}, ["9H", "JK"], None, ["/cards/1"]),
    ("hk-standard", ["JK=1X"], None, ["/cards/0"]),
])
def test_cards_that_cannot_be_there_are_a_422_at_their_pointer(
        client: Any, profile: Any, cards: list[str], table: list[str] | None,
        pointers: list[str]) -> None:
    english = assert_problem(evaluate(client, {"profile": profile, "cards": cards, "table": table}), 422)
    german = assert_problem(evaluate(client, {"profile": profile, "cards": cards, "table": table},
                                     "?lang=de"), 422)
    assert [e["pointer"] for e in english["errors"]] == pointers
    assert english["errors"][0]["detail"] != german["errors"][0]["detail"]


def test_one_deck_answers_are_unchanged_by_the_joker_reading(client: Any) -> None:
    body = {"profile": "hk-standard", "cards": ["9H", "9S"], "table": ["8C", "8D"]}
    assert evaluate(client, body).json["combination"] == {
        "type": "pair", "cards": ["9H", "9S"], "label": "Pair 9"}
