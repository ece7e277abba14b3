"""Hostile, against a real gunicorn (two workers, one store): racing posts for one turn apply
exactly one and are answered 409 or 412, never 429; a seat that floods moves is 429 with
Retry-After, counted across both workers; a move answered 200 survives kill -9; and no token
reaches gunicorn's log."""

from __future__ import annotations

import http.client
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest

from bigtwo import limits
from tests.tournaments.gunicorn_server import Server

pytestmark = pytest.mark.slow

PLAYERS = ["Ana", "Ben", "Cai", "Dee"]
RACERS = 20


def call(server: Server, method: str, path: str, body: Any = None, token: str | None = None,
         headers: dict[str, str] | None = None) -> tuple[int, Any, dict[str, str]]:
    return server.exchange(method, path, body, token, headers)


def a_move(view: dict[str, Any]) -> dict[str, Any]:
    return {"play": view["legal_plays"][0]} if view["legal_plays"] else {"pass": True}


def race(server: Server, jobs: list[tuple[str, Any, str, dict[str, str]]]) -> list[int]:
    statuses: list[int] = []
    lock = threading.Lock()
    barrier = threading.Barrier(len(jobs))

    def go(path: str, body: Any, token: str, headers: dict[str, str]) -> None:
        barrier.wait()
        status, _, _ = call(server, "POST", path, body, token, headers)
        with lock:
            statuses.append(status)

    threads = [threading.Thread(target=go, args=job) for job in jobs]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return sorted(statuses)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    base = tmp_path_factory.mktemp("tables-race")
    with Server(base / "race.db", base / "gunicorn.log") as live:
        yield live


def new_table(server: Server, bots: list[int]) -> tuple[str, dict[int, str], str]:
    status, created, _ = call(server, "POST", "/v1/tables",
                              {"profile": "hk-standard", "players": PLAYERS, "bots": bots})
    assert status == 201, created
    return created["url"], {s["seat"]: s["token"] for s in created["seats"]}, created["organiser_token"]


class TestRacingOneTurn:
    def test_twenty_posts_of_one_move_apply_once(self, server: Server) -> None:
        # Seat 1 is a person: once seat 0's move is applied, the turn is not seat 0's.
        url, tokens, _ = new_table(server, [2, 3])
        _, view, _ = call(server, "GET", url, token=tokens[0])
        mover = view["turn"]
        _, view, _ = call(server, "GET", url, token=tokens[mover])
        move = a_move(view)
        statuses = race(server, [(f"{url}/moves", move, tokens[mover], {})] * RACERS)
        assert statuses.count(200) == 1 and 429 not in statuses
        assert set(statuses) <= {200, 409, 412}
        _, after, _ = call(server, "GET", url, token=tokens[mover])
        assert len([m for m in after["moves"] if m["seat"] == mover]) == 1

    def test_racing_posts_whose_turn_comes_back_are_412_not_judged_again(
            self, server: Server) -> None:
        """Bots at every other seat: the turn is the seat's again at once, so the posts that
        waited behind the applied one are 412 (the table changed under them), not judged and
        counted toward the moves per second. A post that came after the change is judged."""
        url, tokens, _ = new_table(server, [1, 2, 3])
        _, view, _ = call(server, "GET", url, token=tokens[0])
        move = a_move(view)
        statuses = race(server, [(f"{url}/moves", move, tokens[0], {})] * RACERS)
        assert 429 not in statuses, statuses
        if "play" in move:  # a pass again at the next turn is a pass, and legal
            assert statuses.count(200) == 1, statuses

    def test_twenty_posts_with_if_match_apply_once_and_the_rest_are_412(self, server: Server) -> None:
        url, tokens, _ = new_table(server, [1, 2, 3])
        _, view, _ = call(server, "GET", url, token=tokens[0])
        version = {"If-Match": f'"{view["version"]}"'}
        # Each racer sends a different legal move (or the pass) for the same turn.
        moves = [{"play": p} for p in view["legal_plays"]] or [{"pass": True}]
        jobs = [(f"{url}/moves", moves[i % len(moves)], tokens[0], version) for i in range(RACERS)]
        statuses = race(server, jobs)
        assert statuses.count(200) == 1
        assert set(statuses) - {200} <= {409, 412} and 429 not in statuses

    def test_two_seats_racing_apply_only_the_one_whose_turn_it_is(self, server: Server) -> None:
        url, tokens, _ = new_table(server, [2, 3])
        _, view, _ = call(server, "GET", url, token=tokens[0])
        mover = view["turn"]
        _, mine, _ = call(server, "GET", url, token=tokens[mover])
        version = {"If-Match": f'"{mine["version"]}"'}
        jobs = [(f"{url}/moves", a_move(mine) if i % 2 else {"pass": True},
                 tokens[mover if i % 2 else 1 - mover], version) for i in range(RACERS)]
        statuses = race(server, jobs)
        assert statuses.count(200) == 1 and set(statuses) <= {200, 409, 412}


class TestFloodingMoves:
    def test_a_seat_over_its_moves_per_second_is_429_across_workers(self, server: Server) -> None:
        url, tokens, _ = new_table(server, [1, 2, 3])
        # Illegal moves (judged, refused) count; sent at once, more than a second's worth.
        jobs = [(f"{url}/moves", {"play": ["XX"]}, tokens[0], {})] * (3 * limits.MOVES_BURST)
        statuses = race(server, jobs)
        assert 429 in statuses and set(statuses) <= {422, 429}, statuses
        status, problem, headers = call(server, "POST", f"{url}/moves", {"play": ["XX"]}, tokens[0])
        if status == 429:
            assert int(headers["Retry-After"]) >= 1
            assert problem["type"].endswith("/too-many-moves")


class TestTokensStayOutOfTheLog:
    def test_gunicorns_log_holds_no_token(self, server: Server) -> None:
        url, tokens, organiser = new_table(server, [2, 3])
        for token in tokens.values():
            call(server, "GET", url, token=token)
            call(server, "POST", f"{url}/moves", {"pass": True}, token)
        call(server, "DELETE", url, token=organiser)
        logged = server.log.read_text(encoding="utf-8", errors="replace")
        assert url in logged
        for token in [organiser, *tokens.values()]:
            assert token not in logged


def test_a_move_answered_200_survives_kill_9(tmp_path: Path) -> None:
    db = tmp_path / "crash.db"
    server = Server(db, tmp_path / "gunicorn.log").start()
    answered: list[tuple[str, int]] = []  # (table url, version answered)
    lock = threading.Lock()
    enough = threading.Event()
    try:
        tables = [new_table(server, [1, 2, 3]) for _ in range(3)]

        def player(url: str, token: str) -> None:
            while True:
                try:
                    status, view, _ = call(server, "GET", url, token=token)
                    if status != 200 or view["status"] != "playing":
                        return
                    status, after, _ = call(server, "POST", f"{url}/moves", a_move(view), token)
                except (OSError, http.client.HTTPException):
                    return  # the server is gone, possibly mid-answer: not acknowledged
                if status == 200:
                    with lock:
                        answered.append((url, after["version"]))
                        if len(answered) >= 12:
                            enough.set()

        threads = [threading.Thread(target=player, args=(url, tokens[0])) for url, tokens, _ in tables]
        server.kill_under_load(threads, enough, "moves")
    finally:
        server.kill()
    with lock:
        survivors = list(answered)
    restarted = Server(db, tmp_path / "gunicorn.log").start()
    try:
        for url, version in survivors:
            status, view, _ = call(restarted, "GET", url)
            assert status == 200 and view["version"] >= version, (url, version, view["version"])
    finally:
        restarted.stop()
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        # Every event of every table is there once, numbered from 1 without a gap.
        for table_id, events in conn.execute("SELECT id, events FROM live_tables"):
            numbers = [n for (n,) in conn.execute(
                "SELECT n FROM live_table_events WHERE table_id = ? ORDER BY n", [table_id])]
            assert numbers == list(range(1, events + 1))
