"""The hostile-input classes of issue 23 about reading records (1, 2, 10, 11), each as a class
on every surface where it applies, not as one request.

- Card lists over their limits (a play of 53 cards, a hand or ``result.left`` of 53 or 1,000,
  53 hands or seats, a selection of 53 cards or a table of 14): a 4xx problem at the list's
  pointer that states the real length, never a 500 and never a list read as empty; one bad
  record never sinks the others of a batch, a JSON Lines run, a Dask run or an import.
- Look-alike player names: characters that cannot be seen are refused at ``/players/i`` (and
  in a sheet's header); spellings of one name (NFC/NFD, surrounding spaces) are one player
  in the standings, the CSV and the SVG chart; another script's letters stay another name.
- A refused ``places`` is reported null, as ``winner`` and ``scores`` are.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo.cli.main import main
from tests.hostile.test_hostile_table import PROBLEM, Hostile, hostile  # noqa: F401
from tests.tournaments.helpers import simulated

BIGTWO = Path(sys.executable).with_name("bigtwo")


def _base(seed: int = 7) -> dict[str, Any]:
    return simulated(1, seed=seed)[0]


# --- class 1 and 2: card lists over their limits -------------------------------------------
def _play(n: int) -> Callable[[dict[str, Any]], str]:
    def change(record: dict[str, Any]) -> str:
        record["deals"][0]["moves"][1] = {"seat": record["deals"][0]["moves"][1]["seat"],
                                          "play": ["4C"] * n}
        return "/deals/0/moves/1/play"
    return change


def _hand(n: int) -> Callable[[dict[str, Any]], str]:
    def change(record: dict[str, Any]) -> str:
        record["deals"][0]["hands"][0] = ["3D"] * n
        return "/deals/0/hands/0"
    return change


def _left(n: int) -> Callable[[dict[str, Any]], str]:
    def change(record: dict[str, Any]) -> str:
        deal = record["deals"][0]
        del deal["moves"], deal["declared"]
        deal["result"] = {"left": [["3D"] * n, ["4D"], ["5D"], ["6D"]]}
        return "/deals/0/result/left/0"
    return change


def _hands(n: int) -> Callable[[dict[str, Any]], str]:
    def change(record: dict[str, Any]) -> str:
        record["deals"][0]["hands"] = [["3D"]] * n
        return "/deals/0/hands"
    return change


def _seats(n: int) -> Callable[[dict[str, Any]], str]:
    def change(record: dict[str, Any]) -> str:
        deal = record["deals"][0]
        del deal["moves"], deal["declared"]
        deal["result"] = {"left": [[]] + [["4D"]] * (n - 1)}
        return "/deals/0/result/left"
    return change


LONG = {"play-53": (_play(53), 53), "play-1000": (_play(1000), 1000),
        "hand-53": (_hand(53), 53), "hand-1000": (_hand(1000), 1000),
        "left-53": (_left(53), 53), "hands-53": (_hands(53), 53), "seats-53": (_seats(53), 53)}


def long_record(name: str, seed: int = 7) -> tuple[dict[str, Any], str, int]:
    change, n = LONG[name]
    record = _base(seed)
    return record, change(record), n


def _says_the_length(problems: list[dict[str, Any]], pointer: str, n: int) -> None:
    assert [p["pointer"] for p in problems] == [pointer], problems
    assert str(n) in problems[0]["detail"] and " 0 " not in problems[0]["detail"]


@pytest.mark.parametrize("name", LONG)
def test_a_long_list_is_a_422_at_its_pointer_on_every_endpoint(name: str,
                                                               hostile: Hostile) -> None:  # noqa: F811
    record, pointer, n = long_record(name)
    h = hostile
    for path, headers in (("/v1/validate", {}), ("/v1/next", {}), ("/v1/replays", {}),
                          (f"/v1/tournaments/{h.tournament}/records", h.auth)):
        out = h.client.post(path, json=record, headers=headers)
        assert out.status_code == 422 and out.mimetype == PROBLEM, (path, out.get_data()[:300])
        errors = out.get_json()["errors"]
        _says_the_length(errors, pointer, n)
    assert h.client.get(f"/v1/tournaments/{h.tournament}/records").get_json()["records"] == []
    page = h.client.post("/replay", data={"record": json.dumps(record)})
    assert page.status_code == 422
    assert pointer in page.get_data(as_text=True) and str(n) in page.get_data(as_text=True)


@pytest.mark.parametrize("name", LONG)
def test_one_long_list_never_sinks_a_batch(name: str, hostile: Hostile) -> None:  # noqa: F811
    record, pointer, n = long_record(name)
    good = simulated(2, seed=8)
    out = hostile.client.post("/v1/validate/batch", json={"records": [good[0], record, good[1]]})
    assert out.status_code == 200
    reports = out.get_json()["reports"]
    assert [r.get("valid") for r in reports] == [True, None, True]
    assert reports[1]["status"] == 422
    _says_the_length(reports[1]["errors"], pointer, n)


@pytest.mark.parametrize(("body", "pointer", "n"), [
    ({"cards": ["3D"] * 53}, "/cards", 53),
    ({"cards": ["3D"] * 20_000}, "/cards", 20_000),
    ({"cards": ["3D"], "table": ["4D"] * 14}, "/table", 14),
])
def test_evaluate_refuses_a_long_selection_with_its_length(body: dict[str, Any], pointer: str,
                                                           n: int, hostile: Hostile) -> None:  # noqa: F811
    hostile.app.config["MAX_CONTENT_LENGTH"] = 1024 * 1024
    out = hostile.client.post("/v1/combinations/evaluate", json={"profile": "casual", **body})
    assert out.status_code == 422 and out.mimetype == PROBLEM
    _says_the_length(out.get_json()["errors"], pointer, n)


def _cli(tmp_path: Path) -> CliRunner:
    return CliRunner(env={"BIGTWO_DB": str(tmp_path / "cli.db"), "BIGTWO_SERVER": None})


@pytest.mark.parametrize("name", LONG)
def test_the_cli_names_a_long_list_and_reads_on(name: str, tmp_path: Path) -> None:
    record, pointer, n = long_record(name)
    one = tmp_path / "one.json"
    one.write_text(json.dumps(record), encoding="utf-8")
    runner = _cli(tmp_path)
    result = runner.invoke(main, ["validate", str(one)])
    assert result.exit_code == 2 and "unexpected" not in result.stderr
    assert f"{pointer}: {n} cards" in result.stderr or f"{pointer}: {n} " in result.stderr
    good = simulated(2, seed=9)
    lines = tmp_path / "night.jsonl"
    lines.write_text("".join(json.dumps(r) + "\n" for r in (good[0], record, good[1])),
                     encoding="utf-8")
    result = runner.invoke(main, ["validate", str(lines)])
    docs = [json.loads(line) for line in result.stdout.splitlines()]
    assert [d["valid"] for d in docs] == [True, None, True]
    _says_the_length(docs[1]["problems"], pointer, n)
    assert "unexpected" not in result.stderr


def test_a_local_import_stores_every_other_line(tmp_path: Path) -> None:
    runner = _cli(tmp_path)
    made = runner.invoke(main, ["tournament", "create", "--name", "Long lists",
                                "--profile", "casual"])
    assert made.exit_code == 0, made.output
    created = json.loads(made.stdout)
    records = simulated(3, seed=11)
    bad = [long_record(name, seed=12 + i)[0] for i, name in enumerate(LONG)]
    path = tmp_path / "night.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in [records[0], *bad, *records[1:]]),
                    encoding="utf-8")
    result = runner.invoke(main, ["tournament", "import", created["id"], str(path),
                                  "--token", created["token"], "--json"])
    assert result.exit_code == 1, result.output
    summary = json.loads(result.stdout)
    assert summary["rejected"] == len(bad) and summary["valid"] == 3
    listed = runner.invoke(main, ["tournament", "records", created["id"], "--json"])
    assert len(json.loads(listed.stdout)["records"]) == 3


def test_two_dask_workers_report_every_other_line(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    good = simulated(4, seed=13)
    bad = [long_record(name, seed=20 + i)[0] for i, name in enumerate(LONG)]
    path = tmp_path / "night.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in [*good[:2], *bad, *good[2:]]),
                    encoding="utf-8")
    expected = _cli(tmp_path).invoke(main, ["validate", str(path)])
    command = [str(BIGTWO) if BIGTWO.exists() else "bigtwo", "validate", "--workers", "2",
               "--block-bytes", "4096", str(path)]
    done = subprocess.run(command, capture_output=True, timeout=300,
                          env={**os.environ, "BIGTWO_DB": str(tmp_path / "none.db")})
    assert done.returncode == expected.exit_code == 2, done.stderr[-500:]
    assert done.stdout == expected.stdout_bytes
    docs = [json.loads(line) for line in done.stdout.splitlines()]
    assert [d["valid"] for d in docs] == [True, True] + [None] * len(bad) + [True, True]


def test_no_list_is_read_as_no_cards() -> None:
    """The root: every card list of a record over its limit is a problem, so nothing reaches
    the replay (53 cards left was a win, a 53-card hand "dealt 0 cards")."""
    from bigtwo.records.pipeline import check_record

    for name in LONG:
        record, pointer, n = long_record(name)
        checked = check_record(record)
        assert checked.report is None, name
        _says_the_length([p.as_dict() for p in checked.problems], pointer, n)


# --- class 10: look-alike names --------------------------------------------------------------
UNSEEN = {"\u00ad": 3, "\u200b": 2, "\u2060": 4, "\u202e": 1, "\u2066": 2, "\u200e": 4,
          "\u061c": 1, "\ufeff": 1, "\u200c": 2, "\u2069": 4, "\U000e0041": 2}
SAME = ["Ben ", " Ben", "Ben\u00a0", "Be\u0301n", "B\u00e9n"]  # spaces; NFD and NFC of Bén


def _spelt(char: str, at: int) -> str:
    return "Ben"[:at - 1] + char + "Ben"[at - 1:]


@pytest.mark.parametrize("char", UNSEEN, ids=lambda c: f"U+{ord(c):04X}")
def test_an_unseen_character_in_a_name_is_refused_with_its_position(
        char: str, hostile: Hostile, tmp_path: Path) -> None:  # noqa: F811
    h = hostile
    at = UNSEEN[char]
    record = {**_base(), "players": ["Ana", _spelt(char, at), "Cai", "Dee"]}
    for path, headers in (("/v1/validate", {}), ("/v1/replays", {}),
                          (f"/v1/tournaments/{h.tournament}/records", h.auth)):
        out = h.client.post(path, json=record, headers=headers)
        assert out.status_code == 422, (path, out.get_data()[:300])
        problem, = out.get_json()["errors"]
        assert problem["pointer"] == "/players/1"
        assert f"character {at} " in problem["detail"] and f"U+{ord(char):04X}" in problem["detail"]
    batch = h.client.post("/v1/validate/batch", json={"records": [_base(), record]})
    assert [r.get("valid") for r in batch.get_json()["reports"]] == [True, None]
    sheet = f"deal,Ana,{_spelt(char, at)},Cai,Dee\n1,0,3,5,7\n"
    out = h.client.post("/v1/validate?profile=casual", data=sheet.encode(),
                        content_type="text/csv")
    assert out.status_code == 422 and f"U+{ord(char):04X}" in out.get_data(as_text=True)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = _cli(tmp_path).invoke(main, ["validate", str(path)])
    assert result.exit_code == 2 and "/players/1" in result.stderr


def test_one_name_however_typed_is_one_player(hostile: Hostile) -> None:  # noqa: F811
    """Nine spellings of Ben once split standings into nine rows; now the accepted ones are
    two players (Ben and Bén), and Cyrillic Веn stays a third."""
    h = hostile
    names = ["Ben", *SAME, "В\u0435n"]  # the last: Cyrillic Ve and ie
    for i, name in enumerate(names):
        record = {**simulated(1, seed=50 + i)[0], "players": [name, "Ana", "Cai", "Dee"]}
        out = h.client.post(f"/v1/tournaments/{h.tournament}/records", json=record,
                            headers=h.auth)
        assert out.status_code == 201, (name, out.get_data()[:300])
    rows = h.client.get(f"/v1/tournaments/{h.tournament}/standings").get_json()["players"]
    players = {r["player"]: r["deals_played"] for r in rows}
    assert set(players) == {"Ben", "B\u00e9n", "В\u0435n", "Ana", "Cai", "Dee"}, players
    assert players["Ben"] == 1 + 3 and players["B\u00e9n"] == 2
    csv = h.client.get(f"/v1/tournaments/{h.tournament}/standings?format=csv").get_data(as_text=True)
    assert csv.count('"Ben"') == 1 and csv.count('"B\u00e9n"') == 1 and "Be\u0301n" not in csv
    page = h.client.get(f"/tournaments/{h.tournament}").get_data(as_text=True)
    panel = page[page.index('id="standings-title"'):page.index('id="records-title"')]
    assert "Be\u0301n" not in panel  # neither in the table nor in the chart
    start = panel.index('class="scores standings')
    table = panel[start:panel.index("</table>", start)]
    assert table.count(">Ben<") == 1 and table.count(">B\u00e9n<") == 1


def test_stored_names_group_when_read(hostile: Hostile) -> None:  # noqa: F811
    """A tally stored before names were compared as read still groups: standings read names
    as canonical, the stored bytes stay as they were."""
    from bigtwo.league import tally

    parts = [("r1", {"deals": 1, "scored": 0, "players": [["Ben ", 1, 1, 5, 0]],
                     "names": ["Ben "], "coded": [], "teams": []}),
             ("r2", {"deals": 1, "scored": 0, "players": [["Be\u0301n", 1, 0, -5, 0],
                                                            ["Ben", 1, 0, 2, 0]],
                     "names": ["Be\u0301n", "Ben"], "coded": [], "teams": []})]
    rows = tally.compute(parts)["players"]
    assert {r["player"]: r["points"] for r in rows} == {"Ben": 7, "B\u00e9n": -5}
    assert parts[0][1]["players"][0][0] == "Ben "


# --- class 11: refused places --------------------------------------------------------------
PLACINGS = {"extends": "casual", "finish": "placings", "scoring": {"place_points": [3, 1, 0, -4]}}


@pytest.mark.parametrize("places", [[1, 0, 2, 2], [0, 1, 2], [0, 1, 2, 3, 0], [4, 0, 1, 2]])
def test_refused_places_are_reported_null(places: list[int], hostile: Hostile,  # noqa: F811
                                          tmp_path: Path) -> None:
    record = {"profile": PLACINGS, "deals": [{"result": {"places": places}},
                                             {"result": {"places": [0, 1, 2, 3]}}]}
    report = hostile.client.post("/v1/validate", json=record).get_json()
    bad, good = report["deals"]
    assert [e["code"] for e in report["errors"]] == ["RESULT_PLACES"]
    assert bad["status"] == "invalid"
    assert (bad["places"], bad["winner"], bad["scores"]) == (None, None, None)
    assert good["places"] == [0, 1, 2, 3]
    path = tmp_path / "p.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    cli = json.loads(_cli(tmp_path).invoke(main, ["validate", str(path)]).stdout)
    assert cli["deals"][0]["places"] is None


def test_an_invalid_replayed_deal_has_no_places(hostile: Hostile) -> None:  # noqa: F811
    record = {**_base(), "profile": PLACINGS}
    record["deals"][0]["moves"].insert(0, record["deals"][0]["moves"][1])  # out of turn
    record["deals"][0].pop("declared", None)
    report = hostile.client.post("/v1/validate", json=record).get_json()
    assert report["deals"][0]["status"] == "invalid" and report["deals"][0]["places"] is None

