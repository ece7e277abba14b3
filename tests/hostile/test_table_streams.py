"""Hostile classes against the event streams of live tables, on a real gunicorn started with
gunicorn.conf.py (the `make serve` setup: two workers of 4 request threads here):

- flooding streams, per client and per service: 429 with Retry-After past each limit, the
  count shared by both workers, and /healthz and the API answering while the service's limit
  of streams is held open (more streams than the workers have request threads);
- a slow reader: clients that never read a long stream lose it after the send timeout, so
  their slots (and the threads behind them) come back;
- a clock that would fire twice: both workers' bells and a crowd of readers race every
  deadline of a table with a clock, and each turn times out once;
- reading another seat's hand through the stream: over one whole deal, no seat's or
  spectator's stream carries a card of another seat before it is played (or the deal is over).

Tables are made and played through the store file the server uses (moves as the API makes
them: one transaction each), so the streams are woken across processes by the bell. Every
loop is bounded and every socket has a timeout; nothing asserts a duration.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import re
import socket
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app import stream_slots
from bigtwo.live import engine
from bigtwo.rules.profiles import ProfileResolver
from bigtwo.store.db import Store
from tests.tournaments.gunicorn_server import Server

pytestmark = [pytest.mark.slow, pytest.mark.waits]  # real clocks: turns of 5 s

PER_CLIENT = 3
PER_SERVICE = 12
SOCKET_TIMEOUT = 30.0  # a hang guard, not a performance assertion
PRESETS = ProfileResolver(lambda _: None, lambda _: None)
CARD = re.compile(r"\b[2-9TJQKA][CDHS]\b")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    base = tmp_path_factory.mktemp("table-streams")
    with Server(base / "live.db", base / "gunicorn.log", env={
            "BIGTWO_THREADS": "4", "BIGTWO_PROXY_HOPS": "1",
            "BIGTWO_STREAMS_PER_CLIENT": str(PER_CLIENT),
            "BIGTWO_STREAMS_PER_SERVICE": str(PER_SERVICE),
            "BIGTWO_STREAM_HEARTBEAT": "0.5", "BIGTWO_STREAM_SEND_TIMEOUT": "1",
            "BIGTWO_STREAMS_DIR": str(base / "streams")}) as live:
        yield live


def new_table(server: Server, bots: list[int], deals: int = 1, clock: int | None = None,
              ) -> tuple[str, dict[str, Any]]:
    profile: Any = "hk-standard" if clock is None else {"extends": "hk-standard",
                                                        "timeouts": "pass"}
    body: dict[str, Any] = {"profile": profile, "players": ["Ana", "Ben", "Cai", "Dee"],
                            "bots": bots, "deals": deals}
    if clock is not None:
        body["clock"] = {"turn_seconds": clock}
    spec, problems = engine.spec_problems(body, PRESETS)
    assert spec is not None, problems
    with contextlib.closing(Store(server.db)) as store:
        state, tokens = store.live_tables.create(spec, client="192.0.2.1", creation_key=None,
                                                 tournament=None)
    return str(state["id"]), tokens


def play_one(db: Path, table: str) -> dict[str, Any]:
    """The seat to move plays its first legal play, or passes: one transaction, as the API."""
    with contextlib.closing(Store(db)) as store:
        live = store.live_tables

        def turn(state: dict[str, Any]) -> Any:
            seat = engine.view(state, None, "en")["turn"]
            legal = engine.view(state, seat, "en")["legal_plays"]
            return engine.move(state, seat, {"play": legal[0]} if legal else {"pass": True},
                               now=live.now(), new_seed=live.new_seed)

        live.transact(table, turn)
        state = live.get(table)
        assert state is not None
        return state


class Stream:
    """An SSE stream read line by line (http.client undoes the chunked framing)."""

    def __init__(self, server: Server, table: str, client: str, token: str | None = None,
                 last: int | None = None) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=SOCKET_TIMEOUT)
        headers = {"Accept": "text/event-stream", "X-Forwarded-For": client}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if last is not None:
            headers["Last-Event-ID"] = str(last)
        self.conn.request("GET", f"/v1/tables/{table}/events", headers=headers)
        self.response = self.conn.getresponse()
        self.status = self.response.status

    def events(self, until: str = "", until_id: int = 0) -> list[dict[str, Any]]:
        got: list[dict[str, Any]] = []
        fields: dict[str, str] = {}
        for _ in range(100_000):  # bounded: a deal is some hundred events
            line = self.response.readline().decode()
            if not line:
                break
            line = line.rstrip("\n")
            if line == "":
                if "id" in fields:
                    got.append({"id": int(fields["id"]), "type": fields["event"],
                                "data": json.loads(fields["data"])})
                    if fields["event"] == until or int(fields["id"]) == until_id:
                        return got
                fields = {}
            elif not line.startswith(":"):
                name, _, value = line.partition(": ")
                fields[name] = value
        return got

    def close(self) -> None:
        self.conn.close()


def ndjson(server: Server, table: str, after: int = 0, token: str | None = None,
           ) -> tuple[int, list[dict[str, Any]]]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=SOCKET_TIMEOUT)
    try:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        conn.request("GET", f"/v1/tables/{table}/events?after={after}", headers=headers)
        answer = conn.getresponse()
        body = answer.read().decode()
    finally:
        conn.close()
    if answer.status != 200:
        return answer.status, []
    return answer.status, [json.loads(line) for line in body.splitlines()]


def client_ip(n: int) -> str:
    return f"203.0.113.{n}"


def open_streams(server: Server, table: str, clients: list[str]) -> list[Stream]:
    return [Stream(server, table, c) for c in clients]


def opens(server: Server, table: str, client: str) -> bool:
    """A stream opens for ``client`` (and is closed again at once)."""
    stream = Stream(server, table, client)
    stream.close()
    return stream.status == 200


@pytest.fixture(autouse=True)
def streams_closed(server: Server) -> Iterator[None]:
    yield
    # Closed streams give their slots back at their next heartbeat (0.5 s here): the next
    # test starts once the server holds none (its slots are rows of one file, every worker's).
    slots = Path(server.db).parent / "streams" / stream_slots.FILE
    for _ in range(200):
        if not slots.exists():
            return
        with contextlib.closing(sqlite3.connect(slots, timeout=10)) as conn:
            if conn.execute("SELECT count(*) FROM open_streams").fetchone()[0] == 0:
                return
        time.sleep(0.05)
    raise AssertionError("the server still holds streams this test closed, 10 s later")


def settle(condition: Any, tries: int = 60) -> bool:
    """Bounded polling for something the server does on its own (a stream noticed closed)."""
    for _ in range(tries):
        if condition():
            return True
        time.sleep(0.25)
    return False


class TestFloodingStreams:
    def test_a_client_past_its_streams_is_429_and_others_are_not(self, server: Server) -> None:
        table, _ = new_table(server, bots=[1, 2, 3])
        held = open_streams(server, table, [client_ip(1)] * PER_CLIENT)
        try:
            assert [s.status for s in held] == [200] * PER_CLIENT
            refused = Stream(server, table, client_ip(1))
            assert refused.status == 429
            assert refused.response.getheader("Retry-After") == "5"
            problem = json.loads(refused.response.read())
            assert problem["type"].endswith("/too-many-streams") and problem["scope"] == "client"
            other = Stream(server, table, client_ip(2))
            assert other.status == 200
            other.close()
            held.pop().close()
            # The server finds the closed stream at its next heartbeat and gives its slot back.
            assert settle(lambda: opens(server, table, client_ip(1)))
        finally:
            for s in held:
                s.close()

    def test_the_service_limit_holds_across_workers_and_requests_still_answer(
            self, server: Server) -> None:
        table, tokens = new_table(server, bots=[1, 2, 3])
        clients = [client_ip(10 + i // PER_CLIENT) for i in range(PER_SERVICE)]
        held = open_streams(server, table, clients)
        try:
            assert [s.status for s in held] == [200] * PER_SERVICE  # more than 2 x 4 threads
            refused = Stream(server, table, client_ip(99))
            assert refused.status == 429
            assert json.loads(refused.response.read())["scope"] == "service"
            # The request threads are free: health, a view, an NDJSON read; and HEAD requests
            # of streams (served on request threads) answer their head and do not wait.
            for _ in range(12):
                head = http.client.HTTPConnection("127.0.0.1", server.port,
                                                  timeout=SOCKET_TIMEOUT)
                head.request("HEAD", f"/v1/tables/{table}/events",
                             headers={"Accept": "text/event-stream"})
                assert head.getresponse().status == 200
                head.close()
            for _ in range(5):
                assert server.healthz()
            status, events = ndjson(server, table)
            assert status == 200 and events[0]["type"] == "dealt"
            status, events = ndjson(server, table, token=tokens["seats"][0])
            assert status == 200 and len(events[0]["data"]["hand"]) == 13
        finally:
            for s in held:
                s.close()


class TestSlowReader:
    def test_readers_that_never_read_lose_their_streams_and_slots(self, server: Server) -> None:
        # A long match of bots: far more than the socket buffers hold.
        table, _ = new_table(server, bots=[0, 1, 2, 3], deals=100)
        # The bells play it out in the background, a bounded number of moves a look.
        assert settle(lambda: len(ndjson(server, table, after=4000)[1]) > 0)
        quiet = []
        for _ in range(PER_CLIENT):
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.settimeout(SOCKET_TIMEOUT)
            sock.connect(("127.0.0.1", server.port))
            sock.sendall(f"GET /v1/tables/{table}/events HTTP/1.1\r\nHost: x\r\n"
                         f"Accept: text/event-stream\r\nX-Forwarded-For: {client_ip(50)}\r\n"
                         "\r\n".encode())
            quiet.append(sock)  # and never read
        try:
            # Once the send timeout passes with nothing read, the streams end: the client
            # gets its slots back, though its sockets are still open.
            assert settle(lambda: opens(server, table, client_ip(50)))
        finally:
            for sock in quiet:
                sock.close()


class TestClockFiresOnce:
    def test_a_deadline_fires_with_nobody_looking(self, server: Server) -> None:
        """The workers' bells start with the workers and apply clocks on their own."""
        table, _ = new_table(server, bots=[], clock=5)

        def timed_out() -> bool:
            with contextlib.closing(Store(server.db)) as store:  # reads, never catches up
                return any(e.data.get("timeout")
                           for e in store.live_tables.events_after(table, 0, 100))

        assert settle(timed_out, tries=80)

    def test_every_deadline_times_out_one_turn_once(self, server: Server) -> None:
        table, _ = new_table(server, bots=[], clock=5)
        stop = threading.Event()

        def crowd() -> None:  # readers catch the table up too, racing both bells
            while not stop.is_set():
                ndjson(server, table)
                # a few dozen reads a second between them: each deadline still meets a read
                # in flight, without the readers spending the test's CPU on ten seconds of it
                stop.wait(0.02)

        readers = [threading.Thread(target=crowd) for _ in range(3)]
        for r in readers:
            r.start()
        try:
            def timeouts() -> list[dict[str, Any]]:
                return [e for e in ndjson(server, table)[1]
                        if e["type"] == "move" and e["data"].get("timeout")]

            assert settle(lambda: len(timeouts()) >= 2, tries=120)
        finally:
            stop.set()
            for r in readers:
                r.join(timeout=30)
        with contextlib.closing(Store(server.db)) as store:
            events = store.live_tables.events_after(table, 0, 1000)
            state = store.live_tables.get(table)
        assert [e.n for e in events] == list(range(1, len(events) + 1))
        moves = [e.data for e in events if e.type == "move"]
        assert [m["move"] for m in moves] == list(range(len(moves)))
        assert state is not None and len(moves) == len(state["running"]["moves"])
        # Each seat's turn timed out once: the seats follow the turn order without repeating.
        seats = [m["seat"] for m in moves]
        assert all((b - a) % 4 == 1 for a, b in zip(seats, seats[1:], strict=False))


class TestAnotherSeatsHand:
    def test_no_stream_carries_another_seats_unplayed_card(self, server: Server) -> None:
        table, tokens = new_table(server, bots=[])
        viewers: dict[int | None, Stream] = {
            seat: Stream(server, table, client_ip(60 + seat), token=token)
            for seat, token in tokens["seats"].items()}
        viewers[None] = Stream(server, table, client_ip(70))
        try:
            assert {s.status for s in viewers.values()} == {200}
            state: dict[str, Any] = {"status": "playing", "deal": 0}
            for _ in range(500):  # a deal has at most 52 plays and 3 passes after each
                if state["status"] != "playing" or state["deal"] != 0:
                    break
                state = play_one(server.db, table)
            seen = {seat: s.events(until="deal_over") for seat, s in viewers.items()}
        finally:
            for s in viewers.values():
                s.close()
        everyone = seen[None]
        assert everyone[-1]["type"] == "deal_over"
        for seat, events in seen.items():
            assert [e["id"] for e in events] == [e["id"] for e in everyone]
            own = set(events[0]["data"].get("hand", [])) if seat is not None else set()
            assert (len(own) == 13) == (seat is not None)
            played: set[str] = set()
            for event in events[:-1]:  # deal_over reveals every hand: that is the point
                played |= set(event["data"].get("play") or [])
                leaked = set(CARD.findall(json.dumps(event["data"]))) - own - played
                assert not leaked, (seat, event)


class TestResumingWhilePlayed:
    def test_a_stream_cut_and_resumed_mid_deal_loses_and_repeats_nothing(
            self, server: Server) -> None:
        table, tokens = new_table(server, bots=[])
        seat = tokens["seats"][0]
        got: list[dict[str, Any]] = []
        state: dict[str, Any] = {"status": "playing", "deal": 0}
        for cut in range(6):  # six streams, each cut once the moves played meanwhile came
            last = got[-1]["id"] if got else None
            # Each from an address of its own: a cut stream's slot is freed when the server
            # next writes to it (a heartbeat later), and on a busy machine three cut streams
            # could still hold this module's per-client limit (TestFloodingStreams tests it).
            stream = Stream(server, table, client_ip(80 + cut), token=seat, last=last)
            try:
                assert stream.status == 200
                for _ in range(3 + cut):
                    if state["status"] == "playing" and state["deal"] == 0:
                        state = play_one(server.db, table)
                _, expected = ndjson(server, table, after=last or 0, token=seat)
                got += stream.events(until_id=expected[-1]["id"]) if expected else []
            finally:
                stream.close()
        _, every = ndjson(server, table, token=seat)
        assert len(got) > 10 and got == every[:len(got)]
