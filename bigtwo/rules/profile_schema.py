"""The declared form of a rule profile (RULES.md), checked field by field.

marshmallow does the type and range checks and collects every problem at once; the
cross-field checks (cards fit in the deck, tiers in order, ...) live in ``validates_schema``.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from bigtwo import limits
from bigtwo.rules import cards
from bigtwo.rules.runs import BOMB_HANDS, CATEGORIES, MAX_PLAYERS, RUN_BY_RANKS, RUNS, TEAMS


class StrictBool(fields.Boolean):
    """JSON true/false only: 1, "yes" or "true" are refused rather than guessed at."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> bool:
        if value is True or value is False:
            return value
        raise self.make_error("invalid", input=value)


def _int(minimum: int, maximum: int | None = None, **kw: Any) -> fields.Integer:
    return fields.Integer(strict=True, validate=validate.Range(min=minimum, max=maximum), **kw)


def _choice(*values: str, **kw: Any) -> fields.String:
    return fields.String(validate=validate.OneOf(values), **kw)


class CardField(fields.String):
    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        card = cards.parse_card(value) if isinstance(value, str) else None
        if card is None:
            raise ValidationError(f"{value!r} is not a card (e.g. '3D', 'TH', '10h', 'T♥')")
        return cards.name(card)


# True while checking a profile the store accepted before a bound existed (see
# ``profiles.check_declaration``): it must keep resolving.
LISTS_UNBOUNDED: ContextVar[bool] = ContextVar("LISTS_UNBOUNDED", default=False)


class BoundedList(fields.List):  # type: ignore[type-arg]
    """A list whose length is checked before any item is: refusing a list of a million items
    costs as little as refusing one of ``max_items + 1``."""

    def __init__(self, inner: Any, *, max_items: int, **kwargs: Any) -> None:
        super().__init__(inner, **kwargs)
        self.max_items = max_items

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, list) and len(value) > self.max_items and not LISTS_UNBOUNDED.get():
            raise ValidationError(f"at most {self.max_items} items (this list has {len(value)})")
        return super()._deserialize(value, attr, data, **kwargs)


class StraightField(fields.String):
    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        if not isinstance(value, str):
            raise ValidationError("A straight is a string of five ranks, e.g. '34567'")
        text = value.upper().replace("10", "T")
        ranks = [cards.parse_rank(ch) for ch in text]
        if len(text) != 5 or None in ranks or len(set(text)) != 5:
            raise ValidationError(f"{value!r} is not five distinct ranks")
        run = RUN_BY_RANKS.get(frozenset(text))
        if run is None:
            raise ValidationError(f"{value!r} is not five ranks in a row (e.g. '34567', 'A2345')")
        return run


class TierSchema(Schema):
    class Meta:
        unknown = RAISE

    from_ = _int(1, 52, data_key="from", attribute="from", required=True)
    multiplier = _int(0, 100, required=True)


class CardPenaltySchema(Schema):
    class Meta:
        unknown = RAISE

    cards = BoundedList(CardField(), max_items=cards.DECK_SIZE, required=True,
                        validate=validate.Length(min=1))
    all = StrictBool(required=True)
    points = _int(0, 1000, required=True)

    @validates_schema
    def _distinct(self, data: dict[str, Any], **kwargs: Any) -> None:
        if len(set(data["cards"])) != len(data["cards"]):
            raise ValidationError("a card is listed twice", "cards")


class ScoringSchema(Schema):
    class Meta:
        unknown = RAISE

    tiers = BoundedList(fields.Nested(TierSchema), max_items=limits.MAX_PROFILE_TIERS, required=True,
                        validate=validate.Length(min=1))
    two_held_factor = fields.Integer(strict=True, required=True, validate=validate.OneOf([1, 2, 3]))
    two_held_cards = BoundedList(CardField(), max_items=cards.DECK_SIZE, required=True,
                                 validate=validate.Length(min=1))
    card_penalties = BoundedList(fields.Nested(CardPenaltySchema),
                                 max_items=limits.MAX_PROFILE_CARD_PENALTIES, required=True)
    settlement = _choice("winner_takes_all", "penalty_only", "winner_only", required=True)

    @validates_schema
    def _tiers_in_order(self, data: dict[str, Any], **kwargs: Any) -> None:
        starts = [t["from"] for t in data["tiers"]]
        if starts[0] != 1:
            raise ValidationError("the first tier must start at 1 card", "tiers")
        if any(b <= a for a, b in zip(starts, starts[1:], strict=False)):
            raise ValidationError("tiers must be in increasing order of 'from'", "tiers")

    @validates_schema
    def _two_held_cards_distinct(self, data: dict[str, Any], **kwargs: Any) -> None:
        held = data["two_held_cards"]
        if len(set(held)) != len(held):
            raise ValidationError("a card is listed twice", "two_held_cards")


class OpeningSchema(Schema):
    class Meta:
        unknown = RAISE

    first_deal = _choice("lowest_card", required=True)
    later_deals = _choice("lowest_card", "previous_winner", required=True)


class MatchSchema(Schema):
    class Meta:
        unknown = RAISE

    max_deals = _int(1, 10_000, required=True, allow_none=True)
    target = _int(1, 1_000_000, required=True, allow_none=True)
    loss_limit = _int(1, 1_000_000, required=True, allow_none=True)


class TeamsField(fields.Field):  # type: ignore[type-arg]
    """null, or the one seating the seeds name: partners opposite, ``[[0, 2], [1, 3]]``."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> list[list[int]]:
        if value != TEAMS or not all(type(s) is int for team in value for s in team):
            raise ValidationError("teams is null or [[0, 2], [1, 3]] (partners sit opposite)")
        return [list(team) for team in TEAMS]


class ProfileSchema(Schema):
    """A fully resolved declaration (after ``extends`` and defaults are merged in)."""

    class Meta:
        unknown = RAISE
        ordered = True

    name = fields.String(validate=validate.Length(max=200))
    players = _int(2, MAX_PLAYERS, required=True)
    hand_size = _int(1, 26, required=True)
    direction = _choice("clockwise", "counterclockwise", required=True)
    suit_order = BoundedList(fields.String(), max_items=len(cards.SUITS), required=True)
    triples = StrictBool(required=True)
    five_card_hands = StrictBool(required=True)
    straights = BoundedList(StraightField(), max_items=len(RUNS), required=True)
    straight_flushes = BoundedList(StraightField(), max_items=len(RUNS), required=True,
                                   allow_none=True)
    flush_compare = _choice("rank_first", "suit_first", required=True)
    five_card_order = BoundedList(_choice(*CATEGORIES), max_items=len(CATEGORIES), required=True)
    cross_category = StrictBool(required=True)
    bombs = _choice("none", "anything", required=True)
    bomb_hands = BoundedList(_choice(*BOMB_HANDS), max_items=len(BOMB_HANDS), required=True,
                             validate=validate.Length(min=1))
    passing = _choice("rejoin", "locked_out", required=True)
    opening = fields.Nested(OpeningSchema, required=True)
    must_play_first_trick = StrictBool(required=True)
    no_single_two_finish_on_lead = StrictBool(required=True)
    leftover = _choice("undealt", "to_opener", required=True)
    revolution = _choice("none", "ranks", required=True)
    teams = TeamsField(required=True, allow_none=True, metadata={
        "type": "array", "items": {"type": "array", "items": {"type": "integer"}},
        "description": "null, or [[0, 2], [1, 3]]: two against two, partners opposite",
        "example": TEAMS})
    scoring = fields.Nested(ScoringSchema, required=True)
    match = fields.Nested(MatchSchema, required=True)

    @validates_schema(skip_on_field_errors=False)
    def _cross_checks(self, data: dict[str, Any], **kwargs: Any) -> None:
        errors: dict[str, list[str]] = {}
        suits = data.get("suit_order")
        if suits is not None and sorted(str(s).upper() for s in suits) != sorted(cards.SUITS):
            errors["suit_order"] = ["must be a permutation of D, C, H, S (low to high)"]
        for key in ("straights", "straight_flushes"):
            runs = data.get(key)
            if runs is not None and len(set(runs)) != len(runs):
                errors[key] = ["a straight is listed twice"]
        bomb_hands = data.get("bomb_hands")
        if bomb_hands is not None and len(set(bomb_hands)) != len(bomb_hands):
            errors["bomb_hands"] = ["a hand is listed twice"]
        order = data.get("five_card_order")
        if order is not None and sorted(order) != sorted(CATEGORIES):
            errors["five_card_order"] = ["must list each five-card category exactly once"]
        players, hand_size = data.get("players"), data.get("hand_size")
        if (
            isinstance(players, int)
            and isinstance(hand_size, int)
            and players * hand_size > cards.DECK_SIZE
        ):
            errors["hand_size"] = [
                f"{players} hands of {hand_size} cards need {players * hand_size} cards; "
                "the deck has 52"
            ]
        if data.get("teams") is not None and players != 4:
            errors["teams"] = [f"teams need 4 players (two against two); this profile has {players}"]
        if errors:
            raise ValidationError(errors)
