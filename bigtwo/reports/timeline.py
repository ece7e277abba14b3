"""A record's replay as a sequence of snapshots, for showing a game move by move.

The referee's view needs more than the report: the hands as dealt, every move with the
trick it belongs to, who led each trick, the cards each seat held after every move, and
where the first broken rule sits. This module replays each deal again with ``replay.Table``
(the same state machine the report came from) and records the state after every move.

It is pure: no Flask, no storage, no wording. Card names are canonical (``"TH"``) and house
rules are field paths with their values; rendering them as symbols or words is the caller's
business (``field_text`` for the house rules).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bigtwo.rules import cards
from bigtwo.rules.codes import DealStatus
from bigtwo.rules.combos import Combo
from bigtwo.rules.declarations import explaining_fields, get
from bigtwo.rules.game import Deal, Record
from bigtwo.rules.multiset.table import MultisetTable, opener_of_bags, table_for
from bigtwo.rules.play import deal_lead, free_lead
from bigtwo.rules.profiles import Profile
from bigtwo.rules.registry import BY_DOTTED
from bigtwo.rules.replay import RecordResult, RuleError, live_penalties
from bigtwo.rules.table import Table

# Move status values.
OK = "ok"  # replayed and legal
BROKEN = "broken"  # the first broken rule of its deal: not applied
UNCHECKED = "unchecked"  # after the deal's broken rule, or in a deal that was not replayed


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The table as it stood at one point of a deal."""

    hands: tuple[tuple[str, ...], ...]  # per seat, low to high in the profile's order
    counts: tuple[int, ...]  # cards left per seat
    table: tuple[str, ...] | None  # the combination on top, None between tricks
    table_seat: int | None  # who played it
    to_move: int | None  # whose turn it is next (None once the deal is over or not replayed)
    passed: tuple[int, ...]  # seats sitting out until the next lead (locked_out profiles)
    # What each seat would pay if the deal ended here (None once someone went out, or where
    # the cards are not known): seed 001's "13 übrig · Ende jetzt −39".
    penalties_now: tuple[int, ...] | None = None
    revolution: bool = False  # the rank order is reversed (revolution: ranks, after a quad)
    out: tuple[int, ...] = ()  # finish: placings: seats that went out, in finishing order

    def as_dict(self) -> dict[str, Any]:
        extra = {"out": list(self.out)} if self.out else {}
        return {**extra,
            "hands": [list(h) for h in self.hands],
            "counts": list(self.counts),
            "table": list(self.table) if self.table is not None else None,
            "table_seat": self.table_seat,
            "to_move": self.to_move,
            "passed": list(self.passed),
            "penalties_now": list(self.penalties_now) if self.penalties_now is not None else None,
            "revolution": self.revolution,
        }


@dataclass(frozen=True, slots=True)
class MoveStep:
    index: int  # position in the deal's moves, 0-based
    seat: int
    cards: tuple[str, ...] | None  # None for a pass; low to high
    kind: str | None  # combination kind of a legal play (single, pair, flush, ...)
    top: str | None  # the card that names the combination
    trick: int | None  # index into DealTimeline.tricks; None when not replayed
    leads: bool  # this move opens a trick
    ends_trick: bool  # after this move everyone else has passed: the trick is over
    goes_out: bool  # the seat played its last card
    status: str  # OK, BROKEN or UNCHECKED
    after: Snapshot  # the table after the move (for a broken move: as it stood before it)

    @property
    def is_pass(self) -> bool:
        return self.cards is None

    @property
    def is_timeout(self) -> bool:
        """v4: the seat let its turn run out (the empty play)."""
        return self.cards == ()


@dataclass(frozen=True, slots=True)
class Trick:
    index: int
    leader: int | None  # the seat that led it; None for the moves that were not replayed
    moves: tuple[int, ...]  # move indices
    won_by: int | None  # whose play took it (None while it is open)
    counts_after: tuple[int, ...]  # cards left per seat after its last move
    replayed: bool = True


@dataclass(frozen=True, slots=True)
class DealTimeline:
    index: int
    status: DealStatus  # as in the report
    leader: int | None
    opening_card: str | None  # the card the first play must contain, when the rule applies
    dealt: Snapshot  # before the first move
    moves: tuple[MoveStep, ...]
    tricks: tuple[Trick, ...]
    broken_move: int | None  # index of the first broken rule's move
    winner: int | None
    error: RuleError | None = None  # the rule error at broken_move
    # A result-only deal (a score sheet's row): how it ended, cards when the sheet lists them.
    result: Snapshot | None = None
    # finish: placings: seats in finishing order (so far, for an unfinished deal)
    places: tuple[int, ...] | None = None
    # last_card_guard: liable: plays that broke the guard and stood, (move, seat, protected)
    breaches: tuple[tuple[int, int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Timeline:
    players: int
    names: tuple[str, ...]  # the record's player names, else "Seat n"
    deals: tuple[DealTimeline, ...]
    first_error: RuleError | None  # the report's first error, whatever its kind
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def first_broken(self) -> tuple[int, int] | None:
        """(deal, move) of the first broken rule that sits at a move."""
        for deal in self.deals:
            if deal.broken_move is not None:
                return deal.index, deal.broken_move
        return None


def seat_names(record: Record) -> tuple[str, ...]:
    n = record.profile.players
    names = record.players
    if names is not None and len(names) == n:
        return tuple(names)
    return tuple(f"Seat {s}" for s in range(n))


def _step_cards(profile: Profile, play: list[int] | None, combo: Combo | None
                ) -> tuple[str, ...] | None:
    """An accepted move's cards: None for a pass, () for a timeout (v4), else the play low to
    high; with copies or jokers as the seat named them, so a joker keeps its stand-in
    (``JK=4C``) where the combination holds only the card it stands for."""
    if combo is None:
        return () if play is not None and not play else None
    if profile.multiset and play is not None:
        return _sorted_names(profile, play)
    return _sorted_names(profile, combo.cards)


def _sorted_names(profile: Profile, ids: Sequence[int]) -> tuple[str, ...]:
    strength = profile.strength
    if not profile.multiset:
        return tuple(cards.name(c) for c in sorted(ids, key=strength.__getitem__))
    return tuple(cards.name(c) for c in sorted(ids, key=lambda c: _joker_order(strength, c)))


def _joker_order(strength: Sequence[int], card: int) -> tuple[int, int]:
    """Low to high with jokers (v4): a stand-in where the card it names stands, after a real
    copy of it; a joker held after every card."""
    if card < cards.DECK_SIZE:
        return strength[card], 0
    if card >= cards.STAND_IN:
        return strength[card - cards.STAND_IN], 1
    return cards.DECK_SIZE, 2


def _snapshot(profile: Profile, table: Table, *, live: bool) -> Snapshot:
    passed = tuple(s for s in range(table.n) if table.locked >> s & 1)
    on_top = table.on_table
    pays = live_penalties(table)
    return Snapshot(
        hands=tuple(_sorted_names(profile, held) for held in _held(table)),
        counts=tuple(table.counts),
        table=_on_table_names(profile, table, on_top) if on_top is not None else None,
        table_seat=table.top_seat if on_top is not None else None,
        to_move=table.current if live and table.winner is None else None,
        passed=passed,
        penalties_now=None if pays is None else tuple(pays),
        revolution=table.revolution,
        out=tuple(table.places) if table.placings else (),
    )


def _held(table: Table) -> list[list[int]]:
    """Each seat's cards: with copies and jokers (v4) from its bag, every copy and ``JK``."""
    if isinstance(table, MultisetTable):
        return [[c for c in range(len(bag)) for _ in range(bag[c])] for bag in table.bags]
    return [cards.cards_of(m) for m in table.hands]


def _on_table_names(profile: Profile, table: Table, on_top: Combo) -> tuple[str, ...]:
    """The play on the table; with jokers as its seat named them (the table keeps the cards
    they stand for). The last play checked is the one on the table unless it was refused."""
    if isinstance(table, MultisetTable) and sorted(
            cards.effective(c) for c in table.playing) == sorted(on_top.cards):
        return _sorted_names(profile, table.playing)
    return _sorted_names(profile, on_top.cards)


def _static_snapshot(profile: Profile, hands: list[list[int]]) -> Snapshot:
    return Snapshot(
        hands=tuple(_sorted_names(profile, h) for h in hands),
        counts=tuple(len(h) for h in hands),
        table=None,
        table_seat=None,
        to_move=None,
        passed=(),
    )


def _unchecked(profile: Profile, index: int, seat: int, play: list[int] | None,
               after: Snapshot) -> MoveStep:
    return MoveStep(index, seat, None if play is None else _sorted_names(profile, play), None, None,
                    None, False, False, False, UNCHECKED, after)


def _leader_and_opening(
    profile: Profile, deal: Deal, index: int, leader: int | None
) -> tuple[int | None, int | None]:
    """Who leads the deal and which card its first play must hold, as ``replay_record`` decides
    (``leader`` is the report's: the previous winner where that one leads)."""
    if not any(deal.hands):
        return leader, None
    if profile.multiset and not free_lead(profile, index):
        return opener_of_bags(profile, deal.hands)  # jokers are never the lowest card
    return deal_lead(profile, index, leader, deal.hands)


def _result_timeline(profile: Profile, deal: Deal, index: int, status: DealStatus, leader: int | None,
                     winner: int | None) -> DealTimeline:
    """A deal without moves: its hands (when given) and how it ended, nothing to step through."""
    result = deal.result
    assert result is not None
    final = Snapshot(
        hands=tuple(_sorted_names(profile, h) for h in result.left) if result.left is not None
        else tuple(() for _ in result.counts),
        counts=tuple(result.counts), table=None, table_seat=None, to_move=None, passed=(),
    )
    # Without hands, the step control shows the only position there is: how the deal ended.
    dealt = _static_snapshot(profile, deal.hands) if deal.hands else final
    places = tuple(result.places) if result.places is not None else None
    return DealTimeline(index, status, leader, None, dealt, (), (), None, winner, None, final,
                        places=places)


def deal_timeline(
    profile: Profile, deal: Deal, index: int, status: DealStatus, leader: int | None,
    error: RuleError | None = None, winner: int | None = None,
) -> DealTimeline:
    """Replay one deal and keep a snapshot after each move.

    ``status`` and ``leader`` come from the report's deal result. A ``not_checked`` deal is
    listed (hands and moves) but not replayed.
    """
    if deal.result is not None:
        return _result_timeline(profile, deal, index, status, leader, winner)
    dealt = _static_snapshot(profile, deal.hands)
    replayable = status is not DealStatus.NOT_CHECKED and len(deal.hands) == profile.players
    leader, opening = _leader_and_opening(profile, deal, index, leader)
    if not replayable or leader is None:
        moves = tuple(_unchecked(profile, i, s, p, dealt) for i, (s, p) in enumerate(deal.moves))
        pseudo = [Trick(0, None, tuple(range(len(moves))), None, dealt.counts, replayed=False)]
        return DealTimeline(index, status, leader, None, dealt, moves, tuple(pseudo if moves else []),
                            None, winner, error)

    table = table_for(profile, deal.hands, leader, opening)
    dealt = _snapshot(profile, table, live=True)
    steps: list[MoveStep] = []
    tricks: list[Trick] = []
    trick_moves: list[int] = []
    trick_leader: int | None = None
    broken: int | None = None
    frozen: Snapshot | None = None

    def close_trick(won_by: int | None, counts: tuple[int, ...]) -> None:
        nonlocal trick_moves
        if trick_moves:
            tricks.append(Trick(len(tricks), trick_leader, tuple(trick_moves), won_by, counts))
        trick_moves = []

    for i, (seat, play) in enumerate(deal.moves):
        if frozen is not None:
            steps.append(_unchecked(profile, i, seat, play, frozen))
            continue
        leads = table.on_table is None and table.winner is None
        if leads:
            trick_leader = table.current
        outcome = table.check(seat, play)
        if outcome is not None and not isinstance(outcome, Combo):
            broken = i
            frozen = _snapshot(profile, table, live=True)
            trick_moves.append(i)
            played = None if play is None else _sorted_names(profile, play)
            steps.append(MoveStep(i, seat, played, None, None, len(tricks), leads, False, False,
                                  BROKEN, frozen))
            continue
        combo = outcome
        top_before = table.top_seat if combo is None else seat
        table.apply(seat, combo)
        trick_moves.append(i)
        ended = table.winner is not None or table.on_table is None
        snap = _snapshot(profile, table, live=True)
        steps.append(MoveStep(
            i, seat, _step_cards(profile, play, combo),
            None if combo is None else combo.kind,
            None if combo is None else cards.name(combo.top),
            len(tricks), leads, ended, combo is not None and table.counts[seat] == 0, OK, snap,
        ))
        if ended:
            close_trick(top_before if table.winner is None else seat, snap.counts)
    if trick_moves:
        counts = steps[trick_moves[-1]].after.counts
        close_trick(None, counts)
    rest = [s.index for s in steps if s.status == UNCHECKED]
    if rest:
        tricks.append(Trick(len(tricks), None, tuple(rest), None,
                            frozen.counts if frozen is not None else dealt.counts, replayed=False))
    return DealTimeline(
        index, status, leader, cards.name(opening) if opening is not None else None, dealt,
        tuple(steps), tuple(tricks), broken, table.winner if broken is None else None, error,
        places=tuple(table.places) if table.placings else None, breaches=tuple(table.breaches),
    )


def build_timeline(record: Record, result: RecordResult,
                   only: range | None = None) -> Timeline:
    """The deals of a replayed record (all, or those in ``only``) as snapshots; ``result`` is
    ``replay_record``'s answer."""
    profile = record.profile
    move_errors: dict[int, RuleError] = {}
    for e in result.errors:
        if e.deal is not None and e.move is not None and e.deal not in move_errors:
            move_errors[e.deal] = e
    deals = []
    for deal, res in zip(record.deals, result.deals, strict=False):
        if only is not None and res.index not in only:
            continue
        deals.append(deal_timeline(profile, deal, res.index, res.status, res.leader,
                                   move_errors.get(res.index), res.winner))
    return Timeline(
        players=profile.players,
        names=seat_names(record),
        deals=tuple(deals),
        first_error=result.errors[0] if result.errors else None,
    )


# --- which house rules explain an error -------------------------------------------------------
def house_rules(profile: Profile, code: str, params: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """(field, declared value) of each profile field that explains an error, as data: the
    registry says which fields (``fields.explaining_fields``), ``field_text`` words them."""
    return [(dotted, get(profile.rules, BY_DOTTED[dotted].path))
            for dotted in explaining_fields(code, params)]
