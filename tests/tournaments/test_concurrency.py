"""Several clients upload to one tournament on gunicorn with two workers at once: every
acknowledged record is stored exactly once, and nothing answers 500 or "database is locked"."""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from tests.tournaments.gunicorn_server import Server
from tests.tournaments.helpers import simulated

THREADS = 6
RECORDS = 60


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "load.db", tmp_path / "gunicorn.log").start()
    try:
        yield running
    finally:
        running.stop()


def client_run(server: Server, tid: str, token: str, records: list[dict[str, Any]],
               seed: int) -> list[tuple[int, Any, list[int]]]:
    """Upload every record (overlapping with the other clients), in singles and batches."""
    rng = random.Random(seed)
    order = list(range(len(records)))
    rng.shuffle(order)
    answers = []
    while order:
        size = rng.choice([1, 1, 5, 12])
        chunk, order = order[:size], order[size:]
        body = records[chunk[0]] if size == 1 else {"records": [records[i] for i in chunk]}
        status, answer = server.request("POST", f"/v1/tournaments/{tid}/records", body, token)
        answers.append((status, answer, chunk))
    return answers


@pytest.mark.slow
def test_concurrent_uploads_store_each_record_once(server: Server, tmp_path: Path) -> None:
    records = simulated(RECORDS, seed=77)
    status, created = server.request("POST", "/v1/tournaments",
                                     {"name": "Load", "profile": "casual"})
    assert status == 201
    tid, token = created["id"], created["token"]

    with ThreadPoolExecutor(THREADS) as pool:
        runs = list(pool.map(lambda n: client_run(server, tid, token, records, n), range(THREADS)))

    acknowledged: dict[int, str] = {}
    created_count = 0
    for run in runs:
        for status, answer, chunk in run:
            text = json.dumps(answer)
            assert status in (200, 201), text
            assert "locked" not in text
            items = [answer] if len(chunk) == 1 else answer["results"]
            for index, item in zip(chunk, items, strict=True):
                # Every client sees one id per record, whoever stored it first.
                assert acknowledged.setdefault(index, item["id"]) == item["id"]
                created_count += item["created"]
    assert len(acknowledged) == RECORDS
    assert created_count == RECORDS  # exactly one upload created each record

    with sqlite3.connect(tmp_path / "load.db") as conn:
        rows = conn.execute("SELECT id, count(*) FROM records WHERE tournament_id = ? GROUP BY id",
                            [tid]).fetchall()
    assert {rid for rid, _ in rows} == set(acknowledged.values())
    assert all(n == 1 for _, n in rows)
