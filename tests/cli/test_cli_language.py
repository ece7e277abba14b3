"""The CLI's own lines in the players' languages (issue 18): `--lang`, else the environment
as gettext reads it (LANGUAGE, LC_ALL, LC_MESSAGES, LANG); C, POSIX and unset give English.

Machine output (the JSON reports, JSON Lines) is the same bytes whatever the language of the
lines around it, except the ``message`` of a rule error, which follows the language as it does
with ``--lang``. The reasons quoted inside a line (the JSON parser's, a record's shape
problems, the operating system's) are the library's and stay as the report has them.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo.cli.main import main
from bigtwo.cli.shared.language import environment_language
from bigtwo.reports.i18n import LANGUAGES
from tests.conftest import example_record as example
from tests.tournaments.helpers import NAMES, broken, simulated

ROOT = Path(__file__).resolve().parents[2]
NOT_JSON = "not valid JSON: Expecting value at line 2 column 1"  # the library's parser
# A record's shape problem is said in the language too (its pointer stays as it is).
SHAPE: dict[str, str] = {
    "en": "/deals: must be a non-empty list of deals",
    "de": "/deals: muss eine nicht leere Liste von Spielen sein",
    "it": "/deals: deve essere una lista non vuota di mani",
    "zh-Hant-HK": "/deals: 必須是非空的牌局列表",
    "zh-Hant-TW": "/deals: 必須是非空的牌局列表",
    "zh-Hans": "/deals: 必须是非空的牌局列表",
    "fil": "/deals: dapat ay listahan ng mga deal na hindi walang laman",
}


@pytest.fixture(autouse=True)
def _no_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BIGTWO_DB", str(tmp_path / "none.db"))


def run(args: list[str], env: dict[str, str] | None = None) -> Any:
    return CliRunner(env=env).invoke(main, args)


# --- which language the environment asks for ------------------------------------------------
@pytest.mark.parametrize(("env", "lang"), [
    ({}, "en"),                                               # nothing set
    ({"LANG": "C"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),                              # Debian's default
    ({"LC_ALL": "POSIX"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "de"),                          # the brief's referee
    ({"LC_ALL": "fil_PH"}, "fil"),
    ({"LANG": "tl_PH.UTF-8"}, "fil"),                         # Tagalog: the same tables' words
    ({"LANG": "it_IT.UTF-8@euro"}, "it"),                     # encoding and modifier dropped
    ({"LANG": "zh_HK.UTF-8"}, "zh-Hant-HK"),
    ({"LC_MESSAGES": "zh_TW.UTF-8", "LANG": "en_US.UTF-8"}, "zh-Hant-TW"),
    ({"LC_ALL": "zh_CN.GB18030"}, "zh-Hans"),
    ({"LANG": "zh_SG.UTF-8"}, "zh-Hans"),
    ({"LANG": "pt_BR.UTF-8"}, "en"),                          # a language we have no words for
    ({"LC_ALL": "en_US.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),  # LC_ALL before LANG
    ({"LC_ALL": "", "LANG": "de_DE.UTF-8"}, "de"),            # an empty variable is unset
    ({"LANGUAGE": "it:de", "LANG": "de_DE.UTF-8"}, "it"),     # LANGUAGE first
    ({"LANGUAGE": "pt_BR:zh_TW", "LANG": "en_US.UTF-8"}, "zh-Hant-TW"),  # first one we have
    ({"LANGUAGE": "pt_BR", "LANG": "de_DE.UTF-8"}, "de"),     # none of LANGUAGE: the locale
    ({"LANGUAGE": "de", "LC_ALL": "C"}, "en"),                # GNU: C ignores LANGUAGE
    ({"LANGUAGE": "de"}, "de"),                               # no locale set: LANGUAGE counts
    ({"LANGUAGE": "C:de", "LANG": "de_DE.UTF-8"}, "en"),      # C ends the list, as in gettext
])
def test_the_environment_names_a_language_as_gettext_reads_it(env: dict[str, str],
                                                              lang: str) -> None:
    assert environment_language(env) == lang


# --- validate: the lines around the reports -------------------------------------------------
# The lines of `validate --progress` on a file of a valid record, a line that is not JSON and
# a record that cannot be replayed: the bar's label, the two errors, the summary.
LINES: dict[str, list[str]] = {
    "en": ["validating",
           f"error: {{path}}:2: not JSON: {NOT_JSON}",
           f"error: {{path}}:3: cannot replay: {SHAPE['en']}",
           "3 records: 1 valid, 0 invalid, 2 unreadable"],
    "de": ["Prüfung",
           f"Fehler: {{path}}:2: kein JSON: {NOT_JSON}",
           f"Fehler: {{path}}:3: lässt sich nicht nachspielen: {SHAPE['de']}",
           "3 Aufzeichnungen: 1 gültig, 0 ungültig, 2 unlesbar"],
    "it": ["verifica",
           f"errore: {{path}}:2: non è JSON: {NOT_JSON}",
           f"errore: {{path}}:3: impossibile rigiocare: {SHAPE['it']}",
           "3 registrazioni (valide: 1, non valide: 0, illeggibili: 2)"],
    "zh-Hant-HK": ["檢查中",
                   f"錯誤：{{path}}:2：不是 JSON：{NOT_JSON}",
                   f"錯誤：{{path}}:3：無法重播：{SHAPE['zh-Hant-HK']}",
                   "3 份紀錄：1 份有效，0 份無效，2 份無法讀取"],
    "zh-Hant-TW": ["檢查中",
                   f"錯誤：{{path}}:2：不是 JSON：{NOT_JSON}",
                   f"錯誤：{{path}}:3：無法重播：{SHAPE['zh-Hant-TW']}",
                   "3 份紀錄：1 份有效，0 份無效，2 份無法讀取"],
    "zh-Hans": ["检查中",
                f"错误：{{path}}:2：不是 JSON：{NOT_JSON}",
                f"错误：{{path}}:3：无法重播：{SHAPE['zh-Hans']}",
                "3 份记录：1 份有效，0 份无效，2 份无法读取"],
    "fil": ["sinusuri",
            f"mali: {{path}}:2: hindi JSON: {NOT_JSON}",
            f"mali: {{path}}:3: hindi ma-replay: {SHAPE['fil']}",
            "3 record: 1 wasto, 0 hindi wasto, 2 hindi mabasa"],
}


@pytest.fixture
def night(tmp_path: Path) -> Path:
    path = tmp_path / "night.jsonl"
    path.write_text(json.dumps(example("hk-two-deals")) + "\n[1,\n"
                    + json.dumps({"profile": "casual", "deals": 3}) + "\n", encoding="utf-8")
    return path


def test_every_language_has_a_row() -> None:
    assert set(LINES) == set(LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_validate_speaks_its_lang(night: Path, lang: str) -> None:
    result = run(["validate", "--lang", lang, "--progress", str(night)])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [line.format(path=night) for line in LINES[lang]]


@pytest.mark.parametrize(("env", "lang"), [
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LC_ALL": "fil_PH"}, "fil"),
    ({"LC_ALL": "it_IT.UTF-8", "LANG": "de_DE.UTF-8"}, "it"),
    ({"LANGUAGE": "zh_HK:de", "LANG": "de_DE.UTF-8"}, "zh-Hant-HK"),
    ({"LANG": "C"}, "en"),
    ({"LC_ALL": "C", "LANGUAGE": "de"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
])
def test_without_lang_validate_speaks_the_environments_language(night: Path, env: dict[str, str],
                                                                lang: str) -> None:
    result = run(["validate", "--progress", str(night)], env)
    assert result.stderr.splitlines() == [line.format(path=night) for line in LINES[lang]]


def test_lang_is_chosen_over_the_environment(night: Path) -> None:
    result = run(["validate", "--lang", "it", "--progress", str(night)], {"LANG": "de_DE.UTF-8"})
    assert result.stderr.splitlines() == [line.format(path=night) for line in LINES["it"]]


def test_the_reports_are_the_same_bytes_in_every_language(night: Path) -> None:
    """Valid lines carry no rule message: nothing in them may change. An unreadable line's
    problems keep their pointers; only what they say is in the language."""
    english = run(["validate", "--lang", "en", str(night)]).stdout_bytes
    assert english.count(b"\n") == 3

    def shown(out: bytes) -> list[Any]:
        docs = [json.loads(line) for line in out.splitlines()]
        return [docs[0], docs[1], [p["pointer"] for p in docs[2]["problems"]], docs[2]["line"]]

    for lang in LANGUAGES:
        out = run(["validate", "--lang", lang, str(night)]).stdout_bytes
        assert shown(out) == shown(english), lang
        detail = json.loads(out.splitlines()[2])["problems"][0]["detail"]
        assert "/deals: " + detail == SHAPE[lang]
    for env in ({"LANG": "de_DE.UTF-8"}, {"LC_ALL": "fil_PH"}, {"LANGUAGE": "zh_TW"}):
        assert shown(run(["validate", str(night)], env).stdout_bytes) == shown(english), env


def test_the_environment_is_lang_s_default_for_the_rule_messages_too(tmp_path: Path) -> None:
    """A referee with LANG=de_DE.UTF-8 reads German rulings; LANG=C (and nothing) English:
    the same bytes as --lang de and --lang en, codes and pointers alike."""
    path = tmp_path / "p.json"
    path.write_text(json.dumps(example("pusoy-wrong-turn")), encoding="utf-8")
    german = run(["validate", "--lang", "de", str(path)]).stdout_bytes
    english = run(["validate", "--lang", "en", str(path)]).stdout_bytes
    assert german != english
    assert run(["validate", str(path)], {"LANG": "de_DE.UTF-8"}).stdout_bytes == german
    assert run(["validate", str(path)], {"LANG": "C"}).stdout_bytes == english
    assert run(["validate", str(path)]).stdout_bytes == english
    codes = [[e["code"], e["pointer"]] for e in json.loads(german)["errors"]]
    assert codes == [[e["code"], e["pointer"]] for e in json.loads(english)["errors"]]


@pytest.mark.parametrize(("args", "env", "expected"), [
    # source: bigtwo/cli/shared/inputs.py (open_input) and main.py (_validate_one), in the catalogs
    (["validate", "--lang", "de", "{missing}"], None,
     "Fehler: {missing} lässt sich nicht öffnen: No such file or directory"),
    (["validate", "--lang", "it", "{missing}"], None,
     "errore: impossibile aprire {missing}: No such file or directory"),
    (["validate", "{missing}"], {"LANG": "de_DE.UTF-8"},
     "Fehler: {missing} lässt sich nicht öffnen: No such file or directory"),
    (["validate", "{missing}"], {"LC_ALL": "fil_PH"},
     "mali: hindi mabuksan ang {missing}: No such file or directory"),
    (["validate", "{missing}"], {"LANG": "C"},
     "error: cannot open {missing}: No such file or directory"),
    (["validate", "--lang", "de", "--max-bytes", "10", "{record}"], None,
     "Fehler: {record} überschreitet die Grenze von 10 Bytes (--max-bytes): es sind {size}"),
    (["validate", "--lang", "it", "--max-bytes", "10", "{record}"], None,
     "errore: {record} supera il limite di 10 byte (--max-bytes): ne contiene {size}"),
    (["validate", "--lang", "zh-HK", "--max-bytes", "10", "{record}"], None,
     "錯誤：{record} 超過 10 位元組的上限（--max-bytes）：有 {size} 位元組"),
    (["validate", "--lang", "de", "--profile", "{missing}", "{record}"], None,
     "Fehler: --profile: {missing} lässt sich nicht öffnen: No such file or directory"),
    (["validate", "--lang", "de", "{sheet}"], None,
     "Fehler: {sheet}: ein Spielzettel nennt kein Profil: gib --profile an"),
    (["validate", "--lang", "it", "{sheet}"], None,
     "errore: {sheet}: un foglio segnapunti non indica un profilo: indica --profile"),
    (["validate", "--lang", "de", "{broken}"], None,
     "Fehler: {broken}: kein JSON: not valid JSON: Expecting property name enclosed in double "
     "quotes at line 1 column 2"),
])
def test_a_refusal_is_one_line_in_the_language(tmp_path: Path, args: list[str],
                                               env: dict[str, str] | None, expected: str) -> None:
    record = tmp_path / "hk.json"
    record.write_text(json.dumps(example("hk-two-deals")), encoding="utf-8")
    (tmp_path / "night.csv").write_text("deal,Ana,Ben,Cai,Dee\n1,0,3,5,7\n", encoding="utf-8")
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    names = {"missing": tmp_path / "absent.json", "record": record,
             "sheet": tmp_path / "night.csv", "broken": tmp_path / "broken.json",
             "size": record.stat().st_size}
    result = run([a.format(**names) for a in args], env)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [expected.format(**names)]


def test_click_s_usage_errors_stay_english(tmp_path: Path) -> None:
    """click frames a usage error with its own English words (Usage, Try, Error); the line
    inside stays English with them rather than half a sentence in each language."""
    result = run(["validate", "--format", "text", "--workers", "2", str(tmp_path / "x.jsonl")],
                 {"LANG": "de_DE.UTF-8"})
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        "Error: --format text checks in-process; leave out --workers/--scheduler")


# --- a tournament organiser's lines in Hong Kong ---------------------------------------------
def _leftover_english(text: str, ids: list[str]) -> list[str]:
    """Words of two or more Latin letters left once what is not words is taken out: ids,
    rule codes and environment variables (UPPER_CASE), JSON pointers, dates, players' names
    and the profile's id."""
    for known in sorted(ids, key=len, reverse=True):
        text = text.replace(known, " ")
    text = re.sub(r"\b[rt]-[0-9a-f]+\b", " ", text)
    text = re.sub(r"\b[A-Z][A-Z0-9_]+\b", " ", text)
    text = re.sub(r"/[\w/]*", " ", text)
    text = re.sub(r"\d{4}-\d\d-\d\dT[\d:.]+\+\d\d:\d\d", " ", text)
    text = re.sub(r"--[a-z-]+", " ", text)
    return re.findall(r"[A-Za-z]{2,}", text)


def _organiser_session(tmp_path: Path, env: dict[str, str]) -> tuple[str, list[str]]:
    """create, import (valid, invalid, duplicate lines), records, list, where: every line
    the commands print for people, and the values they quote (names, the profile id)."""
    runner = CliRunner(env={"BIGTWO_DB": str(tmp_path / "club.db"), "BIGTWO_SERVER": None,
                            "BIGTWO_TOKEN": None, **env})
    shown: list[str] = []

    def invoke(*args: str) -> Any:
        result = runner.invoke(main, ["tournament", *args], catch_exceptions=False)
        shown.append(result.stderr)
        return result

    created = json.loads(invoke("create", "--name", "Club", "--profile", "casual").stdout)
    good, other = simulated(2, seed=61)
    night = tmp_path / "night.jsonl"
    night.write_text("".join(json.dumps(r) + "\n" for r in (good, broken(other), good)),
                     encoding="utf-8")
    imported = invoke("import", created["id"], str(night), "--token", created["token"])
    assert imported.exit_code == 0, imported.output
    shown.append(imported.stdout)
    shown.append(invoke("records", created["id"]).stdout)
    shown.append(invoke("list").stdout)
    invoke("where")
    stored = runner.invoke(main, ["tournament", "records", created["id"], "--json"]).stdout
    ids = [r["id"] for r in json.loads(stored)["records"]]
    return "\n".join(shown), [*ids, created["id"], str(tmp_path / "club.db"), "Club", "casual",
                              *NAMES]


def test_the_organiser_s_lines_in_zh_hant_hk_have_no_english_left(tmp_path: Path) -> None:
    text, quoted = _organiser_session(tmp_path / "hk", {"LC_ALL": "zh_HK.UTF-8"})
    assert _leftover_english(text, quoted) == [], text
    for words in ("3 份紀錄：1 份有效，1 份無效，1 份重複，0 份被拒絕，0 份無法讀取",
                  "和第 1 行是同一場比賽", "請保存好這個權杖", "2 份紀錄中的 2 份"):
        assert words in text, (words, text)


def test_the_same_session_in_english_is_seen_by_the_check(tmp_path: Path) -> None:
    """The check above would see English: the same commands with LANG=C leave words."""
    text, quoted = _organiser_session(tmp_path / "en", {"LANG": "C"})
    left = _leftover_english(text, quoted)
    assert {"records", "valid", "invalid", "duplicate", "the", "same", "game"} <= set(left)
    assert "3 records: 1 valid, 1 invalid, 1 duplicate, 0 rejected, 0 unreadable" in text


def test_the_import_s_json_is_english_whatever_the_language(tmp_path: Path) -> None:
    """--json is for machines: its reasons are the same bytes with LC_ALL=zh_HK.UTF-8."""
    docs = []
    for env in ({"LANG": "C"}, {"LC_ALL": "zh_HK.UTF-8"}):
        runner = CliRunner(env={"BIGTWO_DB": str(tmp_path / f"{len(docs)}.db"),
                                "BIGTWO_SERVER": None, "BIGTWO_TOKEN": None, **env})
        created = json.loads(runner.invoke(main, ["tournament", "create", "--name", "Club",
                                                  "--profile", "casual"]).stdout)
        good, other = simulated(2, seed=61)
        night = tmp_path / "night.jsonl"
        night.write_text("".join(json.dumps(r) + "\n" for r in (good, broken(other), good))
                         + "[1,\n", encoding="utf-8")
        result = runner.invoke(main, ["tournament", "import", created["id"], str(night),
                                      "--token", created["token"], "--json"])
        doc = json.loads(result.stdout)
        docs.append([{k: v for k, v in e.items() if k != "id"} for e in doc["lines"]])
    assert docs[0] == docs[1]
    assert docs[1][2]["reason"] == "the same game as line 1"
    assert docs[1][1]["reason"].startswith("WRONG_TURN at /deals/0/")


# --- every human line goes through the catalogs ------------------------------------------------
CLI = sorted((ROOT / "bigtwo" / "cli").glob("*.py"))
GETTEXT = {"gettext": 1, "pgettext": 2, "ngettext": 2}  # how many literal message arguments
PLACEHOLDER = re.compile(r"\{(\w+)\}")
# Raised with a sentence, shown by click as a whole line: each takes a translated message.
REFUSALS = {"InputError", "Unavailable", "Unreachable", "Unexpected", "Refusal"}


def _calls(name: str) -> list[tuple[Path, ast.Call]]:
    found = []
    for path in CLI:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                func = node.func
                called = func.id if isinstance(func, ast.Name) else \
                    func.attr if isinstance(func, ast.Attribute) else None
                if called == name:
                    found.append((path, node))
    return found


def _is_text(node: ast.expr) -> bool:
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant)
                                               and isinstance(node.value, str))


@pytest.mark.parametrize("name", sorted(GETTEXT))
def test_every_message_is_a_literal_given_every_placeholder_it_names(name: str) -> None:
    """An f-string would never reach the catalogs (extraction reads literals), and a
    placeholder left out would raise in every language."""
    calls = _calls(name)
    assert calls, name
    for path, call in calls:
        if path.name == "language.py" and call.args and isinstance(call.args[-1], ast.Name):
            continue  # the helpers themselves, passing their msgid on
        if path.name == "language.py" and not call.keywords:
            continue  # Refusal.show's frames: formatted right after, with {message}
        first = 1 if name == "pgettext" else 0
        texts = call.args[first:first + GETTEXT[name]]
        assert all(isinstance(t, ast.Constant) and isinstance(t.value, str) for t in texts), \
            (path.name, call.lineno)
        named = {n for t in texts for n in PLACEHOLDER.findall(t.value)}  # type: ignore[attr-defined]
        given = {k.arg for k in call.keywords} | ({"n"} if name == "ngettext" else set())
        assert None not in given or not named - given, (path.name, call.lineno)
        assert named <= given, (path.name, call.lineno, named - given)


def test_no_line_for_people_is_written_in_english_by_hand() -> None:
    """click.echo(..., err=True) and the refusals take translated text, not a literal."""
    for path, call in _calls("echo"):
        if any(k.arg == "err" for k in call.keywords) and call.args:
            assert not _is_text(call.args[0]), (path.name, call.lineno)
    for name in REFUSALS:
        for path, call in _calls(name):
            assert not (call.args and _is_text(call.args[0])), (path.name, call.lineno)
