"""Combinations: what a set of cards is under a profile, and whether it beats the table.

Every combination carries one integer ``key`` that orders it against others of its kind, so a
comparison on the replay's hot path is a single integer compare. Classification is memoised
per profile by the play's card bitmask: games repeat the same singles and pairs constantly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from . import cards
from .profile_schema import RUN_BY_RANKS

if TYPE_CHECKING:
    from .profiles import Profile

FIVE_KINDS = ("straight", "flush", "full_house", "four_of_a_kind", "straight_flush")
BOMB_KINDS = frozenset({"four_of_a_kind", "straight_flush"})
_MEMO_LIMIT = 200_000
_BASE13 = 13**5


class Combo(NamedTuple):
    kind: str  # single, pair, triple, or a five-card kind
    size: int
    category: int  # position in the profile's five_card_order; -1 below five cards
    key: int  # orders combinations of the same kind (and five-card hands of one category)
    cards: tuple[int, ...]  # sorted low to high by the profile's single-card strength
    top: int  # the card that names it: highest card, key card of a straight, the triple's rank card

    @property
    def is_five(self) -> bool:
        return self.size == 5


class Violation(NamedTuple):
    code: str
    reason: str  # a message key: which rule refused it


class Classifier:
    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self.strength = profile.strength
        self.suit_rank = profile.suit_rank
        self.category_rank = profile.category_rank
        self.straight_rank = profile.straight_rank
        self._memo: dict[int, Combo | Violation] = {}

    def classify(self, play: list[int], mask: int) -> Combo | Violation:
        found = self._memo.get(mask)
        if found is None:
            found = self._classify(play)
            if len(self._memo) < _MEMO_LIMIT:
                self._memo[mask] = found
        return found

    def _classify(self, play: list[int]) -> Combo | Violation:
        strength = self.strength
        ordered = tuple(sorted(play, key=strength.__getitem__))
        n = len(ordered)
        ranks = [c >> 2 for c in ordered]
        top = ordered[-1]
        if n == 1:
            return Combo("single", 1, -1, strength[top], ordered, top)
        if n in (2, 3) and ranks.count(ranks[0]) == n:
            if n == 2:
                return Combo("pair", 2, -1, strength[top], ordered, top)
            if not self.profile.triples:
                return Violation("COMBINATION_NOT_ALLOWED", "no_triples")
            return Combo("triple", 3, -1, ranks[0], ordered, top)
        if n != 5:
            return Violation("NOT_A_COMBINATION", "four_cards" if n == 4 else "shape")
        found = self._five(ordered, ranks)
        if isinstance(found, Combo) and not self.profile.five_card_hands:
            return Violation("COMBINATION_NOT_ALLOWED", "no_five_card_hands")
        return found

    def _five(self, ordered: tuple[int, ...], ranks: list[int]) -> Combo | Violation:
        flush = len({c & 3 for c in ordered}) == 1
        distinct = set(ranks)
        if len(distinct) == 5:
            run = RUN_BY_RANKS.get(frozenset(cards.RANKS[r] for r in distinct))
            if run is not None:
                position = self.straight_rank.get(run)
                if position is not None:
                    key_card = max(ordered, key=lambda c: c >> 2)
                    kind = "straight_flush" if flush else "straight"
                    key = position * 4 + self.suit_rank[key_card & 3]
                    return Combo(kind, 5, self.category_rank[kind], key, ordered, key_card)
                if not flush:
                    reason = "no_two_in_straights" if 12 in distinct else "straight_not_listed"
                    return Violation("COMBINATION_NOT_ALLOWED", reason)
            if flush:
                return self._flush(ordered, ranks)
            return Violation("NOT_A_COMBINATION", "shape")
        counts = sorted((ranks.count(r), r) for r in distinct)
        if counts[-1][0] == 4:
            quad = counts[-1][1]
            top = max((c for c in ordered if c >> 2 == quad), key=self.strength.__getitem__)
            return Combo("four_of_a_kind", 5, self.category_rank["four_of_a_kind"], quad, ordered, top)
        if len(counts) == 2 and counts[-1][0] == 3:
            trip = counts[-1][1]
            top = max((c for c in ordered if c >> 2 == trip), key=self.strength.__getitem__)
            return Combo("full_house", 5, self.category_rank["full_house"], trip, ordered, top)
        return Violation("NOT_A_COMBINATION", "shape")

    def _flush(self, ordered: tuple[int, ...], ranks: list[int]) -> Combo:
        value = 0
        for r in sorted(ranks, reverse=True):
            value = value * 13 + r
        suit = self.suit_rank[ordered[0] & 3]
        if self.profile.flush_compare == "rank_first":
            key = value * 4 + suit
        else:
            key = suit * _BASE13 + value
        top = max(ordered, key=lambda c: c >> 2)
        return Combo("flush", 5, self.category_rank["flush"], key, ordered, top)

    # --- comparison ------------------------------------------------------------------
    def is_bomb(self, combo: Combo) -> bool:
        return self.profile.bombs == "anything" and combo.kind in BOMB_KINDS

    def beats(self, play: Combo, table: Combo) -> str | None:
        """None when ``play`` beats ``table``; otherwise the error code that says why not."""
        if self.profile.bombs == "anything":
            play_bomb, table_bomb = play.kind in BOMB_KINDS, table.kind in BOMB_KINDS
            if play_bomb and not table_bomb:
                return None
            if play_bomb and table_bomb:
                return None if (play.category, play.key) > (table.category, table.key) else "DOES_NOT_BEAT"
        if play.size != table.size:
            return "CARD_COUNT"
        if play.size == 5 and play.kind != table.kind:
            if not self.profile.cross_category:
                return "CATEGORY"
            return None if play.category > table.category else "DOES_NOT_BEAT"
        return None if play.key > table.key else "DOES_NOT_BEAT"

    def order_key(self, combo: Combo) -> tuple[int, int, int]:
        """A total order over all combinations, used by tests and the legal-play listing."""
        return (combo.size, combo.category, combo.key)
