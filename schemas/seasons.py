"""Seasons across club nights and seating draws (API.md, Seasons; docs/SEASONS.md).

Bodies are checked by ``bigtwo.store.seasons`` (so the CLI and the API agree); these schemas
document them and shape the responses.
"""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from bigtwo import limits
from schemas.profiles import ProfileRefField
from schemas.tournaments import PagedSchema

POINTS_DESCRIPTION = ('the points-by-place table: "ema" (the default: 1000 for first to 0 for '
                      "last, evenly spaced, the European Mahjong Association's base points) or "
                      "a list of points for 1st, 2nd, ... (places past its end score 0); tied "
                      "places share the mean of their points")






def points_by_place(**kwargs: object) -> fields.List:
    return fields.List(fields.Integer(validate=validate.Range(min=-limits.MAX_PLACE_POINTS,
                                                              max=limits.MAX_PLACE_POINTS)),
                       validate=validate.Length(max=limits.MAX_SEASON_PLACES), **kwargs)


class PointsViewSchema(Schema):
    points_table = fields.String(required=True, validate=validate.OneOf(["ema", "by_place"]),
                                 metadata={"description": POINTS_DESCRIPTION})
    points_by_place = points_by_place(required=True, metadata={"description": "empty for ema"})


class SeasonCreateSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=limits.MAX_TOURNAMENT_NAME_LENGTH),
                         metadata={"example": "Thursday league, spring"})
    profile = fields.String(metadata={"description": "a preset or stored profile id: only "
                                                     "tournaments playing it can be attached "
                                                     "(default: any)"})
    points_by_place = points_by_place(metadata={"description": "points for 1st, 2nd, ... "
                                                               "(default: EMA base points)"})


class SeasonCreatedSchema(Schema):
    id = fields.String(required=True, metadata={"example": "s-3f9a0c1b2d4e"})
    token = fields.String(required=True, metadata={
        "description": "shown once, stored only as a SHA-256 hash: send it as "
                       "`Authorization: Bearer <token>` to attach tournaments and declare "
                       "aliases"})


class AttachedSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    attached_at = fields.String(required=True)


class SeasonSchema(PointsViewSchema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    profile = fields.String(required=True, allow_none=True)
    created_at = fields.String(required=True)
    tournaments = fields.List(fields.Nested(AttachedSchema), required=True,
                              metadata={"description": "in the order they were attached: "
                                                       "the order ratings are updated in"})
    aliases = fields.List(fields.Nested(lambda: AliasPairSchema()), required=True,
                          metadata={"description": "each name and the player it stands for"})


class SeasonListItemSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    profile = fields.String(required=True, allow_none=True)
    created_at = fields.String(required=True)
    tournaments = fields.Integer(required=True)


class SeasonPageSchema(PagedSchema):
    seasons = fields.List(fields.Nested(SeasonListItemSchema), required=True)


class AttachSchema(Schema):
    tournament = fields.String(required=True)
    by = fields.String(validate=validate.Length(max=limits.MAX_ORGANISER_LABEL_LENGTH),
                       metadata={"description": "who, for the audit log"})


class AttachedAnswerSchema(Schema):
    season = fields.String(required=True)
    tournament = fields.String(required=True)
    attached = fields.Boolean(required=True, metadata={
        "description": "attach: false when it was attached already; detach: false"})


class AliasSchema(Schema):
    alias = fields.String(required=True, validate=validate.Length(min=1, max=limits.MAX_NAME_LENGTH),
                          metadata={"example": "Benjamin"})
    player = fields.String(required=True, allow_none=True,
                           validate=validate.Length(min=1, max=limits.MAX_NAME_LENGTH),
                           metadata={"example": "Ben", "description": "null: undo the alias"})
    by = fields.String(validate=validate.Length(max=limits.MAX_ORGANISER_LABEL_LENGTH))


class AliasPairSchema(Schema):
    alias = fields.String(required=True)
    player = fields.String(required=True)


class AliasesSchema(Schema):
    season = fields.String(required=True)
    aliases = fields.List(fields.Nested(AliasPairSchema), required=True)


class RatingSchema(Schema):
    mu = fields.Float(required=True)
    sigma = fields.Float(required=True)
    ordinal = fields.Float(required=True, metadata={"description": "mu - 3 sigma"})


class SeasonPlayerSchema(Schema):
    rank = fields.Integer(required=True)
    name = fields.String(required=True)
    points = fields.Float(required=True, metadata={"description": "season points"})
    rating = fields.Nested(RatingSchema, required=True)
    tournaments = fields.Integer(required=True, metadata={"description": "nights played"})
    deals = fields.Integer(required=True, metadata={"description": "counted deals played"})


class RatingPointSchema(RatingSchema):
    night = fields.Integer(required=True, metadata={"description": "1 for the first attached"})


class PlayerRatingSchema(RatingSchema):
    name = fields.String(required=True)
    history = fields.List(fields.Nested(RatingPointSchema), required=True,
                          metadata={"description": "after each night the player played"})


class SeasonStandingsSchema(PointsViewSchema):
    season = fields.String(required=True)
    name = fields.String(required=True)
    tournaments = fields.List(fields.String(), required=True)
    rate_by = fields.String(required=True, metadata={"description": "what one rating update "
                                                                    "is: a counted record"})
    nights_ranked_by = fields.List(fields.String(), metadata={
        "description": "per night, in the order of tournaments: how its tournament ranks "
                       "players (points_per_deal, the default, or points); its places, and so "
                       "the season points, follow that ranking"})
    players = fields.List(fields.Nested(SeasonPlayerSchema), required=True)
    ratings = fields.List(fields.Nested(PlayerRatingSchema), required=True)
    pending = fields.Integer(metadata={
        "description": "only while nights that changed (an upload, a withdrawal, an alias) are "
                       "being rated, a bounded amount a request: the records still to rate. The "
                       "rest of the answer is the last standings known (before any, the nights "
                       "rated so far, which tournaments lists)"})


class SeasonAuditEntrySchema(Schema):
    at = fields.String(required=True)
    action = fields.String(required=True, validate=validate.OneOf(
        ["attach", "detach", "alias", "unalias", "withdraw", "replace"]), metadata={
        "description": "withdraw and replace: a record of an attached night, which moves the "
                       "season's table at once (from that tournament's own audit log)"})
    tournament = fields.String()
    night = fields.Integer(metadata={"description": "withdraw and replace: the night (1 for "
                                                    "the first attached)"})
    record = fields.String()
    replaced_by = fields.String()
    reason = fields.String()
    alias = fields.String()
    player = fields.String()
    was = fields.String()
    by = fields.String(allow_none=True)
    token_id = fields.String(required=True)


class SeasonAuditPageSchema(PagedSchema):
    season = fields.String(required=True)
    entries = fields.List(fields.Nested(SeasonAuditEntrySchema), required=True)


class DrawRequestSchema(Schema):
    profile = ProfileRefField(required=True)  # its players field is the table size
    players = fields.List(fields.String(validate=validate.Length(min=1, max=limits.MAX_NAME_LENGTH)),
                          required=True, validate=validate.Length(max=limits.MAX_DRAW_PLAYERS))
    rounds = fields.Integer(required=True, validate=validate.Range(min=1, max=limits.MAX_DRAW_ROUNDS))
    seed = fields.Integer(load_default=0, validate=validate.Range(min=0, max=2**64 - 1))
    previous = fields.List(fields.List(fields.String()),
                           validate=validate.Length(max=limits.MAX_DRAW_PREVIOUS_TABLES),
                           metadata={"description": "tables already played (earlier rounds or "
                                                    "nights): the draw avoids repeating them; "
                                                    f"at most {limits.MAX_DRAW_PREVIOUS_NAMES} "
                                                    "names across them"})
    sat_out = fields.List(fields.String(), metadata={
        "description": "earlier sit-outs, one name per sit-out: they sit out later"})


class DrawRoundSchema(Schema):
    tables = fields.List(fields.List(fields.String()), required=True)
    sitting_out = fields.List(fields.String(), required=True)
    repeats = fields.Integer(required=True, metadata={
        "description": "this round's meetings of two players who had met before"})


class DrawPairSchema(Schema):
    players = fields.List(fields.String(), required=True, validate=validate.Length(equal=2))
    repeats = fields.Integer(required=True, metadata={
        "description": "how many of the pair's meetings in these rounds repeat an earlier one"})
    rounds = fields.List(fields.Integer(), required=True, metadata={
        "description": "every round (from 1) the two sit at one table in"})
    before = fields.Integer(required=True, metadata={
        "description": "tables the two shared before (previous tables, or a season's nights)"})


class DrawSchema(Schema):
    rounds = fields.List(fields.Nested(DrawRoundSchema), required=True)
    repeats = fields.Integer(required=True, metadata={
        "description": "meetings of two players who had met before (in previous or an "
                       "earlier round): 0 when nobody meets anybody twice"})
    pairs = fields.List(fields.Nested(DrawPairSchema), required=True, metadata={
        "description": "who those meetings are between: every pair that meets again, most "
                       "repeats first; their repeats add up to repeats"})


class SeasonDrawRequestSchema(Schema):
    players = fields.List(fields.String(validate=validate.Length(min=1, max=limits.MAX_NAME_LENGTH)),
                          validate=validate.Length(max=limits.MAX_DRAW_PLAYERS), metadata={
        "description": "the players present, aliases resolved (default: every player of the "
                       "season's table)"})
    rounds = fields.Integer(required=True, validate=validate.Range(min=1, max=limits.MAX_DRAW_ROUNDS))
    seed = fields.Integer(load_default=0, validate=validate.Range(min=0, max=2**64 - 1))
    # Only for a season of any profile: the night's profile (its table size).
    profile = ProfileRefField()
    sat_out = fields.List(fields.String(), metadata={
        "description": "earlier sit-outs, one name per sit-out: they sit out later"})


class SeasonDrawSchema(DrawSchema):
    season = fields.String(required=True)
    nights = fields.Integer(required=True, metadata={"description": "nights attached"})
    tables = fields.Integer(required=True, metadata={
        "description": "tables already played in them (counted records), all taken into "
                       "account"})
