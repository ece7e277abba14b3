"""Move checks for game clients: evaluate a selection of cards, and list the next legal plays."""

from __future__ import annotations

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from bigtwo import limits
from bigtwo.reports.messages import CODES
from bigtwo.rules import cards
from bigtwo.rules.cards import CATEGORIES, FIVE_OF_A_KIND
from schemas import profiles
from schemas.profiles import ProfileRefField
from schemas.records import CARD, ref_field

KINDS = ("single", "pair", "triple", "two_pair", *CATEGORIES, FIVE_OF_A_KIND, "dragon")


class CardField(profiles.CardField):
    """One card in any accepted spelling (checked as profiles check theirs), loaded as its id;
    a joker (``JK``, ``JK=4D``) loads as ``cards.JOKER`` or its stand-in's id, and the caller
    refuses it under a profile without jokers (the profile is not known here)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(metadata=CARD, **kwargs)  # type: ignore[arg-type]

    def _deserialize(self, value: object, attr: object, data: object, **kwargs: object) -> int:  # type: ignore[override]
        if isinstance(value, str):
            joker = cards.parse_joker(value)
            if joker is not None:
                return joker
        name = super()._deserialize(value, attr, data, **kwargs)
        card = cards.NOTATION.get(name)
        if card is None:  # the profiles' reader takes JK, which only a joker profile deals
            raise ValidationError(f"{value!r} is not a card")
        return card


class EvaluateRequestSchema(Schema):
    class Meta:
        unknown = RAISE

    profile = ProfileRefField(required=True)
    cards = fields.List(CardField(), required=True,
                        validate=validate.Length(min=1, max=limits.MAX_CARDS_PER_PLAY),
                        metadata={"description": "the cards a player has selected; v4, under "
                                                 "jokers: a joker names its card (`JK=4D`), and a "
                                                 "bare `JK` answers `code: JOKER_STAND_IN`"})
    table = fields.List(CardField(), allow_none=True, load_default=None,
                        validate=validate.Length(min=1, max=13),
                        metadata={"description": "the combination to beat (at most 13 cards: "
                                                 "a dragon); null when leading; v4: jokers as "
                                                 "`JK=4D`, copies as often as the decks hold "
                                                 "them (a bare `JK` is a 422 at `/table`)"})
    revolution = profiles.StrictBool(load_default=False, metadata={
        "description": "the deal's state under `revolution: ranks`: true once a four of a kind "
                       "has reversed the rank order (`/v1/next` reports it)"})


class CombinationSchema(Schema):
    type = fields.String(required=True, validate=validate.OneOf(KINDS))
    cards = fields.List(fields.String(metadata=CARD), required=True,
                        metadata={"description": "canonical, low to high under the profile"})
    label = fields.String(required=True, metadata={"example": "Pair K"})


class EvaluateResponseSchema(Schema):
    combination = fields.Nested(CombinationSchema, required=True, allow_none=True,
                                metadata={"description": "null: the cards form no allowed "
                                                         "combination"})
    legal_lead = fields.Boolean(required=True,
                                metadata={"description": "the cards may lead a trick (the "
                                                         "deal's opening card aside)"})
    beats_table = fields.Boolean(required=True, allow_none=True,
                                 metadata={"description": "null when there is no table"})
    code = ref_field("RuleCode", CODES, required=True, allow_none=True,
                     metadata={"description": "why the cards cannot be played here; null "
                                              "when they can"})
    message = fields.String(required=True, allow_none=True)


class NextResponseSchema(Schema):
    deal = fields.Integer(required=True, metadata={"description": "index of the last deal"})
    seat = fields.Integer(required=True, metadata={"description": "whose turn it is"})
    table = fields.List(fields.String(metadata=CARD), required=True, allow_none=True,
                        metadata={"description": "the combination to beat; null: seat leads"})
    may_pass = fields.Boolean(required=True)
    revolution = fields.Boolean(required=True, metadata={
        "description": "a four of a kind has reversed the rank order for the rest of the deal "
                       "(`revolution: ranks`); pass it to /v1/combinations/evaluate"})
    may_time_out = fields.Boolean(required=True, metadata={
        "description": "v4: a timeout is legal now (`timeouts: pass`; never on the opening turn "
                       "that must play the lowest card); false under `timeouts: none`"})
    legal_plays = fields.List(fields.List(fields.String(metadata=CARD)), required=True,
                              metadata={"description": "every legal play, weakest first; v4: "
                                                       "each distinct play once, jokers written "
                                                       "`JK=4D`, real cards before jokers"})
    legal_plays_cut = fields.Boolean(required=True, metadata={
        "description": "true: a limit cut the list (`MAX_DRAGON_PLAYS` dragons, "
                       "`MAX_JOKER_PLAYS` plays that use jokers); the plays left out are legal "
                       "too, only not listed"})
    penalties_now = fields.List(fields.Integer(), required=True, allow_none=True, metadata={
        "description": "v2: what each seat would pay if the deal ended now (seed 001's "
                       "live display); v3: null under finish: placings"})
