"""The notation's v4 moves and cards (docs/NOTATION.md, "Jokers, copies, timeouts and
calls"): random v4 deals written and read back give the same record, and each misuse is a
problem at its line and column."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigtwo.formats.notation.games import read_games
from bigtwo.formats.notation.writer import write_record
from bigtwo.rules import cards
from bigtwo.rules.game import Deal, Move

NAMES = ["Ana", "Ben", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal"]


def _profile(jokers: int, decks: int, players: int) -> dict[str, Any]:
    return {"extends": "hk-standard", "decks": decks, "jokers": jokers, "players": players,
            "hand_size": 5, "timeouts": "pass", "last_card_call": "liable",
            "scoring": {"settlement": "penalty_only"}}


def _doc(profile: dict[str, Any], deal: Deal, calls: frozenset[int]) -> dict[str, Any]:
    """A deal as its JSON record says it: ids by name, ``None`` a pass, ``[]`` a timeout."""
    moves: list[dict[str, Any]] = []
    for i, (seat, play) in enumerate(deal.moves):
        if play is None:
            moves.append({"seat": seat, "pass": True})
        elif not play:
            moves.append({"seat": seat, "timeout": True})
        else:
            moves.append({"seat": seat, "play": cards.names(play),
                          **({"call": True} if i in calls else {})})
    return {"profile": profile, "players": NAMES[:profile["players"]],
            "deals": [{"hands": [cards.names(h) for h in deal.hands], "moves": moves}]}


@st.composite
def v4_deals(draw: st.DrawFn) -> tuple[dict[str, Any], Deal, frozenset[int]]:
    players = draw(st.integers(2, 8))
    decks = draw(st.integers(1, 4))
    jokers = draw(st.integers(1, 2))
    held = st.integers(0, cards.JOKER)  # copies come by drawing a card twice
    in_play = st.one_of(st.integers(0, 51), st.integers(cards.STAND_IN, cards.STAND_IN + 51),
                        st.just(cards.JOKER))  # a bare JK: the referee's JOKER_STAND_IN
    hands = [draw(st.lists(held, max_size=8)) for _ in range(players)]
    moves: list[Move] = []
    calls = set()
    for i in range(draw(st.integers(1, 12))):
        seat = draw(st.integers(0, players - 1))
        kind = draw(st.sampled_from(["play", "pass", "timeout"]))
        if kind == "play":
            moves.append((seat, draw(st.lists(in_play, min_size=1, max_size=5))))
            if draw(st.booleans()):
                calls.add(i)
        else:
            moves.append((seat, None if kind == "pass" else []))
    deal = Deal(hands, moves, None, None)
    return _profile(jokers, decks, players), deal, frozenset(calls)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(v4_deals())
def test_v4_deals_round_trip(case: tuple[dict[str, Any], Deal, frozenset[int]]) -> None:
    profile, deal, calls = case
    doc = _doc(profile, deal, calls)
    text = write_record(doc)
    (game,) = read_games(text)
    assert game.problems == []
    assert game.doc == doc
    assert write_record(game.doc) == text


def test_spellings_read_canonical() -> None:
    text = ("profile extends hk-standard\njokers = 1\ndecks = 2\ntimeouts = pass\n"
            "last_card_call = liable\nscoring.settlement = penalty_only\nplayers Ana Ben Cai Dee\ndeal 1\n"
            "hand Ana: 3d ♦3 jk\nhand Ben: 4C 🃏\nhand Cai: -\nhand Dee: -\n"
            "Ana: 3D 3D !, Ben: jk=10h 4c!, timeout\nJK=♠2, Ana: JK=JK, Ben: TIMEOUT\n")
    (game,) = read_games(text)
    assert game.problems == []
    assert game.doc is not None
    deal = game.doc["deals"][0]
    assert deal["hands"][:2] == [["3D", "3D", "JK"], ["4C", "JK"]]
    assert deal["moves"] == [
        {"seat": 0, "play": ["3D", "3D"], "call": True},
        {"seat": 1, "play": ["JK=TH", "4C"], "call": True},
        {"seat": 2, "timeout": True},
        {"seat": 3, "play": ["JK=2S"]},
        {"seat": 0, "play": ["JK"]},
        {"seat": 1, "timeout": True}]


V4 = ("profile extends hk-standard\njokers = 1\ntimeouts = pass\nlast_card_call = liable\n"
      "scoring.settlement = penalty_only\nplayers Ana Ben Cai Dee\ndeal 1\n")
V3 = "profile hk-standard\nplayers Ana Ben Cai Dee\ndeal 1\n"


@pytest.mark.parametrize(("header", "body", "line", "col", "says"), [
    (V3, "hand Ana: 3D JK", 4, 14, "'JK' is not a card"),
    (V3, "hand Ana: 🃏 3D", 4, 11, "is not a card"),
    (V3, "Ana: 3D JK=4D", 4, 9, "'JK=4D' is not a card"),
    (V3, "left - / JK 5C / - / -", 4, 10, "'JK' is not a card"),
    (V3, "Ana: 3D, timeout", 4, 10, "time out only under timeouts = pass"),
    (V3, "Ana: 3D, Ben: 5C!", 4, 17, "only under last_card_call = liable"),
    (V4, "hand Ana: 3D JK=4D", 8, 14, "a joker held is written JK"),
    (V4, "left - / JK=5C / - / -", 8, 10, "a joker held is written JK"),
    (V4, "Ana: 3D JK=1X", 8, 9, "'JK=1X' is not a card"),
    (V4, "Ana: 3D, Ben: pass!", 8, 19, "only a play carries the last-card call"),
    (V4, "Ana: 3D, Ben: timeout !", 8, 23, "only a play carries the last-card call"),
    (V4, "Ana: !", 8, 6, "only a play carries the last-card call"),
])
def test_v4_misuse_is_placed(header: str, body: str, line: int, col: int, says: str) -> None:
    (game,) = read_games(header + body + "\n")
    assert game.doc is None
    assert [p.pointer for p in game.problems] == [f"/lines/{line}/{col}"]
    assert says in game.problems[0].detail


def test_a_joker_alone_on_a_line_is_a_move() -> None:
    (game,) = read_games(V4 + "Ana: 3D\nJK=4D\n")
    assert game.problems == []
    assert game.doc is not None
    assert game.doc["deals"][0]["moves"][1] == {"seat": 1, "play": ["JK=4D"]}


def test_a_false_call_keeps_its_moves_as_json() -> None:
    doc = {"profile": "hk-standard", "deals": [
        {"hands": [["3D"], ["4D"]], "moves": [{"seat": 0, "play": ["3D"], "call": False}]}]}
    text = write_record(doc)
    assert 'moves [{"seat": 0, "play": ["3D"], "call": false}]' in text


def test_a_result_with_jokers_and_a_liable_winner_round_trips() -> None:
    (game,) = read_games(V4 + "left - / JK 5C / 🃏 jk / 9H 9H\nliable Ana\n")
    assert game.problems == []
    assert game.doc is not None
    assert game.doc["deals"][0]["result"] == {
        "left": [[], ["JK", "5C"], ["JK", "JK"], ["9H", "9H"]], "liable": 0}
    text = write_record(game.doc)
    assert "left - / JK 5C / JK JK / 9H 9H\nliable Ana\n" in text
    (again,) = read_games(text)
    assert again.doc == game.doc
