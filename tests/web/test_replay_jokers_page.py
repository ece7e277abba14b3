"""The replay page of a v4 deal in every page language: an 8-seat table, a joker drawn with
the card it stands for (🃏4♣), five of a kind labelled, a timeout and a last-card call in the
move list. The browser side (the step control) is tests/browser/test_browser_jokers.py."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from app.web.words import WORDS

LANGS = ("en", "de", "it", "fil", "zh-Hans", "zh-Hant-HK", "zh-Hant-TW")
# The library's label of the five of a kind (bigtwo.reports), in each page language.
FIVE_OF_A_KIND = {"en": "Five of a kind 4", "de": "Fünfling 4", "it": "Pokerissimo 4"}

PROFILE = {"extends": "hk-standard", "players": 8, "hand_size": 7, "decks": 2, "jokers": 1,
           "timeouts": "pass", "last_card_call": "liable", "scoring": {"settlement": "pairwise"}}
OTHERS = ["5C", "5D", "6C", "6D", "7C", "7D", "8C", "8D", "TC", "TD", "JC", "JD", "QC", "QD",
          "KC", "KD", "AC", "AD", "2C", "2D", "5H", "5S", "6H", "6S", "7H", "7S", "8H", "8S",
          "TH", "TS", "JH", "JS", "QH", "QS", "KH", "KS", "AH", "AS", "2H", "2S", "9D", "9H"]
HANDS = [["3D", "9C", "4D", "4D", "4S", "4S", "JK"], *[(OTHERS * 2)[i * 7:i * 7 + 7] for i in range(7)]]
PASSES = [{"seat": s, "pass": True} for s in range(1, 8)]
MOVES = [{"seat": 0, "play": ["3D"]}, {"seat": 1, "timeout": True}, *PASSES[1:],
         {"seat": 0, "play": ["4D", "4D", "4S", "4S", "JK=4C"], "call": True}, *PASSES,
         {"seat": 0, "play": ["9C"]}]
RECORD = {"profile": PROFILE, "players": [f"P{n}" for n in range(1, 9)],
          "deals": [{"hands": HANDS, "moves": MOVES}]}


def page(client: Any, lang: str) -> str:
    response = client.post(f"/replay?lang={lang}", data={"record": json.dumps(RECORD),
                                                          "complete": "on"})
    assert response.status_code == 200, response.get_data(as_text=True)[:2000]
    return str(response.get_data(as_text=True))


@pytest.mark.parametrize("lang", LANGS)
def test_a_v4_deal_is_drawn_in_every_language(client: Any, lang: str) -> None:
    html = page(client, lang)
    words = WORDS[lang]
    # 8 seats laid out
    assert 'class="seats seats-8"' in html
    assert all(f"P{n}" in html for n in range(1, 9))
    # the joker with its stand-in, titled in the page's language
    joker = re.search(r'<span class="card joker" title="([^"]+)">🃏4♣</span>', html)
    assert joker is not None
    assert words["joker_as"].split("{card}")[0].strip() in joker[1]
    # the hand as dealt shows the joker alone
    assert f'<span class="card joker" title="{words["joker"]}">🃏</span>' in html
    # a timeout and the call in the move list
    assert f'<span class="passes timeout">{words["timed_out"]}</span>' in html
    assert f'<span class="tag call">{words["calls_last_card"]}</span>' in html
    if lang in FIVE_OF_A_KIND:
        assert f'<span class="label">{FIVE_OF_A_KIND[lang]}</span>' in html


def test_the_new_words_are_translated_in_every_language() -> None:
    for key in ("joker", "joker_as", "timed_out", "calls_last_card", "missed_call"):
        others = {WORDS[lang][key] for lang in LANGS if lang != "en"}
        assert WORDS["en"][key] not in others or key == "joker", key


def test_a_missed_call_is_marked() -> None:
    from app import create_app

    client = create_app({"TESTING": True}).test_client()
    moves = [*MOVES[:8], {"seat": 0, "play": ["4D", "4D", "4S", "4S", "JK=4C"]}, *MOVES[9:]]
    response = client.post("/replay", data={"record": json.dumps({**RECORD, "deals": [
        {"hands": HANDS, "moves": moves}]}), "complete": "on"})
    assert response.status_code == 200
    assert 'class="tag bad missed-call"' in response.get_data(as_text=True)


NOTATION = """profile extends hk-standard
decks = 2
jokers = 1
timeouts = pass
last_card_call = liable
scoring.settlement = penalty_only
hand_size = 3
players Ana Ben Cai Dee
deal 1
hand Ana: 3D 3D JK
hand Ben: 4C 5H 2S
hand Cai: 6D 6S JH
hand Dee: 7C 8H JK
Ana: 3D 3D!, Ben: timeout, Cai: 6D 6S, Dee: JK=8D 8H
"""


def test_the_check_page_takes_v4_notation_through_the_one_door(client: Any) -> None:
    response = client.post("/replay?lang=it", data={"record": NOTATION})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert f'<span class="passes timeout">{WORDS["it"]["timed_out"]}</span>' in html
    assert f'<span class="tag call">{WORDS["it"]["calls_last_card"]}</span>' in html
    assert '<span class="card red joker" title="jolly come 8 di quadri">🃏8♦</span>' in html


def test_the_check_page_takes_a_v4_score_sheet(client: Any) -> None:
    declared = {"extends": "hk-standard", "name": "Sheet jokers", "decks": 2, "jokers": 1,
                "last_card_call": "liable", "scoring": {"settlement": "pairwise"}}
    pid = client.post("/v1/profiles", json=declared).json["id"]
    sheet = "deal,Ana,Ben,Cai,Dee\n1,0*,JK 5C,3D 4D 9S,2S 2S\n"
    response = client.post("/replay?lang=de", data={"record": sheet, "profile_id": pid})
    assert response.status_code == 200, response.get_data(as_text=True)[:3000]
    assert '<span class="card joker" title="Joker">🃏</span>' in response.get_data(as_text=True)


# A deal of jokers alone has no lowest card: the first seat leads it, freely (docs/RULES.md,
# "v4 readings"). The page, the report and /v1/next all once failed to find an opener.
JOKERS_ALONE = {"profile": {"extends": "hk-standard", "decks": 2, "jokers": 2, "players": 3,
                            "hand_size": 1},
                "deals": [{"hands": [["JK"], ["JK"], ["JK"]], "moves": []}]}


def test_a_deal_of_jokers_alone_is_led_by_the_first_seat(client: Any) -> None:
    assert client.post("/replay", data={"record": json.dumps(JOKERS_ALONE)}).status_code == 200
    nxt = client.post("/v1/next", json=JOKERS_ALONE)
    assert nxt.status_code == 200, nxt.json
    assert nxt.json["seat"] == 0 and nxt.json["table"] is None
    played = {**JOKERS_ALONE, "deals": [{**JOKERS_ALONE["deals"][0],
                                         "moves": [{"seat": 0, "play": ["JK=3D"]}]}]}
    report = client.post("/v1/validate", json=played).json
    assert report["valid"] is True and report["deals"][0]["winner"] == 0
