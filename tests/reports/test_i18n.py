"""bigtwo.reports.i18n: which language a caller gets, and numbers and lists by the locale."""

from __future__ import annotations

import pytest

from bigtwo.reports import i18n
from bigtwo.reports.i18n import (
    LANGUAGES,
    MINUS_SIGN,
    canonical,
    format_list,
    format_number,
    format_signed,
    negotiate,
)


@pytest.mark.parametrize(("tag", "expected"), [
    ("zh-Hant-HK", "zh-Hant-HK"), ("zh_Hant_HK", "zh-Hant-HK"), ("ZH-hk", "zh-Hant-HK"),
    ("zh-MO", "zh-Hant-HK"), ("yue", "zh-Hant-HK"),
    ("zh-TW", "zh-Hant-TW"), ("zh-Hant", "zh-Hant-TW"),
    ("zh", "zh-Hans"), ("zh-CN", "zh-Hans"), ("zh-SG", "zh-Hans"), ("zh-Hans-CN", "zh-Hans"),
    ("tl", "fil"), ("fil-PH", "fil"), ("de-CH", "de"), ("it_IT", "it"), ("en-GB", "en"),
    ("fr", None), ("xx", None), ("", None), (None, None), ("de;q=1", None),
])
def test_canonical(tag: str | None, expected: str | None) -> None:
    assert canonical(tag) == expected


def _babel_says(tag: str) -> str | None:
    """What canonical() answered from Babel's parse alone, before tags with a region were
    answered without it."""
    from babel import Locale, UnknownLocaleError

    try:
        language = Locale.parse(tag, sep="-").language
    except (ValueError, TypeError, UnknownLocaleError):
        return None
    return {"tl": "fil"}.get(language, language) if language in ("en", "de", "it", "fil", "tl") else None


def _regional_tags() -> list[str]:
    from babel import localedata

    found = [name.replace("_", "-") for name in localedata.locale_identifiers()
             if name.split("_")[0] in ("en", "de", "it", "fil") and name.count("_") == 1]
    return sorted(found) + ["de-XX", "en-QQ", "it-999", "de-de", "EN-us", "en-ü1", "fil-ph",
                            "en-Latn", "de-1", "it-ABC"]


def test_tags_with_a_region_are_read_as_babel_reads_them() -> None:
    """Every CLDR locale of our plain languages with a region (``en-US``, ``de-AT``, ``en-001``)
    and a few Babel refuses: the answer without importing Babel is Babel's."""
    tags = _regional_tags()
    assert len(tags) > 100
    assert [canonical(t) for t in tags] == [_babel_says(t) for t in tags]
    answered = [t for t in tags if i18n._with_region(t.lower()) is not None]
    assert "en-US" in answered and "de-AT" in answered and "de-XX" not in answered


@pytest.mark.parametrize(("header", "query", "expected"), [
    ("zh-HK,zh;q=0.9,en;q=0.5", None, "zh-Hant-HK"),
    ("en-US,en;q=0.9", "zh-TW", "zh-Hant-TW"),       # the explicit choice first
    ("fr, fil;q=0.4, de;q=0.3", None, "fil"),
    ("fr", "xx", "en"),                              # neither names one of ours
    ("zh-Hans;q=0, zh-TW;q=0.5", None, "zh-Hant-TW"),  # q=0: not this one
    (None, None, "en"),
])
def test_negotiate(header: str | None, query: str | None, expected: str) -> None:
    assert negotiate(header, query) == expected


@pytest.mark.parametrize("lang", LANGUAGES)
def test_signed_scores(lang: str) -> None:
    assert format_signed(12, lang) == "+12"
    assert format_signed(0, lang) == "0"
    assert format_signed(-5, lang) in ("-5", MINUS_SIGN + "5")  # CLDR's minus for the locale
    assert format_signed(-5, lang, typographic=True) == MINUS_SIGN + "5"


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Ana, Ben, and Cai"), ("de", "Ana, Ben und Cai"), ("it", "Ana, Ben e Cai"),
    ("zh-Hant-HK", "Ana、Ben及Cai"), ("zh-Hant-TW", "Ana、Ben和Cai"), ("zh-Hans", "Ana、Ben和Cai"),
    ("fil", "Ana, Ben, at Cai"),
])
def test_lists_by_the_locale(lang: str, expected: str) -> None:
    assert format_list(["Ana", "Ben", "Cai"], lang) == expected


def test_numbers_by_the_locale() -> None:
    assert format_number(12345, "de") == "12.345"
    assert format_number(12345, "en") == "12,345"
    assert format_number(12345, "zh-Hant-HK") == "12,345"


@pytest.mark.parametrize(("header", "expected"), [
    ("*, de;q=0.5", ["de"]),  # the wildcard asks for no language of its own
    ("it;q=0, fil", ["fil"]),  # q=0: not this one
    ("de;q=x, it;q=0.3", ["it"]),  # an unreadable weight counts as 0
    ("en;q=0.2, zh-HK;q=0.9, de", ["de", "zh-HK", "en"]),  # by weight, ties in order
    (", ".join(["xx"] * 32 + ["de"]), ["xx"] * 32),  # read no further than 32 parts
])
def test_accept_language_tags_by_weight(header: str, expected: list[str]) -> None:
    assert i18n.weighted_tags(header) == expected

