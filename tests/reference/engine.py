"""The engine's rulings in the oracle's terms (the only module here that imports bigtwo)."""

from __future__ import annotations

import random
from typing import Any

from bigtwo.records.pipeline import check_record
from bigtwo.rules import cards
from bigtwo.rules.multiset.table import MultisetTable, table_for
from bigtwo.rules.play import deal_lead, may_pass
from bigtwo.rules.profiles import DEFAULT_RESOLVER
from bigtwo.rules.simulate import simulate
from tests.reference.referee import DealRuling

MAX_MOVES = 2000  # a safety net: every turn either plays or passes, and plays empty the hands


def rulings(record: dict[str, Any]) -> list[DealRuling]:
    checked = check_record(record, complete=False)
    assert checked.report is not None, checked.problems
    rep = checked.report
    out = []
    for d in rep["deals"]:
        first = next((e for e in rep["errors"] if e["deal"] == d["index"]), None)
        missed = d.get("missed_calls")
        out.append(DealRuling(
            d["status"], None if first is None else (str(first["code"]), first["move"]),
            d["winner"], d["cards_left"],
            None if missed is None else [(m["move"], m["seat"]) for m in missed],
            d["penalties"], d["scores"]))
    return out


def match(declaration: dict[str, Any], seed: int, deals: int) -> dict[str, Any]:
    """A random legal match under ``declaration``: the simulator's for one deck without
    jokers; with copies or jokers, dealt from the whole supply here and played with random
    moves among the multiset table's legal moves (``bigtwo.rules.simulate`` deals from deal
    codes, which hold one deck for 2 to 5 seats, so it never deals copies or jokers)."""
    profile, problems = DEFAULT_RESOLVER.resolve(declaration)
    assert profile is not None, problems
    if not profile.multiset:
        found = next(iter(simulate(profile, records=1, deals_per_record=deals, seed=seed,
                                   profile_ref=declaration)))
        for deal in found["deals"]:
            deal.pop("declared", None)
        return found
    rng = random.Random(seed)
    played: list[dict[str, Any]] = []
    previous: int | None = None
    for index in range(deals):
        # Dealt here: deal codes (``hands_of_code``) hold one deck for 2 to 5 seats only.
        supply = list(range(cards.DECK_SIZE)) * profile.decks + [cards.JOKER] * profile.joker_count
        rng.shuffle(supply)
        size = profile.hand_size
        hands = [sorted(supply[s * size:(s + 1) * size]) for s in range(profile.players)]
        leader, opening = deal_lead(profile, index, previous, hands)
        assert leader is not None
        table = table_for(profile, hands, leader, opening)
        assert isinstance(table, MultisetTable)
        moves: list[dict[str, Any]] = []
        while table.winner is None and len(moves) < MAX_MOVES:
            seat, options = table.current, table.legal_moves()
            if options and (not may_pass(table) or rng.random() < 0.65):
                combo, ids = rng.choice(options)
                assert table.check(seat, ids) is not None
                table.apply(seat, combo)
                moves.append({"seat": seat, "play": cards.names(ids)})
            else:
                assert may_pass(table)
                table.apply(seat, None)
                moves.append({"seat": seat, "pass": True})
        played.append({"hands": [cards.names(h) for h in hands], "moves": moves})
        previous = table.winner
    return {"profile": declaration, "deals": played}

