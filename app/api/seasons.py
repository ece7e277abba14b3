"""Seasons: club nights (tournaments) attached in order, aliases, ratings and standings."""

from __future__ import annotations

from typing import Any

from flask import Response, request
from flask_smorest import Blueprint

from app.api.common import CHANGE_PARAMETERS, PAGE_PARAMETERS, request_doc
from app.api.problem_helpers import (
    BODY_ERRORS,
    ERROR_DOCS,
    errors_of,
    query_args,
    register_problem_handlers,
    service_call,
)
from app.api.tokens import creation_key, season_token
from app.body import token_first
from app.problems import json_body
from bigtwo.formats.csvdialect import DEFAULT_DELIMITER, DELIMITERS
from bigtwo.league import season_table
from bigtwo.store import season_draws, seasons, tournaments
from schemas.seasons import (
    AliasesSchema,
    AliasSchema,
    AttachedAnswerSchema,
    AttachSchema,
    SeasonAuditPageSchema,
    SeasonCreatedSchema,
    SeasonCreateSchema,
    SeasonDrawRequestSchema,
    SeasonDrawSchema,
    SeasonPageSchema,
    SeasonSchema,
    SeasonStandingsSchema,
)
from schemas.tournaments import ChangeArgsSchema, PageArgsSchema, StandingsArgsSchema

blp = Blueprint("seasons", __name__, url_prefix="/v1/seasons",
                description="Seasons: club nights in order, ratings (openskill) and the "
                            "season's table (docs/SEASONS.md)")
register_problem_handlers(blp)

SEASON_TOKEN = {"SeasonToken": []}
SEASON_ERRORS = {**ERROR_DOCS, 403: "the token of another season",
                 404: "no such season (or tournament attached to it, or alias)",
                 409: "a quota is reached (quota-exceeded), the tournament plays another "
                      "profile than the season (profile-mismatch), or an alias would chain "
                      "(alias-chain); nothing was changed"}


errors = errors_of(blp, SEASON_ERRORS)


def init_app(app: Any) -> None:
    spec = app.extensions["bigtwo_api"].spec
    spec.components.security_scheme("SeasonToken", {
        "type": "http", "scheme": "bearer",
        "description": "the season's token, as answered once by POST /v1/seasons"})
    spec.components.schema("SeasonStandings", schema=SeasonStandingsSchema)


@blp.route("", methods=["GET"])
@blp.response(200, SeasonPageSchema, description="a page of seasons, newest first")
@errors(422)
@blp.doc(parameters=PAGE_PARAMETERS)
def list_seasons() -> Any:
    """Every season, a page at a time."""
    args = query_args(PageArgsSchema())
    return service_call(seasons.list_seasons, args["page"], args["per_page"])


@blp.route("", methods=["POST"])
@token_first(creation_key)
@blp.doc(**request_doc(SeasonCreateSchema, "a name; optionally a profile its tournaments "
                                           "must play and a points-by-place table"))
@blp.doc(security=[{}, {"CreationKey": []}])
@blp.response(201, SeasonCreatedSchema)
@errors(401, 409, *BODY_ERRORS)
def create_season() -> Any:
    """Create a season; the answer holds its organiser token, shown this once. Creation keys
    and quotas as for tournaments (SECURITY.md)."""
    service_call(tournaments.require_creation_key, request.headers.get("Authorization"))
    return service_call(seasons.create, json_body())


@blp.route("/<season_id>")
@blp.response(200, SeasonSchema)
@errors(404)
def get_season(season_id: str) -> Any:
    """A season: its name, profile, points table, tournaments in order and aliases."""
    return service_call(seasons.get, season_id)


@blp.route("/<season_id>/tournaments", methods=["POST"])
@token_first(season_token)
@blp.doc(security=[SEASON_TOKEN], **request_doc(AttachSchema, "the tournament to attach"))
@blp.response(200, AttachedAnswerSchema, description="attached after the others (or already)")
@errors(401, 403, 404, 409, *BODY_ERRORS)
def attach(season_id: str) -> Any:
    """Attach a tournament as the season's next night; audit-logged."""
    service_call(seasons.authorize, season_id, request.headers.get("Authorization"))
    return service_call(seasons.attach, season_id, json_body(),
                        request.headers.get("Authorization"))


@blp.route("/<season_id>/tournaments/<tournament_id>", methods=["DELETE"])
@token_first(season_token)
@blp.doc(security=[SEASON_TOKEN])
@blp.response(200, AttachedAnswerSchema, description="detached")
@errors(401, 403, 404, 422)
@blp.doc(parameters=[p for p in CHANGE_PARAMETERS if p["name"] == "by"])
def detach(season_id: str, tournament_id: str) -> Any:
    """Detach a tournament: the season's figures no longer count it; audit-logged."""
    service_call(seasons.authorize, season_id, request.headers.get("Authorization"))
    args = query_args(ChangeArgsSchema())
    return service_call(seasons.detach, season_id, tournament_id,
                        request.headers.get("Authorization"), args["by"])


@blp.route("/<season_id>/aliases", methods=["POST"])
@token_first(season_token)
@blp.doc(security=[SEASON_TOKEN], **request_doc(AliasSchema, "a name and the player it stands "
                                                              "for (null: undo)"))
@blp.response(200, AliasesSchema, description="the season's aliases now")
@errors(401, 403, 404, 409, *BODY_ERRORS)
def set_alias(season_id: str) -> Any:
    """Declare that a name stands for another player ("Benjamin" is "Ben"), or undo it;
    audit-logged, and every figure of the season follows."""
    service_call(seasons.authorize, season_id, request.headers.get("Authorization"))
    return service_call(seasons.alias, season_id, json_body(),
                        request.headers.get("Authorization"))


@blp.route("/<season_id>/audit")
@blp.response(200, SeasonAuditPageSchema, description="attachments and aliases, oldest first")
@errors(404, 422)
@blp.doc(parameters=PAGE_PARAMETERS)
def get_audit(season_id: str) -> Any:
    """The season's audit log."""
    args = query_args(PageArgsSchema())
    return service_call(seasons.audit, season_id, args["page"], args["per_page"])


@blp.route("/<season_id>/standings")
@blp.doc(responses={"200": {"description": "JSON, or text/csv with ?format=csv", "content": {
    "application/json": {"schema": {"$ref": "#/components/schemas/SeasonStandings"}},
    "text/csv": {"schema": {"type": "string",
                            "description": "header " + ",".join(season_table.CSV_COLUMNS)}}}}})
@errors(404, 422)
@blp.doc(parameters=[{"in": "query", "name": "format",
                      "schema": {"type": "string", "enum": ["json", "csv"], "default": "json"}},
                     {"in": "query", "name": "delimiter",
                      "schema": {"type": "string", "enum": list(DELIMITERS),
                                 "default": DEFAULT_DELIMITER}}])
def get_standings(season_id: str) -> Any:
    """The season's table: per player season points, rating (mu, sigma, ordinal), nights
    and deals played; and every player's rating history per night."""
    args = query_args(StandingsArgsSchema())
    if args["format"] == "csv":
        body = service_call(seasons.standings, season_id)
        return Response(seasons.standings_csv(body, DELIMITERS[args["delimiter"]]),
                        mimetype="text/csv", headers={
            "Content-Disposition": f'attachment; filename="{season_id}-standings.csv"'})
    # As cached, never decoded and encoded again (as tournament standings).
    return Response(service_call(seasons.standings_json, season_id), mimetype="application/json")


@blp.route("/<season_id>/draws", methods=["POST"])
@blp.doc(**request_doc(SeasonDrawRequestSchema, "the players present (default: the season's "
                                                "players), rounds and seed"))
@blp.response(200, SeasonDrawSchema)
@errors(404, *BODY_ERRORS)
def season_draw(season_id: str) -> Any:
    """The next night's seating draw: the season's nights' tables are taken into account by
    themselves, and the answer names every pair that meets again. Changes nothing stored,
    so it needs no token."""
    return service_call(season_draws.season_draw, season_id, json_body())
