"""A hand that may hold copies of a card and jokers: 53 counts, one per real card (0..51) and
one for the jokers (``cards.JOKER``). A play's ids are held ids: a real card, or a joker named
(a stand-in, ``STAND_IN + card``, or a bare ``JOKER``), which takes a joker from the bag."""

from __future__ import annotations

from bigtwo.rules import cards

SLOTS = cards.DECK_SIZE + 1  # the real cards, then the jokers


def bag_of(held: list[int]) -> list[int]:
    """The counts of a hand's ids (real cards and ``JOKER``)."""
    bag = [0] * SLOTS
    for c in held:
        bag[c] += 1
    return bag


def slot(card: int) -> int:
    """The bag slot a play's id takes its card from: a stand-in or a bare joker, the jokers'."""
    return card if card < cards.DECK_SIZE else cards.JOKER


def play_counts(play: list[int]) -> list[int]:
    """How many of each slot a play takes from its seat's bag."""
    counts = [0] * SLOTS
    for c in play:
        counts[c if c < cards.DECK_SIZE else cards.JOKER] += 1
    return counts


def presence(bag: list[int]) -> int:
    """The bitmask of the real cards held at least once: what the one-deck helpers read
    (the seat's highest card, the cards it could still play)."""
    mask = 0
    for c in range(cards.DECK_SIZE):
        if bag[c]:
            mask |= 1 << c
    return mask


def held(bag: list[int]) -> list[int]:
    """The ids a bag holds, copies repeated, jokers last (``JOKER``)."""
    out: list[int] = []
    for c in range(SLOTS):
        out.extend([c] * bag[c])
    return out


def take(bag: list[int], play: list[int]) -> None:
    """Take a play's cards out of ``bag`` (the play was checked against it)."""
    for c in play:
        bag[c if c < cards.DECK_SIZE else cards.JOKER] -= 1
