"""Tournaments: create, read, upload records (Bearer token), list records, standings."""

from __future__ import annotations

from typing import Any, NoReturn

from flask import Response, json, request
from flask_smorest import Blueprint
from marshmallow import Schema, ValidationError

from app import get_store
from app import tournaments as service
from app.problems import PROBLEM_TYPE_BASE, ProblemException, abort_problem, json_body
from bigtwo import standings
from schemas.tournaments import (
    RecordListArgsSchema,
    RecordPageSchema,
    RecordUploadSchema,
    StandingsArgsSchema,
    StandingsSchema,
    TournamentCreatedSchema,
    TournamentCreateSchema,
    TournamentSchema,
    UploadBatchSchema,
    UploadItemSchema,
)

blp = Blueprint("tournaments", __name__, url_prefix="/v1/tournaments",
                description="Tournaments: stored records, organiser tokens, standings")

BEARER = {"BearerToken": []}


class _ParameterProblem(dict[str, str]):
    """A problem with a query parameter: no body pointer, the parameter named instead.
    (A dict with ``as_dict`` so that either form of ``abort_problem`` accepts it.)"""

    def __init__(self, parameter: str, detail: str) -> None:
        super().__init__(pointer="", parameter=parameter, detail=detail)

    def as_dict(self) -> dict[str, str]:
        return dict(self)


def query_args(schema: Schema) -> dict[str, Any]:
    """The query string loaded by ``schema``, or a 422 naming each bad parameter."""
    try:
        loaded: dict[str, Any] = schema.load(request.args)
    except ValidationError as exc:
        messages = exc.messages if isinstance(exc.messages, dict) else {"": exc.messages}
        problems = [_ParameterProblem(name, "; ".join(map(str, detail if isinstance(detail, list) else [detail])))
                    for name, detail in messages.items()]
        abort_problem(422, "Unprocessable Content", "bad query parameters",
                      type_=PROBLEM_TYPE_BASE + "invalid-input", errors=problems)  # type: ignore[arg-type]
    return loaded


class _Unauthorized(ProblemException):
    def get_response(self, environ: Any = None, scope: Any = None) -> Response:
        response = super().get_response(environ, scope)
        response.headers["WWW-Authenticate"] = 'Bearer realm="bigtwo"'
        return response


def raise_problem(exc: service.TournamentError) -> NoReturn:
    type_ = PROBLEM_TYPE_BASE + "invalid-input" if exc.status == 422 else None
    kind = _Unauthorized if exc.status == 401 else ProblemException
    raise kind(exc.status, exc.title, exc.detail, type_=type_, errors=exc.problems)


def register_problem_handlers(bp: Blueprint) -> None:
    """Answer this blueprint's failures as problem documents whatever the app-wide handlers
    do (flask-smorest's own HTTPException handler would otherwise reformat them)."""
    bp.register_error_handler(ProblemException, lambda e: e.get_response())


register_problem_handlers(blp)


def service_call(call: Any, *args: Any) -> Any:
    try:
        return call(get_store(), *args)
    except service.TournamentError as exc:
        raise_problem(exc)


def request_doc(schema: type[Schema], description: str) -> dict[str, Any]:
    return {"requestBody": {"required": True, "description": description,
                            "content": {"application/json": {"schema": schema}}}}


@blp.route("", methods=["POST"])
@blp.doc(**request_doc(TournamentCreateSchema, "a name and the profile every record must use"))
@blp.response(201, TournamentCreatedSchema)
def create_tournament() -> Any:
    """Create a tournament; the answer holds its organiser token, shown this once."""
    return service_call(service.create, json_body())


@blp.route("/<tournament_id>")
@blp.response(200, TournamentSchema)
def get_tournament(tournament_id: str) -> Any:
    """A tournament: its name, profile and record counts."""
    return service_call(service.get, tournament_id)


@blp.route("/<tournament_id>/records", methods=["POST"])
@blp.doc(security=[BEARER], **request_doc(
    RecordUploadSchema, "one record (RECORDS.md) as the whole body, or {\"records\": [...]} "
                        "with at most 100; all stored in one transaction, or none"))
@blp.response(201, UploadItemSchema, description="at least one record was new (a batch "
              "answers UploadBatch, with a status per record)")
@blp.alt_response(200, schema=UploadItemSchema, description="every record was already stored")
@blp.alt_response(401, description="missing or wrong token")
@blp.alt_response(403, description="another tournament's token")
def upload_records(tournament_id: str) -> Any:
    """Upload records: each is checked and stored with its report, once."""
    store = get_store()
    try:
        tournament = service.authorize(store, tournament_id, request.headers.get("Authorization"))
        body = json_body()
        result = service.upload(store, tournament, body)
    except service.TournamentError as exc:
        raise_problem(exc)
    if result.batch:
        return Response(json.dumps(UploadBatchSchema().dump(result.body())), status=result.status,
                        mimetype="application/json")
    return result.body(), result.status




@blp.route("/<tournament_id>/records")
@blp.response(200, RecordPageSchema)
@blp.doc(parameters=[
    {"in": "query", "name": "limit", "schema": {"type": "integer", "minimum": 1, "maximum": 200,
                                                "default": 50}},
    {"in": "query", "name": "offset", "schema": {"type": "integer", "minimum": 0, "default": 0}},
    {"in": "query", "name": "valid", "schema": {"type": "boolean"},
     "description": "only valid (true) or only invalid (false) records"},
])
def list_records(tournament_id: str) -> Any:
    """A page of the tournament's records, in upload order."""
    args = query_args(RecordListArgsSchema())
    store = get_store()
    if store.get_tournament(tournament_id) is None:
        raise_problem(service.not_found("tournament", tournament_id))
    rows, total = store.list_records(tournament_id, valid=args["valid"], limit=args["limit"],
                                     offset=args["offset"])
    following = args["offset"] + len(rows)
    return {"tournament": tournament_id, "total": total, "limit": args["limit"],
            "offset": args["offset"], "next_offset": following if following < total else None,
            "records": rows}


@blp.route("/<tournament_id>/standings")
@blp.response(200, StandingsSchema, description="JSON, or text/csv with ?format=csv")
@blp.doc(parameters=[{"in": "query", "name": "format",
                      "schema": {"type": "string", "enum": ["json", "csv"], "default": "json"}}])
def get_standings(tournament_id: str) -> Any:
    """Standings per player (only valid, complete deals count) and the duplicate comparison
    of deal codes played at several tables."""
    args = query_args(StandingsArgsSchema())
    table = service_call(service.compute_standings, tournament_id)
    if args["format"] == "csv":
        return Response(standings.to_csv(table), mimetype="text/csv", headers={
            "Content-Disposition": f'attachment; filename="{tournament_id}-standings.csv"'})
    return table

