"""Golden messages: every rule code, from a record that triggers it, in every language.

fixtures/golden/messages/<locale>.json holds, per golden record (and per record of
records.json, which add the grammatical variants), each error's code, position and message
in one language; `make golden` writes them (scripts/golden.py) and this compares. Only the
message changes between languages: codes, positions and the rest of the report do not."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from bigtwo.records.pipeline import check_record
from bigtwo.reports.i18n import LANGUAGES, babel_locale
from bigtwo.rules.codes import RuleCode

ROOT = Path(__file__).resolve().parents[2]
MESSAGES = ROOT / "fixtures" / "golden" / "messages"
sys.path.insert(0, str(ROOT / "scripts"))

import golden  # noqa: E402


def _golden(lang: str) -> dict[str, list[dict[str, Any]]]:
    data: dict[str, list[dict[str, Any]]] = json.loads(
        (MESSAGES / f"{babel_locale(lang)}.json").read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("lang", LANGUAGES)
def test_golden_messages(lang: str) -> None:
    assert golden.messages(lang) == _golden(lang), "run `make golden` and review the diff"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_code_is_shown_in_every_language(lang: str) -> None:
    shown = {e["code"] for errors in _golden(lang).values() for e in errors}
    assert shown == set(RuleCode)


def test_the_records_file_is_the_scripts_own() -> None:
    records = json.loads((MESSAGES / "records.json").read_text(encoding="utf-8"))
    assert records == {name: {"record": doc, "query": query}
                       for name, (doc, query) in golden.MESSAGE_RECORDS.items()}


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_no_message_is_left_in_english(lang: str) -> None:
    english, other = _golden("en"), _golden(lang)
    for name, errors in english.items():
        for en, translated in zip(errors, other[name], strict=True):
            assert {**en, "message": None} == {**translated, "message": None}, name
            assert translated["message"] != en["message"], (lang, name, en["message"])


@pytest.mark.parametrize(
    ("record", "message"),
    [("code-opening-card", "Der erste Zug muss Karo 3 enthalten"),
     ("seed-001-pair-rank", "Paar 9 schlägt Paar K nicht"),
     ("v2-card-count-before-shape", "Spiel 5 Karten - du hast 4 gewählt"),
     ("code-card-count", "Spiel 1 Karte - du hast 2 gewählt"),
     ("code-leader-must-play", "Wer ausspielt, darf nicht passen"),
     ("code-not-a-combination", "Diese Karten ergeben keine Kombination")],
)
def test_german_is_seed_001_word_for_word(record: str, message: str) -> None:
    assert [e["message"] for e in _golden("de")[record]] == [message]


@pytest.mark.parametrize(
    ("lang", "record", "message"),
    [("zh-Hant-HK", "straight-to-eight", "到7的蛇壓不過到8的蛇"),
     ("zh-Hant-TW", "straight-to-eight", "到7的順子壓不過到8的順子"),
     ("zh-Hans", "straight-to-eight", "到7的顺子压不过到8的顺子"),
     ("zh-Hant-HK", "straight-flush-suits", "梅花同花順9-10-J-Q-K壓不過紅心同花順4-5-6-7-8"),
     ("it", "straight-to-eight", "Scala al 7 non batte scala all'8"),
     ("fil", "seed-001-pair-rank", "Hindi tinatalo ng pair 9♦ 9♣ ang pair K♥ K♠")],
)
def test_each_table_has_its_own_words(lang: str, record: str, message: str) -> None:
    """Hong Kong's 蛇 where Taiwan and the mainland say 順子/顺子 (docs/GLOSSARY.md); Italian
    elides before 8 and A; Pusoy Dos keeps the English names of the hands."""
    assert [e["message"] for e in _golden(lang)[record]] == [message]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_only_the_message_changes(lang: str) -> None:
    for path in sorted((ROOT / "fixtures" / "golden").glob("code-*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        english = check_record(case["record"], **{**case["query"], "lang": "en"}).report
        other = check_record(case["record"], **{**case["query"], "lang": lang}).report
        assert english is not None and other is not None

        def strip(report: dict[str, Any]) -> dict[str, Any]:
            return {**report, "errors": [{**e, "message": None} for e in report["errors"]]}

        assert strip(other) == strip(english), path.name
