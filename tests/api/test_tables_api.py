"""The live tables' HTTP API (docs/TABLES.md): creating, viewing as a seat or a spectator,
moves and their refusals (409, 412, 422 as a report says it), Idempotency-Key, ending a table,
its record, a linked tournament, the open-tables limit, and the OpenAPI document."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo import limits
from bigtwo.reports.messages import render
from bigtwo.rules.cards import CANONICAL
from tests.api.helpers import assert_problem

PLAYERS = ["Ana", "Ben", "Cai", "Dee"]


def create(client: Any, **body: Any) -> dict[str, Any]:
    response = client.post("/v1/tables", json={"profile": "hk-standard", "players": PLAYERS,
                                               **body})
    assert response.status_code == 201, response.get_json()
    created: dict[str, Any] = response.get_json()
    return created


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def seat_view(client: Any, table: dict[str, Any], seat: int, **kw: Any) -> dict[str, Any]:
    token = {s["seat"]: s["token"] for s in table["seats"]}[seat]
    response = client.get(f"/v1/tables/{table['id']}", headers=bearer(token), **kw)
    assert response.status_code == 200
    view: dict[str, Any] = response.get_json()
    return view


def token_of(table: dict[str, Any], seat: int) -> str:
    return str({s["seat"]: s["token"] for s in table["seats"]}[seat])


def a_move(view: dict[str, Any]) -> dict[str, Any]:
    """A legal move of the seat to move: its first legal play, or a pass when it has none."""
    assert view["turn"] == view["seat"]
    return {"play": view["legal_plays"][0]} if view["legal_plays"] else {"pass": True}


def two_people(client: Any) -> tuple[dict[str, Any], int, int]:
    """A table of two people (seats 0 and 1) and two bots: whose turn it is, and the other."""
    table = create(client, bots=[2, 3])
    view = seat_view(client, table, 0)
    assert view["turn"] in (0, 1)
    return table, view["turn"], 1 - view["turn"]


def test_creation_answers_tokens_once_and_the_commitment(client: Any) -> None:
    response = client.post("/v1/tables", json={"profile": "hk-standard", "players": PLAYERS,
                                               "bots": [3]})
    assert response.status_code == 201
    created = response.get_json()
    assert created["id"].startswith("tb-") and len(created["id"]) == 35
    assert response.headers["Location"] == created["url"] == f"/v1/tables/{created['id']}"
    assert "no-store" in response.headers["Cache-Control"]
    assert [s["seat"] for s in created["seats"]] == [0, 1, 2]
    assert [s["name"] for s in created["seats"]] == PLAYERS[:3]
    tokens = [created["organiser_token"], *(s["token"] for s in created["seats"])]
    assert len(set(tokens)) == 4 and all(len(t) >= 22 for t in tokens)
    assert len(created["commitment"]) == 64 and int(created["commitment"], 16) >= 0
    # Shown once: no later answer carries a token.
    for path in (created["url"], f"{created['url']}/record", "/v1/tables"):
        text = client.get(path, headers=bearer(tokens[1])).get_data(as_text=True)
        assert not any(t in text for t in tokens)


@pytest.mark.parametrize(("body", "pointer"), [
    ({"profile": "hk-standard", "players": PLAYERS[:3]}, "/players"),
    ({"profile": "no-such-profile", "players": PLAYERS}, "/profile"),
    ({"profile": "hk-standard", "players": PLAYERS, "bots": [4]}, "/bots/0"),
    ({"profile": "hk-standard", "players": PLAYERS, "deals": 0}, "/deals"),
    ({"profile": "hk-standard", "players": PLAYERS, "clock": {"turn_seconds": 30}}, "/clock"),
    ({"profile": "hk-standard", "players": PLAYERS, "colour": "red"}, "/colour"),
    ({"profile": "hk-standard", "players": PLAYERS, "tournament": "t-1"}, "/tournament"),
])
def test_a_bad_creation_body_is_422_at_its_pointer(client: Any, body: dict[str, Any],
                                                  pointer: str) -> None:
    doc = assert_problem(client.post("/v1/tables", json=body), 422)
    assert pointer in [e["pointer"] for e in doc["errors"]]


def test_a_seat_sees_its_hand_and_a_spectator_none(client: Any) -> None:
    table = create(client, bots=[1, 2, 3])
    seat = client.get(table["url"], headers=bearer(token_of(table, 0)))
    spectator = client.get(table["url"])
    assert seat.status_code == spectator.status_code == 200
    mine, public = seat.get_json(), spectator.get_json()
    assert mine["seat"] == 0 and len(mine["hand"]) == mine["cards_left"][0]
    assert "hand" not in public and "legal_plays" not in public and "seat" not in public
    for response in (seat, spectator):
        assert response.headers["Cache-Control"] == "private, no-store"
        assert "Authorization" in response.headers["Vary"]
    assert seat.headers["ETag"] != spectator.headers["ETag"]
    again = client.get(table["url"], headers={**bearer(token_of(table, 0)),
                                              "If-None-Match": seat.headers["ETag"]})
    assert again.status_code == 304 and again.get_data() == b""
    # The spectator's ETag does not answer a seat's 304.
    other = client.get(table["url"], headers={**bearer(token_of(table, 0)),
                                              "If-None-Match": spectator.headers["ETag"]})
    assert other.status_code == 200


@pytest.mark.parametrize("lang", ["en", "de", "zh-Hant-HK"])
def test_an_illegal_move_is_422_with_the_reports_error(client: Any, lang: str) -> None:
    table = create(client, bots=[1, 2, 3])
    view = seat_view(client, table, 0)
    # Any card of the deck the deal did not give seat 0 (five named cards were once all dealt
    # to it).
    missing = next(c for c in CANONICAL if c not in view["hand"])
    response = client.post(f"{table['url']}/moves?lang={lang}", json={"play": [missing]},
                           headers=bearer(token_of(table, 0)))
    doc = assert_problem(response, 422)
    assert doc["type"].endswith("/illegal-move")
    error = doc["errors"][0]
    assert error["code"] == "CARD_NOT_HELD" and error["seat"] == 0
    assert error["message"] == render(error, lang.replace("-", "_")) == doc["detail"]
    assert seat_view(client, table, 0)["version"] == view["version"]  # nothing changed


def test_a_legal_move_answers_the_view_after_it(client: Any) -> None:
    table = create(client, bots=[1, 2, 3])
    view = seat_view(client, table, 0)
    move = a_move(view)
    response = client.post(f"{table['url']}/moves", json=move,
                           headers=bearer(token_of(table, 0)))
    assert response.status_code == 200
    after = response.get_json()
    assert after["version"] > view["version"] and after["seat"] == 0
    assert not set(move.get("play", [])) & set(after["hand"])
    assert response.headers["ETag"] == f'"{after["version"]}-seat0-en"'


def test_not_your_turn_if_match_and_table_over(client: Any) -> None:
    table, mover, other = two_people(client)
    url = f"{table['url']}/moves"
    doc = assert_problem(client.post(url, json={"pass": True}, headers=bearer(token_of(table, other))), 409)
    assert doc["type"].endswith("/not-your-turn")
    version = seat_view(client, table, mover)["version"]
    play = a_move(seat_view(client, table, mover))
    stale = client.post(url, json=play, headers={
        **bearer(token_of(table, mover)), "If-Match": f'"{version - 1}"'})
    assert assert_problem(stale, 412)["version"] == version
    fresh = client.post(url, json=play, headers={
        **bearer(token_of(table, mover)), "If-Match": f'"{version}-seat{mover}-en"'})
    assert fresh.status_code == 200
    ended = client.delete(table["url"], headers=bearer(table["organiser_token"]))
    assert ended.status_code == 200 and ended.get_json()["status"] == "abandoned"
    doc = assert_problem(client.post(url, json={"pass": True}, headers=bearer(token_of(table, 0))), 409)
    assert doc["type"].endswith("/table-over")


def test_tokens_401_403(client: Any) -> None:
    one, two = create(client, bots=[1, 2, 3]), create(client, bots=[1, 2, 3])
    url = f"{one['url']}/moves"
    missing = client.post(url, json={"pass": True})
    assert_problem(missing, 401)
    assert missing.headers["WWW-Authenticate"].startswith("Bearer")
    assert_problem(client.post(url, json={"pass": True}, headers=bearer("x" * 32)), 401)
    assert_problem(client.post(url, json={"pass": True}, headers=bearer(token_of(two, 0))), 403)
    assert_problem(client.get(one["url"], headers=bearer(token_of(two, 0))), 403)
    assert_problem(client.post(url, json={"pass": True}, headers=bearer(one["organiser_token"])), 403)
    assert_problem(client.delete(one["url"], headers=bearer(token_of(one, 0))), 403)
    assert_problem(client.delete(one["url"]), 401)
    assert_problem(client.get("/v1/tables/tb-" + "0" * 32), 404)
    assert_problem(client.post("/v1/tables/tb-" + "0" * 32 + "/moves", json={"pass": True},
                               headers=bearer(token_of(one, 0))), 404)


def test_idempotency_key(client: Any) -> None:
    table = create(client, bots=[1, 2, 3])
    token = token_of(table, 0)
    play = a_move(seat_view(client, table, 0))
    url = f"{table['url']}/moves"
    first = client.post(url, json=play, headers={**bearer(token), "Idempotency-Key": "k-1"})
    again = client.post(url, json=play, headers={**bearer(token), "Idempotency-Key": "k-1"})
    assert first.status_code == again.status_code == 200
    assert first.get_json() == again.get_json()
    assert again.headers["Idempotent-Replayed"] == "true"
    other = client.post(url, json={"play": ["XX"]}, headers={**bearer(token), "Idempotency-Key": "k-1"})
    assert assert_problem(other, 422)["type"].endswith("/idempotency-key-reused")
    # A refusal is answered again too, even once the move would be legal.
    refused = client.post(url, json={"play": ["XX"]}, headers={**bearer(token), "Idempotency-Key": "k-2"})
    replay = client.post(url, json={"play": ["XX"]}, headers={**bearer(token), "Idempotency-Key": "k-2"})
    assert refused.status_code == replay.status_code == 422
    assert refused.get_json() == replay.get_json()
    for bad in ("", "x" * (limits.MAX_IDEMPOTENCY_KEY_LENGTH + 1), "tab\there", "ключ"):
        response = client.post(url, json={"pass": True},
                               headers={**bearer(token), "Idempotency-Key": bad.encode().decode("latin-1")})
        assert_problem(response, 422)


def test_a_bots_match_records_json_that_validates(client: Any) -> None:
    table = create(client, bots=[0, 1, 2, 3], deals=1)
    assert client.get(table["url"]).get_json()["status"] == "over"
    record = client.get(f"{table['url']}/record").get_json()
    assert len(record["deals"]) == 1 and record["meta"]["live_table"] == table["id"]
    assert set(record["deals"][0]["proof"]) >= {"commitment", "seed", "deal_code"}
    report = client.post("/v1/validate", json=record).get_json()
    assert report["valid"] is True, report["errors"]
    assert report["totals"] == client.get(table["url"]).get_json()["totals"]


@pytest.mark.parametrize("deals", [1, 2])
def test_a_bots_match_answers_its_first_deals_commitment(client: Any, deals: int) -> None:
    """A table of bots alone has played its match before the creation answers: the answer
    still carries the first deal's commitment (a string, as documented), the one its proof
    reveals the seed of."""
    table = create(client, bots=[0, 1, 2, 3], deals=deals)
    record = client.get(f"{table['url']}/record").get_json()
    assert len(record["deals"]) == deals
    assert table["commitment"] == record["deals"][0]["proof"]["commitment"]
    assert table["seats"] == []


def test_a_bots_match_as_notation_validates(client: Any) -> None:
    table = create(client, bots=[0, 1, 2, 3], deals=1)
    text = client.get(f"{table['url']}/record", headers={"Accept": "text/x-bigtwo"})
    assert text.mimetype == "text/x-bigtwo" and text.get_data(as_text=True).strip()
    checked = client.post("/v1/validate", data=text.get_data(), content_type="text/x-bigtwo")
    assert checked.status_code == 200 and checked.get_json()["valid"] is True


def test_the_running_deal_is_not_in_the_record(client: Any) -> None:
    table = create(client, bots=[1, 2, 3])
    assert client.get(f"{table['url']}/record").get_json()["deals"] == []
    assert client.get(f"{table['url']}/record",
                      headers={"Accept": "text/x-bigtwo"}).get_data() == b""


def test_a_linked_tournament_stores_the_match_once(client: Any) -> None:
    made = client.post("/v1/tournaments", json={"name": "Club", "profile": "hk-standard"}).get_json()
    link = {"id": made["id"], "token": made["token"]}
    table = create(client, bots=[0, 1, 2, 3], deals=1, tournament=link)
    for _ in range(2):
        client.get(table["url"])
        client.get(f"{table['url']}/record")
    page = client.get(f"/v1/tournaments/{made['id']}/records").get_json()
    assert page["total"] == 1
    stored = client.get(f"/v1/records/{page['records'][0]['id']}").get_json()
    assert stored["record"]["meta"]["live_table"] == table["id"] and stored["valid"]


def test_a_tournament_link_is_checked_at_creation(client: Any) -> None:
    made = client.post("/v1/tournaments", json={"name": "Club", "profile": "casual"}).get_json()
    other = client.post("/v1/tournaments", json={"name": "B", "profile": "hk-standard"}).get_json()
    body = {"profile": "hk-standard", "players": PLAYERS}
    cases = [({"id": made["id"], "token": "nope"}, 401),
             ({"id": made["id"], "token": other["token"]}, 403),
             ({"id": "t-000000000000", "token": made["token"]}, 404),
             ({"id": made["id"], "token": made["token"]}, 409)]
    for link, status in cases:
        doc = assert_problem(client.post("/v1/tables", json={**body, "tournament": link}), status)
        if status == 409:
            assert doc["type"].endswith("/profile-mismatch")
    # A declaration that resolves to the tournament's rules is its profile.
    same = client.post("/v1/tables", json={"profile": {"extends": "hk-standard"}, "players": PLAYERS,
                                            "tournament": {"id": other["id"], "token": other["token"]}})
    assert same.status_code == 201, same.get_json()
    assert client.get("/v1/tables").get_json()["total"] == 1


def test_open_tables_per_client(client: Any) -> None:
    ids = [create(client, bots=[1, 2, 3])["id"] for _ in range(limits.MAX_OPEN_TABLES)]
    over = client.post("/v1/tables", json={"profile": "hk-standard", "players": PLAYERS})
    assert_problem(over, 429)
    assert int(over.headers["Retry-After"]) > 0
    # An ended table no longer counts.
    table = client.get(f"/v1/tables/{ids[0]}").get_json()
    assert table["status"] == "playing"
    assert client.get("/v1/tables?status=playing").get_json()["total"] == limits.MAX_OPEN_TABLES


def test_list_pages_and_filters(client: Any) -> None:
    create(client, bots=[0, 1, 2, 3], deals=1)
    create(client, bots=[1, 2, 3])
    everything = client.get("/v1/tables").get_json()
    assert everything["total"] == 2
    assert set(everything["tables"][0]) == {"id", "profile_id", "players", "status", "deal", "created"}
    assert client.get("/v1/tables?status=over").get_json()["total"] == 1
    assert client.get("/v1/tables?page=2&per_page=1").get_json()["tables"][0]["status"] in (
        "over", "playing")
    assert_problem(client.get("/v1/tables?status=sleeping"), 422)


def test_entropy_under_shared_fairness(client: Any) -> None:
    table = create(client, bots=[2, 3], fairness="shared")
    url = f"{table['url']}/entropy"
    assert client.get(table["url"]).get_json()["status"] == "waiting"
    assert_problem(client.post(url, json={"entropy": ""}, headers=bearer(token_of(table, 0))), 422)
    assert_problem(client.post(url, json={"salt": "x"}, headers=bearer(token_of(table, 0))), 422)
    assert client.post(url, json={"entropy": "ana"}, headers=bearer(token_of(table, 0))).status_code == 200
    doc = assert_problem(client.post(url, json={"entropy": "again"}, headers=bearer(token_of(table, 0))), 409)
    assert doc["type"].endswith("/entropy-posted")
    after = client.post(url, json={"entropy": "ben"}, headers=bearer(token_of(table, 1)))
    assert after.status_code == 200 and after.get_json()["status"] == "playing"


TABLE_OPERATIONS = {
    "/v1/tables": {"get", "post"},
    "/v1/tables/{table_id}": {"get", "delete"},
    "/v1/tables/{table_id}/moves": {"post"},
    "/v1/tables/{table_id}/entropy": {"post"},
    "/v1/tables/{table_id}/record": {"get"},
}


def test_openapi_lets_a_generated_client_play(client: Any) -> None:
    spec = client.get("/openapi.json").get_json()
    for path, methods in TABLE_OPERATIONS.items():
        assert methods <= set(spec["paths"][path]), path
    schemas = spec["components"]["schemas"]

    def body_of(path: str) -> dict[str, Any]:
        ref = spec["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        found: dict[str, Any] = schemas[ref.rsplit("/", 1)[1]]
        return found

    assert {"profile", "players", "bots", "deals", "clock", "fairness", "tournament"} <= set(
        body_of("/v1/tables")["properties"])
    assert {"play", "pass", "call"} <= set(body_of("/v1/tables/{table_id}/moves")["properties"])
    assert body_of("/v1/tables/{table_id}/entropy")["required"] == ["entropy"]
    created = spec["paths"]["/v1/tables"]["post"]["responses"]["201"]["content"]["application/json"]
    assert created["schema"]["$ref"].endswith("/TableCreated")
    moves = spec["paths"]["/v1/tables/{table_id}/moves"]["post"]
    assert {"200", "401", "403", "404", "409", "412", "422", "429"} <= set(moves["responses"])
    assert moves["security"] == [{"TableToken": []}]
    assert {p["name"] for p in moves["parameters"] if p["in"] == "header"} == {"If-Match", "Idempotency-Key"}
    view = schemas["TableView"]["properties"]
    assert {"hand", "legal_plays", "may_pass", "version", "turn", "commitment"} <= set(view)
    assert "TableToken" in spec["components"]["securitySchemes"]


def test_ending_a_table_after_a_finished_deal_stores_its_record(client: Any) -> None:
    made = client.post("/v1/tournaments", json={"name": "Club", "profile": "hk-standard"}).get_json()
    # One person and three bots: the person's first deal is played out by passing or playing
    # the first legal play, then the organiser ends the table in the second deal.
    table = create(client, bots=[1, 2, 3], tournament={"id": made["id"], "token": made["token"]})
    for _ in range(60):
        view = seat_view(client, table, 0)
        if view["deal"] > 0 or view["status"] != "playing":
            break
        client.post(f"{table['url']}/moves", json=a_move(view), headers=bearer(token_of(table, 0)))
    assert seat_view(client, table, 0)["deal"] == 1
    assert client.get(f"/v1/tournaments/{made['id']}/records").get_json()["total"] == 0
    ended = client.delete(table["url"], headers=bearer(table["organiser_token"]))
    assert ended.status_code == 200 and ended.get_json()["status"] == "abandoned"
    assert "hand" not in ended.get_json()
    client.delete(table["url"], headers=bearer(table["organiser_token"]))  # twice: stored once
    page = client.get(f"/v1/tournaments/{made['id']}/records").get_json()
    assert page["total"] == 1
    stored = client.get(f"/v1/records/{page['records'][0]['id']}").get_json()
    assert len(stored["record"]["deals"]) == 1 and stored["valid"]
    assert stored["record"]["meta"]["live_table"] == table["id"]


def test_creation_keys_mode_and_open_tables_per_key(app: Any, client: Any) -> None:
    from bigtwo.store.db import Store
    from bigtwo.store.quotas import Quotas

    app.config["BIGTWO_QUOTAS"] = Quotas(creation="keys")
    body = {"profile": "hk-standard", "players": PLAYERS, "bots": [1, 2, 3]}
    assert_problem(client.post("/v1/tables", json=body), 401)
    assert_problem(client.post("/v1/tables", json=body, headers=bearer("b2k_wrong")), 401)
    store = Store(app.config["BIGTWO_DB"])
    try:
        keys = [store.keys.create(label)[1] for label in ("one", "two")]
    finally:
        store.close()
    for _ in range(limits.MAX_OPEN_TABLES):
        assert client.post("/v1/tables", json=body, headers=bearer(keys[0])).status_code == 201
    assert_problem(client.post("/v1/tables", json=body, headers=bearer(keys[0])), 429)
    # Another key has its own allowance.
    assert client.post("/v1/tables", json=body, headers=bearer(keys[1])).status_code == 201
