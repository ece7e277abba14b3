"""Golden words for jokers and five of a kind in every language (RECORDS v4: "Messages name
a joker by its stand-in"): the card words, the labels, the refusals that name them, the
"cannot be beaten" of a trick that ended at once, and the text ruling's move lines.
fixtures/golden/words/jokers.json holds them; ``BIGTWO_WRITE_GOLDEN=1`` rewrites it for
review. The v3 goldens (tests/reports/test_golden_messages.py) stay as they are."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from bigtwo.formats.text_report import _move_text, _Text
from bigtwo.reports.i18n import LANGUAGES
from bigtwo.reports.messages import card_text, cards_text, combo_label, render, unbeatable_text
from bigtwo.rules import cards
from bigtwo.rules.game import Deal, Record
from bigtwo.rules.profiles import PRESETS

GOLDEN = Path(__file__).resolve().parents[2] / "fixtures" / "golden" / "words" / "jokers.json"
ids = cards.NOTATION.__getitem__


def _error(code: str, params: dict[str, Any]) -> dict[str, Any]:
    return {"code": code, "deal": 0, "move": 3, "seat": 1, "pointer": "/deals/0/moves/3",
            "params": params}


def words(lang: str) -> dict[str, str]:
    five = ["AC", "AD", "AH", "AS", "JK=AS"]
    record = Record(PRESETS["hk-standard"], ["Ana", "Ben"], [Deal(
        [[ids("2S"), cards.JOKER], [ids("3D")]],
        [(0, [ids("2S"), cards.STAND_IN + ids("2S")]), (1, []), (0, [cards.STAND_IN + ids("TH")])],
        None, None)])
    t = _Text(lang)
    return {
        "joker": card_text("JK", lang),
        "stand_in": card_text("JK=2S", lang),
        "pair_cards": cards_text(["2S", "JK=2S"], lang),
        "pair_label": combo_label("pair", ["2S", "JK=2S"], "JK=2S", lang),
        "five_label": combo_label("five_of_a_kind", five, "JK=AS", lang),
        "five_does_not_beat": render(_error("DOES_NOT_BEAT", {
            "played": ["KC", "KD", "KH", "KS", "JK=KS"], "table": five,
            "played_kind": "five_of_a_kind", "table_kind": "five_of_a_kind",
            "played_top": "JK=KS", "table_top": "JK=AS"}), lang),
        "five_on_straight_flush": render(_error("DOES_NOT_BEAT", {
            "played": five, "table": ["3H", "4H", "5H", "6H", "JK=7H"],
            "played_kind": "five_of_a_kind", "table_kind": "straight_flush",
            "played_top": "JK=AS", "table_top": "JK=7H"}), lang),
        "five_category": render(_error("CATEGORY", {"table_kind": "five_of_a_kind"}), lang),
        "unbeatable": unbeatable_text("2S", lang),
        "unbeatable_joker": unbeatable_text("JK=2S", lang),
        "text_plays": _move_text(record, 0, 0, ["Ana", "Ben"], t) or "",
        "text_times_out": _move_text(record, 0, 1, ["Ana", "Ben"], t) or "",
        "text_stand_in": _move_text(record, 0, 2, ["Ana", "Ben"], t) or "",
    }


def test_golden_joker_words() -> None:
    found = {lang: words(lang) for lang in LANGUAGES}
    if os.environ.get("BIGTWO_WRITE_GOLDEN"):
        GOLDEN.write_text(json.dumps(found, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    assert found == json.loads(GOLDEN.read_text(encoding="utf-8"))


@pytest.mark.parametrize(("lang", "key", "expected"), [
    ("en", "pair_cards", "2♠ 🃏2♠"),
    ("en", "five_label", "Five of a kind A"),
    ("de", "five_label", "Fünfling A"),
    ("it", "five_label", "Pokerissimo A"),
    ("de", "stand_in", "Joker als Pik 2"),
    ("it", "stand_in", "Jolly come 2♠"),
    ("en", "unbeatable", "2♠ cannot be beaten"),
    ("en", "text_stand_in", "Ana plays 🃏10♥"),
])
def test_the_contracts_own_words(lang: str, key: str, expected: str) -> None:
    assert words(lang)[key] == expected


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_no_joker_word_is_left_in_english(lang: str) -> None:
    english, other = words("en"), words(lang)
    same = {k for k in english if other[k] == english[k]}
    # Filipino tables name the hands in English ("Pair 2", as the v3 catalog already does).
    assert same <= ({"five_label", "pair_label"} if lang == "fil" else set())
