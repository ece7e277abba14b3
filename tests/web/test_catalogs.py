"""The pages' gettext catalogs (domain ``messages``): every message the pages declare is in the
template and translated in every language, with the same placeholders, compiled to 100 %,
and nothing falls back to English without saying so. Plural messages (``NN_``) have as
many forms as the language's ``Plural-Forms`` (CLDR's rule, as Babel writes it), every form
translated, with the English message's placeholders in each."""

from __future__ import annotations

import re
import shutil
import string
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from app.web.catalog import PAGE_LANGUAGES, TRANSLATIONS_DIR, babel_locale, catalog
from app.web.organiser_words import (
    ORGANISER_MESSAGES,
    ORGANISER_PLURALS,
    ORGANISER_WORDS,
    OrganiserWords,
)
from app.web.penalty_words import MOVED_MESSAGES, PENALTY_MESSAGES
from app.web.table_words import TABLE_MESSAGES, TABLE_PLURALS, TABLE_WORDS, TableWords
from app.web.words import (
    MESSAGES,
    PEOPLE_MESSAGES,
    PLURAL_MESSAGES,
    RANK_WORDS,
    SUIT_WORDS,
    WORDS,
)

TRANSLATED = [lang for lang in PAGE_LANGUAGES if lang != "en"]
APP = Path(__file__).resolve().parents[2] / "app"

# Messages whose translation is the English text on purpose (a loanword the language's
# players use, a name, a symbol, a number). Any other message equal to its English text is
# an untranslated one falling back silently; and an entry here that is translated after all
# must leave the list. Keys are contexts, or "context|msgid" where a context holds several.
SAME_AS_ENGLISH: dict[str, set[str]] = {
    # A date's zone, a profile's id and a house rule's "=" read the same where the script is Latin.
    "de": {"at_seat", "boards", "chart_desc", "place_entry", "card rank|10", "name", "nav_api", "percent", "preset_pusoy-dos",
           "preset_taiwanese", "time_utc", "profile_named", "house_rule", "house_rule_labelled",
           "house_rules_join",
           "team", "teams", "token"},
    "it": {"at_seat", "card rank|10", "chart_desc", "nav_api", "percent", "preset_hk-standard",
           "time_utc", "profile_named", "house_rule", "house_rule_labelled", "house_rules_join",
           "preset_pusoy-dos", "preset_taiwanese", "token"},
    "zh-Hant-HK": {"card rank|10", "csv_delimiter", "nav_api", "percent", "house_rule"},
    "zh-Hant-TW": {"card rank|10", "csv_delimiter", "nav_api", "percent", "house_rule"},
    "zh-Hans": {"card rank|10", "csv_delimiter", "nav_api", "percent", "house_rule"},
    # Pusoy Dos tables say "deal", "record", "replay", "straight", "flush", "jack", "round".
    "fil": {"at_deal", "at_deal_seat", "at_seat", "card rank|10", "card rank|jack", "chart_desc",
            "chart_x",
            "csv_delimiter", "deal_n", "deals_n", "match_points", "meta_round", "nav_api",
            "penalty_report", "percent", "preset_hk-standard", "preset_pusoy-dos", "preset_taiwanese",
            "profile_lower", "record",
            "record_title", "records_n", "replay", "token", "time_utc", "profile_named", "house_rule",
            "house_rule_labelled", "house_rules_join",
            # A club's "season" and a draw's "1 round", as Pusoy Dos clubs say them.
            "season", "rounds_n",
            # and the joker by its English name (v4)
            "joker"},
}
_SHARED_CONTEXTS = ("card rank", "card suit")


def _key(context: str | None, msgid: str | tuple[str, ...]) -> str:
    ctx = context or ""
    return f"{ctx}|{msgid}" if ctx.startswith(_SHARED_CONTEXTS) else ctx


def _forms(text: str | tuple[str, ...]) -> tuple[str, ...]:
    return text if isinstance(text, tuple) else (text,)


def _po(lang: str) -> Catalog:
    with open(TRANSLATIONS_DIR / babel_locale(lang) / "LC_MESSAGES" / "messages.po", "rb") as f:
        return read_po(f)


def _fields(text: str | tuple[str, ...]) -> set[str]:
    """The placeholders of a message (of all its forms, for a plural one)."""
    return {name for form in _forms(text) for _, name, _, _ in string.Formatter().parse(form) if name}


# The keywords of `make i18n-pages-extract` (PAGES_KEYWORDS in the Makefile).
KEYWORDS = {"N_": ((1, "c"), 2), "NN_": ((1, "c"), 2, 3)}


def _declared() -> set[tuple[str, str | tuple[str, ...]]]:
    """What the code declares, found the way ``make i18n-extract`` finds it."""
    found = set()
    for _, _, message, _, context in extract_from_dir(
            str(APP), method_map=[("web/**.py", "python")], keywords=KEYWORDS):
        found.add((context, message))
    return found


def _plurals() -> dict[str, Any]:
    return {**PLURAL_MESSAGES, **PENALTY_MESSAGES, **ORGANISER_PLURALS, **TABLE_PLURALS}


def test_the_template_holds_every_declared_message_and_nothing_else() -> None:
    with open(TRANSLATIONS_DIR / "messages.pot", "rb") as f:
        template = {(m.context, m.id) for m in read_po(f) if m.id}
    declared = _declared()
    assert declared, "nothing extracted: the N_ keyword is not being found"
    assert template == declared, "run `make i18n-update` (and translate what is new)"
    tables = [*MESSAGES.values(), *PEOPLE_MESSAGES.values(), *ORGANISER_MESSAGES.values(),
              *MOVED_MESSAGES.values(), *TABLE_MESSAGES.values()]
    assert {(m.context, m.text) for m in tables} <= declared
    plurals = {(m.context, (m.singular, m.plural)) for m in _plurals().values()}
    assert plurals <= declared and len(plurals) >= 30  # counts, and every penalty line


def test_contexts_keep_messages_apart() -> None:
    """A key is its message's context: no two keys of the merged page tables share one."""
    keys = [m.context for m in (*MESSAGES.values(), *PEOPLE_MESSAGES.values(),
                                *MOVED_MESSAGES.values(), *TABLE_MESSAGES.values(),
                                *_plurals().values())]
    assert len(keys) == len(set(keys))
    assert all(key == m.context for key, m in {**MESSAGES, **PEOPLE_MESSAGES, **MOVED_MESSAGES,
                                               **ORGANISER_MESSAGES, **TABLE_MESSAGES,
                                               **_plurals()}.items())


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_catalog_has_its_languages_plural_rule(lang: str) -> None:
    """The header's Plural-Forms is CLDR's rule for the language (as Babel writes it): two
    forms in German and Filipino, three in Italian (CLDR 42 added "many", for millions),
    one in Chinese."""
    po = _po(lang)
    expected = Catalog(locale=Locale.parse(babel_locale(lang)))
    assert po.plural_forms == expected.plural_forms
    assert po.num_plurals == {"de": 2, "it": 3, "fil": 2}.get(lang, 1)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(lang: str) -> None:
    po = _po(lang)
    with open(TRANSLATIONS_DIR / "messages.pot", "rb") as f:
        template = [m for m in read_po(f) if m.id]
    for m in template:
        entry = po.get(m.id, context=m.context)
        assert entry is not None, (lang, m.context, m.id)
        assert entry.string and not entry.fuzzy, (lang, m.context)
        if isinstance(m.id, tuple):  # a plural message: every form, each with every field
            assert isinstance(entry.string, tuple) and len(entry.string) == po.num_plurals, \
                (lang, m.context, entry.string)
            assert _fields(m.id[0]) == _fields(m.id[1]), m.context  # English's forms agree
        for form in _forms(entry.string):
            assert form, (lang, m.context)
            assert _fields(form) == _fields(m.id), (lang, m.context, form)
            assert form.count("<code>") == _forms(m.id)[0].count("<code>"), (lang, m.context)
    assert {(m.context, m.id) for m in po if m.id} == {(m.context, m.id) for m in template}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_nothing_falls_back_to_english_silently(lang: str) -> None:
    same = {_key(m.context, m.id) for m in _po(lang)
            if m.id and set(_forms(m.string)) & set(_forms(m.id))}
    assert same == SAME_AS_ENGLISH[lang]
    # and what the pages read is the catalog's text: every entry found in the compiled file,
    # each plural form for the numbers the language's rule gives it
    compiled = catalog(lang)
    for m in _po(lang):
        if isinstance(m.id, tuple):
            for n in (*range(0, 30), 100, 101, 1000, 1_000_000):
                form = m.string[compiled.plural(n)]  # type: ignore[attr-defined]
                assert compiled.npgettext(m.context, *m.id, n) == form, (lang, m.context, n)
        elif m.id:
            assert compiled.pgettext(m.context, m.id) == m.string, (lang, m.context)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_committed_mo_files_are_compiled_from_the_po_files(lang: str) -> None:
    """The pages read the .mo files of the clone: they must say what the .po files say."""
    with open(TRANSLATIONS_DIR / babel_locale(lang) / "LC_MESSAGES" / "messages.mo", "rb") as f:
        mo = read_mo(f)
    def entries(messages: Catalog) -> dict[tuple[str | None, tuple[str, ...]], tuple[str, ...]]:
        return {(m.context, tuple(_forms(m.id if isinstance(m.id, str) else tuple(m.id)))):
                tuple(_forms(m.string if isinstance(m.string, str) else tuple(m.string)))
                for m in messages if m.id}

    compiled, source = entries(mo), entries(_po(lang))
    assert len(compiled) == len(source) > 250
    assert compiled == source, "run `make i18n-compile`"


def test_pybabel_compile_reports_every_language_complete(tmp_path: Path) -> None:
    pybabel = Path(sys.executable).with_name("pybabel")
    if not pybabel.exists():
        pybabel = Path(shutil.which("pybabel") or "pybabel")
    shutil.copytree(TRANSLATIONS_DIR, tmp_path / "translations")
    done = subprocess.run([str(pybabel), "compile", "--statistics", "-d",
                           str(tmp_path / "translations"), "-D", "messages"],
                          capture_output=True, text=True, check=True)
    report = done.stdout + done.stderr
    lines = re.findall(r"(\d+) of (\d+) messages \((\d+)%\) translated in (\S+)", report)
    assert {Path(path).parts[-3] for *_, path in lines} == {babel_locale(x) for x in TRANSLATED}
    for translated, total, percent, path in lines:
        assert translated == total and percent == "100", (path, report)
    assert "fuzzy" not in report


@pytest.mark.parametrize("lang", PAGE_LANGUAGES)
def test_every_language_has_every_page_word(lang: str) -> None:
    assert WORDS[lang].keys() == WORDS["en"].keys()
    organiser, live = OrganiserWords(lang), TableWords(lang)
    for key, m in _plurals().items():
        words = live if key in TABLE_PLURALS else organiser
        for n in (1, 2, 4):
            text = words.count(key, n, **{f: 7 for f in _fields(m.plural) - {"n"}})
            assert "{" not in text, (lang, key, text)
            english = (m.singular if n == 1 else m.plural).format(n=n, **{f: 7 for f in _fields(m.plural) - {"n"}})
            if lang != "en":
                assert text != english or _key(key, "") in SAME_AS_ENGLISH[lang], (lang, key)
    assert ORGANISER_WORDS[lang].keys() == ORGANISER_WORDS["en"].keys()
    assert TABLE_WORDS[lang].keys() == TABLE_WORDS["en"].keys()
    assert SUIT_WORDS[lang].keys() == set("CDHS")
    assert RANK_WORDS[lang].keys() == set("TJQKA")


def test_a_language_without_a_catalog_would_be_noticed() -> None:
    """``catalog`` must not hand out an empty table for a language the pages list."""
    for lang in TRANSLATED:
        assert catalog(lang).pgettext("site", "bigtwo referee") != "bigtwo referee"
