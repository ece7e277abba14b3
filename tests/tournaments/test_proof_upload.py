"""A tournament upload checks a live table's proof as every surface does: the record whose
proof holds is stored valid and counts in the standings; a tampered twin is stored invalid
with PROOF_MISMATCH and does not count."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo.formats.notation.writer import write_record
from tests.fair_records import TAMPERINGS, proven_record, tampered
from tests.tournaments.conftest import Tournament, new_tournament


@pytest.fixture
def hk(client: Any) -> Tournament:
    return new_tournament(client, profile="hk-standard")


def stored_errors(tournament: Tournament, record_id: str) -> list[str]:
    body = tournament.client.get(f"/v1/records/{record_id}").get_json()
    return [e["code"] for e in body["report"]["errors"]]


def test_a_proof_that_holds_is_a_valid_record(hk: Tournament) -> None:
    answer = hk.upload(proven_record())
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["valid"] is True


@pytest.mark.parametrize("how", sorted(TAMPERINGS))
def test_a_tampered_proof_is_stored_invalid(hk: Tournament, how: str) -> None:
    answer = hk.upload(tampered(proven_record(), how))
    assert answer.status_code == 201, answer.get_json()
    body = answer.get_json()
    assert body["valid"] is False
    assert stored_errors(hk, body["id"]) == ["PROOF_MISMATCH"]


def test_an_upload_in_notation_checks_the_proof(hk: Tournament) -> None:
    text = write_record(tampered(proven_record(), "hands"))
    answer = hk.client.post(f"/v1/tournaments/{hk.id}/records", data=text.encode(),
                            headers={**hk.auth, "Content-Type": "text/x-bigtwo"})
    assert answer.status_code == 201, answer.get_json()
    body = answer.get_json()
    ids = [r["id"] for r in body["results"]] if "results" in body else [body["id"]]
    assert stored_errors(hk, ids[0]) == ["PROOF_MISMATCH"]


def test_only_the_proven_record_counts_in_the_standings(hk: Tournament) -> None:
    good, bad = proven_record(), tampered(proven_record(rng_seed=2), "seed")
    hk.upload({"records": [good, bad]})
    counts = hk.client.get(f"/v1/tournaments/{hk.id}").get_json()["counts"]
    assert counts == {"records": 2, "valid": 1, "invalid": 1, "withdrawn": 0}
