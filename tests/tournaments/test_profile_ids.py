"""Profile ids (issue 19, class 5): 128-bit ids, a forced collision refused everywhere a
declaration is stored or used, and ids stored with 12 hex digits still resolving.

A collision of 128 bits cannot be found, so the tests force one: ``stored_id`` is patched to
give every rule set the same id."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import pytest

from bigtwo.rules import profiles
from bigtwo.rules.profiles import ProfileResolver
from bigtwo.store.db import Store
from bigtwo.store.migrations import MIGRATIONS
from bigtwo.store.repositories.profiles import ProfileIdCollision
from tests.tournaments.conftest import new_tournament
from tests.tournaments.helpers import simulated

CLASHING_ID = "p-" + "0" * 32


def _declaration(triples: bool) -> dict[str, Any]:
    # extends: never served from the cross-request cache of checked declarations, so the
    # patched id function is the one that names it.
    return {"extends": "casual", "triples": triples, "name": f"clash {uuid.uuid4().hex[:6]}"}


@pytest.fixture
def clashing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(profiles, "stored_id", lambda _hash: CLASHING_ID)


def test_new_ids_carry_128_bits() -> None:
    profile, _ = ProfileResolver().resolve(_declaration(False))
    assert profile is not None
    assert profile.id == "p-" + profile.hash.removeprefix("sha256:")[:32]
    assert len(profile.id) - 2 == profiles.ID_HEX_DIGITS * 1 >= 128 // 4


def _conflict(response: Any) -> dict[str, Any]:
    assert response.status_code == 409, response.get_json()
    assert response.mimetype == "application/problem+json"
    doc: dict[str, Any] = response.get_json()
    assert doc["type"].endswith("/profile-id-collision")
    assert CLASHING_ID in doc["detail"]
    return doc


def test_declaring_a_colliding_profile_is_409_and_the_first_keeps_its_rules(
        client: Any, clashing: None) -> None:
    first = client.post("/v1/profiles", json=_declaration(False))
    assert (first.status_code, first.get_json()["id"]) == (201, CLASHING_ID)
    _conflict(client.post("/v1/profiles", json=_declaration(True)))
    stored = client.get(f"/v1/profiles/{CLASHING_ID}").get_json()
    assert stored["triples"] is False and stored["hash"] == first.get_json()["hash"]
    assert [p["id"] for p in client.get("/v1/profiles").get_json()["profiles"]
            if not p["preset"]] == [CLASHING_ID]


def test_a_tournament_with_a_colliding_inline_profile_is_409_and_nothing_is_stored(
        app: Any, client: Any, clashing: None) -> None:
    assert client.post("/v1/profiles", json=_declaration(False)).status_code == 201
    _conflict(client.post("/v1/tournaments", json={"name": "Clash",
                                                   "profile": _declaration(True)}))
    store = Store(app.config["BIGTWO_DB"])
    assert store.tournaments.listing() == []
    assert store.profiles.stored_hash(CLASHING_ID) is not None


def test_a_record_with_a_colliding_inline_profile_is_refused(client: Any, clashing: None) -> None:
    first = _declaration(False)
    assert client.post("/v1/profiles", json=first).status_code == 201
    tournament = new_tournament(client, profile=CLASHING_ID)
    record = {**simulated(1)[0], "profile": _declaration(True)}
    checked = client.post("/v1/validate", json=record)
    assert checked.status_code == 422
    assert any(e["pointer"] == "/profile" and CLASHING_ID in e["detail"]
               for e in checked.get_json()["errors"])
    upload = tournament.upload(record)
    assert upload.status_code == 422
    assert client.get(f"/v1/tournaments/{tournament.id}").get_json()["counts"]["records"] == 0
    # The same rules named by the id, or declared inline, still play.
    assert tournament.upload({**simulated(1)[0], "profile": CLASHING_ID}).status_code == 201


def test_the_store_refuses_a_collision_inside_its_write(tmp_path: Path, clashing: None) -> None:
    """Even past the resolver (two requests racing), the write compares full hashes."""
    store = Store(tmp_path / "s.db")
    store.migrate()
    a, _ = ProfileResolver().resolve(_declaration(False))
    b, _ = ProfileResolver().resolve(_declaration(True))
    assert a is not None and b is not None and a.id == b.id and a.hash != b.hash
    assert store.profiles.put(_declaration(False), a) == (CLASHING_ID, True)
    with pytest.raises(ProfileIdCollision):
        store.profiles.put(_declaration(True), b)
    with pytest.raises(ProfileIdCollision):
        store.tournaments.create("Clash", b, _declaration(True))
    assert store.profiles.stored_hash(CLASHING_ID) == a.hash
    assert store.tournaments.listing() == []


def _store_with_a_12_hex_profile(path: Path) -> tuple[str, dict[str, Any]]:
    """A store holding a profile under an id of the old length, as earlier releases wrote."""
    declaration = {"extends": "casual", "triples": False, "name": "Old club rules"}
    profile, _ = ProfileResolver().resolve(declaration)
    assert profile is not None
    old_id = "p-" + profile.hash.removeprefix("sha256:")[:12]
    store = Store(path)
    store.migrate()
    with store.write() as db:
        db["profiles"].insert({
            "id": old_id, "hash": profile.hash, "name": profile.name,
            "declaration": json.dumps(declaration),
            "resolved": json.dumps({**profile.as_dict(), "id": old_id}),
            "created_at": "2026-01-01T00:00:00.000+00:00"})
    store.close()
    return old_id, declaration


def test_ids_stored_with_12_hex_digits_keep_resolving(tmp_path: Path) -> None:
    from app import create_app

    path = tmp_path / "old.db"
    old_id, declaration = _store_with_a_12_hex_profile(path)
    assert len(MIGRATIONS) >= 5
    client = create_app({"TESTING": True, "BIGTWO_DB": str(path)}).test_client()
    assert client.get(f"/v1/profiles/{old_id}").get_json()["id"] == old_id
    # The same rules declared again answer the stored id, not a second row under a new one.
    again = client.post("/v1/profiles", json=declaration)
    assert (again.status_code, again.get_json()["id"]) == (200, old_id)
    made = client.post("/v1/tournaments", json={"name": "Old", "profile": declaration})
    assert made.status_code == 201
    shown = client.get(f"/v1/tournaments/{made.get_json()['id']}").get_json()
    assert shown["profile"]["id"] == old_id
    record = {**simulated(1)[0], "profile": old_id}
    assert client.post("/v1/validate", json=record).get_json()["profile"]["id"] == old_id
