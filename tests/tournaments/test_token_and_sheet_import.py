"""`tournament import` as a newcomer meets it (issue 24): without a token it says both ways to
give one; a wrong token from BIGTWO_TOKEN says where it came from (seven languages); a sheet
saved by German Excel (Windows-1252) or as Excel's "Unicode Text" (UTF-16) is imported."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo.cli.main import main
from tests.formats.test_sheet_text import BY_HAND_TOTALS, SHEETS

# Each language's start of the two lines: no token at all, and a wrong one from the variable.
SAID = {
    "en": ("Error: no token: give --token TOKEN, or set the BIGTWO_TOKEN environment variable",
           "  the token came from the BIGTWO_TOKEN environment variable"),
    "de": ("kein Token: --token TOKEN angeben oder die Umgebungsvariable BIGTWO_TOKEN setzen",
           "  das Token kam aus der Umgebungsvariable BIGTWO_TOKEN"),
    "it": ("nessun token: indica --token TOKEN oppure imposta la variabile d'ambiente BIGTWO_TOKEN",
           "  il token veniva dalla variabile d'ambiente BIGTWO_TOKEN"),
    "zh-Hant-HK": ("沒有權杖：請加上 --token TOKEN，或設定環境變數 BIGTWO_TOKEN", "  權杖來自環境變數 BIGTWO_TOKEN"),
    "zh-Hant-TW": ("沒有權杖：請加上 --token TOKEN，或設定環境變數 BIGTWO_TOKEN", "  權杖來自環境變數 BIGTWO_TOKEN"),
    "zh-Hans": ("没有令牌：请加上 --token TOKEN，或设置环境变量 BIGTWO_TOKEN", "  令牌来自环境变量 BIGTWO_TOKEN"),
    "fil": ("walang token: ibigay ang --token TOKEN, o itakda ang environment variable na BIGTWO_TOKEN",
            "  galing ang token sa environment variable na BIGTWO_TOKEN"),
}


def _created(runner: CliRunner) -> dict[str, Any]:
    made = runner.invoke(main, ["tournament", "create", "--name", "Club", "--profile", "hk-standard"])
    assert made.exit_code == 0, made.output
    return json.loads(made.stdout)


@pytest.mark.parametrize("lang", list(SAID))
def test_a_missing_token_names_the_option_and_the_variable(runner: CliRunner, lang: str) -> None:
    created = _created(runner)
    sheet = str(SHEETS / "club-night.csv")
    missing = runner.invoke(main, ["tournament", "import", created["id"], sheet, "--lang", lang])
    assert missing.exit_code == 2
    assert SAID[lang][0] in missing.stderr and "Missing option" not in missing.stderr


@pytest.mark.parametrize("lang", list(SAID))
def test_a_wrong_token_from_the_environment_says_so(runner: CliRunner, lang: str) -> None:
    created = _created(runner)
    sheet = str(SHEETS / "club-night.csv")
    wrong = runner.invoke(main, ["tournament", "import", created["id"], sheet, "--lang", lang],
                          env={"BIGTWO_TOKEN": "b2t_not-the-token"})
    assert wrong.exit_code == 2 and SAID[lang][1] in wrong.stderr
    given = runner.invoke(main, ["tournament", "import", created["id"], sheet, "--lang", lang,
                                 "--token", "b2t_not-the-token"])
    assert given.exit_code == 2 and "BIGTWO_TOKEN" not in given.stderr  # it came from --token
    right = runner.invoke(main, ["tournament", "import", created["id"], sheet, "--json"],
                          env={"BIGTWO_TOKEN": created["token"]})
    assert right.exit_code == 0, right.output


@pytest.mark.parametrize("remote", [False, True], ids=["local", "server"])
@pytest.mark.parametrize("name", ["club-night-excel-de.csv", "club-night-unicode.txt"])
def test_import_a_spreadsheet_save_as_it_is(runner: CliRunner, request: Any, remote: bool,
                                            name: str) -> None:
    extra = ("--server", request.getfixturevalue("server")) if remote else ()
    made = runner.invoke(main, ["tournament", "create", "--name", "Club", "--profile",
                                "hk-standard", *extra])
    created = json.loads(made.stdout)
    result = runner.invoke(main, ["tournament", "import", created["id"], str(SHEETS / name),
                                  "--token", created["token"], "--json", *extra])
    assert result.exit_code == 0, result.output
    table = json.loads(runner.invoke(main, ["tournament", "standings", created["id"], *extra]).stdout)
    assert sorted(p["points"] for p in table["players"]) == sorted(BY_HAND_TOTALS)
    assert {"Jörg", "Zoë"} & {p["player"] for p in table["players"]}


def test_import_names_the_line_no_encoding_reads(runner: CliRunner, tmp_path: Any) -> None:
    created = _created(runner)
    path = tmp_path / "night.csv"
    path.write_bytes(b"deal;Ana;Ben;Cai;Dee\r\n1;0;5;2;9\r\n2;0;\x81;2;9\r\n")
    result = runner.invoke(main, ["tournament", "import", created["id"], str(path),
                                  "--token", created["token"], "--lang", "de"])
    assert result.exit_code == 2
    assert f"Fehler: {path}: Zeile 3 ist in keiner Kodierung lesbar" in result.stderr
