"""``GET /v1/tables/{id}/events``: a live table's events as Server-Sent Events, or as NDJSON
with ``?after=N&wait=S`` (a long poll for clients without SSE).

Every event is numbered; each viewer sees every number, its content filtered for the viewer
by the engine (``bigtwo.live.engine.for_viewer``): a seat token sees its own hand, a
spectator (no token, or the organiser's) none before the deal is over. An SSE stream starts at
the table's first event, or after ``Last-Event-ID``; it ends after ``match_over`` or
``abandoned``. A stream waits on the bell (app/tables_bell.py) between events, holding a
stream thread (app/serving.py) and a slot of the stream limits (app/stream_slots.py), and no
store connection: it opens one for each read.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator
from typing import Any

from flask import Flask, Response, current_app, request
from flask_smorest import Blueprint
from marshmallow import Schema, fields, validate

from app import stream_slots
from app.api.problem_helpers import errors_of, query_args, raise_problem, register_problem_handlers
from app.clients import client_network
from app.problems import PROBLEM_TYPE_BASE, ProblemException, abort_problem
from app.store import close_store, get_store, give_back, take_store
from app.tables_bell import Bell, bell_for
from bigtwo import limits
from bigtwo.live import engine
from bigtwo.store import table_records
from bigtwo.store.db import Store
from bigtwo.store.errors import StoreError

blp = Blueprint("table_events", __name__, url_prefix="/v1/tables",
                description="Live tables: the events of a table, as a stream")
register_problem_handlers(blp)
errors = errors_of(blp, {
    400: "Last-Event-ID is not a whole number",
    401: "a token that is no seat's of any table (WWW-Authenticate: Bearer)",
    403: "another table's token",
    404: "no such table",
    422: "bad query parameters (after, wait)",
    429: "too many open streams, of this client or of the service (Retry-After)",
})

SSE = "text/event-stream"
NDJSON = "application/x-ndjson"
# One line of the NDJSON answer (OpenAPI 3.0 has no way to say "lines of"; the description
# says it). ``data`` holds the fields of its type (docs/TABLES.md, Events), each optional here.
_SEATS = {"type": "array", "items": {"type": "integer"}}
_NUMBERS = {"type": "array", "items": {"type": "number"}}
_CARDS = {"type": "array", "items": {"type": "string"}}
_NULL = {"type": "object", "nullable": True, "enum": [None]}
EVENT_LINE: dict[str, Any] = {"type": "object", "required": ["id", "type", "data"], "properties": {
    "id": {"type": "integer", "minimum": 1, "description": "the event's number, from 1"},
    "type": {"type": "string", "enum": ["dealt", "entropy", "move", "trick", "deal_over",
                                        "match_over", "abandoned"]},
    "data": {"type": "object", "description": "what the event says, as the viewer may see it",
             "properties": {
                 "deal": {"type": "integer", "description": "the deal's index"},
                 "deals": {"type": "integer", "description": "match_over: deals played"},
                 "commitment": {"type": "string", "nullable": True},
                 "next_commitment": {"type": "string", "nullable": True},
                 "leader": {"type": "integer", "description": "the seat that leads"},
                 "cards": {**_SEATS, "description": "dealt: cards per seat"},
                 "hand": {**_CARDS, "description": "dealt, to its seat alone: its cards"},
                 "posted": {**_SEATS, "description": "entropy: the seats that posted"},
                 "move": {"type": "integer", "description": "the move's index in its deal"},
                 "seat": {"type": "integer"},
                 "at": {"type": "string", "format": "date-time"},
                 "play": _CARDS,
                 "pass": {"type": "boolean"},
                 "timeout": {"type": "boolean"},
                 "call": {"type": "boolean"},
                 "cards_left": _SEATS,
                 "winner": {"type": "integer", "nullable": True},
                 "places": {**_SEATS, "nullable": True},
                 "penalties": {**_NUMBERS, "nullable": True},
                 "scores": {**_NUMBERS, "nullable": True},
                 "totals": _NUMBERS,
                 "winners": _SEATS,
                 "hands": {"type": "array", "nullable": True, "items": _CARDS,
                           "description": "deal_over, abandoned: every seat's hand, revealed"},
                 "proof": {"anyOf": [{"$ref": "#/components/schemas/Proof"}, _NULL]},
             }}}}
END_TYPES = frozenset({"match_over", "abandoned"})
CLOSED_STATUSES = frozenset({"over", "abandoned"})


class EventsQuery(Schema):
    after = fields.Integer(validate=validate.Range(min=0, max=limits.MAX_EVENT_NUMBER), metadata={
        "description": "answer NDJSON: the events after this number (0: all of them)"})
    wait = fields.Float(validate=validate.Range(min=0, max=limits.MAX_EVENTS_WAIT_SECONDS),
                        metadata={"description": "seconds to wait for the first event when "
                                  "there is none after `after` yet (at most "
                                  f"{limits.MAX_EVENTS_WAIT_SECONDS})"})


def make_bell(app: Flask) -> Bell:
    db, quotas = app.config["BIGTWO_DB"], app.config["BIGTWO_QUOTAS"]
    # An idle table ends as the organiser's DELETE ends it: the finished deals go to a linked
    # tournament.
    return Bell(lambda: Store(db, quotas), abandon=table_records.abandon)


def start_bell(app: Flask, linger: float | None = limits.BELL_LINGER_SECONDS) -> Bell:
    """This process's bell for ``app``'s store, running (a gunicorn worker's for good, one
    started by a request until it has been unused for ``linger`` seconds)."""
    bell = bell_for(str(app.config["BIGTWO_DB"]), lambda: make_bell(app))
    bell.keep(linger)
    bell.start()
    return bell


def init_app(app: Flask) -> None:
    """Without gunicorn (the test client, ``flask run``) the bell starts with the first
    request for a table: its clocks then run whoever looks next."""

    def bell_for_tables() -> None:
        if request.path.startswith("/v1/tables") or request.path.startswith("/tables"):
            start_bell(current_app._get_current_object())  # type: ignore[attr-defined]

    app.before_request(bell_for_tables)


def _setting(app: Flask, name: str, default: float) -> float:
    """A deployment's value (the app's config, else the environment), else the default."""
    given = app.config.get(name, os.environ.get(name))
    return default if given in (None, "") else float(given)


def _limits(app: Flask) -> tuple[int, int]:
    return (int(_setting(app, "BIGTWO_STREAMS_PER_CLIENT", limits.MAX_STREAMS_PER_CLIENT)),
            int(_setting(app, "BIGTWO_STREAMS_PER_SERVICE", limits.MAX_STREAMS_PER_SERVICE)))


def _viewer(table_id: str) -> int | None:
    """The seat of the Bearer token, None for a spectator (no token, or the organiser's)."""
    tables = get_store().live_tables
    if not tables.exists(table_id):
        abort_problem(404, "Not Found", f"there is no table {table_id!r}")
    given = request.headers.get("Authorization")
    if given is None:
        return None
    scheme, _, token = given.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise_problem(StoreError(401, "Unauthorized", "send a seat token as 'Authorization: "
                                 "Bearer <token>', or no Authorization to watch as a spectator"))
    try:
        seat: int | None = tables.seat_of(table_id, token.strip())
    except StoreError as refusal:
        raise_problem(refusal)
    return seat


def _last_event_id() -> int | None:
    raw = request.headers.get("Last-Event-ID")
    if raw is None or raw.strip() == "":
        return None
    text = raw.strip()
    if not (text.isascii() and text.isdigit() and len(text) <= limits.MAX_JSON_INT_DIGITS
            and int(text) <= limits.MAX_EVENT_NUMBER):
        abort_problem(400, "Bad Request", "Last-Event-ID must be the number of the last event "
                      "received (a whole number)", type_=PROBLEM_TYPE_BASE + "bad-last-event-id")
    return int(text)


class _Reader:
    """Reads a table's events for one viewer, with a connection taken for each read."""

    def __init__(self, app: Flask, table_id: str, seat: int | None) -> None:
        self.db, self.quotas = app.config["BIGTWO_DB"], app.config["BIGTWO_QUOTAS"]
        self.table_id, self.seat = table_id, seat

    def after(self, n: int, first: bool = False) -> tuple[list[dict[str, Any]], bool]:
        """The viewer's events after ``n`` (at most a read's worth), and, on the ``first``
        read, whether the table is over with nothing after them. Later reads need not ask:
        a stream that saw the table open sees its last event (match_over, abandoned) come,
        and asking would cost every woken stream the table's state."""
        store = take_store(self.db, self.quotas)  # a kept connection: 500 streams wake at once
        try:
            tables = store.live_tables
            found = tables.events_after(self.table_id, n, limits.MAX_EVENTS_PER_READ)
            shown = [engine.for_viewer(event, self.seat) for event in found]
            if shown or not first:
                return shown, False
            state = tables.get(self.table_id)  # catches a due clock up, as any look does
            return [], state is None or state.get("status") in CLOSED_STATUSES
        finally:
            give_back(store)


class _TooManyStreams(ProblemException):
    def get_response(self, environ: Any = None, scope: Any = None) -> Response:
        response = super().get_response(environ, scope)
        response.headers["Retry-After"] = str(limits.STREAMS_RETRY_AFTER_SECONDS)
        return response


def _take_slot(app: Flask) -> Any:
    per_client, per_service = _limits(app)
    slots = stream_slots.slots(per_client, per_service)
    slot = slots.take(client_network(request.environ))
    if isinstance(slot, stream_slots.Refused):
        whose = "this client has" if slot.scope == "client" else "the service has"
        raise _TooManyStreams(
            429, "Too Many Requests",
            f"{whose} {slot.limit} event streams open already, the most allowed: close one, "
            f"or try again later", type_=PROBLEM_TYPE_BASE + "too-many-streams",
            extra={"limit": slot.limit, "scope": slot.scope})
    return slots, slot


def sse_frame(event: dict[str, Any]) -> bytes:
    data = json.dumps(event["data"], ensure_ascii=False, separators=(",", ":"))
    return f"id: {event['id']}\nevent: {event['type']}\ndata: {data}\n\n".encode()


def _sse(reader: _Reader, bell: Bell, after: int, heartbeat: float) -> Iterator[bytes]:
    # Registered before the first read: a change committed after any read rings.
    with bell.waiter(reader.table_id) as rung:
        yield b"retry: 3000\n\n"
        first = True
        while True:
            rung.clear()
            shown, closed = reader.after(after, first)
            first = False
            for event in shown:
                yield sse_frame(event)
                after = int(event["id"])
                if event["type"] in END_TYPES:
                    return
            if closed:
                return
            if shown:
                continue  # a read's worth: there may be more at once
            if not rung.wait(heartbeat):
                # Keeps proxies from closing an idle stream, and finds a client gone.
                yield b": keep-alive\n\n"


class _Held:
    """A stream's body that gives its slot back when the server closes it, whether or not it
    was ever iterated (a HEAD request, a client gone before the first byte): a generator's
    own ``finally`` runs only once it has started."""

    def __init__(self, body: Iterator[bytes], slots: Any, slot: int) -> None:
        self.body, self.slots, self.slot = body, slots, slot
        self._given = False
        self._lock = threading.Lock()

    def __iter__(self) -> Iterator[bytes]:
        return self.body

    def close(self) -> None:
        try:
            close = getattr(self.body, "close", None)
            if close is not None:
                close()
        finally:
            with self._lock:
                given, self._given = self._given, True
            if not given:
                self.slots.give_back(self.slot)


def _long_poll(reader: _Reader, bell: Bell, after: int, wait: float) -> list[dict[str, Any]]:
    deadline = None
    with bell.waiter(reader.table_id) as rung:
        while True:
            rung.clear()
            shown, closed = reader.after(after, first=deadline is None)
            if shown or closed or wait <= 0:
                return shown
            now = time.monotonic()
            deadline = now + wait if deadline is None else deadline
            if now >= deadline or not rung.wait(deadline - now):
                shown, _ = reader.after(after)
                return shown


@blp.route("/<table_id>/events")
@blp.doc(security=[{}, {"TableToken": []}], parameters=[
    {"in": "query", "name": "after", "required": False,
     "schema": {"type": "integer", "minimum": 0, "maximum": limits.MAX_EVENT_NUMBER},
     "description": "answer NDJSON: the events after this number (0: all of them)"},
    {"in": "query", "name": "wait", "required": False,
     "schema": {"type": "number", "minimum": 0, "maximum": limits.MAX_EVENTS_WAIT_SECONDS},
     "description": "NDJSON: seconds to wait for the first event when there is none after "
                    "`after` yet"},
    {"in": "header", "name": "Last-Event-ID", "required": False, "schema": {"type": "string"},
     "description": "SSE: resume after this event (EventSource sends it when it reconnects)"}],
    responses={200: {"description": (
        "With `Accept: text/event-stream` (and no `after`): Server-Sent Events from the "
        "table's first event (or after Last-Event-ID), each `id:` its number, `event:` its "
        "type (dealt, entropy, move, trick, deal_over, match_over, abandoned), `data:` one "
        "JSON object; a comment line every "
        f"{limits.STREAM_HEARTBEAT_SECONDS} s while nothing happens; the stream ends after "
        "match_over or abandoned. Otherwise NDJSON, one {\"id\", \"type\", \"data\"} a line: "
        "the events after `after` (all when absent), waiting up to `wait` seconds for the "
        "first. A seat token sees its own hand; a spectator no hand before deal_over."),
        "content": {SSE: {"schema": {"type": "string"}},
                    NDJSON: {"schema": EVENT_LINE}}}})
@errors(400, 401, 403, 404, 422, 429)
def table_events(table_id: str) -> Response:
    """The table's events, as the viewer may see them: SSE, or an NDJSON long poll."""
    query = query_args(EventsQuery())
    seat = _viewer(table_id)
    close_store()  # a stream, or a long poll that waits, holds no store connection meanwhile
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    bell = start_bell(app)
    reader = _Reader(app, table_id, seat)
    wants_sse = ("after" not in query and "wait" not in query
                 and request.accept_mimetypes.best_match([NDJSON, SSE]) == SSE
                 and SSE in request.accept_mimetypes.values())
    if wants_sse and request.method == "HEAD":
        # The stream's head alone: gunicorn would read a body it then drops, and an SSE body
        # waits, holding a request thread for nothing.
        response = Response(b"", mimetype=SSE)
        response.headers["Cache-Control"] = "private, no-store"
    elif wants_sse:
        after = _last_event_id() or 0
        slots, slot = _take_slot(app)
        heartbeat = _setting(app, "BIGTWO_STREAM_HEARTBEAT", limits.STREAM_HEARTBEAT_SECONDS)
        held = _Held(_sse(reader, bell, after, heartbeat), slots, slot)
        response = Response(held, mimetype=SSE)
        # Proxies must pass each event on as it comes, and nothing may keep a seat's events.
        response.headers["Cache-Control"] = "private, no-store"
        response.headers["X-Accel-Buffering"] = "no"
    else:
        # A HEAD is answered on a request thread (app/serving.py): it never waits.
        wait = 0.0 if request.method == "HEAD" else float(query.get("wait", 0))
        after = int(query.get("after", 0))
        if wait > 0:
            slots, slot = _take_slot(app)
            try:
                shown = _long_poll(reader, bell, after, wait)
            finally:
                slots.give_back(slot)
        else:
            shown = reader.after(after, first=True)[0]
        body = "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n"
                       for e in shown)
        response = Response(body, mimetype=NDJSON)
        response.headers["Cache-Control"] = "private, no-store"
    response.vary.add("Authorization")
    response.vary.add("Accept")
    return response


def stream_count(app: Flask) -> int:
    """Streams open on the server (every worker), for tests and the bench."""
    return stream_slots.slots(*_limits(app)).open_count()

