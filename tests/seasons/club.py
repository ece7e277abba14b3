"""A club's season of four nights, as the organiser uploads it: one table a night, scored from
the cards left (the casual profile: each card left costs its holder a point, the winner 0).

Night 1: Ana, Ben, Cai, Dee.  Night 2: Ben plays as "Benjamin", and a mistaken record is
uploaded, then withdrawn.  Night 3: Eve joins, Dee sits out.  Night 4: Cai sits out.
"""

from __future__ import annotations

from typing import Any


def record(players: list[str], *deals: list[int]) -> dict[str, Any]:
    return {"profile": "casual", "players": players,
            "deals": [{"result": {"cards_left": list(d)}} for d in deals]}


NIGHTS: list[list[dict[str, Any]]] = [
    # Ana -2, Ben -3, Cai -9, Dee -13
    [record(["Ana", "Ben", "Cai", "Dee"], [0, 3, 5, 7], [2, 0, 4, 6])],
    # Ana -1, Benjamin 0, Cai -2, Dee -3; the second record is withdrawn
    [record(["Ana", "Benjamin", "Cai", "Dee"], [1, 0, 2, 3]),
     record(["Dee", "Cai", "Ana", "Benjamin"], [0, 9, 9, 9])],
    # Eve 0, Ana -2, Ben -4, Cai -6
    [record(["Eve", "Ana", "Ben", "Cai"], [0, 2, 4, 6])],
    # Eve 0, Ben -1, Dee -1 (tied), Ana -5
    [record(["Eve", "Ben", "Dee", "Ana"], [0, 1, 1, 5])],
]

# Worked by hand with EMA base points (4 players: 1000, 666.67, 333.33, 0; a tie shares):
#        night 1   night 2    night 3   night 4       season
# Ana    1000      666.67     666.67    0             2333.33
# Ben     666.67  1000        333.33    500 (tied)    2500
# Cai     333.33   333.33     0         -             666.67
# Dee       0        0        -         500 (tied)    500
# Eve       -        -        1000      1000          2000
# (name, points, nights, deals)
EXPECTED = [("Ben", 2500.0, 4, 5), ("Ana", 2333.33, 4, 5), ("Eve", 2000.0, 2, 2),
            ("Cai", 666.67, 3, 4), ("Dee", 500.0, 3, 4)]
# Before the alias and the withdrawal, "Benjamin" is a player of one night, second there
# behind Dee (night 2 then totals Ana -10, Benjamin -9, Cai -11, Dee -3): 666.67; Ben has
# the other three nights, 666.67 + 333.33 + 500 = 1500.
BEFORE_ALIAS = {"Ben": 1500.0, "Benjamin": 666.67}
# Before the withdrawal, night 2 totals Ana -10, Benjamin -9, Cai -11, Dee -3: Dee first.
DEE_BEFORE_WITHDRAWAL = 1000.0


def club_season(client: Any, name: str = "Thursday league",
                nights: list[list[dict[str, Any]]] | None = None) -> tuple[str, str, list[str]]:
    """The season above through the API as the organiser ends it: every night attached,
    "Benjamin" declared to be Ben and night 2's mistaken record withdrawn (the figures of
    ``EXPECTED``); with ``nights``, those nights instead, as uploaded. Its id, its token and
    the tournaments' ids."""
    created = client.post("/v1/seasons", json={"name": name, "profile": "casual"}).get_json()
    season, token = created["id"], created["token"]
    auth = {"Authorization": f"Bearer {token}"}
    tournaments = []
    for i, records in enumerate(NIGHTS if nights is None else nights, 1):
        made = client.post("/v1/tournaments", json={"name": f"Night {i}", "profile": "casual"})
        tid, ttoken = made.get_json()["id"], made.get_json()["token"]
        ids = [client.post(f"/v1/tournaments/{tid}/records", json=r,
                           headers={"Authorization": f"Bearer {ttoken}"}).get_json()["id"]
               for r in records]
        if nights is None and i == 2:
            client.delete(f"/v1/tournaments/{tid}/records/{ids[1]}?reason=wrong+table",
                          headers={"Authorization": f"Bearer {ttoken}"})
        client.post(f"/v1/seasons/{season}/tournaments", json={"tournament": tid, "by": "Jo"},
                    headers=auth)
        tournaments.append(tid)
    if nights is None:
        client.post(f"/v1/seasons/{season}/aliases", json={"alias": "Benjamin", "player": "Ben"},
                    headers=auth)
    return season, token, tournaments
