"""One decision per rule of a move: the play check, who may pass, who leads a deal, which
card the first play must contain, and when a revolution starts.

Every caller asks here: the replay (``replay.Table``), the simulator, the legal-play listing,
the referee's view and the client endpoints (``/v1/combinations/evaluate``, ``/v1/next``).
So a hint can never disagree with the verdict on the finished record: there is only one
answer to disagree with.

The functions read a ``Position`` (``replay.Table`` is the one a deal is replayed with) and
never change it.
"""

from __future__ import annotations

from typing import Any, Final

from bigtwo.rules import cards, deals
from bigtwo.rules.cards import rank_of
from bigtwo.rules.choices import (
    Bombs,
    LastCardGuard,
    LaterDeals,
    Leftover,
    Passing,
    Revolution,
    RevolutionRepeats,
)
from bigtwo.rules.codes import RuleCode
from bigtwo.rules.combos import Classifier, Combo, Violation, classifier_for
from bigtwo.rules.legal import all_combos, beating_sizes, can_beat, lead_sizes
from bigtwo.rules.profiles import Profile

Refusal = tuple[RuleCode, dict[str, Any]]
# What a move is: a refusal (the first broken rule, with its message params), the play's
# combination, or None for an accepted pass.
Verdict = Refusal | Combo | None

# Final: compiled, a C static each, not a look-up in the module's globals per move (Combo and
# Violation are named tuples, which mypyc does not make native classes).
COMBO: Final = Combo
VIOLATION: Final = Violation


class Position:
    """What a move is judged against: the state of one deal, declared once. ``replay.Table``
    is the one a deal is replayed with; ``judge_cards`` makes one for cards alone."""

    # Slotted: an instance dict of more than 30 keys stops sharing them with the class, and
    # every attribute read of the replay's loop then takes the slow way (CPython 3.11: 3 %
    # of a record's check as Python). Every attribute below, and only those
    # (tests/core/test_slots.py); compiled, they are the class's fields anyway.
    __slots__ = ("profile", "classifier", "hands", "counts", "current", "on_table", "locked",
                 "locked_out", "first_trick", "played_first", "opening_card", "winner",
                 "ended_at", "out", "guarded", "guard_highest", "unbeaten")

    profile: Profile
    classifier: Classifier  # the rank order in force (reversed after a revolution)
    hands: list[int]  # per seat, a bitmask of the cards held
    counts: list[int]  # per seat, how many cards it holds
    current: int  # whose turn it is
    on_table: Combo | None  # the combination on top; None: the seat to move leads
    locked: int  # bitmask of seats that passed and sit out (passing: locked_out)
    locked_out: bool
    first_trick: bool
    played_first: int  # bitmask of seats that have played a card in the first trick
    opening_card: int | None  # the card the next play must contain (the deal's first play)
    winner: int | None
    ended_at: int | None
    out: int  # bitmask of seats that went out (finish: placings; 0 otherwise)
    guarded: bool  # the profile has a last_card_guard
    guard_highest: bool  # the guard is highest_single: a breach is refused
    unbeaten: int  # the top card of the play that just ended its trick at once; -1: none

    def __init__(self, profile: Profile, hands: list[int], counts: list[int], leader: int,
                 opening_card: int | None) -> None:
        self.profile = profile
        self.classifier = classifier_for(profile, False)
        self.hands = hands
        self.counts = counts
        self.current = leader
        self.on_table = None
        self.locked = 0
        self.locked_out = profile.passing is Passing.LOCKED_OUT
        self.first_trick = True
        self.played_first = 0
        self.opening_card = opening_card
        self.winner = None
        self.ended_at = None
        self.out = 0
        self.guarded = profile.last_card_guard is not LastCardGuard.NONE
        self.guard_highest = profile.last_card_guard is LastCardGuard.HIGHEST_SINGLE
        self.unbeaten = -1

    def highest_single(self, seat: int) -> int:
        """The highest single ``seat`` can play, in the order in force (the last-card guard);
        the multiset table counts a joker as the top card in force."""
        strength = self.classifier.strength
        return max(cards.cards_of(self.hands[seat]), key=strength.__getitem__)

    def could_beat(self, seat: int, table: Combo) -> bool:
        """Whether ``seat`` holds a play that beats ``table`` (``must_play_first_trick``); the
        multiset table counts copies and jokers."""
        return can_beat(cards.cards_of(self.hands[seat]), self.classifier, table)


def first_seat(start: int, step: int, n: int, skipped: int, stop: int = -1) -> int:
    """The first seat from ``start`` on, in turn order (``step`` of ±1 round ``n`` seats), that
    is not in the bitmask ``skipped``; ``stop`` where the search reaches it first. The one
    answer to "who is next" for the turn, the trick's end, placings and the last-card guard."""
    seat = start
    while skipped >> seat & 1 and seat != stop:
        seat = (seat + step) % n
    return seat


def check_play(position: Position, seat: int, play: list[int] | None, known: Combo | None = None) -> Verdict:
    """The first rule (in RECORDS.md's order) that ``seat`` playing ``play`` (None: a pass)
    breaks, as (code, params); else the play's combination, or None for an accepted pass.
    ``known``: the play's combination where the caller has classified it already (the
    legal-play listing, which would otherwise classify every candidate twice).

    The replay's hot path: ``replay.Table.check`` is this function."""
    if position.winner is not None:
        return RuleCode.MOVE_AFTER_END, {"ended_at": position.ended_at, "winner": position.winner}
    mask = 0
    if play is not None:
        for c in play:
            mask |= 1 << c
        if mask.bit_count() != len(play):  # a card twice: named by the slow look
            duplicate = first_duplicate(play)
            assert duplicate is not None
            return RuleCode.DUPLICATE_CARD, {"card": cards.name(duplicate)}
    if seat != position.current:
        return turn_refusal(position, seat)
    table = position.on_table
    if play is None:
        # Who may pass. The leader never; under must_play_first_trick, in the first trick,
        # a seat that has not yet played a card in it may not while a play beats the table
        # (000: "bis ein Spieler einmal gespielt hat").
        if table is None:
            return RuleCode.LEADER_MUST_PLAY, {}
        if (
            position.first_trick and position.profile.must_play_first_trick and not position.played_first >> seat & 1
            and position.could_beat(seat, table)
        ):
            return RuleCode.MUST_PLAY, {"table": cards.names(table.cards)}
        return None
    missing = mask & ~position.hands[seat]
    if missing:
        return RuleCode.CARD_NOT_HELD, {"cards": cards.names(cards.cards_of(missing))}
    classifier = position.classifier
    combo: Combo | Violation | None = known
    if combo is None:
        # The classifier's memo read here (what ``classify`` does first): most plays are in
        # it, and this saves a call per play.
        combo = classifier.memo.get(mask)
        if combo is None:
            if not play:
                # A timeout ([]) has no cards, so it is never in the memo: asked here, it
                # costs the plays nothing.
                return timed_out(position, seat)
            combo = classifier.classify(play, mask)
    if table is not None and len(play) != table.size and not (
        type(combo) is COMBO and classifier.crosses(combo, table)
    ):
        # The count is checked before the shape when following (001: "Spiel 5 Karten - du
        # hast 4 gewählt" for four cards on a five-card table); a bomb or a dragon may
        # interrupt.
        if type(combo) is COMBO:
            return RuleCode.CARD_COUNT, classifier.versus(combo, table)
        return RuleCode.CARD_COUNT, {"played": cards.names(play), "table": cards.names(table.cards)}
    if isinstance(combo, VIOLATION):
        return combo.code, {"played": cards.names(play), "reason": combo.reason}
    if table is not None:
        if classifier.plain and combo.size < 4:
            # Nothing crosses under such a profile, so both are of one size here: the key
            # decides (``Classifier.beats``' last step, without the call).
            code = None if combo.key > table.key else RuleCode.DOES_NOT_BEAT
        else:
            code = classifier.beats(combo, table)
        if code is not None:
            return code, classifier.versus(combo, table)
        if position.guard_highest and combo.size == 1:
            refused = guard_refusal(position, seat, combo)
            if refused is not None:
                return refused
        return combo
    if position.guard_highest and combo.size == 1:
        refused = guard_refusal(position, seat, combo)
        if refused is not None:
            return refused
    opening_card = position.opening_card
    if opening_card is not None and not mask >> opening_card & 1:
        return RuleCode.OPENING_CARD, {"card": cards.name(opening_card)}
    if opening_card is not None and mask != 1 << opening_card and position.profile.lead_alone:
        # opening.lead_alone: the lowest card alone, a dragon holding it included (reading 1).
        return RuleCode.OPENING_CARD, {"card": cards.name(opening_card), "alone": True}
    if (
        position.profile.no_single_two_finish_on_lead
        and combo.size == 1
        and position.counts[seat] == 1
        and rank_of(play[0]) == cards.TWO
    ):
        return RuleCode.FORBIDDEN_FINISH, {"card": cards.name(play[0])}
    return combo


def timed_out(position: Position, seat: int) -> Verdict:
    """A timeout (``timeouts: pass``) by the seat to move: a pass in every respect but one, on
    an empty table it hands the lead on (RULES.md v4, reading 11); the turn that must play
    the lowest card has no pass to stand for."""
    if position.on_table is not None:
        return check_play(position, seat, None)
    if position.opening_card is not None:
        return RuleCode.OPENING_CARD, {"card": cards.name(position.opening_card), "timeout": True}
    return None


def turn_refusal(position: Position, seat: int) -> Refusal:
    """Why a move by another seat than ``current`` is refused: it sits out (LOCKED_OUT), the
    trick just ended on an unbeatable play (WRONG_TURN, reason ``unbeatable``), or it is
    plainly not its turn."""
    if position.locked_out and position.locked >> seat & 1:
        return RuleCode.LOCKED_OUT, {"expected": position.current}
    if position.unbeaten >= 0:
        return RuleCode.WRONG_TURN, {"expected": position.current, "reason": "unbeatable",
                                     "card": cards.name(position.unbeaten)}
    return RuleCode.WRONG_TURN, {"expected": position.current}


# --- the last-card guard (頂大) ----------------------------------------------------------------
def protected_seat(position: Position, seat: int) -> int | None:
    """The seat the guard protects when ``seat`` plays: the next seat in turn order that still
    holds cards (seats that went out are skipped, locked-out ones are not), when it holds
    exactly one card; else None."""
    step, n = position.profile.step, position.profile.players
    nxt = first_seat((seat + step) % n, step, n, position.out, seat)
    return nxt if nxt != seat and position.counts[nxt] == 1 else None


def guard_breach(position: Position, seat: int, combo: Combo) -> tuple[int, int] | None:
    """(protected seat, the seat's highest card) when ``seat`` playing the single ``combo``
    breaks the last-card guard: the next seat holds one card and this is not the seat's
    highest card in the order in force (revolution included). None otherwise: passes and
    plays of several cards never break it."""
    if combo.size != 1:
        return None
    protected = protected_seat(position, seat)
    if protected is None:
        return None
    highest = position.highest_single(seat)
    return None if combo.cards[0] == highest else (protected, highest)


def guard_refusal(position: Position, seat: int, combo: Combo) -> Refusal | None:
    found = guard_breach(position, seat, combo)
    if found is None:
        return None
    protected, highest = found
    return RuleCode.MUST_PLAY_HIGHEST, {"protected": protected, "highest": cards.name(highest),
                                        "played": cards.names(combo.cards)}


def may_pass(position: Position) -> bool:
    """Whether the seat to move may pass now (``check_play`` accepts it)."""
    return check_play(position, position.current, None) is None


def legal_plays(position: Position) -> list[Combo]:
    """Every play of the seat to move that ``check_play`` accepts, in the profile's order.

    Candidates come from the hand by shape (``legal.all_combos``); following, only the
    table's size and five-card bombs are formed, since nothing else can beat it (so a 50-card
    hand answering a single need not list its 20,000 five-card hands)."""
    if position.winner is not None:
        return []
    seat, table, classifier = position.current, position.on_table, position.classifier
    sizes = lead_sizes(classifier) if table is None else beating_sizes(classifier, table)
    return [combo for combo in all_combos(cards.cards_of(position.hands[seat]), classifier, sizes)
            if type(check_play(position, seat, list(combo.cards), combo)) is Combo]


# --- who leads a deal -------------------------------------------------------------------------
def hand_masks(hands: list[list[int]]) -> list[int]:
    """Each hand as a bitmask of its cards: made once per deal, and read by its card checks
    (``replay._cards_twice``), its opener (``opener_of``) and its table (``replay.Table``)."""
    masks = []
    for hand in hands:
        mask = 0
        for c in hand:
            mask |= 1 << c
        masks.append(mask)
    return masks


def lowest_card(profile: Profile, hands: list[list[int]]) -> int:
    """The lowest dealt card in the profile's order (Big Two order, the rank order never
    reversed at a deal's start)."""
    dealt = 0
    for hand in hands:
        for c in hand:
            dealt |= 1 << c
    return _lowest_of(profile, dealt)


def _lowest_of(profile: Profile, dealt: int) -> int:
    """The lowest card of the bitmask ``dealt`` in the profile's order."""
    # The weakest cards first: the lowest dealt is usually the first or second looked at.
    for c in profile.by_strength:
        if dealt >> c & 1:
            return c
    raise ValueError("no card was dealt")


def lowest_holder(profile: Profile, hands: list[list[int]]) -> int:
    """The first seat holding the lowest dealt card: the opener under ``lowest_card``, and
    the seat that takes the undealt cards under ``leftover: to_opener``."""
    return opener_of(profile, hand_masks(hands))[0]


def opener_of(profile: Profile, masks: list[int]) -> tuple[int, int]:
    """The first seat holding the lowest dealt card, and that card, from the hands' masks
    (``hand_masks``)."""
    dealt = 0
    for mask in masks:
        dealt |= mask
    card = _lowest_of(profile, dealt)
    for seat, mask in enumerate(masks):
        if mask >> card & 1:
            return seat, card
    raise AssertionError("the lowest card was dealt")


def hands_of_code(profile: Profile, spec: deals.DealSpec) -> list[list[int]]:
    """The hands a deal code stands for under ``profile``: the undealt cards go to the opener
    (the lowest card's holder) under ``leftover: to_opener``, where the code deals the
    profile's players."""
    hands, undealt = deals.deal(spec)
    if undealt and gets_leftover(profile) and spec.players == profile.players:
        opener = lowest_holder(profile, hands)
        hands[opener] = sorted(hands[opener] + undealt)
    return hands


def gets_leftover(profile: Profile) -> bool:
    """Whether the opener takes the undealt cards (``leftover: to_opener``)."""
    return profile.leftover is Leftover.TO_OPENER


def most_dealt(profile: Profile) -> int:
    """The most cards one seat may be dealt: the hand size, plus the undealt cards for the
    opener under ``leftover: to_opener``."""
    return profile.hand_size + (profile.leftover_count if gets_leftover(profile) else 0)


def free_lead(profile: Profile, index: int) -> bool:
    """Whether deal ``index`` is led freely by the previous deal's winner
    (``opening.later_deals: previous_winner``)."""
    return index > 0 and profile.later_deals is LaterDeals.PREVIOUS_WINNER


def opening(profile: Profile, hands: list[list[int]], free_leader: int | None) -> tuple[int, int | None]:
    """Who leads a deal and which card its first play must contain (None: a free lead).

    ``free_leader`` is the previous winner where the profile lets them lead freely; otherwise
    the holder of the lowest dealt card leads and must play it (RULES.md, opening)."""
    if free_leader is not None:
        return free_leader, None
    return opener_of(profile, hand_masks(hands))


def deal_lead(profile: Profile, index: int, previous_winner: int | None,
              hands: list[list[int]]) -> tuple[int | None, int | None]:
    """Who leads deal ``index`` and the card its first play must contain: the previous
    winner freely where the profile says so (None when that deal has no winner), else the
    holder of the lowest dealt card, with it."""
    if free_lead(profile, index):
        return previous_winner, None
    return opener_of(profile, hand_masks(hands))


def lead_of_masks(profile: Profile, index: int, previous_winner: int | None,
                  masks: list[int]) -> tuple[int | None, int | None]:
    """``deal_lead`` from the hands' masks (``hand_masks``), where the caller has them."""
    if free_lead(profile, index):
        return previous_winner, None
    return opener_of(profile, masks)


# --- plays nothing can follow (unbeatable_ends_trick) ---------------------------------------
def top_card(classifier: Classifier) -> int:
    """The highest single card in the order in force (2♠ under D C H S; after a revolution the
    3 of the highest suit)."""
    strength = classifier.strength
    return max(range(cards.DECK_SIZE), key=strength.__getitem__)


def answerable(profile: Profile, reversed_ranks: bool) -> bool:
    """Whether a bomb or a dragon could be played on a single, pair or triple topped by the
    top card in force (RULES.md v4, reading 10): a dragon needs 13 cards in hand; a bomb a
    kind of ``bomb_hands`` a hand can form, and under ``on_twos`` a 2 in the play, which a
    play topped by the reversed order's 3 has not."""
    size = most_dealt(profile)
    if profile.dragon and size >= 13:
        return True
    if profile.bombs is Bombs.NONE or (profile.bombs is Bombs.ON_TWOS and reversed_ranks):
        return False
    for kind in profile.bomb_hands:
        if kind == "four_of_a_kind":
            needed = 4 if "four_of_a_kind" in profile.four_card_hands else 5
        elif kind == cards.FIVE_OF_A_KIND and not profile.multiset:
            continue
        else:
            needed = 5
        if size >= needed:
            return True
    return False


# --- revolution -------------------------------------------------------------------------------
def starts_revolution(profile: Profile, kind: str, reversed_now: bool) -> bool:
    """Whether a legal play of ``kind`` turns the rank order round (``revolution: ranks``:
    a four of a kind, with or without a kicker, judged under the old order; RULES
    "Revolution"). Under ``revolution_repeats: stays`` a deal is reversed at most once; under
    ``toggles`` every four of a kind flips it again, back to the normal order included."""
    if (kind != "four_of_a_kind" and kind != cards.FIVE_OF_A_KIND) or profile.revolution is Revolution.NONE:
        return False
    return not reversed_now or profile.revolution_repeats is RevolutionRepeats.TOGGLES


# --- judging cards alone (a client's hint) ----------------------------------------------------
def judge_cards(profile: Profile, played: list[int], table: Combo | None,
                revolution: bool = False) -> Verdict:
    """``check_play`` for a selection of cards against ``table`` (None: as a lead), in the
    rank order in force."""
    # The seat to move holds every card, so only the cards themselves and the table decide
    # (no turn, opening card, finish or guard).
    position = Position(profile, [cards.FULL_DECK_MASK], [cards.DECK_SIZE], 0, None)
    position.classifier = classifier_for(profile, revolution)
    position.on_table = table
    position.first_trick = False
    position.locked_out = position.guarded = position.guard_highest = False
    return check_play(position, 0, played)


def first_duplicate(played: list[int]) -> int | None:
    """The first card that stands twice in ``played`` (None: each once)."""
    seen = 0
    for c in played:
        if seen >> c & 1:
            return c
        seen |= 1 << c
    return None
