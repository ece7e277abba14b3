"""Standings whose cost does not follow stored volume (issue 19, class 2).

- Tallies: a record's contribution, kept when its report is written; merged, they give
  exactly ``standings.compute`` over the same rows (a hypothesis property).
- The cache: a second view of an unchanged tournament reads no report and merges nothing; any
  write to its records (an upload, a recheck, a hand-made UPDATE) makes the next view merge.
- The lease: after an engine upgrade one request rechecks, at most a budget of deals; the
  others answer the last known standings with ``pending``.
- Quotas: a tournament at its deal, record or byte quota refuses an upload with a 409
  before replaying it.
Work is bounded by counts (reports decoded, records rechecked), never by time.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bigtwo.store.rows
from bigtwo.league import standings, tally
from bigtwo.store import tournaments
from bigtwo.store.db import Store
from bigtwo.store.quotas import Quotas
from tests.tournaments.conftest import Tournament, new_tournament
from tests.tournaments.helpers import coded_record, simulated

NAMES = ["Ana", "Ben", "Cai", "Dee", "Eve"]
CODES = ["B2-4-13-1Z3K9", "b2-4-13-1z3k9", "B2-4-13-2", None, "not a code"]


@st.composite
def stored_rows(draw: Any) -> list[dict[str, Any]]:
    rows = []
    for index in range(draw(st.integers(0, 6))):
        seats = 4
        deals = []
        codes = []
        for d in range(draw(st.integers(1, 4))):
            status = draw(st.sampled_from(["complete", "scored", "incomplete", "invalid"]))
            scores = [draw(st.integers(-20, 20)) for _ in range(seats)]
            deal: dict[str, Any] = {"index": d, "status": status,
                                    "winner": draw(st.integers(0, 3)),
                                    "scores": scores if status in ("complete", "scored") else None}
            if draw(st.booleans()):
                deal["team_scores"] = [scores[0] + scores[2], scores[1] + scores[3]]
            deals.append(deal)
            codes.append(draw(st.sampled_from(CODES)))
        players = draw(st.one_of(st.none(), st.lists(st.sampled_from(NAMES), min_size=4,
                                                     max_size=4)))
        record: dict[str, Any] = {"deals": [{"deal_code": c} if c else {} for c in codes]}
        if players is not None:
            record["players"] = players
        report: dict[str, Any] = {"valid": draw(st.booleans()), "deals": deals,
                                  "totals": [0] * seats}
        if draw(st.booleans()):
            report["team_totals"] = [0, 0]
        rows.append({"id": f"r-{index}", "record": record, "report": report})
    return rows


@settings(max_examples=150, deadline=None)
@given(stored_rows())
def test_merged_tallies_are_the_standings(rows: list[dict[str, Any]]) -> None:
    merged = tally.compute([(r["id"], tally.tally(r["record"], r["report"])) for r in rows])
    assert json.dumps(merged) == json.dumps(standings.compute(rows))


def test_a_tally_is_small_beside_its_report() -> None:
    record = simulated(1, deals_per_record=20)[0]
    from bigtwo.records.pipeline import check_record

    report = check_record(record).report
    assert report is not None
    part = tally.tally(record, report)
    assert part is not None and part["deals"] == 20
    assert len(json.dumps(part)) * 10 < len(json.dumps(report))


# --- over HTTP: the cache ---------------------------------------------------------------
def _decoded(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count reports decoded from the store, and tallies merged."""
    calls = [0]
    for module, name in ((bigtwo.store.rows, "unpack_report"), (tournaments.tally, "compute")):
        original = getattr(module, name)

        def counted(*args: Any, _original: Any = original, **kwargs: Any) -> Any:
            calls[0] += 1
            return _original(*args, **kwargs)

        monkeypatch.setattr(module, name, counted)
    return calls


def test_an_unchanged_tournament_serves_its_cached_standings(
        tournament: Tournament, app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    assert tournament.upload({"records": simulated(5, deals_per_record=3)}).status_code == 201
    url = f"/v1/tournaments/{tournament.id}/standings"
    first = tournament.client.get(url).get_json()
    decoded = _decoded(monkeypatch)
    for _ in range(5):
        assert tournament.client.get(url).get_json() == first
        assert tournament.client.get(f"/tournaments/{tournament.id}").status_code == 200
    assert decoded[0] == 0  # the cached text is served: no report decoded, nothing merged
    # Any write to its records, even one made by hand, makes the next view merge again.
    with sqlite3.connect(app.config["BIGTWO_DB"]) as conn:
        conn.execute("UPDATE records SET valid = 0 WHERE seq = (SELECT min(seq) FROM records)")
    after = tournament.client.get(url).get_json()
    assert after["records"] == first["records"] - 1


def test_standings_never_decode_reports(tournament: Tournament,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Stored volume is not read: the merge reads tallies, whatever the reports weigh."""
    assert tournament.upload({"records": simulated(20, deals_per_record=5)}).status_code == 201
    calls = [0]
    original = bigtwo.store.rows.unpack_report

    def counted(value: Any) -> Any:
        calls[0] += 1
        return original(value)

    monkeypatch.setattr(bigtwo.store.rows, "unpack_report", counted)
    body = tournament.client.get(f"/v1/tournaments/{tournament.id}/standings").get_json()
    assert body["deals"] == 100
    assert calls[0] == 0  # nothing cached yet: 20 tallies merged, no report decoded


# --- after an engine upgrade: one request rechecks, under a lease --------------------------
def _age(app: Any, tid: str) -> None:
    with sqlite3.connect(app.config["BIGTWO_DB"]) as conn:
        conn.execute("UPDATE records SET engine = '0.9.0' WHERE tournament_id = ?", [tid])


def test_one_request_rechecks_stale_reports_within_its_budget(
        tournament: Tournament, app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    assert tournament.upload({"records": simulated(6, deals_per_record=10)}).status_code == 201
    url = f"/v1/tournaments/{tournament.id}/standings"
    fresh = tournament.client.get(url).get_json()
    _age(app, tournament.id)
    monkeypatch.setattr(tournaments.limits, "STANDINGS_REFRESH_DEALS", 20)
    replays = [0]
    original = tournaments.check_record

    def counted(*args: Any, **kwargs: Any) -> Any:
        replays[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(tournaments, "check_record", counted)
    seen = []
    for _ in range(4):
        body = tournament.client.get(url).get_json()
        seen.append((replays[0], body.get("pending")))
    # 20 deals a request: two records of ten rechecked by each, the last known standings
    # answered (with what is still pending) until none is left.
    assert seen == [(2, 4), (4, 2), (6, None), (6, None)]
    assert {k: v for k, v in body.items()} == fresh


def test_a_held_lease_means_no_recheck_and_the_last_known_standings(
        tournament: Tournament, app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    assert tournament.upload({"records": simulated(3)}).status_code == 201
    url = f"/v1/tournaments/{tournament.id}/standings"
    fresh = tournament.client.get(url).get_json()
    _age(app, tournament.id)
    other = Store(app.config["BIGTWO_DB"])
    owner = other.standings.take_lease(tournament.id, 60)  # another worker is rechecking
    assert owner is not None and other.standings.take_lease(tournament.id, 60) is None
    replays = [0]
    original = tournaments.check_record
    monkeypatch.setattr(tournaments, "check_record",
                        lambda *a, **k: (replays.__setitem__(0, replays[0] + 1), original(*a, **k))[1])
    for _ in range(3):
        body = tournament.client.get(url).get_json()
        assert body["pending"] == 3 and body["players"] == fresh["players"]
    assert replays[0] == 0
    other.standings.release_lease(tournament.id, owner)
    assert "pending" not in tournament.client.get(url).get_json()
    assert replays[0] == 3


def test_an_expired_lease_is_taken_over(tmp_path: Any) -> None:
    store = Store(tmp_path / "lease.db")
    store.migrate()
    from bigtwo.rules.profiles import PRESETS

    tid, _ = store.tournaments.create("T", PRESETS["casual"])
    assert store.standings.take_lease(tid, -1) is not None  # a holder killed before it released
    assert store.standings.take_lease(tid, 60) is not None


# --- quotas ---------------------------------------------------------------------------------
def _quota_app(tmp_path: Any, **quotas: int) -> Any:
    from app import create_app

    return create_app({"TESTING": True, "BIGTWO_DB": str(tmp_path / "q.db"),
                       "BIGTWO_QUOTAS": Quotas(**quotas)})  # type: ignore[arg-type]


@pytest.mark.parametrize(("quota", "value", "kept"), [
    ("deals_per_tournament", 25, 2),  # records of 10 deals: the third would make 30
    ("records_per_tournament", 2, 2),
])
def test_a_full_tournament_refuses_before_replaying(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                                                    quota: str, value: int, kept: int) -> None:
    client = _quota_app(tmp_path, **{quota: value}).test_client()
    t = new_tournament(client)
    records = simulated(4, deals_per_record=10)
    for record in records[:kept]:
        assert t.upload(record).status_code == 201
    replays = [0]
    original = tournaments.check_record
    monkeypatch.setattr(tournaments, "check_record",
                        lambda *a, **k: (replays.__setitem__(0, replays[0] + 1), original(*a, **k))[1])
    refused = t.upload(records[kept])
    assert refused.status_code == 409 and refused.mimetype == "application/problem+json"
    assert refused.get_json()["type"].endswith("/quota-exceeded")
    assert replays[0] == 0
    assert client.get(f"/v1/tournaments/{t.id}").get_json()["counts"]["records"] == kept


def test_the_byte_quota_is_checked_on_what_would_be_stored(tmp_path: Any) -> None:
    client = _quota_app(tmp_path, bytes_per_tournament=20_000).test_client()
    t = new_tournament(client)
    statuses = [t.upload(r).status_code for r in simulated(12, deals_per_record=4)]
    assert 201 in statuses and statuses[-1] == 409
    store = Store(str(tmp_path / "q.db"))
    assert store.tournaments.usage(t.id)["bytes"] <= 20_000


def test_tournament_and_profile_quotas(tmp_path: Any) -> None:
    client = _quota_app(tmp_path, tournaments=2, profiles=1).test_client()
    new_tournament(client)
    new_tournament(client)
    refused = client.post("/v1/tournaments", json={"name": "Third", "profile": "casual"})
    assert refused.status_code == 409 and refused.get_json()["type"].endswith("/quota-exceeded")
    assert client.post("/v1/profiles", json={"extends": "casual", "triples": False}).status_code == 201
    again = client.post("/v1/profiles", json={"extends": "casual", "triples": False})
    assert again.status_code == 200  # already stored: no quota spent
    refused = client.post("/v1/profiles", json={"extends": "casual", "bombs": "anything"})
    assert refused.status_code == 409 and refused.get_json()["type"].endswith("/quota-exceeded")


def test_quotas_come_from_the_environment() -> None:
    quotas = Quotas.from_env({"BIGTWO_QUOTA_DEALS_PER_TOURNAMENT": "7", "BIGTWO_CREATION": "keys"})
    assert (quotas.deals_per_tournament, quotas.creation) == (7, "keys")
    for bad in ({"BIGTWO_QUOTA_PROFILES": "0"}, {"BIGTWO_QUOTA_PROFILES": "²"},
                {"BIGTWO_CREATION": "closed"}):
        with pytest.raises(ValueError):
            Quotas.from_env(bad)


def test_coded_boards_still_compare_through_tallies(tournament: Tournament) -> None:
    code = "B2-4-13-1Z3K9"
    for seed, names in ((1, ["Ana", "Ben", "Cai", "Dee"]), (2, ["Eve", "Fay", "Gus", "Hal"])):
        assert tournament.upload(coded_record(code, seed=seed, names=names)).status_code == 201
    body = tournament.client.get(f"/v1/tournaments/{tournament.id}/standings").get_json()
    assert [b["tables"] for b in body["duplicate"]["boards"]] == [2]


def test_a_tally_keeps_running_totals_per_counted_deal_and_at_most_a_charts_worth() -> None:
    """Issue 24: the chart's steps, ``[deal, counted, total per seat]``; a record of more
    counted deals than a chart shows keeps ``CHART_POINTS`` of them, the last always, and a
    kept step's totals are still the record's running totals at that deal."""
    from bigtwo import limits
    from bigtwo.records.pipeline import check_record

    record = simulated(1, deals_per_record=5)[0]
    report = check_record(record).report
    assert report is not None
    part = tally.tally(record, report)
    assert part is not None
    running = [0] * len(report["totals"])
    expected = []
    for n, deal in enumerate(d for d in report["deals"] if d["scores"] is not None):
        running = [a + b for a, b in zip(running, deal["scores"], strict=True)]
        expected.append([deal["index"], n + 1, *running])
    assert part["steps"] == expected and expected[-1][2:] == report["totals"]

    long = {"profile": "hk-standard", "players": ["Ana", "Ben", "Cai", "Dee"],
            "deals": [{"result": {"cards_left": [0, 1 + i % 12, 2, 5]}} for i in range(1000)]}
    long_report = check_record(long).report
    assert long_report is not None
    steps = tally.tally(long, long_report)["steps"]  # type: ignore[index]
    assert len(steps) == limits.CHART_POINTS and steps[0][:2] == [0, 1]
    assert steps[-1][:2] == [999, 1000] and steps[-1][2:] == long_report["totals"]
