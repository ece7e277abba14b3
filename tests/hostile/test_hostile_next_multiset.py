"""/v1/next on the worst hands the limits allow (rules v4): 2 seats of 4 decks with 2 jokers
each, 108 cards a seat. Before the bound a free lead built and checked every one of some
61,000 plays (a 1.5 MB answer, over a second of CPU); the listing now checks at most
``MAX_LISTING_CANDIDATES`` candidates and lists at most ``MAX_LISTED_PLAYS``. The work is
counted in candidates, never timed; bench/hostile.py prints the CPU figures."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo import limits
from bigtwo.rules import cards
from bigtwo.rules.combos import Combo
from bigtwo.rules.multiset.listing import legal_listing
from bigtwo.rules.multiset.table import MultisetTable, check_multi
from bigtwo.rules.profiles import DEFAULT_RESOLVER

EVERY = list(cards.CANONICAL)
WORST = {"extends": "hk-standard", "players": 2, "decks": 4, "jokers": 2, "hand_size": 108}
# Seat 0 holds all eight jokers; both seats hold every card at least once.
HANDS = [[*EVERY, *EVERY][:100] + ["JK"] * 8, [*EVERY, *EVERY, *[*EVERY, *EVERY][100:]][:108]]
OPEN = {"seat": 0, "play": ["3D"]}

# (what, bombs, moves)
POSITIONS = {
    "opening turn": ("none", []),
    "free lead": ("none", [OPEN, {"seat": 1, "pass": True}]),
    "free lead, bombs": ("anything", [OPEN, {"seat": 1, "pass": True}]),
    "single to beat, bombs": ("anything", [OPEN]),
    "five twos to beat": ("anything", [OPEN, {"seat": 1, "pass": True},
                                        {"seat": 0, "play": ["2D", "2C", "2H", "2S", "JK=2S"]}]),
    # Most flushes built do not beat the highest: the candidate bound ends this one.
    "flush to beat": ("none", [OPEN, {"seat": 1, "pass": True},
                               {"seat": 0, "play": ["2S", "AS", "KS", "QS", "JS"]}]),
}


def record(bombs: str, moves: list[dict[str, Any]]) -> dict[str, Any]:
    return {"profile": {**WORST, "bombs": bombs}, "deals": [{"hands": HANDS, "moves": moves}]}


def table(bombs: str, moves: list[dict[str, Any]]) -> MultisetTable:
    profile, problems = DEFAULT_RESOLVER.resolve({**WORST, "bombs": bombs})
    assert profile is not None, problems
    hands = [[cards.JOKER if c == "JK" else cards.NOTATION[c] for c in hand] for hand in HANDS]
    at = MultisetTable(profile, hands, 0, cards.NOTATION["3D"])
    for move in moves:
        play = ([cards.parse_joker(c) or cards.NOTATION[c] for c in move["play"]]
                if "play" in move else None)
        verdict = at.check(move["seat"], play)
        assert verdict is None or isinstance(verdict, Combo), verdict
        at.apply(move["seat"], verdict)
    return at


@pytest.mark.parametrize("what", POSITIONS)
def test_the_listing_checks_a_bounded_number_of_candidates(what: str) -> None:
    at = table(*POSITIONS[what])
    listing = legal_listing(at)
    assert listing.candidates <= limits.MAX_LISTING_CANDIDATES
    assert len(listing.plays) <= limits.MAX_LISTED_PLAYS
    assert sum(1 for _, ids in listing.plays if max(ids) >= cards.STAND_IN) <= limits.MAX_JOKER_PLAYS
    # Every listed play is one the referee accepts.
    for _, ids in listing.plays:
        assert isinstance(check_multi(at, at.current, list(ids)), Combo)


def test_a_free_lead_of_the_largest_hand_is_cut_and_says_so() -> None:
    listing = legal_listing(table(*POSITIONS["free lead"]))
    assert listing.cut and len(listing.plays) == limits.MAX_LISTED_PLAYS
    # Smallest first: every single is listed before a pair.
    sizes = [combo.size for combo, _ in listing.plays]
    assert sizes == sorted(sizes) and sizes.count(1) == 52


def test_a_table_few_plays_beat_stops_at_the_candidate_bound() -> None:
    listing = legal_listing(table(*POSITIONS["flush to beat"]))
    assert listing.cut and listing.candidates == limits.MAX_LISTING_CANDIDATES


def test_the_opening_turn_lists_only_plays_with_the_lowest_card() -> None:
    listing = legal_listing(table(*POSITIONS["opening turn"]))
    assert listing.plays and all(cards.NOTATION["3D"] in ids for _, ids in listing.plays)


@pytest.mark.parametrize("what", POSITIONS)
def test_next_answers_the_worst_hands_within_the_bounds(client: Any, what: str) -> None:
    response = client.post("/v1/next", json=record(*POSITIONS[what]))
    assert response.status_code == 200, response.get_data(as_text=True)
    answer = response.json
    listing = legal_listing(table(*POSITIONS[what]))
    assert answer["legal_plays"] == [cards.names(ids) for _, ids in listing.plays]
    assert answer["legal_plays_cut"] is listing.cut
