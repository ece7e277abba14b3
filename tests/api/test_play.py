"""POST /v1/combinations/evaluate and POST /v1/next: hints that agree with the referee."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from schemas.play import EvaluateResponseSchema, NextResponseSchema
from tests.api.helpers import assert_problem, conforms, pointers, record


def evaluate(client: Any, body: dict[str, Any], query: str = "") -> Any:
    response = client.post(f"/v1/combinations/evaluate{query}", json=body)
    if response.status_code == 200:
        conforms(EvaluateResponseSchema, response.json)
    return response


def test_pair_beats_lower_pair(client: Any) -> None:
    body = {"profile": "hk-standard", "cards": ["ks", "KH"], "table": ["9C", "9D"]}
    assert evaluate(client, body).json == {
        "combination": {"type": "pair", "cards": ["KH", "KS"], "label": "Pair K"},
        "legal_lead": True, "beats_table": True, "code": None, "message": None,
    }


def test_lower_pair_does_not_beat_in_seed_001_wording(client: Any) -> None:
    body = {"profile": "big-two-web", "cards": ["9C", "9D"], "table": ["KH", "KS"]}
    out = evaluate(client, body, "?lang=de").json
    assert out["combination"]["label"] == "Paar 9"
    assert (out["beats_table"], out["code"]) == (False, "DOES_NOT_BEAT")
    assert out["message"] == "Paar 9 schlägt Paar K nicht"


def test_leading_has_no_table_verdict(client: Any) -> None:
    body = {"profile": "big-two-web", "cards": ["3D", "4D", "5C", "6H", "7S"], "table": None}
    out = evaluate(client, body).json
    assert out["combination"]["type"] == "straight"
    assert (out["legal_lead"], out["beats_table"], out["code"]) == (True, None, None)


@pytest.mark.parametrize(("profile", "cards", "table", "code"), [
    ("casual", ["9H", "9S", "9D"], None, "COMBINATION_NOT_ALLOWED"),  # casual has no triples
    ("hk-standard", ["9H", "9S", "9D", "9C"], None, "NOT_A_COMBINATION"),
    ("hk-standard", ["9H", "9S", "9H"], None, "DUPLICATE_CARD"),
    ("hk-standard", ["AH", "AS"], ["3D"], "CARD_COUNT"),
    ("pusoy-dos", ["3C", "4C", "5C", "6C", "8C"], ["3D", "4S", "5H", "6D", "7C"], "CATEGORY"),
])
def test_refusals_carry_the_referees_code(client: Any, profile: str, cards: list[str],
                                          table: list[str] | None, code: str) -> None:
    out = evaluate(client, {"profile": profile, "cards": cards, "table": table}).json
    assert out["code"] == code
    assert out["message"]
    if code in ("COMBINATION_NOT_ALLOWED", "NOT_A_COMBINATION", "DUPLICATE_CARD"):
        assert out["combination"] is None and out["legal_lead"] is False


def test_card_spellings_come_back_canonical(client: Any) -> None:
    out = evaluate(client, {"profile": "hk-standard", "cards": ["10h"], "table": None}).json
    assert out["combination"]["cards"] == ["TH"]


def test_every_input_problem_at_once(client: Any) -> None:
    body = {"profile": "no-such", "cards": ["3D", "ZZ"], "table": None, "hint": True}
    doc = assert_problem(evaluate(client, body), 422)
    assert sorted(pointers(doc)) == ["/cards/1", "/hint", "/profile"]


@pytest.mark.parametrize(("table", "detail"), [
    (["3D", "4D", "5D", "6D"], "form no combination"),
    (["3D", "3D"], "appears twice"),
])
def test_impossible_table_is_422(client: Any, table: list[str], detail: str) -> None:
    doc = assert_problem(evaluate(client, {"profile": "hk-standard", "cards": ["2S"],
                                           "table": table}), 422)
    assert pointers(doc) == ["/table"] and detail in doc["errors"][0]["detail"]
    # said as the referee says it, in the caller's language
    german = assert_problem(evaluate(client, {"profile": "hk-standard", "cards": ["2S"],
                                              "table": table}, "?lang=de"), 422)
    assert german["errors"][0]["detail"] != doc["errors"][0]["detail"]


def test_stored_profile_id_works_for_evaluate(client: Any) -> None:
    created = client.post("/v1/profiles", json={"extends": "hk-standard", "triples": False})
    out = evaluate(client, {"profile": created.json["id"], "cards": ["9H", "9S", "9D"]}).json
    assert out["code"] == "COMBINATION_NOT_ALLOWED"


# --- next -------------------------------------------------------------------------------
def cut(doc: dict[str, Any], moves: int) -> dict[str, Any]:
    """The record with its last deal stopped after ``moves`` moves (and no declaration)."""
    out = copy.deepcopy(doc)
    last = out["deals"][-1]
    last["moves"] = last["moves"][:moves]
    last.pop("declared", None)
    return out


def _accepts(answer: dict[str, Any], move: dict[str, Any]) -> bool:
    if move.get("pass"):
        return bool(answer["may_pass"])
    return sorted(move["play"]) in [sorted(p) for p in answer["legal_plays"]]


@pytest.mark.parametrize(("name", "upto"), [("hk-two-deals", None), ("pusoy-wrong-turn", 5)])
def test_next_agrees_with_every_move_actually_played(client: Any, name: str,
                                                     upto: int | None) -> None:
    full = record(name)
    moves = full["deals"][-1]["moves"]
    for k in range(len(moves) - 1 if upto is None else upto):
        response = client.post("/v1/next", json=cut(full, k))
        assert response.status_code == 200, (k, response.json)
        conforms(NextResponseSchema, response.json)
        answer = response.json
        assert answer["deal"] == len(full["deals"]) - 1
        assert answer["seat"] == moves[k]["seat"], k
        assert _accepts(answer, moves[k]), (k, moves[k], answer)


def test_leader_may_not_pass_and_must_show_the_opening_card(client: Any) -> None:
    answer = client.post("/v1/next", json=cut(record("pusoy-wrong-turn"), 0)).json
    assert answer["table"] is None and answer["may_pass"] is False
    assert answer["legal_plays"] and all("3C" in p for p in answer["legal_plays"])


def test_must_play_first_trick_forbids_passing(client: Any) -> None:
    doc = cut(record("pusoy-wrong-turn"), 1)
    assert client.post("/v1/next", json=doc).json["may_pass"] is True
    doc["profile"] = {"extends": "pusoy-dos", "must_play_first_trick": True}
    answer = client.post("/v1/next", json=doc).json
    assert answer["legal_plays"] and answer["may_pass"] is False


def test_next_says_what_each_seat_would_pay_now(client: Any) -> None:
    """001: the live display "13 übrig · Ende jetzt −39" (1/2/3 per card)."""
    hands = [[r + s for r in "3456789TJQKA2"] for s in "DCHS"]
    doc = {"profile": "big-two-web", "deals": [{"hands": hands, "moves": [{"seat": 0, "play": ["3D"]}]}]}
    answer = client.post("/v1/next", json=doc).json
    conforms(NextResponseSchema, answer)
    assert answer["penalties_now"] == [24, 39, 39, 39]


def test_scored_last_deal_is_409(client: Any) -> None:
    doc = {"profile": "hk-standard", "deals": [{"result": {"cards_left": [0, 1, 2, 3]}}]}
    problem = assert_problem(client.post("/v1/next", json=doc), 409)
    assert "scored from its result" in problem["detail"]


def test_finished_deal_is_409(client: Any) -> None:
    doc = assert_problem(client.post("/v1/next", json=record("hk-two-deals")), 409)
    assert doc["type"].endswith("/deal-over") and "seat 2 went out" in doc["detail"]


def test_rule_breaking_record_is_422_naming_the_rule_errors(client: Any) -> None:
    doc = assert_problem(client.post("/v1/next?lang=de", json=record("pusoy-wrong-turn")), 422)
    assert doc["type"].endswith("/record-breaks-rules")
    assert doc["errors"] == [{"pointer": "/deals/0/moves/5", "code": "WRONG_TURN",
                              "detail": "Platz 2 ist dran, nicht Platz 3"}]


def test_unfinished_earlier_deal_is_a_rule_error(client: Any) -> None:
    doc = record("hk-two-deals")
    doc["deals"][0]["moves"] = doc["deals"][0]["moves"][:4]
    doc["deals"][0].pop("declared", None)
    problem = assert_problem(client.post("/v1/next", json=doc), 422)
    assert [e["code"] for e in problem["errors"]] == ["INCOMPLETE"]


def test_malformed_record_is_a_schema_problem(client: Any) -> None:
    problem = assert_problem(client.post("/v1/next", json={"profile": "hk-standard"}), 422)
    assert pointers(problem) == ["/deals"]
