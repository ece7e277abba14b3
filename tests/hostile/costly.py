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
