"""Replays shared by link: POST /v1/replays and GET /v1/replays/{id} (bigtwo/store/replays.py).

Content-addressed (the same game, however spelled, gets one id), stored only on request,
bounded (MAX_SHARED_REPLAYS / MAX_SHARED_REPLAY_BYTES refuse with 507; nothing is evicted)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from bigtwo import limits
from bigtwo.records.pipeline import check_record
from bigtwo.rules.profiles import DEFAULT_RESOLVER
from bigtwo.store import replays
from bigtwo.store.db import Store
from bigtwo.store.migrations import MIGRATIONS
from tests.conftest import example_record


def _count(app: Any) -> int:
    store = Store(app.config["BIGTWO_DB"])
    try:
        return int(store.conn.execute("SELECT count(*) FROM shared_replays").fetchone()[0])
    finally:
        store.close()


def test_share_answers_201_then_200_with_the_same_link(client: Any, app: Any) -> None:
    record = example_record("hk-two-deals")
    first = client.post("/v1/replays", json=record)
    assert first.status_code == 201
    body = first.get_json()
    assert body["id"].startswith("rp-") and len(body["id"]) == 27
    assert body["url"] == f"/replays/{body['id']}" == first.headers["Location"]
    again = client.post("/v1/replays", json=record)
    assert again.status_code == 200 and again.get_json() == body
    assert _count(app) == 1


def test_nothing_is_stored_until_asked(client: Any, app: Any) -> None:
    assert client.post("/v1/validate", json=example_record("hk-two-deals")).status_code == 200
    assert client.post("/replay", data={"record": json.dumps(example_record("hk-two-deals")),
                                        "complete": "on"}).status_code == 200
    assert _count(app) == 0


def _respelled(record: dict[str, Any]) -> dict[str, Any]:
    """The same game written another way: lower-case and 10 cards, hands in another order,
    keys in another order."""
    other = copy.deepcopy(record)
    for deal in other["deals"]:
        deal["hands"] = [list(reversed([c.lower().replace("t", "10") for c in h]))
                         for h in deal["hands"]]
        for move in deal["moves"]:
            if "play" in move:
                move["play"] = [c.replace("D", "♦") for c in reversed(move["play"])]
    return dict(reversed(list(other.items())))


def test_the_same_game_spelled_differently_gets_the_same_link(client: Any) -> None:
    record = example_record("hk-two-deals")
    a = client.post("/v1/replays", json=record).get_json()["id"]
    b = client.post("/v1/replays", json=_respelled(record))
    assert b.status_code == 200 and b.get_json()["id"] == a
    other_game = copy.deepcopy(record)
    other_game["players"] = ["Ana", "Ben", "Cai", "Eve"]
    assert client.post("/v1/replays", json=other_game).get_json()["id"] != a
    # Unfinished deals accepted is another ruling, so another link.
    incomplete = client.post("/v1/replays?complete=false", json=record)
    assert incomplete.status_code == 201 and incomplete.get_json()["id"] != a


def test_the_id_follows_the_record_identity() -> None:
    record = example_record("hk-two-deals")
    assert replays.replay_id(record, "hk-standard", True) == replays.replay_id(
        _respelled(record), "hk-standard", True)
    assert replays.replay_id(record, "hk-standard", True) != replays.replay_id(
        record, "pusoy-dos", True)


def test_get_answers_the_record_as_shared(client: Any) -> None:
    record = example_record("pusoy-wrong-turn")  # breaks a rule: shared all the same
    made = client.post("/v1/replays", json=record).get_json()
    got = client.get(f"/v1/replays/{made['id']}")
    assert got.status_code == 200
    body = got.get_json()
    assert body["id"] == made["id"] and body["url"] == made["url"]
    assert body["record"] == record and body["complete"] is True
    assert body["profile_id"] == "pusoy-dos" and body["shared_at"].endswith("+00:00")
    assert check_record(body["record"]).report == client.post(
        "/v1/validate", json=record).get_json()


def test_a_record_naming_no_profile_keeps_the_one_the_query_gave(client: Any) -> None:
    record = example_record("hk-two-deals")
    del record["profile"]
    made = client.post("/v1/replays?profile=hk-standard", json=record)
    assert made.status_code == 201
    stored = client.get(made.get_json()["url"].replace("/replays/", "/v1/replays/")).get_json()
    assert stored["record"]["profile"] == "hk-standard"
    # ...and it is the same game as the record that named it itself.
    assert client.post("/v1/replays", json=example_record("hk-two-deals")).status_code == 200


@pytest.mark.parametrize("body", [{"deals": []}, {"profile": "nope", "deals": [{}]}, [1, 2]])
def test_a_record_that_cannot_be_replayed_is_not_stored(client: Any, app: Any, body: Any) -> None:
    answer = client.post("/v1/replays", json=body)
    assert answer.status_code == 422
    assert answer.get_json()["type"].endswith("/invalid-input") and answer.get_json()["errors"]
    assert _count(app) == 0


@pytest.mark.parametrize("rid", ["rp-000000000000000000000000", "r-123", "nope", "rp-"])
def test_an_unknown_replay_is_404(client: Any, rid: str) -> None:
    answer = client.get(f"/v1/replays/{rid}")
    assert answer.status_code == 404 and answer.mimetype == "application/problem+json"


def test_a_full_store_refuses_new_ones_and_keeps_the_old(client: Any, app: Any,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_SHARED_REPLAYS", 2)
    record = example_record("hk-two-deals")
    made = [client.post(f"/v1/replays?complete={c}", json=record) for c in ("true", "false")]
    assert [m.status_code for m in made] == [201, 201]
    third = client.post("/v1/replays", json=example_record("pusoy-wrong-turn"))
    assert third.status_code == 507
    problem = third.get_json()
    assert problem["type"].endswith("/replay-quota") and problem["title"] == "Insufficient Storage"
    assert problem["limit"] == {"name": "MAX_SHARED_REPLAYS", "value": 2}
    assert "never evicted" in problem["detail"]
    # Known ones are still answered, and every link given still works.
    assert client.post("/v1/replays", json=record).status_code == 200
    for m in made:
        assert client.get(m.get_json()["url"].replace("/replays/", "/v1/replays/")).status_code == 200
    assert _count(app) == 2


def test_the_byte_quota_counts_stored_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path / "q.db")
    store.migrate()
    record = example_record("hk-two-deals")
    first = replays.share(store, record, resolver=DEFAULT_RESOLVER)
    assert first.status == "created" and first.size > 1000
    monkeypatch.setattr(limits, "MAX_SHARED_REPLAY_BYTES", first.size + 10)
    assert replays.share(store, example_record("pusoy-wrong-turn"), resolver=DEFAULT_RESOLVER).status == "full"
    assert replays.share(store, record, resolver=DEFAULT_RESOLVER).status == "known"
    store.close()


def test_one_record_is_at_most_the_body_limit(tmp_path: Path) -> None:
    store = Store(tmp_path / "big.db")
    store.migrate()
    shared = replays.share(store, example_record("hk-two-deals"), resolver=DEFAULT_RESOLVER,
                           max_bytes=500)
    assert shared.status == "too_large" and shared.size > 500
    assert store.replays.get(replays.replay_id(example_record("hk-two-deals"),
                                                     "hk-standard", True)) is None
    store.close()


def test_an_older_database_gains_the_table(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    old = Store(path)
    with old.write() as db:
        for step in MIGRATIONS[:5]:
            step(db)
        old.conn.execute("PRAGMA user_version = 5")
    old.close()
    store = Store(path)
    store.migrate()
    assert "shared_replays" in store.db.table_names()
    assert store.replays.put("rp-1", {"deals": []}, True, "casual",
                             bounds=replays.bounds(store)) == "created"
    assert store.replays.get("rp-1")["record"] == {"deals": []}  # type: ignore[index]
    store.close()


def test_the_openapi_document_describes_the_endpoints(client: Any) -> None:
    spec = client.get("/openapi.json").get_json()
    post = spec["paths"]["/v1/replays"]["post"]
    assert {"200", "201", "413", "422", "507"} <= set(post["responses"])
    for status in ("200", "201"):
        answer = post["responses"][status]
        assert answer["description"] and "schema" in answer["content"]["application/json"]
    get = spec["paths"]["/v1/replays/{replay_id}"]["get"]
    assert {"200", "404"} <= set(get["responses"])


def test_the_replay_paths_are_valid_openapi(client: Any) -> None:
    """Checked with openapi-spec-validator; errors elsewhere in the document are other paths'."""
    # Declared by the client-generation work of the same issue; skip, saying so, until it is.
    validator = pytest.importorskip("openapi_spec_validator", reason="needs openapi-spec-validator")
    spec = client.get("/openapi.json").get_json()
    errors = [e for e in validator.OpenAPIV30SpecValidator(spec).iter_errors()
              if "/v1/replays" in "/".join(map(str, e.absolute_path))]
    assert errors == []
    assert spec["paths"]["/v1/replays"]["post"]["responses"]["507"] == {
        "$ref": "#/components/responses/INSUFFICIENT_STORAGE"}
