"""Live tables (docs/TABLES.md): the bodies a client sends and the answers it reads.

The creation body is checked by the live tables' engine (``bigtwo.live.engine.spec_problems``)
and moves by the referee itself; these schemas document them for /openapi.json, so that a
generated client can create a table and play it, and shape nothing the engine decides.
"""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from bigtwo import limits
from bigtwo.rules import fair
from schemas.profiles import ProfileRefField
from schemas.records import RecordDealSchema
from schemas.tournaments import PageArgsSchema, PagedSchema

STATUSES = ["waiting", "playing", "over", "abandoned"]


class ClockSchema(Schema):
    turn_seconds = fields.Integer(required=True, validate=validate.Range(min=5, max=3600),
                                  metadata={"description": "a turn's time; needs a profile "
                                                           "with timeouts: pass"})


class TournamentLinkSchema(Schema):
    id = fields.String(required=True, metadata={"example": "t-3f9a0c1b2d4e"})
    token = fields.String(required=True, metadata={
        "description": "the tournament's token: checked at creation, never kept"})


class TableCreateSchema(Schema):
    profile = ProfileRefField(required=True)
    players = fields.List(fields.String(validate=validate.Length(
        min=1, max=limits.MAX_NAME_LENGTH)), required=True, metadata={
        "description": "one name per seat, as many as the profile's players",
        "example": ["Ana", "Ben", "Cai", "Dee"]})
    bots = fields.List(fields.Integer(validate=validate.Range(min=0)), metadata={
        "description": "seats the service plays itself (no token)", "example": [2, 3]})
    deals = fields.Integer(validate=validate.Range(min=1, max=limits.LIVE_MAX_DEALS),
                           metadata={"description": "the match ends after this many deals "
                                                    "(or sooner where the profile's match "
                                                    "ends it)"})
    clock = fields.Nested(ClockSchema)
    fairness = fields.String(load_default="server", validate=validate.OneOf(["server", "shared"]),
                             metadata={"description": "server: the seed alone deals; shared: "
                                                      "each seat's entropy counts too"})
    tournament = fields.Nested(TournamentLinkSchema, metadata={
        "description": "store the finished match in this tournament"})


class SeatTokenSchema(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    token = fields.String(required=True, metadata={
        "description": "shown once: send it as `Authorization: Bearer <token>` to play the seat"})


class TableCreatedSchema(Schema):
    id = fields.String(required=True, metadata={"example": "tb-" + "0" * 32})
    url = fields.String(required=True, metadata={"description": "the table's resource"})
    organiser_token = fields.String(required=True, metadata={
        "description": "shown once: ends the table (DELETE)"})
    seats = fields.List(fields.Nested(SeatTokenSchema), required=True, metadata={
        "description": "one token per seat that is not a bot"})
    commitment = fields.String(required=True, metadata={
        "description": "SHA-256 of 'commit:' and the first deal's seed, in hex"})


class TableCombinationSchema(Schema):
    type = fields.String(required=True)
    label = fields.String(required=True)


class TableTopSchema(Schema):
    seat = fields.Integer(required=True)
    cards = fields.List(fields.String(), required=True)
    combination = fields.Nested(TableCombinationSchema, required=True)


class TableMoveDoneSchema(Schema):
    """One move of the running deal, as a record writes it."""

    seat = fields.Integer(required=True)
    play = fields.List(fields.String(), metadata={"description": "the cards played"})
    pass_ = fields.Boolean(data_key="pass")
    timeout = fields.Boolean(metadata={"description": "the seat's clock ran out"})
    call = fields.Boolean(metadata={"description": "a last-card call beside the play"})


class TableViewSchema(Schema):
    """What a seat (with its token) or a spectator (without) sees: TABLES.md, 'What a seat
    sees'."""

    id = fields.String(required=True)
    profile_id = fields.String(required=True)
    players = fields.List(fields.String(), required=True)
    bots = fields.List(fields.Integer(), required=True)
    fairness = fields.String(required=True, validate=validate.OneOf(["server", "shared"]))
    clock = fields.Nested(ClockSchema, required=True, allow_none=True)
    deals = fields.Integer(required=True, allow_none=True, metadata={
        "description": "the deals the match plays, or null where the profile's match decides"})
    status = fields.String(required=True, validate=validate.OneOf(STATUSES))
    deal = fields.Integer(required=True)
    version = fields.Integer(required=True, metadata={"description": "grows with every change; "
                                                                     "send it as If-Match"})
    events = fields.Integer(required=True, metadata={"description": "events so far"})
    turn = fields.Integer(required=True, allow_none=True)
    table = fields.Nested(TableTopSchema, required=True, allow_none=True)
    cards_left = fields.List(fields.Integer(), required=True, allow_none=True)
    moves = fields.List(fields.Nested(TableMoveDoneSchema), required=True)
    penalties_now = fields.List(fields.Integer(), required=True, allow_none=True)
    totals = fields.List(fields.Integer(), required=True)
    winners = fields.List(fields.Integer(), required=True)
    deadline = fields.String(required=True, allow_none=True, metadata={"description": "ISO 8601"})
    commitment = fields.String(required=True, allow_none=True)
    entropy = fields.List(fields.Integer(), required=True, allow_none=True, metadata={
        "description": "the seats that have posted entropy for this deal"})
    created = fields.String(required=True)
    seat = fields.Integer(metadata={"description": "with a seat token only"})
    hand = fields.List(fields.String(), metadata={"description": "with a seat token only"})
    may_pass = fields.Boolean(metadata={"description": "with a seat token only"})
    legal_plays = fields.List(fields.List(fields.String()), metadata={
        "description": "with a seat token, on its turn: every play the referee accepts"})
    legal_plays_cut = fields.Boolean(metadata={"description": "the list was cut at its limit"})
    may_time_out = fields.Boolean(metadata={"description": "with a seat token, where the "
                                                           "profile has timeouts"})


class TableMoveSchema(Schema):
    play = fields.List(fields.String(), validate=validate.Length(
        min=1, max=limits.MAX_CARDS_PER_PLAY), metadata={"example": ["3C", "3S"]})
    pass_ = fields.Boolean(data_key="pass", validate=validate.Equal(True))
    call = fields.Boolean(validate=validate.Equal(True), metadata={
        "description": "beside a play, under last_card_call: liable"})


class TableEntropySchema(Schema):
    entropy = fields.String(required=True, validate=validate.Length(
        min=1, max=fair.MAX_ENTROPY_CHARS))


class TableListArgsSchema(PageArgsSchema):
    status = fields.String(validate=validate.OneOf(STATUSES), metadata={
        "description": "only tables in this status"})


class TableSummarySchema(Schema):
    id = fields.String(required=True)
    profile_id = fields.String(required=True)
    players = fields.List(fields.String(), required=True)
    status = fields.String(required=True, validate=validate.OneOf(STATUSES))
    deal = fields.Integer(required=True)
    created = fields.String(required=True)


class TablePageSchema(PagedSchema):
    tables = fields.List(fields.Nested(TableSummarySchema), required=True)


class TableRecordMetaSchema(Schema):
    live_table = fields.String(required=True, metadata={"description": "the table's id"})


class TableRecordSchema(Schema):
    """A table's match as a record: a Record's shape, except that its deals may be none yet
    (before the first deal ends). A stored profile is written as its declaration, so that any
    copy of the service reads the record."""

    profile = ProfileRefField(required=True)
    players = fields.List(fields.String(validate=validate.Length(
        min=1, max=limits.MAX_NAME_LENGTH)), required=True)
    deals = fields.List(fields.Nested(RecordDealSchema), required=True,
                        validate=validate.Length(min=0, max=limits.LIVE_MAX_DEALS))
    meta = fields.Nested(TableRecordMetaSchema, required=True)
