"""A game as the rules see it: the deal, its moves or its result, after parsing.

Records are read into these values by ``bigtwo.records.parse``; the replay works on them only.
"""

from __future__ import annotations

from typing import Any

from bigtwo.rules.frozen import Slotted
from bigtwo.rules.profiles import Profile

# (seat, cards played), (seat, None) for a pass, or (seat, []) for a turn that timed out
# (``timeouts: pass``): an empty play is never a play, so it can mean nothing else.
Move = tuple[int, list[int] | None]


# Plain slotted classes, not dataclasses: every start defines them (bigtwo.rules.frozen).
class Result(Slotted):
    """How a deal without moves ended (a score sheet's row): counts, or the cards themselves,
    or under placings the places."""

    __slots__ = ("cards_left", "left", "places", "liable")

    def __init__(self, cards_left: list[int] | None = None, left: list[list[int]] | None = None,
                 places: list[int] | None = None, liable: int | None = None) -> None:
        self.cards_left = cards_left
        self.left = left
        self.places = places  # finish: placings: seats, first out first (no cards left)
        self.liable = liable  # last_card_guard: liable: the seat that pays every loser's penalty

    @property
    def counts(self) -> list[int]:
        if self.left is not None:
            return [len(cs) for cs in self.left]
        return list(self.cards_left or [])


class Proof(Slotted):
    """A live table's fair-deal evidence (RECORDS.md, v5): the revealed ``seed`` (32 bytes),
    the ``commitment`` published before the deal, the seats' contributions in seat order and
    the ``deal_code`` they make. ``bigtwo.rules.fair.proof_problem`` checks it."""

    __slots__ = ("commitment", "seed", "entropy", "deal_code")

    def __init__(self, commitment: str, seed: bytes, entropy: list[tuple[int, str]],
                 deal_code: str) -> None:
        self.commitment = commitment
        self.seed = seed
        self.entropy = entropy
        self.deal_code = deal_code


class Deal(Slotted):
    __slots__ = ("hands", "moves", "declared", "deal_code", "result", "calls", "proof")

    def __init__(self, hands: list[list[int]], moves: list[Move], declared: dict[str, Any] | None,
                 deal_code: str | None, result: Result | None = None,
                 calls: frozenset[int] = frozenset(), proof: Proof | None = None) -> None:
        self.hands = hands
        self.moves = moves
        self.declared = declared
        self.deal_code = deal_code
        self.result = result
        self.calls = calls  # last_card_call: indices of the moves that carry "call": true
        self.proof = proof


class Record(Slotted):
    __slots__ = ("profile", "players", "deals")

    def __init__(self, profile: Profile, players: list[str] | None, deals: list[Deal]) -> None:
        self.profile = profile
        self.players = players
        self.deals = deals
