"""Big Two notation over HTTP: POST /v1/validate, /v1/validate/batch and a tournament upload
take text/x-bigtwo, answer the JSON record's report byte for byte, name unreadable games by
line and column, and the OpenAPI document lists the media type."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bigtwo.formats.notation.games import read_games

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


@pytest.mark.parametrize("encoded", [json.dumps(FIRST), json.dumps(FIRST) + "\n",
                                     " " + json.dumps("game\n" + FIRST)])
def test_a_json_encoded_game_is_named_as_such(client: Any, encoded: str) -> None:
    answer = client.post("/v1/validate", data=encoded.encode(), content_type=NOTATION)
    assert answer.status_code == 422
    [error] = answer.get_json()["errors"]
    assert error["detail"] == ("the body is a JSON string: send the notation text itself, "
                               "not JSON-encoded")


@pytest.mark.parametrize(("lang", "detail", "json_string"), [
    ("en", "the notation cannot be read: every problem is named by line and column",
     "the body is a JSON string"),
    ("de", "die Notation kann nicht gelesen werden: jedes Problem ist mit Zeile und Spalte "
           "genannt", "der Body ist ein JSON-String"),
    ("zh-Hant-HK", "無法讀取記譜：每個問題都註明了行和列", "內容是一個 JSON 字串"),
    ("zh-Hans", "无法读取记谱：每个问题都注明了行和列", "内容是一个 JSON 字符串"),
])
@pytest.mark.parametrize("path", ["/v1/validate", "/v1/validate/batch"])
def test_the_top_level_detail_speaks_the_answers_language(
        client: Any, lang: str, detail: str, json_string: str, path: str) -> None:
    broken = "profile hk-standard\nplayers Ana Ben Cai Dee\ndeal\nEve: 3D\n"
    answer = client.post(f"{path}?lang={lang}", data=broken.encode(), content_type=NOTATION)
    assert answer.status_code == 422 and answer.get_json()["detail"] == detail
    encoded = client.post(f"{path}?lang={lang}", data=json.dumps(broken).encode(),
                          content_type=NOTATION).get_json()
    assert encoded["detail"] == detail and encoded["errors"][0]["detail"].startswith(json_string)
