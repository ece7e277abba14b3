"""Combinations: what a set of cards is under a profile, and whether it beats the table.

Every combination carries one integer ``key`` that orders it against others of its kind, so a
comparison on the replay's hot path is a single integer compare. Classification is memoised
per profile by the play's card bitmask: games repeat the same singles and pairs constantly.
With several decks or jokers (``classify_multi``) a play may repeat a card, so its memo is keyed
by the play's multiset instead, in a dict of its own (the two keys would collide).

Keys tie for equal plays, which copies make possible (RULES v4 reading 2: an equal play never
beats): a single, pair or triple by its highest card; a full house, four or five of a kind by
the rank of its three, four or five, then their highest suit (benbrunton: "only the top card
counts"). With one deck the added suit never decides, so one-deck rulings are unchanged.

A profile has two classifiers: the normal one and, for ``revolution: ranks``, one that reads
the rank order backwards (2 lowest, 3 highest; lists of straights read from the end; suit
and category order unchanged). A deal switches to the second after a four of a kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from bigtwo import limits
from bigtwo.rules import cards
from bigtwo.rules.cards import RUN_BY_RANKS, WRAP_RUNS, rank_of, suit_of
from bigtwo.rules.choices import Bombs, FlushCompare, Revolution, StraightFlushCompare, StraightKey
from bigtwo.rules.codes import RuleCode

if TYPE_CHECKING:
    from bigtwo.rules.profiles import Profile

_MEMO_LIMIT = 200_000
# A multiset memo key gives each card a byte (``classify_multi``): longer plays could carry into
# the next card's byte, so they are classified unmemoised (no legal play is that long).
_MULTI_KEY_MAX_CARDS = 255
# The multiset memo is one for the process, not one per classifier: a listing of a large hand
# classifies tens of thousands of multisets, and the profile resolver keeps up to a thousand
# inline profiles alive (each with its classifiers), so per-classifier memos grew with the
# number of profiles seen (gigabytes under the property tests). A key is tagged with its
# classifier's serial number above the 52 card bytes; a full memo starts again empty.
_MULTI_TAG_SHIFT = cards.DECK_SIZE * 8
_MULTI_MEMO: dict[int, Combo | Violation] = {}
_SERIALS = [0]
_BASE13 = 13**5


class Combo(NamedTuple):
    kind: str  # single, pair, triple, or a five-card kind
    size: int
    category: int  # position in the profile's five_card_order; -1 below five cards
    key: int  # orders combinations of the same kind (and five-card hands of one category)
    cards: tuple[int, ...]  # sorted low to high by the profile's single-card strength
    top: int  # the card that names it: highest card, key card of a straight, the triple's rank card
    mask: int  # the cards as one bitmask, a repeated card once: what a play takes from a hand


class Violation(NamedTuple):
    code: RuleCode
    reason: str  # a message key: which rule refused it


def classifier_for(profile: Profile, reversed_ranks: bool = False) -> Classifier:
    """The profile's classifier (``reversed_ranks``: the one after a revolution), made once per
    profile object and kept on it, so that its memo lives exactly as long as the profile."""
    found = profile.classifiers.get(reversed_ranks)
    if found is None:
        found = profile.classifiers[reversed_ranks] = Classifier(profile, reversed_ranks=reversed_ranks)
    return found


class Classifier:
    def __init__(self, profile: Profile, *, reversed_ranks: bool = False) -> None:
        self.profile = profile
        self.reversed = reversed_ranks
        # The suit order in force: reversed too after a ``ranks_and_suits`` revolution.
        suits_reversed = reversed_ranks and profile.revolution is Revolution.RANKS_AND_SUITS
        self.suit_rank = tuple(3 - s for s in profile.suit_rank) if suits_reversed else profile.suit_rank
        self.suits_reversed = suits_reversed
        # The rank value in force: Big Two order, or read backwards after a revolution.
        self.rank_value = tuple(12 - r if reversed_ranks else r for r in range(13))
        self.straight_flush_suit_first = profile.straight_flush_compare is StraightFlushCompare.SUIT_FIRST
        self.top_of_run = profile.straight_key is StraightKey.TOP_OF_RUN
        self.strength = tuple(
            self.rank_value[rank_of(c)] * 4 + self.suit_rank[suit_of(c)] for c in range(cards.DECK_SIZE)
        )
        self.category_rank = profile.category_rank
        self.straight_rank = self._positions(profile.straights)
        self.straight_flush_rank = self._positions(profile.straight_flushes)
        self.bomb_kinds = frozenset(profile.bomb_hands) if profile.bombs is not Bombs.NONE else frozenset()
        # ``bombs: on_twos``: bombs interrupt only a table that holds a printed 2.
        self.bombs_on_twos = profile.bombs is Bombs.ON_TWOS
        self.four_card_rank = {kind: i for i, kind in enumerate(profile.four_card_hands)}
        self.dragon = profile.dragon
        # No dragon and no bombs: a play of one to three cards beats one of its size by its
        # key alone (``beats``' last step), which ``play.check_play`` then asks itself.
        self.plain = not self.dragon and not self.bomb_kinds
        # A bare four of a kind that is also a bomb interrupts any table as four cards.
        self.four_card_bomb = ("four_of_a_kind" in self.four_card_rank
                               and "four_of_a_kind" in self.bomb_kinds)
        sizes = {1, 2, 3, 5}
        if self.four_card_rank:
            sizes.add(4)
        if self.dragon:
            sizes.add(13)
        # The sizes a lead may have under this profile (``legal.lead_sizes``).
        self.lead_sizes = frozenset(sizes)
        # Read directly by ``play.check_play`` (a call saved per play; most plays are found).
        self.memo: dict[int, Combo | Violation] = {}
        _SERIALS[0] += 1
        self.multi_tag = _SERIALS[0] << _MULTI_TAG_SHIFT

    def _positions(self, runs: tuple[str, ...]) -> dict[str, int]:
        last = len(runs) - 1
        return {run: (last - i if self.reversed else i) for i, run in enumerate(runs)}

    def classify(self, play: list[int], mask: int) -> Combo | Violation:
        found = self.memo.get(mask)
        if found is None:
            found = self._classify(play, mask)
            if len(self.memo) < _MEMO_LIMIT:
                self.memo[mask] = found
        return found

    def classify_multi(self, effective: list[int]) -> Combo | Violation:
        """``classify`` for a play that may repeat a card (several decks, or a joker's stand-in
        already replaced by the card it names): effective ids 0..51, repeats allowed."""
        if len(effective) > _MULTI_KEY_MAX_CARDS:
            return self._classify(effective, cards.mask_of(effective))
        key = self.multi_tag
        for c in effective:
            key += 1 << (c << 3)
        found = _MULTI_MEMO.get(key)
        if found is None:
            found = self._classify(effective, cards.mask_of(effective))
            if len(_MULTI_MEMO) >= limits.MAX_MULTISET_MEMO:
                _MULTI_MEMO.clear()
            _MULTI_MEMO[key] = found
        return found

    def _classify(self, play: list[int], mask: int) -> Combo | Violation:
        strength = self.strength
        ordered = tuple(sorted(play, key=strength.__getitem__))
        n = len(ordered)
        ranks = [rank_of(c) for c in ordered]
        top = ordered[-1]
        if n == 1:
            return Combo("single", 1, -1, strength[top], ordered, top, mask)
        if n in (2, 3) and ranks.count(ranks[0]) == n:
            if n == 2:
                return Combo("pair", 2, -1, strength[top], ordered, top, mask)
            if not self.profile.triples:
                return Violation(RuleCode.COMBINATION_NOT_ALLOWED, "no_triples")
            return Combo("triple", 3, -1, strength[top], ordered, top, mask)
        if n == 4 and self.four_card_rank:
            four = self._four(ordered, ranks, mask)
            if four is not None:
                return four
        if n == 13 and self.dragon and len(set(ranks)) == 13:
            return Combo("dragon", 13, 0, 0, ordered, top, mask)
        if n != 5:
            # Only four of one rank gets the "needs a fifth card" text; other shapes are plain
            # "no combination" (seed 001's wording for both).
            four_alike = n == 4 and ranks.count(ranks[0]) == 4
            return Violation(RuleCode.NOT_A_COMBINATION, "four_cards" if four_alike else "shape")
        found = self._five(ordered, ranks, mask)
        if isinstance(found, Combo) and not self.profile.five_card_hands:
            return Violation(RuleCode.COMBINATION_NOT_ALLOWED, "no_five_card_hands")
        return found

    def _five(self, ordered: tuple[int, ...], ranks: list[int], mask: int) -> Combo | Violation:
        flush = len({suit_of(c) for c in ordered}) == 1
        distinct = set(ranks)
        if len(distinct) == 5:
            run = RUN_BY_RANKS.get(frozenset(cards.RANKS[r] for r in distinct))
            if run is not None:
                kind = "straight_flush" if flush else "straight"
                listed = self.straight_flush_rank if flush else self.straight_rank
                position = listed.get(run)
                if position is not None:
                    key_card = self._key_card(ordered, run)
                    suit = self.suit_rank[suit_of(key_card)]
                    if flush and self.straight_flush_suit_first:
                        key = suit * 16 + position  # the suit first, then the run's position
                    else:
                        key = position * 4 + suit
                    return Combo(kind, 5, self.category_rank[kind], key, ordered, key_card, mask)
                if not flush:
                    if run in WRAP_RUNS:  # 001: runs over K-A-2 never count: no combination
                        return Violation(RuleCode.NOT_A_COMBINATION, "shape")
                    reason = "no_two_in_straights" if 12 in distinct else "straight_not_listed"
                    return Violation(RuleCode.COMBINATION_NOT_ALLOWED, reason)
            if flush:
                return self._flush(ordered, ranks, mask)
            return Violation(RuleCode.NOT_A_COMBINATION, "shape")
        # Repeated ranks. Only copies (several decks, jokers) make such a hand one suit, so a
        # one-deck hand never reaches the flush tests below.
        counts = sorted((ranks.count(r), r) for r in distinct)
        most, rank = counts[-1]
        if most == 4:
            kind = "four_of_a_kind"
        elif most == 3 and len(counts) == 2:
            kind = "full_house"
        elif most == 5:
            kind = cards.FIVE_OF_A_KIND
        elif flush:
            return self._flush(ordered, ranks, mask)  # repeated ranks of one suit (reading 5)
        else:
            return Violation(RuleCode.NOT_A_COMBINATION, "shape")
        category = self.category_rank[kind]
        if flush and self.category_rank["flush"] > category:
            # Five cards of two kinds are the higher of the two (reading 4).
            return self._flush(ordered, ranks, mask)
        strength = self.strength
        top = max((c for c in ordered if rank_of(c) == rank), key=strength.__getitem__)
        return Combo(kind, 5, category, strength[top], ordered, top, mask)

    def _four(self, ordered: tuple[int, ...], ranks: list[int], mask: int) -> Combo | None:
        """A four-card hand the profile lists (``four_card_hands``), or None. Its category is
        its place in that list; two pair is keyed by its highest card (the higher pair's
        higher suit), a bare four of a kind by its rank, then its highest suit (as with a
        kicker, so that bombs of both sizes compare by the same key)."""
        distinct = set(ranks)
        listed = self.four_card_rank
        if len(distinct) == 1 and "four_of_a_kind" in listed:
            top = ordered[-1]
            return Combo("four_of_a_kind", 4, listed["four_of_a_kind"], self.strength[top],
                         ordered, top, mask)
        if len(distinct) == 2 and ranks.count(ranks[0]) == 2 and "two_pair" in listed:
            top = ordered[-1]
            return Combo("two_pair", 4, listed["two_pair"], self.strength[top], ordered, top, mask)
        return None

    def _key_card(self, ordered: tuple[int, ...], run: str) -> int:
        """The card whose suit breaks a tie between equal runs and that names the run.
        ``top_of_run``: the run's own top card (the 5 of A2345). Otherwise the card of the
        highest rank in the order in force (the 2 of A2345 and 23456 before a revolution:
        v2's ruling, kept)."""
        if self.top_of_run:
            top_rank = cards.RANKS.index(run[-1])
            return next(c for c in ordered if rank_of(c) == top_rank)
        value = self.rank_value
        return max(ordered, key=lambda c: value[rank_of(c)])

    def _flush(self, ordered: tuple[int, ...], ranks: list[int], mask: int) -> Combo:
        top = ordered[-1]  # highest rank in the order in force (ordered by strength)
        if self.profile.flush_compare is FlushCompare.TOP_CARD:
            # The highest card alone: its rank, then its suit (the strength in force).
            return Combo("flush", 5, self.category_rank["flush"], self.strength[top], ordered, top, mask)
        value = 0
        for r in sorted((self.rank_value[r] for r in ranks), reverse=True):
            value = value * 13 + r
        suit = self.suit_rank[suit_of(ordered[0])]
        if self.profile.flush_compare is FlushCompare.RANK_FIRST:
            key = value * 4 + suit
        else:
            key = suit * _BASE13 + value
        return Combo("flush", 5, self.category_rank["flush"], key, ordered, top, mask)

    # --- comparison ------------------------------------------------------------------
    def crosses(self, play: Combo, table: Combo) -> bool:
        """Whether ``play`` may be played on a table of another size and judged against it
        (a dragon always; a bomb under ``anything``, or on a table holding a 2 under
        ``on_twos``): otherwise such a play is ``CARD_COUNT``."""
        kind = play.kind
        if kind == "dragon":
            return True
        if kind not in self.bomb_kinds:
            return False
        return not self.bombs_on_twos or _holds_two(table)

    def beats(self, play: Combo, table: Combo) -> RuleCode | None:
        """None when ``play`` beats ``table``; otherwise the error code that says why not.

        Bomb precedence, decided here for every profile: a dragon beats everything and
        nothing beats it (reading 2); a bomb that may interrupt (``crosses``) beats any
        non-bomb except a five-card hand that beats it by the five-card rules (000: "ein
        Straight Flush schlägt eine Bombe"), and a lower bomb; a four-card bomb on the table
        yields only to a higher bomb (reading 4); four-card plays compare by their place in
        ``four_card_hands``, then key. Each step is asked only where the profile has the
        plays it concerns, so a plain profile pays a flag test for each."""
        if self.dragon:
            if table.kind == "dragon":
                return RuleCode.DOES_NOT_BEAT if play.kind == "dragon" or self.crosses(play, table) \
                    else RuleCode.CARD_COUNT
            if play.kind == "dragon":
                return None
        bomb_kinds = self.bomb_kinds
        if bomb_kinds:
            table_bomb = table.kind in bomb_kinds
            if play.kind in bomb_kinds and (not self.bombs_on_twos or _holds_two(table)):
                if table_bomb:
                    return None if self._bomb_rank(play) > self._bomb_rank(table) else RuleCode.DOES_NOT_BEAT
                if (table.size == 5 and self.profile.cross_category
                        and table.category > self.category_rank[play.kind]):
                    # Reading 24: it beats the bomb by the five-card rules (a five of a kind
                    # left out of five_card_order, above every category, included).
                    return RuleCode.DOES_NOT_BEAT
                return None
            if table_bomb and table.size == 4 and not self.bombs_on_twos:
                return RuleCode.CARD_COUNT if play.size != 4 else RuleCode.DOES_NOT_BEAT
        if play.size != table.size:
            return RuleCode.CARD_COUNT
        if play.size == 5:
            return self._five_beats(play, table)
        if play.size == 4:
            return None if (play.category, play.key) > (table.category, table.key) \
                else RuleCode.DOES_NOT_BEAT
        return None if play.key > table.key else RuleCode.DOES_NOT_BEAT

    def _bomb_rank(self, combo: Combo) -> tuple[int, int]:
        """Bombs against each other: category by ``five_card_order``, then rank, whether a
        four of a kind has a kicker or not (RULES v3, reading 4)."""
        return self.category_rank[combo.kind], combo.key

    def versus(self, play: Combo, table: Combo) -> dict[str, Any]:
        """The params of an error comparing ``play`` with ``table``: what the message needs to
        say what decided (the rank order in force, how flushes compare)."""
        params: dict[str, Any] = {
            "played": cards.names(play.cards), "table": cards.names(table.cards),
            "played_kind": play.kind, "table_kind": table.kind,
            "played_top": cards.name(play.top), "table_top": cards.name(table.top)}
        if play.kind == table.kind == "flush":
            params["flush_compare"] = self.profile.flush_compare
        if play.kind == table.kind == "straight_flush" and self.straight_flush_suit_first:
            params["straight_flush_compare"] = "suit_first"
        if self.reversed:
            params["revolution"] = True
            if self.suits_reversed:
                params["suits_reversed"] = True
        return params

    def _five_beats(self, play: Combo, table: Combo) -> RuleCode | None:
        if play.kind != table.kind:
            if not self.profile.cross_category:
                return RuleCode.CATEGORY
            return None if play.category > table.category else RuleCode.DOES_NOT_BEAT
        return None if play.key > table.key else RuleCode.DOES_NOT_BEAT

    def order_key(self, combo: Combo) -> tuple[int, int, int]:
        """A total order over all combinations, used by tests and the legal-play listing."""
        return (combo.size, combo.category, combo.key)


def _holds_two(combo: Combo) -> bool:
    """Whether a combination holds a card of the printed rank 2 (``on_twos``, reading 3:
    revolution or not)."""
    return any(rank_of(c) == cards.TWO for c in combo.cards)
