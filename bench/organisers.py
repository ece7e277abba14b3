"""Organiser tools: CPU per call of the tournament list, the record list with its filters
(withdrawn, meta.table), the counts and the audit log, against a store holding one large
tournament among many, beside an unfiltered page of records as the reference (a ratio within
one run). Prints figures, asserts nothing.

    .venv/bin/python bench/organisers.py [--records 200000] [--tournaments 100] [--repeat 5]
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bigtwo.rules.profiles import PRESETS
from bigtwo.store import tournaments, withdrawals
from bigtwo.store.db import Store

REPORT = {"valid": True, "engine": "2.0.0", "deals": [], "errors": [], "totals": [0, 0, 0, 0]}


def filled(path: Path, records: int, count: int) -> tuple[Store, str]:
    """A store of ``count`` tournaments, the first holding ``records`` records, one in
    ten withdrawn, spread over 50 tables and 7 rounds (written directly: only reads are timed)."""
    store = Store(path)
    store.migrate()
    ids = [store.tournaments.create(f"T{n}", PRESETS["casual"])[0] for n in range(count)]
    rows = ({"id": f"r-{i}", "tournament_id": ids[0], "content_hash": f"h{i}",
             "record": json.dumps({"deals": [], "meta": {"table": i % 50, "round": i % 7}}),
             "report": json.dumps(REPORT), "valid": 1, "players": None, "deal_count": 0,
             "error_count": 0, "engine": "2.0.0", "profile_hash": "x", "received_at": "t",
             "meta_table": str(i % 50), "meta_round": str(i % 7), "withdrawn": int(i % 10 == 0)}
            for i in range(records))
    with store.write() as db:
        db["records"].insert_all(rows, batch_size=5000)
    return store, ids[0]


def cpu_ms(call: Callable[[], Any], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        call()
        best = min(best, time.process_time() - start)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=200_000)
    parser.add_argument("--tournaments", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        store, big = filled(Path(tmp) / "bench.db", args.records, args.tournaments)
        calls: list[tuple[str, Callable[[], Any]]] = [
            ("records, first page of 200 (reference)",
             lambda: tournaments.list_records(store, big, limit=200)),
            ("tournaments, a page of 100", lambda: tournaments.list_tournaments(store, 1, 100)),
            ("a tournament's counts", lambda: tournaments.get(store, big)),
            ("records ?table=7", lambda: tournaments.list_records(store, big, table="7", limit=200)),
            ("records ?withdrawn=true",
             lambda: tournaments.list_records(store, big, withdrawn=True, limit=200)),
            ("audit log, a page of 100", lambda: withdrawals.audit(store, big, 1, 100)),
        ]
        reference = cpu_ms(calls[0][1], args.repeat)
        print(f"{args.records} records in one of {args.tournaments} tournaments; "
              f"best of {args.repeat}, CPU ms")
        print("| call | CPU ms | x reference |\n| --- | --- | --- |")
        for label, call in calls:
            ms = cpu_ms(call, args.repeat)
            print(f"| {label} | {ms:.1f} | {ms / reference:.2f} |")
        store.close()


if __name__ == "__main__":
    main()
