"""POST /v1/validate and /v1/validate/batch, driven by the spec's worked examples."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo import limits
from bigtwo.records.pipeline import check_record
from schemas.records import BatchResponseSchema, ReportSchema
from tests.api.helpers import assert_problem, conforms, example, pointers, record

EXAMPLE_NAMES = ["hk-two-deals", "pusoy-wrong-turn", "custom-incomplete"]


def _query(name: str) -> str:
    query = example(name).get("query") or {}
    return "&".join(f"{k}={str(v).lower()}" for k, v in query.items())


def _assert_report_matches(report: dict[str, Any], expected: dict[str, Any]) -> None:
    """The example shows only the contract's core fields; each must match exactly."""
    assert report["valid"] is expected["valid"]
    assert report["totals"] == expected["totals"]
    for got, want in zip(report["errors"], expected["errors"], strict=True):
        assert {k: got[k] for k in want} == want
    for got, want in zip(report["deals"], expected["deals"], strict=True):
        assert {k: got[k] for k in want} == want


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_worked_examples_give_their_reports(client: Any, name: str) -> None:
    response = client.post(f"/v1/validate?{_query(name)}", json=record(name))
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    conforms(ReportSchema, response.json)
    _assert_report_matches(response.json, example(name)["report"])


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_api_and_core_agree_exactly(client: Any, name: str) -> None:
    flags = example(name).get("query") or {}
    response = client.post(f"/v1/validate?{_query(name)}", json=record(name))
    assert response.json == check_record(record(name), complete=flags.get("complete", True)).report


def test_complete_defaults_to_true(client: Any) -> None:
    response = client.post("/v1/validate", json=record("custom-incomplete"))
    assert response.status_code == 200
    assert response.json["valid"] is False
    assert [e["code"] for e in response.json["errors"]] == ["INCOMPLETE"]


def test_a_rule_breaking_record_is_a_200_report_not_an_error(client: Any) -> None:
    response = client.post("/v1/validate", json=record("pusoy-wrong-turn"))
    assert response.status_code == 200
    assert response.json["valid"] is False
    assert response.json["errors"][0]["message"] == "It is seat 2's turn, not seat 3's"


# --- language negotiation ---------------------------------------------------------------
def _opening_card_record() -> dict[str, Any]:
    doc = record("hk-two-deals")
    first = doc["deals"][0]
    opener = first["moves"][0]["seat"]
    # The opener leads something without the 3D: OPENING_CARD on move 0.
    other = next(c for c in first["hands"][opener] if c != "3D")
    first["moves"][0] = {"seat": opener, "play": [other]}
    return doc


def test_german_messages_follow_seed_001(client: Any) -> None:
    response = client.post("/v1/validate?lang=de", json=_opening_card_record())
    assert response.json["errors"][0]["code"] == "OPENING_CARD"
    assert response.json["errors"][0]["message"] == "Der erste Zug muss Karo 3 enthalten"
    assert response.headers["Content-Language"] == "de"


@pytest.mark.parametrize(("query", "header", "expected"), [
    ("", "de-DE,de;q=0.9,en;q=0.5", "Der erste Zug muss Karo 3 enthalten"),
    ("", "it", "La prima giocata deve contenere 3♦"),
    ("", "fr, de;q=0.5", "Der erste Zug muss Karo 3 enthalten"),
    ("", "en;q=0.2, de;q=0.8", "Der erste Zug muss Karo 3 enthalten"),
    ("?lang=it", "de", "La prima giocata deve contenere 3♦"),  # ?lang= beats the header
    ("?lang=en", "de", "The first play must contain 3♦"),
    ("", "", "The first play must contain 3♦"),
])
def test_language_negotiation(client: Any, query: str, header: str, expected: str) -> None:
    headers = {"Accept-Language": header} if header else {}
    response = client.post(f"/v1/validate{query}", json=_opening_card_record(), headers=headers)
    assert response.json["errors"][0]["message"] == expected
    assert "Accept-Language" in response.headers["Vary"]


def test_unsupported_lang_parameter_is_a_problem(client: Any) -> None:
    doc = assert_problem(client.post("/v1/validate?lang=fr", json=record("hk-two-deals")), 422)
    assert doc["errors"][0]["parameter"] == "lang"


def test_bad_complete_parameter_is_a_problem(client: Any) -> None:
    doc = assert_problem(client.post("/v1/validate?complete=perhaps", json={}), 422)
    assert [e["parameter"] for e in doc["errors"]] == ["complete"]


# --- batch ------------------------------------------------------------------------------
def test_batch_answers_each_record_in_order(client: Any) -> None:
    bad = record("hk-two-deals")
    bad["deals"][0]["hands"][0][0] = "XZ"
    bad["colour"] = "red"
    body = {"records": [record("pusoy-wrong-turn"), bad, record("hk-two-deals")]}
    response = client.post("/v1/validate/batch", json=body)
    assert response.status_code == 200
    conforms(BatchResponseSchema, response.json)
    first, second, third = response.json["reports"]
    assert first["valid"] is False and first["errors"][0]["code"] == "WRONG_TURN"
    assert second["status"] == 422 and second["type"].endswith("/invalid-input")
    assert pointers(second) == ["/colour", "/deals/0/hands/0/0"]
    assert third["valid"] is True
    conforms(ReportSchema, first)


def test_batch_applies_query_flags_to_every_record(client: Any) -> None:
    body = {"records": [record("custom-incomplete"), record("custom-incomplete")]}
    response = client.post("/v1/validate/batch?complete=false", json=body)
    assert [r["valid"] for r in response.json["reports"]] == [True, True]


def test_batch_over_the_limit_names_it(client: Any) -> None:
    body = {"records": [{}] * (limits.MAX_RECORDS_PER_BATCH + 1)}
    doc = assert_problem(client.post("/v1/validate/batch", json=body), 422)
    assert doc["limit"] == {"name": "MAX_RECORDS_PER_BATCH", "value": 100}
    assert "limit of 100" in doc["errors"][0]["detail"]


@pytest.mark.parametrize(("body", "expected"), [
    ([], [""]),
    ({"records": "x"}, ["/records"]),
    ({"records": [], "extra": 1}, ["/extra"]),
])
def test_batch_envelope_problems(client: Any, body: Any, expected: list[str]) -> None:
    assert pointers(assert_problem(client.post("/v1/validate/batch", json=body), 422)) == expected
