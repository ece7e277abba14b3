"""PROOF_MISMATCH over HTTP: POST /v1/validate (JSON and notation), the batch endpoint and
/v1/next check a record's proof like any rule; the example record's proof holds and its
tampered twin's does not."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bigtwo.formats.notation.writer import write_record
from tests.fair_records import TAMPERINGS, proven_record, tampered

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = json.loads((ROOT / "examples" / "live-table-proof.json").read_text(encoding="utf-8"))
TAMPERED = json.loads((ROOT / "fixtures" / "proofs" / "live-table-proof-tampered.json")
                      .read_text(encoding="utf-8"))


def codes(report: dict[str, Any]) -> list[str]:
    return [e["code"] for e in report["errors"]]


def test_the_example_validates_clean_and_its_twin_does_not(client: Any) -> None:
    good = client.post("/v1/validate", json=EXAMPLE)
    assert good.status_code == 200 and good.get_json()["valid"] is True
    bad = client.post("/v1/validate?lang=de", json=TAMPERED)
    assert bad.status_code == 200
    report = bad.get_json()
    assert report["valid"] is False and codes(report) == ["PROOF_MISMATCH"]
    assert report["errors"][0]["params"] == {"deal": 0, "reason": "hands", "seat": 1}
    assert report["errors"][0]["message"].startswith("Der Nachweis der Partie stimmt nicht")


def test_the_twin_differs_from_the_example_only_in_two_cards() -> None:
    good, bad = EXAMPLE["deals"][0]["hands"], TAMPERED["deals"][0]["hands"]
    assert {k: v for k, v in EXAMPLE.items() if k != "deals"} == {
        k: v for k, v in TAMPERED.items() if k != "deals"}
    assert [sorted(h) for h in good] != [sorted(h) for h in bad]
    assert sorted(sum(good, [])) == sorted(sum(bad, []))
    assert sum(a != b for a, b in zip(sum(good, []), sum(bad, []), strict=True)) == 2


@pytest.mark.parametrize("how", sorted(TAMPERINGS))
def test_validate_checks_the_proof_as_notation_too(client: Any, how: str) -> None:
    text = write_record(tampered(proven_record(), how))
    answer = client.post("/v1/validate", data=text.encode(),
                         headers={"Content-Type": "text/x-bigtwo"})
    assert answer.status_code == 200, answer.get_json()
    report = answer.get_json()
    assert codes(report) == ["PROOF_MISMATCH"]
    assert report["errors"][0]["params"] == TAMPERINGS[how]


def test_the_batch_endpoint_checks_each_record(client: Any) -> None:
    answer = client.post("/v1/validate/batch", json={"records": [EXAMPLE, TAMPERED]})
    assert answer.status_code == 200
    reports = answer.get_json()["reports"]
    assert [r["valid"] for r in reports] == [True, False]
    assert codes(reports[1]) == ["PROOF_MISMATCH"]


def test_a_malformed_proof_is_a_422_at_its_pointer(client: Any) -> None:
    record = proven_record()
    record["deals"][0]["proof"]["entropy"][1]["seat"] = 0
    answer = client.post("/v1/validate", json=record)
    assert answer.status_code == 422
    assert [e["pointer"] for e in answer.get_json()["errors"]] == [
        "/deals/0/proof/entropy/1/seat"]


def unfinished(record: dict[str, Any]) -> dict[str, Any]:
    out = json.loads(json.dumps(record))
    out["deals"][0]["moves"] = out["deals"][0]["moves"][:5]
    return out


def test_next_answers_a_proven_unfinished_deal(client: Any) -> None:
    answer = client.post("/v1/next", json=unfinished(EXAMPLE))
    assert answer.status_code == 200, answer.get_json()


@pytest.mark.parametrize("how", sorted(TAMPERINGS))
def test_next_refuses_a_tampered_proof_as_a_rule_error(client: Any, how: str) -> None:
    answer = client.post("/v1/next", json=unfinished(tampered(EXAMPLE, how)))
    assert answer.status_code == 422
    body = answer.get_json()
    assert body["type"].endswith("record-breaks-rules")
    assert [e["code"] for e in body["errors"]] == ["PROOF_MISMATCH"]


@pytest.mark.parametrize(("path", "value", "accepted"), [
    (None, None, True), ("seed", "zz" * 32, False), ("commitment", "ab", False),
    ("entropy", [{"seat": 0, "value": "x" * 65}], False), ("entropy", [{"value": "x"}], False),
    ("deal_code", 7, False)])
def test_the_published_schema_documents_the_proof(client: Any, path: str | None, value: Any,
                                                  accepted: bool) -> None:
    import jsonschema

    spec = client.get("/openapi.json").get_json()
    schema = {"components": spec["components"], "$ref": "#/components/schemas/Record"}
    record = json.loads(json.dumps(EXAMPLE))
    if path is not None:
        record["deals"][0]["proof"][path] = value
    errors = list(jsonschema.Draft4Validator(schema).iter_errors(record))
    assert (errors == []) is accepted, [e.message for e in errors]
