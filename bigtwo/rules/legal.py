"""Every combination a hand can form, and whether a hand can beat the table.

Which of them may be played is ``play.check_play``'s decision (``play.legal_plays`` filters
these candidates through it).

Five-card hands are built by shape (straights from the profile's list, flushes per suit, full
houses, fours with a kicker) rather than by trying all C(n, 5) subsets, so even a 39-card hand
(two players with the undealt cards to the opener) stays cheap.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, islice, product

from bigtwo import limits
from bigtwo.rules import cards
from bigtwo.rules.cards import RUNS, rank_of, suit_of
from bigtwo.rules.combos import Classifier, Combo


def _by_rank(hand: list[int]) -> list[list[int]]:
    groups: list[list[int]] = [[] for _ in cards.RANKS]
    for c in hand:
        groups[rank_of(c)].append(c)
    return groups


def _five_candidates(hand: list[int], classifier: Classifier) -> Iterator[tuple[int, ...]]:
    groups = _by_rank(hand)
    profile = classifier.profile
    for run in profile.straights:
        options = [groups[cards.RANKS.index(r)] for r in run]
        if all(options):
            yield from product(*options)
    for suit in range(4):
        suited = [c for c in hand if suit_of(c) == suit]
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
                if rank_of(kicker) != quad_rank:
                    yield (*quad_cards, kicker)




def lead_sizes(classifier: Classifier) -> frozenset[int]:
    """The sizes a lead may have: singles, pairs, triples and five cards, and four cards or a
    dragon where the profile has them."""
    return classifier.lead_sizes


def _four_candidates(groups: list[list[int]], classifier: Classifier) -> Iterator[tuple[int, ...]]:
    listed = classifier.four_card_rank
    if "four_of_a_kind" in listed:
        for g in groups:
            if len(g) == 4:
                yield tuple(g)
    if "two_pair" in listed:
        pairs = [p for g in groups for p in combinations(g, 2)]
        for i, low in enumerate(pairs):
            for high in pairs[i + 1:]:
                if rank_of(high[0]) != rank_of(low[0]):
                    yield low + high


def _dragons(groups: list[list[int]]) -> Iterator[tuple[int, ...]]:
    """The dragons of a hand: one card of each rank. A hand of more than 13 cards may hold
    thousands (one per choice of suits); the first ``limits.MAX_DRAGON_PLAYS`` are listed."""
    if all(groups):
        yield from islice(product(*groups), limits.MAX_DRAGON_PLAYS)


def all_combos(hand: list[int], classifier: Classifier,
               sizes: frozenset[int] | None = None) -> list[Combo]:
    """Every allowed combination in ``hand`` (of those ``sizes``; by default every size the
    profile has), each once, in the profile's total order."""
    if sizes is None:
        sizes = lead_sizes(classifier)
    seen: dict[int, Combo] = {}

    def consider(chosen: tuple[int, ...]) -> None:
        mask = cards.mask_of(chosen)
        if mask not in seen:
            found = classifier.classify(list(chosen), mask)
            if isinstance(found, Combo):
                seen[mask] = found

    if 1 in sizes:
        for c in hand:
            consider((c,))
    for group in _by_rank(hand):
        for size in (2, 3):
            if size in sizes:
                for chosen in combinations(group, size):
                    consider(chosen)
    if 5 in sizes and classifier.profile.five_card_hands:
        for chosen in _five_candidates(hand, classifier):
            consider(chosen)
    if 4 in sizes and classifier.four_card_rank:
        for chosen in _four_candidates(_by_rank(hand), classifier):
            consider(chosen)
    if 13 in sizes and classifier.dragon:
        for chosen in _dragons(_by_rank(hand)):
            consider(chosen)
    return sorted(seen.values(), key=classifier.order_key)


def _contenders(
    hand: list[int], classifier: Classifier, sizes: frozenset[int] | None = None
) -> Iterator[tuple[int, ...]]:
    """A few hundred candidate plays at most, among which lies the strongest combination of
    every kind of those ``sizes`` the hand can form (see ``can_beat``).

    Every single, pair and triple (at most 52 + 78 + 52). Five-card hands by shape, one per
    possible key: per run and per card of it, one straight through that card that is not
    all one suit if the hand allows it; every straight flush; per suit, flushes from the
    highest ranks down until the first that is not a straight flush; one full house per
    triple rank and one four of a kind per quad rank (their key is that rank alone).
    """
    if sizes is None:
        sizes = lead_sizes(classifier)
    groups = _by_rank(hand)
    if 1 in sizes:
        for c in hand:
            yield (c,)
    for group in groups:
        for size in (2, 3):
            if size in sizes:
                yield from combinations(group, size)
    if 13 in sizes and classifier.dragon and all(groups):
        yield tuple(g[0] for g in groups)  # every dragon beats the same tables
    if 4 in sizes and classifier.four_card_rank:
        yield from _four_contenders(groups, classifier)
    if 5 not in sizes or not classifier.profile.five_card_hands:
        return
    held = cards.mask_of(hand)
    for run in RUNS:
        for suit in range(4):
            line = tuple(cards.card_id(cards.RANKS.index(r), suit) for r in run)
            if all(held >> c & 1 for c in line):
                yield line
    for run in classifier.profile.straights:
        options = [groups[cards.RANKS.index(r)] for r in run]
        if not all(options):
            continue
        for at, fixed_group in enumerate(options):
            for fixed in fixed_group:
                # Another suit somewhere keeps it a plain straight (when the hand allows).
                chosen = [fixed if i == at else group[0] for i, group in enumerate(options)]
                for i, group in enumerate(options):
                    other = next((c for c in group if suit_of(c) != suit_of(fixed)), None)
                    if i != at and other is not None:
                        chosen[i] = other
                        break
                yield tuple(chosen)
    strength = classifier.strength
    for suit in range(4):
        suited = sorted((c for c in hand if suit_of(c) == suit), key=strength.__getitem__, reverse=True)
        for five in combinations(suited, 5):
            yield five
            found = classifier.classify(list(five), cards.mask_of(five))
            if isinstance(found, Combo) and found.kind == "flush":
                break
    pairs = [g[:2] for g in groups if len(g) >= 2]
    for trip_rank, trip_cards in enumerate(groups):
        if len(trip_cards) >= 3:
            pair = next((p for p in pairs if rank_of(p[0]) != trip_rank), None)
            if pair is not None:
                yield (*trip_cards[:3], *pair)
            if len(trip_cards) == 4:
                kicker = next((c for c in hand if rank_of(c) != trip_rank), None)
                if kicker is not None:
                    yield (*trip_cards, kicker)


def _four_contenders(groups: list[list[int]], classifier: Classifier) -> Iterator[tuple[int, ...]]:
    """Every bare four of a kind, and one two pair per possible top card: that card with a
    weaker card of its rank, and a pair of a rank below it in the order in force."""
    listed = classifier.four_card_rank
    if "four_of_a_kind" in listed:
        for g in groups:
            if len(g) == 4:
                yield tuple(g)
    if "two_pair" not in listed:
        return
    value, strength = classifier.rank_value, classifier.strength
    for rank, group in enumerate(groups):
        if len(group) < 2:
            continue
        lower = next((g[:2] for r, g in enumerate(groups)
                      if len(g) >= 2 and value[r] < value[rank]), None)
        if lower is None:
            continue
        by_strength = sorted(group, key=strength.__getitem__)
        for top in by_strength[1:]:
            yield (*lower, by_strength[0], top)


def strongest_by_kind(hand: list[int], classifier: Classifier) -> dict[str, Combo]:
    """The combination with the highest key of each kind ``hand`` can form."""
    best: dict[str, Combo] = {}
    classify = classifier.classify
    for chosen in _contenders(hand, classifier):
        found = classify(list(chosen), cards.mask_of(chosen))
        if isinstance(found, Combo):
            held = best.get(found.kind)
            if held is None or found.key > held.key:
                best[found.kind] = found
    return best


def beating_sizes(classifier: Classifier, table: Combo) -> frozenset[int]:
    """The sizes of play that can beat ``table``: its own, five cards where bombs exist,
    four where a bare four of a kind is a bomb, thirteen where dragons exist."""
    sizes = {table.size}
    if classifier.bomb_kinds:
        sizes.add(5)
        if classifier.four_card_bomb:
            sizes.add(4)
    if classifier.dragon:
        sizes.add(13)
    return frozenset(sizes)


def can_beat(hand: list[int], classifier: Classifier, table: Combo) -> bool:
    """Whether any play of ``hand`` beats ``table``.

    Whether a play beats the table depends on its kind and, within a kind, grows with its
    key; so the strongest combination of each kind decides, and only plays of the table's
    size (or five-card bombs) can beat it. That costs at most a few hundred classifications
    even for a 50-card hand, where listing every combination (``all_combos``) costs tens of
    thousands: this runs on every pass of a first trick.
    """
    classify, beats = classifier.classify, classifier.beats
    for chosen in _contenders(hand, classifier, beating_sizes(classifier, table)):
        found = classify(list(chosen), cards.mask_of(chosen))
        if isinstance(found, Combo) and beats(found, table) is None:
            return True
    return False


