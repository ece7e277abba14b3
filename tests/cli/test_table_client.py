"""``bigtwo table``'s client side against a stand-in service that answers as TABLES.md says,
so that what the commands send (headers, bodies, Last-Event-ID) and how they say each answer
(exit statuses, hints, no token printed back) is pinned whatever the real service does.
tests/cli/test_table_live.py plays the real service."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner
from flask import Flask, Response, request

from bigtwo.cli.main import main
from bigtwo.cli.table_http import Event, sse_events
from bigtwo.cli.table_text import event_line, view_lines
from tests.live_server import serve

TOKEN = "seat-token-aaaaaaaaaaaaaaaaaaaaaaaa"
ORGANISER = "organiser-token-bbbbbbbbbbbbbbbbbbbbbb"
PLAYERS = ["Ana", "Ben", "Cai", "Dee"]
EVENTS = [
    {"id": 1, "type": "dealt", "data": {"deal": 0, "commitment": "c0" * 32}},
    {"id": 2, "type": "move", "data": {"seat": 1, "play": ["3D"]}},
    {"id": 3, "type": "move", "data": {"seat": 2, "pass": True}},
    {"id": 4, "type": "trick", "data": {"leader": 1}},
    {"id": 5, "type": "deal_over", "data": {"deal": 0, "winner": 1, "totals": [-3, 9, -2, -4],
                                            "proof": {"seed": "5e" * 32}}},
    {"id": 6, "type": "match_over", "data": {"totals": [-3, 9, -2, -4], "winners": [1]}},
]


def problem(status: int, slug: str, detail: str, **extra: Any) -> Response:
    doc = {"type": f"https://bigtwo.example/problems/{slug}", "title": slug.replace("-", " "),
           "status": status, "detail": detail, **extra}
    return Response(json.dumps(doc), status, content_type="application/problem+json")


def view(seat: int | None = None) -> dict[str, Any]:
    answer: dict[str, Any] = {
        "id": "tb-1", "profile_id": "hk-standard", "players": PLAYERS, "status": "playing",
        "deal": 0, "version": 7, "turn": 0, "cards_left": [13, 12, 13, 13],
        "table": {"seat": 1, "cards": ["3D"], "combination": {"type": "single",
                                                               "label": "Single 3♦"}},
        "moves": [{"seat": 1, "play": ["3D"]}], "penalties_now": None, "totals": [0, 0, 0, 0],
        "deadline": None, "commitment": "ab" * 32}
    if seat is not None:
        answer.update(seat=seat, hand=["4C", "5C", "2S"], may_pass=True,
                      legal_plays=[["4C"], ["5C"], ["2S"]])
    return answer


class Stub:
    """The stand-in service and what it was sent."""

    def __init__(self) -> None:
        self.app = Flask("stub")
        self.seen: list[dict[str, Any]] = []
        self.drop_first_stream = True
        self.notation = "game\n"
        app = self.app

        def remember() -> None:
            self.seen.append({"method": request.method, "path": request.full_path,
                              "headers": dict(request.headers),
                              "body": request.get_json(silent=True)})

        def seat() -> int | None | Response:
            auth = request.headers.get("Authorization")
            if auth is None:
                return None
            if auth != f"Bearer {TOKEN}":
                return problem(401, "unauthorized", "that token opens no seat")
            return 0

        @app.post("/v1/tables")
        def create() -> Any:
            remember()
            return {"id": "tb-1", "url": request.host_url + "v1/tables/tb-1",
                    "organiser_token": ORGANISER, "commitment": "ab" * 32,
                    "seats": [{"seat": 0, "name": "Ana", "token": TOKEN},
                              {"seat": 1, "name": "Ben", "token": None}]}, 201

        @app.get("/v1/tables/<table_id>")
        def show(table_id: str) -> Any:
            remember()
            if table_id in ("tb-long", "tb-notjson", "tb-shape"):
                return {**view(), "id": table_id}
            if table_id != "tb-1":
                return problem(404, "not-found", "no table tb-2")
            found = seat()
            return found if isinstance(found, Response) else view(found)

        @app.post("/v1/tables/tb-1/moves")
        def move() -> Any:
            remember()
            found = seat()
            if isinstance(found, Response):
                return found
            body = request.get_json()
            if request.headers.get("Idempotency-Key") == "flood":
                response = problem(429, "too-many-requests", "10 moves a second per seat")
                response.headers["Retry-After"] = "3"
                return response
            if request.headers.get("If-Match") not in (None, '"7"'):
                return problem(412, "precondition-failed", "the table is at version 7")
            if body == {"pass": True}:
                return problem(409, "not-your-turn", "it is Ben's turn")
            if body["play"] == ["9H"]:
                return problem(422, "illegal-move", "the move breaks a rule", errors=[{
                    "code": "CARD_NOT_HELD", "params": {"cards": ["9H"]},
                    "message": "Seat 0 does not hold 9♥", "pointer": "/play"}])
            return view(0)

        @app.get("/v1/tables/tb-1/events")
        def events() -> Any:
            remember()
            after = int(request.args.get("after", request.headers.get("Last-Event-ID", 0)))
            if "after" in request.args:
                chosen = [e for e in EVENTS if e["id"] > after][:3]
                return Response("".join(json.dumps(e) + "\n" for e in chosen),
                                content_type="application/x-ndjson")
            chosen = [e for e in EVENTS if e["id"] > after - 1]  # repeats one: must be skipped
            if self.drop_first_stream:
                self.drop_first_stream = False
                chosen = chosen[:3]  # then the connection ends, as a dropped stream does
            text = ": keep-alive\n\n" + "".join(
                f"id: {e['id']}\nevent: {e['type']}\ndata: {json.dumps(e['data'])}\n\n"
                for e in chosen)
            return Response(text, content_type="text/event-stream")

        @app.get("/v1/tables/<bad>/events")
        def bad_events(bad: str) -> Any:
            remember()
            body = {"tb-long": "data: " + "x" * (2 << 20) + "\n\n",
                    "tb-notjson": "id: 1\nevent: move\ndata: {not json\n\n",
                    "tb-shape": "id: x\nevent: move\ndata: {}\n\n"}[bad]
            return Response(body, content_type="text/event-stream")

        @app.get("/v1/tables/tb-1/record")
        def record() -> Any:
            remember()
            return Response(self.notation, content_type="text/x-bigtwo")


@pytest.fixture
def stub() -> Iterator[tuple[Stub, str]]:
    made = Stub()
    with serve(made.app) as url:
        yield made, url


def run(runner: CliRunner, url: str, *args: str, env: dict[str, str] | None = None) -> Any:
    return runner.invoke(main, ["table", *args, "--server", url], env=env,
                         catch_exceptions=False)


def test_create_sends_the_contracts_body_and_prints_each_token_once(
        runner: CliRunner, stub: tuple[Stub, str]) -> None:
    made, url = stub
    result = run(runner, url, "create", "--profile", "hk-standard", *[
        x for name in PLAYERS for x in ("--player", name)], "--bot", "3", "--bot", "1",
        "--deals", "2", "--turn-seconds", "30", "--fairness", "shared",
        "--tournament", "t-9", "--tournament-token", "tt", "--key", "ck")
    assert result.exit_code == 0, result.output
    sent = made.seen[-1]
    assert sent["body"] == {"profile": "hk-standard", "players": PLAYERS, "bots": [1, 3],
                            "deals": 2, "clock": {"turn_seconds": 30}, "fairness": "shared",
                            "tournament": {"id": "t-9", "token": "tt"}}
    assert sent["headers"]["Authorization"] == "Bearer ck"
    assert result.stdout.count(TOKEN) == 1 and result.stdout.count(ORGANISER) == 1
    assert "tb-1" in result.stdout and "ab" * 32 in result.stdout
    assert "played by the service" in result.stdout  # Ben, a bot: no token
    assert "shown once" in result.stderr


def test_create_json_is_the_answer_as_it_is(runner: CliRunner, stub: tuple[Stub, str]) -> None:
    _, url = stub
    result = run(runner, url, "create", "--profile", "casual", "--player", "A", "--player",
                 "B", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["seats"][0]["token"] == TOKEN


def test_tournament_without_its_token_is_a_usage_error(runner: CliRunner,
                                                       stub: tuple[Stub, str]) -> None:
    made, url = stub
    result = run(runner, url, "create", "--profile", "casual", "--player", "A",
                 "--tournament", "t-1", env={"BIGTWO_TOKEN": ""})
    assert result.exit_code == 2 and "--tournament-token" in result.stderr
    assert made.seen == []


@pytest.mark.parametrize("token", [None, TOKEN])
def test_show_as_spectator_and_as_seat(runner: CliRunner, stub: tuple[Stub, str],
                                       token: str | None) -> None:
    made, url = stub
    args = ("--token", token) if token else ()
    result = run(runner, url, "show", "tb-1", *args, "--lang", "de")
    assert result.exit_code == 0, result.output
    assert made.seen[-1]["headers"].get("Authorization") == (f"Bearer {token}" if token
                                                              else None)
    assert made.seen[-1]["headers"]["Accept-Language"] == "de"
    assert ("4C 5C 2S" in result.stdout) == (token is not None)
    assert TOKEN not in result.output


def test_show_json_and_an_unknown_table(runner: CliRunner, stub: tuple[Stub, str]) -> None:
    _, url = stub
    assert json.loads(run(runner, url, "show", "tb-1", "--json").stdout) == view()
    result = run(runner, url, "show", "tb-2")
    assert result.exit_code == 2
    assert "no table tb-2" in result.stderr and "Traceback" not in result.output


@pytest.mark.parametrize(("args", "status", "said"), [
    (("--cards", "4C"), 0, "You are seat 0"),
    (("--cards", "9H"), 1, "Seat 0 does not hold 9♥"),
    (("--pass",), 2, "bigtwo table show` says whose it is"),
    (("--cards", "4C", "--if-version", "6"), 2, "look again"),
    (("--cards", "4C", "--idempotency-key", "flood"), 2, "try again in 3 seconds"),
], ids=["legal", "illegal-422", "not-your-turn-409", "stale-412", "too-many-429"])
def test_play_says_each_answer(runner: CliRunner, stub: tuple[Stub, str], args: tuple[str, ...],
                               status: int, said: str) -> None:
    _, url = stub
    result = run(runner, url, "play", "tb-1", *args, env={"BIGTWO_TABLE_TOKEN": TOKEN})
    assert result.exit_code == status, result.output
    assert said in result.output
    assert TOKEN not in result.output
    assert "Traceback" not in result.output


def test_play_sends_the_move_and_its_headers(runner: CliRunner, stub: tuple[Stub, str]) -> None:
    made, url = stub
    run(runner, url, "play", "tb-1", "--token", TOKEN, "--cards", "4c,5C", "--call",
        "--if-version", "7", "--idempotency-key", "k1")
    sent = made.seen[-1]
    assert sent["body"] == {"play": ["4c", "5C"], "call": True}
    assert sent["headers"]["If-Match"] == '"7"'
    assert sent["headers"]["Idempotency-Key"] == "k1"


@pytest.mark.parametrize("args", [(), ("--cards", "4C", "--pass"), ("--pass", "--call"),
                                  ("--cards", " , ")])
def test_play_needs_one_move(runner: CliRunner, stub: tuple[Stub, str],
                             args: tuple[str, ...]) -> None:
    made, url = stub
    result = run(runner, url, "play", "tb-1", "--token", TOKEN, *args)
    assert result.exit_code == 2
    assert made.seen == []


def test_play_without_a_token_names_the_variable(runner: CliRunner,
                                                 stub: tuple[Stub, str]) -> None:
    _, url = stub
    result = run(runner, url, "play", "tb-1", "--pass")
    assert result.exit_code == 2 and "BIGTWO_TABLE_TOKEN" in result.stderr


def test_a_wrong_token_from_the_environment_says_so(runner: CliRunner,
                                                    stub: tuple[Stub, str]) -> None:
    _, url = stub
    result = run(runner, url, "show", "tb-1", env={"BIGTWO_TABLE_TOKEN": "wrong"})
    assert result.exit_code == 2
    assert "that token opens no seat" in result.stderr
    assert "BIGTWO_TABLE_TOKEN environment variable" in result.stderr
    assert "wrong" not in result.stdout


def test_watch_resumes_a_dropped_stream_without_loss_or_repeat(
        runner: CliRunner, stub: tuple[Stub, str]) -> None:
    made, url = stub
    result = run(runner, url, "watch", "tb-1", "--json")
    assert result.exit_code == 0, result.output
    assert [json.loads(line)["id"] for line in result.stdout.splitlines()] == [1, 2, 3, 4, 5, 6]
    streams = [s for s in made.seen if s["path"].startswith("/v1/tables/tb-1/events")]
    assert [s["headers"].get("Last-Event-Id") for s in streams] == [None, "3"]
    assert all(s["headers"]["Accept"] == "text/event-stream" for s in streams)


def test_watch_by_long_poll_ends_at_the_match_over(runner: CliRunner,
                                                   stub: tuple[Stub, str]) -> None:
    made, url = stub
    result = run(runner, url, "watch", "tb-1", "--poll", "--token", TOKEN)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == [f"#{n}" for n in range(1, 7)]
    assert lines[1] == "#2 Ben: 3D" and lines[2] == "#3 Cai: pass"
    assert lines[-2] == ("#5 deal 1 over: Ben went out; totals Ana -3 · Ben +9 · Cai -2 · "
                         f"Dee -4; seed {'5e' * 32}")
    assert lines[-1] == "#6 match over: Ben won; totals Ana -3 · Ben +9 · Cai -2 · Dee -4"
    polls = [s["path"] for s in made.seen if "/events" in s["path"]]
    assert polls == ["/v1/tables/tb-1/events?after=0&wait=30",
                     "/v1/tables/tb-1/events?after=3&wait=30"]


def test_an_unreachable_server_is_one_line(runner: CliRunner) -> None:
    for args in (("show", "tb-1"), ("watch", "tb-1"), ("play", "tb-1", "--pass", "--token",
                                                      "x"), ("demo",)):
        result = run(runner, "http://127.0.0.1:9", *args)
        assert result.exit_code == 2, args
        assert "cannot reach http://127.0.0.1:9" in result.stderr
        assert "Traceback" not in result.output


@pytest.mark.parametrize(("text", "expected"), [
    (b"id: 1\nevent: dealt\ndata: {\"deal\": 0}\n\n", [Event(1, "dealt", {"deal": 0})]),
    # the event whole in data, a comment, CRLF line ends, data over two lines
    (b": ping\r\nid: 2\r\nevent: trick\r\ndata: {\"id\": 2, \"type\": \"trick\",\r\n"
     b"data: \"data\": {\"leader\": 3}}\r\n\r\n", [Event(2, "trick", {"leader": 3})]),
    (b"id: 3\nevent: move\ndata: {}\n", []),  # no blank line: the event never ended
])
def test_sse_reading(text: bytes, expected: list[Event]) -> None:
    assert list(sse_events(iter(text.splitlines()))) == expected


def test_view_and_event_lines_never_show_a_token_and_read_leniently() -> None:
    lines = view_lines(view(0))
    assert lines[0] == "Table tb-1 (hk-standard): playing, deal 1, version 7"
    assert "▶ seat 0 Ana: 13 cards, total 0" in lines
    assert "To beat: Ben's 3D (Single 3♦)" in lines
    assert "Your turn: 3 legal plays: 4C | 5C | 2S" in lines
    assert view_lines({"id": "tb-x", "status": "over"})[0].startswith("Table tb-x")
    assert event_line(Event(9, "novel", {}), PLAYERS) == "#9 novel"
    assert event_line(Event(3, "move", {"seat": 7, "timeout": True}), PLAYERS) == \
        "#3 seat 7: timeout"


@pytest.mark.parametrize(("table_id", "said"), [
    ("tb-long", "an event of the stream is over 1048576 bytes"),
    ("tb-notjson", "an event of the stream is not JSON"),
    ("tb-shape", "an event of the stream is not of the API's shape"),
])
def test_a_stream_that_is_not_the_services_ends_in_one_line(
        runner: CliRunner, stub: tuple[Stub, str], table_id: str, said: str) -> None:
    _, url = stub
    result = run(runner, url, "watch", table_id)
    assert result.exit_code == 2
    assert said in result.stderr and "Traceback" not in result.output


def _notation(broken: bool) -> str:
    from bigtwo.formats.notation.writer import write_record
    from bigtwo.rules.profiles import DEFAULT_RESOLVER
    from bigtwo.rules.simulate import simulate

    record = next(simulate(DEFAULT_RESOLVER.resolve("hk-standard")[0], records=1,
                           deals_per_record=1, seed=3, profile_ref="hk-standard"))
    if broken:  # a card the first seat plays goes to the second seat's hand: CARD_NOT_HELD
        deal = record["deals"][0]
        hands = deal["hands"]
        played = {c for m in deal["moves"] for c in m.get("play", [])}
        a = next(c for m in deal["moves"] if m["seat"] == 0 for c in m.get("play", []))
        b = next(c for c in hands[1] if c not in played)
        hands[0][hands[0].index(a)], hands[1][hands[1].index(b)] = b, a
    return write_record(record, DEFAULT_RESOLVER)


@pytest.mark.parametrize(("notation", "status"), [
    (_notation(False), 0), (_notation(True), 1), ("game\n", 2)],
    ids=["valid", "invalid", "unreadable"])
def test_demo_exits_0_only_when_its_record_validates_clean(
        runner: CliRunner, stub: tuple[Stub, str], notation: str, status: int) -> None:
    made, url = stub
    made.notation = notation
    result = run(runner, url, "demo")
    assert result.exit_code == status, result.output
    assert result.stdout == notation
    create = next(s for s in made.seen if s["path"].startswith("/v1/tables?"))
    assert create["body"] == {"profile": "hk-standard", "players": PLAYERS,
                              "bots": [0, 1, 2, 3], "deals": 1}


def test_ctrl_c_stops_watching_cleanly(runner: CliRunner, stub: tuple[Stub, str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from bigtwo.cli.table_http import TableClient

    def interrupted(*_: Any) -> Iterator[Event]:
        yield Event(1, "dealt", {"deal": 0, "commitment": "c0"})
        raise KeyboardInterrupt

    monkeypatch.setattr(TableClient, "stream", interrupted)
    _, url = stub
    result = run(runner, url, "watch", "tb-1")
    assert result.exit_code == 130
    assert result.stdout == "#1 deal 1 dealt; commitment c0\n"
    assert "Traceback" not in result.output and "Aborted" not in result.output
