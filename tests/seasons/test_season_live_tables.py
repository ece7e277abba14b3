"""A live table linked to a tournament stores its match there when it ends (TABLES.md), and a
season that has that tournament as a night rates it: the season's table counts the table's
deals and the players' points as the table's own totals give them."""

from __future__ import annotations

from typing import Any


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_season_rates_a_match_played_at_a_live_table(client: Any) -> None:
    season = client.post("/v1/seasons", json={"name": "Tables league", "profile": "hk-standard"})
    sid, stoken = season.get_json()["id"], season.get_json()["token"]
    night = client.post("/v1/tournaments", json={"name": "Night 1", "profile": "hk-standard"})
    tid, ttoken = night.get_json()["id"], night.get_json()["token"]
    attached = client.post(f"/v1/seasons/{sid}/tournaments", json={"tournament": tid},
                           headers=bearer(stoken))
    assert attached.status_code == 200

    players = ["Ana", "Ben", "Cai", "Dee"]
    table = client.post("/v1/tables", json={
        "profile": "hk-standard", "players": players, "bots": [0, 1, 2, 3], "deals": 2,
        "tournament": {"id": tid, "token": ttoken}}).get_json()
    view: dict[str, Any] = {}
    for _ in range(20):  # a table of bots alone plays on with every look
        view = client.get(table["url"]).get_json()
        if view["status"] == "over":
            break
    assert view["status"] == "over"

    rows = {r["name"]: r for r in client.get(f"/v1/seasons/{sid}/standings").get_json()["players"]}
    assert set(rows) == set(players)
    assert all(rows[name]["deals"] == 2 and rows[name]["tournaments"] == 1 for name in players)
    # The night's points follow the table's totals: the table's best total is the night's best.
    first = next(name for name, row in rows.items() if row["rank"] == 1)
    assert view["totals"][players.index(first)] == max(view["totals"])
    ratings = {r["name"]: r for r in
               client.get(f"/v1/seasons/{sid}/standings").get_json()["ratings"]}
    assert [h["night"] for h in ratings[first]["history"]] == [1]
