"""Tournaments: create, read, upload records (Bearer token), list records, standings."""

from __future__ import annotations

from typing import Any

from flask import Response, json, request
from flask_smorest import Blueprint

from app.api.common import CHANGE_PARAMETERS, PAGE_PARAMETERS, language, request_doc
from app.api.notation_body import body_format, notation_content, notation_docs
from app.api.problem_helpers import (
    BODY_ERRORS,
    errors_of,
    query_args,
    raise_problem,
    register_problem_handlers,
    service_call,
)
from app.api.sheet_body import TOURNAMENT_SHEET_DESCRIPTION, csv_content, sheet_text
from app.api.tokens import creation_key, tournament_token
from app.body import token_first
from app.metrics import count_checked
from app.problems import json_body
from app.store import get_store
from bigtwo import limits
from bigtwo.formats.csvdialect import DEFAULT_DELIMITER, DELIMITERS
from bigtwo.league import standings
from bigtwo.store import tournaments, withdrawals
from bigtwo.store.errors import StoreError
from schemas.tournaments import (
    RECORD_UPLOAD,
    AuditPageSchema,
    ChangeArgsSchema,
    PageArgsSchema,
    RecordBatchUploadSchema,
    RecordListArgsSchema,
    RecordPageSchema,
    RecordSummarySchema,
    ReplaceArgsSchema,
    ReplacedSchema,
    StandingsArgsSchema,
    StandingsSchema,
    TournamentCreatedSchema,
    TournamentCreateSchema,
    TournamentPageSchema,
    TournamentSchema,
    UploadBatchSchema,
    UploadItemSchema,
)

blp = Blueprint("tournaments", __name__, url_prefix="/v1/tournaments",
                description="Tournaments: stored records, organiser tokens, standings")

register_problem_handlers(blp)
errors = errors_of(blp)

BEARER = {"BearerToken": []}
UPLOADED = {"oneOf": [{"$ref": "#/components/schemas/UploadItem"},
                      {"$ref": "#/components/schemas/UploadBatch"}]}


def _upload_doc() -> dict[str, Any]:
    doc = request_doc(RECORD_UPLOAD, "one record (RECORDS.md) as the whole body, or "
                                     "{\"records\": [...]} with at most 100, all stored in one "
                                     "transaction, or none; or a score sheet as text/csv (one "
                                     "record); or Big Two notation as text/x-bigtwo (one "
                                     "record per game)")
    doc["requestBody"]["content"].update(csv_content(TOURNAMENT_SHEET_DESCRIPTION))
    doc["requestBody"]["content"].update(notation_content())
    return doc


def init_app(app: Any) -> None:
    """Components the operations here refer to by name."""
    spec = app.extensions["bigtwo_api"].spec
    spec.components.security_scheme("BearerToken", {
        "type": "http", "scheme": "bearer",
        "description": "the tournament's token, as answered once by POST /v1/tournaments"})
    spec.components.schema("RecordBatchUpload", schema=RecordBatchUploadSchema)
    spec.components.security_scheme("CreationKey", {
        "type": "http", "scheme": "bearer",
        "description": "a creation key issued by the operator (bigtwo keys create); needed to "
                       "create tournaments and declare profiles only when the server runs "
                       "with BIGTWO_CREATION=keys"})
    spec.components.schema("UploadItem", schema=UploadItemSchema)
    spec.components.schema("UploadBatch", schema=UploadBatchSchema)
    spec.components.schema("Standings", schema=StandingsSchema)


def _tournament_link(path: str, method: str, description: str) -> dict[str, Any]:
    pointer = "~1v1~1tournaments~1{tournament_id}" + path.replace("/", "~1")
    return {"operationRef": f"#/paths/{pointer}/{method}", "description": description,
            "parameters": {"tournament_id": "$response.body#/id"}}


# OpenAPI links: what a client (and the stateful fuzz suite) can do with a new tournament.
CREATED_LINKS = {
    "GetTournament": _tournament_link("", "get", "the tournament just created"),
    "UploadRecords": _tournament_link("/records", "post", "upload records, with the token"),
    "ListRecords": _tournament_link("/records", "get", "its records"),
    "GetStandings": _tournament_link("/standings", "get", "its standings"),
}


@blp.route("", methods=["GET"])
@blp.response(200, TournamentPageSchema, description="a page of tournaments, newest first")
@errors(422)
@blp.doc(parameters=PAGE_PARAMETERS)
def list_tournaments() -> Any:
    """Every tournament, a page at a time: name, profile, standing records, creation time."""
    args = query_args(PageArgsSchema())
    return service_call(tournaments.list_tournaments, args["page"], args["per_page"])


@blp.route("", methods=["POST"])
@token_first(creation_key)
@blp.doc(**request_doc(TournamentCreateSchema, "a name and the profile every record must use"))
# The status as an int, as blp.response keys it: a "201" string would be a second entry that
# replaces the response's description and schema when the document is written as JSON.
@blp.doc(responses={201: {"links": CREATED_LINKS}}, security=[{}, {"CreationKey": []}])
@blp.response(201, TournamentCreatedSchema)
@errors(401, 409, *BODY_ERRORS)
def create_tournament() -> Any:
    """Create a tournament; the answer holds its organiser token, shown this once. A server
    in creation-key mode asks for a key (Authorization: Bearer, see SECURITY.md)."""
    service_call(tournaments.require_creation_key, request.headers.get("Authorization"))
    return service_call(tournaments.create, json_body())


@blp.route("/<tournament_id>")
@blp.response(200, TournamentSchema)
@errors(404)
def get_tournament(tournament_id: str) -> Any:
    """A tournament: its name, profile and record counts."""
    return service_call(tournaments.get, tournament_id)


@blp.route("/<tournament_id>/records", methods=["POST"])
@token_first(tournament_token)
@blp.doc(security=[BEARER], responses={
    "201": {"description": "at least one record was new; a single record answers an "
                           "UploadItem, a batch an UploadBatch with a status per record",
            "content": {"application/json": {"schema": UPLOADED}}},
    "200": {"description": "every record was already stored (same ids as before)",
            "content": {"application/json": {"schema": UPLOADED}}},
}, parameters=[{"in": "query", "name": "profile", "schema": {"type": "string"},
                "description": "v2, text/csv only: the sheet's profile (default: the "
                               "tournament's; another one is refused)"}],
    **_upload_doc())
@errors(401, 403, 404, 409, *BODY_ERRORS)
def upload_records(tournament_id: str) -> Any:
    """Upload records: each is checked and stored with its report, once."""
    store = get_store()
    try:
        tournament = tournaments.authorize(store, tournament_id, request.headers.get("Authorization"))
        fmt = body_format()
        if fmt == "csv":
            result = tournaments.upload_sheet(store, tournament, sheet_text(),
                                          request.args.get("profile"), observe=count_checked,
                                          lang=language(request.args.get("lang")))
        elif fmt == "notation":
            docs = notation_docs(language(request.args.get("lang")), tournament["profile_id"],
                                 most=limits.MAX_RECORDS_PER_BATCH)
            body = docs[0] if len(docs) == 1 else {"records": docs}
            result = tournaments.upload(store, tournament, body, observe=count_checked)
        else:
            result = tournaments.upload(store, tournament, json_body(), observe=count_checked)
    except StoreError as exc:
        raise_problem(exc)
    schema = UploadBatchSchema() if result.batch else UploadItemSchema()
    return Response(json.dumps(schema.dump(result.body())), status=result.status,
                    mimetype="application/json")


META_LENGTH = {"type": "string", "minLength": 1, "maxLength": limits.MAX_META_LABEL_LENGTH}


@blp.route("/<tournament_id>/records")
@blp.response(200, RecordPageSchema, description="a page of records, withdrawn ones marked")
@errors(404, 422)
@blp.doc(parameters=[
    {"in": "query", "name": "limit", "schema": {"type": "integer", "minimum": 1, "maximum": 200,
                                                "default": 50}},
    {"in": "query", "name": "offset", "schema": {"type": "integer", "minimum": 0, "default": 0}},
    {"in": "query", "name": "valid", "schema": {"type": "boolean"},
     "description": "only valid (true) or only invalid (false) records"},
    {"in": "query", "name": "withdrawn", "schema": {"type": "boolean"},
     "description": "only withdrawn (true) or only standing (false) records; default both"},
    {"in": "query", "name": "table", "schema": META_LENGTH,
     "description": "only records whose meta.table is this, compared as text (3 matches 3 "
                    "and \"3\")"},
    {"in": "query", "name": "round", "schema": META_LENGTH,
     "description": "only records whose meta.round is this, compared as text"},
])
def list_records(tournament_id: str) -> Any:
    """A page of the tournament's records, in upload order, with meta.table and meta.round."""
    args = query_args(RecordListArgsSchema())
    return service_call(lambda store: tournaments.list_records(
        store, tournament_id, valid=args["valid"], withdrawn=args["withdrawn"],
        table=args["table"], round_=args["round"], limit=args["limit"], offset=args["offset"]))


@blp.route("/<tournament_id>/standings")
@blp.doc(responses={"200": {"description": "JSON, or text/csv with ?format=csv", "content": {
    "application/json": {"schema": {"$ref": "#/components/schemas/Standings"}},
    "text/csv": {"schema": {"type": "string",
                            "description": "header " + ",".join(standings.CSV_COLUMNS)}}}}})
@errors(404, 422)
@blp.doc(parameters=[{"in": "query", "name": "format",
                      "schema": {"type": "string", "enum": ["json", "csv"], "default": "json"}},
                     {"in": "query", "name": "delimiter",
                      "description": "with format=csv, the cell separator (semicolon: what "
                                     "Excel expects in Germany and Italy)",
                      "schema": {"type": "string", "enum": list(DELIMITERS),
                                 "default": DEFAULT_DELIMITER}}])
def get_standings(tournament_id: str) -> Any:
    """Standings per player (only valid, complete deals count) and the duplicate comparison
    of deal codes played at several tables."""
    args = query_args(StandingsArgsSchema())
    if args["format"] == "csv":
        table = service_call(tournaments.compute_standings, tournament_id)
        return Response(standings.to_csv(table, DELIMITERS[args["delimiter"]]),
                        mimetype="text/csv", headers={
            "Content-Disposition": f'attachment; filename="{tournament_id}-standings.csv"'})
    # As cached, never decoded and encoded again: a view's cost does not follow its size.
    return Response(service_call(tournaments.standings_json, tournament_id),
                    mimetype="application/json")


@blp.route("/<tournament_id>/records/<record_id>", methods=["DELETE"])
@token_first(tournament_token)
@blp.doc(security=[BEARER], parameters=CHANGE_PARAMETERS)
@blp.response(200, RecordSummarySchema, description="the record, now marked withdrawn (also "
                                                    "when it already was: nothing changes)")
@errors(401, 403, 404, 422)
def withdraw_record(tournament_id: str, record_id: str) -> Any:
    """Withdraw a record: kept and listed as withdrawn, no longer counted; audit-logged."""
    # the token first: nobody without it learns anything, not even about their parameters
    service_call(tournaments.authorize, tournament_id, request.headers.get("Authorization"))
    args = query_args(ChangeArgsSchema())
    return service_call(withdrawals.withdraw, tournament_id, record_id,
                        request.headers.get("Authorization"), args["reason"], args["by"])


def _replace_doc() -> dict[str, Any]:
    content: dict[str, Any] = {"application/json": {
        "schema": {"$ref": "#/components/schemas/Record"}}}
    doc = {"requestBody": {"required": True, "content": content,
                           "description": "the new record (RECORDS.md) as the whole body, or a "
                                          "score sheet as text/csv, or one game of Big Two "
                                          "notation as text/x-bigtwo"}}
    content.update(csv_content(TOURNAMENT_SHEET_DESCRIPTION))
    content.update(notation_content())
    return doc


@blp.route("/<tournament_id>/records/<record_id>", methods=["PUT"])
@token_first(tournament_token)
@blp.doc(security=[BEARER], parameters=[
    *CHANGE_PARAMETERS,
    {"in": "query", "name": "profile", "schema": {"type": "string"},
     "description": "text/csv only: the sheet's profile (default: the tournament's)"}],
    **_replace_doc())
@blp.response(201, ReplacedSchema, description="the old record withdrawn, the new one stored")
@blp.alt_response(200, schema=ReplacedSchema, description="the old record withdrawn; the new "
                                                          "one was stored and withdrawn before, "
                                                          "and stands again")
@errors(401, 403, 404, 409, *BODY_ERRORS)
def replace_record(tournament_id: str, record_id: str) -> Any:
    """Replace a record: the old one is withdrawn and the new one stored (checked as an
    upload is) in one transaction, audit-logged; a failure changes nothing."""
    store = get_store()
    authorization = request.headers.get("Authorization")
    try:
        # the token first, before the parameters and the body are read (as for uploads)
        tournaments.authorize(store, tournament_id, authorization)
        args = query_args(ReplaceArgsSchema())
        fmt = body_format()
        sheet = fmt == "csv"
        body: Any = (sheet_text() if sheet else notation_docs(
            language(request.args.get("lang")), None, most=1,
            more="a second game begins here; a record is replaced by one game")[0]
            if fmt == "notation" else json_body())
        result = withdrawals.replace(store, tournament_id, record_id, authorization, body,
                                 sheet=sheet, profile_ref=args["profile"], reason=args["reason"],
                                 by=args["by"], observe=count_checked)
    except StoreError as exc:
        raise_problem(exc)
    return Response(json.dumps(ReplacedSchema().dump(result)), status=result["status"],
                    mimetype="application/json")


@blp.route("/<tournament_id>/audit")
@blp.response(200, AuditPageSchema, description="who withdrew or replaced which record, when "
                                                "and why, oldest first")
@errors(404, 422)
@blp.doc(parameters=PAGE_PARAMETERS)
def get_audit(tournament_id: str) -> Any:
    """The tournament's audit log: every withdrawal and replacement."""
    args = query_args(PageArgsSchema())
    return service_call(withdrawals.audit, tournament_id, args["page"], args["per_page"])
