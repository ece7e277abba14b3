"""kill -9 the server in the middle of uploads: after a restart every acknowledged record is
there, and the database passes ``PRAGMA integrity_check``."""

from __future__ import annotations

import http.client
import sqlite3
import threading
from pathlib import Path

import pytest

from tests.tournaments.gunicorn_server import Server
from tests.tournaments.helpers import simulated

UPLOADERS = 3
RECORDS_PER_UPLOADER = 60
ACKS_BEFORE_CRASH = 15


@pytest.mark.slow
def test_acknowledged_records_survive_kill_9(tmp_path: Path) -> None:
    db = tmp_path / "crash.db"
    server = Server(db, tmp_path / "gunicorn.log").start()
    acknowledged: list[str] = []
    lock = threading.Lock()
    enough = threading.Event()
    try:
        status, created = server.request("POST", "/v1/tournaments",
                                         {"name": "Crash", "profile": "casual"})
        assert status == 201
        tid, token = created["id"], created["token"]
        records = simulated(UPLOADERS * RECORDS_PER_UPLOADER, seed=5)

        def upload(mine: list[dict[str, object]]) -> None:
            for start in range(0, len(mine), 2):
                body = {"records": mine[start:start + 2]}
                try:
                    status, answer = server.request("POST", f"/v1/tournaments/{tid}/records",
                                                    body, token, timeout=30)
                except (OSError, http.client.HTTPException):
                    # The server is gone, possibly mid-answer: this upload was never acknowledged.
                    return
                if status not in (200, 201):
                    return
                with lock:
                    acknowledged.extend(item["id"] for item in answer["results"])
                    if len(acknowledged) >= ACKS_BEFORE_CRASH:
                        enough.set()

        threads = [threading.Thread(target=upload, args=(
            records[n * RECORDS_PER_UPLOADER:(n + 1) * RECORDS_PER_UPLOADER],))
            for n in range(UPLOADERS)]
        server.kill_under_load(threads, enough, "uploads")
        assert not any(t.is_alive() for t in threads)
        with lock:
            survivors = list(acknowledged)
        assert len(survivors) < UPLOADERS * RECORDS_PER_UPLOADER, "the crash came too late"
    finally:
        server.kill()

    restarted = Server(db, tmp_path / "gunicorn.log").start()
    try:
        for rid in survivors:
            status, body = restarted.request("GET", f"/v1/records/{rid}")
            assert status == 200, (rid, body)
        status, page = restarted.request("GET", f"/v1/tournaments/{tid}/records?limit=200")
        assert status == 200 and page["total"] >= len(set(survivors))
        # Uploading the same records again is recognised: nothing half-stored, nothing twice.
        status, again = restarted.request("POST", f"/v1/tournaments/{tid}/records",
                                          {"records": records[:2]}, token)
        assert status in (200, 201)
    finally:
        restarted.stop()
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        ids = [r[0] for r in conn.execute("SELECT id FROM records")]
    assert len(ids) == len(set(ids))
    assert set(survivors) <= set(ids)
