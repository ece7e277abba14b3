"""A Dask run ships only the stored profiles its inputs name (issue 19, class 4): every task
carries its spec, and a store may hold thousands of profiles."""

from __future__ import annotations

import json
from pathlib import Path

from bigtwo.batch.blocks import partition
from bigtwo.batch.scans import plan
from bigtwo.cli.cluster import stored_profiles
from bigtwo.cli.recheck import referenced
from bigtwo.rules.profiles import ProfileResolver
from bigtwo.store import tournaments
from bigtwo.store.db import Store
from tests.tournaments.helpers import simulated


def _store_with_profiles(path: Path, count: int) -> tuple[Store, list[str]]:
    store = Store(path)
    store.migrate()
    ids = []
    for points in range(count):
        declaration = {"extends": "casual", "match": {"max_deals": 10 + points}}
        profile, _ = ProfileResolver().resolve(declaration)
        assert profile is not None
        ids.append(store.profiles.put(declaration, profile)[0])
    return store, ids


def test_validate_ships_only_the_profiles_its_inputs_name(tmp_path: Path) -> None:
    store, ids = _store_with_profiles(tmp_path / "p.db", 40)
    lines = [json.dumps({**r, "profile": ids[7]}) for r in simulated(3)]
    lines.append(json.dumps({**simulated(1)[0], "profile": {"extends": ids[9], "triples": False}}))
    lines.append(json.dumps({**simulated(1)[0], "profile": "p-ffffffffffff"}))  # not stored
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    inputs, blocks = partition((str(path),), 300)
    plan(inputs, blocks)
    shipped = stored_profiles(inputs[0].profile_ids, store)
    assert sorted(shipped) == sorted([ids[7], ids[9]])
    assert shipped[ids[7]] == store.profiles.declaration(ids[7])


def test_an_id_cut_by_a_block_boundary_is_found(tmp_path: Path) -> None:
    pid = "p-" + "ab" * 16
    path = tmp_path / "one.jsonl"
    path.write_text('{"profile": "' + pid + '"}\n', encoding="utf-8")
    for size in range(1, path.stat().st_size + 1):
        inputs, blocks = partition((str(path),), size)
        plan(inputs, blocks)
        assert inputs[0].profile_ids == {pid}, size


def test_recheck_ships_the_tournament_profile_and_those_its_records_name(tmp_path: Path) -> None:
    store, ids = _store_with_profiles(tmp_path / "r.db", 30)
    made = tournaments.create(store, {"name": "T", "profile": ids[3]})
    tournament = store.tournaments.get(made["id"])
    assert tournament is not None
    tournaments.upload(store, tournament, {"records": [{**r, "profile": ids[3]}
                                                   for r in simulated(2)]})
    assert referenced(store, made["id"]) == {ids[3]}
    assert sorted(stored_profiles(referenced(store, made["id"]), store)) == [ids[3]]
