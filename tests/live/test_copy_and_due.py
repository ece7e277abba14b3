"""The engine's two shortcuts change no answer: its copy of the running deal is a deep copy
as ``copy.deepcopy`` makes one, and ``catch_up`` skips its copy only when the full work would
have found nothing due (checked against the full work at every state of played matches and
at times before, at and after each deadline)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bigtwo.live import engine
from tests.live.helpers import TIMED, person_move, seeds, spec

JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
                    | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=4), inner, max_size=4), max_leaves=30)


def _containers(value: Any) -> list[int]:
    if isinstance(value, dict):
        return [id(value)] + [i for v in value.values() for i in _containers(v)]
    if isinstance(value, list):
        return [id(value)] + [i for v in value for i in _containers(v)]
    return []


@given(JSON)
def test_the_copy_is_deepcopys_and_shares_no_container(value: Any) -> None:
    made = engine._copy_json(value)
    assert made == copy.deepcopy(value)
    assert not set(_containers(made)) & set(_containers(value))


def _slow_events(state: dict[str, Any], now: float) -> int:
    change = engine._Change(state)
    engine._advance(change, now, seeds("never used for a due deal's seed"))
    return len(change.events)


TABLES = [
    ("hk-standard", (1, 2, 3), {}, "server"),
    (TIMED, (2, 3), {"clock": {"turn_seconds": 20}}, "server"),
    (TIMED, (3,), {"clock": {"turn_seconds": 20}}, "shared"),
    ("hk-standard", (2, 3), {}, "shared"),
]


@pytest.mark.parametrize(("profile", "bots", "extra", "fairness"), TABLES)
def test_catch_up_skips_only_what_has_nothing_due(profile: Any, bots: tuple[int, ...],
                                                  extra: dict[str, Any], fairness: str) -> None:
    new_seed = seeds(f"due {fairness}")
    state = engine.create(spec(profile, bots, deals=2, fairness=fairness, **extra),
                          table_id="tb-due", now=0.0, new_seed=new_seed).state
    now, looked = 0.0, 0
    for _ in range(60):
        if state["status"] not in ("waiting", "playing"):
            break
        deadline = state["deadline"]
        times = [now, now + 1] + ([] if deadline is None else [deadline - 1, deadline,
                                                               deadline + 25])
        for t in times:
            assert engine._due(state, t) == bool(_slow_events(state, t)), (state["status"], t)
            looked += 1
        now += 1
        if state["status"] == "waiting":
            step: Any = engine.entropy(state, next(s for s in range(len(state["players"]))
                                                   if s not in state["bots"]), "dice",
                                       now=now, new_seed=new_seed)
            if isinstance(step, engine.Refusal):
                step = engine.catch_up(state, now=now + 60, new_seed=new_seed)
        else:
            seat = state["running"]["turn"]
            step = engine.move(state, seat, person_move(state, seat), now=now, new_seed=new_seed)
            if isinstance(step, engine.Refusal):
                step = engine.catch_up(state, now=now + 60, new_seed=new_seed)
        state = step.state
    assert looked >= 20
