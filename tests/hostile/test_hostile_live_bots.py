"""Hostile class: a table of bots alone at the costliest profiles. Its bots play inside the
request that creates it and in every call that catches it up; each engine call's work is
bounded (``LIVE_AUTO_WORK_PER_CALL``: a move costs 1 + (cards its seat holds / 13)^2), the
rest left due. Counted from the moves each call makes, never timed (bench/hostile.py's
``live_bots_cases`` rows give the CPU)."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo import limits
from bigtwo.live import engine
from tests.live.helpers import seeds, spec

COSTLIEST: list[Any] = [
    {"extends": "hk-standard", "players": 2, "decks": 4, "jokers": 2, "hand_size": 108},
    {"extends": "hk-standard", "players": 4, "decks": 4, "jokers": 2, "hand_size": 54},
    {"extends": "hk-standard", "players": 8, "decks": 4, "jokers": 2, "hand_size": 27},
]


def _work(events: list[engine.Event]) -> int:
    """The work of the moves among ``events``, from the cards each mover held before it."""
    total = 0
    for event in events:
        if event.type != "move":
            continue
        held = event.data["cards_left"][event.data["seat"]] + len(event.data.get("play", []))
        total += 1 + held ** 2 // 169
    return total


@pytest.mark.parametrize("profile", COSTLIEST, ids=lambda p: f"{p['players']}x{p['hand_size']}")
def test_every_call_of_a_bots_table_does_bounded_work(profile: Any) -> None:
    seats = profile["players"]
    made = spec(profile, tuple(range(seats)), deals=100)
    new_seed = seeds(str(seats))
    step = engine.create(made, table_id="tb-hostile", now=0.0, new_seed=new_seed)
    calls, moves = 1, 0
    while True:
        assert 0 < _work(step.events) <= limits.LIVE_AUTO_WORK_PER_CALL
        moves += sum(1 for e in step.events if e.type == "move")
        if step.state["finished"]:
            break
        assert step.state["deadline"] is not None and step.state["deadline"] <= 0.0  # still due
        step = engine.catch_up(step.state, now=0.0, new_seed=new_seed)
        calls += 1
    # Unbounded, the creation alone played this deal and 99 more.
    assert calls > 1 and moves >= made.profile.hand_size // 13


def test_a_person_at_a_bots_table_gets_an_answer_before_the_bots_finish() -> None:
    # A move whose bots' answers run out of work leaves the rest due: the next look plays on.
    profile = COSTLIEST[1]
    made = spec(profile, (1, 2, 3), deals=1)
    new_seed = seeds("person")
    state = engine.create(made, table_id="tb-person", now=0.0, new_seed=new_seed).state
    for _ in range(200):
        if state["status"] != "playing":
            break
        if state["running"]["turn"] != 0:
            step = engine.catch_up(state, now=1.0, new_seed=new_seed)
        else:
            plays = engine.view(state, 0, "en")["legal_plays"]
            answer = engine.move(state, 0, {"play": plays[0]} if plays else {"pass": True},
                                 now=1.0, new_seed=new_seed)
            assert isinstance(answer, engine.Step)
            step = answer
        assert _work([e for e in step.events if e.data.get("seat") != 0]) <= (
            limits.LIVE_AUTO_WORK_PER_CALL)
        state = step.state
    assert state["status"] == "over"
