"""The profile fields the oracle plays, read from a declaration (a preset's own defaults are
written out here, so the engine's resolver is never asked)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

DEFAULT_STRAIGHTS = ["34567", "45678", "56789", "6789T", "789TJ", "89TJQ", "9TJQK", "TJQKA"]
DEFAULT_ORDER = ["straight", "flush", "full_house", "four_of_a_kind", "straight_flush"]
# hk-standard, the only base the oracle reads (RULES.md "Presets").
BASE: dict[str, Any] = {
    "players": 4, "hand_size": 13, "decks": 1, "jokers": 0, "direction": "clockwise",
    "suit_order": ["D", "C", "H", "S"], "triples": True, "straights": DEFAULT_STRAIGHTS,
    "flush_compare": "rank_first", "five_card_order": DEFAULT_ORDER, "cross_category": True,
    "passing": "rejoin", "unbeatable_ends_trick": False, "timeouts": "none",
    "last_card_call": "none", "opening": {"later_deals": "previous_winner"},
    "scoring": {"tiers": [{"from": 1, "multiplier": 1}, {"from": 8, "multiplier": 2},
                          {"from": 10, "multiplier": 3}, {"from": 13, "multiplier": 4}],
                "settlement": "winner_takes_all", "sweep_factor": 1},
}
PLAYED = set(BASE) | {"extends", "name"}


@dataclass(frozen=True)
class Rules:
    players: int
    hand_size: int
    decks: int
    jokers: int  # per deck
    clockwise: bool
    suit_order: str  # low to high
    triples: bool
    flush_compare: str
    five_card_order: list[str]
    cross_category: bool
    locked_out: bool
    unbeatable_ends_trick: bool
    timeouts: bool
    last_card_call: bool
    later_lowest_card: bool
    tiers: list[tuple[int, int]]
    settlement: str
    sweep_factor: int

    @staticmethod
    def read(declaration: dict[str, Any]) -> Rules:
        assert declaration.get("extends", "hk-standard") == "hk-standard", declaration
        unknown = set(declaration) - PLAYED
        assert not unknown, f"the oracle does not play {sorted(unknown)}"
        d = {**BASE, **declaration}
        scoring = {**BASE["scoring"], **declaration.get("scoring", {})}
        assert set(scoring) <= set(BASE["scoring"]), scoring
        assert d["straights"] == DEFAULT_STRAIGHTS, "the oracle plays the default straights"
        opening = {**BASE["opening"], **declaration.get("opening", {})}
        assert set(opening) == {"later_deals"}, opening
        return Rules(
            players=d["players"], hand_size=d["hand_size"], decks=d["decks"], jokers=d["jokers"],
            clockwise=d["direction"] == "clockwise", suit_order="".join(d["suit_order"]),
            triples=d["triples"], flush_compare=d["flush_compare"],
            five_card_order=list(d["five_card_order"]), cross_category=d["cross_category"],
            locked_out=d["passing"] == "locked_out",
            unbeatable_ends_trick=d["unbeatable_ends_trick"], timeouts=d["timeouts"] == "pass",
            last_card_call=d["last_card_call"] == "liable",
            later_lowest_card=opening["later_deals"] == "lowest_card",
            tiers=[(t["from"], t["multiplier"]) for t in scoring["tiers"]],
            settlement=scoring["settlement"], sweep_factor=scoring["sweep_factor"])

    @property
    def joker_count(self) -> int:
        return self.decks * self.jokers

    def category_rank(self, category: str) -> int:
        """Five-card categories low to high; five of a kind left out ranks above them all."""
        order = self.five_card_order
        return order.index(category) if category in order else len(order)
