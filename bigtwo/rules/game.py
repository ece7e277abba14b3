"""A game as the rules see it: the deal, its moves or its result, after parsing.

Records are read into these values by ``bigtwo.records.parse``; the replay works on them only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bigtwo.rules.profiles import Profile

Move = tuple[int, list[int] | None]  # (seat, cards played) or (seat, None) for a pass


@dataclass(slots=True)
class Result:
    """How a deal without moves ended (a score sheet's row): counts, or the cards themselves,
    or under placings the places."""

    cards_left: list[int] | None = None
    left: list[list[int]] | None = None
    places: list[int] | None = None  # finish: placings: seats, first out first (no cards left)
    liable: int | None = None  # last_card_guard: liable: the seat that pays every loser's penalty

    @property
    def counts(self) -> list[int]:
        if self.left is not None:
            return [len(cs) for cs in self.left]
        return list(self.cards_left or [])


@dataclass(slots=True)
class Deal:
    hands: list[list[int]]
    moves: list[Move]
    declared: dict[str, Any] | None
    deal_code: str | None
    result: Result | None = None


@dataclass(slots=True)
class Record:
    profile: Profile
    players: list[str] | None
    deals: list[Deal]
