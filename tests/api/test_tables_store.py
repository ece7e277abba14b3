"""The live tables' store against a stand-in engine (a counting game whose seats take turns):
one transaction per move, exactly one of two racing moves applied, idempotency answers kept,
moves per second per seat, the quota of open tables, and what the bell and the sweeper read."""

from __future__ import annotations

import sqlite3
import threading
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigtwo import limits
from bigtwo.live.state import Event
from bigtwo.store import live_tables
from bigtwo.store.db import Store
from bigtwo.store.quotas import QuotaExceeded
from tests.api.live_store import Clock, open_store


@dataclass
class FakeStep:
    state: dict[str, Any]
    events: list[Event]


@dataclass
class FakeRefusal:
    status: int
    slug: str
    code: str | None = None
    params: dict[str, Any] = field(default_factory=dict)


def _changed(state: dict[str, Any], now: float, kind: str, data: dict[str, Any],
             **changes: Any) -> FakeStep:
    new = {**state, **changes, "version": state["version"] + 1, "events": state["events"] + 1,
           "updated": now}
    return FakeStep(new, [Event(new["events"], kind, data)])


class FakeEngine:
    """Seats take turns adding one; a turn with a deadline past is skipped by the clock."""

    Event = Event  # the real event type: what the store writes and reads back is the same

    @staticmethod
    def create(spec: Any, *, table_id: str, now: float, new_seed: Any) -> FakeStep:
        state = {"id": table_id, "status": "playing", "version": 1, "events": 1,
                 "deadline": spec.deadline, "updated": now, "players": spec.players,
                 "profile_id": "casual", "deal": 0, "created": "2026-01-01T00:00:00.000Z",
                 "tournament": None,
                 "turn": 0, "count": 0, "bots": list(spec.bots), "secret": new_seed().hex()}
        return FakeStep(state, [Event(1, "dealt", {"deal": 0}, {0: {"hand": "secret"}})])

    @staticmethod
    def catch_up(state: dict[str, Any], *, now: float, new_seed: Any) -> FakeStep:
        if state["deadline"] is not None and state["deadline"] <= now:
            return _changed(state, now, "move", {"seat": state["turn"], "timeout": True},
                            turn=(state["turn"] + 1) % len(state["players"]), deadline=None)
        return FakeStep(state, [])

    @staticmethod
    def move(state: dict[str, Any], seat: int, now: float) -> FakeStep | FakeRefusal:
        if state["status"] != "playing":
            return FakeRefusal(409, "table-over")
        if seat != state["turn"]:
            return FakeRefusal(409, "not-your-turn")
        return _changed(state, now, "move", {"seat": seat},
                        turn=(seat + 1) % len(state["players"]), count=state["count"] + 1)

    @staticmethod
    def token_seats(state: dict[str, Any]) -> list[int]:
        return [s for s in range(len(state["players"])) if s not in state["bots"]]


@pytest.fixture(autouse=True)
def fake_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(live_tables, "engine", lambda: FakeEngine)


def spec(players: int = 4, bots: tuple[int, ...] = (), deadline: float | None = None) -> Any:
    return SimpleNamespace(players=[f"P{i}" for i in range(players)], bots=bots,
                           deadline=deadline)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(tmp_path: Path, clock: Clock) -> Store:
    return open_store(tmp_path / "live.db", clock)


def play(store: Store, table_id: str, seat: int, **kw: Any) -> live_tables.Acted:
    return store.live_tables.act(
        table_id, lambda s: FakeEngine.move(s, seat, store.live_tables.now()), seat=seat,
        answer=lambda outcome, state: (getattr(outcome, "status", 200), {"count": state["count"]}),
        **kw)


def test_tokens_are_stored_as_hashes_only(store: Store, tmp_path: Path) -> None:
    state, tokens = store.live_tables.create(spec(bots=(3,)), client="203.0.113.7",
                                             creation_key=None, tournament=None)
    assert set(tokens["seats"]) == {0, 1, 2}
    every = [tokens["organiser"], *tokens["seats"].values()]
    assert all(len(t) >= 32 for t in every) and len(set(every)) == 4
    store.close()
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    assert not any(t.encode() in raw for t in every)


def test_holder_tells_401_from_403(store: Store) -> None:
    one, tokens = store.live_tables.create(spec(), client="a", creation_key=None, tournament=None)
    two, _ = store.live_tables.create(spec(), client="a", creation_key=None, tournament=None)
    assert store.live_tables.holder(one["id"], tokens["seats"][2]).seat == 2
    assert store.live_tables.holder(one["id"], tokens["organiser"]).role == "organiser"
    for token, status in ((tokens["seats"][2], 403), ("x" * 32, 401),
                          (tokens["seats"][2][:-1], 401)):
        with pytest.raises(live_tables.TableError) as caught:
            store.live_tables.holder(two["id"] if status == 403 else one["id"], token)
        assert caught.value.status == status


def test_a_move_is_one_transaction_with_its_events(store: Store) -> None:
    state, _ = store.live_tables.create(spec(), client="a", creation_key=None, tournament=None)
    seq = store.live_tables.last_seq()
    acted = play(store, state["id"], 0)
    assert acted.status == 200 and acted.state["count"] == 1
    assert [e.type for e in store.live_tables.events_after(state["id"], 0, 10)] == ["dealt", "move"]
    assert store.live_tables.events_after(state["id"], 0, 10)[0].private == {0: {"hand": "secret"}}
    assert store.live_tables.changed_since(seq) == [(state["id"], seq + 1)]
    assert play(store, state["id"], 0).status == 409  # not its turn now
    assert store.live_tables.changed_since(seq + 1) == []  # a refusal changes nothing


def test_racing_moves_for_one_turn_apply_exactly_one(tmp_path: Path, clock: Clock) -> None:
    first = open_store(tmp_path / "race.db", clock)
    state, _ = first.live_tables.create(spec(), client="a", creation_key=None, tournament=None)
    statuses: list[int | None] = []
    lock = threading.Lock()
    barrier = threading.Barrier(20)

    def racer() -> None:
        own = open_store(tmp_path / "race.db", clock)
        barrier.wait()
        acted = play(own, state["id"], 0, rated=True)
        with lock:
            statuses.append(acted.status)
        own.close()

    threads = [threading.Thread(target=racer) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == [200] + [409] * 19  # never 429
    assert first.live_tables.get(state["id"])["count"] == 1  # type: ignore[index]


def test_idempotency_key_replays_the_first_answer(store: Store) -> None:
    state, _ = store.live_tables.create(spec(), client="a", creation_key=None, tournament=None)
    tid = state["id"]
    once = play(store, tid, 0, key="k1", body={"pass": True})
    again = play(store, tid, 0, key="k1", body={"pass": True})
    assert (again.status, again.answer, again.replayed) == (once.status, once.answer, True)
    assert store.live_tables.get(tid)["count"] == 1  # type: ignore[index]
    with pytest.raises(live_tables.TableError) as caught:
        play(store, tid, 0, key="k1", body={"play": ["3C"]})
    assert (caught.value.status, caught.value.kind) == (422, "idempotency-key-reused")
    # The same key from another seat is that seat's own key: its move is judged.
    other = play(store, tid, 1, key="k1", body={"pass": True})
    assert other.status == 200 and not other.replayed
    # A refusal is kept too.
    refused = play(store, tid, 0, key="k2", body={"pass": True})
    play(store, tid, 2)
    assert play(store, tid, 0, key="k2", body={"pass": True}).status == refused.status == 409


def test_moves_per_second_count_refused_moves_but_not_others_turns(store: Store,
                                                                   clock: Clock) -> None:
    state, _ = store.live_tables.create(spec(players=2), client="a", creation_key=None,
                                        tournament=None)
    tid = state["id"]
    # Seat 1 posts out of turn many times: 409 each, never limited.
    assert {play(store, tid, 1, rated=True).status for _ in range(30)} == {409}
    # Refused (judged) moves count: an If-Match that always fails is 412, not counted either.
    assert {play(store, tid, 1, rated=True, if_match=lambda s: False).status
            for _ in range(30)} == {412}
    statuses = []
    for _ in range(limits.MOVES_BURST + 2):
        statuses.append(play(store, tid, 0, rated=True).status)
        play(store, tid, 1)  # unrated: the turn comes back to seat 0
    # A burst is answered; past it, the bucket refills at MAX_MOVES_PER_SECOND.
    assert statuses == [200] * limits.MOVES_BURST + [429, 429]
    clock.t += 1
    statuses = [play(store, tid, 0, rated=True).status for _ in range(limits.MAX_MOVES_PER_SECOND + 1)
                if play(store, tid, 1).status in (200, 409)]
    assert statuses == [200] * limits.MAX_MOVES_PER_SECOND + [429]


@pytest.mark.parametrize(("bucket", "elapsed", "left", "wait"), [
    (None, 0.0, limits.MOVES_BURST - 1, 0),
    ([0.0, 0.0], 0.0, 0.0, 1),
    ([0.0, 0.0], 0.05, 0.5, 1),
    ([0.0, 0.0], 0.1, 0.0, 0),
    ([5.0, 0.0], 1000.0, limits.MOVES_BURST - 1, 0),
])
def test_the_bucket(bucket: list[float] | None, elapsed: float, left: float, wait: int) -> None:
    got_left, got_wait = live_tables.take_move(bucket, elapsed)
    assert (round(got_left, 6), got_wait) == (left, wait)


def test_open_tables_per_client_and_per_key(store: Store) -> None:
    for _ in range(limits.MAX_OPEN_TABLES):
        store.live_tables.create(spec(), client="a", creation_key=None, tournament=None)
    with pytest.raises(QuotaExceeded):
        store.live_tables.create(spec(), client="a", creation_key=None, tournament=None)
    # Another client, or a key, has its own allowance.
    store.live_tables.create(spec(), client="b", creation_key=None, tournament=None)
    store.live_tables.create(spec(), client="a", creation_key="k-1", tournament=None)


def test_clock_catches_up_on_read_and_due_lists_it(store: Store, clock: Clock) -> None:
    state, _ = store.live_tables.create(spec(deadline=clock.t + 30), client="a",
                                        creation_key=None, tournament=None)
    assert store.live_tables.due(clock.t, 10) == []
    clock.t += 31
    assert store.live_tables.due(clock.t, 10) == [state["id"]]
    seen = store.live_tables.get(state["id"])
    assert seen is not None and seen["turn"] == 1
    # Twice at the same moment: the timeout fires once.
    assert store.live_tables.get(state["id"]) == seen
    assert [e.type for e in store.live_tables.events_after(state["id"], 0, 10)] == ["dealt", "move"]
    assert store.live_tables.due(clock.t, 10) == []


def test_idle_tables(store: Store, clock: Clock) -> None:
    people, _ = store.live_tables.create(spec(), client="a", creation_key=None, tournament=None)
    bots, _ = store.live_tables.create(spec(bots=(0, 1, 2, 3)), client="a", creation_key=None,
                                       tournament=None)
    clock.t += 700
    assert store.live_tables.idle(clock.t, 3600, 10, botless_seconds=600) == [bots["id"]]
    clock.t += 3600
    assert set(store.live_tables.idle(clock.t, 3600, 10)) == {people["id"], bots["id"]}


def test_migration_is_idempotent(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    Store(db).migrate()
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA user_version = 11")
    Store(db).migrate()
    with sqlite3.connect(db) as conn:
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"live_tables", "live_table_tokens", "live_table_events", "live_idempotency"} <= names


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(min_value=0, max_value=0.5, allow_nan=False), min_size=1, max_size=200))
def test_the_bucket_never_lets_more_through_than_burst_and_rate(gaps: list[float]) -> None:
    """Whatever the pace of a seat's posts, in any stretch of time T at most
    MOVES_BURST + MAX_MOVES_PER_SECOND * T are answered; a post that waited long enough is."""
    bucket: list[float] | None = None
    now, taken = 0.0, []
    for gap in gaps:
        now += gap
        left, wait = live_tables.take_move(bucket, now)
        if not wait:
            bucket = [left, now]
            taken.append(now)
        else:
            assert 1 <= wait <= 1 + 1 / limits.MAX_MOVES_PER_SECOND
    for i, start in enumerate(taken):
        for j in range(i, len(taken)):
            span = taken[j] - start
            assert j - i + 1 <= limits.MOVES_BURST + limits.MAX_MOVES_PER_SECOND * span + 1e-9
