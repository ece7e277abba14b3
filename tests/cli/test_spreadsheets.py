"""Spreadsheets as clubs have them (issue 17): a sheet with semicolons or tabs and a byte-order
mark (German and Italian Excel) read by every path that takes a sheet (`bigtwo sheet`,
`bigtwo validate`, `tournament import`, a text/csv body), and the standings CSV written in
the separator asked for (`--delimiter`, `?delimiter=`)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo.cli.main import main
from bigtwo.formats.csvdialect import DELIMITERS
from bigtwo.league import standings

CLUB_NIGHT = (Path(__file__).resolve().parents[2] / "fixtures" / "sheets" / "club-night.csv"
              ).read_text(encoding="utf-8")
# What Excel saves as "CSV UTF-8" where the decimal mark is a comma: a BOM, semicolons, CRLF.
EXCEL_DE = "\ufeff" + CLUB_NIGHT.replace(",", ";").replace("\n", "\r\n")
FROM_A_SPREADSHEET = CLUB_NIGHT.replace(",", "\t")  # a copy and paste out of a spreadsheet
BY_HAND_TOTALS = [22, -4, 14, -32]  # tests/formats/test_sheets.py works them out deal by deal


def _file(tmp_path: Path, text: str, name: str = "night.csv") -> str:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    return str(path)


@pytest.mark.parametrize("sheet", [EXCEL_DE, FROM_A_SPREADSHEET], ids=["excel-de", "tabs"])
def test_sheet_and_validate_read_any_separator(runner: CliRunner, tmp_path: Path,
                                               sheet: str) -> None:
    path = _file(tmp_path, sheet)
    result = runner.invoke(main, ["sheet", path, "--profile", "hk-standard"])
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert record["players"] == ["Ana", "Ben", "Cai", "Dee"] and len(record["deals"]) == 8
    result = runner.invoke(main, ["validate", path, "--profile", "hk-standard"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["totals"] == BY_HAND_TOTALS


def test_every_problem_at_once_in_the_scorers_language(runner: CliRunner, tmp_path: Path) -> None:
    path = _file(tmp_path, "\ufeffdeal;Ana;Ben;Cai;Dee\r\n1;0;x;2;9\r\n2;0;0;1;1\r\n3;0;14;1;1\r\n")
    result = runner.invoke(main, ["sheet", path, "--profile", "hk-standard", "--lang", "de"])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [  # --lang is the CLI's own lines' language too
        f"Fehler: {path}: Zeile 2, Spalte Ben: „x“ ist weder eine Anzahl noch eine Karte (Karten "
        "wie 2S, TH, 10h, K♠, durch Leerzeichen getrennt)",
        f"Fehler: {path}: Zeile 3: nur einer geht in einer Partie aus, aber Ana und Ben haben "
        "keine Karten mehr",
        f"Fehler: {path}: Zeile 4, Spalte Ben: Ben kann nicht 14 Karten übrig haben: jeder "
        "bekommt 13",
    ]


@pytest.mark.parametrize("remote", [False, True], ids=["local", "server"])
def test_import_an_excel_sheet_and_get_the_standings_in_its_separator(
        runner: CliRunner, tmp_path: Path, request: Any, remote: bool) -> None:
    extra = ("--server", request.getfixturevalue("server")) if remote else ()
    created = json.loads(runner.invoke(main, ["tournament", "create", "--name", "Club",
                                              "--profile", "hk-standard", *extra]).stdout)
    result = runner.invoke(main, ["tournament", "import", created["id"], _file(tmp_path, EXCEL_DE),
                                  "--token", created["token"], "--json", *extra])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["valid"] == 1

    table = json.loads(runner.invoke(main, ["tournament", "standings", created["id"], *extra]).stdout)
    for name, delimiter in DELIMITERS.items():
        result = runner.invoke(main, ["tournament", "standings", created["id"],
                                      "--delimiter", name, *extra])
        assert result.exit_code == 0, result.output
        assert result.stdout.startswith("\ufeff"), name  # Excel reads it as UTF-8
        text = result.stdout.removeprefix("\ufeff")
        assert text.splitlines()[0] == delimiter.join(f'"{c}"' for c in standings.CSV_COLUMNS), name
        rows = list(csv.DictReader(io.StringIO(text), delimiter=delimiter))
        assert [(r["player"], int(r["points"])) for r in rows] == [
            (r["player"], r["points"]) for r in table["players"]], name
    comma = runner.invoke(main, ["tournament", "standings", created["id"], "--csv", *extra]).stdout
    assert comma.removeprefix("\ufeff").splitlines()[0] == ",".join(f'"{c}"' for c in standings.CSV_COLUMNS)
    refused = runner.invoke(main, ["tournament", "standings", created["id"], "--delimiter", "pipe"])
    assert refused.exit_code == 2 and "pipe" in refused.output


def test_the_standings_endpoint_takes_a_delimiter(client: Any) -> None:
    created = client.post("/v1/tournaments", json={"name": "Club", "profile": "hk-standard"}).get_json()
    answer = client.post(f"/v1/tournaments/{created['id']}/records?profile=hk-standard",
                         data=EXCEL_DE.encode("utf-8"), content_type="text/csv; charset=utf-8",
                         headers={"Authorization": f"Bearer {created['token']}"})
    assert answer.status_code == 201, answer.get_json()
    url = f"/v1/tournaments/{created['id']}/standings?format=csv"
    semicolons = client.get(url + "&delimiter=semicolon")
    assert semicolons.status_code == 200 and semicolons.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(semicolons.get_data(as_text=True).removeprefix("\ufeff")), delimiter=";"))
    assert rows[0] == list(standings.CSV_COLUMNS) and len(rows) == 5
    assert client.get(url).get_data(as_text=True) == semicolons.get_data(as_text=True).replace(";", ",")
    tabs = client.get(url + "&delimiter=tab").get_data(as_text=True)
    assert tabs.removeprefix("\ufeff").splitlines()[0] == "\t".join(f'"{c}"' for c in standings.CSV_COLUMNS)
    bad = client.get(url + "&delimiter=pipe")
    assert bad.status_code == 422 and "delimiter" in json.dumps(bad.get_json())


def test_the_tournament_page_offers_semicolons_in_german_and_italian(client: Any) -> None:
    created = client.post("/v1/tournaments", json={"name": "Club", "profile": "hk-standard"}).get_json()
    page = {lang: client.get(f"/tournaments/{created['id']}?lang={lang}").get_data(as_text=True)
            for lang in ("en", "de", "it")}
    for lang in ("de", "it"):
        assert "format=csv&delimiter=semicolon" in page[lang].replace("&amp;", "&"), lang
    assert "delimiter=semicolon" not in page["en"] and "format=csv" in page["en"]


def test_to_csv_writes_the_separator_it_is_given() -> None:
    table = {"players": [{"rank": 1, "player": "Müller; Jr.", "deals_played": 2, "deals_won": 1,
                          "points": 5, "deals_scored": 2}],
             "duplicate": {"players": [], "boards": []}}
    for delimiter in DELIMITERS.values():
        text = standings.to_csv(table, delimiter)
        (row,) = list(csv.DictReader(io.StringIO(text.removeprefix("\ufeff")), delimiter=delimiter))
        assert row["player"] == "Müller; Jr." and row["points"] == "5"


def test_the_standings_csv_opens_in_excel_as_utf8(client: Any) -> None:
    """Excel reads a CSV in the computer's legacy code page unless it starts with a UTF-8
    byte-order mark (issue 24): the standings CSV starts with one, over HTTP and in the CLI."""
    created = client.post("/v1/tournaments", json={"name": "Club", "profile": "hk-standard"}).get_json()
    client.post(f"/v1/tournaments/{created['id']}/records", data=EXCEL_DE.encode("utf-8"),
                content_type="text/csv", headers={"Authorization": f"Bearer {created['token']}"})
    answer = client.get(f"/v1/tournaments/{created['id']}/standings?format=csv&delimiter=semicolon")
    assert answer.data.startswith(b"\xef\xbb\xbf\"rank\";")
    assert answer.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert answer.data.decode("utf-8-sig").count("\ufeff") == 0  # one mark, at the start only
