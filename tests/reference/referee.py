"""A deal replayed turn by turn, and a record deal by deal (RECORDS.md "Record", "Report",
"Error codes" and "v4 additions"; RULES.md v4 readings 1, 6-8, 10-12).

Hands are ``Counter`` bags of names (``JK`` for a joker). A move's checks run in the order of
RECORDS.md's table of codes; the first that applies is the ruling and ends the replay."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from tests.reference import scoring
from tests.reference.cards import JOKER, Card, entry, held
from tests.reference.combos import Combination, classify, refusal, value
from tests.reference.rules import Rules

TOP_RANK = 12  # the 2


@dataclass
class DealRuling:
    status: str
    error: tuple[str, int | None] | None = None  # code, move
    winner: int | None = None
    cards_left: list[int] | None = None
    missed_calls: list[tuple[int, int]] | None = None
    penalties: list[int] | None = None
    scores: list[int] | None = None


@dataclass
class _Table:
    rules: Rules
    bags: list[Counter[str]]
    current: int
    opening: Card | None  # the card the next play must hold (the deal's opening play)
    combo: Combination | None = None
    top: int | None = None
    locked: set[int] = field(default_factory=set)
    winner: int | None = None
    missed: list[tuple[int, int]] = field(default_factory=list)

    def next_of(self, seat: int) -> int:
        return (seat + (1 if self.rules.clockwise else -1)) % self.rules.players

    def pass_turn(self, seat: int) -> None:
        """The turn moves on from ``seat``; it ends the trick when it comes back to the top."""
        s = self.next_of(seat)
        while True:
            if self.combo is not None and s == self.top:
                self.end_trick()
                return
            if s not in self.locked:
                self.current = s
                return
            s = self.next_of(s)

    def end_trick(self) -> None:
        assert self.top is not None
        self.combo, self.locked, self.current = None, set(), self.top

    def move(self, i: int, m: dict[str, Any]) -> str | None:
        """Apply move ``i``; the code refusing it, if any."""
        rules, seat = self.rules, m["seat"]
        if self.winner is not None:
            return "MOVE_AFTER_END"
        entries = [entry(t) for t in m["play"]] if "play" in m else None
        if entries is not None:
            reals = Counter(e.card.name for e in entries if not e.joker and e.card is not None)
            jokers = sum(e.joker for e in entries)
            if any(n > rules.decks for n in reals.values()) or jokers > rules.joker_count:
                return "DUPLICATE_CARD"
        if seat != self.current:
            return "LOCKED_OUT" if rules.locked_out and seat in self.locked else "WRONG_TURN"
        if entries is None:
            if self.combo is not None:
                if rules.locked_out:
                    self.locked.add(seat)
                self.pass_turn(seat)
                return None
            if self.opening is not None:
                return "OPENING_CARD" if m.get("timeout") else "LEADER_MUST_PLAY"
            if not m.get("timeout"):
                return "LEADER_MUST_PLAY"
            self.current = self.next_of(seat)  # a timed-out lead: the next seat leads
            return None
        bag = self.bags[seat]
        if any(bag[name] < n for name, n in reals.items()) or bag[JOKER] < jokers:
            return "CARD_NOT_HELD"
        if any(e.joker and e.card is None for e in entries):
            return "JOKER_STAND_IN"
        effective = [e.card for e in entries if e.card is not None]
        if self.combo is not None and len(effective) != self.combo.size:
            return "CARD_COUNT"
        found = classify(rules, effective)
        if isinstance(found, str):
            return found
        if self.combo is not None:
            refused = refusal(rules, found, self.combo)
            if refused is not None:
                return refused
        if self.opening is not None and self.opening.name not in reals:
            return "OPENING_CARD"
        bag.subtract(reals)
        bag[JOKER] -= jokers
        self.opening = None
        self.combo, self.top = found, seat
        left = sum(bag.values())
        if rules.last_card_call and left == 1 and not m.get("call"):
            self.missed.append((i, seat))
        if left == 0:
            self.winner = seat
        elif (rules.unbeatable_ends_trick and found.size <= 3
              and value(rules, found.top) == (TOP_RANK, len(rules.suit_order) - 1)):
            self.end_trick()  # nothing beats it: its player leads again (reading 10)
        else:
            self.pass_turn(seat)
        return None


def lowest(rules: Rules, bags: list[Counter[str]]) -> tuple[int, Card] | None:
    """The lowest real card dealt and the first seat holding it (reading 8)."""
    found = None
    for seat, bag in enumerate(bags):
        for name, n in bag.items():
            if name == JOKER or n <= 0:
                continue
            c = entry(name).card
            assert c is not None
            if found is None or value(rules, c) < value(rules, found[1]):
                found = (seat, c)
    return found


def deal_problem(rules: Rules, hands: list[list[str]]) -> str | None:
    if len(hands) != rules.players:
        return "PLAYER_COUNT"
    if any(len(h) != rules.hand_size for h in hands):
        return "HAND_SIZE"
    dealt = Counter(held(c) for h in hands for c in h)
    if dealt[JOKER] > rules.joker_count or any(
            n > rules.decks for name, n in dealt.items() if name != JOKER):
        return "DUPLICATE_CARD"
    return None


def replay(rules: Rules, deal: dict[str, Any], leads: int | None) -> DealRuling:
    """A deal with moves; ``leads`` is the previous winner where it leads (None: the lowest
    card decides)."""
    hands = deal["hands"]
    problem = deal_problem(rules, hands)
    if problem is not None:
        return DealRuling("not_checked", (problem, None))
    bags = [Counter(held(c) for c in h) for h in hands]
    if leads is None:
        found = lowest(rules, bags)
        assert found is not None
        table = _Table(rules, bags, found[0], found[1])
    else:
        table = _Table(rules, bags, leads, None)
    for i, m in enumerate(deal["moves"]):
        code = table.move(i, m)
        if code is not None:
            return DealRuling("invalid", (code, i), cards_left=[sum(b.values()) for b in bags],
                              missed_calls=_missed(rules, table))
    left = [sum(b.values()) for b in bags]
    if table.winner is None:
        return DealRuling("incomplete", cards_left=left, missed_calls=_missed(rules, table))
    liable = table.winner in {s for _, s in table.missed}
    penalties, scores = scoring.settle(rules, left, table.winner, [len(h) for h in hands],
                                       liable)
    return DealRuling("complete", None, table.winner, left, _missed(rules, table), penalties,
                      scores)


def _missed(rules: Rules, table: _Table) -> list[tuple[int, int]] | None:
    return list(table.missed) if rules.last_card_call else None


def result_only(rules: Rules, deal: dict[str, Any]) -> DealRuling:
    """A score-sheet row (RECORDS.md "Score sheets", v4 reading 12 and 13)."""
    result = deal["result"]
    left = result["cards_left"]
    dealt = [len(h) for h in deal["hands"]] if "hands" in deal else [rules.hand_size] * len(left)
    winners = [s for s, k in enumerate(left) if k == 0]
    if len(winners) != 1:
        return DealRuling("invalid", ("RESULT_WINNER", None))
    if any(k < 0 or k > d for k, d in zip(left, dealt, strict=True)):
        return DealRuling("invalid", ("RESULT_CARD_COUNT", None))
    liable = result.get("liable")
    if liable is not None and not (rules.last_card_call and liable == winners[0]):
        return DealRuling("invalid", ("RESULT_LIABLE", None))
    penalties, scores = scoring.settle(rules, left, winners[0], dealt, liable is not None)
    return DealRuling("scored", None, winners[0], list(left), None, penalties, scores)


def referee(declaration: dict[str, Any], record: dict[str, Any]) -> list[DealRuling]:
    rules = Rules.read(declaration)
    out: list[DealRuling] = []
    previous: int | None = None
    for index, deal in enumerate(record["deals"]):
        if "result" in deal:
            ruling = result_only(rules, deal)
        elif index == 0 or rules.later_lowest_card:
            ruling = replay(rules, deal, None)
        elif previous is None:
            ruling = DealRuling("not_checked")
        else:
            ruling = replay(rules, deal, previous)
        out.append(ruling)
        previous = ruling.winner
    return out
