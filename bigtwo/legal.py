"""Every combination a hand can form, and every legal play in a position.

Five-card hands are built by shape (straights from the profile's list, flushes per suit, full
houses, fours with a kicker) rather than by trying all C(n, 5) subsets, so even a 39-card hand
(two players with the undealt cards to the opener) stays cheap.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, product

from . import cards
from .combos import Classifier, Combo


def _by_rank(hand: list[int]) -> list[list[int]]:
    groups: list[list[int]] = [[] for _ in cards.RANKS]
    for c in hand:
        groups[c >> 2].append(c)
    return groups


def _five_candidates(hand: list[int], classifier: Classifier) -> Iterator[tuple[int, ...]]:
    groups = _by_rank(hand)
    profile = classifier.profile
    for run in profile.straights:
        options = [groups[cards.RANKS.index(r)] for r in run]
        if all(options):
            yield from product(*options)
    for suit in range(4):
        suited = [c for c in hand if c & 3 == suit]
        if len(suited) >= 5:
            yield from combinations(suited, 5)
    for trip_rank, trip_cards in enumerate(groups):
        if len(trip_cards) < 3:
            continue
        for trip in combinations(trip_cards, 3):
            for pair_rank, pair_cards in enumerate(groups):
                if pair_rank != trip_rank and len(pair_cards) >= 2:
                    for pair in combinations(pair_cards, 2):
                        yield trip + pair
    for quad_rank, quad_cards in enumerate(groups):
        if len(quad_cards) == 4:
            for kicker in hand:
                if kicker >> 2 != quad_rank:
                    yield (*quad_cards, kicker)


def all_combos(hand: list[int], classifier: Classifier) -> list[Combo]:
    """Every allowed combination in ``hand``, each once, in the profile's total order."""
    seen: dict[int, Combo] = {}

    def consider(chosen: tuple[int, ...]) -> None:
        mask = cards.mask_of(chosen)
        if mask not in seen:
            found = classifier.classify(list(chosen), mask)
            if isinstance(found, Combo):
                seen[mask] = found

    for c in hand:
        consider((c,))
    for group in _by_rank(hand):
        for size in (2, 3):
            for chosen in combinations(group, size):
                consider(chosen)
    if classifier.profile.five_card_hands:
        for chosen in _five_candidates(hand, classifier):
            consider(chosen)
    return sorted(seen.values(), key=classifier.order_key)


def legal_plays(
    hand: list[int],
    classifier: Classifier,
    table: Combo | None,
    *,
    must_contain: int | None = None,
) -> list[Combo]:
    """Plays allowed now: any lead (with the opening card if required), or any beating play.

    The finishing restriction (no single 2 to go out on a lead) is applied too, so that a
    client's hint never suggests a move the referee would refuse.
    """
    profile = classifier.profile
    out = []
    for combo in all_combos(hand, classifier):
        if table is None:
            if must_contain is not None and must_contain not in combo.cards:
                continue
            if (
                profile.no_single_two_finish_on_lead
                and combo.size == len(hand)
                and combo.kind == "single"
                and combo.cards[0] >> 2 == 12
            ):
                continue
        elif classifier.beats(combo, table) is not None:
            continue
        out.append(combo)
    return out


def can_beat(hand: list[int], classifier: Classifier, table: Combo) -> bool:
    return any(classifier.beats(c, table) is None for c in all_combos(hand, classifier))


