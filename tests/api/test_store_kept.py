"""The app keeps its store connections between requests (app/store.py): a move opens none
once one is kept, a replaced store file or a connection left in a transaction is never handed
on, and a process keeps the connections of a few stores only."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from app import store as kept
from bigtwo.store.connection import Connection
from bigtwo.store.db import Store
from bigtwo.store.quotas import Quotas


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The path of every connection opened from here on."""
    paths: list[str] = []
    real = Connection.__init__

    def counting(self: Connection, path: Any, **kw: Any) -> None:
        paths.append(str(path))
        real(self, path, **kw)

    monkeypatch.setattr(Connection, "__init__", counting)
    return paths


def test_moves_open_no_connection_once_one_is_kept(client: Any, opened: list[str]) -> None:
    made = client.post("/v1/tables", json={"profile": "hk-standard", "bots": [1, 2, 3],
                                           "players": ["Ana", "Ben", "Cai", "Dee"]}).get_json()
    headers = {"Authorization": f"Bearer {made['seats'][0]['token']}"}
    view = client.get(made["url"], headers=headers).get_json()
    before = len(opened)
    for _ in range(8):
        legal = view.get("legal_plays") or []
        answer = client.post(f"{made['url']}/moves", headers=headers,
                             json={"play": legal[0]} if legal else {"pass": True})
        assert answer.status_code == 200
        view = answer.get_json()
    # before: two a move (the token's check before the body is read, then the request's own)
    assert len(opened) - before == 0


def test_a_replaced_store_file_is_not_read_through_a_kept_connection(tmp_path: Path) -> None:
    path, quotas = str(tmp_path / "s.db"), Quotas()
    first = kept.take_store(path, quotas)
    first.migrate()
    kept.give_back(first)
    os.remove(path)
    for extra in ("-wal", "-shm"):
        if os.path.exists(path + extra):
            os.remove(path + extra)
    fresh = Store(path)
    fresh.migrate()
    fresh.conn.execute("PRAGMA user_version = 999")
    fresh.close()
    again = kept.take_store(path, quotas)
    assert again is not first and again.schema_version == 999
    kept.give_back(again)
    assert kept.take_store(path, quotas) is again


def test_a_connection_in_a_transaction_is_closed_not_kept(tmp_path: Path) -> None:
    path, quotas = str(tmp_path / "s.db"), Quotas()
    store = kept.take_store(path, quotas)
    store.conn.execute("BEGIN")
    kept.give_back(store)
    assert kept.take_store(path, quotas) is not store


def test_a_process_keeps_the_connections_of_a_few_stores(tmp_path: Path) -> None:
    quotas = Quotas()
    stores = [kept.take_store(str(tmp_path / f"s{i}.db"), quotas)
              for i in range(kept.KEPT_STORES + 3)]
    for store in stores:
        kept.give_back(store)
    mine = [k for k in kept._kept if str(tmp_path) in k[1]]
    assert len(mine) == kept.KEPT_STORES
    assert {k[1] for k in mine} == {s.path for s in stores[-kept.KEPT_STORES:]}
    with pytest.raises(Exception, match="closed"):
        stores[0].ping()


def test_a_forked_child_never_takes_its_parents_connection(tmp_path: Path) -> None:
    path, quotas = str(tmp_path / "s.db"), Quotas()
    parent = kept.take_store(path, quotas)
    parent.migrate()
    kept.give_back(parent)
    answer = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - what the child writes is the assertion
        try:
            mine = kept.take_store(path, quotas)
            os.write(answer[1], b"new" if mine is not parent and mine.ping() else b"old")
        finally:
            os._exit(0)
    assert os.read(answer[0], 3) == b"new"
    os.waitpid(child, 0)
    assert kept.take_store(path, quotas) is parent  # the parent's own is still kept
