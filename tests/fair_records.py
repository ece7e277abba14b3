"""Records that carry a live table's proof, built with ``bigtwo.rules.fair`` (a seed, its
commitment, the code's hands, a deal played out by the simulator), and their tampered twins:
the fixtures of every surface's PROOF_MISMATCH test."""

from __future__ import annotations

import copy
import random
from typing import Any

from bigtwo.rules import cards, fair
from bigtwo.rules.profiles import DEFAULT_RESOLVER
from bigtwo.rules.simulate import play_deal

SEED = bytes(range(32))
ENTROPY = ["Ana's coin", "Ben 42", "日本", "🂡"]
PLAYERS = ["Ana", "Ben", "Cai", "Dee"]


def card_names(hand: list[int]) -> list[str]:
    return ["JK" if c == cards.JOKER else cards.name(c) for c in hand]


def proven_record(profile_ref: Any = "hk-standard", seed: bytes = SEED,
                  entropy: list[str] | None = None, *, rng_seed: int = 1) -> dict[str, Any]:
    """A finished one-deal record whose proof holds: the hands the seed and the seats'
    contributions deal, played to the end."""
    profile, problems = DEFAULT_RESOLVER.resolve(profile_ref, "/profile")
    assert not problems, problems
    values = list(ENTROPY[:profile.players] if entropy is None else entropy)
    code = fair.deal_code_of(profile, seed, values)
    hands = fair.hands_of_code(profile, code)
    assert isinstance(hands, list), hands
    moves, _ = play_deal(profile, hands, 0, None, random.Random(rng_seed))
    return {
        "profile": profile_ref,
        "players": (PLAYERS + [f"P{i}" for i in range(4, 8)])[:profile.players],
        "deals": [{
            "hands": [card_names(h) for h in hands],
            "moves": moves,
            "proof": {"commitment": fair.commitment(seed), "seed": seed.hex(),
                      "entropy": [{"seat": s, "value": v} for s, v in enumerate(values)],
                      "deal_code": code},
        }],
        "meta": {"live_table": "tb-" + "0" * 32},
    }


# How a copy is tampered with, and the PROOF_MISMATCH params it must give.
TAMPERINGS: dict[str, dict[str, Any]] = {
    "seed": {"deal": 0, "reason": "commitment"},
    "commitment": {"deal": 0, "reason": "commitment"},
    "entropy": {"deal": 0, "reason": "deal_code"},
    "deal_code": {"deal": 0, "reason": "deal_code"},
    "hands": {"deal": 0, "reason": "hands", "seat": 1},
}


def tampered(record: dict[str, Any], how: str = "hands") -> dict[str, Any]:
    """A copy of ``record`` with one link of deal 0's proof broken (``TAMPERINGS``)."""
    out = copy.deepcopy(record)
    deal = out["deals"][0]
    proof = deal["proof"]
    if how == "seed":
        proof["seed"] = ("0" if proof["seed"][0] != "0" else "1") + proof["seed"][1:]
    elif how == "commitment":
        proof["commitment"] = fair.commitment(b"another seed".ljust(32, b"."))
    elif how == "entropy":
        if proof["entropy"]:
            proof["entropy"][0]["value"] += "!"
        else:  # a server deal: a contribution it never had
            proof["entropy"].append({"seat": 0, "value": "!"})
    elif how == "deal_code":
        prefix, _, value = proof["deal_code"].rpartition("-")
        proof["deal_code"] = f"{prefix}-{'1' if value != '1' else '2'}"
    elif how == "hands":
        # Seat 1 and seat 2 swap a card each (two that differ: with several decks they may
        # hold copies): both hands keep their size.
        one, two = deal["hands"][1], deal["hands"][2]
        j = next(j for j, card in enumerate(two) if card != one[0])
        one[0], two[j] = two[j], one[0]
    else:
        raise ValueError(how)
    return out
