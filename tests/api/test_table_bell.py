"""The bell of the event streams (app/tables_bell.py) and the open-stream slots
(app/stream_slots.py), against the real store and a stand-in engine (seats take turns adding
one; a passed deadline is a timeout): exactly the waiters of a changed table wake, a tick with
nothing committed costs one pragma, a due clock is applied once however many bells race it,
idle tables are handed to the abandon function, and the slots count per client and per
service across processes."""

from __future__ import annotations

import multiprocessing
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from app import stream_slots, tables_bell
from app.tables_bell import Bell
from bigtwo.live.state import Event
from bigtwo.store import live_tables
from bigtwo.store.db import Store
from tests.api.live_store import Clock, open_store


@dataclass
class St:
    state: dict[str, Any]
    events: list[Event]


def _changed(state: dict[str, Any], now: float, data: dict[str, Any], **changes: Any) -> St:
    new = {**state, **changes, "version": state["version"] + 1, "events": state["events"] + 1,
           "updated": now}
    return St(new, [Event(new["events"], "move", data)])


class Engine:
    Event = Event  # the real event type: what the store writes and reads back is the same

    @staticmethod
    def create(spec: Any, *, table_id: str, now: float, new_seed: Any) -> St:
        state = {"id": table_id, "status": "playing", "version": 1, "events": 1,
                 "deadline": spec.deadline, "updated": now, "players": ["A", "B"],
                 "profile_id": "casual", "deal": 0, "created": now, "tournament": None,
                 "turn": 0, "bots": list(spec.bots)}
        return St(state, [Event(1, "dealt", {"deal": 0})])

    @staticmethod
    def catch_up(state: dict[str, Any], *, now: float, new_seed: Any) -> St:
        if state["deadline"] is not None and state["deadline"] <= now:
            return _changed(state, now, {"seat": state["turn"], "timeout": True},
                            turn=1 - state["turn"], deadline=None)
        return St(state, [])

    @staticmethod
    def token_seats(state: dict[str, Any]) -> list[int]:
        return [s for s in (0, 1) if s not in state["bots"]]


@pytest.fixture(autouse=True)
def fake_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(live_tables, "engine", lambda: Engine)


def new_table(store: Store, deadline: float | None = None, bots: tuple[int, ...] = ()) -> str:
    state, _ = store.live_tables.create(SimpleNamespace(deadline=deadline, bots=bots),
                                        client="c", creation_key=None, tournament=None)
    return str(state["id"])


def nudge(store: Store, table_id: str) -> None:
    """Another connection changes the table (a move answered by another worker)."""
    store.live_tables.act(table_id, lambda s: _changed(s, store.live_tables.now(), {}))


def bell_on(path: Path, clock: Clock, **kw: Any) -> Bell:
    return Bell(lambda: open_store(path, clock), now=clock, **kw)


def test_only_the_waiters_of_a_changed_table_wake(tmp_path: Path) -> None:
    clock = Clock()
    writer = open_store(tmp_path / "t.db", clock)
    one, two = new_table(writer), new_table(writer)
    bell = bell_on(tmp_path / "t.db", clock)
    bell.tick()  # the first look only learns where the store is
    with bell.waiter(one) as first, bell.waiter(one) as again, bell.waiter(two) as other:
        bell.tick()
        assert not (first.is_set() or again.is_set() or other.is_set())
        nudge(writer, one)
        bell.tick()
        assert first.is_set() and again.is_set() and not other.is_set()
    assert bell.waiting() == 0


def test_a_change_rung_by_its_request_is_not_rung_again_by_the_watcher(tmp_path: Path) -> None:
    """The request that committed a change wakes this process's streams itself; the watcher's
    next tick wakes them only for a later change (each stream reads once per change)."""
    clock = Clock()
    writer = open_store(tmp_path / "t.db", clock)
    table = new_table(writer)
    bell = bell_on(tmp_path / "t.db", clock)
    bell.tick()
    with bell.waiter(table) as rung:
        nudge(writer, table)
        seq = writer.live_tables.seq_of(table)
        assert seq is not None
        bell.ring_change(table, seq)
        assert rung.is_set()
        rung.clear()
        bell.tick()
        assert not rung.is_set()  # the same change: already rung
        bell.ring_change(table, seq)
        rung.clear()
        nudge(writer, table)  # another change after the one rung here
        bell.tick()
        assert rung.is_set()
    assert writer.live_tables.seq_of("no-such-table") is None


def test_a_tick_without_a_commit_asks_the_store_nothing_more(tmp_path: Path) -> None:
    clock = Clock()
    writer = open_store(tmp_path / "t.db", clock)
    table = new_table(writer)
    bell = bell_on(tmp_path / "t.db", clock)
    bell.tick()
    asked: list[int] = []
    tables = bell._tables()
    real = tables.changed_since
    tables.changed_since = lambda seq, limit=1000: asked.append(seq) or real(seq, limit)
    for _ in range(5):
        bell.tick()
    assert asked == []
    nudge(writer, table)
    bell.tick()
    assert len(asked) == 1


def _race_clock(path: str, start: Any, counts: Any) -> None:
    clock = Clock()
    clock.t += 60
    live_tables.engine = lambda: Engine  # a racer's own process: no monkeypatch to undo
    bell = Bell(lambda: open_store(Path(path), clock), now=clock)
    start.wait()
    bell.tick()
    counts.put(bell.ticks)


@pytest.mark.parametrize("racers", [2, 4])
def test_a_due_clock_fires_once_however_many_processes_race_it(tmp_path: Path,
                                                               racers: int) -> None:
    clock = Clock()
    store = open_store(tmp_path / "t.db", clock)
    table = new_table(store, deadline=clock.t + 30)
    # Not forked from this process: its other tests' threads may hold a lock at the fork (a
    # racer once hung), so the racers fork from a server process with this module loaded.
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    start, counts = context.Barrier(racers), context.Queue()
    procs = [context.Process(target=_race_clock, args=(str(tmp_path / "t.db"), start, counts))
             for _ in range(racers)]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(timeout=60)
    assert [proc.exitcode for proc in procs] == [0] * racers
    events = store.live_tables.events_after(table, 0, 100)
    assert [e.type for e in events] == ["dealt", "move"]
    assert events[1].data == {"seat": 0, "timeout": True}


def test_a_due_clock_wakes_the_streams_of_the_bell_that_applied_it(tmp_path: Path) -> None:
    clock = Clock()
    store = open_store(tmp_path / "t.db", clock)
    table = new_table(store, deadline=clock.t + 30)
    bell = bell_on(tmp_path / "t.db", clock)
    bell.tick()
    with bell.waiter(table) as rung:
        clock.t += 31
        bell.tick()  # its own commit: data_version does not show it, the bell rings anyway
        assert rung.is_set()
    assert len(store.live_tables.events_after(table, 0, 100)) == 2


def test_idle_tables_go_to_the_abandon_function(tmp_path: Path) -> None:
    clock = Clock()
    store = open_store(tmp_path / "t.db", clock)
    people, bots_only = new_table(store), new_table(store, bots=(0, 1))
    abandoned: list[str] = []
    bell = bell_on(tmp_path / "t.db", clock, idle_seconds=3600, bots_only_idle_seconds=600,
                   abandon=lambda _store, table_id: abandoned.append(table_id))
    clock.t += 599
    assert bell.sweep_idle(clock.t) == []
    clock.t += 2
    assert bell.sweep_idle(clock.t) == [bots_only]
    clock.t += 3000
    assert set(bell.sweep_idle(clock.t)) == {people, bots_only}
    assert abandoned[0] == bots_only and set(abandoned[1:]) == {people, bots_only}


@pytest.mark.parametrize("kind", ["local", "shared"])
@pytest.mark.parametrize(("per_client", "per_service", "clients", "opened_ok"), [
    (2, 10, ["a", "a", "a", "b"], [True, True, False, True]),
    (5, 3, ["a", "b", "c", "d"], [True, True, True, False]),
])
def test_slots_count_per_client_and_per_service(tmp_path: Path, kind: str, per_client: int,
                                                per_service: int, clients: list[str],
                                                opened_ok: list[bool]) -> None:
    def make() -> stream_slots.LocalSlots | stream_slots.SharedSlots:
        if kind == "local":
            return stream_slots.LocalSlots(per_client, per_service)
        return stream_slots.SharedSlots(tmp_path, per_client, per_service)

    slots = make()
    taken = [slots.take(c) for c in clients]
    assert [not isinstance(t, stream_slots.Refused) for t in taken] == opened_ok
    refused = [t for t in taken if isinstance(t, stream_slots.Refused)]
    assert refused[0].scope == ("client" if per_client < per_service else "service")
    first = taken[0]
    assert isinstance(first, int)
    slots.give_back(first)
    again = slots.take(clients[-1] if per_client < per_service else "z")
    assert not isinstance(again, stream_slots.Refused)


def test_shared_slots_are_one_count_for_every_worker_and_a_dead_one_gives_its_back(
        tmp_path: Path) -> None:
    first = stream_slots.SharedSlots(tmp_path, 10, 3)
    second = stream_slots.SharedSlots(tmp_path, 10, 3)
    assert not isinstance(first.take("a"), stream_slots.Refused)
    assert not isinstance(second.take("b"), stream_slots.Refused)
    context = multiprocessing.get_context("fork")
    done = context.Event()

    def hold() -> None:
        stream_slots.SharedSlots(tmp_path, 10, 3).take("c")
        done.set()

    proc = context.Process(target=hold)
    proc.start()
    proc.join(timeout=60)
    assert done.is_set() and second.open_count() == 3
    # The worker that held the third slot died without giving it back: it is taken back.
    assert not isinstance(first.take("d"), stream_slots.Refused)
    assert isinstance(first.take("e"), stream_slots.Refused)


def test_waiting_costs_the_bell_nothing_per_stream(tmp_path: Path) -> None:
    """A tick asks the store the same whatever the number of waiters: count its queries."""
    clock = Clock()
    writer = open_store(tmp_path / "t.db", clock)
    tables = [new_table(writer) for _ in range(3)]
    bell = bell_on(tmp_path / "t.db", clock)
    bell.tick()
    statements: list[str] = []
    bell._tables().conn.set_trace_callback(statements.append)
    counts = []
    for waiters in (1, 200):
        held = [bell.waiter(tables[i % 3]) for i in range(waiters)]
        for h in held:
            h.__enter__()
        statements.clear()
        nudge(writer, tables[0])
        bell.tick()
        counts.append(len(statements))
        for h in held:
            h.__exit__(None, None, None)
    assert counts[0] == counts[1]


def test_a_bell_started_by_a_request_stops_when_unused_and_a_workers_never(
        tmp_path: Path) -> None:
    clock = Clock()
    open_store(tmp_path / "t.db", clock).close()
    bell = bell_on(tmp_path / "t.db", clock, interval=0.01)
    bell.keep(0.05)
    bell.start()
    thread = bell._thread
    assert thread is not None
    thread.join(timeout=60)
    assert not thread.is_alive()
    bell.start()  # the next request for a table starts it again
    assert bell._thread is not thread and bell._thread is not None
    bell.keep(None)  # a gunicorn worker's: for good, whatever a request asks later
    bell.keep(0.05)
    assert bell.linger is None
    bell.stop()


def test_a_tick_spends_a_bounded_cpu_catching_up_and_the_next_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables of bots alone are work anyone can ask for: a look catches up what fits in
    BELL_WORK_SECONDS_PER_TICK of its thread's CPU (each catch-up here spins 20 ms of it)."""
    import time as _time

    from bigtwo import limits

    class Slow(Engine):
        @staticmethod
        def catch_up(state: dict[str, Any], *, now: float, new_seed: Any) -> St:
            until = _time.thread_time() + 0.02
            while _time.thread_time() < until:
                pass
            return Engine.catch_up(state, now=now, new_seed=new_seed)

    monkeypatch.setattr(live_tables, "engine", lambda: Slow)
    monkeypatch.setattr(limits, "BELL_WORK_SECONDS_PER_TICK", 0.05)
    clock = Clock()
    store = open_store(tmp_path / "t.db", clock)
    tables = [new_table(store, deadline=clock.t + 1) for _ in range(10)]
    clock.t += 2
    bell = bell_on(tmp_path / "t.db", clock)

    def timed_out() -> int:
        return sum(len(store.live_tables.events_after(t, 1, 10)) for t in tables)

    bell.tick()
    assert 1 <= timed_out() < 10
    for _ in range(20):
        bell.tick()
    assert timed_out() == 10


def test_stop_all_stops_every_bell_of_the_process_and_forgets_it(tmp_path: Path) -> None:
    clock = Clock()
    for name in ("a.db", "b.db"):
        open_store(tmp_path / name, clock).close()
    bells = [tables_bell.bell_for(str(tmp_path / name), lambda n=name: bell_on(tmp_path / n, clock))
             for name in ("a.db", "b.db")]
    for bell in bells:
        bell.start()
    assert all(bell._thread is not None and bell._thread.is_alive() for bell in bells)
    assert tables_bell.stop_all() == 2
    assert not any(bell._thread is not None and bell._thread.is_alive() for bell in bells)
    again = tables_bell.bell_for(str(tmp_path / "a.db"), lambda: bell_on(tmp_path / "a.db", clock))
    assert again is not bells[0]  # the next request's bell is a new one
    assert tables_bell.stop_all() == 1
