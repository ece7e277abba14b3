"""The pages' gettext catalogs (domain ``messages``, ``app/translations/<locale>/``) and the
locale's way of writing numbers and lists.

Page text is declared in English with ``N_(context, message)``: the context is the message's
key (``deal_n``), so two English texts that are spelled alike but translated differently
never share an entry, and a translator's tool shows the key beside the text. A message that
counts something is declared with ``NN_(context, singular, plural)`` and read with gettext's
plural forms (``npgettext``): each catalog has as many forms as its ``Plural-Forms`` says
(German, Italian, Filipino two, Chinese one), chosen by the number. ``pybabel extract`` finds
the declarations (``make i18n-extract``, keywords ``N_:1c,2`` and ``NN_:1c,2,3``); the page
reads the compiled ``.mo`` of its language. The rule messages on the pages come from the library's
own catalogs (``bigtwo.records``, domain ``bigtwo``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from babel import Locale
from babel.lists import format_list
from babel.numbers import format_decimal, get_minus_sign_symbol, get_plus_sign_symbol
from babel.support import NullTranslations, Translations

DOMAIN = "messages"
TRANSLATIONS_DIR = Path(__file__).resolve().parent.parent / "translations"

# English first: it is the default and the language the message ids are written in.
PAGE_LANGUAGES: tuple[str, ...] = ("en", "de", "it", "zh-Hant-HK", "zh-Hant-TW", "zh-Hans", "fil")
DEFAULT = "en"

# Each language by its own name, for the language switch.
LANGUAGE_NAMES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "it": "Italiano",
    "zh-Hant-HK": "繁體中文（香港）",
    "zh-Hant-TW": "繁體中文（台灣）",
    "zh-Hans": "简体中文",
    "fil": "Filipino",
}


class Message(NamedTuple):
    """One page message as declared: its key (the gettext context) and its English text."""

    context: str
    text: str


class Plural(NamedTuple):
    """A page message with plural forms: its key (the context), English singular and plural."""

    context: str
    singular: str
    plural: str


def N_(context: str, message: str) -> Message:  # noqa: N802 - the name gettext tools look for
    """Declare a message for extraction; translated when a page reads it."""
    return Message(context, message)


def NN_(context: str, singular: str, plural: str) -> Plural:  # noqa: N802 - as N_
    """Declare a message with plural forms; the number it counts picks the form."""
    return Plural(context, singular, plural)


def babel_locale(lang: str) -> str:
    """Babel's (and the catalog directory's) name for a language tag: ``zh_Hant_HK``."""
    return lang.replace("-", "_")


@cache
def catalog(lang: str) -> NullTranslations:
    """The compiled catalog of a language (English, the source language, has none)."""
    if lang == DEFAULT:
        return NullTranslations()
    return Translations.load(str(TRANSLATIONS_DIR), [babel_locale(lang)], domain=DOMAIN)


def translate(lang: str, message: Message) -> str:
    return catalog(lang).pgettext(message.context, message.text)


def translate_plural(lang: str, message: Plural, n: int) -> str:
    """The form of a plural message for ``n`` in a language (its catalog's plural rule)."""
    return catalog(lang).npgettext(message.context, message.singular, message.plural, n)


def tables(messages: Mapping[str, Message]) -> dict[str, dict[str, str]]:
    """Every language's text of each declared message, by key."""
    return {lang: {key: translate(lang, m) for key, m in messages.items()}
            for lang in PAGE_LANGUAGES}


@cache
def _locale(lang: str) -> Locale:
    return Locale.parse(babel_locale(lang))


MINUS_SIGN = "\N{MINUS SIGN}"


def minus_sign(lang: str) -> str:
    """The minus sign the pages set: the locale's own (CLDR), written as the true minus sign
    U+2212 where the locale's is the ASCII hyphen-minus (en, de, it, zh and fil all are: CLDR
    keeps the keyboard's character for data; a page is typeset text, as the library's
    ``format_signed(typographic=True)`` sets it too)."""
    minus = get_minus_sign_symbol(_locale(lang))
    return MINUS_SIGN if minus == "-" else minus


def number(value: int | float, lang: str) -> str:
    """A number as the locale writes it: its digit grouping, decimal sign and minus sign
    (``minus_sign``): -1234 is "−1,234" in English, "−1.234" in German."""
    text = format_decimal(abs(value), locale=_locale(lang))
    return minus_sign(lang) + text if value < 0 else text


def signed(value: int, lang: str) -> str:
    """A score with its sign always shown: +25, +0, −34 (as the pages always wrote them)."""
    if value >= 0:
        return get_plus_sign_symbol(_locale(lang)) + number(value, lang)
    return number(value, lang)


def join(items: Iterable[str], lang: str, style: str = "standard") -> str:
    """A list as the locale writes one: "Ana, Ben and Cai", "Ana、Ben及Cai"."""
    return format_list(list(items), style=style, locale=_locale(lang))


def format_fields(template: str, fields: Mapping[str, Any], lang: str) -> str:
    """``str.format`` with numbers written the locale's way (bools and text as given)."""
    shown = {k: number(v, lang) if isinstance(v, int | float) and not isinstance(v, bool) else v
             for k, v in fields.items()}
    return template.format(**shown)
