"""Tournaments, stored records and standings (API.md, Tournaments).

Request bodies are checked by ``bigtwo.store.tournaments`` (so the CLI and the API agree); these
schemas document them and shape the responses.
"""

from __future__ import annotations

from marshmallow import EXCLUDE, Schema, fields, validate

from bigtwo import limits
from schemas.common import QueryInteger

PAGE_LIMIT_DEFAULT = 50
PAGE_LIMIT_MAX = 200
PROFILE_REF = {"description": "a preset id, a stored profile id (p-...), or an inline declaration",
               "oneOf": [{"type": "string"}, {"type": "object"}], "example": "pusoy-dos"}


class TournamentCreateSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=limits.MAX_TOURNAMENT_NAME_LENGTH),
                         metadata={"example": "Club night, March"})
    profile = fields.Raw(required=True, metadata=PROFILE_REF)


class TournamentCreatedSchema(Schema):
    id = fields.String(required=True, metadata={"example": "t-3f9a0c1b2d4e"})
    token = fields.String(required=True, metadata={
        "description": "shown once, stored only as a SHA-256 hash: send it as "
                       "`Authorization: Bearer <token>` to upload records"})


class ProfileSummarySchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    hash = fields.String(required=True)


class CountsSchema(Schema):
    records = fields.Integer(required=True)
    valid = fields.Integer(required=True)
    invalid = fields.Integer(required=True)


class TournamentSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    profile = fields.Nested(ProfileSummarySchema, required=True)
    created_at = fields.String(required=True)
    counts = fields.Nested(CountsSchema, required=True)


class RecordUploadSchema(Schema):
    records = fields.List(fields.Dict(), required=True,
                          validate=validate.Length(min=1, max=limits.MAX_RECORDS_PER_BATCH),
                          metadata={"description": "records (RECORDS.md); or send one record as "
                                                   "the whole body"})


class UploadItemSchema(Schema):
    index = fields.Integer(metadata={"description": "position in the batch (batches only)"})
    id = fields.String(required=True, metadata={"example": "r-5c1e0f6a9b2d7e3c4a18"})
    status = fields.Integer(required=True, metadata={
        "description": "201 newly stored, 200 already stored (same canonical content)",
        "enum": [200, 201]})
    created = fields.Boolean(required=True)
    valid = fields.Boolean(required=True, metadata={"description": "the report's verdict; "
                                                    "invalid records are stored and flagged"})
    errors = fields.Integer(required=True, metadata={"description": "rule errors in the report"})


class UploadBatchSchema(Schema):
    results = fields.List(fields.Nested(UploadItemSchema), required=True)
    created = fields.Integer(required=True)
    duplicates = fields.Integer(required=True)
    valid = fields.Integer(required=True)
    invalid = fields.Integer(required=True)


class QueryArgs(Schema):
    class Meta:
        # Unknown query parameters (cache busters, tracking) are ignored, as is usual for GET.
        unknown = EXCLUDE


class RecordListArgsSchema(QueryArgs):
    limit = QueryInteger(load_default=PAGE_LIMIT_DEFAULT,
                           validate=validate.Range(min=1, max=PAGE_LIMIT_MAX),
                           metadata={"description": f"page size, 1 to {PAGE_LIMIT_MAX}"})
    offset = QueryInteger(load_default=0, validate=validate.Range(min=0, max=10**9),
                            metadata={"description": "rows to skip (upload order)"})
    valid = fields.Boolean(load_default=None, allow_none=True,
                           metadata={"description": "only valid (true) or invalid (false) records"})


class RecordSummarySchema(Schema):
    id = fields.String(required=True)
    valid = fields.Boolean(required=True)
    players = fields.List(fields.String(), allow_none=True)
    deal_count = fields.Integer(required=True)
    error_count = fields.Integer(required=True)
    source = fields.String(validate=validate.OneOf(["replayed", "scored", "mixed"]), metadata={
        "description": "v2: replayed (every deal has moves), scored (a score sheet: every deal "
                       "gives only its result) or mixed"})
    engine = fields.String(required=True)
    received_at = fields.String(required=True)


class RecordPageSchema(Schema):
    tournament = fields.String(required=True)
    total = fields.Integer(required=True, metadata={"description": "records matching the filter"})
    limit = fields.Integer(required=True)
    offset = fields.Integer(required=True)
    next_offset = fields.Integer(allow_none=True, metadata={"description": "null on the last page"})
    records = fields.List(fields.Nested(RecordSummarySchema), required=True)


class StoredRecordSchema(Schema):
    id = fields.String(required=True)
    tournament = fields.String(required=True)
    content_hash = fields.String(required=True, metadata={
        "description": "sha256 of the record's JSON with sorted keys and compact separators"})
    received_at = fields.String(required=True)
    valid = fields.Boolean(required=True)
    record = fields.Dict(required=True, metadata={"description": "as submitted"})
    report = fields.Dict(required=True, metadata={
        "description": "the validation report (RECORDS.md), recomputed when the engine or the "
                       "profile changed since it was stored"})


class LangArgsSchema(QueryArgs):
    lang = fields.String(load_default="en", validate=validate.OneOf(["en", "de", "it"]))


class StandingsArgsSchema(QueryArgs):
    format = fields.String(load_default="json", validate=validate.OneOf(["json", "csv"]),
                           metadata={"description": "csv: the player table as text/csv"})


class PlayerRowSchema(Schema):
    rank = fields.Integer(required=True, metadata={"description": "ties share a rank (1, 1, 3)"})
    player = fields.String(required=True)
    deals_played = fields.Integer(required=True)
    deals_won = fields.Integer(required=True)
    points = fields.Integer(required=True, metadata={"description": "sum of deal scores"})
    deals_scored = fields.Integer(required=True, metadata={
        "description": "v2: how many of deals_played came from score sheets (scored from their "
                       "result, moves unseen)"})


class BoardResultSchema(Schema):
    player = fields.String(required=True)
    record = fields.String(required=True)
    deal = fields.Integer(required=True)
    source = fields.String(required=True, validate=validate.OneOf(["replayed", "scored"]),
                           metadata={"description": "v2: replayed from a move log, or scored "
                                                    "from a score sheet's result"})
    score = fields.Integer(required=True)
    match_points = fields.Integer(required=True)


class BoardSeatSchema(Schema):
    seat = fields.Integer(required=True)
    results = fields.List(fields.Nested(BoardResultSchema), required=True)


class BoardSchema(Schema):
    deal_code = fields.String(required=True)
    tables = fields.Integer(required=True)
    max_points = fields.Integer(required=True)
    seats = fields.List(fields.Nested(BoardSeatSchema), required=True)


class DuplicatePlayerSchema(Schema):
    rank = fields.Integer(required=True)
    player = fields.String(required=True)
    boards = fields.Integer(required=True)
    match_points = fields.Integer(required=True)
    max_points = fields.Integer(required=True)
    percent = fields.Float(required=True)


class DuplicateSchema(Schema):
    formula = fields.String(required=True)
    boards = fields.List(fields.Nested(BoardSchema), required=True)
    players = fields.List(fields.Nested(DuplicatePlayerSchema), required=True)


class TeamRowSchema(Schema):
    rank = fields.Integer(required=True)
    team = fields.String(required=True, metadata={"example": "Ana & Cai"})
    players = fields.List(fields.String(), required=True,
                          metadata={"description": "the two partners (seats 0 and 2, or 1 and 3)"})
    deals_played = fields.Integer(required=True)
    deals_won = fields.Integer(required=True, metadata={"description": "deals either partner won"})
    points = fields.Integer(required=True, metadata={"description": "the sum of the team's deal "
                                                                    "scores (team_scores)"})


class StandingsSchema(Schema):
    tournament = fields.String(required=True)
    name = fields.String(required=True)
    records = fields.Integer(required=True, metadata={"description": "valid records counted"})
    deals = fields.Integer(required=True, metadata={"description": "complete and scored deals "
                                                                   "counted"})
    deals_scored = fields.Integer(required=True, metadata={
        "description": "v2: of those, the deals scored from score sheets"})
    players = fields.List(fields.Nested(PlayerRowSchema), required=True)
    duplicate = fields.Nested(DuplicateSchema, required=True)
    teams = fields.List(fields.Nested(TeamRowSchema), metadata={
        "description": "only for a profile with teams: the teams ranked by points"})
    pending = fields.Integer(metadata={
        "description": "only while reports made by another engine version are being "
                       "rechecked: the records still to recheck (their last reports count)"})
