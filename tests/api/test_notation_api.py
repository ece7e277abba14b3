"""Big Two notation over HTTP: POST /v1/validate, /v1/validate/batch and a tournament upload
take text/x-bigtwo, answer the JSON record's report byte for byte, name unreadable games by
line and column, and the OpenAPI document lists the media type."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bigtwo.records.notation import read_games

ROOT = Path(__file__).resolve().parents[2]
CLUB = (ROOT / "fixtures" / "notation" / "club-night.b2n").read_text(encoding="utf-8")
FIRST = CLUB.split("\ngame")[1]  # the first game, without its game line
NOTATION = "text/x-bigtwo"


def test_validate_takes_one_game_and_answers_the_json_report(client: Any) -> None:
    doc = read_games(FIRST)[0].doc
    by_json = client.post("/v1/validate", json=doc)
    by_text = client.post("/v1/validate", data=FIRST.encode(), content_type=NOTATION)
    assert by_text.status_code == by_json.status_code == 200
    assert by_text.data == by_json.data


def test_an_unreadable_game_is_a_422_by_line_and_column(client: Any) -> None:
    text = "profile hk-standard\nplayers Ana Ben Cai Dee\ndeal\nEve: 3D\n"
    answer = client.post("/v1/validate?lang=it", data=text.encode(),
                         content_type=NOTATION + "; charset=utf-8")
    assert answer.status_code == 422
    [error] = answer.get_json()["errors"]
    assert error["pointer"] == "/lines/4/1" and "non è un giocatore" in error["detail"]


def test_validate_refuses_several_games_and_batch_takes_them(client: Any) -> None:
    assert client.post("/v1/validate", data=CLUB.encode(),
                       content_type=NOTATION).status_code == 422
    answer = client.post("/v1/validate/batch", data=CLUB.encode(), content_type=NOTATION)
    assert answer.status_code == 200
    assert [r["valid"] for r in answer.get_json()["reports"]] == [True, True, False]


def test_not_utf8_is_a_400(client: Any) -> None:
    answer = client.post("/v1/validate", data=b"profile \xff\n", content_type=NOTATION)
    assert answer.status_code == 400


def test_the_openapi_document_lists_the_media_type(client: Any) -> None:
    spec = client.get("/openapi.json").get_json()
    validate = spec["paths"]["/v1/validate"]["post"]["requestBody"]["content"]
    batch = spec["paths"]["/v1/validate/batch"]["post"]["requestBody"]["content"]
    upload = spec["paths"]["/v1/tournaments/{tournament_id}/records"]["post"]["requestBody"]
    assert NOTATION in validate and NOTATION in batch and NOTATION in upload["content"]
