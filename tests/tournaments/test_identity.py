"""The same game counts once (issue 10, class 14; API.md v2): records are identified by
their canonical form, and stored records are re-identified by a migration without losing any."""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from bigtwo.records.identity import canonical_record, record_hash
from bigtwo.rules.profiles import PRESETS
from bigtwo.store.db import Store
from bigtwo.store.migrations import MIGRATIONS
from bigtwo.store.rows import record_id
from tests.tournaments.conftest import Tournament
from tests.tournaments.helpers import NAMES, coded_record, simulated


def _respell(doc: dict[str, Any]) -> dict[str, Any]:
    """The same game, written differently: lower-case and '10' card spellings, cards of each
    hand and play in reverse order, the deal code in lower case, the profile inline."""
    out = copy.deepcopy(doc)

    def spell(card: str) -> str:
        return ("10" + card[1] if card[0] == "T" else card).lower()

    for deal in out["deals"]:
        if "hands" in deal:
            deal["hands"] = [[spell(c) for c in reversed(h)] for h in deal["hands"]]
        if "deal_code" in deal:
            deal["deal_code"] = deal["deal_code"].lower()
        for move in deal["moves"]:
            if "play" in move:
                move["play"] = [spell(c) for c in reversed(move["play"])]
    return dict(reversed(list(out.items())))  # key order too


def _inline(doc: dict[str, Any], preset: str) -> dict[str, Any]:
    return {**doc, "profile": {"extends": preset}}


@pytest.mark.parametrize("rewrite", [
    pytest.param(lambda d: _respell(d), id="spellings-order-keys"),
    pytest.param(lambda d: _inline(d, "casual"), id="profile-inline"),
    pytest.param(lambda d: {k: v for k, v in d.items() if k != "profile"}, id="profile-default"),
])
def test_the_same_game_written_another_way_is_the_same_record(
        tournament: Tournament, rewrite: Any) -> None:
    [doc] = simulated(1, seed=5)
    doc["deals"].append(coded_record("B2-4-13-1Z3K9", seed=3)["deals"][0])
    first = tournament.upload(doc)
    assert first.status_code == 201
    # Spacing: the body is sent as text with other whitespace.
    again = tournament.client.post(
        f"/v1/tournaments/{tournament.id}/records", headers=tournament.auth,
        data=json.dumps(rewrite(doc), indent=3), content_type="application/json")
    assert again.status_code == 200, again.get_json()
    assert again.get_json()["id"] == first.get_json()["id"]
    assert again.get_json()["created"] is False
    assert tournament.client.get(f"/v1/tournaments/{tournament.id}").get_json()["counts"]["records"] == 1
    standings = tournament.client.get(f"/v1/tournaments/{tournament.id}/standings").get_json()
    assert {p["deals_played"] for p in standings["players"]} == {2}  # counted once


def test_a_different_game_is_a_different_record(tournament: Tournament) -> None:
    a, b = simulated(2, seed=9)
    assert tournament.upload(a).status_code == 201
    assert tournament.upload({**a, "players": list(reversed(NAMES))}).status_code == 201
    assert tournament.upload(b).status_code == 201


def test_canonical_form_is_what_the_docs_say() -> None:
    doc = {"profile": {"extends": "casual"}, "meta": {"b": 1, "a": 2},
           "deals": [{"deal_code": "b2-4-13-1z3k9", "moves": [{"seat": 0, "play": ["5d", "3♦"]}],
                      "result": {"left": [["th", "2S"]]}},
                     {"hands": [["10h", "3C"]], "moves": [{"seat": 1, "pass": True}]}]}
    assert canonical_record(doc, "casual") == {
        "profile": "casual", "meta": {"b": 1, "a": 2},
        "deals": [{"deal_code": "B2-4-13-1Z3K9", "moves": [{"seat": 0, "play": ["3D", "5D"]}],
                   "result": {"left": [["TH", "2S"]]}},
                  {"hands": [["3C", "TH"]], "moves": [{"seat": 1, "pass": True}]}]}
    assert record_hash(doc, "casual") == record_hash(_respell(doc), "casual")
    assert record_hash(doc, "casual") != record_hash(doc, "hk-standard")


def _v3_store(path: Path) -> Store:
    """A database as version 3 left it: records identified by their JSON as written."""
    old = Store(path)
    with old.write() as db:
        for step in MIGRATIONS[:3]:
            step(db)
        old.conn.execute("PRAGMA user_version = 3")
    return old


def test_migration_re_identifies_stored_records_and_loses_none(tmp_path: Path) -> None:
    path = tmp_path / "v3.db"
    old = _v3_store(path)
    tid, token = old.tournaments.create("T", PRESETS["casual"])
    a, b = simulated(2, seed=11)
    written = [a, _respell(a), b]  # a and its re-spelling were stored twice under v3
    report = {"valid": True, "engine": "1.0.0", "deals": [], "errors": [], "totals": [0, 0, 0, 0]}
    with old.write() as db:
        for doc in written:
            legacy = "sha256:" + hashlib.sha256(json.dumps(doc, sort_keys=True, separators=(",", ":"))
                                                .encode()).hexdigest()
            db["records"].insert({
                "id": record_id(tid, legacy), "tournament_id": tid, "content_hash": legacy,
                "record": json.dumps(doc), "report": json.dumps(report), "valid": 1,
                "players": json.dumps(doc.get("players")), "deal_count": 0, "error_count": 0,
                "engine": "1.0.0", "profile_hash": PRESETS["casual"].hash, "received_at": "t"})
    # read by hand: the store's queries speak the current schema, not version 3's
    ids = [r[0] for r in old.conn.execute("SELECT id FROM records ORDER BY seq")]
    old.close()

    store = Store(path)
    assert store.migrate() == len(MIGRATIONS)
    rows, total = store.tournaments.list_records(tid)
    assert total == 3 and [r["id"] for r in rows] == ids  # nothing lost, ids kept
    marks = dict(store.conn.execute("SELECT id, duplicate_of FROM records").fetchall())
    assert marks == {ids[0]: None, ids[1]: ids[0], ids[2]: None}
    assert [r["id"] for r in store.tournaments.valid_reports(tid)] == [ids[0], ids[2]]
    hashes = dict(store.conn.execute("SELECT id, content_hash FROM records").fetchall())
    assert hashes[ids[0]] == record_hash(a, "casual")
    # A third upload of the same game now finds the first record.
    from bigtwo.store.tournaments import upload

    tournament = store.tournaments.get(tid)
    assert tournament is not None
    result = upload(store, tournament, _respell(a))
    assert result.items[0]["id"] == ids[0] and result.items[0]["created"] is False


def test_jokers_are_one_card_however_spelt() -> None:
    """v4: JK, jk and 🃏, and a stand-in in any card spelling, give one identity."""
    from bigtwo.records.identity import record_hash

    written = {"deals": [{"hands": [["JK", "3D", "3D"]], "moves": [{"seat": 0, "play": ["jk=10h"]}]}]}
    again = {"deals": [{"hands": [["3d", "🃏", "♦3"]], "moves": [{"seat": 0, "play": ["JK=T♥"]}]}]}
    other = {"deals": [{"hands": [["JK", "3D", "3D"]], "moves": [{"seat": 0, "play": ["JK=9H"]}]}]}
    assert record_hash(written, "p") == record_hash(again, "p") != record_hash(other, "p")
