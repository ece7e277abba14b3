"""Tables for the engine's tests: specs, a repeatable seed source, and a driver that plays
people's seats through ``engine.move`` (as the bots would play them)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from typing import Any

from bigtwo.live import bots, engine
from bigtwo.live.judge import replay_running
from bigtwo.records.parse import DEAL_FIELDS
from bigtwo.records.pipeline import check_record
from bigtwo.rules.profiles import ProfileResolver

RESOLVER = ProfileResolver()
# Until the record reader knows a deal's ``proof`` the records are validated without it.
PROOFS_READ = "proof" in DEAL_FIELDS
TIMED = {"extends": "hk-standard", "timeouts": "pass"}
V4_JOKERS = {"extends": "hk-standard", "decks": 2, "jokers": 1, "timeouts": "pass"}
V4_SIX = {"extends": "hk-standard", "players": 6, "decks": 2, "jokers": 2, "hand_size": 17,
          "timeouts": "pass", "last_card_call": "liable", "scoring": {"settlement": "pairwise"}}


def strings(value: Any) -> Iterator[str]:
    """Every string of a JSON document, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


V4_EIGHT = {"extends": "hk-standard", "players": 8, "decks": 2, "jokers": 1, "hand_size": 13,
            "timeouts": "pass"}


def seeds(tag: str = "") -> Callable[[], bytes]:
    """32-byte seeds from a counter: two runs from the same tag deal the same cards."""
    n = 0

    def new_seed() -> bytes:
        nonlocal n
        n += 1
        return hashlib.sha256(f"test {tag} {n}".encode()).digest()

    return new_seed


def spec(profile: Any = "hk-standard", bots_: tuple[int, ...] = (), **body: Any) -> engine.TableSpec:
    resolved, problems = RESOLVER.resolve(profile)
    assert resolved is not None, problems
    made, problems = engine.spec_problems({"profile": profile, "bots": list(bots_), "players": [
        f"P{i}" for i in range(resolved.players)], **body}, RESOLVER)
    assert made is not None, problems
    return made


def person_move(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """What a person plays in the tests: the bots' own choice, as a move body."""
    judged = replay_running(state)
    assert judged.table is not None
    chosen = bots.choose(judged.table)
    if "timeout" in chosen:
        return {"pass": True}
    return {k: v for k, v in chosen.items() if k != "seat"}


def play_out(state: dict[str, Any], new_seed: Callable[[], bytes], *, now: float = 0.0,
             posts: bool = True) -> Iterator[tuple[dict[str, Any], list[engine.Event]]]:
    """Play the table to its end (people's seats by ``person_move``, entropy posted when a
    deal waits for it), yielding each state and the events that made it."""
    for _ in range(100_000):
        if state["status"] in ("over", "abandoned"):
            return
        now += 1
        if state["status"] == "playing" and state["running"]["turn"] in state["bots"]:
            # The bots' work of one call ran out (LIVE_AUTO_WORK_PER_CALL): the next goes on.
            answer: engine.Step | engine.Refusal = engine.catch_up(state, now=now, new_seed=new_seed)
        elif state["status"] == "waiting":
            seat = next(s for s in engine.token_seats(state)
                        if str(s) not in state["running"]["entropy"])
            answer = engine.entropy(state, seat, f"seat {seat} says {now}", now=now, new_seed=new_seed)
        else:
            seat = state["running"]["turn"]
            answer = engine.move(state, seat, person_move(state, seat), now=now, new_seed=new_seed)
        assert isinstance(answer, engine.Step), answer
        state = answer.state
        yield state, answer.events
    raise AssertionError("the table never ended")


def settle(step: engine.Step, now: float, new_seed: Callable[[], bytes]) -> engine.Step:
    """Catch up until nothing more is due at ``now`` (each call's work is bounded): the
    events of every call, and the state after the last."""
    events = list(step.events)
    state = step.state
    for _ in range(10_000):
        more = engine.catch_up(state, now=now, new_seed=new_seed)
        if not more.events:
            return engine.Step(state, events)
        state = more.state
        events.extend(more.events)
    raise AssertionError("catching up never ended")


def without_proofs(record: dict[str, Any]) -> dict[str, Any]:
    doc = json.loads(json.dumps(record))
    for deal in doc["deals"]:
        deal.pop("proof", None)
    return doc


def validate(record: dict[str, Any]) -> dict[str, Any]:
    """The report of the table's record (its proofs checked where the reader knows them)."""
    doc = record if PROOFS_READ else without_proofs(record)
    checked = check_record(doc, complete=True, resolver=RESOLVER)
    assert checked.report is not None, checked.problems
    return checked.report
