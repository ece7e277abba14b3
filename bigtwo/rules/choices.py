"""What the field registry (``bigtwo.rules.registry``) is written in, and nothing about one field.

The closed choices (each a ``StrEnum`` whose values are messages of the catalogs), the values a
field holds on ``Profile`` (``Tier``, ``HeldHandFactor``, ``CardPenalty``), the shape of one
registry entry (``Field``, with the rule codes it ``Explains``) and of a rule relating fields
(``Check``). A new closed choice is declared here; a new house rule changes nothing here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any

from bigtwo.rules import cards
from bigtwo.rules.cards import BOMB_HANDS, CATEGORIES, FIVE_OF_A_KIND
from bigtwo.rules.codes import NP_, RuleCode
from bigtwo.rules.frozen import Frozen
from bigtwo.rules.kinds import (
    JOKER_NAME,
    Choice,
    Kind,
)

Path = tuple[str, ...]
# The rules versions: a field added after v1 is left out of the hash while it holds its
# default, so a profile declared before it existed keeps its hash and id.
V1, V2, V3, V4 = 1, 2, 3, 4

# --- the registry's words -------------------------------------------------------------------
# Every word a person reads about a field is declared in English, in the registry (the
# field's label, msgctxt "field") or below (each closed choice's value as a profile spells it,
# msgctxt "field-value"), and nowhere else. ``NP_`` only marks them for `make extract`; the
# rules core reads no catalog, bigtwo.reports.field_text translates them (docs/TRANSLATING.md).
# A new field's other languages are catalog entries only.
LABEL_CONTEXT = "field"
VALUE_CONTEXT = "field-value"


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
    FIVE_OF_A_KIND = NP_("field-value", "five_of_a_kind")


class BombHand(StrEnum):
    FOUR_OF_A_KIND = NP_("field-value", "four_of_a_kind")
    STRAIGHT_FLUSH = NP_("field-value", "straight_flush")
    FIVE_OF_A_KIND = NP_("field-value", "five_of_a_kind")


class Timeouts(StrEnum):
    NONE = NP_("field-value", "none")
    PASS = NP_("field-value", "pass")


class LastCardCall(StrEnum):
    NONE = NP_("field-value", "none")
    LIABLE = NP_("field-value", "liable")


# A value worded apart from the same word of another field: the call's ``liable`` (a winner
# who did not call pays everyone's losses) is not the guard's (whoever did not play the
# highest single pays). Words of the other values are shared (``VALUE_CONTEXT``).
CALL_VALUE_CONTEXT = "field-value last_card_call"
NP_("field-value last_card_call", "liable")  # marked for the catalogs; read by the context below
OWN_VALUE_CONTEXT: dict[tuple[type[StrEnum], str], str] = {
    (LastCardCall, LastCardCall.LIABLE): CALL_VALUE_CONTEXT,
}


assert tuple(Category) == (*CATEGORIES, FIVE_OF_A_KIND) and tuple(BombHand) == BOMB_HANDS


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


def card_of_name(name: str) -> int:
    """The id of a card named canonically in a profile, ``JK`` included."""
    return cards.JOKER if name == JOKER_NAME else cards.NOTATION[name]


def _mask(names: tuple[str, ...]) -> int:
    return cards.mask_of(card_of_name(c) for c in names)


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


# How the declaration's value becomes the attribute's (a field's ``build``).
def tiers_of(value: Any, rules: Mapping[str, Any]) -> tuple[Tier, ...]:
    return tuple(Tier(t["from"], t["multiplier"]) for t in value)


def card_values_of(value: Any, rules: Mapping[str, Any]) -> tuple[int, ...] | None:
    """Points by rank index (3 first, 2 last), as ``cards.rank_of`` numbers ranks; with a
    ``JK`` value a 14th, the joker's (``rank_of(cards.JOKER)`` is 13)."""
    if value is None:
        return None
    return tuple(value[r] for r in (*cards.RANKS, JOKER_NAME) if r in value)


def held_hand_factor_of(value: Any, rules: Mapping[str, Any]) -> HeldHandFactor | None:
    return None if value is None else HeldHandFactor(tuple(value["hands"]), value["factor"])


def penalties_of(value: Any, rules: Mapping[str, Any]) -> tuple[CardPenalty, ...]:
    return tuple(CardPenalty(tuple(p["cards"]), p["all"], p["points"]) for p in value)


# --- the entry ----------------------------------------------------------------------------
# The registry's declarations (entries, explanations, checks, layout) and most values are
# plain classes with __slots__ (bigtwo.rules.frozen: a dataclass costs about a millisecond to
# define, at every start).
class Explains(Frozen):
    """A rule code this field can explain. ``when`` narrows it to one situation of the code
    (see ``declarations.situations``); ``rank`` orders the fields shown for one error (lower first, then
    registry order)."""

    __slots__ = ("code", "when", "rank")
    code: RuleCode
    when: str | None
    rank: int

    def __init__(self, code: RuleCode, when: str | None = None, rank: int = 0) -> None:
        self._set(code=code, when=when, rank=rank)


Build = Callable[[Any, Mapping[str, Any]], Any]


class PassWhen(StrEnum):
    """The facts of a position a pass rule is declared in (``Field.refuses_pass``)."""

    FIRST_TRICK = "first_trick"  # the deal's first trick, the one its opening play leads
    NOT_YET_PLAYED = "not_yet_played"  # the seat has played no card in the first trick
    CAN_BEAT = "can_beat"  # the seat holds a play that beats the table


class Field(Frozen):
    __slots__ = ("path", "kind", "default", "since", "doc", "label", "explains", "section",
                 "values", "played_by", "build", "canonical", "refuses_pass", "attr")
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
    # A pass rule: while the field is on (true), a pass is refused where all of these hold.
    # The rule itself is in play.check_play; the property tests check it against this.
    refuses_pass: tuple[PassWhen, ...]
    attr: str  # the Profile attribute, set from the name it is declared under

    def __init__(self, path: Path, kind: Kind, default: Any, since: int, doc: str, label: str,
                 explains: tuple[Explains, ...] = (), section: str = "",
                 values: str | None = None, played_by: str = "", build: Build | None = None,
                 canonical: Callable[[Any, Mapping[str, Any]], Any] | None = None,
                 refuses_pass: tuple[PassWhen, ...] = (), attr: str = "") -> None:
        self._set(path=path, kind=kind, default=default, since=since, doc=doc, label=label,
                  explains=explains, section=section, values=values, played_by=played_by,
                  build=build, canonical=canonical, refuses_pass=refuses_pass, attr=attr)

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


# --- a rule relating fields ----------------------------------------------------------------
class Check(Frozen):
    """A rule relating fields: run when every field it reads loaded, its problem at ``at``."""

    __slots__ = ("reads", "at", "problem")
    reads: tuple[Path, ...]
    at: Path
    problem: Callable[..., str | None]

    def __init__(self, reads: tuple[Path, ...], at: Path,
                 problem: Callable[..., str | None]) -> None:
        self._set(reads=reads, at=at, problem=problem)

