"""A tournament upload in Big Two notation: each game is a record, stored as its JSON would
be (the same ids), and a game that cannot be read refuses the request by line and column."""

from __future__ import annotations

from typing import Any

from bigtwo.formats.notation.games import read_games
from bigtwo.formats.notation.writer import write_records
from bigtwo.rules.profiles import PRESETS
from bigtwo.rules.simulate import simulate
from tests.tournaments.conftest import new_tournament


def test_games_in_notation_are_stored_as_their_records(client: Any) -> None:
    records = list(simulate(PRESETS["casual"], records=2, deals_per_record=1, seed=3,
                            profile_ref="casual"))
    text = write_records(records)
    t = new_tournament(client, "casual")
    answer = client.post(f"/v1/tournaments/{t.id}/records", data=text.encode(),
                         content_type="text/x-bigtwo", headers=t.auth)
    assert answer.status_code == 201, answer.get_json()
    # the same games as JSON are the same records: duplicates, under the same ids
    again = t.upload({"records": [g.doc for g in read_games(text)]})
    assert again.status_code == 200 and again.get_json()["duplicates"] == 2
    assert ([r["id"] for r in answer.get_json()["results"]]
            == [r["id"] for r in again.get_json()["results"]])

def test_an_unreadable_game_refuses_the_upload(client: Any) -> None:
    t = new_tournament(client, "casual")
    answer = client.post(f"/v1/tournaments/{t.id}/records", data=b"deal\nEve: 3D\n",
                         content_type="text/x-bigtwo", headers=t.auth)
    assert answer.status_code == 422
    assert answer.get_json()["errors"][0]["pointer"].startswith("/lines/2/")
