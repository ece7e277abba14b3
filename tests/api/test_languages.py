"""The players' languages over HTTP: ``?lang=`` and Accept-Language take the new tags and
their aliases, and only ``message`` changes (codes, pointers and params stay)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.test_validate import _opening_card_record

HK = "第一手牌必須包括♦3"
TW = "第一手牌必須包括♦3"
HANS = "第一手牌必须包括♦3"
FIL = "Dapat kasama ang 3♦ sa unang tira"


@pytest.mark.parametrize(("query", "header", "message", "language"), [
    ("?lang=zh-Hant-HK", "", HK, "zh-Hant-HK"),
    ("?lang=zh-HK", "", HK, "zh-Hant-HK"),
    ("?lang=zh-hk", "", HK, "zh-Hant-HK"),
    ("?lang=zh-TW", "", TW, "zh-Hant-TW"),
    ("?lang=zh-CN", "", HANS, "zh-Hans"),
    ("?lang=zh", "", HANS, "zh-Hans"),
    ("?lang=tl", "", FIL, "fil"),
    ("?lang=fil", "de", FIL, "fil"),  # ?lang= beats the header
    ("", "zh-HK,zh;q=0.9,en;q=0.5", HK, "zh-Hant-HK"),   # a Hong Kong browser
    ("", "zh-TW,zh;q=0.9", TW, "zh-Hant-TW"),
    ("", "zh-Hant-MO", HK, "zh-Hant-HK"),                # Macau reads Hong Kong's words
    ("", "zh-Hans-SG, en;q=0.5", HANS, "zh-Hans"),
    ("", "fil-PH, en;q=0.8", FIL, "fil"),
    ("", "tl;q=0.9, de;q=0.5", FIL, "fil"),
    ("", "fr, zh-TW;q=0.5", TW, "zh-Hant-TW"),
])
def test_new_languages(client: Any, query: str, header: str, message: str, language: str) -> None:
    headers = {"Accept-Language": header} if header else {}
    response = client.post(f"/v1/validate{query}", json=_opening_card_record(), headers=headers)
    assert response.status_code == 200, response.json
    assert response.json["errors"][0]["message"] == message
    assert response.headers["Content-Language"] == language


def test_only_the_message_changes(client: Any) -> None:
    english = client.post("/v1/validate", json=_opening_card_record()).json
    for lang in ("de", "it", "zh-Hant-HK", "zh-Hant-TW", "zh-Hans", "fil"):
        other = client.post(f"/v1/validate?lang={lang}", json=_opening_card_record()).json
        assert [{**e, "message": None} for e in other["errors"]] == \
            [{**e, "message": None} for e in english["errors"]]
        assert {**other, "errors": None} == {**english, "errors": None}


def test_an_unknown_tag_is_still_a_problem(client: Any) -> None:
    response = client.post("/v1/validate?lang=xx-YY", json=_opening_card_record())
    assert response.status_code == 422
