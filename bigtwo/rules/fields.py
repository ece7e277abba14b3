"""The field registry: one declaration per profile field, and everything derived from it.

Each field of a rule profile is declared once, in ``Rules`` below: its attribute on ``Profile``
(with the attribute's type), its path in the JSON declaration, its kind (type, choices,
bounds), its default, the version it came in, the rule codes it explains and its docs line.
From these the core derives the declaration check (``check``), the defaults a declaration is
merged over (``defaults``), the profile's attributes (``profiles.Profile``), the hashing that
leaves out fields newer than v1 at their default (``strip_defaults``), the referee's
"which house rules explain this error" (``explaining_fields``), the OpenAPI schema
(schemas/profiles.py) and the field tables of docs/RULES.md (scripts/field_table.py).

Adding a house rule is one entry here (see CONTRIBUTING.md); checks that relate several
fields are declared in ``CHECKS`` beside it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from enum import StrEnum
from typing import Any

from bigtwo import limits
from bigtwo.rules import cards
from bigtwo.rules.codes import RuleCode
from bigtwo.rules.frozen import Frozen
from bigtwo.rules.kinds import (
    MISSING,
    NOT_AN_OBJECT,
    NULL,
    Bool,
    Card,
    Choice,
    Int,
    Invalid,
    Kind,
    ListOf,
    ListOnce,
    Obj,
    RankValues,
    Straight,
    Teams,
    Text,
    unknown,
)
from bigtwo.rules.quoting import pointer_key
from bigtwo.rules.runs import BOMB_HANDS, CATEGORIES, MAX_PLAYERS, RUNS

Path = tuple[str, ...]
# The rules versions: a field added after v1 is left out of the hash while it holds its
# default, so a profile declared before it existed keeps its hash and id.
V1, V2, V3 = 1, 2, 3

# --- the registry's words -------------------------------------------------------------------
# Every word a person reads about a field is declared here, in English, and nowhere else: the
# field's label (msgctxt "field") and each closed choice's value as a profile spells it
# (msgctxt "field-value"). ``NP_`` only marks them for `make extract` (the Makefile's
# BABEL_KEYWORDS); the rules core reads no catalog, bigtwo.records.field_text translates them
# (docs/TRANSLATING.md). A new field's other languages are catalog entries only.
LABEL_CONTEXT = "field"
VALUE_CONTEXT = "field-value"


def NP_(context: str, text: str) -> str:  # noqa: N802 - the gettext marker extraction looks for
    """Mark a registry word for extraction (``context`` is LABEL_CONTEXT or VALUE_CONTEXT,
    spelled out because the extractor reads literals); the English text itself."""
    return text


# --- closed choices -------------------------------------------------------------------------
class Direction(StrEnum):
    CLOCKWISE = NP_("field-value", "clockwise")
    COUNTERCLOCKWISE = NP_("field-value", "counterclockwise")


class FlushCompare(StrEnum):
    RANK_FIRST = NP_("field-value", "rank_first")
    SUIT_FIRST = NP_("field-value", "suit_first")
    TOP_CARD = NP_("field-value", "top_card")


class StraightFlushCompare(StrEnum):
    AS_STRAIGHTS = NP_("field-value", "as_straights")
    SUIT_FIRST = NP_("field-value", "suit_first")


class StraightKey(StrEnum):
    HIGHEST_RANK = NP_("field-value", "highest_rank")
    TOP_OF_RUN = NP_("field-value", "top_of_run")


class Bombs(StrEnum):
    NONE = NP_("field-value", "none")
    ANYTHING = NP_("field-value", "anything")
    ON_TWOS = NP_("field-value", "on_twos")


class FourCardHand(StrEnum):
    TWO_PAIR = NP_("field-value", "two_pair")
    FOUR_OF_A_KIND = NP_("field-value", "four_of_a_kind")


class RevolutionRepeats(StrEnum):
    STAYS = NP_("field-value", "stays")
    TOGGLES = NP_("field-value", "toggles")


class Passing(StrEnum):
    REJOIN = NP_("field-value", "rejoin")
    LOCKED_OUT = NP_("field-value", "locked_out")


class LastCardGuard(StrEnum):
    NONE = NP_("field-value", "none")
    HIGHEST_SINGLE = NP_("field-value", "highest_single")
    LIABLE = NP_("field-value", "liable")


class Finish(StrEnum):
    FIRST_OUT = NP_("field-value", "first_out")
    PLACINGS = NP_("field-value", "placings")


class FirstDeal(StrEnum):
    LOWEST_CARD = NP_("field-value", "lowest_card")


class LaterDeals(StrEnum):
    LOWEST_CARD = NP_("field-value", "lowest_card")
    PREVIOUS_WINNER = NP_("field-value", "previous_winner")


class Leftover(StrEnum):
    UNDEALT = NP_("field-value", "undealt")
    TO_OPENER = NP_("field-value", "to_opener")


class Revolution(StrEnum):
    NONE = NP_("field-value", "none")
    RANKS = NP_("field-value", "ranks")
    RANKS_AND_SUITS = NP_("field-value", "ranks_and_suits")


class Settlement(StrEnum):
    WINNER_TAKES_ALL = NP_("field-value", "winner_takes_all")
    PENALTY_ONLY = NP_("field-value", "penalty_only")
    WINNER_ONLY = NP_("field-value", "winner_only")
    PAIRWISE = NP_("field-value", "pairwise")


class TwoHeldMode(StrEnum):
    ONCE = NP_("field-value", "once")
    PER_TWO = NP_("field-value", "per_two")


class Category(StrEnum):
    STRAIGHT = NP_("field-value", "straight")
    FLUSH = NP_("field-value", "flush")
    FULL_HOUSE = NP_("field-value", "full_house")
    FOUR_OF_A_KIND = NP_("field-value", "four_of_a_kind")
    STRAIGHT_FLUSH = NP_("field-value", "straight_flush")


class BombHand(StrEnum):
    FOUR_OF_A_KIND = NP_("field-value", "four_of_a_kind")
    STRAIGHT_FLUSH = NP_("field-value", "straight_flush")


assert tuple(Category) == CATEGORIES and tuple(BombHand) == BOMB_HANDS


# --- values a field holds on Profile ------------------------------------------------------
class Tier(Frozen):
    __slots__ = ("start", "multiplier")
    start: int
    multiplier: int

    def __init__(self, start: int, multiplier: int) -> None:
        self._set(start=start, multiplier=multiplier)


class HeldHandFactor(Frozen):
    """A loser whose cards left hold one of ``hands`` pays ``factor`` times the penalty."""

    __slots__ = ("hands", "factor")
    hands: tuple[str, ...]
    factor: int

    def __init__(self, hands: tuple[str, ...], factor: int) -> None:
        self._set(hands=hands, factor=factor)


def _mask(names: tuple[str, ...]) -> int:
    return cards.mask_of(cards.NOTATION[c] for c in names)


class CardPenalty(Frozen):
    """Points a loser pays on top when holding ``cards`` (every one, or any, as ``all``
    says); ``mask`` is their bitmask, for the scoring."""

    __slots__ = ("cards", "all", "points", "mask")
    cards: tuple[str, ...]
    all: bool
    points: int
    mask: int

    def __init__(self, cards: tuple[str, ...], all: bool, points: int) -> None:
        self._set(cards=cards, all=all, points=points, mask=_mask(cards))

    def _fields(self) -> tuple[tuple[str, Any], ...]:
        return super()._fields()[:3]  # equal, hashed and shown by what was declared


# --- the entry ----------------------------------------------------------------------------
# The registry's declarations (entries, explanations, checks, layout) and most values are
# plain classes with __slots__ (bigtwo.rules.frozen: a dataclass costs about a millisecond to
# define, at every start).
class Explains(Frozen):
    """A rule code this field can explain. ``when`` narrows it to one situation of the code
    (see ``situations``); ``rank`` orders the fields shown for one error (lower first, then
    registry order)."""

    __slots__ = ("code", "when", "rank")
    code: RuleCode
    when: str | None
    rank: int

    def __init__(self, code: RuleCode, when: str | None = None, rank: int = 0) -> None:
        self._set(code=code, when=when, rank=rank)


Build = Callable[[Any, Mapping[str, Any]], Any]


class Field(Frozen):
    __slots__ = ("path", "kind", "default", "since", "doc", "label", "explains", "section",
                 "values", "played_by", "build", "canonical", "attr")
    path: Path
    kind: Kind
    default: Any
    since: int
    doc: str  # what it decides: the meaning column of docs/RULES.md
    label: str  # what a person calls it, in English (a message of LABEL_CONTEXT)
    explains: tuple[Explains, ...]
    section: str  # the table of docs/RULES.md it is listed in
    values: str | None  # the values column, where the kind's own text says too little
    played_by: str  # which rule texts play which value (docs/RULES.md)
    # The attribute's value from the field's (canonical) value and the whole rules object;
    # by default lists become tuples and closed choices their enum member.
    build: Build | None
    # The canonical value given the whole canonical rules (after every kind's canonical
    # spelling), where equal rules can still be spelled two ways.
    canonical: Callable[[Any, Mapping[str, Any]], Any] | None
    attr: str  # the Profile attribute, set from the name it is declared under

    def __init__(self, path: Path, kind: Kind, default: Any, since: int, doc: str, label: str,
                 explains: tuple[Explains, ...] = (), section: str = "",
                 values: str | None = None, played_by: str = "", build: Build | None = None,
                 canonical: Callable[[Any, Mapping[str, Any]], Any] | None = None,
                 attr: str = "") -> None:
        self._set(path=path, kind=kind, default=default, since=since, doc=doc, label=label,
                  explains=explains, section=section, values=values, played_by=played_by,
                  build=build, canonical=canonical, attr=attr)

    # Each entry is one field of the registry: equal only to itself.
    __eq__ = object.__eq__
    __hash__ = object.__hash__

    @property
    def dotted(self) -> str:
        return ".".join(self.path)

    @property
    def pointer(self) -> str:
        return "/" + "/".join(self.path)

    def to_attribute(self, value: Any, rules: Mapping[str, Any]) -> Any:
        if self.build is not None:
            return self.build(value, rules)
        if isinstance(value, list):
            return tuple(value)
        if isinstance(self.kind, Choice):
            return self.kind.enum(value)
        return value


def entry(path: Path, kind: Kind, default: Any, *, since: int, label: str, doc: str,
          explains: tuple[Explains, ...] = (), **more: Any) -> Any:
    """One registry entry. Typed ``Any`` so that ``Rules`` can annotate each name with the
    type the attribute has on ``Profile``."""
    return Field(path, kind, default, since, doc, label, explains, **more)


def why(code: RuleCode, when: str | None = None, rank: int = 0) -> Explains:
    return Explains(code, when, rank)


C = RuleCode
_cards_order = cards.NOTATION.__getitem__
# The suit order explains a play that does not beat one of its kind only where the suits
# decided: equal top ranks (9♥ against J♥ is decided by the ranks), or flushes.
_NOT_BEAT_BY_SUIT = tuple(why(C.DOES_NOT_BEAT, f"{kind}:suits", rank=9)
                          for kind in ("single", "pair", "straight", "straight_flush", "flush"))
_TWOS = ["2C", "2D", "2H", "2S"]

TABLE, PLAY, PASSING, TEAMS, SCORING, MATCH = (
    "The table and the deal", "What may be played", "Passing and finishing", "Teams",
    "Scoring (`scoring`)", "The match (`match`)")


def _straight_flushes(value: Any, rules: Mapping[str, Any]) -> Any:
    return None if value == rules["straights"] else value


def _resolved_straight_flushes(value: Any, rules: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(rules["straights"] if value is None else value)


def _teams(value: Any, rules: Mapping[str, Any]) -> tuple[tuple[int, ...], ...] | None:
    return None if value is None else tuple(tuple(team) for team in value)


def _tiers(value: Any, rules: Mapping[str, Any]) -> tuple[Tier, ...]:
    return tuple(Tier(t["from"], t["multiplier"]) for t in value)


def _card_values(value: Any, rules: Mapping[str, Any]) -> tuple[int, ...] | None:
    """Points by rank index (3 first, 2 last), as ``cards.rank_of`` numbers ranks."""
    return None if value is None else tuple(value[r] for r in cards.RANKS)


def _held_hand_factor(value: Any, rules: Mapping[str, Any]) -> HeldHandFactor | None:
    return None if value is None else HeldHandFactor(tuple(value["hands"]), value["factor"])


def _penalties(value: Any, rules: Mapping[str, Any]) -> tuple[CardPenalty, ...]:
    return tuple(CardPenalty(tuple(p["cards"]), p["all"], p["points"]) for p in value)


class Rules:
    """The registry. Each name is a ``Profile`` attribute, annotated with its type there."""

    # --- the table and the deal ------------------------------------------------------------
    players: int = entry(
        ("players",), Int(2, MAX_PLAYERS), 4, since=V1, section=TABLE,
        values=", ".join(map(str, range(2, MAX_PLAYERS + 1))),
        label=NP_("field", "seats at the table"),
        doc="seats at the table",
        played_by="4 everywhere; 000 names 2, 3 and 5 player forms",
        explains=(why(C.PLAYER_COUNT),))
    hand_size: int = entry(
        ("hand_size",), Int(1, 26), 13, since=V1, section=TABLE,
        values="1 … 52 / `players`",
        label=NP_("field", "cards per hand"),
        doc="cards dealt to each seat; the rest of the deck stays out",
        played_by="13 everywhere; 000 deals 17 each to 3 players and leaves one card face down",
        explains=(why(C.HAND_SIZE), why(C.RESULT_CARD_COUNT)))
    direction: Direction = entry(
        ("direction",), Choice(Direction), Direction.CLOCKWISE, since=V1, section=TABLE,
        label=NP_("field", "turn order"),
        doc="turn order over the seat numbers: the next seat is seat + 1, or seat − 1 "
            "(wrapping round)",
        played_by="clockwise: 000, 002, 003; counterclockwise: 004, and 001 (\"you, right, "
                  "opposite, left\")",
        explains=(why(C.WRONG_TURN), why(C.LOCKED_OUT, rank=1)))
    suit_order: tuple[str, ...] = entry(
        ("suit_order",), ListOf(Text(upper=True), max_items=len(cards.SUITS)),
        ["D", "C", "H", "S"], since=V1, section=TABLE,
        values="the four suits `D C H S` in any order, low to high",
        label=NP_("field", "suits, low to high"),
        doc="breaks ties of rank; the lowest suit's 3 is the lowest card",
        played_by="`D C H S`: 000, 001, 002; `C D H S`: 001's switch; `C S H D`: 004",
        explains=(why(C.OPENING_CARD), *_NOT_BEAT_BY_SUIT))
    # --- what may be played ----------------------------------------------------------------
    triples: bool = entry(
        ("triples",), Bool(), True, since=V1, section=PLAY,
        label=NP_("field", "triples allowed"),
        doc="three of a rank is a combination of its own",
        played_by="yes: 000, 001, 004; no: 002 (\"only when agreed\")",
        explains=(why(C.COMBINATION_NOT_ALLOWED, "no_triples"),))
    five_card_hands: bool = entry(
        ("five_card_hands",), Bool(), True, since=V1, section=PLAY,
        label=NP_("field", "five-card hands allowed"),
        doc="five-card hands exist at all",
        played_by="yes everywhere; 004's beginners' variant plays without them",
        explains=(why(C.COMBINATION_NOT_ALLOWED, "no_five_card_hands"),))
    straights: tuple[str, ...] = entry(
        ("straights",), ListOf(Straight(), max_items=len(RUNS), distinct="a straight is listed twice"),
        ["34567", "45678", "56789", "6789T", "789TJ", "89TJQ", "9TJQK", "TJQKA"],
        since=V1, section=PLAY, values="list of runs, low to high",
        label=NP_("field", "straights, low to high"),
        doc="exactly which runs are straights, and their order",
        played_by="`34567` … `TJQKA`: 000, 002, 004; 001 adds `23456` and `A2345` above "
                  "`TJQKA` (`A2345` highest); 000's variant puts `23456` on top; 004's house "
                  "rule ranks `34567` above every other straight",
        explains=(why(C.COMBINATION_NOT_ALLOWED, "no_two_in_straights"),
                  why(C.COMBINATION_NOT_ALLOWED, "straight_not_listed"),
                  why(C.DOES_NOT_BEAT, "straight"), why(C.DOES_NOT_BEAT, "straight_flush", rank=1)))
    straight_flushes: tuple[str, ...] = entry(
        ("straight_flushes",),
        ListOf(Straight(), max_items=len(RUNS), nullable=True, distinct="a straight is listed twice"),
        None, since=V2, section=PLAY, values="list of runs, low to high, or `null`",
        label=NP_("field", "straight flushes, low to high"),
        doc="which runs of one suit are straight flushes, and their order; `null` (the default) "
            "means the same list as `straights`",
        played_by="004: when `34567` is lifted above the other straights, the royal flush "
                  "stays unbeatable",
        canonical=_straight_flushes, build=_resolved_straight_flushes,
        explains=(why(C.DOES_NOT_BEAT, "straight_flush"),))
    flush_compare: FlushCompare = entry(
        ("flush_compare",), Choice(FlushCompare), FlushCompare.RANK_FIRST, since=V1, section=PLAY,
        label=NP_("field", "how flushes compare"),
        doc="`rank_first`: ranks from the top down, then the suit of the highest card; "
            "`suit_first`: the suit, then the ranks from the top down; `top_card` (v3): the "
            "highest card alone, its rank then its suit",
        played_by="rank first: 000, 003; suit first: 001 (by default), 004; top card: "
                  "jmanchuck/bigtwo-rl, sartig/python-big-two-rl, benbrunton/pusoy-dos",
        explains=(why(C.DOES_NOT_BEAT, "flush"),))
    straight_flush_compare: StraightFlushCompare = entry(
        ("straight_flush_compare",), Choice(StraightFlushCompare),
        StraightFlushCompare.AS_STRAIGHTS, since=V3, section=PLAY,
        label=NP_("field", "how straight flushes compare"),
        doc="`as_straights`: by position in `straight_flushes`, then the key card's suit; "
            "`suit_first`: the straight flush of the higher suit wins whatever its ranks, and "
            "one suit's straight flushes rank by position",
        played_by="as straights: the seeds; suit first: Wal8800/card-games, "
                  "zeshuaro/telegram_big_two_bot (under D<C<H<S, ♣6-10 beats ♦10-A)",
        explains=(why(C.DOES_NOT_BEAT, "straight_flush"),))
    straight_key: StraightKey = entry(
        ("straight_key",), Choice(StraightKey), StraightKey.HIGHEST_RANK, since=V3, section=PLAY,
        label=NP_("field", "the card that keys a straight"),
        doc="which card of a run is its key card (its suit breaks a tie between equal runs, "
            "and it names the run): `highest_rank`, the card of the highest Big Two rank (the 2 "
            "in A2345 and 23456); `top_of_run`, the run's own top card (the 5 in A2345, the 6 "
            "in 23456)",
        played_by="highest rank: the seeds; top of run: mainland and Western rule books",
        # Only where equal runs tie on their key cards' suits.
        explains=(why(C.DOES_NOT_BEAT, "straight:suits", rank=2),
                  why(C.DOES_NOT_BEAT, "straight_flush:suits", rank=2)))
    five_card_order: tuple[str, ...] = entry(
        ("five_card_order",), ListOf(Choice(Category), max_items=len(CATEGORIES)),
        list(CATEGORIES), since=V1, section=PLAY,
        values="the five categories `" + " ".join(CATEGORIES) + "` in any order, low to high",
        label=NP_("field", "five-card categories, low to high"),
        doc="which five-card category is higher",
        played_by="every text plays the order shown",
        explains=(why(C.CATEGORY, rank=1), why(C.DOES_NOT_BEAT, "across")))
    cross_category: bool = entry(
        ("cross_category",), Bool(), True, since=V1, section=PLAY,
        label=NP_("field", "a higher category beats a lower one"),
        doc="a higher five-card category beats a lower one; `false`: a five-card hand is only "
            "beaten by a higher hand of its own category",
        played_by="yes: 000, 001, 002; no: 004 (\"a straight is only beaten by a higher "
                  "straight\")",
        explains=(why(C.CATEGORY), why(C.DOES_NOT_BEAT, "across")))
    bombs: Bombs = entry(
        ("bombs",), Choice(Bombs), Bombs.NONE, since=V1, section=PLAY,
        label=NP_("field", "bombs"),
        doc="`none`: a bomb is an ordinary five-card hand. `anything`: a bomb beats any "
            "combination that is not a bomb, whatever its size; a bomb on the table is beaten "
            "by a higher bomb, or by a five-card hand that beats it under the five-card rules. "
            "`on_twos` (v3): a bomb may also be played on a table combination that holds a 2 "
            "(the printed rank) and beats it; elsewhere bombs follow the ordinary rules",
        played_by="`none`: 000's standard rules, 001 (\"there are no bombs\"); `anything`: 000's "
                  "variant \"bombs anywhere\", 004's tips; `on_twos`: tables of the v3 survey "
                  "that keep bombs for answering a 2",
        explains=(why(C.CARD_COUNT), why(C.DOES_NOT_BEAT, "across")))
    bomb_hands: tuple[str, ...] = entry(
        ("bomb_hands",),
        ListOf(Choice(BombHand), max_items=len(BOMB_HANDS), min_items=1,
               distinct="a hand is listed twice", order=BOMB_HANDS.index),
        ["four_of_a_kind"], since=V2, section=PLAY,
        values="a list of " + ", ".join(f"`{h}`" for h in BOMB_HANDS),
        label=NP_("field", "hands that bomb"),
        doc="which five-card hands are bombs (default: four of a kind only)",
        played_by="000, 003, 004 call four of a kind plus a kicker the bomb; a table that also "
                  "bombs with a straight flush says so",
        explains=(why(C.CARD_COUNT), why(C.DOES_NOT_BEAT, "across")))
    four_card_hands: tuple[str, ...] = entry(
        ("four_card_hands",),
        ListOf(Choice(FourCardHand), max_items=len(FourCardHand), distinct="a hand is listed twice"),
        [], since=V3, section=PLAY,
        values="`[]`, or a list of `two_pair`, `four_of_a_kind`, low to high",
        label=NP_("field", "four-card hands, low to high"),
        doc="four-card combinations: two pairs of different ranks (compared by the highest card, "
            "the higher pair's higher suit), four of one rank with no kicker (by rank). A "
            "four-card play follows only a four-card play, and a kind later in the list beats "
            "an earlier one; a four-card four of a kind is a bomb where `bomb_hands` names "
            "`four_of_a_kind` and starts a revolution as the five-card one does",
        played_by="tables and engines of the v3 survey that play bare fours of a kind and "
                  "two pair as four-card plays",
        explains=(why(C.CARD_COUNT, rank=1), why(C.NOT_A_COMBINATION),
                  why(C.DOES_NOT_BEAT, "two_pair"), why(C.DOES_NOT_BEAT, "four_of_a_kind")))
    dragon: bool = entry(
        ("dragon",), Bool(), False, since=V3, section=PLAY,
        label=NP_("field", "dragons (one card of each rank)"),
        doc="thirteen cards, one of each rank, are a dragon: it may be led or played on any "
            "table, beats everything and is beaten by nothing, and its player goes out (a seat "
            "dealt more than 13 cards keeps the rest)",
        played_by="zeshuaro/telegram_big_two_bot",
        explains=(why(C.DOES_NOT_BEAT, "across", rank=2), why(C.CARD_COUNT, rank=2),
                  why(C.NOT_A_COMBINATION, rank=1)))
    # --- passing and finishing -------------------------------------------------------------
    passing: Passing = entry(
        ("passing",), Choice(Passing), Passing.REJOIN, since=V1, section=PASSING,
        label=NP_("field", "after a pass"),
        doc="`rejoin`: a pass only ends your turn; `locked_out`: whoever passes sits out until "
            "the next lead",
        played_by="rejoin: 000, 001, 002; locked out: 004",
        explains=(why(C.WRONG_TURN), why(C.LOCKED_OUT)))
    # --- the table and the deal: who leads ------------------------------------------------
    first_deal: FirstDeal = entry(
        ("opening", "first_deal"), Choice(FirstDeal), FirstDeal.LOWEST_CARD, since=V1,
        section=TABLE,
        label=NP_("field", "who leads the first deal"),
        doc="who leads the first deal: the holder of the lowest dealt card, whose first play "
            "must contain it",
        played_by="every text",
        explains=(why(C.OPENING_CARD),))
    later_deals: LaterDeals = entry(
        ("opening", "later_deals"), Choice(LaterDeals), LaterDeals.PREVIOUS_WINNER, since=V1,
        section=TABLE,
        label=NP_("field", "who leads the later deals"),
        doc="who leads the later deals of a match: the lowest card again, or the winner of the "
            "deal before, who may lead anything",
        played_by="`previous_winner`: 000, 004 and 001's switch; `lowest_card`: 001, 002",
        explains=(why(C.OPENING_CARD),))
    lead_alone: bool = entry(
        ("opening", "lead_alone"), Bool(), False, since=V3, section=TABLE,
        label=NP_("field", "the lowest card leads alone"),
        doc="a play that must contain the lowest card (the first of the first deal, and of "
            "later deals under `lowest_card`) must be that card alone",
        played_by="henrycharlesworth/big2_PPOalgorithm",
        explains=(why(C.OPENING_CARD),))
    # --- passing and finishing -------------------------------------------------------------
    must_play_first_trick: bool = entry(
        ("must_play_first_trick",), Bool(), False, since=V1, section=PASSING,
        label=NP_("field", "no pass in the first trick while able to beat"),
        doc="in a deal's first trick, a player who has not played in it yet may not pass while "
            "holding a play that beats the table; after playing once in it, they may",
        played_by="000's variant \"no passing in the opening trick until a player has played "
                  "once\"",
        explains=(why(C.MUST_PLAY),))
    no_single_two_finish_on_lead: bool = entry(
        ("no_single_two_finish_on_lead",), Bool(), False, since=V1, section=PASSING,
        label=NP_("field", "no going out by leading a single 2"),
        doc="nobody may go out by leading a single 2",
        played_by="004's optional rule",
        explains=(why(C.FORBIDDEN_FINISH),))
    # --- passing and finishing: placings and the last-card guard ---------------------------
    last_card_guard: LastCardGuard = entry(
        ("last_card_guard",), Choice(LastCardGuard), LastCardGuard.NONE, since=V3,
        section=PASSING,
        label=NP_("field", "when the next player holds one card"),
        doc="while the next seat still holding cards holds exactly one, a single you play must "
            "be your highest card (in the order in force). `highest_single`: any other single "
            "is refused; `liable`: it stands as a breach, and if the protected seat wins the "
            "deal, the last seat that breached against it pays every loser's penalty, its own "
            "included, and the other losers pay 0. Passes and plays of several cards are never "
            "breaches. `liable` needs `finish: first_out` and no `teams`",
        played_by="Hong Kong and Guangdong tables' 頂大 rule; liable: yawnoc/big-two-scorer "
                  "(\"takes all\")",
        explains=(why(C.MUST_PLAY_HIGHEST), why(C.RESULT_LIABLE)))
    finish: Finish = entry(
        ("finish",), Choice(Finish), Finish.FIRST_OUT, since=V3, section=PASSING,
        label=NP_("field", "when a deal ends"),
        doc="`first_out`: the deal ends when a player goes out. `placings`: play goes on and "
            "seats that went out are skipped; when the seat on top has gone out and every other "
            "seat still playing has passed since, the next seat still playing after it leads; "
            "the deal ends when one seat is left holding cards, and scores "
            "`scoring.place_points` by place (refused with `teams`)",
        played_by="first out: the seeds; placings: benbrunton/pusoy-dos, Pusoy Dos online play",
        # Only the code it brings: the pages of v2 errors name the fields they always did.
        explains=(why(C.RESULT_PLACES),))
    leftover: Leftover = entry(
        ("leftover",), Choice(Leftover), Leftover.UNDEALT, since=V1, section=TABLE,
        label=NP_("field", "cards not dealt"),
        doc="cards not dealt stay out of play face down, or go to the player who holds the "
            "lowest card",
        played_by="`undealt`: 000, 003; `to_opener` is a common house rule",
        explains=(why(C.HAND_SIZE), why(C.RESULT_CARD_COUNT)))
    revolution: Revolution = entry(
        ("revolution",), Choice(Revolution), Revolution.NONE, since=V2, section=PLAY,
        label=NP_("field", "revolution"),
        doc="`ranks`: once a four of a kind is played, the rank order is reversed for the rest "
            "of the deal (2 lowest, 3 highest); `ranks_and_suits` (v3): the suit order is "
            "reversed too",
        played_by="004's variant \"Revolution\"; ranks and suits: benbrunton/pusoy-dos",
        explains=(why(C.DOES_NOT_BEAT, "revolution", rank=99),))
    revolution_repeats: RevolutionRepeats = entry(
        ("revolution_repeats",), Choice(RevolutionRepeats), RevolutionRepeats.STAYS, since=V3,
        section=PLAY,
        label=NP_("field", "a later four of a kind"),
        doc="`stays`: a later four of a kind leaves the order reversed; `toggles`: every four "
            "of a kind turns the order round again",
        played_by="stays: 004's variant; toggles: benbrunton/pusoy-dos, cnyaw/big3",
        explains=(why(C.DOES_NOT_BEAT, "revolution", rank=100),))
    teams: tuple[tuple[int, ...], ...] | None = entry(
        ("teams",), Teams(), None, since=V2, section=TEAMS,
        label=NP_("field", "teams"),
        doc="two against two, partners sitting opposite (4 players only)",
        played_by="000's and 004's \"2v2\" variants",
        build=_teams,
        explains=(why(C.MATCH_OVER, rank=1), why(C.DECLARED_MISMATCH, rank=1)))
    # --- scoring ---------------------------------------------------------------------------
    tiers: tuple[Tier, ...] = entry(
        ("scoring", "tiers"),
        ListOf(Obj((("from", Int(1, 52)), ("multiplier", Int(0, 100))),
                   doc='`{"from": cards, "multiplier": m}`'),
               max_items=limits.MAX_PROFILE_TIERS, min_items=1),
        [{"from": 1, "multiplier": 1}, {"from": 8, "multiplier": 2},
         {"from": 10, "multiplier": 3}, {"from": 13, "multiplier": 4}],
        since=V1, section=SCORING,
        values='list of `{"from": cards, "multiplier": m}`, the first from 1',
        label=NP_("field", "penalty per card left"),
        doc="a loser with k cards left pays k × the multiplier of the last tier whose `from` ≤ k",
        played_by="000: 1, ×2 from 8, ×3 from 10, ×4 at 13; 001 and 004: ×2 from 10, ×3 at 13; "
                  "002: 1 per card",
        build=_tiers, explains=(why(C.DECLARED_MISMATCH),))
    two_held_factor: int = entry(
        ("scoring", "two_held_factor"), Int(1, 3, choices=(1, 2, 3)), 1, since=V1,
        section=SCORING,
        label=NP_("field", "factor for a held 2"),
        doc="the penalty of a loser still holding a card of `two_held_cards` is multiplied by it",
        played_by="000's variant \"doubled (or tripled) penalty for a held 2\"",
        explains=(why(C.DECLARED_MISMATCH),))
    two_held_cards: tuple[str, ...] = entry(
        ("scoring", "two_held_cards"),
        ListOf(Card(), max_items=cards.DECK_SIZE, min_items=1, distinct="a card is listed twice",
               order=_cards_order),
        _TWOS, since=V2, section=SCORING, values="list of cards (default the four 2s)",
        label=NP_("field", "cards that count as a held 2"),
        doc="which held cards trigger `two_held_factor`",
        played_by="000 speaks of \"a 2 (the Big Two)\", which some tables read as the 2♠ alone",
        explains=(why(C.DECLARED_MISMATCH),))
    card_penalties: tuple[CardPenalty, ...] = entry(
        ("scoring", "card_penalties"),
        ListOf(Obj((("cards", ListOnce(Card(), max_items=cards.DECK_SIZE, min_items=1,
                                       order=_cards_order)),
                    ("all", Bool()), ("points", Int(0, 1000))),
                   doc='`{"cards": [...], "all": true/false, "points": n}`'),
               max_items=limits.MAX_PROFILE_CARD_PENALTIES),
        [], since=V1, section=SCORING,
        values='list of `{"cards": [...], "all": true/false, "points": n}`',
        label=NP_("field", "extra points for held cards"),
        doc="points a loser pays on top, once per entry: when holding every listed card "
            "(`all: true`) or at least one (`all: false`); a card listed twice in an entry "
            "counts once",
        played_by="004: +1 for the 2♦, +4 for all four 2s (a player holding all four pays both)",
        build=_penalties, explains=(why(C.DECLARED_MISMATCH),))
    settlement: Settlement = entry(
        ("scoring", "settlement"), Choice(Settlement), Settlement.WINNER_TAKES_ALL, since=V1,
        section=SCORING,
        label=NP_("field", "how a deal is settled"),
        doc="`winner_takes_all`: zero-sum, the winner gains what the losers pay; `penalty_only`: "
            "losers score minus their penalty, the winner 0; `winner_only`: the winner is "
            "credited with what the losers would pay, the losers score 0; `pairwise` (v3): "
            "every two players settle the difference of their penalties, so seat i scores the "
            "sum over the others j of (P_j − P_i)",
        played_by="zero-sum: 001, 004; minus points: 002; 000 \"some tables count only the "
                  "winner's credit\"; pairwise: Hong Kong \"place\" tables, "
                  "yawnoc/big-two-scorer",
        explains=(why(C.DECLARED_MISMATCH),))
    two_held_mode: TwoHeldMode = entry(
        ("scoring", "two_held_mode"), Choice(TwoHeldMode), TwoHeldMode.ONCE, since=V3,
        section=SCORING,
        label=NP_("field", "how often the factor for a held 2 applies"),
        doc="`once`: `two_held_factor` applies once if any listed card is held; `per_two`: it "
            "applies once per listed card held (two of them with factor 2: ×4)",
        played_by="once: 000's variant; per two: zeshuaro/telegram_big_two_bot",
        explains=(why(C.DECLARED_MISMATCH),))
    card_values: tuple[int, ...] | None = entry(
        ("scoring", "card_values"), RankValues(limits.MAX_CARD_VALUE), None, since=V3,
        section=SCORING,
        label=NP_("field", "points per card left, by rank"),
        doc="the base of a penalty is the sum of the values of the cards left (times the tier "
            "multiplier for their count) instead of their count",
        played_by="Pusoy tables that count T to K as 10; Japanese tables' 2 = 15, A = 14",
        build=_card_values, explains=(why(C.DECLARED_MISMATCH),))
    held_hand_factor: HeldHandFactor | None = entry(
        ("scoring", "held_hand_factor"),
        Obj((("hands", ListOf(Choice(BombHand), max_items=len(BOMB_HANDS), min_items=1,
                              distinct="a hand is listed twice", order=BOMB_HANDS.index)),
             ("factor", Int(2, 3, choices=(2, 3)))),
            doc='`{"hands": [kinds], "factor": 2 or 3}`', nullable=True),
        None, since=V3, section=SCORING,
        label=NP_("field", "factor for a hand held"),
        doc="a loser whose cards left hold one of the listed hands (four of one rank, no kicker "
            "needed; a straight flush that is a run of `straight_flushes`) pays the penalty "
            "times the factor, after `two_held_factor`",
        played_by="zeshuaro/telegram_big_two_bot",
        build=_held_hand_factor, explains=(why(C.DECLARED_MISMATCH),))
    place_points: tuple[int, ...] | None = entry(
        ("scoring", "place_points"),
        ListOf(Int(-limits.MAX_PLACE_POINTS, limits.MAX_PLACE_POINTS), max_items=MAX_PLAYERS,
               nullable=True),
        None, since=V3, section=SCORING,
        values="one integer per place (first out first), or `null`",
        label=NP_("field", "points per place"),
        doc="under `finish: placings` each seat scores the points of its place, and penalties, "
            "tiers and settlement do not apply; required with placings, refused without, "
            "exactly `players` numbers",
        played_by="benbrunton/pusoy-dos, Pusoy Dos online play (e.g. 3, 1, −1, −3)",
        explains=(why(C.DECLARED_MISMATCH),))
    # --- the match -------------------------------------------------------------------------
    max_deals: int | None = entry(
        ("match", "max_deals"), Int(1, 10_000, nullable=True), None, since=V1, section=MATCH,
        values="a number or `null`",
        label=NP_("field", "deals in a match"),
        doc="the match ends after this many deals",
        played_by="000 (a fixed number of deals), 004 (5, 10 or 20 rounds)",
        explains=(why(C.MATCH_OVER),))
    target: int | None = entry(
        ("match", "target"), Int(1, 1_000_000, nullable=True), None, since=V1, section=MATCH,
        values="a number or `null`",
        label=NP_("field", "points that end the match"),
        doc="the match ends after the deal in which a running total reaches +target "
            "(`winner_takes_all`, `winner_only`), or a player's accumulated penalty reaches it "
            "(`penalty_only`)",
        played_by="000 (30 or 50 points), 002",
        explains=(why(C.MATCH_OVER),))
    loss_limit: int | None = entry(
        ("match", "loss_limit"), Int(1, 1_000_000, nullable=True), None, since=V2, section=MATCH,
        values="a number or `null`",
        label=NP_("field", "loss that ends the match"),
        doc="the match ends after the deal in which a running total falls to −loss_limit or "
            "below",
        played_by="004 (playing until a player's chips are gone)",
        explains=(why(C.MATCH_OVER),))


def _registered() -> tuple[Field, ...]:
    out = []
    for name, value in vars(Rules).items():
        if isinstance(value, Field):
            object.__setattr__(value, "attr", name)
            out.append(value)
    return tuple(out)


FIELDS: tuple[Field, ...] = _registered()
BY_PATH: dict[Path, Field] = {f.path: f for f in FIELDS}
BY_DOTTED: dict[str, Field] = {f.dotted: f for f in FIELDS}
NAME = Text(200)  # a declaration's name: not a rule, so neither hashed nor a Profile field


# --- the layout of a declaration ----------------------------------------------------------
class Group:
    """An object of the declaration (the top level, ``opening``, ``scoring``, ``match``):
    its keys in registry order, each a field or a nested group."""

    __slots__ = ("members",)

    def __init__(self) -> None:
        self.members: dict[str, Field | Group] = {}

    def walk(self) -> Iterator[Field]:
        for member in self.members.values():
            if isinstance(member, Group):
                yield from member.walk()
            else:
                yield member


def _layout() -> Group:
    top = Group()
    for f in FIELDS:
        group = top
        for key in f.path[:-1]:
            member = group.members.setdefault(key, Group())
            assert isinstance(member, Group), f"{f.dotted} nests under a field"
            group = member
        assert f.path[-1] not in group.members, f"{f.dotted} is declared twice"
        group.members[f.path[-1]] = f
    return top


LAYOUT = _layout()
GROUPS: tuple[str, ...] = tuple(k for k, m in LAYOUT.members.items() if isinstance(m, Group))


def get(rules: Mapping[str, Any], path: Path) -> Any:
    value: Any = rules
    for key in path:
        value = value[key]
    return value


def defaults() -> dict[str, Any]:
    """The declaration every profile is merged over (a fresh copy): every field's default."""

    def build(group: Group) -> dict[str, Any]:
        return {key: build(m) if isinstance(m, Group) else plain(m.default)
                for key, m in group.members.items()}

    return build(LAYOUT)


def plain(value: Any) -> Any:
    """A value as plain JSON data (closed choices as their text), copied."""
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return str(value) if isinstance(value, StrEnum) else value


# --- checks across fields -----------------------------------------------------------------
class Check(Frozen):
    """A rule relating fields: run when every field it reads loaded, its problem at ``at``."""

    __slots__ = ("reads", "at", "problem")
    reads: tuple[Path, ...]
    at: Path
    problem: Callable[..., str | None]

    def __init__(self, reads: tuple[Path, ...], at: Path,
                 problem: Callable[..., str | None]) -> None:
        self._set(reads=reads, at=at, problem=problem)


def _permutation_of_suits(suits: list[str]) -> str | None:
    if sorted(suits) != sorted(cards.SUITS):
        return "must be a permutation of D, C, H, S (low to high)"
    return None


def _each_category_once(order: list[str]) -> str | None:
    if sorted(order) != sorted(CATEGORIES):
        return "must list each five-card category exactly once"
    return None


def _deck_fits(players: int, hand_size: int) -> str | None:
    if players * hand_size > cards.DECK_SIZE:
        return (f"{players} hands of {hand_size} cards need {players * hand_size} cards; "
                "the deck has 52")
    return None


def _teams_of_four(teams: Any, players: int) -> str | None:
    if teams is not None and players != 4:
        return f"teams need 4 players (two against two); this profile has {players}"
    return None


def _pairwise_without_teams(settlement: str, teams: Any) -> str | None:
    if settlement == Settlement.PAIRWISE and teams is not None:
        return ("pairwise settlement is for players, not teams: the team formulas exist for "
                "winner_takes_all, penalty_only and winner_only")
    return None


def _liable_needs_first_out(guard: str, finish: str, teams: Any) -> str | None:
    if guard != LastCardGuard.LIABLE:
        return None
    if finish != Finish.FIRST_OUT:
        return ("liable needs finish: first_out: the liable seat pays the losers' penalties, "
                "and under placings nobody pays a penalty")
    if teams is not None:
        return "liable is for players, not teams: one seat pays every loser's penalty"
    return None


def _placings_without_teams(finish: str, teams: Any) -> str | None:
    if finish == Finish.PLACINGS and teams is not None:
        return "placings are for players, not teams: every seat takes a place of its own"
    return None


def _place_points_with_placings(points: list[int] | None, finish: str, players: int) -> str | None:
    if finish == Finish.PLACINGS and points is None:
        return "finish: placings needs place_points, one number per place"
    if finish != Finish.PLACINGS and points is not None:
        return "place_points need finish: placings (without places, losers pay penalties)"
    if points is not None and len(points) != players:
        return f"give exactly {players} numbers, one per place ({len(points)} given)"
    return None


def _tiers_in_order(tiers: list[dict[str, int]]) -> str | None:
    starts = [t["from"] for t in tiers]
    if starts[0] != 1:
        return "the first tier must start at 1 card"
    if any(b <= a for a, b in zip(starts, starts[1:], strict=False)):
        return "tiers must be in increasing order of 'from'"
    return None


CHECKS: tuple[Check, ...] = (
    Check((("suit_order",),), ("suit_order",), _permutation_of_suits),
    Check((("five_card_order",),), ("five_card_order",), _each_category_once),
    Check((("players",), ("hand_size",)), ("hand_size",), _deck_fits),
    Check((("teams",), ("players",)), ("teams",), _teams_of_four),
    Check((("scoring", "tiers"),), ("scoring", "tiers"), _tiers_in_order),
    Check((("scoring", "settlement"), ("teams",)), ("scoring", "settlement"),
          _pairwise_without_teams),
    Check((("last_card_guard",), ("finish",), ("teams",)), ("last_card_guard",),
          _liable_needs_first_out),
    Check((("finish",), ("teams",)), ("finish",), _placings_without_teams),
    Check((("scoring", "place_points"), ("finish",), ("players",)), ("scoring", "place_points"),
          _place_points_with_placings),
)


# --- the declaration check ----------------------------------------------------------------
def check(data: Mapping[str, Any], *, stored: bool = False) -> tuple[dict[str, Any], dict[str, Any]]:
    """A resolved declaration (defaults and ``extends`` merged in) loaded field by field: the
    loaded values (canonical spellings of cards and runs, registry order, ``name`` first) and
    every problem at once as a tree by key (``problems.from_marshmallow`` flattens it into
    pointers). ``stored``: a profile the store accepted earlier, exempt from list bounds."""
    errors: dict[str, Any] = {}
    loaded: dict[str, Any] = {}
    if "name" in data:
        try:
            loaded["name"] = NAME.load(data["name"], stored)
        except Invalid as exc:
            errors["name"] = exc.messages
    ok: dict[Path, Any] = {}
    _load_group(LAYOUT, data, (), stored, loaded, errors, ok)
    for key in data:
        if key != "name" and key not in LAYOUT.members:
            errors[pointer_key(str(key))] = [unknown(key, [*LAYOUT.members, "name", "extends"])]
    for rule in CHECKS:
        if all(path in ok for path in rule.reads):
            text = rule.problem(*(ok[path] for path in rule.reads))
            if text is not None:
                _add(errors, rule.at, text)
    return loaded, errors


def _load_group(group: Group, data: Mapping[str, Any], at: Path, stored: bool,
                loaded: dict[str, Any], errors: dict[str, Any], ok: dict[Path, Any]) -> None:
    for key, member in group.members.items():
        path = (*at, key)
        if key not in data:
            errors[key] = [MISSING]
            continue
        value = data[key]
        if isinstance(member, Group):
            if value is None:
                errors[key] = [NULL]
                continue
            if not isinstance(value, Mapping):
                errors[key] = {"_schema": [NOT_AN_OBJECT]}
                continue
            inner_loaded: dict[str, Any] = {}
            inner_errors: dict[str, Any] = {}
            _load_group(member, value, path, stored, inner_loaded, inner_errors, ok)
            for inner in value:
                if inner not in member.members:
                    inner_errors[pointer_key(str(inner))] = [unknown(inner, member.members)]
            loaded[key] = inner_loaded
            if inner_errors:
                errors[key] = inner_errors
            continue
        try:
            loaded[key] = ok[path] = member.kind.load(value, stored)
        except Invalid as exc:
            errors[key] = exc.messages


def _add(errors: dict[str, Any], path: Path, text: str) -> None:
    node = errors
    for key in path[:-1]:
        inner = node.setdefault(key, {})
        if not isinstance(inner, dict):
            return  # the object itself is wrong: that problem says enough
        node = inner
    found = node.get(path[-1])
    if found is None:
        node[path[-1]] = [text]
    elif isinstance(found, list):
        found.append(text)
    else:
        found["_schema"] = [text]


def canonical(loaded: Mapping[str, Any]) -> dict[str, Any]:
    """Checked rules (no ``name``) in the one spelling equal rules share: sets in one order,
    suit letters upper case, ``straight_flushes`` equal to ``straights`` as ``null``."""

    def spell(group: Group, value: Mapping[str, Any]) -> dict[str, Any]:
        return {key: spell(m, value[key]) if isinstance(m, Group) else m.kind.canonical(value[key])
                for key, m in group.members.items()}

    rules = spell(LAYOUT, loaded)
    for f in FIELDS:
        if f.canonical is not None:
            parent = get(rules, f.path[:-1])
            parent[f.path[-1]] = f.canonical(parent[f.path[-1]], rules)
    return rules


def strip_defaults(rules: Mapping[str, Any]) -> dict[str, Any]:
    """The rules as hashed: a field newer than v1 that holds its default is left out, so a
    profile declared before the field existed keeps its hash (and its stored id)."""
    out = plain(dict(rules))
    for f in FIELDS:
        if f.since == V1:
            continue
        parent: Any = out
        for key in f.path[:-1]:
            parent = parent.get(key) if isinstance(parent, dict) else None
        key = f.path[-1]
        if isinstance(parent, dict) and key in parent and parent[key] == plain(f.default):
            del parent[key]
    assert isinstance(out, dict)
    return out


def attributes(rules: Mapping[str, Any]) -> Iterator[tuple[str, Any]]:
    """(attribute, value) of every field of canonical rules, as ``Profile`` holds them."""
    for f in FIELDS:
        yield f.attr, f.to_attribute(get(rules, f.path), rules)


# --- which fields explain an error --------------------------------------------------------
_ALL_REASONS: dict[RuleCode, tuple[str, ...]] = {}
for _f in FIELDS:
    for _e in _f.explains:
        if _e.code is RuleCode.COMBINATION_NOT_ALLOWED and _e.when is not None:
            _ALL_REASONS.setdefault(_e.code, ())
            if _e.when not in _ALL_REASONS[_e.code]:
                _ALL_REASONS[_e.code] += (_e.when,)


def _top_ranks_differ(params: Mapping[str, Any]) -> bool:
    played, table = params.get("played_top"), params.get("table_top")
    return isinstance(played, str) and isinstance(table, str) and not cards.same_rank(played, table)


def situations(code: str, params: Mapping[str, Any]) -> tuple[tuple[str, str | None], ...]:
    """The (code, when) an error is in: which of a code's situations ``Explains.when`` names.
    A combination refused by a house rule says which (``reason``); a play that does not beat
    the table is about its kind, or about categories when the kinds differ, and about the
    revolution when one is in force."""
    if code == RuleCode.COMBINATION_NOT_ALLOWED:
        reason = params.get("reason")
        reasons = _ALL_REASONS.get(RuleCode.COMBINATION_NOT_ALLOWED, ())
        return tuple((code, r) for r in ((reason,) if reason in reasons else reasons))
    if code == RuleCode.DOES_NOT_BEAT:
        played, on_table = params.get("played_kind"), params.get("table_kind")
        out: tuple[tuple[str, str | None], ...] = (
            (code, "across" if played != on_table else str(played)),)
        if played == on_table and (played == "flush" or not _top_ranks_differ(params)):
            out = (*out, (code, f"{played}:suits"))
        return (*out, (code, "revolution")) if params.get("revolution") else out
    return ((code, None),)


def explaining_fields(code: str, params: Mapping[str, Any]) -> tuple[str, ...]:
    """Dotted profile fields that decide whether this error applies (may be empty): the
    fields whose ``explains`` names its situation, by rank, then in registry order."""
    wanted = set(situations(code, params))
    ranked: dict[str, tuple[int, int]] = {}
    for index, f in enumerate(FIELDS):
        for e in f.explains:
            if (e.code, e.when) in wanted:
                rank = (e.rank, index)
                ranked[f.dotted] = min(ranked.get(f.dotted, rank), rank)
    return tuple(sorted(ranked, key=ranked.__getitem__))
