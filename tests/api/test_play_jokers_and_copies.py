"""POST /v1/combinations/evaluate and POST /v1/next under v4 profiles: copies, jokers named by
their stand-ins, five of a kind, timeouts and tricks ended by an unbeatable play."""

from __future__ import annotations

from typing import Any

import pytest

from schemas.play import EvaluateResponseSchema, NextResponseSchema
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
    (JOKERS, ["9H"], ["3D", "4D", "JK=5D", "6D"], ["/table"]),  # no combination
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


# --- /v1/next ------------------------------------------------------------------------------
HANDS = [["3D", "9C", "2S", "KS"], ["4C", "5H", "2S", "JK"], ["6D", "6S", "JH", "QH"],
         ["7C", "8H", "AD", "AH"]]
TABLE = {"extends": "hk-standard", "hand_size": 4, "decks": 2, "jokers": 1, "timeouts": "pass",
         "unbeatable_ends_trick": True, "scoring": {"settlement": "pairwise"}}
OPEN = {"seat": 0, "play": ["3D"]}
PASS = [{"seat": s, "pass": True} for s in range(4)]


def next_of(client: Any, moves: list[dict[str, Any]], profile: Any = TABLE,
            hands: list[list[str]] = HANDS, query: str = "") -> dict[str, Any]:
    response = client.post(f"/v1/next{query}", json={
        "profile": profile, "deals": [{"hands": hands, "moves": moves}]})
    assert response.status_code == 200, response.get_data(as_text=True)
    conforms(NextResponseSchema, response.json)
    answer: dict[str, Any] = response.json
    return answer


@pytest.mark.parametrize(("moves", "seat", "table", "may_pass", "may_time_out"), [
    ([], 0, None, False, False),  # the opening turn cannot time out
    ([OPEN], 1, ["3D"], True, True),
    # an unbeatable play ends its trick: its player leads, nothing on the table
    ([OPEN, {"seat": 1, "play": ["2S"]}], 1, None, False, True),
    ([OPEN, {"seat": 1, "play": ["JK=2S"]}], 1, None, False, True),
    # a timed-out lead hands the lead to the next seat still playing
    ([OPEN, *PASS[1:], {"seat": 0, "timeout": True}], 1, None, False, True),
    ([OPEN, {"seat": 1, "timeout": True}], 2, ["3D"], True, True),  # a timeout on a table passes
])
def test_whose_turn_after_v4_moves(client: Any, moves: list[dict[str, Any]], seat: int,
                                   table: list[str] | None, may_pass: bool, may_time_out: bool) -> None:
    answer = next_of(client, moves)
    assert (answer["seat"], answer["table"], answer["may_pass"], answer["may_time_out"]) == (
        seat, table, may_pass, may_time_out)


def test_no_timeouts_without_the_field(client: Any) -> None:
    profile = {k: v for k, v in TABLE.items() if k != "timeouts"}
    assert next_of(client, [OPEN], profile)["may_time_out"] is False


def test_the_table_names_the_joker_that_was_played(client: Any) -> None:
    hands = [["3D", "9C", "9C", "KS"], ["4C", "5H", "QS", "JK"], *HANDS[2:]]
    answer = next_of(client, [OPEN, *PASS[1:], {"seat": 0, "play": ["9C", "9C"]},
                              {"seat": 1, "pass": True}, {"seat": 2, "pass": True},
                              {"seat": 3, "play": ["AD", "AH"]}], hands=hands)
    assert answer["table"] == ["AD", "AH"]
    hands = [["3D", "9C", "9C", "KS"], ["4C", "5H", "QS", "JK"], *HANDS[2:]]
    answer = next_of(client, [OPEN, {"seat": 1, "play": ["JK=4D"]}], hands=hands)
    assert answer["table"] == ["JK=4D"]


def test_each_distinct_play_is_listed_once_real_cards_first(client: Any) -> None:
    # Seat 1 holds 4C and a joker: 4C is listed, never JK=4C beside it; the pair 4C JK=4x is.
    hands = [["3D", "9C", "9C", "KS"], ["4C", "5H", "QS", "JK"], *HANDS[2:]]
    answer = next_of(client, [OPEN, *PASS[1:], {"seat": 0, "timeout": True}], hands=hands)
    plays = answer["legal_plays"]
    assert ["4C"] in plays and ["JK=4C"] not in plays
    assert ["JK=4D", "4C"] in plays or ["4C", "JK=4D"] in plays
    effective = [tuple(sorted(c.removeprefix("JK=") for c in play)) for play in plays]
    assert len(effective) == len(set(effective))
    assert answer["legal_plays_cut"] is False


def test_copies_are_listed_as_pairs_of_one_card(client: Any) -> None:
    hands = [["3D", "9C", "9C", "KS"], ["4C", "5H", "2S", "QS"], *HANDS[2:]]
    profile = {**TABLE, "jokers": 0}
    answer = next_of(client, [OPEN, *PASS[1:]], profile, hands)
    assert ["9C", "9C"] in answer["legal_plays"]


def test_every_listed_play_is_accepted_by_the_referee(client: Any) -> None:
    hands = [["3D", "9C", "9C", "KS"], ["4C", "5H", "QS", "JK"], *HANDS[2:]]
    moves = [OPEN, *PASS[1:], {"seat": 0, "timeout": True}]
    for play in next_of(client, moves, hands=hands)["legal_plays"]:
        doc = {"profile": TABLE, "deals": [{"hands": hands, "moves": [
            *moves, {"seat": 1, "play": play}]}]}
        report = client.post("/v1/validate", json=doc).json
        assert [e["code"] for e in report["errors"]] in ([], ["INCOMPLETE"]), play
