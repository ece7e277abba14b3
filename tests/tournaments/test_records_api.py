"""GET /v1/records/{id} (never a stale report) and the paginated record list."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import pytest

from bigtwo import ENGINE_VERSION
from bigtwo.store.rows import unpack_report
from tests.tournaments.conftest import Tournament
from tests.tournaments.helpers import broken, simulated


def tamper(app: Any, record_id: str, **columns: Any) -> None:
    sets = ", ".join(f"{k} = ?" for k in columns)
    with sqlite3.connect(app.config["BIGTWO_DB"]) as conn:
        conn.execute(f"UPDATE records SET {sets} WHERE id = ?", [*columns.values(), record_id])


def stored(app: Any, record_id: str) -> dict[str, Any]:
    with sqlite3.connect(app.config["BIGTWO_DB"]) as conn:
        engine, profile_hash, report, valid = conn.execute(
            "SELECT engine, profile_hash, report, valid FROM records WHERE id = ?",
            [record_id]).fetchone()
    # Reports are stored compressed (schema 6); a tampered one is written back as JSON text,
    # which the store reads too.
    return {"engine": engine, "profile_hash": profile_hash, "report": unpack_report(report),
            "valid": valid}


def test_record_comes_back_as_submitted_with_its_report(tournament: Tournament) -> None:
    record = simulated(1)[0]
    record_id = tournament.upload(record).get_json()["id"]
    response = tournament.client.get(f"/v1/records/{record_id}")
    assert response.status_code == 200
    body = response.get_json()
    assert body["id"] == record_id
    assert body["tournament"] == tournament.id
    assert body["record"] == record
    assert body["report"]["valid"] is True and body["report"]["engine"] == ENGINE_VERSION
    assert body["content_hash"].startswith("sha256:")


def test_unknown_record_is_404(client: Any) -> None:
    response = client.get("/v1/records/r-nope")
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"


def test_report_of_another_engine_version_is_recomputed(tournament: Tournament, app: Any) -> None:
    record_id = tournament.upload(simulated(1)[0]).get_json()["id"]
    # A report from an "older engine" that (wrongly, by today's rules) called it invalid.
    old = stored(app, record_id)["report"] | {"valid": False, "engine": "0.9.0",
                                              "errors": [{"code": "WRONG_TURN"}]}
    tamper(app, record_id, engine="0.9.0", report=json.dumps(old), valid=0)
    body = tournament.client.get(f"/v1/records/{record_id}").get_json()
    assert body["report"]["engine"] == ENGINE_VERSION
    assert body["report"]["valid"] is True and body["valid"] is True
    # The fresh report replaced the stale one, so lists and standings agree with it.
    assert stored(app, record_id)["engine"] == ENGINE_VERSION
    assert stored(app, record_id)["valid"] == 1


def test_report_of_another_profile_version_is_recomputed(tournament: Tournament, app: Any) -> None:
    record_id = tournament.upload(simulated(1)[0]).get_json()["id"]
    current = stored(app, record_id)["profile_hash"]
    tamper(app, record_id, profile_hash="sha256:" + "0" * 64, report=json.dumps(
        stored(app, record_id)["report"] | {"totals": [99, 99, 99, 99]}))
    body = tournament.client.get(f"/v1/records/{record_id}").get_json()
    assert body["report"]["totals"] != [99, 99, 99, 99]
    assert stored(app, record_id)["profile_hash"] == current


def test_current_report_is_served_from_the_store(tournament: Tournament, app: Any) -> None:
    record_id = tournament.upload(simulated(1)[0]).get_json()["id"]
    # Same engine and profile: the stored report is authoritative (nothing is replayed).
    marked = stored(app, record_id)["report"] | {"totals": [1, 2, 3, 4]}
    tamper(app, record_id, report=json.dumps(marked))
    assert tournament.client.get(f"/v1/records/{record_id}").get_json()["report"]["totals"] == [1, 2, 3, 4]


def test_report_language_follows_lang(tournament: Tournament) -> None:
    record_id = tournament.upload(broken(simulated(1)[0])).get_json()["id"]
    english = tournament.client.get(f"/v1/records/{record_id}").get_json()["report"]
    german = tournament.client.get(f"/v1/records/{record_id}?lang=de").get_json()["report"]
    assert english["errors"][0]["code"] == german["errors"][0]["code"]
    assert english["errors"][0]["message"] != german["errors"][0]["message"]
    assert tournament.client.get(f"/v1/records/{record_id}?lang=xx").status_code == 422


# --- the list ---------------------------------------------------------------------------------
@pytest.fixture
def filled(tournament: Tournament) -> tuple[Tournament, list[str], list[str]]:
    records = simulated(7)
    docs = [broken(r) if i % 3 == 0 else r for i, r in enumerate(records)]
    results = tournament.upload({"records": docs}).get_json()["results"]
    ids = [r["id"] for r in results]
    invalid = [ids[i] for i in range(len(ids)) if i % 3 == 0]
    return tournament, ids, invalid


def test_pages_cover_every_record_once_in_upload_order(filled: Any) -> None:
    tournament, ids, _ = filled
    seen: list[str] = []
    offset: int | None = 0
    while offset is not None:
        page = tournament.client.get(
            f"/v1/tournaments/{tournament.id}/records?limit=3&offset={offset}").get_json()
        assert page["total"] == 7 and page["limit"] == 3
        assert len(page["records"]) <= 3
        seen += [r["id"] for r in page["records"]]
        offset = page["next_offset"]
    assert seen == ids


def test_filter_by_valid(filled: Any) -> None:
    tournament, ids, invalid = filled
    url = f"/v1/tournaments/{tournament.id}/records"
    bad = tournament.client.get(url + "?valid=false").get_json()
    assert [r["id"] for r in bad["records"]] == invalid and bad["total"] == len(invalid)
    assert all(r["valid"] is False and r["error_count"] == 1 for r in bad["records"])
    good = tournament.client.get(url + "?valid=true").get_json()
    assert [r["id"] for r in good["records"]] == [i for i in ids if i not in invalid]
    row = good["records"][0]
    assert row["players"] == ["Ana", "Ben", "Cai", "Dee"] and row["deal_count"] == 1


def test_default_page_and_past_the_end(filled: Any) -> None:
    tournament, ids, _ = filled
    url = f"/v1/tournaments/{tournament.id}/records"
    page = tournament.client.get(url).get_json()
    assert page["limit"] == 50 and page["offset"] == 0 and page["next_offset"] is None
    assert len(page["records"]) == 7
    beyond = tournament.client.get(url + "?offset=100").get_json()
    assert beyond["records"] == [] and beyond["total"] == 7 and beyond["next_offset"] is None


@pytest.mark.parametrize(("query", "parameter"), [
    ("limit=0", "limit"), ("limit=201", "limit"), ("limit=x", "limit"),
    ("offset=-1", "offset"), ("valid=maybe", "valid"),
])
def test_bad_page_parameters_are_422(filled: Any, query: str, parameter: str) -> None:
    tournament, _, _ = filled
    response = tournament.client.get(f"/v1/tournaments/{tournament.id}/records?{query}")
    assert response.status_code == 422
    assert response.mimetype == "application/problem+json"
    assert [e["parameter"] for e in response.get_json()["errors"]] == [parameter]


def test_standings_replay_stale_reports_first(tournament: Tournament, app: Any) -> None:
    record_id = tournament.upload(simulated(1)[0]).get_json()["id"]
    # Stored as invalid by an "older engine": today's engine finds it valid, so it counts.
    old = stored(app, record_id)["report"] | {"valid": False, "engine": "0.9.0"}
    tamper(app, record_id, engine="0.9.0", report=json.dumps(old), valid=0)
    table = tournament.client.get(f"/v1/tournaments/{tournament.id}/standings").get_json()
    assert table["records"] == 1
    assert stored(app, record_id)["engine"] == ENGINE_VERSION
    listed = tournament.client.get(f"/v1/tournaments/{tournament.id}/records?valid=true")
    assert [r["id"] for r in listed.get_json()["records"]] == [record_id]
