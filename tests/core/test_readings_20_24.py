"""The contract's decided readings 20-24 (docs/RULES.md, "v3 and v4 points decided on the
way"): one table or case per reading, each citing it."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo.records.pipeline import check_record
from bigtwo.rules.codes import RuleCode
from bigtwo.rules.profiles import DEFAULT_RESOLVER
from tests.core.helpers import codes, deal, record, report, small

HANDS = ["3D 9C KS", "4C 5H 2S", "6D 6S JH", "7C 8H AD"]
PLACINGS = small("hk-standard", hand_size=3, finish="placings",
                 scoring={"place_points": [3, 2, 1, 0]})


@pytest.mark.parametrize(("moves", "first_out"), [
    # reading 20: a deal that broke a rule has no finishing order
    ("0:3D 2:4C", None),
    # an unfinished deal lists the seats out so far (seat 1 went out)
    ("0:3D 1:4C 2:JH 3:AD 0:- 1:2S 2:- 3:- 0:- 1:5H", 1),
])
def test_reading_20_places_of_an_invalid_deal_are_null(moves: str, first_out: int | None) -> None:
    rep = report(record(PLACINGS, deal(HANDS, moves)), complete=False)
    places = rep["deals"][0]["places"]
    if first_out is None:
        assert rep["deals"][0]["status"] == "invalid" and places is None
    else:
        assert places is not None and places[0] == first_out


def test_reading_20_a_refused_result_places_is_null() -> None:
    doc = record(PLACINGS, {"hands": [h.split() for h in HANDS],
                            "result": {"places": [0, 0, 1, 2]}})
    checked = check_record(doc)
    assert checked.report is not None, checked.problems
    assert checked.report["deals"][0]["places"] is None
    assert RuleCode.RESULT_PLACES in [e["code"] for e in checked.report["errors"]]


# Reading 21: seat 3 holds four 9s (a bomb under bombs: anything) and nothing else beats the 2S
# on the table; in the first trick, before it has played, it may not pass.
BOMB_HANDS = ["3D 5C 6C 7C 8C", "4D TC JC QH KH", "2S 4H 5H 6H 7H", "9C 9D 9H 9S 3C"]


@pytest.mark.parametrize(("must", "expected"), [
    (True, [(RuleCode.MUST_PLAY, 0, 3)]),
    (False, []),
])
def test_reading_21_a_bomb_counts_as_a_beating_play(must: bool, expected: list[Any]) -> None:
    profile = small("hk-standard", hand_size=5, bombs="anything", must_play_first_trick=must)
    rep = report(record(profile, deal(BOMB_HANDS, "0:3D 1:4D 2:2S 3:-")), complete=False)
    assert codes(rep) == expected


def test_reading_22_penalties_now_under_the_liable_guard_are_each_seats_own() -> None:
    moves = "0:3D 1:4C 2:6D 3:7C 0:9C"
    liable = report(record(small("hk-standard", hand_size=3, last_card_guard="liable"),
                           deal(HANDS, moves)), complete=False)
    plain = report(record(small("hk-standard", hand_size=3), deal(HANDS, moves)), complete=False)
    assert liable["deals"][0]["status"] == "incomplete"
    assert liable["deals"][0]["penalties_now"] == plain["deals"][0]["penalties_now"]
    assert liable["deals"][0]["penalties_now"] is not None


def _penalty(cards: list[str]) -> dict[str, Any]:
    return {"extends": "hk-standard",
            "scoring": {"card_penalties": [{"cards": cards, "all": True, "points": 5}]}}


@pytest.mark.parametrize(("repeated", "once"), [
    (["2S", "2S"], ["2S"]),
    (["AS", "2S", "AS", "2S"], ["AS", "2S"]),
    (["KH", "2S", "KH"], ["2S", "KH"]),
])
def test_reading_23_a_card_named_twice_means_it_once(repeated: list[str], once: list[str]) -> None:
    with_repeats, problems = DEFAULT_RESOLVER.resolve(_penalty(repeated))
    assert problems == [] and with_repeats is not None
    plain, _ = DEFAULT_RESOLVER.resolve(_penalty(once))
    assert plain is not None
    assert with_repeats.hash == plain.hash
    assert with_repeats.card_penalties == plain.card_penalties


# Reading 24 (seed 000: "ein Straight Flush schlägt eine Bombe"): four 2s with a kicker on a
# straight flush do not beat it, under bombs: anything, with a revolution or without.
SF_HANDS = ["3D 4D 5D 6D 7D 9C", "2C 2D 2H 2S 8C KC", "TC JC QC KD AD 8D", "4C 5C 6C 7C 9D TD"]


@pytest.mark.parametrize("overrides", [{"bombs": "anything"},
                                       {"bombs": "anything", "revolution": "ranks"}])
def test_reading_24_a_bomb_does_not_beat_a_higher_five_card_hand(overrides: dict[str, Any]) -> None:
    profile = small("hk-standard", hand_size=6, **overrides)
    rep = report(record(profile, deal(SF_HANDS, "0:3D+4D+5D+6D+7D 1:2C+2D+2H+2S+8C")),
                 complete=False)
    assert codes(rep) == [(RuleCode.DOES_NOT_BEAT, 0, 1)]
