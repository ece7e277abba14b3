"""POST/GET /v1/tournaments and record uploads: every status code of API.md's table."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from bigtwo.store.tokens import token_hash
from tests.tournaments.conftest import Tournament, new_tournament
from tests.tournaments.helpers import broken, simulated

PROBLEM = "application/problem+json"


def count_rows(app: Any, table: str) -> int:
    with sqlite3.connect(app.config["BIGTWO_DB"]) as conn:
        return int(conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])


# --- creating and reading ---------------------------------------------------------------------
def test_create_answers_id_and_a_token_stored_only_as_its_hash(client: Any, app: Any) -> None:
    response = client.post("/v1/tournaments", json={"name": "Spring cup", "profile": "pusoy-dos"})
    assert response.status_code == 201
    body = response.get_json()
    assert set(body) == {"id", "token"}
    with sqlite3.connect(app.config["BIGTWO_DB"]) as conn:
        dump = "\n".join(conn.iterdump())
    assert body["token"] not in dump
    assert token_hash(body["token"]) in dump


def test_get_shows_name_profile_and_counts(tournament: Tournament) -> None:
    records = simulated(2)
    tournament.upload({"records": [records[0], broken(records[1])]})
    body = tournament.client.get(f"/v1/tournaments/{tournament.id}").get_json()
    assert body["name"] == "Club night"
    assert body["profile"]["id"] == "casual"
    assert body["profile"]["hash"].startswith("sha256:")
    assert body["counts"] == {"records": 2, "valid": 1, "invalid": 1, "withdrawn": 0}
    assert "token" not in body and "token_hash" not in body


def test_unknown_tournament_is_404(client: Any) -> None:
    for response in (client.get("/v1/tournaments/t-nope"),
                     client.get("/v1/tournaments/t-nope/records"),
                     client.get("/v1/tournaments/t-nope/standings"),
                     client.post("/v1/tournaments/t-nope/records", json={},
                                 headers={"Authorization": "Bearer x"})):
        assert response.status_code == 404
        assert response.mimetype == PROBLEM


@pytest.mark.parametrize(("body", "pointers"), [
    ({"profile": "casual"}, ["/name"]),
    ({"name": "", "profile": "casual"}, ["/name"]),
    ({"name": "x"}, ["/profile"]),
    ({"name": "x", "profile": "no-such-rules"}, ["/profile"]),
    ({"name": "x", "profile": {"players": 9}}, ["/profile/players"]),
    ({"name": "x", "profile": "casual", "colour": "red"}, ["/colour"]),
    (["not", "an", "object"], [""]),
])
def test_bad_creation_is_422_with_pointers_and_stores_nothing(
        client: Any, app: Any, body: Any, pointers: list[str]) -> None:
    response = client.post("/v1/tournaments", json=body)
    assert response.status_code == 422
    assert response.mimetype == PROBLEM
    assert [e["pointer"] for e in response.get_json()["errors"]] == pointers
    assert count_rows(app, "tournaments") == 0


def test_inline_profile_is_resolved_and_stored(client: Any) -> None:
    declaration = {"extends": "casual", "name": "Casual with triples", "triples": True}
    t = new_tournament(client, profile=declaration)
    profile = client.get(f"/v1/tournaments/{t.id}").get_json()["profile"]
    assert profile["id"].startswith("p-")
    # The stored profile is usable by id afterwards, e.g. by a second tournament.
    again = new_tournament(client, profile=profile["id"])
    assert client.get(f"/v1/tournaments/{again.id}").get_json()["profile"]["hash"] == profile["hash"]


def test_create_needs_json(client: Any) -> None:
    assert client.post("/v1/tournaments", data="name=x", content_type="text/plain").status_code == 415
    response = client.post("/v1/tournaments", data="{", content_type="application/json")
    assert response.status_code == 400
    assert response.mimetype == PROBLEM


# --- tokens -----------------------------------------------------------------------------------
@pytest.mark.parametrize("header", [None, "", "Bearer", "Bearer ", "Basic dXNlcjpwdw==",
                                    "Bearer b2t_not-the-token"])
def test_missing_or_wrong_token_is_401(tournament: Tournament, app: Any, header: str | None) -> None:
    headers = {} if header is None else {"Authorization": header}
    response = tournament.client.post(f"/v1/tournaments/{tournament.id}/records",
                                      json=simulated(1)[0], headers=headers)
    assert response.status_code == 401
    assert response.mimetype == PROBLEM
    assert response.headers["WWW-Authenticate"].startswith("Bearer")
    assert count_rows(app, "records") == 0


def test_another_tournaments_token_is_403(client: Any, app: Any) -> None:
    mine, theirs = new_tournament(client), new_tournament(client, name="Other club")
    response = mine.upload(simulated(1)[0], token=theirs.token)
    assert response.status_code == 403
    assert response.mimetype == PROBLEM
    assert count_rows(app, "records") == 0
    assert mine.upload(simulated(1)[0]).status_code == 201


def test_scheme_is_case_insensitive(tournament: Tournament) -> None:
    response = tournament.client.post(f"/v1/tournaments/{tournament.id}/records",
                                      json=simulated(1)[0],
                                      headers={"Authorization": f"bearer {tournament.token}"})
    assert response.status_code == 201


# --- uploads ----------------------------------------------------------------------------------
def test_one_record_is_201_then_200_with_the_same_id(tournament: Tournament, app: Any) -> None:
    record = simulated(1)[0]
    first = tournament.upload(record)
    assert first.status_code == 201
    assert first.get_json()["created"] is True and first.get_json()["valid"] is True
    # Key order and whitespace do not make another record: the canonical content is the same.
    reordered = dict(reversed(list(record.items())))
    second = tournament.upload(reordered)
    assert second.status_code == 200
    assert second.get_json()["id"] == first.get_json()["id"]
    assert second.get_json()["created"] is False
    assert count_rows(app, "records") == 1


def test_same_record_in_two_tournaments_is_stored_twice(client: Any, app: Any) -> None:
    record = simulated(1)[0]
    a, b = new_tournament(client), new_tournament(client)
    id_a = a.upload(record).get_json()["id"]
    response = b.upload(record)
    assert response.status_code == 201
    assert response.get_json()["id"] != id_a
    assert count_rows(app, "records") == 2


def test_batch_answers_a_status_per_record(tournament: Tournament, app: Any) -> None:
    records = simulated(3)
    tournament.upload(records[0])
    response = tournament.upload({"records": [records[0], records[1], records[2], records[1]]})
    assert response.status_code == 201
    body = response.get_json()
    assert [r["status"] for r in body["results"]] == [200, 201, 201, 200]
    assert [r["index"] for r in body["results"]] == [0, 1, 2, 3]
    assert body["results"][3]["id"] == body["results"][1]["id"]
    assert (body["created"], body["duplicates"], body["valid"], body["invalid"]) == (2, 2, 4, 0)
    assert count_rows(app, "records") == 3
    again = tournament.upload({"records": records})
    assert again.status_code == 200
    assert {r["status"] for r in again.get_json()["results"]} == {200}


def test_rule_breaking_record_is_stored_and_flagged(tournament: Tournament) -> None:
    response = tournament.upload(broken(simulated(1)[0]))
    assert response.status_code == 201
    body = response.get_json()
    assert body["valid"] is False and body["errors"] == 1
    stored = tournament.client.get(f"/v1/records/{body['id']}").get_json()
    assert stored["valid"] is False
    assert stored["report"]["errors"][0]["code"] == "WRONG_TURN"


def test_malformed_item_fails_the_whole_batch_with_pointers(tournament: Tournament,
                                                            app: Any) -> None:
    good = simulated(5)
    bad_card = {**good[3], "deals": [{**good[3]["deals"][0], "hands": [["ZZ"]] + good[3]["deals"][0]["hands"][1:]}]}
    bad_shape = {"profile": "casual", "deals": "all of them"}
    response = tournament.upload({"records": [good[0], good[1], bad_shape, bad_card, good[4]]})
    assert response.status_code == 422
    assert response.mimetype == PROBLEM
    pointers = [e["pointer"] for e in response.get_json()["errors"]]
    assert pointers == ["/records/2/deals", "/records/3/deals/0/hands/0/0"]
    assert count_rows(app, "records") == 0


def test_single_malformed_record_points_into_the_record(tournament: Tournament) -> None:
    response = tournament.upload({"profile": "casual", "deals": [{"hands": [], "moves": "x"}],
                                  "extra": 1})
    assert response.status_code == 422
    assert {e["pointer"] for e in response.get_json()["errors"]} >= {"/extra", "/deals/0/moves"}


def test_record_of_another_profile_is_422(tournament: Tournament, app: Any) -> None:
    other = simulated(1, profile="hk-standard")[0]
    response = tournament.upload({"records": [simulated(1)[0], other]})
    assert response.status_code == 422
    [error] = response.get_json()["errors"]
    assert error["pointer"] == "/records/1/profile"
    assert "casual" in error["detail"] and "hk-standard" in error["detail"]
    assert count_rows(app, "records") == 0


def test_the_same_rules_under_another_name_are_accepted(tournament: Tournament) -> None:
    # An inline declaration that means exactly the casual rules has the casual hash.
    record = {**simulated(1)[0], "profile": {"extends": "casual"}}
    assert tournament.upload(record).status_code == 201


def test_record_without_profile_uses_the_tournaments(tournament: Tournament) -> None:
    record = dict(simulated(1)[0])
    del record["profile"]
    response = tournament.upload(record)
    assert response.status_code == 201
    assert response.get_json()["valid"] is True


@pytest.mark.parametrize(("body", "pointer"), [
    ({"records": []}, "/records"),
    ({"records": "x"}, "/records"),
    ({"records": [{}], "also": 1}, "/also"),
])
def test_bad_batch_envelope_is_422(tournament: Tournament, body: Any, pointer: str) -> None:
    response = tournament.upload(body)
    assert response.status_code == 422
    assert pointer in [e["pointer"] for e in response.get_json()["errors"]]


def test_batch_over_100_is_422(tournament: Tournament, app: Any) -> None:
    record = simulated(1)[0]
    response = tournament.upload({"records": [record] * 101})
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["pointer"] == "/records"
    assert count_rows(app, "records") == 0


def test_upload_checks_the_token_before_reading_the_body(tournament: Tournament) -> None:
    response = tournament.client.post(f"/v1/tournaments/{tournament.id}/records", data="{",
                                      content_type="application/json")
    assert response.status_code == 401
