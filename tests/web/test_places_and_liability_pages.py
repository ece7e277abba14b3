"""The referee's view and the text ruling under the v3 game flow: places (finished and so far),
the breach that made a seat liable, the liable seat's "takes all", in every language."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from bigtwo.formats.text_report import render_checked
from bigtwo.records.pipeline import check_record
from tests.core.helpers import deal, record, small

PLACINGS = small("hk-standard", hand_size=3, passing="locked_out", finish="placings",
                 scoring={"place_points": [3, 1, -1, -3]})
H3 = ["3D 3C KS", "4C 8C 9H", "6D JH QH", "7C AD 8D"]
PLACED = "0:3D+3C 1:- 2:- 3:- 0:KS 1:- 2:- 3:- 1:4C 2:6D 3:7C 1:8C 2:JH 3:AD 1:- 2:- 3:8D 1:9H"
LIABLE = record(small("hk-standard", hand_size=2, last_card_guard="liable"),
                deal(["3D KS", "4C 5H", "6D JH", "7C AD"], "0:3D 1:4C 2:6D 3:7C 0:KS"),
                players=["Ana", "Ben", "Cai", "Dee"])
NAMES = ["Ana", "Ben", "Cai", "Dee"]


def _text(response: Any) -> str:
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    return " ".join(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)).split())


@pytest.mark.parametrize(("lang", "places", "place"), [
    ("en", "Places: 1. Ana, 2. Dee, 3. Ben, and 4. Cai", "place 2"),
    ("de", "Platzierung: 1. Ana, 2. Dee, 3. Ben und 4. Cai", "Platz 2 im Ziel"),
    ("it", "Piazzamenti: 1º Ana, 2º Dee, 3º Ben e 4º Cai", "2º posto"),
    ("zh-Hant-HK", "名次：第 1 名 Ana、第 2 名 Dee、第 3 名 Ben及第 4 名 Cai", "第 2 名"),
    ("fil", "Mga puwesto: ika-1: Ana, ika-2: Dee, ika-3: Ben, at ika-4: Cai", "ika-2 na puwesto"),
])
def test_the_view_shows_places(client: Any, lang: str, places: str, place: str) -> None:
    doc = record(PLACINGS, deal(H3, PLACED), players=NAMES)
    page = _text(client.post("/replay", data={"record": json.dumps(doc), "lang": lang}))
    assert places in page and place in page


def test_an_unfinished_placings_deal_shows_who_is_out_so_far(client: Any) -> None:
    doc = record(PLACINGS, deal(H3, "0:3D+3C 1:- 2:- 3:- 0:KS 1:-"), players=NAMES)
    page = _text(client.post("/replay", data={"record": json.dumps(doc)}))
    assert "Out so far: 1. Ana" in page


def test_a_sheet_of_places_in_the_view(client: Any) -> None:
    doc = record(small("hk-standard", finish="placings", scoring={"place_points": [3, 1, -1, -3]}),
                 {"result": {"places": [2, 0, 3, 1]}}, players=NAMES)
    page = _text(client.post("/replay", data={"record": json.dumps(doc)}))
    assert "Places: 1. Cai, 2. Ana, 3. Dee, and 4. Ben" in page and "place 4" in page


@pytest.mark.parametrize(("lang", "why", "moved", "takes"), [
    ("en", "Dee pays for everyone: at move 4 they did not play their highest single while Ana "
           "held one card, and Ana went on to win.", ", paid by Dee", "takes all: pays 3 for everyone"),
    ("de", "Dee zahlt für alle: beim Zug 4 hat Dee nicht die höchste Einzelkarte gespielt, während "
           "Ana eine Karte hielt, und Ana hat dann gewonnen.", ", zahlt Dee", "zahlt für alle: 3"),
    ("it", "Dee paga per tutti: alla mossa 4 non ha giocato la sua singola più alta mentre Ana "
           "aveva una carta, e Ana ha poi vinto.", ", paga Dee", "paga per tutti: 3"),
])
def test_the_view_shows_the_breach_that_made_a_seat_liable(client: Any, lang: str, why: str,
                                                            moved: str, takes: str) -> None:
    page = _text(client.post("/replay", data={"record": json.dumps(LIABLE), "lang": lang}))
    assert why in page and moved in page and takes in page


def test_the_breach_is_marked_at_its_move(client: Any) -> None:
    page = _text(client.post("/replay", data={"record": json.dumps(LIABLE)}))
    assert "breach: Ana held one card" in page


@pytest.mark.parametrize(("doc", "wanted"), [
    (record(PLACINGS, deal(H3, PLACED), players=NAMES), ["Place", "Ana", "+3"]),
    (LIABLE, ["Dee takes all."]),
])
def test_text_ruling(doc: dict[str, Any], wanted: list[str]) -> None:
    text = render_checked(check_record(doc), "en")
    assert all(w in text for w in wanted), text


def test_a_sheets_takes_all_mark_in_the_view(client: Any) -> None:
    doc = record(small("hk-standard", last_card_guard="liable"),
                 {"result": {"cards_left": [0, 1, 2, 3], "liable": 2}}, players=NAMES)
    page = _text(client.post("/replay", data={"record": json.dumps(doc), "lang": "de"}))
    assert "Cai zahlt für alle, wie der Spielzettel vermerkt." in page and ", zahlt Cai" in page


def test_next_under_placings_and_the_guard(client: Any) -> None:
    """/v1/next follows the flow: after seat 0 went out and everyone passed, seat 1 leads, its
    plays are the referee's, and there are no penalties to show under placings."""
    doc = record(small("hk-standard", hand_size=3, passing="locked_out", finish="placings",
                       last_card_guard="highest_single", scoring={"place_points": [3, 1, -1, -3]}),
                 deal(H3, "0:3D+3C 1:- 2:- 3:- 0:KS 1:- 2:- 3:-"))
    answer = client.post("/v1/next", json=doc)
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["seat"] == 1 and body["table"] is None and body["penalties_now"] is None
    assert ["4C"] in body["legal_plays"] and body["may_pass"] is False
