"""Deal codes (API.md, Deals; docs/DEAL_CODES.md)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from schemas.profiles import ProfileRefField

SEED_MAX = 2**64 - 1


class DealCodeRequestSchema(Schema):
    profile = ProfileRefField(required=True)
    seed = fields.Integer(load_default=None, allow_none=True, strict=True,
                          validate=validate.Range(min=0, max=SEED_MAX),
                          metadata={"description": "0 to 2**64-1; random when left out"})


class DealCodeSchema(Schema):
    code = fields.String(required=True, metadata={
        "example": "B2-4-13-0", "description": "B2 (one deck, 2 to 5 seats) or B2X (the same "
                                                "shuffle over several decks, jokers, 6 to 8 seats)"})
    players = fields.Integer(required=True)
    hand_size = fields.Integer(required=True)
    decks = fields.Integer(metadata={"description": "B2X codes only: the decks dealt"})
    jokers = fields.Integer(metadata={"description": "B2X codes only: jokers per deck"})
    seed = fields.Integer(required=True)
    hands = fields.List(fields.List(fields.String()), required=True,
                        metadata={"description": "one list per seat, in canonical card order"})
    undealt = fields.List(fields.String(), required=True, metadata={
        "description": "the cards nobody is dealt, in deck order (a profile with "
                       "`leftover: to_opener` gives them to the holder of the lowest card)"})
