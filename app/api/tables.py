"""Live tables (docs/TABLES.md): create a table, see it as a seat or a spectator, move, post
entropy, read its record, end it. The events stream is ``app.api.table_events``.

Secrecy: a seat's view is ``Cache-Control: private, no-store`` with ``Vary: Authorization``
and an ETag of its own; tokens travel only in ``Authorization`` (never logged, never in a URL)
and are looked up by their SHA-256; a refusal speaks of the mover's hand only.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from typing import Any, NoReturn

from flask import Response, current_app, json, request
from flask_smorest import Blueprint

from app import tables_bell
from app.api.common import PAGE_PARAMETERS, language, request_doc
from app.api.problem_helpers import errors_of, query_args, raise_problem, register_problem_handlers
from app.api.tokens import creation_key
from app.body import token_first
from app.clients import client_network
from app.problems import MEDIA_TYPE, PROBLEM_TYPE_BASE, ProblemException, json_body
from app.store import get_store, request_resolver
from bigtwo import limits
from bigtwo.formats.notation.writer import NotationError, write_record
from bigtwo.live import engine
from bigtwo.reports.messages import render
from bigtwo.rules.problems import Problem
from bigtwo.store import table_records, tournaments
from bigtwo.store.db import Store
from bigtwo.store.errors import StoreError
from bigtwo.store.live_tables import Holder, TableError, is_refusal
from bigtwo.store.quotas import QuotaExceeded
from bigtwo.store.tokens import token_hash
from schemas.tables import (
    TableCreatedSchema,
    TableCreateSchema,
    TableEntropySchema,
    TableListArgsSchema,
    TableMoveSchema,
    TablePageSchema,
    TableRecordSchema,
    TableViewSchema,
)

blp = Blueprint("tables", __name__, url_prefix="/v1/tables",
                description="Live tables: the service deals, hides each seat's hand and "
                            "referees every move as it is made")
register_problem_handlers(blp)
errors = errors_of(blp, {
    400: "the body is not JSON",
    401: "no token, or not a valid one (WWW-Authenticate: Bearer)",
    403: "another table's token, or a token that may not do this (a seat's to end the "
         "table, the organiser's to move)",
    404: "no such table",
    406: "the record cannot be written in the notation asked for",
    409: "not-your-turn, table-over, or another refusal of the table's state: nothing changed",
    412: "If-Match named another version of the table: nothing changed",
    413: "the body is over the size limit",
    415: "the body is not sent as application/json",
    422: "illegal-move (errors[0]: the rule's code, params and message, as a report gives "
         "them), invalid-input, idempotency-key-reused: nothing changed",
    429: "over a limit (open tables per client or creation key, moves per second per seat): "
         "Retry-After says when to try again",
})

SEAT_TOKEN = {"TableToken": []}
VIEW_CACHE = "private, no-store"
NOTATION = "text/x-bigtwo"
# Visible ASCII: a key a client made (a UUID, a counter), never anything a log could misread.
_IDEMPOTENCY_KEY = re.compile(r"[\x21-\x7e]{1," + str(limits.MAX_IDEMPOTENCY_KEY_LENGTH) + "}")

# What a table's refusals say, by slug (the engine's detail where it gave one).
TITLES = {409: "Conflict", 412: "Precondition Failed", 422: "Unprocessable Content",
          429: "Too Many Requests"}


def init_app(app: Any) -> None:
    spec = app.extensions["bigtwo_api"].spec
    spec.components.security_scheme("TableToken", {
        "type": "http", "scheme": "bearer",
        "description": "a seat's token (or, to end the table, the organiser's), as answered "
                       "once by POST /v1/tables"})
    # A named schema, not a copy of Record's parts: a generator follows references to
    # components only (a reference into a component's properties becomes no client code).
    spec.components.schema("TableRecord", schema=TableRecordSchema)


# --- who is asking ----------------------------------------------------------------------------
def _bearer(authorization: str | None) -> str | None:
    scheme, _, token = (authorization or "").strip().partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and token else None


def _holder(store: Store, table_id: str, authorization: str | None, *,
            required: bool) -> Holder | None:
    """Whose token came (None: no token, a spectator): 404 for no table, 401/403 as tokens."""
    if not store.live_tables.exists(table_id):
        raise_problem(TableError.not_found("table", table_id))
    token = _bearer(authorization)
    if token is None:
        if required:
            raise_problem(TableError(401, "Unauthorized",
                                     "send the seat's token: Authorization: Bearer <token>"))
        return None
    try:
        return store.live_tables.holder(table_id, token)
    except StoreError as refusal:
        raise_problem(refusal)


def _seat(store: Store, table_id: str, authorization: str | None) -> int:
    holder = _holder(store, table_id, authorization, required=True)
    assert holder is not None
    if holder.seat is None:
        raise_problem(TableError(403, "Forbidden", "the organiser's token plays no seat: send "
                                                   "the seat's own token"))
    return holder.seat


def seat_token(view_args: dict[str, Any], authorization: str | None) -> None:
    """Checked before the body is read (``app.body.token_first``)."""
    _seat(get_store(), view_args["table_id"], authorization)


def organiser_token(view_args: dict[str, Any], authorization: str | None) -> None:
    _organiser(get_store(), view_args["table_id"], authorization)


def _organiser(store: Store, table_id: str, authorization: str | None) -> None:
    holder = _holder(store, table_id, authorization, required=True)
    if holder is None or holder.role != "organiser":
        raise_problem(TableError(403, "Forbidden", "only the organiser's token ends a table"))


# --- answers ----------------------------------------------------------------------------------
def etag(version: int, seat: int | None, lang: str) -> str:
    viewer = "spectator" if seat is None else f"seat{seat}"
    return f'"{version}-{viewer}-{lang}"'


def _matches(if_match: str) -> Callable[[dict[str, Any]], bool]:
    """``If-Match``: the view's version, or an ETag made from it; ``*`` any."""
    wanted = set()
    for part in if_match.split(","):
        tag = part.strip()
        if tag == "*":
            return lambda state: True
        tag = tag.removeprefix("W/").strip('"')
        head = tag.split("-", 1)[0]
        if head.isascii() and head.isdigit() and len(head) <= 20:
            wanted.add(int(head))
    return lambda state: state["version"] in wanted


def view_response(body: dict[str, Any], seat: int | None, lang: str, status: int = 200) -> Response:
    response = Response(json.dumps(body), status=status, mimetype="application/json")
    response.headers["ETag"] = etag(body["version"], seat, lang)
    response.headers["Cache-Control"] = VIEW_CACHE
    response.headers["Content-Language"] = lang
    response.vary.add("Authorization")
    response.vary.add("Accept-Language")
    return response


def refusal_document(refusal: Any, state: dict[str, Any], seat: int | None,
                     lang: str) -> dict[str, Any]:
    """The problem document of a table's refusal; an illegal move's ``errors[0]`` is the
    report's error (code, deal, move, seat, params, message in ``lang``)."""
    status = int(refusal.status)
    doc: dict[str, Any] = {"type": PROBLEM_TYPE_BASE + refusal.slug,
                           "title": TITLES.get(status, "Conflict"), "status": status,
                           "detail": getattr(refusal, "detail", "") or refusal.slug}
    if refusal.code is not None:
        error: dict[str, Any] = {"code": refusal.code, "deal": getattr(refusal, "deal", None),
                 "move": getattr(refusal, "move", None),
                 "seat": seat if getattr(refusal, "seat", None) is None else refusal.seat,
                 "params": refusal.params}
        error["message"] = render(error, lang)
        error["pointer"] = ("" if error["deal"] is None or error["move"] is None
                            else f"/deals/{error['deal']}/moves/{error['move']}")
        error["detail"] = doc["detail"] = error["message"]
        doc["errors"] = [error]
    elif refusal.params and isinstance(refusal.params.get("errors"), list):
        doc["errors"] = refusal.params["errors"]
    if status == 412:
        doc["detail"] = getattr(refusal, "detail", "") or (
            f"the table is at version {state['version']}; If-Match named another: nothing "
            "changed")
        doc["version"] = state["version"]
    return doc


def _answer(seat: int, lang: str) -> Callable[[Any, dict[str, Any]], tuple[int, Any]]:
    def answer(outcome: Any, state: dict[str, Any]) -> tuple[int, Any]:
        if is_refusal(outcome):
            return int(outcome.status), refusal_document(outcome, state, seat, lang)
        return 200, engine.view(state, seat, lang)
    return answer


def _acted_response(acted: Any, seat: int, lang: str) -> Response:
    if acted.status == 429:
        raise _TooMany("this seat has made its moves for this second "
                       f"(at most {limits.MAX_MOVES_PER_SECOND} a second, refused ones "
                       "included)", str(acted.retry_after or 1))
    if acted.status == 200:
        response = view_response(acted.answer, seat, lang)
    else:
        response = Response(json.dumps(acted.answer), status=acted.status, mimetype=MEDIA_TYPE)
        response.headers["Cache-Control"] = VIEW_CACHE
    if acted.replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return response


class _TooMany(ProblemException):
    def __init__(self, detail: str, retry_after: str, kind: str = "too-many-moves") -> None:
        super().__init__(429, "Too Many Requests", detail, type_=PROBLEM_TYPE_BASE + kind)
        self.retry_after = retry_after

    def get_response(self, environ: Any = None, scope: Any = None) -> Response:
        response = super().get_response(environ, scope)
        response.headers["Retry-After"] = self.retry_after
        return response


def _idempotency_key() -> str | None:
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    if not _IDEMPOTENCY_KEY.fullmatch(key):
        raise ProblemException(422, "Unprocessable Content", "bad Idempotency-Key header",
                               type_=PROBLEM_TYPE_BASE + "invalid-input", errors=[{
                                   "pointer": "", "parameter": "Idempotency-Key",
                                   "detail": f"1 to {limits.MAX_IDEMPOTENCY_KEY_LENGTH} "
                                             "visible ASCII characters"}])
    return key


def _file_record(store: Store, state: dict[str, Any]) -> None:
    if state.get("status") in table_records.ENDED:
        table_records.file_record(store, state)


# --- creating and listing -------------------------------------------------------------------
def _tournament_link(store: Store, link: Any, spec: Any) -> str | None:
    """The linked tournament's id, its token checked now (401/403 as an upload) and its
    profile the table's (409 profile-mismatch); the token is kept nowhere."""
    if link is None:
        return None
    if (not isinstance(link, dict) or set(link) != {"id", "token"}
            or not all(isinstance(link[k], str) for k in link)):
        raise ProblemException(422, "Unprocessable Content", "the table cannot be created",
                               type_=PROBLEM_TYPE_BASE + "invalid-input", errors=[
                                   Problem("/tournament", '{"id": ..., "token": ...}')])
    try:
        found = tournaments.authorize(store, link["id"], "Bearer " + link["token"])
        theirs = tournaments.tournament_profile(store, found)
    except StoreError as refusal:
        raise_problem(refusal)
    if theirs.hash != spec.profile.hash:
        raise ProblemException(409, "Conflict",
                               f"the tournament plays {theirs.id!r}; this table would play "
                               f"{spec.profile.id!r}, whose rules differ: nothing was created",
                               type_=PROBLEM_TYPE_BASE + "profile-mismatch")
    tournament_id: str = found["id"]
    return tournament_id


def _creator(store: Store) -> tuple[str | None, str | None]:
    """Whom a new table counts against: (client, creation key), each as a hash."""
    key = _bearer(request.headers.get("Authorization"))
    if key is not None and store.keys.valid(key):
        return None, token_hash(key)
    return token_hash("client\n" + client_network(request.environ)), None


@blp.route("", methods=["POST"])
@token_first(creation_key)
@blp.doc(**request_doc(TableCreateSchema, "the profile, a name per seat, and optionally bots, "
                                          "deals, a clock, fairness and a tournament"),
         security=[{}, {"CreationKey": []}])
@blp.response(201, TableCreatedSchema, description="the table; its tokens are shown this once")
@errors(400, 401, 403, 404, 409, 413, 415, 422, 429)
def create_table() -> Any:
    """Create a live table: the answer holds the organiser's and each seat's token, shown
    once, and the first deal's commitment."""
    store = get_store()
    try:
        tournaments.require_creation_key(store, request.headers.get("Authorization"))
    except StoreError as refusal:
        raise_problem(refusal)
    body = json_body()
    link = body.pop("tournament", None) if isinstance(body, dict) else None
    spec, problems = engine.spec_problems(body, request_resolver())
    if spec is None:
        raise ProblemException(422, "Unprocessable Content", "the table cannot be created",
                               type_=PROBLEM_TYPE_BASE + "invalid-input", errors=problems)
    tournament_id = _tournament_link(store, link, spec)
    client, key = _creator(store)
    try:
        state, tokens = store.live_tables.create(spec, client=client, creation_key=key,
                                                 tournament=tournament_id)
    except QuotaExceeded as exc:
        raise _TooMany(f"{exc}: end a table (DELETE) or let one finish first", "60",
                       kind="too-many-tables") from exc
    _file_record(store, state)  # a table of bots alone may have played its match already
    answer = {"id": state["id"], "url": f"/v1/tables/{state['id']}",
              "organiser_token": tokens["organiser"],
              "seats": [{"seat": seat, "name": state["players"][seat], "token": token}
                        for seat, token in sorted(tokens["seats"].items())],
              "commitment": first_commitment(state)}
    response = Response(json.dumps(answer), status=201, mimetype="application/json")
    response.headers["Location"] = answer["url"]
    response.headers["Cache-Control"] = "no-store"
    return response


def first_commitment(state: dict[str, Any]) -> str:
    """The first deal's commitment, which the creation answers: a table of bots alone may
    have finished that deal (and its match, with no running deal left) before answering."""
    finished = engine.record(state)["deals"]
    if finished:
        said: str = finished[0]["proof"]["commitment"]
        return said
    running: str = engine.view(state, None, "en")["commitment"]
    return running


@blp.route("", methods=["GET"])
@blp.response(200, TablePageSchema, description="a page of tables, newest first")
@errors(422)
@blp.doc(parameters=[*PAGE_PARAMETERS, {"in": "query", "name": "status", "schema": {
    "type": "string", "enum": ["waiting", "playing", "over", "abandoned"]}}])
def list_tables() -> Any:
    """Tables, a page at a time: id, profile id, players, status, deal, created."""
    args = query_args(TableListArgsSchema())
    limit, offset = tournaments.page_bounds(args["page"], args["per_page"])
    rows, total = get_store().live_tables.page(args.get("status"), limit, offset)
    return {**tournaments.paged(args["page"], args["per_page"], total), "tables": rows}


# --- one table --------------------------------------------------------------------------------
@blp.route("/<table_id>", methods=["GET"])
@blp.doc(security=[{}, SEAT_TOKEN], parameters=[
    {"in": "header", "name": "If-None-Match", "schema": {"type": "string"},
     "description": "the ETag of a view already held: 304 while the table has not changed"}])
@blp.response(200, TableViewSchema, description="the table as the token's seat sees it, or "
                                                "as a spectator without a token")
@blp.alt_response(304, description="not changed since the ETag sent")
@errors(401, 403, 404)
def get_table(table_id: str) -> Any:
    """The table as a seat (Bearer token) or a spectator (no token) sees it."""
    store = get_store()
    holder = _holder(store, table_id, request.headers.get("Authorization"), required=False)
    seat = None if holder is None else holder.seat
    state = store.live_tables.get(table_id)
    if state is None:
        _gone(table_id)
    _file_record(store, state)
    lang = language(request.args.get("lang"))
    tag = etag(state["version"], seat, lang)
    if tag in {t.strip() for t in (request.headers.get("If-None-Match") or "").split(",")}:
        response = Response(status=304)
        response.headers["ETag"] = tag
        response.headers["Cache-Control"] = VIEW_CACHE
        response.vary.add("Authorization")
        return response
    return view_response(engine.view(state, seat, lang), seat, lang)


def _gone(table_id: str) -> NoReturn:
    raise_problem(TableError.not_found("table", table_id))


CHANGE_HEADERS = [
    {"in": "header", "name": "If-Match", "schema": {"type": "string"},
     "description": 'the table\'s version ("7") or the seat\'s ETag: another version is 412'},
    {"in": "header", "name": "Idempotency-Key", "schema": {
        "type": "string", "minLength": 1, "maxLength": limits.MAX_IDEMPOTENCY_KEY_LENGTH},
     "description": "the same key from the same seat answers the first answer again (kept at "
                    "least 24 hours); another body with it is 422 idempotency-key-reused"},
]


def _change(table_id: str, fn: Callable[[dict[str, Any], int], Any], body: Any) -> Response:
    store = get_store()
    seat = _seat(store, table_id, request.headers.get("Authorization"))
    lang = language(request.args.get("lang"))
    key = _idempotency_key()
    if_match = request.headers.get("If-Match")
    live = store.live_tables
    try:
        acted = live.act(table_id, lambda state: fn(state, seat), seat=seat, key=key, body=body,
                         if_match=None if if_match is None else _matches(if_match),
                         answer=_answer(seat, lang), rated=True, guarded=True)
    except StoreError as refusal:
        raise_problem(refusal)
    if acted.status == 200:
        _file_record(store, acted.state)
        tables_bell.ring_here(str(current_app.config["BIGTWO_DB"]), table_id,
                              lambda: live.seq_of(table_id))
    return _acted_response(acted, seat, lang)


@blp.route("/<table_id>/moves", methods=["POST"])
@token_first(seat_token)
@blp.doc(security=[SEAT_TOKEN], parameters=CHANGE_HEADERS,
         **request_doc(TableMoveSchema, '{"play": ["3C", "3S"]}, {"pass": true}, or a play with '
                                   '"call": true under last_card_call: liable'))
@blp.response(200, TableViewSchema, description="the seat's view after the move (and the bots' "
                                                "moves that follow, up to a person's turn)")
@errors(400, 401, 403, 404, 409, 412, 413, 415, 422, 429)
def post_move(table_id: str) -> Any:
    """Make the seat's move: judged at once by the referee's rules."""
    body = json_body()
    live = get_store().live_tables
    return _change(table_id, lambda state, seat: engine.move(
        state, seat, body, now=live.now(), new_seed=live.new_seed), body)


@blp.route("/<table_id>/entropy", methods=["POST"])
@token_first(seat_token)
@blp.doc(security=[SEAT_TOKEN], parameters=CHANGE_HEADERS,
         **request_doc(TableEntropySchema, '{"entropy": "<1 to 64 characters>"}: under fairness: '
                                      'shared, the seat\'s part of the next deal\'s shuffle'))
@blp.response(200, TableViewSchema, description="the seat's view after its contribution")
@errors(400, 401, 403, 404, 409, 412, 413, 415, 422, 429)
def post_entropy(table_id: str) -> Any:
    """Post the seat's contribution to the waiting deal's shuffle."""
    body = json_body()
    if not isinstance(body, dict) or set(body) != {"entropy"}:
        raise ProblemException(422, "Unprocessable Content", "send {\"entropy\": \"...\"}",
                               type_=PROBLEM_TYPE_BASE + "invalid-input",
                               errors=[Problem("", '{"entropy": "<1 to 64 characters>"}')])
    live = get_store().live_tables
    return _change(table_id, lambda state, seat: engine.entropy(
        state, seat, body["entropy"], now=live.now(), new_seed=live.new_seed), body)


@blp.route("/<table_id>/record", methods=["GET"])
@blp.doc(responses={"200": {"description": "the finished deals as a record, each with its "
                                           "proof (the running deal is not in it); notation is "
                                           "empty before the first deal ends", "content": {
    "application/json": {"schema": {"$ref": "#/components/schemas/TableRecord"}},
    NOTATION: {"schema": {"type": "string"}}}}})
@errors(404, 406)
def get_record(table_id: str) -> Any:
    """The match as a record: JSON, or Big Two notation with Accept: text/x-bigtwo."""
    store = get_store()
    state = store.live_tables.get(table_id)
    if state is None:
        _gone(table_id)
    _file_record(store, state)
    record = table_records.match_record(state)
    best = request.accept_mimetypes.best_match(["application/json", NOTATION],
                                               default="application/json")
    if best == NOTATION:
        try:
            text = write_record(record, request_resolver()) if record["deals"] else ""
        except NotationError as exc:
            raise ProblemException(406, "Not Acceptable", "this record cannot be written in Big "
                                   f"Two notation ({exc}); ask for JSON") from exc
        response = Response(text, mimetype=NOTATION)
    else:
        response = Response(json.dumps(record), mimetype="application/json")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["ETag"] = '"' + hashlib.sha256(response.get_data()).hexdigest()[:32] + '"'
    response.vary.add("Accept")
    return response


@blp.route("/<table_id>", methods=["DELETE"])
@token_first(organiser_token)
@blp.doc(security=[SEAT_TOKEN])
@blp.response(200, TableViewSchema, description="the final view: the table is abandoned, the "
                                                "running deal's hands revealed in its event")
@errors(401, 403, 404)
def delete_table(table_id: str) -> Any:
    """End the table (the organiser's token): abandoned; its record keeps the finished deals,
    stored in the linked tournament when there is one."""
    store = get_store()
    _organiser(store, table_id, request.headers.get("Authorization"))
    try:
        table_records.abandon(store, table_id)
    except StoreError as refusal:
        raise_problem(refusal)
    tables_bell.ring_here(str(current_app.config["BIGTWO_DB"]), table_id,
                          lambda: store.live_tables.seq_of(table_id))
    state = store.live_tables.get(table_id)
    if state is None:
        _gone(table_id)
    lang = language(request.args.get("lang"))
    return view_response(engine.view(state, None, lang), None, lang)
