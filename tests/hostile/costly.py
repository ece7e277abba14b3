"""Builders of the costly-but-legal inputs of issue 10 (classes 4, 5, 6, 14).

Shared by the hostile-input table (which bounds the work they cause by counting operations)
and ``bench/hostile.py`` (which times them). Every builder returns plain JSON values.
"""

from __future__ import annotations

import json
from typing import Any

from bigtwo import cards
from bigtwo.profile_schema import RUNS

# Two seats, two cards each, the 48 undealt cards to the opener: one 50-card hand.
HUGE_HAND_PROFILE: dict[str, Any] = {
    "extends": "hk-standard",
    "players": 2,
    "hand_size": 2,
    "leftover": "to_opener",
    "must_play_first_trick": True,
    "straights": list(RUNS),
    "opening": {"first_deal": "lowest_card", "later_deals": "lowest_card"},
}

_SMALL_HAND = ["2S", "2H"]


def huge_hand_deal(*, finished: bool = True) -> dict[str, Any]:
    """The opener (50 cards) leads 3D, the other seat tops it with a 2, and the opener, who
    cannot beat it, passes in the first trick: the referee must prove that no play of 50 cards
    beats the 2 before it accepts the pass."""
    big = [c for c in cards.CANONICAL if c not in _SMALL_HAND]
    moves: list[dict[str, Any]] = [
        {"seat": 0, "play": ["3D"]},
        {"seat": 1, "play": ["2S"]},
        {"seat": 0, "pass": True},
    ]
    if finished:
        moves.append({"seat": 1, "play": ["2H"]})
    return {"hands": [big, list(_SMALL_HAND)], "moves": moves}


def huge_hand_record(deals: int = 200, *, profile: Any = None, finished: bool = True) -> dict[str, Any]:
    """``deals`` such deals (the last one unfinished when ``finished`` is False, leaving the
    50-card hand to lead: every play of it is legal)."""
    out = [huge_hand_deal() for _ in range(deals)]
    if not finished:
        out[-1]["moves"] = out[-1]["moves"][:3]
    return {"profile": HUGE_HAND_PROFILE if profile is None else profile, "deals": out}


def size_of(doc: Any) -> int:
    return len(json.dumps(doc, separators=(",", ":")).encode())


# --- more worst cases for the benchmark and the table ------------------------------------------
ONE_CARD_PROFILE: dict[str, Any] = {
    "extends": "casual", "players": 2, "hand_size": 1,
    "opening": {"first_deal": "lowest_card", "later_deals": "lowest_card"},
}


def one_card_deal(code: str) -> dict[str, Any]:
    """A deal of ``code`` (2 seats, 1 card each): the holder of the lower card leads it and is
    out. The smallest complete deal there is, so a record holds 200 of them in 13 KB."""
    from bigtwo import deals

    spec = deals.parse_code(code)
    assert isinstance(spec, deals.DealSpec)
    hands, _ = deals.deal(spec)
    strength = _profile(ONE_CARD_PROFILE).strength
    seat = min((0, 1), key=lambda s: strength[hands[s][0]])
    return {"deal_code": code, "moves": [{"seat": seat, "play": [cards.name(hands[seat][0])]}]}


def one_board_records(records: int, deals_per_record: int = 200, code: str = "B2-2-1-1") -> list[dict[str, Any]]:
    """``records`` tables that all played the same deal code ``deals_per_record`` times: one
    duplicate board with ``records x deals_per_record`` results per seat."""
    deal = one_card_deal(code)
    return [{"players": [f"a{i}", f"b{i}"], "deals": [deal] * deals_per_record}
            for i in range(records)]


def _profile(declaration: dict[str, Any]) -> Any:
    from bigtwo.profiles import DEFAULT_RESOLVER

    profile, problems = DEFAULT_RESOLVER.resolve(declaration)
    assert profile is not None, problems
    return profile


def long_match(target_bytes: int, profile: str = "hk-standard", seed: int = 7) -> dict[str, Any]:
    """A legal simulated match of as many deals as fit in ``target_bytes`` (at most 200)."""
    from bigtwo import limits
    from bigtwo.profiles import PRESETS
    from bigtwo.simulate import simulate

    (doc,) = simulate(PRESETS[profile], records=1, deals_per_record=limits.MAX_DEALS_PER_RECORD,
                      seed=seed)
    while size_of(doc) > target_bytes and len(doc["deals"]) > 1:
        doc["deals"] = doc["deals"][: max(1, len(doc["deals"]) * 9 // 10)]
    return doc
