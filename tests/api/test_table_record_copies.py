"""TABLES.md, 'Fair deals': a finished table's record proves itself "with any copy of the
service". A second app on a store of its own (another copy of the service, which never saw
the table nor its stored profile) validates the record, as JSON and as notation, with the
table's totals and the profile's hash; a seed changed by one byte is PROOF_MISMATCH there."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bigtwo.rules.profiles import PRESETS

# Rules no preset plays (a stored profile's): bombs of anything, no triples, clockwise.
CLUB_RULES = {"extends": "big-two-web", "name": "Club night rules", "direction": "clockwise",
              "triples": False, "bombs": "anything"}
PLAYERS = ["Ana", "Ben", "Cai", "Dee"]
NOTATION = "text/x-bigtwo"


@pytest.fixture
def other_copy(tmp_path: Path) -> Iterator[Any]:
    """Another copy of the service: its own app, its own empty store."""
    from app import create_app

    yield create_app({"TESTING": True,
                      "BIGTWO_DB": str(tmp_path / "another-copy.db")}).test_client()


def _profile(client: Any, kind: str) -> tuple[Any, str]:
    """The table's ``profile`` as its creator sends it, and the hash it resolves to."""
    if kind == "preset":
        return "pusoy-dos", PRESETS["pusoy-dos"].hash
    if kind == "declaration":
        declared = {"extends": "hk-standard", "name": "Short hands", "hand_size": 10}
        return declared, client.post("/v1/profiles", json=declared).json["hash"]
    stored = client.post("/v1/profiles", json=CLUB_RULES)
    assert stored.status_code in (200, 201), stored.json
    if kind == "stored":
        return stored.json["id"], stored.json["hash"]
    # A declaration that extends the stored profile: this store alone knows its parent.
    child = {"extends": stored.json["id"], "name": "Club night, short", "hand_size": 10}
    return child, client.post("/v1/profiles", json=child).json["hash"]


def _finished_table(client: Any, profile: Any) -> str:
    """A table of bots alone, two deals: its match is played at creation."""
    made = client.post("/v1/tables", json={"profile": profile, "players": PLAYERS,
                                           "bots": [0, 1, 2, 3], "deals": 2})
    assert made.status_code == 201, made.json
    table_id: str = made.json["id"]
    assert client.get(f"/v1/tables/{table_id}").json["status"] == "over"
    return table_id


@pytest.mark.parametrize("kind", ["preset", "declaration", "stored", "extends-stored"])
def test_another_copy_validates_the_record_with_the_same_totals_and_hash(
        client: Any, other_copy: Any, kind: str) -> None:
    profile, profile_hash = _profile(client, kind)
    table_id = _finished_table(client, profile)
    totals = client.get(f"/v1/tables/{table_id}").json["totals"]
    record = client.get(f"/v1/tables/{table_id}/record").json
    assert len(record["deals"]) == 2 and all("proof" in deal for deal in record["deals"])
    if kind in ("preset", "declaration"):
        assert record["profile"] == profile  # what stands on presets alone is kept as sent
    else:
        assert isinstance(record["profile"], dict)  # the rules, not an id this store alone knows

    for copy in (client, other_copy):
        report = copy.post("/v1/validate", json=record)
        assert report.status_code == 200, report.json
        assert report.json["valid"] is True, report.json["errors"]
        assert report.json["totals"] == totals
        assert report.json["profile"]["hash"] == profile_hash

    notation = client.get(f"/v1/tables/{table_id}/record", headers={"Accept": NOTATION})
    assert notation.status_code == 200 and notation.mimetype == NOTATION
    read = other_copy.post("/v1/validate", data=notation.get_data(),
                           headers={"Content-Type": NOTATION})
    assert read.status_code == 200, read.json
    assert read.json["valid"] is True, read.json["errors"]
    assert read.json["totals"] == totals
    assert read.json["profile"]["hash"] == profile_hash


@pytest.mark.parametrize("kind", ["preset", "stored"])
def test_another_copy_finds_a_tampered_seed_a_proof_mismatch(
        client: Any, other_copy: Any, kind: str) -> None:
    profile, _ = _profile(client, kind)
    record = client.get(f"/v1/tables/{_finished_table(client, profile)}/record").json
    proof = record["deals"][0]["proof"]
    proof["seed"] = f"{int(proof['seed'][:2], 16) ^ 0x80:02x}" + proof["seed"][2:]
    report = other_copy.post("/v1/validate", json=record).json
    assert report["valid"] is False
    assert [(e["code"], e["deal"]) for e in report["errors"]] == [("PROOF_MISMATCH", 0)]


def test_a_stored_profiles_match_is_stored_in_its_tournament_and_exported_whole(
        client: Any, other_copy: Any) -> None:
    """The record a linked tournament stores names the profile by its rules too: the
    tournament (which plays the stored id) takes it as its own, and its export reads on
    another copy."""
    pid, profile_hash = _profile(client, "stored")
    made = client.post("/v1/tournaments", json={"name": "Club", "profile": pid}).get_json()
    table = client.post("/v1/tables", json={
        "profile": pid, "players": PLAYERS, "bots": [0, 1, 2, 3], "deals": 1,
        "tournament": {"id": made["id"], "token": made["token"]}})
    assert table.status_code == 201, table.get_json()
    client.get(table.get_json()["url"])
    page = client.get(f"/v1/tournaments/{made['id']}/records").get_json()
    assert page["total"] == 1
    stored = client.get(f"/v1/records/{page['records'][0]['id']}").get_json()
    assert stored["valid"] is True and isinstance(stored["record"]["profile"], dict)
    report = other_copy.post("/v1/validate", json=stored["record"]).get_json()
    assert report["valid"] is True and report["profile"]["hash"] == profile_hash
