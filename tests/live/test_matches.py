"""Whole matches at a live table end, and their record is an ordinary record that validates
clean with the table's own totals, under presets and v4 profiles (several decks, jokers,
six seats, timeouts, calls)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigtwo.live import engine
from tests.live.helpers import (
    TIMED,
    V4_EIGHT,
    V4_JOKERS,
    V4_SIX,
    person_move,
    play_out,
    seeds,
    settle,
    spec,
    validate,
)

PROFILES: list[Any] = ["hk-standard", "pusoy-dos", "taiwanese", "big-two-web", "western",
                       "casual", TIMED, V4_JOKERS, V4_SIX, V4_EIGHT]


def _check_match(state: dict[str, Any], events: list[engine.Event]) -> None:
    assert state["status"] == "over"
    assert [e.n for e in events] == list(range(1, state["events"] + 1))
    report = validate(engine.record(state))
    assert report["valid"], report["errors"][:3]
    assert report["totals"] == state["totals"]
    assert len(report["deals"]) == len(state["finished"])
    assert [e.type for e in events].count("deal_over") == len(state["finished"])
    assert events[-1].type == "match_over"
    assert events[-1].data["totals"] == state["totals"]


@pytest.mark.parametrize("profile", PROFILES, ids=str)
def test_a_table_of_bots_plays_its_match_call_by_call(profile: Any) -> None:
    made = spec(profile, tuple(range(8)[:len(spec(profile).players)]), deals=2)
    new_seed = seeds(str(profile))
    step = engine.create(made, table_id="tb-bots", now=5.0, new_seed=new_seed)
    whole = settle(step, 5.0, new_seed)  # each call's work bounded, the next goes on
    _check_match(whole.state, whole.events)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(profile=st.sampled_from(PROFILES), tag=st.text(max_size=4),
       deals=st.integers(1, 3), fairness=st.sampled_from(["server", "shared"]),
       people=st.sets(st.integers(0, 7)))
def test_people_and_bots_play_a_match_whose_record_validates(
        profile: Any, tag: str, deals: int, fairness: str, people: set[int]) -> None:
    players = spec(profile).profile.players
    bots = tuple(s for s in range(players) if s not in people)
    made = spec(profile, bots, deals=deals, fairness=fairness)
    new_seed = seeds(tag)
    step = engine.create(made, table_id="tb-mixed", now=0.0, new_seed=new_seed)
    state, events = step.state, list(step.events)
    versions = [state["version"]]
    for after, more in play_out(step.state, new_seed):
        state = after
        events.extend(more)
        versions.append(state["version"])
    _check_match(state, events)
    assert versions == sorted(set(versions))  # every change counts once, upwards
    assert len(state["finished"]) == deals or state["deal"] + 1 < deals


def test_a_profile_whose_match_ends_first_ends_the_table() -> None:
    # A match of one deal by the profile ends a table that asked for three.
    made = spec({"extends": "hk-standard", "match": {"max_deals": 1}}, (0, 1, 2, 3), deals=3)
    new_seed = seeds()
    state = settle(engine.create(made, table_id="tb-short", now=0.0, new_seed=new_seed), 0.0,
                   new_seed).state
    assert state["status"] == "over" and len(state["finished"]) == 1


def test_without_deals_or_a_match_end_the_table_plays_on_until_abandoned() -> None:
    made = spec("hk-standard", (1, 2, 3))
    new_seed = seeds()
    state = engine.create(made, table_id="tb-open", now=0.0, new_seed=new_seed).state
    finished = 0
    for after, _ in play_out(state, new_seed):
        state = after
        finished = len(state["finished"])
        if finished == 3:
            break
    assert state["status"] in ("playing", "waiting")
    ended = engine.abandon(state, now=99.0)
    assert ended.state["status"] == "abandoned"
    assert ended.events[-1].type == "abandoned"
    assert ended.events[-1].data["hands"] == ended.state["running"]["hands"]
    assert len(engine.record(ended.state)["deals"]) == finished
    # Abandoning twice changes nothing.
    assert engine.abandon(ended.state, now=100.0).events == []


@pytest.mark.parametrize("profile", [TIMED, V4_SIX, V4_EIGHT], ids=str)
def test_a_state_kept_as_json_plays_on_exactly_as_one_kept_in_memory(profile: Any) -> None:
    """The store keeps the state as one JSON column and the events as JSON: a match whose
    state and events go through JSON after every call ends exactly as one that never does."""
    players = spec(profile).profile.players
    made = spec(profile, tuple(range(1, players)), deals=2, clock={"turn_seconds": 10})
    kept, direct = seeds("json"), seeds("json")
    stored = json.loads(json.dumps(engine.create(made, table_id="tb-json", now=0.0,
                                                 new_seed=kept).state))
    memory = engine.create(made, table_id="tb-json", now=0.0, new_seed=direct).state
    now = 0.0

    def both(one: Any, other: Any) -> None:
        nonlocal memory, stored
        assert isinstance(one, engine.Step) and isinstance(other, engine.Step)
        assert [engine.Event.from_json(json.loads(json.dumps(e.to_json())))
                for e in other.events] == one.events
        memory, stored = one.state, json.loads(json.dumps(other.state))
        assert stored == json.loads(json.dumps(memory))

    while memory["status"] in ("playing", "waiting"):
        now += 7.5  # some turns played, some timed out
        both(engine.catch_up(memory, now=now, new_seed=direct),
             engine.catch_up(stored, now=now, new_seed=kept))
        if memory["status"] == "playing" and memory["running"]["turn"] == 0 and int(now) % 2:
            body = person_move(memory, 0)
            both(engine.move(memory, 0, body, now=now, new_seed=direct),
                 engine.move(stored, 0, body, now=now, new_seed=kept))
    assert memory["status"] == "over"


def test_abandoning_a_deal_that_waits_for_entropy_reveals_no_cards() -> None:
    new_seed = seeds()
    state = engine.create(spec("hk-standard", (3,), fairness="shared"), table_id="tb-gone",
                          now=0.0, new_seed=new_seed).state
    ended = engine.abandon(state, now=5.0)
    [event] = ended.events
    assert (event.type, event.data["hands"], event.data["proof"]) == ("abandoned", None, None)
    assert ended.state["status"] == "abandoned" and ended.state["deadline"] is None
    refused = engine.entropy(ended.state, 0, "late", now=6.0, new_seed=new_seed)
    assert isinstance(refused, engine.Refusal) and refused.slug == "table-over"
