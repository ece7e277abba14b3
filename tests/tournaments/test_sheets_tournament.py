"""Score sheets in tournaments: uploaded as text/csv or imported as .csv, mixed with full
records; standings, the CSV export and the duplicate comparison count scored deals like
complete ones and say where each came from."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo.cli.main import main
from bigtwo.league import standings
from tests.tournaments.conftest import Tournament
from tests.tournaments.helpers import NAMES, coded_record

CODE = "B2-4-13-1Z3K9"
SHEET = "deal,Ana,Ben,Cai,Dee\n1,0,5,2,9\n2,3,0,1,13\n"


def upload_sheet(t: Tournament, text: str, query: str = "") -> Any:
    return t.client.post(f"/v1/tournaments/{t.id}/records{query}", data=text.encode("utf-8"),
                         content_type="text/csv", headers=t.auth)


def records(t: Tournament) -> list[dict[str, Any]]:
    return t.client.get(f"/v1/tournaments/{t.id}/records").get_json()["records"]


def test_a_sheet_is_stored_once(tournament: Tournament) -> None:
    first = upload_sheet(tournament, SHEET)
    assert first.status_code == 201, first.get_json()
    assert first.get_json()["valid"] is True
    again = upload_sheet(tournament, SHEET)
    assert again.status_code == 200 and again.get_json()["id"] == first.get_json()["id"]
    stored = tournament.client.get(f"/v1/records/{first.get_json()['id']}").get_json()
    assert [d["status"] for d in stored["report"]["deals"]] == ["scored", "scored"]
    # casual (002): 1 minus point per card, the winner 0
    assert stored["report"]["totals"] == [-3, -5, -3, -22]


def test_a_malformed_sheet_stores_nothing(tournament: Tournament) -> None:
    response = upload_sheet(tournament, "deal,Ana,Ben,Cai,Dee\n1,0,5,2,9\n2,0,5,0,9\n")
    assert response.status_code == 422
    doc = response.get_json()
    assert doc["errors"] == [{"pointer": "/rows/3", "detail": (
        "row 3: only one player goes out in a deal, but Ana and Cai have no cards left")}]
    assert records(tournament) == []


def test_a_sheet_under_another_profile_is_refused(tournament: Tournament) -> None:
    response = upload_sheet(tournament, SHEET, "?profile=hk-standard")
    assert response.status_code == 422 and "this tournament plays 'casual'" in str(response.get_json())
    assert records(tournament) == []


def test_standings_mix_sheets_and_replayed_records(tournament: Tournament) -> None:
    replayed = coded_record(CODE, seed=1, names=NAMES)
    assert tournament.upload(replayed).status_code == 201
    # The same board at a second table, written down on a sheet.
    sheet = f"deal,deal_code,Eve,Fay,Gus,Hal\n1,{CODE},0,4,1,13\n"
    assert upload_sheet(tournament, sheet).status_code == 201
    assert upload_sheet(tournament, SHEET).status_code == 201
    sources = sorted(r["source"] for r in records(tournament))
    assert sources == ["replayed", "scored", "scored"]

    body = tournament.client.get(f"/v1/tournaments/{tournament.id}/standings").get_json()
    assert body["deals"] == 4 and body["deals_scored"] == 3
    by_player = {r["player"]: r for r in body["players"]}
    assert by_player["Eve"]["points"] == 0 and by_player["Hal"]["points"] == -13
    assert by_player["Ana"]["deals_played"] == 3 and by_player["Ana"]["deals_scored"] == 2
    assert by_player["Eve"]["deals_scored"] == 1
    [board] = body["duplicate"]["boards"]
    assert board["deal_code"] == CODE and board["tables"] == 2
    assert {e["source"] for s in board["seats"] for e in s["results"]} == {"replayed", "scored"}

    text = tournament.client.get(f"/v1/tournaments/{tournament.id}/standings?format=csv")
    rows = {r["player"]: r for r in csv.DictReader(io.StringIO(text.get_data(as_text=True).removeprefix("\ufeff")))}
    assert rows["Hal"]["points"] == "-13" and rows["Hal"]["deals_scored"] == "1"
    assert list(rows["Ana"]) == list(standings.CSV_COLUMNS)


# --- bigtwo tournament import SHEET.csv ---------------------------------------------------------
@pytest.mark.parametrize("remote", [False, True], ids=["local", "server"])
def test_import_a_sheet(runner: CliRunner, tmp_path: Path, request: Any, remote: bool) -> None:
    extra = ("--server", request.getfixturevalue("server")) if remote else ()
    created = json.loads(runner.invoke(main, ["tournament", "create", "--name", "Club", "--profile",
                                              "casual", *extra]).stdout)
    good = tmp_path / "night.csv"
    good.write_text(SHEET, encoding="utf-8")
    result = runner.invoke(main, ["tournament", "import", created["id"], str(good), "--token",
                                  created["token"], "--json", *extra])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["valid"] == 1

    bad = tmp_path / "bad.csv"
    bad.write_text("deal,Ana,Ben,Cai,Dee\n1,0,x,2,9\n", encoding="utf-8")
    result = runner.invoke(main, ["tournament", "import", created["id"], str(bad), "--token",
                                  created["token"], "--json", *extra])
    assert result.exit_code == 1
    verdicts = json.loads(result.stdout)
    assert verdicts["rejected"] == 1 and verdicts["lines"][0]["verdict"] == "rejected"
    assert "row 2, column Ben: 'x' is neither a count nor a card" in verdicts["lines"][0]["reason"]

    table = json.loads(runner.invoke(main, ["tournament", "standings", created["id"], *extra]).stdout)
    assert table["deals"] == 2 and table["deals_scored"] == 2


def test_the_same_sheet_typed_differently_is_one_record(tournament: Tournament) -> None:
    first = upload_sheet(tournament, "deal,Ana,Ben,Cai,Dee\n1,,KH 2s,3c,4d\n")
    again = upload_sheet(tournament, "deal,Ana,Ben,Cai,Dee\r\n\r\n1, 0 ,2S KH,3C,4D\r\n")
    assert first.status_code == 201 and again.status_code == 200
    assert again.get_json()["id"] == first.get_json()["id"]
