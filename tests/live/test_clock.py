"""Clocks: a seat whose time runs out has a timeout recorded at its deadline, the next seat's
clock starting there, whenever somebody looks; the opening turn that cannot time out is
played as the lowest card alone; nothing fires twice."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bigtwo.live import engine
from bigtwo.live.views import iso
from bigtwo.rules.profiles import ProfileResolver
from tests.live.helpers import TIMED, V4_JOKERS, seeds, settle, spec

SECONDS = 30


def _table(profile: Any = TIMED, bots: tuple[int, ...] = (), tag: str = "") -> dict[str, Any]:
    made = spec(profile, bots, clock={"turn_seconds": SECONDS}, deals=2)
    return engine.create(made, table_id="tb-clock", now=100.0, new_seed=seeds(tag)).state


def test_the_opening_turn_is_played_as_the_lowest_card_at_its_deadline() -> None:
    state = _table()
    assert state["deadline"] == 100.0 + SECONDS
    assert engine.catch_up(state, now=100.0 + SECONDS - 0.001, new_seed=seeds()).events == []
    step = engine.catch_up(state, now=100.0 + SECONDS, new_seed=seeds())
    [event] = step.events
    assert event.type == "move" and event.data["play"] == ["3D"]
    assert event.data["at"] == "1970-01-01T00:02:10.000Z"
    assert step.state["updated"] == 100.0 + SECONDS
    assert step.state["deadline"] == 100.0 + 2 * SECONDS  # the next seat's clock starts there


def test_timeouts_fire_in_turn_each_at_its_own_deadline() -> None:
    state = _table()
    step = engine.catch_up(state, now=100.0 + 4 * SECONDS + 5, new_seed=seeds())
    moves = [e.data for e in step.events if e.type == "move"]
    assert [m.get("timeout", False) for m in moves] == [False, True, True, True]
    assert [m["at"][11:19] for m in moves] == ["00:02:10", "00:02:40", "00:03:10", "00:03:40"]
    assert step.state["deadline"] == 100.0 + 5 * SECONDS
    assert step.state["version"] == state["version"] + 1


def test_a_move_before_the_deadline_restarts_the_clock() -> None:
    state = _table()
    seat = state["running"]["turn"]
    step = engine.move(state, seat, {"play": ["3D"]}, now=110.0, new_seed=seeds())
    assert isinstance(step, engine.Step)
    assert step.state["deadline"] == 110.0 + SECONDS


def test_bots_answer_at_once_and_only_people_time_out() -> None:
    state = _table(bots=(1, 2, 3))
    assert state["running"]["turn"] == 0  # the bots played up to the person's turn
    deadline = state["deadline"]
    step = engine.catch_up(state, now=deadline, new_seed=seeds())
    moves = [e.data for e in step.events if e.type == "move"]
    assert moves[0]["seat"] == 0 and {m["seat"] for m in moves[1:]} == {1, 2, 3}
    assert {m["at"] for m in moves} == {iso(deadline)}
    assert not any(m.get("timeout") for m in moves[1:])
    assert step.state["running"]["turn"] == 0 and step.state["deadline"] == deadline + SECONDS


@settings(max_examples=25, deadline=None)
@given(t1=st.floats(100, 2000), t2=st.floats(100, 2000), tag=st.text(max_size=3),
       profile=st.sampled_from([TIMED, V4_JOKERS]), bots=st.sets(st.integers(1, 3)))
def test_catching_up_in_two_steps_ends_where_one_step_does(
        t1: float, t2: float, tag: str, profile: Any, bots: set[int]) -> None:
    t1, t2 = min(t1, t2), max(t1, t2)
    state = _table(profile, tuple(sorted(bots)), tag)
    # Each call's work is bounded: both ways are caught up until nothing more is due at t2.
    one = settle(engine.Step(state, []), t2, seeds(tag + "next"))
    first = settle(engine.Step(state, []), t1, (both := seeds(tag + "next")))
    second = settle(first, t2, both)
    # The same table and the same events; only the count of changes (``version``) differs.
    assert {**second.state, "version": 0} == {**one.state, "version": 0}
    assert [e.to_json() for e in second.events] == [e.to_json() for e in one.events]
    again = engine.catch_up(one.state, now=t2, new_seed=seeds("never"))
    assert again.events == [] and again.state == one.state  # no double fire
    timeouts = [e for e in second.events if e.data.get("timeout")]
    assert len({(e.data["deal"], e.data["move"]) for e in timeouts}) == len(timeouts)


def test_a_clock_needs_timeouts() -> None:
    made, problems = engine.spec_problems({"profile": "hk-standard", "players": list("ABCD"),
                                           "clock": {"turn_seconds": 30}}, ProfileResolver())
    assert made is None and [p.pointer for p in problems] == ["/clock"]
