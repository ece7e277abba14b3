"""Rules v2 and what was stored under v1: profiles keep their ids and rules, and reports made
by engine 1.0.0 whose ruling changes are flagged stale and recomputed."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

from bigtwo import ENGINE_VERSION
from bigtwo.records.pipeline import check_record
from bigtwo.rules.choices import V1, V2
from bigtwo.rules.profiles import PRESETS, rules_hash, stored_id
from bigtwo.rules.registry import FIELDS
from bigtwo.rules.simulate import simulate_record
from bigtwo.store import tournaments
from bigtwo.store.db import Store

# The fields rules v2 added (RULES.md, "Changes in 2.0"), as the registry must mark them.
from bigtwo.store.migrations import MIGRATIONS

# The fields rules v2 added (RULES.md, "Changes in 2.0"), as the registry must mark them.
from bigtwo.store.rows import NewRecord

# The fields rules v2 added (RULES.md, "Changes in 2.0"), as the registry must mark them.
V2_PATHS = [("straight_flushes",), ("bomb_hands",), ("revolution",), ("teams",),
            ("scoring", "two_held_cards"), ("match", "loss_limit")]
# Every field newer than v1 (v2's and v3's): a v1 profile never named them.
NEWER_PATHS = [f.path for f in FIELDS if f.since > V1]


def test_the_registry_marks_the_v2_fields() -> None:
    assert [f.path for f in FIELDS if f.since == V2] == V2_PATHS


def v1_rules(**overrides: Any) -> dict[str, Any]:
    """big-two-web's rules as engine 1.0.0 resolved them: clockwise, no v2 fields."""
    rules = copy.deepcopy(dict(PRESETS["big-two-web"].rules))
    for path in NEWER_PATHS:
        parent = rules
        for key in path[:-1]:
            parent = parent[key]
        del parent[path[-1]]
    rules["direction"] = "clockwise"
    rules.update(overrides)
    return rules


def v1_store(path: Path, declaration: dict[str, Any], rules: dict[str, Any]) -> tuple[str, str]:
    """A database at schema 2 (engine 1.0.0) holding one declared profile, as v1 stored it."""
    old = Store(path)
    with old.write() as db:
        for step in MIGRATIONS[:2]:
            step(db)
        old.conn.execute("PRAGMA user_version = 2")
        h = rules_hash(rules)  # v1 hashed the whole rules object
        pid = stored_id(h)[:14]  # v1 ids carried 12 hex digits; stored, they keep resolving
        db["profiles"].insert({
            "id": pid, "hash": h, "name": pid, "declaration": json.dumps(declaration),
            "resolved": json.dumps({"id": pid, "name": pid, "hash": h, **rules}),
            "created_at": "2026-01-01T00:00:00.000+00:00"})
    old.close()
    return pid, h


def test_a_stored_big_two_web_child_keeps_its_id_and_plays_clockwise(tmp_path: Path) -> None:
    declaration = {"extends": "big-two-web", "triples": False}
    pid, h = v1_store(tmp_path / "v1.db", declaration, v1_rules(triples=False))
    store = Store(tmp_path / "v1.db")
    store.migrate()
    profile, problems = store.profiles.resolver().resolve(pid)
    assert profile is not None, problems
    assert (profile.id, profile.hash) == (pid, h)  # v2 fields at their defaults stay out of the hash
    assert profile.direction == "clockwise" and not profile.triples
    assert profile.revolution == "none" and profile.teams is None  # v2 defaults
    # The migration pinned the inherited direction into the stored declaration too.
    (row,) = store.conn.execute("SELECT declaration FROM profiles").fetchall()
    assert json.loads(row[0]) == {**declaration, "direction": "clockwise"}
    # A clockwise deal is still legal under it; the same declaration made today is another
    # profile (big-two-web is counterclockwise now), with another id.
    doc = simulate_record(profile, 1, random.Random(5), profile_ref=pid)
    assert check_record(doc, resolver=store.profiles.resolver()).report["valid"] is True  # type: ignore[index]
    today, _ = store.profiles.resolver().resolve(declaration)
    assert today is not None and today.direction == "counterclockwise" and today.id != pid


def test_v1_hashes_of_presets_that_did_not_change_stay() -> None:
    """A v1 profile without v2 fields hashes as v1 did; restating a v2 default changes nothing."""
    for preset in ("hk-standard", "casual", "pusoy-dos"):
        rules = copy.deepcopy(dict(PRESETS[preset].rules))
        for path in NEWER_PATHS:
            parent = rules
            for key in path[:-1]:
                parent = parent[key]
            del parent[path[-1]]
        assert rules_hash(rules) == PRESETS[preset].hash
    assert PRESETS["big-two-web"].hash != rules_hash(v1_rules())


def test_a_report_of_engine_1_whose_ruling_changed_is_stale_and_recomputed(tmp_path: Path) -> None:
    store = Store(tmp_path / "t.db")
    store.migrate()
    tid, _ = store.tournaments.create("Web night", PRESETS["big-two-web"])
    # A match played clockwise, as v1's big-two-web ruled, and the report v1 stored for it.
    clockwise, _ = store.profiles.resolver().resolve({"extends": "big-two-web", "direction": "clockwise"})
    assert clockwise is not None
    doc = simulate_record(clockwise, 1, random.Random(11), profile_ref="big-two-web")
    old = check_record({**doc, "profile": {"extends": "big-two-web", "direction": "clockwise"}}).report
    assert old is not None and old["valid"]
    old = {**old, "engine": "1.0.0", "profile": {"id": "big-two-web", "hash": rules_hash(v1_rules())}}
    ((rid, created),) = store.tournaments.add_records(tid, [NewRecord("sha256:old", doc, old, old["profile"]["hash"])])
    assert created
    fresh = tournaments.Freshness(store, "big-two-web")
    assert fresh.stale("1.0.0", old["profile"]["hash"], "big-two-web")
    got = tournaments.get_record(store, rid)
    report = got["report"]
    assert report["engine"] == ENGINE_VERSION == "2.0.0"
    assert report["valid"] is False and report["errors"][0]["code"] == "WRONG_TURN"
    stored = store.tournaments.get_record(rid)
    assert stored is not None and stored["engine"] == "2.0.0" and stored["valid"] is False
    assert not fresh.stale(stored["engine"], stored["profile_hash"], "big-two-web")
