"""Sheets as spreadsheets save them (issue 24) over HTTP and on the referee's form: the files
of fixtures/sheets/ sent as they are (text/csv, no charset) to POST /v1/validate and to a
tournament upload, and uploaded on the page; what no encoding reads is a 400 naming the line."""

from __future__ import annotations

import io
from typing import Any

import pytest

from tests.api.helpers import assert_problem
from tests.formats.test_sheet_text import BY_HAND_TOTALS, EXCEL, SHEETS
from tests.web.test_pages import _text


@pytest.mark.parametrize(("name", "lang", "encoding", "players"), EXCEL,
                         ids=[e[0] for e in EXCEL])
def test_validate_reads_every_spreadsheet_save(client: Any, name: str, lang: str, encoding: str,
                                               players: list[str]) -> None:
    answer = client.post("/v1/validate?profile=hk-standard", data=(SHEETS / name).read_bytes(),
                         content_type="text/csv", headers={"Accept-Language": lang})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert answer.json["totals"] == BY_HAND_TOTALS


def test_a_tournament_upload_of_a_german_excel_sheet(client: Any) -> None:
    created = client.post("/v1/tournaments", json={"name": "Club", "profile": "hk-standard"}).json
    answer = client.post(f"/v1/tournaments/{created['id']}/records?lang=de",
                         data=(SHEETS / "club-night-excel-de.csv").read_bytes(),
                         content_type="text/csv",
                         headers={"Authorization": f"Bearer {created['token']}"})
    assert answer.status_code == 201, answer.get_data(as_text=True)
    standings = client.get(f"/v1/tournaments/{created['id']}/standings").json
    assert {p["player"]: p["points"] for p in standings["players"]} == dict(zip(
        ["Jörg", "Ana", "Björn", "Dee"], BY_HAND_TOTALS, strict=True))


def test_an_explicit_charset_wins_and_a_wrong_one_names_the_line(client: Any) -> None:
    data = (SHEETS / "club-night-excel-de.csv").read_bytes()
    right = client.post("/v1/validate?profile=hk-standard", data=data,
                        content_type="text/csv; charset=windows-1252")
    assert right.status_code == 200
    doc = assert_problem(client.post("/v1/validate?profile=hk-standard&lang=zh-Hans", data=data,
                                     content_type="text/csv; charset=utf-8"), 400)
    assert doc["line"] == 1 and doc["detail"].startswith("第1行不是 utf-8 文本")
    assert "CSV UTF-8(逗号分隔)" in doc["detail"]


@pytest.mark.parametrize("name", ["club-night-excel-de.csv", "club-night-unicode.txt"])
def test_the_referee_form_reads_an_uploaded_spreadsheet_save(client: Any, name: str) -> None:
    data = {"file": (io.BytesIO((SHEETS / name).read_bytes()), name), "record": "",
            "profile": "hk-standard", "complete": "on"}
    answer = client.post("/replay?lang=de", data=data, content_type="multipart/form-data")
    assert answer.status_code == 200, _text(answer)[:600]
    assert _text(answer).count("Ergebnis laut Spielzettel") == 8
    assert ("Jörg" if name.endswith(".csv") else "陳大文") in _text(answer)


def test_the_referee_form_names_the_line_none_reads(client: Any) -> None:
    data = {"file": (io.BytesIO(b"deal;Ana;Ben\r\n1;0;\x81\r\n"), "night.csv"), "record": "",
            "profile": "hk-standard"}
    answer = client.post("/replay?lang=it", data=data, content_type="multipart/form-data")
    assert answer.status_code == 422
    assert "la riga 2 non è testo in nessuna codifica" in _text(answer)


def test_a_json_record_upload_stays_utf8_only(client: Any) -> None:
    data = {"file": (io.BytesIO('{"profile": "hk-standard", "players": ["Jörg"]}'.encode("cp1252")),
                     "game.json"), "record": ""}
    answer = client.post("/replay", data=data, content_type="multipart/form-data")
    assert answer.status_code == 422 and "not UTF-8" in _text(answer)
