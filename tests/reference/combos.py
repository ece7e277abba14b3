"""What a play of effective cards is (RULES.md "Fixed everywhere", v4 readings 2-5) and whether
it beats the combination on the table. A combination is its kind and a key: within a kind,
the higher key wins and an equal key does not beat (reading 2)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from tests.reference.cards import RANKS, Card
from tests.reference.rules import DEFAULT_STRAIGHTS, Rules

CIRCLE = "23456789TJQKA"
UNLISTED_TWO_RUNS = ("23456", "A2345")  # switched off: COMBINATION_NOT_ALLOWED
FIVE = 5


@dataclass(frozen=True)
class Combination:
    kind: str  # single, pair, triple, or a five-card category
    key: tuple[object, ...]
    top: Card  # the highest card, rank then suit

    @property
    def size(self) -> int:
        return {"single": 1, "pair": 2, "triple": 3}.get(self.kind, FIVE)


def suit_index(rules: Rules, card: Card) -> int:
    return rules.suit_order.index(card.suit)


def value(rules: Rules, card: Card) -> tuple[int, int]:
    return (card.rank, suit_index(rules, card))


def run_of(played: list[Card]) -> str | None:
    """The run (as RULES.md names it) that five cards of distinct ranks form, if any."""
    ranks = {RANKS[c.rank] for c in played}
    for start in range(len(CIRCLE)):
        run = "".join(CIRCLE[(start + k) % len(CIRCLE)] for k in range(FIVE))
        if set(run) == ranks:
            return run
    return None


def classify(rules: Rules, played: list[Card]) -> Combination | str:
    """The combination, or the code refusing the cards."""
    top = max(played, key=lambda c: value(rules, c))
    high = suit_index(rules, top)
    counts = Counter(c.rank for c in played)
    if len(played) in (1, 2, 3):
        if len(counts) != 1:
            return "NOT_A_COMBINATION"
        kind = ("single", "pair", "triple")[len(played) - 1]
        if kind == "triple" and not rules.triples:
            return "COMBINATION_NOT_ALLOWED"
        return Combination(kind, (top.rank, high), top)
    if len(played) != FIVE:
        return "NOT_A_COMBINATION"
    shape = sorted(counts.values(), reverse=True)
    by_count = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    main = by_count[0]
    main_suit = max(suit_index(rules, c) for c in played if c.rank == main)
    kinds: list[tuple[str, tuple[object, ...]]] = []
    if shape == [5]:
        kinds.append(("five_of_a_kind", (main, main_suit)))
    elif shape == [4, 1]:
        kinds.append(("four_of_a_kind", (main, main_suit)))
    elif shape == [3, 2]:
        kinds.append(("full_house", (main, main_suit)))
    run = run_of(played) if len(counts) == FIVE else None
    if len({c.suit for c in played}) == 1:
        if run in DEFAULT_STRAIGHTS:
            kinds.append(("straight_flush", (DEFAULT_STRAIGHTS.index(run), high)))
        else:
            ranks = tuple(sorted((c.rank for c in played), reverse=True))
            key: tuple[object, ...] = {
                "rank_first": (ranks, high), "suit_first": (high, ranks),
                "top_card": value(rules, top)}[rules.flush_compare]
            kinds.append(("flush", key))
    elif run is not None:
        if run in DEFAULT_STRAIGHTS:
            kinds.append(("straight", (DEFAULT_STRAIGHTS.index(run), high)))
        elif run in UNLISTED_TWO_RUNS:
            return "COMBINATION_NOT_ALLOWED"
    if not kinds:
        return "NOT_A_COMBINATION"
    # Five cards of two kinds are the higher kind (reading 4).
    kind, key = max(kinds, key=lambda k: rules.category_rank(k[0]))
    return Combination(kind, key, top)


def refusal(rules: Rules, play: Combination, table: Combination) -> str | None:
    """None when ``play`` beats ``table`` (of the same size), else the code."""
    if play.kind != table.kind:
        if not rules.cross_category:
            return "CATEGORY"
        if rules.category_rank(play.kind) < rules.category_rank(table.kind):
            return "DOES_NOT_BEAT"
        return None
    return None if play.key > table.key else "DOES_NOT_BEAT"
