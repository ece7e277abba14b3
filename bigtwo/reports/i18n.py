"""The players' languages: which ones there are, which one a caller gets, and their catalogs.

Every sentence the library says to a person lives in a gettext catalog of the ``bigtwo``
domain (``bigtwo/reports/locale/<locale>/LC_MESSAGES/bigtwo.po``, compiled to ``.mo`` by
``make compile``); this module finds a language for a caller and hands out a ``Translator``
for it. The pages (Flask-Babel, their own ``messages`` domain) call the same ``negotiate``,
``LANGUAGES`` and formatting helpers, so a page and the rulings on it agree on the language.

Languages are BCP 47 tags (``zh-Hant-HK``); catalogs are kept under Babel's locale names
(``zh_Hant_HK``). Matching is Babel's (``babel.negotiate_locale``) over tags first made
canonical, so that the aliases players' browsers send (``zh-HK``, ``zh-TW``, ``zh-CN``,
``zh``, ``tl``) reach the right table's words.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the module itself when a catalog is first read: a run that says nothing
    import gettext as _gettext  # in words (a valid record's report) never imports it

from bigtwo import limits

# Babel (about 10 ms to import) is imported by the functions that format or match: a run of
# `bigtwo validate` whose records all pass renders no message and never needs it.

DOMAIN = "bigtwo"
# A plain path: importing pathlib costs every start of the CLI (docs/PERFORMANCE.md).
LOCALE_DIR = os.path.join(os.path.dirname(os.path.realpath(__file__)), "locale")

# English first: it is the default and the language the message ids are written in.
LANGUAGES: tuple[str, ...] = ("en", "de", "it", "zh-Hant-HK", "zh-Hant-TW", "zh-Hans", "fil")
DEFAULT_LANGUAGE = "en"

# Tags people and browsers send for the same tables' language. Keys are lower case.
ALIASES: dict[str, str] = {
    "zh-hk": "zh-Hant-HK", "zh-mo": "zh-Hant-HK", "zh-hant-mo": "zh-Hant-HK",
    "yue": "zh-Hant-HK", "yue-hk": "zh-Hant-HK", "yue-hant": "zh-Hant-HK",
    "zh-tw": "zh-Hant-TW", "zh-hant": "zh-Hant-TW",
    "zh": "zh-Hans", "zh-cn": "zh-Hans", "zh-sg": "zh-Hans", "zh-my": "zh-Hans",
    "zh-hans-cn": "zh-Hans", "zh-hans-sg": "zh-Hans", "zh-hans-my": "zh-Hans",
    "tl": "fil", "tl-ph": "fil", "fil-ph": "fil",
}
_BY_LOWER = {lang.lower(): lang for lang in LANGUAGES}
# The tags a ``?lang=`` or ``--lang`` is documented to take: ours and the common aliases.
ACCEPTED_TAGS: tuple[str, ...] = (*LANGUAGES, "zh-HK", "zh-TW", "zh-CN", "zh", "tl")


def babel_locale(lang: str) -> str:
    """Babel's (and the catalog directory's) name for a language tag: ``zh_Hant_HK``."""
    return lang.replace("-", "_")


def _unknown_locale() -> type[Exception]:
    from babel import UnknownLocaleError

    return UnknownLocaleError


def canonical(tag: str | None) -> str | None:
    """The supported language a single tag means, or None.

    Exact tags and the aliases above first; then Babel's parse of the tag, so that
    ``zh-Hant-HK-u-nu-latn``, ``de-CH`` and ``it_IT`` find ``zh-Hant-HK``, ``de`` and ``it``."""
    if not tag or len(tag) > limits.MAX_LANGUAGE_TAG_LENGTH:  # a cookie or a header part can be anything
        return None
    text = tag.strip().replace("_", "-")
    lower = text.lower()
    if lower in _BY_LOWER:
        return _BY_LOWER[lower]
    if lower in ALIASES:
        return ALIASES[lower]
    regional = _with_region(lower)
    if regional is not None:
        return regional
    try:
        from babel import Locale

        locale = Locale.parse(text, sep="-")
    except (ValueError, TypeError, _unknown_locale()):
        return None
    if locale.language == "zh":
        if locale.territory in ("HK", "MO"):
            return "zh-Hant-HK"
        if locale.script == "Hant" or locale.territory == "TW":
            return "zh-Hant-TW"
        return "zh-Hans"
    if locale.language in ("tl", "fil"):
        return "fil"
    return _BY_LOWER.get(locale.language)


# Our languages that Babel names as they are (not zh: its script and region decide).
_PLAIN_LANGUAGES = frozenset({"en", "de", "it", "fil"})


def _with_region(lower: str) -> str | None:
    """``en-us``, ``de-at``: one of our languages with a region Babel has data for is that
    language, as Babel's parse says; found here by looking for Babel's data file instead of
    importing Babel (which doubles the start of `bigtwo validate` of one record in a locale
    such as ``en_US.UTF-8``). None for anything else: Babel then decides."""
    language, _, region = lower.partition("-")
    if language not in _PLAIN_LANGUAGES or not region.isascii() or not (
            (len(region) == 2 and region.isalpha()) or (len(region) == 3 and region.isdigit())):
        return None
    folder = _babel_data()
    if folder is None or not os.path.isfile(os.path.join(folder, f"{language}_{region.upper()}.dat")):
        return None
    return _BY_LOWER[language]


@cache
def _babel_data() -> str | None:
    """Babel's locale data folder, found without importing Babel."""
    from importlib.util import find_spec

    try:
        spec = find_spec("babel")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return os.path.join(next(iter(spec.submodule_search_locations)), "locale-data")


# An Accept-Language header is read no further than this many parts (a header can be long).
MAX_ACCEPT_PARTS = 32


def weighted_tags(header: str) -> list[str]:
    """An Accept-Language header's tags by weight, highest first (ties keep their order);
    q=0, unreadable weights and the ``*`` wildcard mean "not this one"."""
    weighted = []
    for position, part in enumerate(header.split(",", MAX_ACCEPT_PARTS)[:MAX_ACCEPT_PARTS]):
        tag, *params = (p.strip() for p in part.split(";"))
        weight = 1.0
        for param in params:
            if param.lower().startswith("q="):
                try:
                    weight = float(param[2:])
                except ValueError:
                    weight = 0.0
        if tag and tag != "*" and weight > 0:
            weighted.append((-weight, position, tag))
    return [tag for _, _, tag in sorted(weighted)]


def match_header(header: str | None, languages: Sequence[str] = LANGUAGES) -> str | None:
    """The best of ``languages`` for an Accept-Language header (Babel's matching over tags
    made canonical first), or None when none of them is asked for."""
    if not header:
        return None
    preferred = [canonical(tag) or tag for tag in weighted_tags(header)]
    from babel import negotiate_locale

    found = negotiate_locale(preferred, list(languages), sep="-")
    if found is None:
        return None
    return {lang.lower(): lang for lang in languages}.get(found.lower())


def negotiate(accept_language: str | None = None, query_lang: str | None = None) -> str:
    """The language for a caller: an explicit ``?lang=`` / ``--lang`` when it names one we
    have, else the best match of the Accept-Language header, else English."""
    explicit = canonical(query_lang)
    if explicit is not None:
        return explicit
    return match_header(accept_language) or DEFAULT_LANGUAGE


def pick_language(*candidates: str | None) -> str:
    """The first supported language among explicit choices and Accept-Language headers,
    tried in order (each a plain tag or a whole header)."""
    for candidate in candidates:
        if not candidate:
            continue
        found = None if "," in candidate or ";" in candidate else canonical(candidate)
        if found is None:
            found = match_header(candidate)
        if found is not None:
            return found
    return DEFAULT_LANGUAGE


def supported(lang: str | None) -> str:
    """``lang`` made canonical, or the default language."""
    return canonical(lang) or DEFAULT_LANGUAGE


class Translator:
    """One language's catalog: gettext, pgettext, ngettext and npgettext that also fill in
    ``{name}`` placeholders (str.format) after translating."""

    def __init__(self, lang: str, catalog: _gettext.NullTranslations) -> None:
        self.lang = lang
        self.catalog = catalog

    def gettext(self, message: str, **params: Any) -> str:
        return self.catalog.gettext(message).format(**params)

    def pgettext(self, context: str, message: str, **params: Any) -> str:
        return self.catalog.pgettext(context, message).format(**params)

    def ngettext(self, singular: str, plural: str, n: int, **params: Any) -> str:
        return self.catalog.ngettext(singular, plural, n).format(n=n, **params)

    def npgettext(self, context: str, singular: str, plural: str, n: int, **params: Any) -> str:
        return self.catalog.npgettext(context, singular, plural, n).format(n=n, **params)

    def marked(self, message: Marked, **params: Any) -> str:
        """A message marked with ``N_``/``NP_`` where it was declared, translated here."""
        context, text = message
        if context is None:
            return self.gettext(text, **params)
        return self.pgettext(context, text, **params)

    def plural(self, message: MarkedPlural, n: int, **params: Any) -> str:
        """A message marked with ``NN_`` where it was declared, in the form for ``n``."""
        context, singular, plural = message
        return self.npgettext(context, singular, plural, n, **params)


Marked = tuple[str | None, str]
MarkedPlural = tuple[str, str, str]


def N_(message: str) -> Marked:  # noqa: N802 - the gettext convention extraction looks for
    """Mark a message for extraction where it is declared; translate it with ``marked``."""
    return (None, message)


def NP_(context: str, message: str) -> Marked:  # noqa: N802
    """``N_`` with a context (msgctxt)."""
    return (context, message)


def NN_(context: str, singular: str, plural: str) -> MarkedPlural:  # noqa: N802
    """Mark a message with plural forms (and a context); translate it with ``plural``."""
    return (context, singular, plural)


@cache
def translator(lang: str | None) -> Translator:
    """The catalog of a language (an unknown one gets English). Loaded once per process."""
    import gettext as _gettext

    code = supported(lang)
    with open(os.path.join(LOCALE_DIR, babel_locale(code), "LC_MESSAGES", f"{DOMAIN}.mo"),
              "rb") as mo:
        catalog = _gettext.GNUTranslations(mo)
    return Translator(code, catalog)


# --- numbers and lists, by the locale ---------------------------------------------------------
MINUS_SIGN = "\N{MINUS SIGN}"


def format_number(n: int | float, lang: str) -> str:
    """A number in the locale's digits and grouping."""
    from babel.numbers import format_decimal

    return format_decimal(n, locale=babel_locale(supported(lang)))


def format_signed(n: int, lang: str, typographic: bool = False) -> str:
    """A score with its sign: ``+5``, ``-3``, ``0``, with the locale's plus and minus signs.
    ``typographic`` writes the minus as U+2212 (as pages set scores) where the locale's own
    minus sign is the ASCII hyphen-minus; text for terminals and files keeps the locale's."""
    from babel.numbers import format_decimal, get_minus_sign_symbol, get_plus_sign_symbol

    locale = babel_locale(supported(lang))
    if n == 0:
        return format_decimal(0, locale=locale)
    digits = format_decimal(abs(n), locale=locale)
    if n > 0:
        return get_plus_sign_symbol(locale) + digits
    minus = get_minus_sign_symbol(locale)
    if typographic and minus == "-":
        minus = MINUS_SIGN
    return minus + digits


def sentence_gap(lang: str) -> str:
    """What stands between two sentences: a space, none in Chinese (its full stop 。 already
    ends the sentence with its own width)."""
    return "" if supported(lang).startswith("zh") else " "


def sentences(parts: Iterable[str], lang: str) -> str:
    """Whole sentences one after the other, as the language sets them."""
    return sentence_gap(lang).join(parts)


def format_list(items: Sequence[str] | Iterable[str], lang: str, style: str = "standard") -> str:
    """``Ana, Ben and Cai`` as the locale joins lists (babel.lists.format_list)."""
    from babel.lists import format_list as _babel_format_list

    return _babel_format_list(list(items), style=style,  # type: ignore[arg-type]
                              locale=babel_locale(supported(lang)))
