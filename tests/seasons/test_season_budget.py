"""Season standings cost a bounded amount per request: the nights that changed are rated at
most ``SEASON_REFRESH_RECORDS`` records a request (one night at least), one request at a time
under a lease; meanwhile the answer is the last known standings with ``pending``."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

from bigtwo import limits
from bigtwo.league import season_table
from bigtwo.store import seasons, tournaments
from bigtwo.store.db import Store
from tests.seasons.club import record

NAMES = ["Ana", "Ben", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal"]


def night_records(n: int, size: int) -> list[dict[str, Any]]:
    # Distinct records (their cards left differ), tables drawn from eight players.
    return [record([NAMES[(i + k * (n + 1)) % 8] for k in range(4)] if len(
        {(i + k * (n + 1)) % 8 for k in range(4)}) == 4 else NAMES[:4],
                   [0, i % 13 + 1, (i // 13) % 13 + 1, n + 1]) for i in range(size)]


SIZES = [6, 4, 5, 3, 6]  # records per night


@pytest.fixture
def season(tmp_path: Any) -> Iterator[tuple[Store, dict[str, str]]]:
    store = Store(tmp_path / "s.db")
    store.migrate()
    made = seasons.create(store, {"name": "S"})
    for n, size in enumerate(SIZES):
        t = tournaments.create(store, {"name": f"Night {n}", "profile": "casual"})
        found = tournaments.authorize(store, t["id"], f"Bearer {t['token']}")
        tournaments.upload(store, found, {"records": night_records(n, size)})
        seasons.attach(store, made["id"], {"tournament": t["id"]}, f"Bearer {made['token']}")
    yield store, made


class Counter:
    """Records read for rating, per request."""

    def __init__(self, store: Store) -> None:
        self.read = 0
        original = store.tournaments.tallies

        def tallies(tid: str) -> Any:
            out = original(tid)
            self.read += len(out)
            return out
        store.tournaments.tallies = tallies  # type: ignore[method-assign]

    def take(self) -> int:
        read, self.read = self.read, 0
        return read


def forget(store: Store, sid: str) -> None:
    """Nothing of the season computed: no night, no night's tables, no standings."""
    with store.write():
        for table in ("season_nights", "season_night_tables", "season_standings"):
            store.conn.execute(f"DELETE FROM {table} WHERE season_id = ?", [sid])


def unbounded(store: Store, sid: str) -> dict[str, Any]:
    forget(store, sid)
    return seasons.standings(store, sid, None)


def requests_until_done(store: Store, sid: str, counter: Counter) -> list[tuple[int, int]]:
    """``(records read, pending)`` of each request until one has nothing pending."""
    out: list[tuple[int, int]] = []
    while True:
        body = seasons.standings(store, sid)
        out.append((counter.take(), body.get("pending", 0)))
        if not body.get("pending"):
            return out
        assert len(out) < 20


@pytest.mark.parametrize("budget", [1, 6, 10, 11, 24, 1000])
def test_each_request_rates_at_most_its_budget_and_the_season_ends_right(
        season: tuple[Store, dict[str, str]], monkeypatch: pytest.MonkeyPatch, budget: int) -> None:
    store, made = season
    sid = made["id"]
    expected = unbounded(store, sid)
    forget(store, sid)
    monkeypatch.setattr(limits, "SEASON_REFRESH_RECORDS", budget)
    counter = Counter(store)
    first = seasons.standings(store, sid)
    read = counter.take()
    assert read <= max(budget, max(SIZES))
    if read < sum(SIZES):
        # Nothing known before: the nights rated so far, and the records still to rate.
        assert first["pending"] == sum(SIZES) - read
        assert first["tournaments"] == expected["tournaments"][:len(first["tournaments"])]
    steps = [(read, first.get("pending", 0))] + (
        requests_until_done(store, sid, counter) if first.get("pending") else [])
    assert all(r <= max(budget, max(SIZES)) for r, _ in steps)
    assert sum(r for r, _ in steps) == sum(SIZES)  # every record rated once
    done = seasons.standings(store, sid)
    assert done == expected and counter.take() == 0  # cached now

    # An alias rates every night again: meanwhile the last known standings answer.
    seasons.alias(store, sid, {"alias": "Ana", "player": "Ben"}, f"Bearer {made['token']}")
    again = seasons.standings(store, sid)
    if budget < sum(SIZES):
        assert again["pending"] > 0
        assert {k: v for k, v in again.items() if k != "pending"} == expected
        requests_until_done(store, sid, counter)
    assert "Ana" not in {p["name"] for p in seasons.standings(store, sid)["players"]}
    assert seasons.standings(store, sid) == unbounded(store, sid)


def test_a_change_to_a_late_night_rates_that_night_only(
        season: tuple[Store, dict[str, str]], monkeypatch: pytest.MonkeyPatch) -> None:
    store, made = season
    seasons.standings(store, made["id"], None)
    monkeypatch.setattr(limits, "SEASON_REFRESH_RECORDS", 1)
    counter = Counter(store)
    last = store.seasons.attached(made["id"])[-1]
    found = tournaments.get(store, last["id"])
    with store.write():  # what an upload does to the night: its revision moves
        store.conn.execute("UPDATE tournaments SET revision = revision + 1 WHERE id = ?",
                           [found["id"]])
    body = seasons.standings(store, made["id"])
    assert counter.take() == SIZES[-1] and "pending" not in body


def test_a_change_to_night_one_reads_that_night_only_the_rest_from_their_tables(
        season: tuple[Store, dict[str, str]]) -> None:
    store, made = season
    seasons.standings(store, made["id"], None)
    counter = Counter(store)
    first = store.seasons.attached(made["id"])[0]
    with store.write():  # what an upload to night 1 does: it and every night after it change
        store.conn.execute("UPDATE tournaments SET revision = revision + 1 WHERE id = ?",
                           [first["id"]])
    body = seasons.standings(store, made["id"], None)
    # Night 1's tallies are read again; the others are rated again from their kept tables.
    assert counter.take() == SIZES[0]
    assert body == unbounded(store, made["id"])


def test_one_request_at_a_time_rates_the_others_answer_pending(
        season: tuple[Store, dict[str, str]], monkeypatch: pytest.MonkeyPatch) -> None:
    store, made = season
    sid = made["id"]
    known = seasons.standings(store, sid)
    seasons.alias(store, sid, {"alias": "Ana", "player": "Ben"}, f"Bearer {made['token']}")
    inside, go_on = threading.Event(), threading.Event()
    rate_tables = season_table.rate_tables

    def slow(*args: Any) -> Any:
        inside.set()
        assert go_on.wait(10)
        return rate_tables(*args)
    monkeypatch.setattr(season_table, "rate_tables", slow)
    results: dict[str, Any] = {}

    def holder() -> None:
        results["holder"] = seasons.standings(Store(store.path), sid)

    thread = threading.Thread(target=holder)
    thread.start()
    assert inside.wait(10)
    # While the first request holds the lease, every other reads no record and answers the
    # last known standings with what is pending.
    others = [Store(store.path) for _ in range(3)]
    counters = [Counter(s) for s in others]
    answers = [seasons.standings(s, sid) for s in others]
    go_on.set()
    thread.join(10)
    assert [c.take() for c in counters] == [0, 0, 0]
    assert all(a["pending"] == sum(SIZES) for a in answers)
    assert all({k: v for k, v in a.items() if k != "pending"} == known for a in answers)
    assert "pending" not in results["holder"]
    assert "Ana" not in {p["name"] for p in results["holder"]["players"]}
    # The lease is released: the next change is rated by the next request.
    assert store.conn.execute("SELECT count(*) FROM season_leases").fetchone()[0] == 0


def test_a_lease_whose_holder_died_is_taken_over(season: tuple[Store, dict[str, str]]) -> None:
    store, made = season
    assert store.seasons.take_lease(made["id"], -1) is not None  # expired at once
    assert "pending" not in seasons.standings(store, made["id"])
    assert store.seasons.take_lease(made["id"], 30) is not None
    assert store.seasons.take_lease(made["id"], 30) is None


def test_nothing_known_and_the_lease_held_rates_nothing(season: tuple[Store, dict[str, str]]) -> None:
    store, made = season
    counter = Counter(store)
    assert store.seasons.take_lease(made["id"], 30) is not None  # another request rates
    body = seasons.standings(store, made["id"])
    assert counter.take() == 0
    assert body["pending"] == sum(SIZES)
    assert body["tournaments"] == [] and body["players"] == []
