"""The season's own draw (organiser item 2): the next night's tables with every table of the
attached nights taken into account, through the API, the CLI and the season's draw page."""

from __future__ import annotations

import html as htmllib
import json
import re
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo.cli.main import main
from tests.seasons.club import club_season, record

# The club season's counted tables, aliases resolved ("Benjamin" is Ben; night 2's second
# record is withdrawn and never counts).
PLAYED = [["Ana", "Ben", "Cai", "Dee"], ["Ana", "Ben", "Cai", "Dee"],
          ["Eve", "Ana", "Ben", "Cai"], ["Eve", "Ben", "Dee", "Ana"]]


@pytest.mark.parametrize("seed", range(4))
def test_the_season_draw_is_the_draw_given_every_table_played(client: Any, seed: int) -> None:
    sid, _, _ = club_season(client)
    present = ["Ana", "Benjamin", "Cai", "Dee", "Eve"]
    got = client.post(f"/v1/seasons/{sid}/draws",
                      json={"players": present, "rounds": 3, "seed": seed})
    assert got.status_code == 200, got.get_json()
    body = got.get_json()
    by_hand = client.post("/v1/draws", json={
        "profile": "casual", "players": ["Ana", "Ben", "Cai", "Dee", "Eve"], "rounds": 3,
        "seed": seed, "previous": PLAYED}).get_json()
    assert {k: body[k] for k in ("rounds", "repeats", "pairs")} == by_hand
    assert (body["season"], body["nights"], body["tables"]) == (sid, 4, 4)
    # Five players, tables of four: every pair has met before, and the answer says so per pair.
    assert body["repeats"] == sum(p["repeats"] for p in body["pairs"]) > 0
    assert all(p["before"] > 0 for p in body["pairs"])


def test_the_season_draw_defaults_to_the_seasons_players(client: Any) -> None:
    sid, _, _ = club_season(client)
    body = client.post(f"/v1/seasons/{sid}/draws", json={"rounds": 1}).get_json()
    seated = sorted(p for t in body["rounds"][0]["tables"] for p in t)
    assert sorted(seated + body["rounds"][0]["sitting_out"]) == ["Ana", "Ben", "Cai", "Dee",
                                                                 "Eve"]


def test_a_withdrawn_table_is_not_counted(client: Any) -> None:
    # Night 2's withdrawn record seated Dee, Cai, Ana and Benjamin: had it counted, a night
    # of only those four would show five tables.
    sid, _, _ = club_season(client)
    body = client.post(f"/v1/seasons/{sid}/draws", json={"rounds": 1}).get_json()
    assert body["tables"] == 4


@pytest.mark.parametrize(("body", "status", "pointer"), [
    ({"rounds": 1, "colour": "red"}, 422, "/colour"),
    ({"rounds": 0}, 422, "/rounds"),
    ({"rounds": 1, "players": ["Ana", 3]}, 422, "/players"),
    ({"rounds": 1, "players": ["Ana"]}, 422, "/players"),
    ([], 422, ""),
])
def test_a_season_draw_refused_says_why(client: Any, body: Any, status: int,
                                        pointer: str) -> None:
    sid, _, _ = club_season(client)
    got = client.post(f"/v1/seasons/{sid}/draws", json=body)
    assert got.status_code == status
    assert pointer in [e["pointer"] for e in got.get_json()["errors"]]


def test_a_season_of_any_profile_needs_the_nights_profile(client: Any) -> None:
    created = client.post("/v1/seasons", json={"name": "Any"}).get_json()
    got = client.post(f"/v1/seasons/{created['id']}/draws",
                      json={"rounds": 1, "players": ["A", "B", "C", "D"]})
    assert got.status_code == 422
    assert got.get_json()["errors"][0]["pointer"] == "/profile"
    ok = client.post(f"/v1/seasons/{created['id']}/draws",
                     json={"rounds": 1, "players": ["A", "B", "C", "D"], "profile": "casual"})
    assert ok.status_code == 200 and ok.get_json()["tables"] == 0


def test_no_such_season(client: Any) -> None:
    assert client.post("/v1/seasons/s-none/draws", json={"rounds": 1}).status_code == 404


def test_only_pairs_of_players_present_are_counted(client: Any) -> None:
    # A night of eight others: the draw of four newcomers counts none of their pairs.
    others = [record([f"O{i}", f"O{i + 1}", f"O{i + 2}", f"O{i + 3}"], [0, 1, 2, 3])
              for i in range(0, 8, 4)]
    sid, _, _ = club_season(client, nights=[others])
    body = client.post(f"/v1/seasons/{sid}/draws",
                       json={"rounds": 1, "players": ["N1", "N2", "N3", "N4"]}).get_json()
    assert body["tables"] == 2 and body["repeats"] == 0 and body["pairs"] == []


def test_bigtwo_season_draw(client: Any, tmp_path: Any) -> None:
    runner = CliRunner(env={"BIGTWO_DB": str(tmp_path / "cli.db"), "BIGTWO_SERVER": None})

    def cli(*args: str) -> Any:
        result = runner.invoke(main, list(args), catch_exceptions=False)
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    season = cli("season", "create", "--name", "Thursdays", "--profile", "casual")
    for i, table in enumerate(PLAYED):
        made = cli("tournament", "create", "--name", f"Night {i}", "--profile", "casual")
        path = tmp_path / f"night{i}.jsonl"
        path.write_text(json.dumps(record(table, [0, 1, 2, 3])) + "\n", encoding="utf-8")
        cli("tournament", "import", made["id"], str(path), "--token", made["token"], "--json")
        cli("season", "add", season["id"], made["id"], "--token", season["token"])
    drawn = cli("season", "draw", season["id"], "Ana", "Ben", "Cai", "Dee", "Eve",
                "--rounds", "2", "--seed", "5")
    by_hand = cli("draw", "--profile", "casual", "--rounds", "2", "--seed", "5",
                  "--previous", str(_previous(tmp_path)), "Ana", "Ben", "Cai", "Dee", "Eve")
    assert {k: drawn[k] for k in by_hand} == by_hand
    assert drawn["tables"] == 4 and drawn["pairs"]


def _previous(tmp_path: Any) -> Any:
    path = tmp_path / "previous.json"
    path.write_text(json.dumps(PLAYED), encoding="utf-8")
    return path


@pytest.mark.parametrize("lang", ["en", "fil"])
def test_the_season_draw_form_fills_in_the_tables_played(client: Any, lang: str) -> None:
    sid, _, _ = club_season(client)
    page = client.get(f"/draw?season={sid}&lang={lang}").get_data(as_text=True)
    previous = re.search(r'<textarea id="previous"[^>]*>(.*?)</textarea>', page, re.S).group(1)
    lines = htmllib.unescape(previous).strip().splitlines()
    assert [line.split(", ") for line in lines] == PLAYED
    # Posted as it is, the page draws what the season's own draw answers.
    players = re.search(r'<textarea id="players"[^>]*>(.*?)</textarea>', page, re.S).group(1)
    posted = client.post("/draw", data={"players": htmllib.unescape(players), "rounds": "2",
                                        "seed": "3", "profile": "casual", "season": sid,
                                        "previous": htmllib.unescape(previous), "lang": lang})
    assert posted.status_code == 200
    api = client.post(f"/v1/seasons/{sid}/draws", json={"rounds": 2, "seed": 3}).get_json()
    shown = re.findall(r'<table class="scores draw-table">.*?</table>',
                       posted.get_data(as_text=True), re.S)
    names = [re.findall(r'<td class="player">(.*?)</td>', t) for t in shown]
    assert names == [t for r in api["rounds"] for t in r["tables"]]


@pytest.mark.parametrize(("most_tables", "most_names", "kept"), [
    (10, 100, 4), (3, 100, 3), (10, 9, 2), (10, 8, 2), (10, 7, 1)])
def test_the_form_takes_the_most_recent_tables_within_its_limits(
        client: Any, monkeypatch: pytest.MonkeyPatch, most_tables: int, most_names: int,
        kept: int) -> None:
    from bigtwo import limits
    from bigtwo.store.season_draws import form_tables

    monkeypatch.setattr(limits, "MAX_DRAW_PREVIOUS_TABLES", most_tables)
    monkeypatch.setattr(limits, "MAX_DRAW_PREVIOUS_NAMES", most_names)
    assert form_tables(PLAYED) == PLAYED[len(PLAYED) - kept:]
    sid, _, _ = club_season(client)
    page = client.get(f"/draw?season={sid}").get_data(as_text=True)
    note = re.search(r'<p id="previous-help" class="help">(.*?)</p>', page, re.S).group(1)
    assert (f"the {kept} most recent" in htmllib.unescape(note)) == (kept < len(PLAYED))


def test_the_season_draw_counts_the_most_recent_tables_up_to_its_limit(
        client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from bigtwo import limits

    sid, _, _ = club_season(client)
    monkeypatch.setattr(limits, "MAX_SEASON_DRAW_TABLES", 2)
    body = client.post(f"/v1/seasons/{sid}/draws", json={"rounds": 1}).get_json()
    assert body["tables"] == 2
    # The season's players in its table's order, with the last two nights' tables only.
    by_hand = client.post("/v1/draws", json={
        "profile": "casual", "players": ["Ben", "Ana", "Eve", "Cai", "Dee"], "rounds": 1,
        "seed": 0, "previous": PLAYED[2:]}).get_json()
    assert body["pairs"] == by_hand["pairs"]
