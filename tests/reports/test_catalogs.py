"""The library's gettext catalogs (domain ``bigtwo``): complete, compiled, consistent.

Every message the code marks is in the template and in every language's catalog, translated
(an empty msgstr would fall back to English without a word); the compiled .mo files are the
.po files of today; `pybabel compile --statistics` says 100% for every language; and a
translation uses the placeholders its English message has (those a message allows besides,
bigtwo.reports.messages.optional_placeholders, and no others: an unknown one would raise)."""

from __future__ import annotations

import gettext
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from bigtwo.reports import i18n
from bigtwo.reports.i18n import DOMAIN, LANGUAGES, babel_locale, translator
from bigtwo.reports.messages import optional_placeholders

LOCALE_DIR = Path(i18n.LOCALE_DIR)  # a plain string there (start-up)

ROOT = Path(__file__).resolve().parents[2]
KEYWORDS = {"gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "npgettext": ((1, "c"), 2, 3), "N_": None, "NP_": ((1, "c"), 2),
            "NN_": ((1, "c"), 2, 3)}
PLACEHOLDER = re.compile(r"\{(\w*)(?:[:!][^{}]*)?\}")
LOCALES = [babel_locale(lang) for lang in LANGUAGES]


def _po(locale: str) -> Catalog:
    with (LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as f:
        return read_po(f, locale=locale)


def _keys(catalog: Catalog) -> set[tuple[str | None, str]]:
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}


def test_the_template_holds_every_message_the_code_marks() -> None:
    """bigtwo.pot is today's extraction (Makefile: `make extract`, same keywords)."""
    found = set()
    for _, _, message, _, context in extract_from_dir(
            str(ROOT / "bigtwo"), method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",)):
        found.add((context, message if isinstance(message, str) else message[0]))
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("rb") as f:
        template = _keys(read_po(f))
    assert found == template, "run `make update` and translate what is new"


@pytest.mark.parametrize("locale", LOCALES)
def test_every_message_is_translated_in_every_catalog(locale: str) -> None:
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("rb") as f:
        template = _keys(read_po(f))
    catalog = _po(locale)
    assert _keys(catalog) == template
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert len(strings) == (catalog.num_plurals if message.pluralizable else 1), message.id
        assert all(strings) and not message.fuzzy, (locale, message.context, message.id)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_compiled_catalog_is_the_po_file(locale: str) -> None:
    """What the library reads (.mo, `make compile`) says what the .po says, entry for entry."""
    with (LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as f:
        compiled = gettext.GNUTranslations(f)._catalog  # type: ignore[attr-defined]
    for message in _po(locale):
        if not message.id:
            continue
        ident = message.id if isinstance(message.id, str) else message.id[0]
        key = f"{message.context}\x04{ident}" if message.context else ident
        if isinstance(message.string, tuple):
            for i, form in enumerate(message.string):
                assert compiled[(key, i)] == form, (locale, ident)
        else:
            assert compiled[key] == message.string, (locale, ident)


def test_pybabel_compile_reports_every_language_complete(tmp_path: Path) -> None:
    shutil.copytree(LOCALE_DIR, tmp_path / "locale")
    done = subprocess.run(
        [sys.executable, "-c", "from babel.messages.frontend import main; main()", "compile",
         "-D", DOMAIN, "-d", str(tmp_path / "locale"), "--statistics"],
        capture_output=True, text=True, check=True)
    output = done.stdout + done.stderr
    reported = {locale: percent for percent, locale
                in re.findall(r"\((\d+)%\) translated in \S*/locale/([^/]+)/", output)}
    assert reported == {locale: "100" for locale in LOCALES}, output


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != "en"])
def test_placeholders_match_between_languages(locale: str) -> None:
    for message in _po(locale):
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else message.id
        english = {name for text in ids for name in PLACEHOLDER.findall(text)}
        optional = optional_placeholders(message.context, ids[0])
        counted = {"n"} if message.pluralizable else set()  # ngettext always passes the count
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            used = set(PLACEHOLDER.findall(text))
            assert used <= english | counted | optional, (locale, ids[0], text)
            if not optional:
                assert english <= used | counted, (locale, ids[0], text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_translator_reads_the_compiled_catalog(lang: str) -> None:
    t = translator(lang)
    assert t.lang == lang
    assert t.gettext("The leader may not pass") == {
        "en": "The leader may not pass", "de": "Wer ausspielt, darf nicht passen",
        "it": "Chi apre non può passare", "zh-Hant-HK": "開牌的人不可以過牌",
        "zh-Hant-TW": "開牌的人不可以Pass", "zh-Hans": "开牌的人不可以过牌",
        "fil": "Hindi puwedeng mag-pass ang nagbubukas"}[lang]
