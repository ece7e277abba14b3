"""The state of one deal while it is replayed: hands, whose turn, what lies on the table, and a
move checked (``check``) or applied (``apply``). ``bigtwo.rules.replay`` walks a record's
deals through it; the simulator and the referee's view hold one too."""

from __future__ import annotations

from bigtwo.rules.choices import Finish, LastCardCall, LastCardGuard, Revolution
from bigtwo.rules.combos import Combo, classifier_for
from bigtwo.rules.play import (
    Position,
    Verdict,
    answerable,
    check_play,
    first_seat,
    guard_breach,
    hand_masks,
    legal_plays,
    starts_revolution,
    top_card,
)
from bigtwo.rules.profiles import Profile

_NO_CALLS: frozenset[int] = frozenset()


class Table(Position):
    """The state of one deal: hands, whose turn, what lies on the table.

    ``check`` says what rule a move would break (or None); ``apply`` performs a legal move.
    A profile that plays on after the first seat out (``finish: placings``) or records
    breaches of the guard (``last_card_guard: liable``) has its moves applied by
    ``_apply_tracked``; every other profile's moves pay one flag test for either.
    """

    # Slotted as Position is, for the same reason.
    __slots__ = ("n", "step", "leader", "trick_leader", "top_seat", "moves_done", "revolution",
                 "revolution_possible", "places", "placings", "liable_guard", "breaches",
                 "calling", "calls", "missed_calls", "ends_tricks", "top", "tracked")

    n: int
    step: int
    leader: int
    trick_leader: int
    top_seat: int  # the seat whose play is on top; -1 while the seat to move leads
    moves_done: int
    revolution: bool  # rank order reversed for the rest of the deal
    revolution_possible: bool  # most profiles have none: their plays skip starts_revolution
    places: list[int]  # finish: placings: seats in the order they went out
    placings: bool
    liable_guard: bool
    breaches: list[tuple[int, int, int]]  # (move, seat, protected seat)
    calling: bool  # last_card_call: liable: plays that leave one card are checked for the call
    calls: frozenset[int]  # the moves that carry the call (the deal's)
    missed_calls: list[tuple[int, int]]  # (move, seat): plays that left one card without the call
    ends_tricks: bool  # unbeatable_ends_trick, and nothing could ever answer the top card
    top: int  # the top card in force, where ends_tricks
    tracked: bool  # moves keep places, breaches or calls, or may end a trick at once

    def __init__(self, profile: Profile, hands: list[list[int]], leader: int, opening_card: int | None,
                 masks: list[int] | None = None):
        # ``masks``: the hands' masks (``hand_masks``) where the caller made them already; the
        # table takes them over and changes them as cards are played.
        super().__init__(profile, hand_masks(hands) if masks is None else masks,
                         [len(h) for h in hands], leader, opening_card)
        self.n = profile.players
        self.step = profile.step
        self.leader = leader
        self.trick_leader = leader
        self.top_seat = -1
        self.moves_done = 0
        self.revolution = False
        self.revolution_possible = profile.revolution is not Revolution.NONE
        self.places = []
        self.placings = profile.finish is Finish.PLACINGS
        self.liable_guard = profile.last_card_guard is LastCardGuard.LIABLE
        self.breaches = []
        self.calling = profile.last_card_call is LastCardCall.LIABLE
        self.calls = _NO_CALLS
        self.missed_calls = []
        # Asked only where the field is on: the top card costs a search of the deck per deal.
        unbeatable = profile.unbeatable_ends_trick
        self.ends_tricks = unbeatable and not answerable(profile, False)
        self.top = top_card(self.classifier) if unbeatable else -1
        # Every v4 rule that looks at a play after it stands rides the tracked path: a profile
        # without them pays nothing per move for them.
        self.tracked = (self.placings or self.liable_guard or self.calling
                        or profile.unbeatable_ends_trick)

    def check(self, seat: int, play: list[int] | None, known: Combo | None = None) -> Verdict:
        """The one play check (``play.check_play``) on this table."""
        return check_play(self, seat, play, known)

    def apply(self, seat: int, combo: Combo | None) -> None:
        """Perform a move ``check`` accepted (``combo`` None: a pass), then pass the turn on."""
        if self.tracked:
            self._apply_tracked(seat, combo)
        else:
            self._apply(seat, combo)

    def _apply(self, seat: int, combo: Combo | None) -> None:
        self.moves_done += 1
        if combo is None:
            if self.on_table is None:
                # Only a timeout is accepted on an empty table: the lead moves on.
                self._lead_timed_out(seat)
                return
            if self.locked_out:
                self.locked |= 1 << seat
        else:
            self.hands[seat] &= ~combo.mask
            left = self.counts[seat] - combo.size
            self.counts[seat] = left
            self.top_seat = seat
            self.on_table = combo
            self.opening_card = None
            if self.first_trick:
                self.played_first |= 1 << seat
            if self.revolution_possible and starts_revolution(
                    self.profile, combo.kind, self.revolution):
                # Judged under the old order; everything after it under the new one, the quad
                # on the table included (RULES "Revolution"); under revolution_repeats:
                # toggles a later quad turns it back.
                self.reverse_ranks(not self.revolution)
            if left == 0:
                self.winner = seat
                self.ended_at = self.moves_done - 1
                return
        # The next seat in the profile's direction, skipping seats that sit out (first_seat,
        # inlined: a call per move).
        n, step, top, locked = self.n, self.step, self.top_seat, self.locked
        nxt = (seat + step) % n
        while locked >> nxt & 1 and nxt != top:
            nxt = (nxt + step) % n
        if nxt == top:
            # Everyone else passed since the top play: the trick ends and its owner leads.
            self._end_trick(nxt)
        self.current = nxt

    def _lead_timed_out(self, seat: int) -> None:
        """The leader's turn ran out (``timeouts: pass``): the next seat still playing leads,
        nothing else changing (RULES.md v4, reading 11)."""
        n, step = self.n, self.step
        nxt = first_seat((seat + step) % n, step, n, self.out)
        self.locked = 0
        self.current = self.trick_leader = nxt

    def _end_trick(self, leader: int) -> None:
        """The trick is over: the table is cleared, seats that sat out play again, and
        ``leader`` leads the next one."""
        self.on_table = None
        self.top_seat = -1
        self.locked = 0
        self.first_trick = False
        self.trick_leader = leader

    def reverse_ranks(self, reversed_ranks: bool = True) -> None:
        """Start the revolution (``reversed_ranks``): the rank order is reversed for the rest
        of the deal, or, a later quad under ``revolution_repeats: toggles``, normal again."""
        self.revolution = reversed_ranks
        self.classifier = classifier_for(self.profile, reversed_ranks)
        if self.profile.unbeatable_ends_trick:
            self.top = top_card(self.classifier)
            self.ends_tricks = not answerable(self.profile, reversed_ranks)
        on_top = self.on_table
        if on_top is not None:
            again = self.classifier.classify(list(on_top.cards), on_top.mask)
            assert type(again) is Combo
            self.on_table = again

    def legal_plays(self) -> list[Combo]:
        return legal_plays(self)

    # --- placings and the liable guard -----------------------------------------------------
    def _apply_tracked(self, seat: int, combo: Combo | None) -> None:
        """A move that keeps places or breaches: ``finish: placings`` (seats that went out are
        skipped, the deal goes on until one seat holds cards) and ``last_card_guard: liable``
        (plays that break the guard stand and are recorded as breaches)."""
        self.unbeaten = -1
        if combo is not None:
            if self.liable_guard:
                breach = guard_breach(self, seat, combo)
                if breach is not None:
                    self.breaches.append((self.moves_done, seat, breach[0]))
            if self.calling and self.counts[seat] - combo.size == 1 and self.moves_done not in self.calls:
                self.missed_calls.append((self.moves_done, seat))
        if not self.placings:
            self._apply(seat, combo)
            if combo is not None and self.winner is None:
                self._maybe_end_trick(seat, combo)
            return
        step, out = self.step, self.out
        if combo is not None and self.counts[seat] == combo.size:
            # The seat plays its last card: it takes the next place and the deal goes on.
            self._apply(seat, combo)  # records the play; as under first_out, it stops there
            self.winner = self.ended_at = None
            if not self._goes_out(seat):
                if self._unbeatable(combo):
                    # Nothing can answer it: the next seat still playing leads.
                    nxt = first_seat((seat + step) % self.n, step, self.n, self.out)
                    self._end_trick(nxt)
                    self.unbeaten = combo.cards[-1]
                    self.current = nxt
                else:
                    self._pass_on(seat)
            return
        # _apply passes the turn over the seats in ``locked``: seats that went out are
        # skipped as seats that sit out are, and left out of ``locked`` again after.
        self.locked |= out
        self._apply(seat, combo)
        if combo is not None and self._maybe_end_trick(seat, combo):
            return
        if self.on_table is None:
            # The trick ended (everyone still playing passed since the top play). When the top
            # seat has gone out, the next seat still playing after it leads.
            self.current = self.trick_leader = first_seat(self.current, step, self.n, out)
        else:
            self.locked &= ~out

    def _unbeatable(self, combo: Combo) -> bool:
        """Whether ``combo`` (standing) ends its trick at once: a single, pair or triple topped
        by the top card in force where nothing could be played on it (RULES.md v4, reading
        10; with copies an equal play could follow but would not beat)."""
        return self.ends_tricks and combo.size < 4 and combo.cards[-1] == self.top

    def _maybe_end_trick(self, seat: int, combo: Combo) -> bool:
        """End the trick on an unbeatable ``combo`` of ``seat`` (still holding cards): it
        leads the next trick."""
        if not self._unbeatable(combo):
            return False
        self._end_trick(seat)
        self.locked = 0
        self.unbeaten = combo.cards[-1]
        self.current = seat
        return True

    def _pass_on(self, seat: int) -> None:
        """The turn after ``seat`` went out with the play on top: to the next seat that neither
        went out nor sits out; when there is none, the trick ends and the next seat still
        playing leads."""
        n, step, out, top = self.n, self.step, self.out, self.top_seat
        nxt = first_seat((seat + step) % n, step, n, self.locked | out, top)
        if nxt == top:
            nxt = first_seat(nxt, step, n, out)
            self._end_trick(nxt)
        self.current = nxt

    def _goes_out(self, seat: int) -> bool:
        """``seat`` takes the next place; True when that leaves one seat holding cards, which
        takes the last place and ends the deal (its winner the first out)."""
        self.out |= 1 << seat
        self.places.append(seat)
        playing = [s for s in range(self.n) if not self.out >> s & 1]
        if len(playing) > 1:
            return False
        self.places.extend(playing)
        self.winner = self.places[0]
        self.ended_at = self.moves_done - 1
        return True
