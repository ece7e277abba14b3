"""A record uploaded under another profile than the tournament's (issue 17): the refusal names
the rules that differ, field by field, not two hashes."""

from __future__ import annotations

from typing import Any

from tests.tournaments.conftest import Tournament
from tests.tournaments.helpers import NAMES, coded_record


def _details(response: Any) -> list[tuple[str, str]]:
    assert response.status_code == 422, response.get_json()
    return [(e["pointer"], e["detail"]) for e in response.get_json()["errors"]]


def test_a_record_under_another_profile_names_the_differing_rules(tournament: Tournament) -> None:
    record = coded_record("B2-4-13-0", seed=3, names=NAMES, profile="hk-standard")
    ((pointer, detail),) = _details(tournament.upload(record))
    assert pointer == "/profile"
    assert detail.startswith("this tournament plays 'casual'; the record uses 'hk-standard', "
                             "whose rules differ: triples: yes (the record) vs no (this tournament)")
    assert "scoring.settlement: winner_takes_all (the record) vs penalty_only (this tournament)" in detail
    assert "sha256" not in detail


def test_one_changed_rule_is_the_only_one_named(tournament: Tournament) -> None:
    record = coded_record("B2-4-13-0", seed=3, names=NAMES)
    record["profile"] = {"extends": "casual", "triples": True}
    ((_, detail),) = _details(tournament.upload({"records": [record]}))
    assert detail.endswith("whose rules differ: triples: yes (the record) vs no (this tournament)")


def test_a_sheet_under_another_profile_names_the_differing_rules(tournament: Tournament) -> None:
    response = tournament.client.post(
        f"/v1/tournaments/{tournament.id}/records?profile=hk-standard",
        data=b"deal;Ana;Ben;Cai;Dee\n1;0;5;2;9\n", content_type="text/csv", headers=tournament.auth)
    ((_, detail),) = _details(response)
    assert "this tournament plays 'casual'" in detail and "triples: yes (the record) vs no" in detail


def test_a_sheet_uploads_problems_come_in_the_callers_language(tournament: Tournament) -> None:
    response = tournament.client.post(
        f"/v1/tournaments/{tournament.id}/records", data=b"deal;Ana;Ben;Cai;Dee\n1;0;5;0;9\n",
        content_type="text/csv", headers={**tournament.auth, "Accept-Language": "de"})
    assert _details(response) == [
        ("/rows/2", "Zeile 2: nur einer geht in einer Partie aus, aber Ana und Cai haben keine "
                    "Karten mehr")]
