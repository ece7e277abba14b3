"""A live deal's cards: a fresh seed per deal, its commitment published at once, the hands
of the deal code the seed and the seats' contributions make (``bigtwo.rules.fair``), and
the proof revealed when the deal ends."""

from __future__ import annotations

from typing import Any

from bigtwo.live.state import NewSeed
from bigtwo.rules import cards, fair
from bigtwo.rules.profiles import Profile


def open_deal(new_seed: NewSeed, at: float) -> dict[str, Any]:
    """The next deal before its cards: its seed (secret until the deal ends) and commitment."""
    seed = new_seed()
    if len(seed) != fair.SEED_BYTES:
        raise ValueError(f"a deal's seed is {fair.SEED_BYTES} bytes, not {len(seed)}")
    return {"seed": seed.hex(), "commitment": fair.commitment(seed), "opened": at,
            "entropy": {}, "hands": None, "deal_code": None, "moves": [], "turn": None,
            "turn_began": None}


def contributions(running: dict[str, Any]) -> list[dict[str, Any]]:
    """The posted entropy in seat order, as a proof lists it."""
    return [{"seat": int(seat), "value": value}
            for seat, value in sorted(running["entropy"].items(), key=lambda kv: int(kv[0]))]


def deal_cards(profile: Profile, running: dict[str, Any]) -> None:
    """Fill in the running deal's code and hands (each in the profile's order)."""
    values = [c["value"] for c in contributions(running)]
    seed = bytes.fromhex(running["seed"])
    code = fair.deal_code_of(profile, seed, values)
    hands = fair.hands_of_code(profile, code)
    assert not isinstance(hands, str), hands  # the profile's own code always deals it
    running["deal_code"] = code
    running["hands"] = [in_order(profile, hand) for hand in hands]


def in_order(profile: Profile, hand: list[int]) -> list[str]:
    """A hand's cards named in the profile's order, weakest first, jokers last."""
    place = {c: i for i, c in enumerate(profile.by_strength)}
    return cards.names(sorted(hand, key=lambda c: (c >= cards.DECK_SIZE, place.get(c, c))))


def proof(running: dict[str, Any]) -> dict[str, Any]:
    return {"commitment": running["commitment"], "seed": running["seed"],
            "entropy": contributions(running), "deal_code": running["deal_code"]}
