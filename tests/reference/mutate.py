"""Random changes to a legal record, so that the replays also meet errors: a move's seat, a
play turned into a pass or the reverse, a card named by a joker (or by a bare ``JK``), a card
of a hand swapped for a copy of another or for a joker, a card repeated in a play, a pass that
timed out instead, calls made, a log cut short."""

from __future__ import annotations

import copy
import random
from typing import Any

from tests.reference.rules import Rules

KINDS = ("seat", "pass_to_play", "play_to_pass", "joker", "hand_copy", "play_copy", "timeout",
         "calls", "cut")


def mutate(record: dict[str, Any], rules: Rules, rng: random.Random, times: int) -> dict[str, Any]:
    out = copy.deepcopy(record)
    for _ in range(times):
        deal = rng.choice(out["deals"])
        _once(deal, rules, rng, rng.choice(KINDS))
    return out


def _once(deal: dict[str, Any], rules: Rules, rng: random.Random, kind: str) -> None:
    moves: list[dict[str, Any]] = deal["moves"]
    plays = [m for m in moves if "play" in m]
    passes = [m for m in moves if "pass" in m]
    if kind == "seat" and moves:
        m = rng.choice(moves)
        m["seat"] = rng.randrange(rules.players)
    elif kind == "pass_to_play" and passes:
        m = rng.choice(passes)
        del m["pass"]
        m["play"] = [rng.choice(deal["hands"][m["seat"]])]
    elif kind == "play_to_pass" and plays:
        m = rng.choice(plays)
        del m["play"]
        m.pop("call", None)  # a call is only on a play
        m["pass"] = True
    elif kind == "joker" and plays and rules.jokers:
        m = rng.choice(plays)
        i = rng.randrange(len(m["play"]))
        if not m["play"][i].startswith("JK"):
            m["play"][i] = "JK" if rng.random() < 0.3 else "JK=" + m["play"][i]
    elif kind == "hand_copy":
        hand = rng.choice(deal["hands"])
        other = rng.choice([c for h in deal["hands"] for c in h])
        hand[rng.randrange(len(hand))] = "JK" if rules.jokers and rng.random() < 0.3 else other
    elif kind == "play_copy" and plays:
        m = rng.choice(plays)
        m["play"].append(m["play"][0])
    elif kind == "timeout" and rules.timeouts:
        if passes and rng.random() < 0.7:
            m = rng.choice(passes)
            del m["pass"]
            m["timeout"] = True
        elif moves:
            i = rng.randrange(len(moves))
            moves.insert(i, {"seat": moves[i]["seat"], "timeout": True})
    elif kind == "calls" and rules.last_card_call:
        for m in plays:
            if rng.random() < 0.6:
                m["call"] = True
    elif kind == "cut" and moves:
        del moves[rng.randrange(len(moves)):]
