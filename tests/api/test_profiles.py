"""GET/POST /v1/profiles: presets, declared profiles stored by hash, usable everywhere."""

from __future__ import annotations

from typing import Any

from bigtwo.rules.profiles import PRESET_IDS, PRESETS
from schemas.profiles import ProfileListSchema, ResolvedProfileSchema
from tests.api.helpers import assert_problem, conforms, pointers, record

DECLARATION = {"extends": "big-two-web", "name": "Bombs, no triples", "direction": "clockwise", "triples": False,
               "bombs": "anything"}


def test_list_starts_with_the_presets(client: Any) -> None:
    body = client.get("/v1/profiles").json
    conforms(ProfileListSchema, body)
    assert [p["id"] for p in body["profiles"]] == list(PRESET_IDS)
    assert body["profiles"][0]["hash"] == PRESETS["hk-standard"].hash


def test_preset_is_served_fully_resolved(client: Any) -> None:
    body = client.get("/v1/profiles/pusoy-dos").json
    conforms(ResolvedProfileSchema, body)
    assert body == PRESETS["pusoy-dos"].as_dict()
    assert body["suit_order"] == ["C", "S", "H", "D"] and body["passing"] == "locked_out"


def test_declare_once_201_then_200_with_the_same_id(client: Any) -> None:
    first = client.post("/v1/profiles", json=DECLARATION)
    assert first.status_code == 201
    conforms(ResolvedProfileSchema, first.json)
    pid = first.json["id"]
    assert pid == "p-" + first.json["hash"].removeprefix("sha256:")[:32]  # 128 bits
    assert first.headers["Location"].endswith(f"/v1/profiles/{pid}")
    # The same rules spelled differently (a full nested override that changes nothing).
    again = client.post("/v1/profiles", json={**DECLARATION, "match": {"max_deals": None}})
    assert (again.status_code, again.json["id"]) == (200, pid)
    listed = client.get("/v1/profiles").json["profiles"]
    assert [p["id"] for p in listed if not p["preset"]] == [pid]


def test_stored_profile_resolves_fully(client: Any) -> None:
    pid = client.post("/v1/profiles", json=DECLARATION).json["id"]
    body = client.get(f"/v1/profiles/{pid}").json
    assert body["id"] == pid and body["triples"] is False and body["bombs"] == "anything"
    assert body["straights"] == list(PRESETS["big-two-web"].straights)  # inherited


def test_stored_id_names_the_profile_of_a_record_and_a_child_profile(client: Any) -> None:
    pid = client.post("/v1/profiles", json=DECLARATION).json["id"]
    doc = record("custom-incomplete")
    inline = client.post("/v1/validate?complete=false", json=doc).json
    doc["profile"] = pid
    stored = client.post("/v1/validate?complete=false", json=doc).json
    assert stored["valid"] is True
    assert stored["profile"] == {"id": pid, "hash": inline["profile"]["hash"]}
    child = client.post("/v1/profiles", json={"extends": pid, "passing": "locked_out"})
    assert child.status_code == 201 and child.json["bombs"] == "anything"


def test_every_declaration_problem_at_once(client: Any) -> None:
    body = {"extends": "hk-standard", "players": 9, "direction": "sideways",
            "scoring": {"settlement": "lottery"}, "colour": "red"}
    doc = assert_problem(client.post("/v1/profiles", json=body), 422)
    assert sorted(pointers(doc)) == ["/colour", "/direction", "/players", "/scoring/settlement"]


def test_unknown_parent_and_non_object(client: Any) -> None:
    doc = assert_problem(client.post("/v1/profiles", json={"extends": "p-ffffffffffff"}), 422)
    assert pointers(doc) == ["/extends"]
    assert pointers(assert_problem(client.post("/v1/profiles", json=["x"]), 422)) == [""]


def test_unknown_profile_is_404(client: Any) -> None:
    assert_problem(client.get("/v1/profiles/p-000000000000"), 404)
