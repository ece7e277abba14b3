"""The table of a deal with copies and jokers (``Profile.multiset``): the one-deck ``Table``
with each hand also kept as a bag (``bag``), and the play check in RECORDS.md's order with
copies counted: DUPLICATE_CARD (a real card named more often than the decks hold it; a
stand-in is no card of the decks), the turn, CARD_NOT_HELD (copies and jokers against the
seat's bag), JOKER_STAND_IN, then the combination judged on the cards the play stands for.
Passes and timeouts are the one-deck check's (``play.check_play``)."""

from __future__ import annotations

from bigtwo.rules import cards
from bigtwo.rules.cards import rank_of
from bigtwo.rules.codes import RuleCode
from bigtwo.rules.combos import Combo, Violation
from bigtwo.rules.legal import all_combos_multi, beating_sizes, can_beat_multi, lead_sizes
from bigtwo.rules.multiset.bag import bag_of, play_counts, presence, take
from bigtwo.rules.play import (
    COMBO,
    Refusal,
    Verdict,
    check_play,
    guard_refusal,
    top_card,
    turn_refusal,
)
from bigtwo.rules.profiles import Profile
from bigtwo.rules.table import Table


class MultisetTable(Table):
    """``Table`` where hands are bags (``bags``); ``hands`` keeps, per seat, the mask of the
    real cards held at least once, for the rules that look at values only."""

    # Slotted as Position is, for the same reason.
    __slots__ = ("bags", "decks", "playing", "dealt")

    bags: list[list[int]]
    decks: int
    playing: list[int]  # the play ``check`` accepted last: ``apply`` takes it from the bag
    dealt: list[int]  # each seat's dealt count (the sweep's condition)

    def __init__(self, profile: Profile, hands: list[list[int]], leader: int, opening_card: int | None):
        bags = [bag_of(h) for h in hands]
        super().__init__(profile, hands, leader, opening_card, [presence(b) for b in bags])
        self.bags = bags
        self.decks = profile.decks
        self.playing = []
        self.dealt = [len(h) for h in hands]

    def check(self, seat: int, play: list[int] | None, known: Combo | None = None) -> Verdict:
        verdict = check_multi(self, seat, play)
        if play:
            self.playing = play
        return verdict

    def apply(self, seat: int, combo: Combo | None) -> None:
        """Apply a move ``check`` accepted: the play's cards leave the seat's bag, then the
        one-deck table moves on. (An override of ``apply``, not of ``_apply``: compiled, the
        one-deck replay's calls of ``_apply`` stay direct only while no subclass overrides it.)"""
        if combo is None:
            if self.tracked:
                self._apply_tracked(seat, combo)
            else:
                self._apply(seat, combo)
            return
        bag = self.bags[seat]
        take(bag, self.playing)
        if self.tracked:
            self._apply_tracked(seat, combo)
        else:
            self._apply(seat, combo)
        self.hands[seat] = presence(bag)

    def highest_single(self, seat: int) -> int:
        # A joker may stand for any card, so with one in hand the highest single is the top
        # card in force, whether played as a joker or as a real copy (RULES.md v4, reading 7).
        if self.bags[seat][cards.JOKER]:
            return top_card(self.classifier)
        return super().highest_single(seat)

    def could_beat(self, seat: int, table: Combo) -> bool:
        return can_beat_multi(self.bags[seat], self.classifier, table)

    def legal_moves(self) -> list[tuple[Combo, list[int]]]:
        """Every play of the seat to move the check accepts, as (combination, the ids a seat
        names: real cards, stand-ins ``STAND_IN + card``): each distinct combination once, real
        cards before jokers, at most ``limits.MAX_JOKER_PLAYS`` plays with jokers listed."""
        if self.winner is not None:
            return []
        seat, on_table, classifier = self.current, self.on_table, self.classifier
        sizes = lead_sizes(classifier) if on_table is None else beating_sizes(classifier, on_table)
        out = []
        for combo, ids in all_combos_multi(self.bags[seat], classifier, sizes, on_table):
            play = list(ids)
            if type(check_multi(self, seat, play)) is COMBO:
                out.append((combo, play))
        return out

    def reverse_ranks(self, reversed_ranks: bool = True) -> None:
        on_top = self.on_table
        self.on_table = None  # the one-deck re-judging would read copies as one card
        super().reverse_ranks(reversed_ranks)
        if on_top is not None:
            again = self.classifier.classify_multi(list(on_top.cards))
            assert type(again) is Combo
            self.on_table = again


def check_multi(table: MultisetTable, seat: int, play: list[int] | None) -> Verdict:
    """``play.check_play`` with copies and jokers (the module's docstring gives the order)."""
    if not play:
        return check_play(table, seat, play)
    if table.winner is not None:
        return RuleCode.MOVE_AFTER_END, {"ended_at": table.ended_at, "winner": table.winner}
    counts = play_counts(play)
    decks = table.decks
    for c in play:
        if c < cards.DECK_SIZE and counts[c] > decks:
            return RuleCode.DUPLICATE_CARD, {"card": cards.name(c), "count": counts[c], "held": decks}
    if seat != table.current:
        return turn_refusal(table, seat)
    refused = _not_held(table.bags[seat], counts, play)
    if refused is not None:
        return refused
    if cards.JOKER in play:
        return RuleCode.JOKER_STAND_IN, {"card": cards.name(cards.JOKER)}
    effective = [cards.effective(c) for c in play]
    classifier = table.classifier
    combo = classifier.classify_multi(effective)
    on_table = table.on_table
    names = cards.names(play)
    # From here the steps are ``play.check_play``'s on the cards the play stands for. They are
    # written out twice, not shared: the one-deck check inlines them on the replay's hot path,
    # where a call per play would cost what rules v4 promised one-deck tables it would not.
    if on_table is not None and len(play) != on_table.size and not (
            type(combo) is COMBO and classifier.crosses(combo, on_table)):
        if type(combo) is COMBO:
            return RuleCode.CARD_COUNT, classifier.versus(combo, on_table)
        return RuleCode.CARD_COUNT, {"played": names, "table": cards.names(on_table.cards)}
    if isinstance(combo, Violation):
        return combo.code, {"played": names, "reason": combo.reason}
    if on_table is not None:
        code = classifier.beats(combo, on_table)
        if code is not None:
            return code, classifier.versus(combo, on_table)
    if table.guard_highest and combo.size == 1:
        guarded = guard_refusal(table, seat, combo)
        if guarded is not None:
            return guarded
    if on_table is not None:
        return combo
    opening_card = table.opening_card
    # The opening play must hold a real copy of the lowest card: a joker named so does not
    # open (RULES.md v4, readings 7 and 8).
    if opening_card is not None and opening_card not in play:
        return RuleCode.OPENING_CARD, {"card": cards.name(opening_card)}
    if opening_card is not None and len(play) != 1 and table.profile.lead_alone:
        return RuleCode.OPENING_CARD, {"card": cards.name(opening_card), "alone": True}
    if (table.profile.no_single_two_finish_on_lead and combo.size == 1
            and table.counts[seat] == 1 and rank_of(effective[0]) == cards.TWO):
        return RuleCode.FORBIDDEN_FINISH, {"card": cards.name(effective[0])}
    return combo


def _not_held(bag: list[int], counts: list[int], play: list[int]) -> Refusal | None:
    """CARD_NOT_HELD when the play takes more of a card (or of the jokers) than the bag
    holds: the cards not held at all, as one deck says it; else the first card held fewer
    times than named, with both counts."""
    missing = [c for c in dict.fromkeys(play) if c < cards.DECK_SIZE and not bag[c]]
    if missing:
        return RuleCode.CARD_NOT_HELD, {"cards": cards.names(missing)}
    for c in dict.fromkeys(play):
        slot = c if c < cards.DECK_SIZE else cards.JOKER
        if counts[slot] > bag[slot]:
            name = cards.name(c) if c < cards.DECK_SIZE else cards.JOKER_NAME
            return RuleCode.CARD_NOT_HELD, {"cards": [name], "held": bag[slot], "count": counts[slot]}
    return None


# --- the deal: copies dealt, and who leads ---------------------------------------------------
def over_the_decks(profile: Profile, hands: list[list[int]]) -> list[tuple[int, int, int, int]]:
    """(seat, card, count, held) for each card (``JOKER`` for the jokers) dealt more often
    than the decks hold it, at the seat where it goes over (RULES.md v4, reading 1)."""
    held = [profile.decks] * cards.DECK_SIZE + [profile.joker_count]
    total = bag_of([c for hand in hands for c in hand])
    seen = [0] * len(held)
    out = []
    for seat, hand in enumerate(hands):
        for c in hand:
            seen[c] += 1
            if seen[c] == held[c] + 1:
                out.append((seat, c, total[c], held[c]))
    return out


def opener_of_bags(profile: Profile, hands: list[list[int]]) -> tuple[int, int | None]:
    """The lowest seat number holding a copy of the lowest real card dealt, and that card
    (jokers are never the lowest: RULES.md v4, reading 8). A deal of jokers alone (hands of
    a card or two) has no lowest card: the first seat leads it, freely."""
    dealt = 0
    for hand in hands:
        for c in hand:
            if c < cards.DECK_SIZE:
                dealt |= 1 << c
    for c in profile.by_strength:
        if dealt >> c & 1:
            return next(s for s, hand in enumerate(hands) if c in hand), c
    return 0, None


def table_for(profile: Profile, hands: list[list[int]], leader: int, opening_card: int | None) -> Table:
    """The table a deal is played on: the multiset table where the profile has copies or
    jokers, else the one-deck table. Every caller that replays moves outside the replay (the
    notation's tricks, the timeline, the simulator) asks here."""
    if profile.multiset:
        return MultisetTable(profile, hands, leader, opening_card)
    return Table(profile, hands, leader, opening_card)
