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
    triple rank (its strongest three) and one four of a kind per quad rank.
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
                # The triple's highest card breaks ties (v4 reading 2): the strongest three.
                trip = sorted(trip_cards, key=strength.__getitem__)[-3:]
                yield (*trip, *pair)
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




# --- multiset hands: several decks, jokers ----------------------------------------------------
# A multiset hand (``profile.multiset``) is a bag: 53 counts, one per card id and the jokers
# last. A play names real cards by id and a joker by its stand-in, ``cards.STAND_IN + c``.
# Every combination is found by shape from the cards it needs, a joker filling any card the
# bag lacks, so the work follows the shapes that could beat the table, not the hand's size: a
# 108-card hand with 8 jokers has some 90,000 five-card multisets of the known shapes (and
# 122 million five-card subsets), and a table or a kind that rules out a shape never visits them.

JOKERS_AT = 52  # a bag's count of jokers
STAND_IN = 64  # a joker naming card c is STAND_IN + c in a play (bigtwo.rules.cards)
_FIVE_KINDS = ("straight", "straight_flush", "flush", "full_house", "four_of_a_kind",
               cards.FIVE_OF_A_KIND)


def _multisets(pool: list[int], k: int, bag: list[int], cap: list[int], used: int
               ) -> Iterator[tuple[int, tuple[int, ...]]]:
    """Every multiset of ``k`` cards of ``pool`` (ascending ids) a bag can form, each with the
    jokers it needs (``used`` so far among them), while that stays within ``cap[0]``: a caller
    lowers ``cap[0]`` to stop joker plays mid-way."""
    chosen: list[int] = []
    yield from _multisets_from(pool, 0, k, bag, cap, used, chosen)


def _multisets_from(pool: list[int], at: int, k: int, bag: list[int], cap: list[int], used: int,
                    chosen: list[int]) -> Iterator[tuple[int, tuple[int, ...]]]:
    if k == 0:
        yield used, tuple(chosen)
        return
    if at == len(pool):
        return
    card = pool[at]
    for m in range(k, -1, -1):
        extra = m - bag[card]
        cost = used + (extra if extra > 0 else 0)
        if cost > cap[0]:
            continue
        chosen.extend([card] * m)
        yield from _multisets_from(pool, at + 1, k - m, bag, cap, cost, chosen)
        del chosen[len(chosen) - m:]


def _one_each(options: list[list[int]], bag: list[int], cap: list[int], used: int
              ) -> Iterator[tuple[int, tuple[int, ...]]]:
    """One card from each list (the lists hold distinct cards: a run, a dragon), a joker for a
    card the bag lacks, within ``cap[0]`` jokers."""
    chosen: list[int] = []
    yield from _one_each_from(options, 0, bag, cap, used, chosen)


def _one_each_from(options: list[list[int]], at: int, bag: list[int], cap: list[int], used: int,
                   chosen: list[int]) -> Iterator[tuple[int, tuple[int, ...]]]:
    if at == len(options):
        yield used, tuple(chosen)
        return
    for card in options[at]:
        cost = used + (0 if bag[card] > 0 else 1)
        if cost <= cap[0]:
            chosen.append(card)
            yield from _one_each_from(options, at + 1, bag, cap, cost, chosen)
            chosen.pop()


def _rank_pool(rank: int) -> list[int]:
    return [rank * 4 + s for s in range(4)]


def _wanted_kinds(classifier: Classifier, sizes: frozenset[int], table: Combo | None) -> frozenset[str]:
    """The kinds worth building: all of ``sizes`` on a lead; against ``table`` only those that
    could beat it (its own size's kinds, higher five-card categories, bombs, dragons)."""
    five = set(_FIVE_KINDS) if 5 in sizes else set()
    # Four-card kinds are tagged: a four of a kind with a kicker is another shape.
    four = {"4:" + k for k in classifier.four_card_rank} if 4 in sizes else set()
    small = {k for k, n in (("single", 1), ("pair", 2), ("triple", 3)) if n in sizes}
    if table is not None:
        bombs = classifier.bomb_kinds
        if table.size == 5:
            if classifier.profile.cross_category:
                # A lower category never beats: not as a five-card hand, nor as a bomb (bombs
                # compare by category first; reading 24 against a hand that is no bomb).
                five = {k for k in five if classifier.category_rank[k] >= table.category}
            else:
                five = {k for k in five if k == table.kind} | (five & bombs)
        else:
            five &= bombs
        if table.size != 4:
            four = {"4:four_of_a_kind"} & four if classifier.four_card_bomb else set()
        small = {k for k in small if _SMALL_SIZE[k] == table.size}
    kinds = five | four | small
    if 13 in sizes and classifier.dragon:
        kinds.add("dragon")
    return frozenset(kinds)


_SMALL_SIZE = {"single": 1, "pair": 2, "triple": 3}


def _shapes(bag: list[int], classifier: Classifier, kinds: frozenset[str], cap: list[int]
            ) -> Iterator[tuple[int, tuple[int, ...]]]:
    """(jokers needed, effective cards ascending) for every multiset of the wanted ``kinds``'
    shapes the bag can form; a shape may turn out another kind (reading 4), which the
    classifier decides. Sizes come smallest first, so joker plays run out on the big ones."""
    ranks = range(13)
    if "single" in kinds:
        for card in range(cards.DECK_SIZE):
            cost = 0 if bag[card] > 0 else 1
            if cost <= cap[0]:
                yield cost, (card,)
    for kind, size in (("pair", 2), ("triple", 3)):
        if kind in kinds:
            for rank in ranks:
                yield from _multisets(_rank_pool(rank), size, bag, cap, 0)
    if "4:four_of_a_kind" in kinds:
        for rank in ranks:
            yield from _multisets(_rank_pool(rank), 4, bag, cap, 0)
    if "4:two_pair" in kinds:
        for low in ranks:
            for used, low_pair in _multisets(_rank_pool(low), 2, bag, cap, 0):
                for high in range(low + 1, 13):
                    for both, high_pair in _multisets(_rank_pool(high), 2, bag, cap, used):
                        yield both, low_pair + high_pair
    if classifier.profile.five_card_hands:
        yield from _five_shapes(bag, classifier, kinds, cap)
    if "dragon" in kinds:
        options = []
        for rank in ranks:
            held = [c for c in _rank_pool(rank) if bag[c] > 0]
            # A rank the bag lacks takes a joker; which card it names changes nothing.
            options.append(held or [rank * 4 + 3])
        for used, dragon in islice(_one_each(options, bag, cap, 0), limits.MAX_DRAGON_PLAYS):
            yield used, tuple(sorted(dragon))


def _five_shapes(bag: list[int], classifier: Classifier, kinds: frozenset[str], cap: list[int]
                 ) -> Iterator[tuple[int, tuple[int, ...]]]:
    profile = classifier.profile
    ranks = range(13)
    if "straight" in kinds or "straight_flush" in kinds:
        runs = list(dict.fromkeys(profile.straights + profile.straight_flushes))
        for run in runs:
            run_ranks = [cards.RANKS.index(r) for r in run]
            if "straight" in kinds:
                for found in _one_each([_rank_pool(r) for r in run_ranks], bag, cap, 0):
                    yield found[0], tuple(sorted(found[1]))
            else:  # straight flushes alone: one suit a run
                for suit in range(4):
                    for found in _one_each([[r * 4 + suit] for r in run_ranks], bag, cap, 0):
                        yield found[0], tuple(sorted(found[1]))
    if "flush" in kinds:
        for suit in range(4):
            yield from _multisets([r * 4 + suit for r in ranks], 5, bag, cap, 0)
    if "full_house" in kinds:
        for trip_rank in ranks:
            for used, trip in _multisets(_rank_pool(trip_rank), 3, bag, cap, 0):
                for pair_rank in ranks:
                    if pair_rank != trip_rank:
                        for both, pair in _multisets(_rank_pool(pair_rank), 2, bag, cap, used):
                            yield both, tuple(sorted(trip + pair))
    if "four_of_a_kind" in kinds:
        for quad_rank in ranks:
            for used, quad in _multisets(_rank_pool(quad_rank), 4, bag, cap, 0):
                for kicker in range(cards.DECK_SIZE):
                    if rank_of(kicker) != quad_rank:
                        cost = used + (0 if bag[kicker] > 0 else 1)
                        if cost <= cap[0]:
                            yield cost, tuple(sorted((*quad, kicker)))
    if cards.FIVE_OF_A_KIND in kinds:
        for rank in ranks:
            yield from _multisets(_rank_pool(rank), 5, bag, cap, 0)


def play_ids(effective: tuple[int, ...], bag: list[int]) -> tuple[int, ...]:
    """The play as its seat names it: real cards while the bag holds them, then stand-ins."""
    out = []
    taken: dict[int, int] = {}
    for c in effective:
        n = taken.get(c, 0)
        taken[c] = n + 1
        out.append(c if n < bag[c] else STAND_IN + c)
    return tuple(out)


def all_combos_multi(bag: list[int], classifier: Classifier, sizes: frozenset[int] | None = None,
                     table: Combo | None = None) -> list[tuple[Combo, tuple[int, ...]]]:
    """Every distinct allowed combination a bag can form (of those ``sizes``; against
    ``table``, only those that beat it), each once with the play that forms it from the most
    real cards. At most ``limits.MAX_JOKER_PLAYS`` of them use jokers (smallest plays first);
    any other joker play is still legal, only not listed. In the profile's total order, a
    play with fewer jokers first among equal combinations."""
    if sizes is None:
        sizes = lead_sizes(classifier)
    kinds = _wanted_kinds(classifier, sizes, table)
    cap = [bag[JOKERS_AT]]
    budget = limits.MAX_JOKER_PLAYS
    # Shapes come as ascending ids, so the tuple itself names the multiset.
    seen: dict[tuple[int, ...], tuple[int, int, int, int, tuple[int, ...], Combo] | None] = {}
    classify, beats = classifier.classify_multi, classifier.beats
    for jokers, effective in _shapes(bag, classifier, kinds, cap):
        if effective in seen or (jokers and budget <= 0):
            continue
        found = classify(list(effective))
        if not isinstance(found, Combo) or (table is not None and beats(found, table) is not None):
            seen[effective] = None
            continue
        play = effective
        if jokers:
            play = play_ids(effective, bag)
            budget -= 1
            if budget == 0:
                cap[0] = 0  # the rest of the listing is real cards only
        # ``classifier.order_key``, then fewer jokers, then the play: distinct plays never tie,
        # so the sort compares integers and ids only.
        seen[effective] = (found.size, found.category, found.key, jokers, play, found)
    listed = [entry for entry in seen.values() if entry is not None]
    listed.sort()
    return [(entry[5], entry[4]) for entry in listed]


def can_beat_multi(bag: list[int], classifier: Classifier, table: Combo) -> bool:
    """Whether any play of a bag, jokers included, beats ``table`` (``must_play_first_trick``,
    reading 19). Only the shapes that could beat it are built, and the first that does ends
    the search."""
    kinds = _wanted_kinds(classifier, beating_sizes(classifier, table), table)
    cap = [bag[JOKERS_AT]]
    classify, beats = classifier.classify_multi, classifier.beats
    seen: set[tuple[int, ...]] = set()
    for _, effective in _shapes(bag, classifier, kinds, cap):
        if effective in seen:
            continue
        seen.add(effective)
        found = classify(list(effective))
        if isinstance(found, Combo) and beats(found, table) is None:
            return True
    return False
