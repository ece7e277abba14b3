"""Cards as the oracle sees them: a real card is ``(rank, suit)`` with ranks 0..12 for
``3 4 5 6 7 8 9 T J Q K A 2`` and suits as letters; a joker held is ``JK``."""

from __future__ import annotations

from dataclasses import dataclass

RANKS = "3456789TJQKA2"
JOKER = "JK"
_SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


@dataclass(frozen=True, order=True)
class Card:
    rank: int
    suit: str

    @property
    def name(self) -> str:
        return RANKS[self.rank] + self.suit


def real(text: str) -> Card:
    """A card written as RECORDS.md allows (``10h``, ``TH``, ``T♥``)."""
    t = text.strip().upper()
    suit = _SUIT_SYMBOLS.get(t[-1], t[-1])
    rank = t[:-1].replace("10", "T")
    if rank not in RANKS or len(rank) != 1 or suit not in "CDHS":
        raise ValueError(text)
    return Card(RANKS.index(rank), suit)


@dataclass(frozen=True)
class Entry:
    """One entry of a play: a real card, or a joker standing for ``stands_for`` (None: the
    joker names no card, or names a joker)."""
    joker: bool
    card: Card | None


def entry(text: str) -> Entry:
    t = text.strip()
    if t.upper() == JOKER or t == "🃏":
        return Entry(True, None)
    if t.upper().startswith("JK="):
        named = t[3:]
        if named.upper() == JOKER or named == "🃏":
            return Entry(True, None)
        return Entry(True, real(named))
    return Entry(False, real(t))


def held(text: str) -> str:
    """A card of a hand as a bag key: its canonical name, or ``JK``."""
    t = text.strip()
    return JOKER if t.upper() == JOKER or t == "🃏" else real(t).name
