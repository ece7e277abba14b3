"""A selection of cards judged on its own under a profile with copies or jokers: the
multiset sibling of ``play.judge_cards`` (``/v1/combinations/evaluate``). The seat is given
the whole supply, so only the cards themselves and the table decide: no turn, no opening
card, no finish or guard; a real card named more often than the decks hold it is still
DUPLICATE_CARD, and more stand-ins than the supply has jokers CARD_NOT_HELD."""

from __future__ import annotations

from bigtwo.rules import cards
from bigtwo.rules.combos import Combo
from bigtwo.rules.multiset.table import MultisetTable, check_multi
from bigtwo.rules.play import Verdict
from bigtwo.rules.profiles import Profile


def supply(profile: Profile) -> list[int]:
    """Every card of the profile's decks, copies and jokers included."""
    return [c for c in range(cards.DECK_SIZE) for _ in range(profile.decks)] + [
        cards.JOKER] * profile.joker_count


def judge_multi(profile: Profile, played: list[int], table: Combo | None,
                revolution: bool = False) -> Verdict:
    """``check_multi`` for ``played`` (ids, stand-ins ``STAND_IN + card``) against ``table``
    (None: as a lead), in the rank order in force."""
    hands = [supply(profile)] + [[] for _ in range(profile.players - 1)]
    position = MultisetTable(profile, hands, 0, None)
    if revolution:
        position.reverse_ranks(True)
    position.on_table = table
    position.first_trick = False
    position.locked_out = position.guarded = position.guard_highest = False
    return check_multi(position, 0, played)


def over_the_decks(profile: Profile, played: list[int]) -> tuple[int, int] | None:
    """(card, count) of the first real card named more often than the decks hold it."""
    counts: dict[int, int] = {}
    for c in played:
        if c < cards.DECK_SIZE:
            counts[c] = counts.get(c, 0) + 1
            if counts[c] > profile.decks:
                return c, counts[c]
    return None


def named(found: Combo, played: list[int]) -> list[int]:
    """The combination's cards (effective, in its order) as the play names them: a card
    written as a real card stays real, the others are its stand-ins."""
    real: dict[int, int] = {}
    for c in played:
        if c < cards.DECK_SIZE:
            real[c] = real.get(c, 0) + 1
    out = []
    for c in found.cards:
        if real.get(c, 0) > 0:
            real[c] -= 1
            out.append(c)
        else:
            out.append(cards.STAND_IN + c)
    return out
