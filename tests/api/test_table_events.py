"""GET /v1/tables/{id}/events through the app: NDJSON and SSE carry the same numbered events,
every number once, from the first or after Last-Event-ID / ?after=; a seat sees its own hand
and a spectator none before deal_over; a long poll waits for the next event and is woken by
it (the bell); bad parameters are specific 4xx problems."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from bigtwo import limits
from bigtwo.live import engine
from bigtwo.rules.profiles import ProfileResolver
from bigtwo.store.db import Store

pytestmark = pytest.mark.waits  # the bell's ticks and streams' waits, in real time

PRESETS = ProfileResolver(lambda _: None, lambda _: None)
SSE = {"Accept": "text/event-stream"}


def new_table(app: Flask, bots: list[int], deals: int = 1,
              profile: str = "hk-standard") -> tuple[str, dict[str, Any]]:
    spec, problems = engine.spec_problems({"profile": profile, "players": ["A", "B", "C", "D"],
                                           "bots": bots, "deals": deals}, PRESETS)
    assert spec is not None, problems
    store = Store(app.config["BIGTWO_DB"])
    try:
        state, tokens = store.live_tables.create(spec, client="198.51.100.1",
                                                 creation_key=None, tournament=None)
    finally:
        store.close()
    return str(state["id"]), tokens


def ndjson(client: FlaskClient, path: str, **headers: str) -> list[dict[str, Any]]:
    answer = client.get(path, headers=headers)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert answer.mimetype == "application/x-ndjson"
    return [json.loads(line) for line in answer.get_data(as_text=True).splitlines()]


def sse(client: FlaskClient, path: str, **headers: str) -> list[dict[str, Any]]:
    answer = client.get(path, headers={**SSE, **headers})
    assert answer.status_code == 200 and answer.mimetype == "text/event-stream"
    assert answer.headers["Cache-Control"] == "private, no-store"
    events = []
    for frame in answer.get_data(as_text=True).split("\n\n"):
        fields = dict(line.split(": ", 1) for line in frame.splitlines()
                      if ": " in line and not line.startswith(":"))
        if "id" in fields:
            events.append({"id": int(fields["id"]), "type": fields["event"],
                           "data": json.loads(fields["data"])})
    return events


def test_a_bots_match_streams_whole_and_the_same_both_ways(app: Flask,
                                                          client: FlaskClient) -> None:
    table, _ = new_table(app, bots=[0, 1, 2, 3])
    every = ndjson(client, f"/v1/tables/{table}/events?after=0")
    assert [e["id"] for e in every] == list(range(1, len(every) + 1))
    assert every[0]["type"] == "dealt" and every[-1]["type"] == "match_over"
    # The SSE stream of a finished match ends by itself, after match_over.
    assert sse(client, f"/v1/tables/{table}/events") == every


@pytest.mark.parametrize("cut", [1, 2, 10, -2, -1])
def test_resuming_loses_and_repeats_nothing(app: Flask, client: FlaskClient, cut: int) -> None:
    table, _ = new_table(app, bots=[0, 1, 2, 3])
    every = ndjson(client, f"/v1/tables/{table}/events")
    last = every[cut - 1]["id"] if cut > 0 else every[cut]["id"]
    rest = [e for e in every if e["id"] > last]
    assert sse(client, f"/v1/tables/{table}/events", **{"Last-Event-ID": str(last)}) == rest
    assert ndjson(client, f"/v1/tables/{table}/events?after={last}") == rest


def test_a_seat_sees_its_hand_and_a_spectator_none(app: Flask, client: FlaskClient) -> None:
    table, tokens = new_table(app, bots=[1, 2, 3])
    seat = {"Authorization": f"Bearer {tokens['seats'][0]}"}
    organiser = {"Authorization": f"Bearer {tokens['organiser']}"}
    mine = ndjson(client, f"/v1/tables/{table}/events?after=0", **seat)
    assert len(mine[0]["data"]["hand"]) == 13
    for viewer in ({}, organiser):
        theirs = ndjson(client, f"/v1/tables/{table}/events?after=0", **viewer)
        assert [e["id"] for e in theirs] == [e["id"] for e in mine]
        assert "hand" not in json.dumps(theirs)


def test_a_long_poll_is_woken_by_the_next_move(app: Flask, client: FlaskClient) -> None:
    table, tokens = new_table(app, bots=[1, 2, 3])
    seat = {"Authorization": f"Bearer {tokens['seats'][0]}"}
    seen = ndjson(client, f"/v1/tables/{table}/events", **seat)
    got: list[list[dict[str, Any]]] = []
    poll = threading.Thread(target=lambda: got.append(ndjson(
        app.test_client(), f"/v1/tables/{table}/events?after={seen[-1]['id']}&wait=30",
        **seat)))
    poll.start()
    store = Store(app.config["BIGTWO_DB"])
    state = store.live_tables.get(table)
    assert state is not None
    legal = engine.view(state, 0, "en")["legal_plays"]
    store.live_tables.transact(table, lambda s: engine.move(
        s, 0, {"play": legal[0]} if legal else {"pass": True}, now=store.live_tables.now(),
        new_seed=store.live_tables.new_seed))
    store.close()
    poll.join(timeout=60)
    assert got and got[0][0]["id"] == seen[-1]["id"] + 1
    assert got[0][0]["type"] == "move" and got[0][0]["data"]["seat"] == 0


def test_a_move_answered_here_wakes_this_process_streams_without_the_watcher(
        app: Flask, client: FlaskClient) -> None:
    """The request that made the move rings its own process's bell: a stream held here learns
    of it at once, not at the watcher's next tick (here a minute away, so only the ring can)."""
    table, tokens = new_table(app, bots=[1, 2, 3])
    seat = {"Authorization": f"Bearer {tokens['seats'][0]}"}
    seen = ndjson(client, f"/v1/tables/{table}/events", **seat)  # starts the bell
    from app.api.table_events import start_bell

    start_bell(app).interval = 60.0  # the watcher's next tick: after its current wait, a minute
    time.sleep(2 * limits.BELL_INTERVAL_SECONDS)  # that current wait is over
    got: list[list[dict[str, Any]]] = []
    poll = threading.Thread(target=lambda: got.append(ndjson(
        app.test_client(), f"/v1/tables/{table}/events?after={seen[-1]['id']}&wait=30",
        **seat)))
    poll.start()
    time.sleep(0.5)  # the poll is waiting (were it not yet, it finds the move at once anyway)
    legal = client.get(f"/v1/tables/{table}", headers=seat).get_json()["legal_plays"]
    moved = client.post(f"/v1/tables/{table}/moves", headers=seat,
                        json={"play": legal[0]} if legal else {"pass": True})
    assert moved.status_code == 200, moved.get_data(as_text=True)
    poll.join(timeout=20)  # well before the poll's 30 s and the watcher's minute
    assert got and got[0][0]["id"] == seen[-1]["id"] + 1
    assert got[0][0]["type"] == "move" and got[0][0]["data"]["seat"] == 0


@pytest.mark.parametrize(("path", "headers", "status", "named"), [
    ("/v1/tables/tb-0/events", {}, 404, ""),
    ("/v1/tables/{t}/events?wait=31", {}, 422, "wait"),
    ("/v1/tables/{t}/events?after=-1", {}, 422, "after"),
    ("/v1/tables/{t}/events?after=x", {}, 422, "after"),
    ("/v1/tables/{t}/events?after=9223372036854775808", {}, 422, "after"),
    ("/v1/tables/{t}/events?after=99999999999999999999999", {}, 422, "after"),
    ("/v1/tables/{t}/events?wait=nan", {}, 422, "wait"),
    ("/v1/tables/{t}/events?wait=inf", {}, 422, "wait"),
    ("/v1/tables/{t}/events", {**SSE, "Last-Event-ID": "9223372036854775808"}, 400,
     "Last-Event-ID"),
    ("/v1/tables/{t}/events", {**SSE, "Last-Event-ID": "1e3"}, 400, "Last-Event-ID"),
    ("/v1/tables/{t}/events", {"Authorization": "Bearer " + "x" * 32}, 401, ""),
    ("/v1/tables/{t}/events", {"Authorization": "Basic eDp5"}, 401, ""),
    ("/v1/tables/{t}/events", {"Authorization": "Bearer {other}"}, 403, ""),
])
def test_bad_requests_are_specific_problems(app: Flask, client: FlaskClient, path: str,
                                            headers: dict[str, str], status: int,
                                            named: str) -> None:
    table, _ = new_table(app, bots=[1, 2, 3])
    _, other = new_table(app, bots=[1, 2, 3])
    headers = {k: v.replace("{other}", other["seats"][0]) for k, v in headers.items()}
    answer = client.get(path.replace("{t}", table), headers=headers)
    assert answer.status_code == status
    assert answer.mimetype == "application/problem+json"
    assert named in answer.get_data(as_text=True)
    if status == 401:
        assert answer.headers["WWW-Authenticate"].startswith("Bearer")


def test_the_endpoint_is_in_the_openapi_document(client: FlaskClient) -> None:
    spec = client.get("/openapi.json").get_json()
    operation = spec["paths"]["/v1/tables/{table_id}/events"]["get"]
    assert set(operation["responses"]["200"]["content"]) == {"text/event-stream",
                                                            "application/x-ndjson"}
    assert {p["name"] for p in operation["parameters"]} >= {"after", "wait", "Last-Event-ID"}
    assert "429" in operation["responses"]


@pytest.mark.parametrize("method", ["GET", "HEAD"])
def test_a_stream_gives_its_slot_back_read_or_not(app: Flask, client: FlaskClient,
                                                  method: str) -> None:
    from app.api.table_events import stream_count

    table, _ = new_table(app, bots=[0, 1, 2, 3])
    before = stream_count(app)
    for _ in range(3):
        answer = client.open(f"/v1/tables/{table}/events", method=method, headers=SSE)
        assert answer.status_code == 200 and answer.mimetype == "text/event-stream"
        answer.close()
    assert stream_count(app) == before


def test_a_head_of_a_long_poll_does_not_wait(app: Flask, client: FlaskClient) -> None:
    from app.api import table_events

    table, _ = new_table(app, bots=[1, 2, 3])
    waited: list[float] = []
    real = table_events._long_poll
    table_events._long_poll = lambda *a: waited.append(a[-1]) or real(*a)  # type: ignore[assignment]
    try:
        assert client.head(f"/v1/tables/{table}/events?after=99&wait=30").status_code == 200
        assert client.get(f"/v1/tables/{table}/events?after=99&wait=0.01").status_code == 200
    finally:
        table_events._long_poll = real  # type: ignore[assignment]
    assert waited == [0.01]


def test_every_event_of_a_match_fits_the_documented_line(app: Flask,
                                                         client: FlaskClient) -> None:
    """The strict OAS 3.0 validator over every event type: a bots' match and an abandoned
    table with a seat (its hand, then every hand revealed)."""
    from openapi_schema_validator import OAS30StrictValidator, oas30_strict_format_checker

    spec = client.get("/openapi.json").get_json()
    line = spec["paths"]["/v1/tables/{table_id}/events"]["get"]["responses"]["200"]["content"]
    schema = {**line["application/x-ndjson"]["schema"], "components": spec["components"]}
    check = OAS30StrictValidator(schema, format_checker=oas30_strict_format_checker)
    matched, tokens = new_table(app, bots=[0, 1, 2, 3])
    ended, tokens = new_table(app, bots=[1, 2, 3])
    client.delete(f"/v1/tables/{ended}", headers={
        "Authorization": f"Bearer {tokens['organiser']}"})
    seen = set()
    for table, headers in ((matched, {}), (ended, {
            "Authorization": f"Bearer {tokens['seats'][0]}"}), (ended, {})):
        for event in ndjson(client, f"/v1/tables/{table}/events", **headers):
            assert [e.message for e in check.iter_errors(event)] == []
            seen.add(event["type"])
    assert seen == {"dealt", "move", "trick", "deal_over", "match_over", "abandoned"}


def test_no_query_or_header_makes_the_endpoint_fail(app: Flask, client: FlaskClient) -> None:
    """Any after, wait and Last-Event-ID: an answer or a 4xx problem, never a 500."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    table, _ = new_table(app, bots=[1, 2, 3])
    edges = [str(2**63 - 1), str(2**63), str(10**25), "-1", "-0", "0", "1e3", "0x10", " 1",
             "١", "NaN", "Infinity", "30.0000001", ""]
    text = st.one_of(st.sampled_from(edges), st.sampled_from(edges),
                     st.integers(min_value=-2**70, max_value=2**70).map(str),
                     st.floats(allow_nan=True, allow_infinity=True).map(repr),
                     st.text(st.characters(codec="ascii", exclude_categories=["Cc"]),
                             max_size=30))

    @settings(max_examples=300, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(after=st.none() | text, wait=st.none() | text, last=st.none() | text)
    def check(after: str | None, wait: str | None, last: str | None) -> None:
        query = {k: v for k, v in (("after", after), ("wait", wait)) if v is not None}
        if "wait" in query:
            query["wait"] = query["wait"] if not _short(query["wait"]) else "0"
        headers = {**SSE, "Last-Event-ID": last} if last is not None else {}
        answer = client.get(f"/v1/tables/{table}/events", query_string=query, headers=headers)
        assert answer.status_code in (200, 400, 422), (query, last, answer.status_code)
        if answer.status_code == 200 and answer.mimetype == "text/event-stream":
            answer.close()  # an open table's stream would wait: its head is enough

    check()


def _short(wait: str) -> bool:
    """A valid wait, which the check turns into 0 (it asserts answers, not waiting)."""
    try:
        return 0 < float(wait) <= 30
    except ValueError:
        return False
