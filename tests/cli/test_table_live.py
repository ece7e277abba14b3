"""``bigtwo table`` against the real service (the app on a loopback port): a table created,
shown, played to its end from the command line, watched, and a demo whose notation
``bigtwo validate`` accepts with the same totals."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo.cli.main import main

pytestmark = pytest.mark.waits  # a served app, moves paced by its limits

PLAYERS = ["Ana", "Ben", "Cai", "Dee"]
NO_TOKEN = {"BIGTWO_TABLE_TOKEN": None, "BIGTWO_SERVER": None, "BIGTWO_TOKEN": None,
            "BIGTWO_CREATION_KEY": None}


def table(runner: CliRunner, server: str, *args: str, **env: str) -> Any:
    return runner.invoke(main, ["table", *args, "--server", server],
                         env={**NO_TOKEN, **env}, catch_exceptions=False)


def create(runner: CliRunner, server: str, *extra: str, **env: str) -> dict[str, Any]:
    args = [x for name in PLAYERS for x in ("--player", name)]
    result = table(runner, server, "create", "--profile", "hk-standard", *args, *extra,
                   "--json", **env)
    assert result.exit_code == 0, result.output
    created: dict[str, Any] = json.loads(result.stdout)
    return created


def view(runner: CliRunner, server: str, table_id: str, token: str | None) -> dict[str, Any]:
    args = ("--token", token) if token else ()
    result = table(runner, server, "show", table_id, *args, "--json")
    assert result.exit_code == 0, result.output
    shown: dict[str, Any] = json.loads(result.stdout)
    return shown


def test_create_prints_every_token_once(runner: CliRunner, server: str) -> None:
    args = [x for name in PLAYERS for x in ("--player", name)]
    result = table(runner, server, "create", "--profile", "hk-standard", *args, "--bot", "2")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Table tb-")
    assert any(f"{server}/tables/tb-" in line for line in lines)
    tokens = [line.rsplit(" ", 1)[1] for line in lines if ": token " in line]
    assert len(tokens) == 3  # the three people's seats; the bot has none
    assert "  seat 2 (Cai): played by the service (a bot)" in lines
    assert all(result.stdout.count(token) == 1 for token in tokens)
    assert "shown once" in result.stderr


def test_a_seat_sees_its_hand_and_a_spectator_none(runner: CliRunner, server: str) -> None:
    created = create(runner, server)
    table_id, seat0 = created["id"], created["seats"][0]["token"]
    mine = view(runner, server, table_id, seat0)
    assert len(mine["hand"]) == 13
    text = table(runner, server, "show", table_id, BIGTWO_TABLE_TOKEN=seat0).stdout
    assert " ".join(mine["hand"]) in text and seat0 not in text
    spectator = table(runner, server, "show", table_id).stdout
    assert "your hand" not in spectator
    assert not any(card in spectator.split() for card in mine["hand"])


def test_refusals_each_say_why(runner: CliRunner, server: str) -> None:
    created = create(runner, server)
    table_id = created["id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    spectator = view(runner, server, table_id, None)
    turn = spectator["turn"]
    mover, other = tokens[turn], tokens[(turn + 1) % 4]
    hand = view(runner, server, table_id, mover)["hand"]
    missing = next(c for c in ("3C", "3D", "3H", "3S", "4C", "4D") if c not in hand)

    illegal = table(runner, server, "play", table_id, "--cards", missing, "--lang", "de",
                    BIGTWO_TABLE_TOKEN=mover)
    assert illegal.exit_code == 1, illegal.output
    assert "CARD_NOT_HELD" in illegal.stderr and "Fehler" in illegal.stderr
    not_yours = table(runner, server, "play", table_id, "--pass", BIGTWO_TABLE_TOKEN=other)
    assert not_yours.exit_code == 2 and "says whose it is" in not_yours.stderr
    stale = table(runner, server, "play", table_id, "--cards", hand[0], "--if-version", "999",
                  BIGTWO_TABLE_TOKEN=mover)
    assert stale.exit_code == 2 and "look again" in stale.stderr
    wrong = table(runner, server, "show", table_id, BIGTWO_TABLE_TOKEN="x" * 32)
    assert wrong.exit_code == 2 and "BIGTWO_TABLE_TOKEN" in wrong.stderr
    for result in (illegal, not_yours, stale, wrong):
        assert "Traceback" not in result.output
        assert mover not in result.output and other not in result.output
    assert view(runner, server, table_id, None)["version"] == spectator["version"]


def test_one_person_plays_three_bots_to_the_end_and_watch_follows(runner: CliRunner,
                                                                  server: str) -> None:
    created = create(runner, server, "--bot", "1", "--bot", "2", "--bot", "3", "--deals", "1")
    table_id, token = created["id"], created["seats"][0]["token"]
    for _ in range(200):
        seen = view(runner, server, table_id, token)
        if seen["status"] != "playing":
            break
        assert seen["turn"] == 0  # the bots have played up to the person's turn
        move = (("--cards", " ".join(seen["legal_plays"][0])) if seen["legal_plays"]
                else ("--pass",))
        played = table(runner, server, "play", table_id, *move, BIGTWO_TABLE_TOKEN=token)
        if "too many requests" in played.stderr:  # 10 moves a second per seat: wait, again
            time.sleep(1)
            played = table(runner, server, "play", table_id, *move, BIGTWO_TABLE_TOKEN=token)
        assert played.exit_code == 0, played.output
    assert seen["status"] == "over", seen
    watched = table(runner, server, "watch", table_id, BIGTWO_TABLE_TOKEN=token)
    assert watched.exit_code == 0, watched.output
    lines = watched.stdout.splitlines()
    assert lines[0].startswith("#1 deal 1 dealt; your hand: ")
    assert lines[-1].startswith(f"#{len(lines)} match over: ")
    polled = table(runner, server, "watch", table_id, "--poll", "--json")
    events = [json.loads(line) for line in polled.stdout.splitlines()]
    assert [e["id"] for e in events] == list(range(1, len(lines) + 1))
    assert events[-1]["type"] == "match_over"
    assert events[-1]["data"]["totals"] == seen["totals"]


def test_shared_entropy_starts_the_deal_and_the_organiser_ends_the_table(
        runner: CliRunner, server: str) -> None:
    created = create(runner, server, "--bot", "1", "--bot", "2", "--bot", "3",
                     "--fairness", "shared")
    table_id, token = created["id"], created["seats"][0]["token"]
    waiting = table(runner, server, "show", table_id)
    assert "waiting" in waiting.stdout.splitlines()[0]
    assert "entropy posted by: " in waiting.stdout
    mine = table(runner, server, "show", table_id, BIGTWO_TABLE_TOKEN=token).stdout
    assert f"waits for your entropy: bigtwo table entropy {table_id} VALUE" in mine
    posted = table(runner, server, "entropy", table_id, "my own noise", "--json",
                   BIGTWO_TABLE_TOKEN=token)
    assert posted.exit_code == 0, posted.output
    assert json.loads(posted.stdout)["status"] == "playing"
    refused = table(runner, server, "end", table_id, BIGTWO_TABLE_TOKEN=token)
    assert refused.exit_code == 2  # a seat's token is not the organiser's
    ended = table(runner, server, "end", table_id, "--token", created["organiser_token"])
    assert ended.exit_code == 0, ended.output
    assert "abandoned" in ended.stdout.splitlines()[0]
    watched = table(runner, server, "watch", table_id)
    assert watched.stdout.splitlines()[-1].endswith("the table was abandoned")


@pytest.mark.parametrize("deals", [1, 2])
def test_demo_prints_notation_that_validate_accepts_with_the_same_totals(
        runner: CliRunner, server: str, tmp_path: Path, deals: int) -> None:
    demo = table(runner, server, "demo", "--deals", str(deals))
    assert demo.exit_code == 0, demo.output
    assert demo.stdout.startswith("game\n")
    assert "Totals: " in demo.stderr and "Error" not in demo.stderr
    saved = tmp_path / "demo.b2n"
    saved.write_text(demo.stdout, encoding="utf-8")
    checked = runner.invoke(main, ["validate", str(saved)], catch_exceptions=False)
    assert checked.exit_code == 0, checked.output
    report = json.loads(checked.stdout)
    assert report["valid"] and len(report["deals"]) == deals
    ruling = runner.invoke(main, ["validate", str(saved), "--format", "text"])
    totals = next(line for line in ruling.stdout.splitlines() if line.startswith("Totals: "))
    assert totals in demo.stderr.splitlines()


def test_a_table_linked_to_a_tournament_stores_its_match_there(runner: CliRunner,
                                                                 server: str) -> None:
    made = runner.invoke(main, ["tournament", "create", "--name", "Club", "--profile",
                                "hk-standard", "--server", server], env=NO_TOKEN)
    assert made.exit_code == 0, made.output
    tournament = json.loads(made.stdout)
    created = create(runner, server, *[x for seat in range(4) for x in ("--bot", str(seat))],
                     "--deals", "1", "--tournament", tournament["id"],
                     BIGTWO_TOKEN=tournament["token"])  # the tournament's token, as its commands take it
    assert created["seats"] == []
    watched = table(runner, server, "watch", created["id"])
    assert watched.stdout.splitlines()[-1].split()[1:3] == ["match", "over:"]
    listed = runner.invoke(main, ["tournament", "records", tournament["id"], "--json",
                                  "--server", server], env=NO_TOKEN)
    assert listed.exit_code == 0, listed.output
    assert [r["valid"] for r in json.loads(listed.stdout)["records"]] == [True]


def test_list_shows_the_tables_newest_first(runner: CliRunner, server: str) -> None:
    first = create(runner, server)["id"]
    second = create(runner, server, "--bot", "1")["id"]
    listed = table(runner, server, "list", "--lang", "de")
    assert listed.exit_code == 0, listed.output
    lines = listed.stdout.splitlines()
    assert [line.split()[0] for line in lines] == [second, first]
    assert "läuft  Partie 1  Ana, Ben, Cai, Dee" in lines[0]
    assert "2 von 2 Tischen (Seite 1 von 1)" in listed.stderr
    over = table(runner, server, "list", "--status", "over", "--json")
    assert json.loads(over.stdout)["tables"] == []
