"""Counts, penalties and numbers on the pages, word for word: plural forms chosen by each
catalog's rule ("1 deal", "2 deals"; "1 Partie", "2 Partien"; Filipino and Chinese nouns that
do not change), every penalty line one whole message in each language, and scores with the
true minus sign (U+2212) on the chart's axis."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from itertools import product
from typing import Any

import pytest

from app.web.catalog import PAGE_LANGUAGES, catalog
from app.web.chart import ChartData, Series, svg
from app.web.penalty_words import PENALTY_MESSAGES, STEPS, penalty_key
from app.web.present import penalty_text
from app.web.words import Words
from bigtwo.rules import scoring
from bigtwo.rules.profiles import PRESETS
from tests.browser.support import example_record

MINUS = "\N{MINUS SIGN}"
SVG = "{http://www.w3.org/2000/svg}"
NAMES = ["Ana", "Ben", "Cai", "Dee"]


def _text(answer: Any) -> str:
    html = answer.get_data(as_text=True)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


# --- plural forms ---------------------------------------------------------------------------
@pytest.mark.parametrize(("lang", "key", "n", "expected"), [
    ("en", "deals_n", 1, "1 deal"), ("en", "deals_n", 2, "2 deals"),
    ("en", "cards_n", 1, "1 card"), ("en", "cards_n", 0, "0 cards"),
    # German: one form for 1, the other for every other number
    ("de", "deals_n", 1, "1 Partie"), ("de", "deals_n", 2, "2 Partien"),
    ("de", "cards_n", 1, "1 Karte"), ("de", "cards_n", 13, "13 Karten"),
    ("de", "problems_n", 1, "1 Problem gefunden"), ("de", "problems_n", 3, "3 Probleme gefunden"),
    # Filipino: "deal" as Pusoy Dos tables say it; the noun does not change with the count, in
    # either of CLDR's forms (one: 1, 2, 3, 5 ...; other: 4, 6, 9, 14 ...)
    ("fil", "deals_n", 1, "1 deal"), ("fil", "deals_n", 2, "2 deal"), ("fil", "deals_n", 4, "4 deal"),
    ("fil", "cards_n", 1, "1 baraha"), ("fil", "cards_n", 6, "6 baraha"),
    # CLDR puts 2 and 3 in Filipino's "one": a form must not mean "singular" there
    ("fil", "match_over", 1, "Tapos na ang laban. Nanalo: {names}."),
    ("fil", "match_over", 2, "Tapos na ang laban. Nanalo: {names}."),
    ("fil", "match_over", 4, "Tapos na ang laban. Nanalo: {names}."),
    ("en", "match_over", 2, "The match is over. Winners: {names}."),
    ("en", "house_rules", 1, "House rule that decides this:"),
    ("en", "house_rules", 2, "House rules that decide this:"),
    ("de", "house_rules", 2, "Hausregeln, die das entscheiden:"),
    ("it", "house_rules", 1, "Regola della casa che lo decide:"),
    ("fil", "house_rules", 2, "Patakarang nagpapasya rito:"),
    ("it", "match_over", 1, "La partita è finita. Vincitore: {names}."),
    # Italian: gender and number agree ("1 valida", "2 valide"); CLDR's "many" (millions) is
    # worded as "other" with digits
    ("it", "deals_n", 1, "1 mano"), ("it", "deals_n", 2, "2 mani"),
    ("it", "deals_n", 1_000_000, "1.000.000 mani"), ("it", "valid_n", 1, "1 valida"),
    ("it", "valid_n", 2, "2 valide"),
    # Chinese: one form; the measure word counts (局, 張)
    ("zh-Hant-HK", "deals_n", 1, "1 局"), ("zh-Hant-HK", "deals_n", 2, "2 局"),
    ("zh-Hans", "cards_n", 1, "1 张牌"), ("zh-Hant-TW", "players_n", 4, "4 位玩家"),
    ("en", "deals_n", 10_000, "10,000 deals"), ("de", "deals_n", 10_000, "10.000 Partien"),
])
def test_counts_take_the_languages_plural_form(lang: str, key: str, n: int, expected: str) -> None:
    words = Words(lang)
    fields = {"names": "{names}"} if key == "match_over" else {}
    assert words.count(key, n, **fields) == expected


@pytest.mark.parametrize(("lang", "one", "other"), [
    ("de", [1], [0, 2, 3, 11, 21, 101]),
    ("it", [1], [0, 2, 11, 1_000_000]),
    ("fil", [1, 2, 3, 5, 7, 8, 10, 11, 15], [4, 6, 9, 14, 16, 19, 24]),  # CLDR fil
    ("zh-Hant-HK", [0, 1, 2, 100], []),
])
def test_the_compiled_catalogs_apply_cldr_plural_rules(lang: str, one: list[int],
                                                        other: list[int]) -> None:
    rule = catalog(lang).plural  # type: ignore[attr-defined]
    assert {rule(n) for n in one} == {0}
    assert all(rule(n) != 0 for n in other)


@pytest.mark.parametrize(("lang", "one_deal", "two_deals", "one_problem"), [
    ("en", "1 deal", "2 deals", "1 problem found"),
    ("de", "1 Partie", "2 Partien", "1 Problem gefunden"),
    ("fil", "1 deal", "2 deal", "1 problema ang nakita"),
    ("zh-Hant-HK", "1 局", "2 局", "發現 1 個問題"),
])
def test_the_replay_summary_counts_deals_and_problems(client: Any, lang: str, one_deal: str,
                                                      two_deals: str, one_problem: str) -> None:
    """hk-two-deals (the spec's two-deal match) and its first deal alone; pusoy-wrong-turn
    (seed 004) breaks one rule."""
    two = example_record("hk-two-deals")
    one = {**two, "deals": two["deals"][:1]}
    summary = re.compile(r"Profile|Profil|Profile|規則|profile")
    for record, wanted in ((one, one_deal), (two, two_deals)):
        text = _text(client.post("/replay", data={"record": json.dumps(record), "lang": lang}))
        assert f" {wanted} " in text, (lang, wanted)
        assert summary.search(text)
    broken = _text(client.post("/replay", data={
        "record": json.dumps(example_record("pusoy-wrong-turn")), "lang": lang}))
    assert one_problem in broken


@pytest.mark.parametrize(("lang", "cards"), [
    ("en", ["0 cards", "1 card", "2 cards"]),
    ("de", ["0 Karten", "1 Karte", "2 Karten"]),
    ("fil", ["0 baraha", "1 baraha", "2 baraha"]),
])
def test_the_step_control_gets_every_count_worded(client: Any, lang: str, cards: list[str]) -> None:
    """The script cannot apply a plural rule: it gets the words for 0 to the largest hand."""
    answer = client.post("/replay", data={"record": json.dumps(example_record("hk-two-deals")),
                                          "lang": lang})
    html = answer.get_data(as_text=True)
    found = re.search(r'<script id="replay-data" type="application/json">(.*?)</script>', html, re.S)
    assert found is not None
    words = json.loads(found.group(1))["words"]
    assert words["cards"][:3] == cards and len(words["cards"]) == 14  # 13-card hands
    assert words["locale"] == lang and words["minus"] == MINUS


# --- the penalty line -----------------------------------------------------------------------
# The parts are what bigtwo.rules.scoring.penalty reports (its docstring names the steps);
# the English lines are as the pages always wrote them.
HK = {"cards": 11, "multiplier": 3, "base": 33, "two_factor": 1, "card_penalties": 0}  # 000: x3 from 10
ONE = {"cards": 1, "multiplier": 1, "base": 1, "two_factor": 1, "card_penalties": 0}
HELD_TWO = {"cards": 8, "multiplier": 2, "base": 16, "two_factor": 2, "card_penalties": 0}
EVERY_STEP = {"cards": 2, "values": 20, "multiplier": 1, "base": 20, "two_factor": 2,
              "hand_factor": 3, "card_penalties": 5}  # 20 x2 = 40, x3 = 120, + 5 = 125
PAID = {**dict(HK, cards=3, base=3, multiplier=1), "paid_by": 3}  # last_card_guard: liable
TAKES = {**ONE, "own": 1, "takes_all": 9}
WORTH = {"cards": 13, "values": 1300, "multiplier": 4, "base": 5200, "two_factor": 1,
         "card_penalties": 0}

PENALTIES = [
    (HK, 33, {"en": "11 cards x3 = 33", "de": "11 Karten x3 = 33", "zh-Hant-HK": "11 張牌 x3 = 33",
              "fil": "11 baraha x3 = 33"}),
    (ONE, 1, {"en": "1 card x1 = 1", "de": "1 Karte x1 = 1", "zh-Hant-HK": "1 張牌 x1 = 1",
              "fil": "1 baraha x1 = 1"}),
    (HELD_TWO, 32, {
        "en": "8 cards x2 = 16, x2 for holding a 2 = 32",
        "de": "8 Karten x2 = 16, x2 für eine gehaltene 2 = 32",
        "zh-Hant-HK": "8 張牌 x2 = 16，手上有 2 x2 = 32",
        "fil": "8 baraha x2 = 16, x2 dahil may hawak na 2 = 32"}),
    (EVERY_STEP, 125, {
        "en": "2 cards worth 20 x1 = 20, x2 for holding a 2 = 40, x3 for a four or straight "
              "flush in hand = 120, + 5 card penalty = 125",
        "de": "2 Karten im Wert von 20 x1 = 20, x2 für eine gehaltene 2 = 40, x3 für einen "
              "Vierling oder Straight Flush auf der Hand = 120, + 5 Kartenstrafe = 125",
        "zh-Hant-HK": "2 張牌值 20 x1 = 20，手上有 2 x2 = 40，手上有鐵支或同花順 x3 = 120，加 5 分牌罰 = 125",
        "fil": "2 baraha na may halagang 20 x1 = 20, x2 dahil may hawak na 2 = 40, x3 dahil may "
               "four of a kind o straight flush sa kamay = 120, + 5 multa sa baraha = 125"}),
    (PAID, 0, {"en": "3 cards x1 = 3, paid by Dee", "de": "3 Karten x1 = 3, zahlt Dee",
               "zh-Hant-HK": "3 張牌 x1 = 3，由 Dee 支付", "fil": "3 baraha x1 = 3, binayaran ni Dee"}),
    (TAKES, 9, {"en": "1 card x1 = 1, takes all: pays 9 for everyone",
                "de": "1 Karte x1 = 1, zahlt für alle: 9",
                "zh-Hant-HK": "1 張牌 x1 = 1，包賠：代所有人付 9",
                "fil": "1 baraha x1 = 1, sagot lahat: nagbabayad ng 9 para sa lahat"}),
    (WORTH, 5200, {"en": "13 cards worth 1,300 x4 = 5,200",
                   "de": "13 Karten im Wert von 1.300 x4 = 5.200",
                   "zh-Hant-HK": "13 張牌值 1,300 x4 = 5,200",
                   "fil": "13 baraha na may halagang 1,300 x4 = 5,200"}),
    (HK, 99, {"en": "11 cards x3 = 33 (report: 99)", "de": "11 Karten x3 = 33 (Bericht: 99)",
              "zh-Hant-HK": "11 張牌 x3 = 33（報告：99）", "fil": "11 baraha x3 = 33 (report: 99)"}),
    (None, 0, {"en": "went out", "de": "ausgegangen", "zh-Hant-HK": "出完牌",
               "fil": "naubusan ng baraha"}),
]


@pytest.mark.parametrize(("parts", "penalty", "lang", "expected"), [
    (parts, penalty, lang, text) for parts, penalty, texts in PENALTIES for lang, text in texts.items()
])
def test_penalty_lines_word_for_word(parts: dict[str, int] | None, penalty: int, lang: str,
                                     expected: str) -> None:
    assert penalty_text(parts, penalty, lang, NAMES) == expected


def test_the_engine_parts_read_as_before() -> None:
    """hk-standard (seed 000): 11 cards left pay x3; the parts come from the engine itself."""
    paid, parts = scoring.count_penalty(PRESETS["hk-standard"], 11)
    assert penalty_text(parts, paid) == "11 cards x3 = 33"
    assert penalty_text(parts, paid, "de") == "11 Karten x3 = 33"


@pytest.mark.parametrize("lang", PAGE_LANGUAGES)
@pytest.mark.parametrize(("worth", "mask", "moved"),
                         list(product((False, True), product((False, True), repeat=3),
                                      (None, "paid_by", "takes_all"))))
def test_every_penalty_variant_is_one_message_with_every_number(
        lang: str, worth: bool, mask: tuple[bool, bool, bool], moved: str | None) -> None:
    """Each of the 16 lines x 3 ways the penalty went, in every language: the message of its
    key, filled in, every number of every step in it, no placeholder left."""
    parts: dict[str, int] = {"cards": 7, "multiplier": 2, "base": 14, "two_factor": 1,
                             "card_penalties": 0}
    numbers = ["7", "2", "14"]
    if worth:
        parts.update(values=23, base=46)
        numbers = ["7", "23", "2", "46"]
    value = parts["base"]
    steps = tuple(s for s, on in zip(STEPS, mask, strict=True) if on)
    if "two" in steps:
        parts["two_factor"] = 3
        value *= 3
        numbers += ["3", str(value)]
    if "hand" in steps:
        parts["hand_factor"] = 5
        value *= 5
        numbers += ["5", str(value)]
    if "extra" in steps:
        parts["card_penalties"] = 11
        value += 11
        numbers += ["11", str(value)]
    if moved == "paid_by":
        parts["paid_by"] = 2
        value = 0
    elif moved == "takes_all":
        parts["takes_all"] = 977
        value = 977
        numbers.append("977")
    key = penalty_key(worth, steps)
    assert key in PENALTY_MESSAGES
    text = penalty_text(parts, value, lang, NAMES)
    assert "{" not in text and "}" not in text, text
    found = re.findall(r"\d+", text)
    assert all(n in found for n in numbers), (text, numbers)
    assert ("Cai" in text) == (moved == "paid_by")


# --- numbers on the chart -------------------------------------------------------------------
def _ticks(markup: str) -> list[str]:
    root = ET.fromstring(markup)
    return [t.text or "" for t in root.iter(SVG + "text") if t.attrib.get("class") == "y-tick"]


def test_a_german_chart_writes_its_ticks_with_the_minus_sign() -> None:
    data = ChartData(("Start", "1", "2"), (Series("Ana", (0, -9, -34)), Series("Ben", (0, 9, 34))),
                     "Stand im Verlauf", "Partie", "Stand", "de")
    ticks = _ticks(str(svg(data, "c")))
    assert ticks == [f"{MINUS}40", f"{MINUS}20", "0", "+20", "+40"]
    assert not any("-" in t for t in ticks)  # never the hyphen-minus


def test_chart_ticks_group_digits_the_locales_way() -> None:
    series = (Series("Ana", (0, -2500, -6000)), Series("Ben", (0, 2500, 6000)))
    german = _ticks(str(svg(ChartData(("0", "1", "2"), series, "T", "X", "Y", "de"), "c")))
    english = _ticks(str(svg(ChartData(("0", "1", "2"), series, "T", "X", "Y", "en"), "c")))
    assert german == [f"{MINUS}10.000", f"{MINUS}5.000", "0", "+5.000", "+10.000"]
    assert english == [f"{MINUS}10,000", f"{MINUS}5,000", "0", "+5,000", "+10,000"]


@pytest.mark.parametrize(("lang", "ana", "desc"), [
    ("en", f"Ana {MINUS}9", f"Total: Ana {MINUS}9, Ben {MINUS}34, Cai +25, and Dee +18 (Deal 2)"),
    ("de", f"Ana {MINUS}9", f"Stand: Ana {MINUS}9, Ben {MINUS}34, Cai +25 und Dee +18 (Partie 2)"),
    ("zh-Hant-HK", f"Ana {MINUS}9", f"累計：Ana {MINUS}9、Ben {MINUS}34、Cai +25及Dee +18（局 2）"),
])
def test_the_match_chart_on_a_page(client: Any, lang: str, ana: str, desc: str) -> None:
    """The spec's hk-two-deals: totals -9, -34, +25, +18 (as the report has them)."""
    answer = client.post("/replay", data={"record": json.dumps(example_record("hk-two-deals")),
                                          "lang": lang})
    html = answer.get_data(as_text=True)
    chart = re.search(r'<svg class="chart" id="match-chart".*?</svg>', html, re.S)
    assert chart is not None
    root = ET.fromstring(chart.group(0))
    legend = [t.text for g in root.iter(SVG + "g") if g.attrib.get("class") == "legend"
              for t in g.iter(SVG + "text")]
    assert ana in legend
    description = root.find(SVG + "desc")
    assert description is not None and description.text == desc
    assert not re.search(r"[ >]-\d", chart.group(0))  # no score with a hyphen-minus
    totals = html[html.index('id="totals"'):]
    assert f'<td class="num total">{MINUS}34</td>' in totals
