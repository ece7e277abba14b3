"""Game records and validation reports (RECORDS.md).

The record schemas document the shape only: records are parsed by the core
(``bigtwo.records.parse`` via ``check_record``) so that the CLI and the API agree exactly.
"""

from __future__ import annotations

import re

from marshmallow import Schema, ValidationError, fields, validate

from bigtwo import limits
from bigtwo.reports.i18n import ACCEPTED_TAGS, LANGUAGES, canonical
from bigtwo.reports.messages import CODES
from bigtwo.rules import cards, fair
from bigtwo.rules.cards import MAX_PLAYERS
from bigtwo.rules.kinds import Int
from bigtwo.rules.registry import BY_PATH
from schemas.common import ref_field
from schemas.profiles import ProfileRefField

# The core's bounds, so that the document cannot call a legal record invalid: seats as a
# profile may have them (the registry's players field), cards as the deck holds them.
_PLAYERS = BY_PATH[("players",)].kind
assert isinstance(_PLAYERS, Int) and _PLAYERS.maximum == MAX_PLAYERS
MIN_SEATS, MAX_SEATS = _PLAYERS.minimum, MAX_PLAYERS

CARD = {"type": "string", "example": "3D",
        "description": "rank then suit, or suit then rank: 2-9, T or 10, J, Q, K, A; "
                       "C D H S or ♣ ♦ ♥ ♠; any case. v4, under jokers: JK for a joker, and "
                       "in a play JK=<card> for a joker standing for that card"}
# A hand holds at most every card of the largest table: four decks with two jokers each.
MAX_HAND = cards.MAX_DECKS * (cards.DECK_SIZE + cards.MAX_JOKERS)


def card_list(**kw: object) -> fields.List[str]:
    return fields.List(fields.String(metadata=CARD), **kw)  # type: ignore[arg-type]


class MoveSchema(Schema):
    seat = fields.Integer(required=True, validate=validate.Range(min=0, max=MAX_SEATS - 1))
    play = card_list(validate=validate.Length(min=1, max=limits.MAX_CARDS_PER_PLAY),
                     metadata={"description": "the cards played; give either play or pass"})
    pass_ = fields.Boolean(data_key="pass", metadata={"enum": [True]})
    timeout = fields.Boolean(metadata={
        "enum": [True], "description": "v4, under timeouts: pass only: the seat's turn ran out (a "
                                       "move is exactly one of play, pass and timeout)"})
    call = fields.Boolean(metadata={
        "enum": [True], "description": "v4, under last_card_call: liable only, on a play: the "
                                       "player called \"last card\""})


class DeclaredSchema(Schema):
    winner = fields.Integer(allow_none=True)
    scores = fields.List(fields.Integer(), allow_none=True)


class ResultSchema(Schema):
    cards_left = fields.List(fields.Integer(), validate=validate.Length(max=MAX_SEATS), metadata={
        "description": "how many cards each seat still held (exactly one 0: the winner); "
                       "only where scoring does not depend on which cards are held"})
    left = fields.List(card_list(validate=validate.Length(max=MAX_HAND)),
                       validate=validate.Length(max=MAX_SEATS),
                       metadata={"description": "the cards each seat still held; give this "
                                                "or cards_left"})
    places = fields.List(fields.Integer(), validate=validate.Length(max=52), metadata={
        "description": "v3, under finish: placings only: every seat once, first out first "
                       "(instead of cards_left or left)"})
    liable = fields.Integer(allow_none=True, metadata={
        "description": "v3, under last_card_guard: liable only: the loser who pays every "
                       "loser's penalty (a score sheet's \"takes all\" mark)"})


class ProofEntropySchema(Schema):
    seat = fields.Integer(required=True, validate=validate.Range(min=0, max=MAX_SEATS - 1))
    value = fields.String(required=True,
                          validate=validate.Length(min=1, max=fair.MAX_ENTROPY_CHARS),
                          metadata={"description": "the seat's contribution to the shuffle"})


HEX64 = {"pattern": "^[0-9a-fA-F]{64}$"}


class ProofSchema(Schema):
    """A live table's fair-deal evidence (TABLES.md, "Fair deals")."""

    commitment = fields.String(required=True, validate=validate.Regexp(HEX64["pattern"]),
                               metadata={**HEX64, "description": "SHA-256 of \"commit:\" and "
                                                                 "the seed, published before the deal"})
    seed = fields.String(required=True, validate=validate.Regexp(HEX64["pattern"]),
                         metadata={**HEX64, "description": "the 32 secret bytes, revealed after "
                                                           "the deal"})
    entropy = fields.List(fields.Nested(ProofEntropySchema), required=True,
                          validate=validate.Length(max=MAX_SEATS), metadata={
                              "description": "the seats' contributions, in seat order, each "
                                             "seat at most once (empty under fairness: server)"})
    deal_code = fields.String(required=True, metadata={
        "description": "the code (B2 or B2X, DEAL_CODES.md) the revealed values make"})


class RecordDealSchema(Schema):
    hands = fields.List(card_list(validate=validate.Length(max=MAX_HAND)),
                        validate=validate.Length(max=MAX_SEATS),
                        metadata={"description": "one list per seat; or give deal_code "
                                                 "(optional for a deal with a result)"})
    deal_code = fields.String(metadata={"description": "stands for the hands (API.md, Deals)"})
    moves = fields.List(fields.Nested(MoveSchema),
                        validate=validate.Length(max=limits.MAX_MOVES_PER_DEAL),
                        metadata={"description": "every turn in order; or give result"})
    result = fields.Nested(ResultSchema, metadata={
        "description": "v2: how the deal ended, instead of moves (a score sheet's row); "
                       "the deal is scored without replay and its status is scored"})
    declared = fields.Nested(DeclaredSchema, allow_none=True)
    proof = fields.Nested(ProofSchema, metadata={
        "description": "v5: a live table's proof that the hands were dealt fairly; a proof "
                       "that does not hold is PROOF_MISMATCH"})


class RecordSchema(Schema):
    profile = ProfileRefField(required=True)
    players = fields.List(fields.String(validate=validate.Length(min=1, max=limits.MAX_NAME_LENGTH)),
                          validate=validate.Length(min=MIN_SEATS, max=MAX_SEATS))
    deals = fields.List(fields.Nested(RecordDealSchema), required=True,
                        validate=validate.Length(min=1, max=limits.MAX_DEALS_PER_RECORD))
    meta = fields.Dict(metadata={"description": "free-form, ignored by the referee"})


class BatchRequestSchema(Schema):
    records = fields.List(
        fields.Nested(RecordSchema), required=True,
        validate=validate.Length(max=limits.MAX_RECORDS_PER_BATCH),
        metadata={"description": f"at most {limits.MAX_RECORDS_PER_BATCH} records"},
    )


# --- reports ----------------------------------------------------------------------------
class ProfileRefSchema(Schema):
    id = fields.String(required=True)
    hash = fields.String(required=True, metadata={"example": "sha256:..."})


class RuleErrorSchema(Schema):
    code = ref_field("RuleCode", CODES, required=True)
    deal = fields.Integer(required=True, allow_none=True)
    move = fields.Integer(required=True, allow_none=True)
    seat = fields.Integer(required=True, allow_none=True)
    pointer = fields.String(required=True, metadata={"example": "/deals/0/moves/17"})
    line = fields.Integer(metadata={"description": "a game sent as Big Two notation: the line "
                                                   "(from 1) that writes the error's move"})
    column = fields.Integer(metadata={"description": "with line: the column (from 1) of the "
                                                     "move's first character"})
    message = fields.String(required=True)
    params = fields.Dict(required=True)


class PenaltyPartsSchema(Schema):
    cards = fields.Integer(required=True)
    multiplier = fields.Integer(required=True)
    base = fields.Integer(required=True)
    two_factor = fields.Integer(required=True)
    sweep_factor = fields.Integer(metadata={"description": "v4, only where the profile sets "
                                                          "scoring.sweep_factor: 1, or the factor "
                                                          "when no loser played a card"})
    card_penalties = fields.Integer(required=True)
    paid_by = fields.Integer(metadata={"description": "v3, last_card_guard liable (v4, or the "
                                                      "winner under last_card_call liable): the "
                                                      "seat that paid this loser's penalty"})
    own = fields.Integer(metadata={"description": "v3, the liable seat: its own penalty (0 for "
                                                  "a winner liable for a missed call)"})
    takes_all = fields.Integer(metadata={"description": "v3, the liable seat: every loser's "
                                                        "penalty, which it pays"})
    sweep_factor = fields.Integer(metadata={"description": "v4, under scoring.sweep_factor "
                                                           "above 1: 1, or the factor when the "
                                                           "sweep applied"})


class BreachSchema(Schema):
    move = fields.Integer(required=True)
    seat = fields.Integer(required=True)
    protected = fields.Integer(required=True)


class MissedCallSchema(Schema):
    move = fields.Integer(required=True)
    seat = fields.Integer(required=True)


class DealReportSchema(Schema):
    index = fields.Integer(required=True)
    status = fields.String(required=True,
                           validate=validate.OneOf(["complete", "incomplete", "invalid", "not_checked",
                                                    "scored"]))
    leader = fields.Integer(required=True, allow_none=True)
    winner = fields.Integer(required=True, allow_none=True)
    moves_checked = fields.Integer(required=True)
    cards_left = fields.List(fields.Integer(), required=True, allow_none=True)
    penalties = fields.List(fields.Integer(), required=True, allow_none=True)
    scores = fields.List(fields.Integer(), required=True, allow_none=True)
    scoring = fields.List(fields.Nested(PenaltyPartsSchema, allow_none=True), required=True,
                          allow_none=True,
                          metadata={"description": "how each loser's penalty was made up "
                                                   "(null for the winner)"})
    penalties_now = fields.List(fields.Integer(), allow_none=True, metadata={
        "description": "v2: for an incomplete deal, what each seat would pay if the deal "
                       "ended now; null otherwise"})
    team_scores = fields.List(fields.Integer(), allow_none=True, metadata={
        "description": "v2, only under a profile with teams: each seat's team score for the deal"})
    places = fields.List(fields.Integer(), allow_none=True, metadata={
        "description": "v3, only under finish: placings: seats in finishing order (so far)"})
    liable = fields.Integer(allow_none=True, metadata={
        "description": "v3, only under last_card_guard: liable: the seat that paid every "
                       "loser's penalty (null when no liability applied)"})
    breaches = fields.List(fields.Nested(BreachSchema), allow_none=True, metadata={
        "description": "v3, only under last_card_guard: liable: plays that broke the guard "
                       "and stood (null for a result-only deal)"})
    missed_calls = fields.List(fields.Nested(MissedCallSchema), allow_none=True, metadata={
        "description": "v4, only under last_card_call: liable: plays that left their seat one "
                       "card without the call and stood (null for a result-only deal)"})


class MatchResultSchema(Schema):
    over = fields.Boolean(required=True)
    winners = fields.List(fields.Integer(), required=True)


class ReportSchema(Schema):
    valid = fields.Boolean(required=True)
    engine = fields.String(required=True)
    profile = fields.Nested(ProfileRefSchema, required=True)
    errors = fields.List(fields.Nested(RuleErrorSchema), required=True)
    deals = fields.List(fields.Nested(DealReportSchema), required=True)
    totals = fields.List(fields.Integer(), required=True)
    match = fields.Nested(MatchResultSchema, required=True)
    team_totals = fields.List(fields.Integer(), metadata={
        "description": "v2, only under a profile with teams: each seat's team total"})


class BatchResponseSchema(Schema):
    reports = fields.List(
        fields.Raw(metadata={"oneOf": [{"$ref": "#/components/schemas/Report"},
                                       {"$ref": "#/components/schemas/Problem"}]}),
        required=True,
        metadata={"description": "one per record, in order: a report, or the problem "
                                 "document that stopped a malformed record"},
    )


# --- query parameters -------------------------------------------------------------------
# A BCP 47 tag as the service reads one (bigtwo.reports.i18n.canonical): subtags of letters
# and digits joined by "-" (or "_", as locales are spelt). The document says the pattern and
# the languages behind it, not a closed list: ``de-CH`` is German, ``fil-PH`` Filipino, and a
# typed client must be able to send them.
LANG_PATTERN = r"^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*$"
_LANG_RE = re.compile(LANG_PATTERN)


class LanguageTag(validate.Validator):
    """A language tag we have words for (bigtwo.reports.i18n), or one of its aliases, or a
    tag Babel reads as one of them (a region or script added); spelt as ``LANG_PATTERN``."""

    def __call__(self, value: str) -> str:
        if not _LANG_RE.fullmatch(value) or canonical(value) is None:
            raise ValidationError(f"Must be a language tag of one of: {', '.join(ACCEPTED_TAGS)} "
                                  "(a region or script may follow, as in de-CH).")
        return value


LANG_DESCRIPTION = ("language of the messages; beats Accept-Language. A BCP 47 tag of one of "
                    f"{', '.join(LANGUAGES)}; the aliases zh-HK (zh-Hant-HK), zh-TW "
                    "(zh-Hant-TW), zh-CN and zh (zh-Hans), tl (fil); a region or script added "
                    "is read as Babel reads it (de-CH is de, it_IT it). Any other tag is a 422.")
# What the document says of every ``lang``: the pattern, and the languages in extensions
# a client can read (x-languages: what answers come in; x-language-aliases: tags that mean one).
LANG_SCHEMA_EXTRAS: dict[str, object] = {
    "pattern": LANG_PATTERN,
    "maxLength": limits.MAX_LANGUAGE_TAG_LENGTH,
    "x-languages": list(LANGUAGES),
    "x-language-aliases": {"zh-HK": "zh-Hant-HK", "zh-TW": "zh-Hant-TW", "zh-CN": "zh-Hans",
                           "zh": "zh-Hans", "tl": "fil"},
}


def lang_field(**kwargs: object) -> fields.String:
    return fields.String(validate=LanguageTag(), metadata={
        "description": LANG_DESCRIPTION, **LANG_SCHEMA_EXTRAS}, **kwargs)  # type: ignore[arg-type]


class LangQuerySchema(Schema):
    lang = lang_field()


class ValidateQuerySchema(LangQuerySchema):
    complete = fields.Boolean(
        load_default=True,
        metadata={"description": "true: every deal must be finished (else INCOMPLETE); "
                                 "false: an unfinished deal is accepted as incomplete"},
    )


class ValidateOneQuerySchema(ValidateQuerySchema):
    profile = fields.String(
        validate=validate.Length(min=1, max=200),
        metadata={"description": "v2: the profile (preset or stored id) of a text/csv score "
                                 "sheet, which is required there; for a JSON record, the "
                                 "profile when the record names none"},
    )
