"""The season's audit shows what moved its table (organiser item 3): a withdrawal or a
replacement in an attached night, with the night it happened in, in the API and on the page."""

from __future__ import annotations

from typing import Any

import pytest

from app.web.organiser_words import OrganiserWords
from tests.seasons.club import club_season, record


def test_a_withdrawal_in_an_attached_night_is_in_the_seasons_audit(client: Any) -> None:
    sid, _, tournaments = club_season(client)
    entries = client.get(f"/v1/seasons/{sid}/audit").get_json()["entries"]
    withdrawals = [e for e in entries if e["action"] == "withdraw"]
    assert [(e["tournament"], e["night"], e["reason"]) for e in withdrawals] == [
        (tournaments[1], 2, "wrong table")]
    assert withdrawals[0]["record"].startswith("r")
    assert [e["at"] for e in entries] == sorted(e["at"] for e in entries)


def _night_token(client: Any) -> tuple[str, str, str, dict[str, str]]:
    made = client.post("/v1/tournaments", json={"name": "Extra", "profile": "casual"}).get_json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    rid = client.post(f"/v1/tournaments/{made['id']}/records", headers=auth,
                      json=record(["Ana", "Ben", "Cai", "Dee"], [0, 1, 2, 3])).get_json()["id"]
    return made["id"], made["token"], rid, auth


@pytest.mark.parametrize("lang", ["en", "fil"])
def test_a_replacement_shows_with_its_night_on_the_page(client: Any, lang: str) -> None:
    sid, token, _ = club_season(client)
    tid, _, rid, auth = _night_token(client)
    client.post(f"/v1/seasons/{sid}/tournaments", json={"tournament": tid},
                headers={"Authorization": f"Bearer {token}"})
    replaced = client.put(f"/v1/tournaments/{tid}/records/{rid}?reason=typo&by=Mo", headers=auth,
                          json=record(["Ana", "Ben", "Cai", "Dee"], [0, 2, 2, 3]))
    assert replaced.status_code in (200, 201), replaced.get_json()
    entries = client.get(f"/v1/seasons/{sid}/audit").get_json()["entries"]
    last = entries[-1]
    assert (last["action"], last["night"], last["record"], last["by"], last["reason"]) == (
        "replace", 5, rid, "Mo", "typo")
    assert last["replaced_by"] == replaced.get_json()["id"]
    page = client.get(f"/seasons/{sid}?lang={lang}").get_data(as_text=True)
    w = OrganiserWords(lang)
    assert w("season_audit_record", night=5) in page and last["replaced_by"] in page
    assert w["action_replace"] in page


def test_a_detached_nights_withdrawals_leave_the_seasons_audit(client: Any) -> None:
    sid, token, tournaments = club_season(client)
    client.delete(f"/v1/seasons/{sid}/tournaments/{tournaments[1]}",
                  headers={"Authorization": f"Bearer {token}"})
    entries = client.get(f"/v1/seasons/{sid}/audit?per_page=1&page=1").get_json()
    every = client.get(f"/v1/seasons/{sid}/audit?per_page=100").get_json()["entries"]
    assert not [e for e in every if e["action"] == "withdraw"]
    assert entries["total"] == len(every)
