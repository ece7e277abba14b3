"""Rules v3 combinations for game clients: /v1/combinations/evaluate names a four-card hand and
a dragon (RECORDS.md v3: ``dragon`` in combination.type, "Dragon 3-2"), and /v1/next lists
four-card plays, dragons and the lone opening card of `opening.lead_alone` as the referee
accepts them."""

from __future__ import annotations

from typing import Any

from schemas.play import EvaluateResponseSchema, NextResponseSchema
from tests.api.helpers import conforms

DRAGON = ["3D", "4C", "5H", "6S", "7D", "8C", "9H", "TS", "JD", "QC", "KH", "AS", "2D"]
V3 = {"extends": "hk-standard", "four_card_hands": ["two_pair", "four_of_a_kind"], "dragon": True,
      "bombs": "on_twos"}


def evaluate(client: Any, body: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    response = client.post(f"/v1/combinations/evaluate?lang={lang}", json={"profile": V3, **body})
    assert response.status_code == 200, response.json
    conforms(EvaluateResponseSchema, response.json)
    return response.json  # type: ignore[no-any-return]


def test_evaluate_names_a_two_pair_and_compares_it(client: Any) -> None:
    out = evaluate(client, {"cards": ["9C", "9D", "5H", "5S"], "table": ["4C", "4D", "8H", "8S"]})
    assert out["combination"] == {"type": "two_pair", "cards": ["5H", "5S", "9D", "9C"],
                                  "label": "Two pair 9-5"}
    assert out["beats_table"] is True
    out = evaluate(client, {"cards": ["9C", "9D", "5H", "5S"], "table": ["KS"]})
    assert (out["beats_table"], out["code"]) == (False, "CARD_COUNT")


def test_evaluate_names_a_dragon_in_every_language(client: Any) -> None:
    for lang, label in (("en", "Dragon 3-2"), ("de", "Drache 3-2"), ("it", "Drago 3-2")):
        out = evaluate(client, {"cards": DRAGON, "table": ["2S"]}, lang)
        assert out["combination"]["type"] == "dragon" and out["combination"]["label"] == label
        assert out["beats_table"] is True


def test_evaluate_takes_a_dragon_on_the_table(client: Any) -> None:
    """Reading 2: nothing beats it; a bomb may be tried on it under on_twos (it holds a 2)."""
    out = evaluate(client, {"cards": ["9C", "9D", "9H", "9S"], "table": DRAGON})
    assert (out["beats_table"], out["code"]) == (False, "DOES_NOT_BEAT")
    out = evaluate(client, {"cards": ["2S"], "table": DRAGON})
    assert (out["beats_table"], out["code"]) == (False, "CARD_COUNT")


def _next(client: Any, profile: Any, hands: list[list[str]], moves: list[dict[str, Any]]) -> dict[str, Any]:
    doc = {"profile": profile, "deals": [{"hands": hands, "moves": moves}]}
    response = client.post("/v1/next", json=doc)
    assert response.status_code == 200, response.json
    conforms(NextResponseSchema, response.json)
    return response.json  # type: ignore[no-any-return]


HANDS = [["3D", "5C", "5D", "9H", "9S", "9C", "9D"], ["4C", "4D", "4H", "4S", "KD", "AH", "2S"],
         ["6C", "6D", "2H", "7C", "8C", "TD", "TH"], ["3C", "3H", "3S", "TC", "JC", "QC", "AD"]]
SEVEN = {**V3, "hand_size": 7, "opening": {"first_deal": "lowest_card", "later_deals": "lowest_card"}}


def test_next_lists_four_card_plays(client: Any) -> None:
    trick = [{"seat": 0, "play": ["3D"]}, {"seat": 1, "pass": True},
             {"seat": 2, "pass": True}, {"seat": 3, "pass": True}]
    out = _next(client, SEVEN, HANDS, trick)
    fours = [play for play in out["legal_plays"] if len(play) == 4]
    assert ["9D", "9C", "9H", "9S"] in fours and ["5D", "5C", "9H", "9S"] in fours
    # Seat 1 on a two pair: a higher four-card kind (its bare 4s), no single.
    out = _next(client, SEVEN, HANDS, [*trick, {"seat": 0, "play": ["5C", "5D", "9H", "9S"]}])
    assert out["legal_plays"] == [["4D", "4C", "4H", "4S"]]


def test_next_under_lead_alone_offers_the_lowest_card_alone(client: Any) -> None:
    profile = {**SEVEN, "opening": {"first_deal": "lowest_card", "later_deals": "lowest_card",
                                    "lead_alone": True}}
    assert _next(client, profile, HANDS, [])["legal_plays"] == [["3D"]]
