"""House rules on the referee's view in the players' words: every choice a field can hold
and every field the view names has words in every language (English keeps the
declaration's spelling)."""

from __future__ import annotations

from enum import StrEnum

import pytest

from bigtwo.records import timeline
from bigtwo.records.i18n import LANGUAGES
from bigtwo.records.rule_words import FIELD_LABELS, VALUES, field_label, value_word
from bigtwo.rules import fields
from bigtwo.rules.codes import RuleCode
from bigtwo.rules.profiles import PRESETS


def _choices() -> set[str]:
    out = set()
    for value in vars(fields).values():
        if isinstance(value, type) and issubclass(value, StrEnum) \
                and value not in (StrEnum, RuleCode):
            out |= {m.value for m in value}
    return out


def test_every_choice_of_the_registry_has_words() -> None:
    assert _choices() <= set(VALUES)


def test_every_field_the_view_names_has_a_label() -> None:
    named = {f for code in RuleCode for f in timeline.explaining_fields(code, {})}
    for kind in ("single", "pair", "straight", "straight_flush", "flush"):
        named |= set(timeline.explaining_fields("DOES_NOT_BEAT", {
            "played_kind": kind, "table_kind": kind, "revolution": True}))
    named |= set(timeline.explaining_fields("DOES_NOT_BEAT", {
        "played_kind": "pair", "table_kind": "flush"}))
    assert named <= set(FIELD_LABELS)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_no_value_stays_in_english(lang: str) -> None:
    for value in VALUES:
        # Filipino tables keep the English hand names; Italian "no" is "no".
        same = {"fil": {"straight", "flush", "full_house", "straight_flush"}, "it": {"no"}}
        assert value_word(value, lang) != value or value in same.get(lang, ()), (lang, value)


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", [("direction", "counterclockwise"), ("passing", "locked_out")]),
    ("de", [("direction", "gegen den Uhrzeigersinn"),
            ("passing", "gesperrt bis zum nächsten Ausspielen")]),
    ("zh-Hant-HK", [("direction", "逆時針"), ("passing", "過牌後要等下一次開牌")]),
    ("fil", [("direction", "pakaliwa"), ("passing", "labas hanggang sa susunod na bukas")]),
])
def test_house_rules_in_words(lang: str, expected: list[tuple[str, str]]) -> None:
    assert timeline.house_rules(PRESETS["pusoy-dos"], "WRONG_TURN", {}, lang) == expected


def test_tiers_and_labels() -> None:
    hk = PRESETS["hk-standard"]
    tiers = dict(timeline.house_rules(hk, "DECLARED_MISMATCH", {}, "de"))["scoring.tiers"]
    assert tiers == "x1 ab 1, x2 ab 8, x3 ab 10, x4 ab 13"
    assert field_label("straights", "zh-Hant-HK") == "蛇"
    assert field_label("straights", "zh-Hant-TW") == "順子"
    assert field_label("straights", "en") == "straights"
    assert field_label("no.such.field", "de") == "no.such.field"
