"""The referee's view of score sheets: a pasted or uploaded sheet, its rows as compact tables
with the penalty worked out and the running match totals; penalties_now at every step."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_pages import _text

CLUB_NIGHT = (Path(__file__).resolve().parents[2] / "fixtures" / "sheets" / "club-night.csv").read_text()


def script_data(answer: Any) -> dict[str, Any]:
    found = re.search(r'<script id="replay-data" type="application/json">(.*?)</script>',
                      answer.get_data(as_text=True), flags=re.S)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def test_a_pasted_sheet_is_shown_deal_by_deal_with_running_totals(client: Any) -> None:
    answer = client.post("/replay", data={"record": CLUB_NIGHT, "profile": "hk-standard",
                                          "complete": "on"})
    assert answer.status_code == 200, _text(answer)[:500]
    text = _text(answer)
    assert text.count("Result from the score sheet") == 8
    assert "scored from the result" in text
    # Deal 2 (000: 8 cards pay double): Cai's penalty worked out, the score, the match total
    assert "8 cards x2 = 16" in text
    # Deal 8's running totals are the match totals, as worked out by hand in docs/CLI.md
    last = text[text.rindex("Result from the score sheet"):]
    assert re.search(r"Ana .*? \+53 \+22 Ben .*? −33 −4 Cai .*? −4 \+14 Dee .*? −16 −32", last), last[:400]
    # Deal 7 was written card by card: the cards are shown
    assert "K♥" in text and "2♠" in text


def test_an_uploaded_sheet_in_german(client: Any) -> None:
    data = {"file": (io.BytesIO(CLUB_NIGHT.encode()), "night.csv"), "record": "",
            "profile": "hk-standard", "complete": "on", "lang": "de"}
    answer = client.post("/replay", data=data, content_type="multipart/form-data")
    assert answer.status_code == 200
    assert "Ergebnis laut Spielzettel" in _text(answer) and "Stand" in _text(answer)


def test_a_malformed_sheet_names_row_and_column(client: Any) -> None:
    sheet = "deal,Ana,Ben,Cai,Dee\n1,0,5,2,9\n2,0,14,2,9\n"
    answer = client.post("/replay", data={"record": sheet, "profile": "hk-standard"})
    assert answer.status_code == 422
    text = _text(answer)
    assert "row 3, column Ben: Ben cannot have 14 cards left: a player is dealt 13" in text
    # A scorer is told of rows and columns, not of JSON and its pointers.
    assert "The score sheet cannot be scored" in text and "names the row" in text
    assert "JSON" not in text.split("The score sheet cannot be scored")[1].split("Record (JSON)")[0]
    assert "/rows/3/Ben" not in text
    assert sheet.splitlines()[2] in answer.get_data(as_text=True)  # the form keeps the sheet


@pytest.mark.parametrize(("lang", "expected"), [
    ("de", ["Der Spielzettel lässt sich nicht werten", "Zeile 3, Spalte Ben: Ben kann nicht 14"]),
    ("it", ["Il foglio segnapunti non si può calcolare", "riga 3, colonna Ben: Ben non può avere 14"]),
])
def test_a_malformed_sheet_in_the_pages_language(client: Any, lang: str,
                                                 expected: list[str]) -> None:
    sheet = "deal;Ana;Ben;Cai;Dee\n1;0;5;2;9\n2;0;14;2;9\n"  # semicolons, as Excel writes
    text = _text(client.post("/replay", data={"record": sheet, "profile": "hk-standard",
                                              "lang": lang}))
    for needle in expected:
        assert needle in text, needle


def test_a_semicolon_sheet_with_a_byte_order_mark_is_replayed(client: Any) -> None:
    sheet = "\ufeff" + CLUB_NIGHT.replace(",", ";")
    data = {"file": (io.BytesIO(sheet.encode()), "night.csv"), "record": "",
            "profile": "hk-standard", "complete": "on"}
    answer = client.post("/replay", data=data, content_type="multipart/form-data")
    assert answer.status_code == 200, _text(answer)[:600]
    assert _text(answer).count("Result from the score sheet") == 8


def test_a_sheet_needs_a_profile(client: Any) -> None:
    answer = client.post("/replay", data={"record": CLUB_NIGHT})
    assert answer.status_code == 422
    assert "a score sheet names no profile" in _text(answer)


def test_penalties_now_at_every_step(client: Any) -> None:
    """001: "13 übrig · Ende jetzt −39", recomputed after every move."""
    hands = [[r + s for r in "3456789TJQKA2"] for s in "DCHS"]
    doc = {"profile": {"extends": "big-two-web", "direction": "clockwise"},
           "deals": [{"hands": hands, "moves": [{"seat": 0, "play": ["3D"]}]}]}
    answer = client.post("/replay", data={"record": json.dumps(doc)})
    assert answer.status_code == 200
    (deal,) = script_data(answer)["deals"]
    assert deal["dealt"]["penalties_now"] == [39, 39, 39, 39]
    assert deal["moves"][0]["after"]["penalties_now"] == [24, 39, 39, 39]
    words = script_data(answer)["words"]
    assert words["text"]["ends_now"] == "ends now: {score}" and words["minus"] == "\u2212"
    assert words["cards"][:2] == ["0 cards", "1 card"] and words["cards"][13] == "13 cards"


def test_tournament_page_shows_where_results_come_from(client: Any) -> None:
    created = client.post("/v1/tournaments", json={"name": "Club", "profile": "hk-standard"})
    if created.status_code == 404:  # pages without the tournament API
        return
    tid, token = created.json["id"], created.json["token"]
    stored = client.post(f"/v1/tournaments/{tid}/records", data=CLUB_NIGHT.encode(),
                         content_type="text/csv", headers={"Authorization": f"Bearer {token}"})
    assert stored.status_code == 201
    page = client.get(f"/tournaments/{tid}")
    text = _text(page)
    assert "score sheet (scored)" in text
    assert "8 of them from score sheets" in text
    replay = client.get(f"/records/{stored.json['id']}")
    assert replay.status_code == 200 and _text(replay).count("Result from the score sheet") == 8
