"""Who may create, and listings that stay small (issue 19, class 4).

- Creation keys: a store in ``keys`` mode creates tournaments and stores profiles only for a
  key issued by ``bigtwo keys create``, stored hashed, revocable; ``open`` (the default) lets
  anyone create.
- Paging: GET /v1/profiles answers a page, and the home page's form lists the presets and a
  bounded number of stored profiles, whatever the store holds; a typed id is used.
- Stored bytes per accepted byte: a score sheet at its row limit stores a small multiple of
  its size (reports compressed).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo import limits
from bigtwo.cli.main import main
from bigtwo.rules.profiles import PRESET_IDS
from bigtwo.store.quotas import Quotas
from tests.tournaments.helpers import simulated


def _app(path: Path, **quotas: Any) -> Any:
    from app import create_app

    return create_app({"TESTING": True, "BIGTWO_DB": str(path),
                       "BIGTWO_QUOTAS": Quotas(**quotas)})


def _keys(path: Path, *args: str) -> Any:
    result = CliRunner().invoke(main, ["keys", *args], env={"BIGTWO_DB": str(path)},
                                catch_exceptions=False)
    return result


def test_tournament_create_sends_a_creation_key_to_a_server_in_key_mode(tmp_path: Path) -> None:
    from tests.live_server import serve

    db = tmp_path / "keys.db"
    app = _app(db, creation="keys")
    key = json.loads(_keys(db, "create", "--label", "Organiser").stdout)["key"]
    clean = {"BIGTWO_DB": str(tmp_path / "cli.db"), "BIGTWO_SERVER": None, "BIGTWO_TOKEN": None,
             "BIGTWO_CREATION_KEY": None}
    with serve(app) as url:
        def create(*extra: str, **env: str) -> Any:
            return CliRunner(env={**clean, **env}).invoke(
                main, ["tournament", "create", "--name", "Club", "--profile", "casual",
                       "--server", url, *extra])

        refused = create()
        assert refused.exit_code == 2 and "401" not in refused.stdout
        assert "error: Unauthorized:" in refused.stderr
        assert create("--key", "b2k_guessed").exit_code == 2
        by_option = create("--key", key)
        assert by_option.exit_code == 0, by_option.stderr
        by_env = create(BIGTWO_CREATION_KEY=key)
        assert by_env.exit_code == 0, by_env.stderr
    ids = {json.loads(r.stdout)["id"] for r in (by_option, by_env)}
    assert len(ids) == 2  # two tournaments, each with its own id and token


def test_creation_keys_from_the_cli_gate_creation(tmp_path: Path) -> None:
    db = tmp_path / "keys.db"
    client = _app(db, creation="keys").test_client()
    body = {"name": "Club", "profile": "casual"}
    declaration = {"extends": "casual", "triples": False}
    refused = client.post("/v1/tournaments", json=body)
    assert refused.status_code == 401 and refused.headers["WWW-Authenticate"].startswith("Bearer")
    assert client.post("/v1/profiles", json=declaration).status_code == 401
    assert client.post("/v1/tournaments", json=body,
                       headers={"Authorization": "Bearer b2k_guessed"}).status_code == 401

    issued = _keys(db, "create", "--label", "Club night")
    assert issued.exit_code == 0, issued.output
    key = json.loads(issued.stdout)
    auth = {"Authorization": f"Bearer {key['key']}"}
    assert client.post("/v1/tournaments", json=body, headers=auth).status_code == 201
    assert client.post("/v1/profiles", json=declaration, headers=auth).status_code == 201
    # Stored hashed: the key itself is nowhere in the database.
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("keys.db*"))
    assert key["key"].encode() not in raw
    with sqlite3.connect(db) as conn:
        stored = conn.execute("SELECT key_hash FROM creation_keys").fetchone()[0]
    assert stored == hashlib.sha256(key["key"].encode()).hexdigest()

    listed = [json.loads(line) for line in _keys(db, "list").stdout.splitlines()]
    assert [(k["id"], k["label"], k["revoked_at"]) for k in listed] == [(key["id"], "Club night", None)]
    assert "key" not in listed[0]
    assert _keys(db, "revoke", key["id"]).exit_code == 0
    assert client.post("/v1/tournaments", json=body, headers=auth).status_code == 401
    assert _keys(db, "revoke", key["id"]).exit_code == 2  # revoked already


def test_an_open_store_lets_anyone_create(tmp_path: Path) -> None:
    client = _app(tmp_path / "open.db").test_client()
    assert client.post("/v1/tournaments", json={"name": "Club", "profile": "casual"}).status_code == 201


def _fill_profiles(path: Path, count: int) -> None:
    """``count`` stored profiles, written straight into the store (declaring each over HTTP
    would only be slower)."""
    from bigtwo.store.db import Store

    store = Store(path)
    with store.write() as db:
        db["profiles"].insert_all({
            "id": f"p-{i:032x}", "hash": f"sha256:{i:064x}", "name": f"House rules {i}",
            "declaration": "{}", "resolved": "{}", "created_at": f"2026-01-01T00:00:{i:09d}"}
            for i in range(count))
    store.close()


def test_profile_listing_pages(tmp_path: Path) -> None:
    db = tmp_path / "many.db"
    client = _app(db).test_client()
    _fill_profiles(db, 300)
    first = client.get("/v1/profiles").get_json()
    assert (first["page"], first["per_page"], first["total"], first["next_page"]) == (
        1, limits.DEFAULT_PER_PAGE, 300 + len(PRESET_IDS), 2)
    presets = len(PRESET_IDS)
    assert [p["preset"] for p in first["profiles"][:presets + 1]] == [True] * presets + [False]
    seen = []
    page: int | None = 1
    while page is not None:
        body = client.get(f"/v1/profiles?page={page}&per_page=37").get_json()
        assert len(body["profiles"]) <= 37
        seen.extend(p["id"] for p in body["profiles"])
        page = body["next_page"]
    assert len(seen) == len(set(seen)) == 300 + len(PRESET_IDS)
    for query in ("per_page=0", f"per_page={limits.MAX_PER_PAGE + 1}", "page=0", "page=%C2%B2"):
        assert client.get(f"/v1/profiles?{query}").status_code == 422, query


def test_the_form_lists_a_bounded_number_of_stored_profiles(tmp_path: Path) -> None:
    db = tmp_path / "form.db"
    client = _app(db).test_client()
    _fill_profiles(db, 500)
    page = client.get("/").get_data(as_text=True)
    assert page.count("House rules") == limits.FORM_STORED_PROFILES
    assert "House rules 499" in page  # the newest
    assert len(page) < 64 * 1024
    assert 'name="profile_id"' in page


def test_a_typed_profile_id_is_used(client: Any) -> None:
    pid = client.post("/v1/profiles", json={"extends": "casual", "triples": False}).get_json()["id"]
    record = {k: v for k, v in simulated(1)[0].items() if k != "profile"}
    form = {"record": json.dumps(record), "profile": "hk-standard", "profile_id": pid,
            "lang": "en"}
    page = client.post("/replay", data=form).get_data(as_text=True)
    assert pid in page


def test_a_score_sheet_stores_a_small_multiple_of_its_bytes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # bench/ on the path for this test only: left there, its http.py would be the standard
    # library's http package for every interpreter this process starts later (Dask's workers)
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2] / "bench"))
    from sheets import build  # bench/sheets.py: a 10,000-row sheet of real deal endings

    _, sheet = build("hk-standard", 400, limits.MAX_SHEET_ROWS, False)
    db = tmp_path / "bytes.db"
    client = _app(db).test_client()
    made = client.post("/v1/tournaments", json={"name": "Sheets", "profile": "hk-standard"})
    tid, token = made.get_json()["id"], made.get_json()["token"]
    upload = client.post(f"/v1/tournaments/{tid}/records", data=sheet.encode(),
                         content_type="text/csv", headers={"Authorization": f"Bearer {token}"})
    assert upload.status_code == 201, upload.get_json()
    with sqlite3.connect(db) as conn:
        stored = conn.execute("SELECT sum(length(CAST(record AS BLOB)) + length(report) "
                              "+ coalesce(length(CAST(tally AS BLOB)), 0)) FROM records").fetchone()[0]
    assert stored < 6 * len(sheet.encode())  # it was 34 times (record + report as JSON)
