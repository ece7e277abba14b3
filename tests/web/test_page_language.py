"""Which language a page speaks: ``?lang=``, then the remembered choice (a cookie), then
Accept-Language by Babel's matching; the switch on every page; Vary for caches; numbers,
rule values and preset names in the page's language."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from app.web.catalog import PAGE_LANGUAGES, join, number, signed
from app.web.language import COOKIE, canonical, from_header
from bigtwo.reports import i18n
from bigtwo.reports.field_text import value_text
from tests.conftest import example_record
from tests.web.test_pages import _text


def _lang_of(answer: Any) -> str:
    return re.search(r'<html lang="([^"]+)"', answer.get_data(as_text=True)).group(1)


@pytest.mark.parametrize(("tag", "expected"), [
    # what browsers in Hong Kong, Taiwan, the mainland, Singapore and the Philippines send
    ("zh-HK", "zh-Hant-HK"), ("zh-Hant-HK", "zh-Hant-HK"), ("zh_Hant_HK", "zh-Hant-HK"),
    ("zh-MO", "zh-Hant-HK"), ("yue", "zh-Hant-HK"),
    ("zh-TW", "zh-Hant-TW"), ("zh-Hant", "zh-Hant-TW"), ("zh-Hant-TW", "zh-Hant-TW"),
    ("zh-CN", "zh-Hans"), ("zh-SG", "zh-Hans"), ("zh", "zh-Hans"), ("zh-Hans-CN", "zh-Hans"),
    ("fil", "fil"), ("fil-PH", "fil"), ("tl", "fil"),
    ("de-CH", "de"), ("it-IT", "it"), ("EN", "en"),
    ("fr", None), ("", None), ("x" * 100, None), ("zh-", None),
])
def test_a_tag_means_the_tables_language(tag: str, expected: str | None) -> None:
    assert canonical(tag) == expected


@pytest.mark.parametrize(("header", "expected"), [
    ("zh-HK,zh;q=0.9,en;q=0.8", "zh-Hant-HK"),
    ("en-US,en;q=0.9,zh-TW;q=0.8", "en"),
    ("fr-FR, de;q=0.5, it;q=0.7", "it"),
    ("tl-PH,en;q=0.3", "fil"),
    ("zh-CN;q=0, de", "de"),  # q=0: not this one
    ("fr, es", None),
    ("*", None),
])
def test_accept_language_is_matched_by_babel(header: str, expected: str | None) -> None:
    assert from_header(header) == expected


def test_explicit_then_cookie_then_header(client: Any) -> None:
    assert _lang_of(client.get("/", headers={"Accept-Language": "zh-HK"})) == "zh-Hant-HK"
    chosen = client.get("/?lang=fil", headers={"Accept-Language": "zh-HK"})
    assert _lang_of(chosen) == "fil"
    cookie = chosen.headers["Set-Cookie"]
    assert cookie.startswith(f"{COOKIE}=fil;") and "SameSite=Lax" in cookie and "HttpOnly" in cookie
    # remembered: the next page (another one) speaks Filipino whatever the header says
    assert _lang_of(client.get("/tournaments", headers={"Accept-Language": "zh-HK"})) == "fil"
    again = client.get("/tournaments?lang=fil")
    assert "Set-Cookie" not in again.headers  # already remembered
    # an explicit choice still wins, and is remembered in its turn
    assert _lang_of(client.get("/?lang=de")) == "de"
    assert _lang_of(client.get("/")) == "de"
    # an unknown language changes nothing
    assert _lang_of(client.get("/?lang=xx")) == "de"


def test_a_form_posted_in_a_language_remembers_it(client: Any) -> None:
    record = example_record("pusoy-wrong-turn")
    answer = client.post("/replay", data={"record": json.dumps(record), "lang": "zh-Hant-TW"})
    assert answer.status_code == 200 and _lang_of(answer) == "zh-Hant-TW"
    assert f"{COOKIE}=zh-Hant-TW" in answer.headers["Set-Cookie"]
    assert _lang_of(client.get("/")) == "zh-Hant-TW"


@pytest.mark.parametrize("path", ["/", "/tournaments", "/records/nowhere"])
def test_negotiated_pages_vary_on_language_and_cookie(client: Any, path: str) -> None:
    answer = client.get(path)
    vary = {v.strip() for v in answer.headers.get("Vary", "").split(",")}
    assert {"Accept-Language", "Cookie"} <= vary, path


def test_the_api_does_not_set_the_page_cookie(client: Any) -> None:
    answer = client.get("/profiles?lang=de")
    assert COOKIE not in answer.headers.get("Set-Cookie", "")


@pytest.mark.parametrize("path", ["/", "/tournaments", "/tournaments/nowhere?x=1"])
def test_every_page_has_the_language_switch(client: Any, path: str) -> None:
    html = client.get(path + ("&" if "?" in path else "?") + "lang=zh-Hant-HK").get_data(as_text=True)
    switch = re.search(r'<p class="langs" id="language-switch">(.*?)</p>', html, re.S).group(1)
    assert '<b lang="zh-Hant-HK" aria-current="true">繁體中文（香港）</b>' in switch
    links = re.findall(r'<a href="([^"]+)" hreflang="([^"]+)"', switch)
    assert {code for _, code in links} == set(PAGE_LANGUAGES) - {"zh-Hant-HK"}
    for href, code in links:
        base, _, query = href.replace("&amp;", "&").partition("?")
        assert base == path.partition("?")[0] and query.endswith(f"lang={code}")
        assert query.count("lang=") == 1
    if "x=1" in path:
        assert all("x=1" in href for href, _ in links)  # the page's own query is kept


def test_the_switch_on_a_posted_page_posts_the_form_again(client: Any) -> None:
    record = example_record("pusoy-wrong-turn")
    html = client.post("/replay?lang=fil", data={"record": json.dumps(record)}).get_data(as_text=True)
    switch = re.search(r'<p class="langs" id="language-switch">(.*?)</p>', html, re.S).group(1)
    assert 'form="nav" name="lang" value="zh-Hant-HK"' in switch and "<a " not in switch
    # the header's button comes first in the form's data, so its language wins over the select
    both = client.post("/replay", data={"record": json.dumps(record), "lang": ["de", "fil"]})
    assert _lang_of(both) == "de"


@pytest.mark.parametrize(("lang", "words"), [
    ("zh-Hant-HK", ["鋤大D（香港）", "第 1 局", "座位 3", "派牌時的手牌", "下一手"]),
    ("zh-Hant-TW", ["大老二（香港）", "第 1 局", "發牌時的手牌", "下一手"]),
    ("zh-Hans", ["锄大地（香港）", "第 1 局", "发牌时的手牌", "下一手"]),
    ("fil", ["Big Two (Hong Kong)", "Mga barahang ibinigay", "Susunod na tira", "Upuan"]),
])
def test_replay_page_in_the_new_languages(client: Any, lang: str, words: list[str]) -> None:
    record = example_record("hk-two-deals")
    del record["players"]
    answer = client.post(f"/replay?lang={lang}", data={"record": json.dumps(record)})
    assert answer.status_code == 200 and _lang_of(answer) == lang
    text = _text(answer)
    for word in words:
        assert word in text, word
    for english in ("Hands as dealt", "Tricks", "Next move", "Totals", "Seat 1", "cards x",
                    "Scores of deal"):
        assert english not in text, english


@pytest.mark.parametrize(("lang", "direction", "passing"), [
    ("de", "gegen den Uhrzeigersinn", "raus bis zum nächsten Ausspielen"),
    ("it", "in senso antiorario", "fuori fino alla prossima apertura"),
    # The library words every page language (bigtwo/reports/field_text.py, from the
    # registry's messages in its catalogs), the glossary's terms for these two.
    ("zh-Hant-HK", "逆時針", "過牌後要等下一次開牌"),
    ("fil", "pakaliwa", "labas hanggang sa susunod na bukas"),
])
def test_rule_values_are_not_left_in_english(client: Any, lang: str, direction: str,
                                             passing: str) -> None:
    """Seed 004's Pusoy Dos: counter-clockwise, and a seat that passed stays out."""
    record = example_record("pusoy-wrong-turn")
    text = _text(client.post(f"/replay?lang={lang}", data={"record": json.dumps(record)}))
    assert f"direction = {direction}" in text and f"passing = {passing}" in text
    assert "= counterclockwise" not in text and "locked_out" not in text


# The pages show the library's words (one formatter, bigtwo.reports.field_text): suits by
# name, tiers as the library lists them.
@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "C < S < H < D"),  # English pages show values as profiles spell them, as before
    ("de", "Kreuz < Pik < Herz < Karo"), ("zh-Hant-HK", "梅花 < 黑桃 < 紅心 < 方塊"),
])
def test_suit_orders_are_named_as_players_name_them(lang: str, expected: str) -> None:
    assert value_text("suit_order", ["C", "S", "H", "D"], lang) == expected


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "x1 from 1, x2 from 8"),
    ("de", "x1 ab 1, x2 ab 8"),
    ("zh-Hant-HK", "1張起x1, 8張起x2"),
    ("fil", "x1 mula 1, x2 mula 8"),
])
def test_tiers_are_worded_in_the_language(lang: str, expected: str) -> None:
    tiers = [{"from": 1, "multiplier": 1}, {"from": 8, "multiplier": 2}]
    assert value_text("scoring.tiers", tiers, lang) == expected


@pytest.mark.parametrize(("lang", "value", "expected"), [
    ("en", -1234, "−1,234"), ("de", -1234, "−1.234"), ("it", 1234567, "1.234.567"),
    ("zh-Hant-HK", -1234, "−1,234"), ("fil", 1234, "1,234"), ("de", 62.5, "62,5"),
    ("it", -0.5, "−0,5"), ("zh-Hans", 1234.5, "1,234.5"),
])
def test_numbers_follow_the_locale(lang: str, value: int | float, expected: str) -> None:
    """CLDR's grouping and decimal signs; CLDR's minus sign for these locales is the
    hyphen-minus, which a page sets as the true minus sign U+2212."""
    assert number(value, lang) == expected


def test_signed_scores_and_lists() -> None:
    assert (signed(25, "de"), signed(0, "de"), signed(-34, "de")) == ("+25", "+0", "\u221234")
    assert signed(-12345, "de") == "−12.345" and signed(12345, "fil") == "+12,345"
    assert join(["Ana", "Ben", "Cai"], "zh-Hant-HK") == "Ana、Ben及Cai"
    assert join(["Ana", "Ben", "Cai"], "fil") == "Ana, Ben, at Cai"


@pytest.mark.parametrize(("lang", "words"), [
    ("fil", ["Ranggo ng mga manlalaro", "Puwesto", "Mga pagbabago ng mga organizer", "binawi"]),
    ("zh-Hant-HK", ["排名", "名次", "主辦人的更改", "已撤回"]),
])
def test_tournament_page_in_the_new_languages(client: Any, lang: str, words: list[str]) -> None:
    from tests.web.test_organiser_pages import _withdrawn_and_replaced

    t, _, _ = _withdrawn_and_replaced(client)
    text = _text(client.get(f"/tournaments/{t.id}?lang={lang}"))
    for word in words:
        assert word in text, word
    for english in ("Standings", "Records", "withdrawn", "Changes by organisers", "Player"):
        assert english not in text, english


def test_pages_and_api_match_a_header_the_same_way() -> None:
    for header in ("zh-HK, en;q=0.5", "tl", "de-CH;q=0.8, it;q=0.9", "*", "xx, yue-Hant", "x" * 65):
        assert from_header(header) == i18n.match_header(header)
        assert i18n.negotiate(header) == (i18n.match_header(header) or "en")
