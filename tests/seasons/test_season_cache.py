"""The season's cache: a new night resumes from the nights before it, a change to an early
night redoes it and those after, and a cached answer is what a fresh computation gives."""

from __future__ import annotations

from typing import Any

from bigtwo.store import seasons, tournaments, withdrawals
from bigtwo.store.db import Store
from tests.seasons.club import NIGHTS


def night(store: Store, season: dict[str, str], i: int, records: list[dict[str, Any]]) -> dict[str, Any]:
    made = tournaments.create(store, {"name": f"Night {i}", "profile": "casual"})
    found = tournaments.authorize(store, made["id"], f"Bearer {made['token']}")
    ids = [item["id"] for item in tournaments.upload(store, found, {"records": records}).body()["results"]]
    seasons.attach(store, season["id"], {"tournament": made["id"]}, f"Bearer {season['token']}")
    return {**made, "records": ids}


def fresh(store: Store, sid: str) -> dict[str, Any]:
    with store.write():
        store.conn.execute("DELETE FROM season_nights WHERE season_id = ?", [sid])
        store.conn.execute("DELETE FROM season_standings WHERE season_id = ?", [sid])
    return seasons.standings(store, sid)


def test_a_new_night_resumes_and_an_early_change_redoes_what_follows(tmp_path):
    store = Store(tmp_path / "s.db")
    store.migrate()
    season = seasons.create(store, {"name": "S"})
    made = [night(store, season, i, records) for i, records in enumerate(NIGHTS[:3], 1)]
    first = seasons.standings(store, season["id"])
    keys = [k for k, _ in store.seasons.nights(season["id"])]
    assert len(keys) == 3

    night(store, season, 4, NIGHTS[3])
    after = seasons.standings(store, season["id"])
    # The three nights before were resumed from the cache, not recomputed: same keys, and one
    # more night; and the answer is what a computation from nothing gives.
    assert [k for k, _ in store.seasons.nights(season["id"])][:3] == keys
    assert after == fresh(store, season["id"]) != first

    # Withdrawing night 2's mistaken record changes night 2's key and every one after it.
    keys = [k for k, _ in store.seasons.nights(season["id"])]
    t2 = made[1]
    withdrawals.withdraw(store, t2["id"], t2["records"][1], f"Bearer {t2['token']}", None, None)
    changed = seasons.standings(store, season["id"])
    now = [k for k, _ in store.seasons.nights(season["id"])]
    assert now[0] == keys[0] and all(a != b for a, b in zip(now[1:], keys[1:], strict=True))
    assert changed == fresh(store, season["id"]) != after
