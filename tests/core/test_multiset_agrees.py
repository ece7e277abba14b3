"""The multiset table rules a one-deck deal exactly as the one-deck table does (hypothesis).

With one deck and no jokers a bag holds each card at most once, so the multiset path (forced
here; a one-deck profile never takes it) must reach the same verdict on every move: random
simulated matches under every preset, each with one move mutated (a card swapped for
another, a seat changed, a play turned into a pass), replay to the same statuses, leaders,
winners, cards left and errors (code, move, seat) both ways."""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigtwo.records.parse import parse_record
from bigtwo.rules import replay
from bigtwo.rules.profiles import PRESETS
from bigtwo.rules.simulate import simulate

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CARDS = [r + s for r in "3456789TJQKA2" for s in "CDHS"]


def _mutate(doc: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    moves = doc["deals"][0]["moves"]
    if not moves:
        return doc
    i = rng.randrange(len(moves))
    move = moves[i]
    choice = rng.randrange(3)
    if choice == 0 and "play" in move:
        move["play"][rng.randrange(len(move["play"]))] = rng.choice(CARDS)
    elif choice == 1:
        move["seat"] = (move["seat"] + 1) % len(doc["deals"][0]["hands"])
    else:
        moves[i] = {"seat": move["seat"], "pass": True}
    return doc


def _outcome(doc: dict[str, Any], multiset: bool) -> list[Any]:
    record, problems = parse_record(doc)
    assert record is not None and not problems
    out: list[Any] = []
    for index, deal in enumerate(record.deals):
        errors: list[replay.RuleError] = []
        run = replay._replay_multiset if multiset else replay.replay_deal
        result, _ = run(record.profile, deal, index, None if index == 0 else 0, complete=False,
                        errors=errors)
        out.append((result.status, result.leader, result.winner, result.moves_checked,
                    result.cards_left, [(e.code, e.move, e.seat) for e in errors]))
    return out


@SETTINGS
@given(preset=st.sampled_from(sorted(PRESETS)), seed=st.integers(0, 2**32), mutate=st.booleans())
def test_the_multiset_table_rules_one_deck_as_the_bitmask_table(preset: str, seed: int,
                                                                mutate: bool) -> None:
    (doc,) = simulate(PRESETS[preset], records=1, deals_per_record=1, seed=seed)
    for deal in doc["deals"]:
        # Scores are compared by the scoring tests; this is about the moves.
        deal.pop("declared", None)
    if mutate:
        doc = _mutate(doc, random.Random(seed))
    assert _outcome(doc, multiset=True) == _outcome(doc, multiset=False)
