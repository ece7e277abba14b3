"""Tournaments, stored records and standings (API.md, Tournaments).

Request bodies are checked by ``bigtwo.store.tournaments`` (so the CLI and the API agree); these
schemas document them and shape the responses.
"""

from __future__ import annotations

from marshmallow import EXCLUDE, Schema, fields, validate

from bigtwo import limits
from bigtwo.formats.csvdialect import DEFAULT_DELIMITER, DELIMITERS
from schemas.common import QueryInteger, component_ref, ref_field
from schemas.profiles import ProfileRefField
from schemas.records import RecordSchema, lang_field

PAGE_LIMIT_DEFAULT = 50
PAGE_LIMIT_MAX = 200


class TournamentCreateSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=limits.MAX_TOURNAMENT_NAME_LENGTH),
                         metadata={"example": "Club night, March"})
    profile = ProfileRefField(required=True)
    ranked_by = fields.String(load_default="points_per_deal",
                              validate=validate.OneOf(["points_per_deal", "points"]), metadata={
        "description": "how the standings rank players: by points per deal played (the "
                       "default: fair when tables play different numbers of deals) or by total "
                       "points; docs/SEASONS.md says when to choose totals"})


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
    records = fields.Integer(required=True, metadata={"description": "records that stand (not "
                                                                    "withdrawn)"})
    valid = fields.Integer(required=True)
    invalid = fields.Integer(required=True)
    withdrawn = fields.Integer(metadata={"description": "records withdrawn by an organiser "
                                                        "(kept, not counted above)"})


class TournamentSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    profile = fields.Nested(ProfileSummarySchema, required=True)
    created_at = fields.String(required=True)
    ranked_by = fields.String(validate=validate.OneOf(["points_per_deal", "points"]), metadata={
        "description": "how this tournament ranks players: points per deal played (the "
                       "default) or total points (the organiser's choice at creation)"})
    counts = fields.Nested(CountsSchema, required=True)


class RecordBatchUploadSchema(Schema):
    records = fields.List(fields.Nested(RecordSchema), required=True,
                          validate=validate.Length(min=1, max=limits.MAX_RECORDS_PER_BATCH),
                          metadata={"description": f"1 to {limits.MAX_RECORDS_PER_BATCH} records "
                                                   "(RECORDS.md), stored in one transaction, "
                                                   "or none"})


# The upload body: one record as the whole body, or a batch. A oneOf, so that a generated
# client types both (a record has no `records` member, a batch nothing else).
RECORD_UPLOAD = {"oneOf": [component_ref("Record"), component_ref("RecordBatchUpload")]}


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
    withdrawn = fields.Boolean(metadata={
        "description": "present (true) when the record sent again had been withdrawn: it "
                       "stays withdrawn"})


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


META_FILTER = validate.Length(min=1, max=limits.MAX_META_LABEL_LENGTH)


class RecordListArgsSchema(QueryArgs):
    limit = QueryInteger(load_default=PAGE_LIMIT_DEFAULT,
                           validate=validate.Range(min=1, max=PAGE_LIMIT_MAX),
                           metadata={"description": f"page size, 1 to {PAGE_LIMIT_MAX}"})
    offset = QueryInteger(load_default=0, validate=validate.Range(min=0, max=10**9),
                            metadata={"description": "rows to skip (upload order)"})
    valid = fields.Boolean(load_default=None, allow_none=True,
                           metadata={"description": "only valid (true) or invalid (false) records"})
    withdrawn = fields.Boolean(load_default=None, allow_none=True, metadata={
        "description": "only withdrawn (true) or standing (false) records; default both"})
    table = fields.String(load_default=None, validate=META_FILTER, metadata={
        "description": "only records whose meta.table is this (as text: 3 matches 3 and \"3\")"})
    round = fields.String(load_default=None, validate=META_FILTER, metadata={
        "description": "only records whose meta.round is this (as text)"})


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
    withdrawn = fields.Boolean(required=True, metadata={
        "description": "withdrawn by an organiser: kept and listed, never counted"})
    withdrawn_at = fields.String(allow_none=True, metadata={"description": "when (UTC), or null"})
    replaced_by = fields.String(allow_none=True, metadata={
        "description": "the record that replaced this one, or null"})
    replaces = fields.String(allow_none=True, metadata={
        "description": "the record this one replaced, or null"})
    table = fields.String(allow_none=True, metadata={
        "description": "meta.table as text (an integer or a text of at most "
                       f"{limits.MAX_META_LABEL_LENGTH} characters), or null"})
    round = fields.String(allow_none=True, metadata={"description": "meta.round as text, or null"})


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
    record = ref_field("Record", required=True, metadata={"description": "as submitted"})
    report = ref_field("Report", required=True, metadata={
        "description": "the validation report (RECORDS.md), recomputed when the engine or the "
                       "profile changed since it was stored"})


class LangArgsSchema(QueryArgs):
    lang = lang_field(load_default="en")


class StandingsArgsSchema(QueryArgs):
    format = fields.String(load_default="json", validate=validate.OneOf(["json", "csv"]),
                           metadata={"description": "csv: the player table as text/csv"})
    delimiter = fields.String(load_default=DEFAULT_DELIMITER, validate=validate.OneOf(list(DELIMITERS)),
                              metadata={"description": "with format=csv, the cell separator: "
                                                       "semicolon is what Excel expects in Germany "
                                                       "and Italy"})


class PlayerRowSchema(Schema):
    rank = fields.Integer(required=True, metadata={"description": "ties share a rank (1, 1, 3)"})
    player = fields.String(required=True)
    deals_played = fields.Integer(required=True)
    deals_won = fields.Integer(required=True)
    points = fields.Integer(required=True, metadata={"description": "sum of deal scores"})
    deals_scored = fields.Integer(required=True, metadata={
        "description": "v2: how many of deals_played came from score sheets (scored from their "
                       "result, moves unseen)"})
    points_per_deal = fields.Float(required=True, metadata={
        "description": "points / deals_played (two decimals): what ranks by default, fair when "
                       "tables played different numbers of deals"})


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
    points_per_deal = fields.Float(required=True, metadata={
        "description": "points / deals_played (two decimals): what ranks by default, fair when "
                       "tables played different numbers of deals"})


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
    ranking = fields.String(validate=validate.OneOf(["points_per_deal", "points", "match_points"]), metadata={
        "description": "how the page and the CSV rank players: match_points when some deal "
                       "code was played at several tables (a duplicate event), else ranked_by; "
                       "players here stay ranked by ranked_by, duplicate.players by match points"})
    ranked_by = fields.String(validate=validate.OneOf(["points_per_deal", "points"]), metadata={
        "description": "how players (and teams) are ranked: points per deal played (the "
                       "default) or total points (the organiser's choice at creation)"})

    teams = fields.List(fields.Nested(TeamRowSchema), metadata={
        "description": "only for a profile with teams: the teams ranked by points"})
    pending = fields.Integer(metadata={
        "description": "only while reports made by another engine version are being "
                       "rechecked: the records still to recheck (their last reports count)"})


# --- organiser tools: listing tournaments, withdrawing and replacing records, the audit log --
class PageArgsSchema(QueryArgs):
    page = QueryInteger(load_default=1, validate=validate.Range(min=1, max=limits.MAX_PAGE_NUMBER),
                        metadata={"description": f"from 1 to {limits.MAX_PAGE_NUMBER}"})
    per_page = QueryInteger(load_default=50, validate=validate.Range(min=1, max=limits.MAX_PER_PAGE),
                            metadata={"description": f"1 to {limits.MAX_PER_PAGE} (default 50)"})


class PagedSchema(Schema):
    page = fields.Integer(required=True)
    per_page = fields.Integer(required=True)
    total = fields.Integer(required=True)
    pages = fields.Integer(required=True, metadata={"description": "at least 1"})
    next_page = fields.Integer(required=True, allow_none=True,
                               metadata={"description": "null on the last page"})


class TournamentListItemSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    profile = fields.Nested(ProfileSummarySchema, required=True)
    records = fields.Integer(required=True, metadata={"description": "records that stand"})
    created_at = fields.String(required=True)


class TournamentPageSchema(PagedSchema):
    tournaments = fields.List(fields.Nested(TournamentListItemSchema), required=True,
                              metadata={"description": "newest first"})


class ChangeArgsSchema(QueryArgs):
    reason = fields.String(load_default=None, validate=validate.Length(max=limits.MAX_REASON_LENGTH),
                           metadata={"description": "why, for the audit log (optional)"})
    by = fields.String(load_default=None,
                       validate=validate.Length(max=limits.MAX_ORGANISER_LABEL_LENGTH),
                       metadata={"description": "who, as the organiser likes to be named in "
                                                "the audit log (optional; the token acting "
                                                "is logged too, by its token_id)"})


class ReplaceArgsSchema(ChangeArgsSchema):
    profile = fields.String(load_default=None, metadata={
        "description": "text/csv only: the sheet's profile (default: the tournament's)"})


class ReplacedSchema(Schema):
    id = fields.String(required=True, metadata={"description": "the new record"})
    status = fields.Integer(required=True, metadata={
        "description": "201 stored now; 200 the same game was stored and withdrawn before, "
                       "and stands again", "enum": [200, 201]})
    created = fields.Boolean(required=True)
    valid = fields.Boolean(required=True)
    errors = fields.Integer(required=True)
    replaces = fields.String(required=True, metadata={"description": "the record withdrawn"})


class AuditEntrySchema(Schema):
    at = fields.String(required=True, metadata={"description": "UTC, ISO 8601"})
    action = fields.String(required=True, validate=validate.OneOf(["withdraw", "replace"]))
    record = fields.String(required=True, metadata={"description": "the record withdrawn"})
    replaced_by = fields.String(required=True, allow_none=True,
                                metadata={"description": "replace: the new record"})
    reason = fields.String(required=True, allow_none=True)
    by = fields.String(required=True, allow_none=True,
                       metadata={"description": "the organiser's label, as given"})
    token_id = fields.String(required=True, metadata={
        "description": "which token acted: an id derived from its stored hash, never the "
                       "token", "example": "tk-1a2b3c4d5e6f"})


class AuditPageSchema(PagedSchema):
    tournament = fields.String(required=True)
    entries = fields.List(fields.Nested(AuditEntrySchema), required=True,
                          metadata={"description": "oldest first"})
