"""A club season end to end through the API: four nights, a withdrawal, an alias and a late
joiner; the figures are the ones worked by hand in tests/seasons/club.py."""

from __future__ import annotations

import csv
import io
from typing import Any

from tests.seasons.club import BEFORE_ALIAS, DEE_BEFORE_WITHDRAWAL, EXPECTED, NIGHTS


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def table(client: Any, season: str) -> dict[str, dict[str, Any]]:
    body = client.get(f"/v1/seasons/{season}/standings").get_json()
    return {row["name"]: row for row in body["players"]}


def test_a_club_season_through_the_api(client):
    created = client.post("/v1/seasons", json={"name": "Thursday league", "profile": "casual"})
    assert created.status_code == 201
    season, token = created.get_json()["id"], created.get_json()["token"]
    uploaded = []
    for i, records in enumerate(NIGHTS, 1):
        t = client.post("/v1/tournaments", json={"name": f"Night {i}", "profile": "casual"})
        tid, ttoken = t.get_json()["id"], t.get_json()["token"]
        ids = [client.post(f"/v1/tournaments/{tid}/records", json=r, headers=bearer(ttoken))
               .get_json()["id"] for r in records]
        uploaded.append((tid, ttoken, ids))
        answer = client.post(f"/v1/seasons/{season}/tournaments", json={"tournament": tid},
                             headers=bearer(token))
        assert answer.status_code == 200 and answer.get_json()["attached"] is True

    rows = table(client, season)
    assert {k: rows[k]["points"] for k in BEFORE_ALIAS} == BEFORE_ALIAS
    assert client.post(f"/v1/seasons/{season}/aliases", json={"alias": "Benjamin", "player": "Ben"},
                       headers=bearer(token)).status_code == 200
    assert "Benjamin" not in table(client, season)

    # The mistaken record of night 2 counts until it is withdrawn.
    assert table(client, season)["Dee"]["points"] == DEE_BEFORE_WITHDRAWAL + 500
    tid, ttoken, ids = uploaded[1]
    assert client.delete(f"/v1/tournaments/{tid}/records/{ids[1]}",
                         headers=bearer(ttoken)).status_code == 200
    body = client.get(f"/v1/seasons/{season}/standings").get_json()
    got = [(r["name"], r["points"], r["tournaments"], r["deals"]) for r in body["players"]]
    assert got == EXPECTED
    assert [r["rank"] for r in body["players"]] == [1, 2, 3, 4, 5]

    ratings = {r["name"]: r for r in body["ratings"]}
    # Eve, the late joiner, has a history of the nights she played only, and was not marked
    # down for the two she missed: she won every deal she played, and rates above everyone.
    assert [h["night"] for h in ratings["Eve"]["history"]] == [3, 4]
    assert ratings["Eve"]["mu"] == max(r["mu"] for r in ratings.values())
    assert ratings["Eve"]["mu"] > 25 > ratings["Dee"]["mu"]
    for r in body["players"]:
        rating = r["rating"]
        assert abs(rating["ordinal"] - (rating["mu"] - 3 * rating["sigma"])) < 0.002

    text = client.get(f"/v1/seasons/{season}/standings?format=csv").get_data(as_text=True)
    assert text.startswith("\ufeff")
    text = text.removeprefix("\ufeff")
    cells = list(csv.reader(io.StringIO(text)))
    assert cells[0] == ["rank", "name", "points", "mu", "sigma", "ordinal", "tournaments", "deals"]
    assert [(c[1], float(c[2])) for c in cells[1:]] == [(n, p) for n, p, _, _ in EXPECTED]

    # Detaching a night takes it out of every figure; the audit log has each change.
    night4 = uploaded[3][0]
    assert client.delete(f"/v1/seasons/{season}/tournaments/{night4}",
                         headers=bearer(token)).status_code == 200
    rows = table(client, season)
    assert rows["Eve"]["points"] == 1000.0 and rows["Eve"]["tournaments"] == 1
    assert rows["Ana"]["points"] == 2333.33  # her 0 of night 4 is gone: still 2333.33
    audit = client.get(f"/v1/seasons/{season}/audit").get_json()
    # Night 2's withdrawal moved the season's table: its log shows it, with the night.
    assert [e["action"] for e in audit["entries"]] == ["attach"] * 4 + ["alias", "withdraw",
                                                                         "detach"]
    assert audit["entries"][5]["night"] == 2

    # Undoing the alias brings "Benjamin" back.
    assert client.post(f"/v1/seasons/{season}/aliases", json={"alias": "Benjamin", "player": None},
                       headers=bearer(token)).status_code == 200
    assert table(client, season)["Benjamin"]["points"] == 1000.0


def test_season_tokens_profiles_and_bad_input(client):
    season = client.post("/v1/seasons", json={"name": "S", "profile": "casual"}).get_json()
    other = client.post("/v1/seasons", json={"name": "T"}).get_json()
    t = client.post("/v1/tournaments", json={"name": "N", "profile": "hk-standard"}).get_json()
    url = f"/v1/seasons/{season['id']}/tournaments"
    assert client.post(url, json={"tournament": t["id"]}).status_code == 401
    assert client.post(url, json={"tournament": t["id"]},
                       headers=bearer(other["token"])).status_code == 403
    mismatch = client.post(url, json={"tournament": t["id"]}, headers=bearer(season["token"]))
    assert mismatch.status_code == 409 and mismatch.get_json()["type"].endswith("profile-mismatch")
    assert client.post(url, json={"tournament": "t-nope"},
                       headers=bearer(season["token"])).status_code == 422
    assert client.get("/v1/seasons/s-nope/standings").status_code == 404
    for body in ({"name": ""}, {"name": "x", "points_by_place": "fifa"}, {"name": "x", "points_by_place": [1.5]},
                 {"name": "x", "extra": 1}, [1]):
        assert client.post("/v1/seasons", json=body).status_code == 422, body
    alias = f"/v1/seasons/{season['id']}/aliases"
    assert client.post(alias, json={"alias": "A", "player": "B"},
                       headers=bearer(season["token"])).status_code == 200
    chain = client.post(alias, json={"alias": "B", "player": "C"}, headers=bearer(season["token"]))
    assert chain.status_code == 409
    listed = client.get("/v1/seasons").get_json()
    assert {s["id"] for s in listed["seasons"]} == {season["id"], other["id"]}


def test_a_draw_over_http(client):
    players = [f"P{i}" for i in range(16)]
    answer = client.post("/v1/draws", json={"profile": "hk-standard", "players": players,
                                            "rounds": 5, "seed": 3})
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["repeats"] == 0 and len(body["rounds"]) == 5
    assert all(sorted(p for t in r["tables"] for p in t) == sorted(players) for r in body["rounds"])
    again = client.post("/v1/draws", json={"profile": "hk-standard", "players": players,
                                           "rounds": 5, "seed": 3}).get_json()
    assert again == body
    for bad in ({"profile": "hk-standard", "players": ["a", "b"], "rounds": 1},
                {"profile": "hk-standard", "players": players, "rounds": 11},
                {"profile": "nope", "players": players, "rounds": 1},
                {"profile": "hk-standard", "players": [1], "rounds": 1},
                {"profile": "hk-standard", "players": players, "rounds": 1, "seed": -1}):
        assert client.post("/v1/draws", json=bad).status_code == 422, bad
