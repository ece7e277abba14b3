"""Real answers are valid against the served /openapi.json under a strict OAS 3.0 validator
(openapi-schema-validator): every operation, fed the project's example records, golden
records, notation and sheets, answers what the document says it answers.

A nullable reference (a winner's ``scoring`` entry, ``code: null`` of an evaluation) is
where a strict validator and a lax one part: OAS 3.0.3 reads ``nullable`` only beside a
``type``, so ``allOf: [$ref], nullable: true`` refuses the null it means to allow."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bigtwo.rules.profiles import PRESETS
from tests.api.openapi_answers import CheckedClient
from tests.conftest import EXAMPLES, FIXTURES, ROOT, load_json

GOLDEN = sorted((FIXTURES / "golden").glob("*.json"))
NOTATION = sorted((FIXTURES / "notation").glob("*.b2n"))
SHEET = (FIXTURES / "sheets" / "club-night.csv").read_text(encoding="utf-8")


def _records() -> Iterator[tuple[str, dict[str, Any], dict[str, Any]]]:
    """(name, record, query) for every record the project ships: the worked examples,
    examples/ and the golden reports (each with the query it was made with)."""
    for path in sorted(EXAMPLES.glob("*.json")):
        yield path.stem, load_json(path)["record"], {}
    for path in sorted((ROOT / "examples").glob("*.json")):
        doc = load_json(path)
        if isinstance(doc, dict) and "deals" in doc:
            yield f"examples/{path.stem}", doc, {}
    for path in GOLDEN:
        doc = load_json(path)
        yield f"golden/{path.stem}", doc["record"], doc.get("query") or {}


RECORDS = list(_records())


def _query(query: dict[str, Any]) -> str:
    return "&".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}"
                    for k, v in query.items())


@pytest.fixture
def api(app: Any) -> CheckedClient:
    return CheckedClient(app)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_the_records_are_many_and_some_answers_hold_nulls() -> None:
    # The cases the strict validator refused before: a scored deal (its winner's scoring entry
    # is null), an invalid record, a record that is not finished.
    assert len(RECORDS) >= 40
    assert any(name.startswith("examples/") for name, _, _ in RECORDS)


@pytest.mark.parametrize(("name", "record", "query"), RECORDS, ids=[r[0] for r in RECORDS])
def test_validate_answers_every_shipped_record_as_documented(
        api: CheckedClient, name: str, record: dict[str, Any], query: dict[str, Any]) -> None:
    answer = api.post(f"/v1/validate?{_query(query)}", json=record)
    assert answer.status_code in (200, 422), name
    for lang in ("de", "zh-Hant-HK"):
        api.post(f"/v1/validate?{_query({**query, 'lang': lang})}", json=record)


def test_a_scored_deal_holds_a_null_scoring_entry_and_validates(api: CheckedClient) -> None:
    """The first answer item 8 names: the winner of a scored deal has no penalty parts."""
    record = load_json(EXAMPLES / "hk-two-deals.json")["record"]
    report = api.post("/v1/validate", json=record).json
    assert None in report["deals"][0]["scoring"]


def test_batches_notation_and_sheets_answer_as_documented(api: CheckedClient) -> None:
    records = [r for _, r, q in RECORDS if not q][:100]
    reports = api.post("/v1/validate/batch", json={"records": records}).json["reports"]
    assert len(reports) == len(records)
    api.post("/v1/validate/batch?complete=false", json={"records": [r for _, r, _ in RECORDS][:50]})
    api.post("/v1/validate/batch", json={"records": [{"deals": "no"}, records[0]]})
    for path in NOTATION:
        text = path.read_text(encoding="utf-8")
        api.post("/v1/validate/batch", data=text.encode(), content_type="text/x-bigtwo")
    one = api.post("/v1/validate", data=(FIXTURES / "notation" / "pusoy-wrong-turn.b2n").read_bytes(),
                   content_type="text/x-bigtwo")
    assert one.status_code == 200
    sheet = api.post("/v1/validate?profile=hk-standard", data=SHEET.encode(), content_type="text/csv")
    assert sheet.status_code == 200
    assert api.post("/v1/validate", data=b"deal,A\n1,x\n", content_type="text/csv").status_code == 422


CARDS = [["3D"], ["3D", "3S"], ["3D", "4D", "5D", "6D", "7D"], ["3D", "4S"], ["2S", "2H", "2D", "2C"],
         ["AS", "KS", "QS", "JS", "TS"], ["3C", "3D", "3H", "5S", "5D"]]


@pytest.mark.parametrize("profile", list(PRESETS))
def test_profiles_and_evaluations_answer_as_documented(api: CheckedClient, profile: str) -> None:
    assert api.get(f"/v1/profiles/{profile}").status_code == 200
    for cards in CARDS:
        api.post("/v1/combinations/evaluate", json={"profile": profile, "cards": cards})
        api.post("/v1/combinations/evaluate?lang=de",
                 json={"profile": profile, "cards": cards, "table": ["AS"]})
    dealt = api.post("/v1/deals", json={"profile": profile, "seed": 7})
    assert dealt.status_code == 201
    again = api.get(f"/v1/deals/{dealt.json['code']}")
    api.get(f"/v1/deals/{dealt.json['code']}", headers={"If-None-Match": again.headers["ETag"]})


def test_next_replays_and_profiles_answer_as_documented(api: CheckedClient) -> None:
    for _, record, _ in RECORDS[:30]:
        api.post("/v1/next", json=record)
        cut = {**record, "deals": [{**record["deals"][0],
                                    "moves": record["deals"][0].get("moves", [])[:2]}]}
        api.post("/v1/next", json=cut)
    api.get("/v1/profiles")
    api.get("/v1/profiles?per_page=2&page=2")
    declared = {"extends": "big-two-web", "name": "Bombs, no triples", "triples": False,
                "bombs": "anything"}
    assert api.post("/v1/profiles", json=declared).status_code == 201
    assert api.post("/v1/profiles", json=declared).status_code == 200
    api.post("/v1/profiles", json={"extends": "nope"})
    shared = api.post("/v1/replays", json=RECORDS[0][1])
    assert shared.status_code == 201
    api.post("/v1/replays", json=RECORDS[0][1])
    api.get(f"/v1/replays/{shared.json['id']}")
    api.get("/v1/replays/nope")
    api.get("/healthz")


def test_tournaments_and_seasons_answer_as_documented(api: CheckedClient) -> None:
    made = api.post("/v1/tournaments", json={"name": "Club night", "profile": "hk-standard"}).json
    tid, token = made["id"], made["token"]
    records = [r for _, r, q in RECORDS if not q and r.get("profile") == "hk-standard"][:10]
    assert records
    one = api.post(f"/v1/tournaments/{tid}/records", json=records[0], headers=bearer(token))
    assert one.status_code == 201
    api.post(f"/v1/tournaments/{tid}/records", json=records[0], headers=bearer(token))
    api.post(f"/v1/tournaments/{tid}/records", json={"records": records[1:]}, headers=bearer(token))
    api.post(f"/v1/tournaments/{tid}/records", data=SHEET.encode(), content_type="text/csv",
             headers=bearer(token))
    for path in NOTATION:
        api.post(f"/v1/tournaments/{tid}/records", data=path.read_bytes(),
                 content_type="text/x-bigtwo", headers=bearer(token))
    api.post(f"/v1/tournaments/{tid}/records", json=records[0])
    api.post(f"/v1/tournaments/{tid}/records", json={"deals": 1}, headers=bearer(token))
    rid = one.json["id"]
    api.get(f"/v1/records/{rid}")
    api.get(f"/v1/records/{rid}?lang=de-CH")
    api.get(f"/v1/tournaments/{tid}")
    api.get("/v1/tournaments")
    api.get(f"/v1/tournaments/{tid}/records")
    api.get(f"/v1/tournaments/{tid}/records?valid=false&limit=2")
    api.get(f"/v1/tournaments/{tid}/standings")
    api.get(f"/v1/tournaments/{tid}/standings?format=csv")
    replaced = api.put(f"/v1/tournaments/{tid}/records/{rid}?reason=typo",
                       json={**records[0], "players": ["W", "X", "Y", "Z"]}, headers=bearer(token))
    assert replaced.status_code == 201
    assert api.delete(f"/v1/tournaments/{tid}/records/{replaced.json['id']}?reason=gone",
                      headers=bearer(token)).status_code == 200
    api.get(f"/v1/tournaments/{tid}/audit")
    api.get("/v1/tournaments/t-nope")

    season = api.post("/v1/seasons", json={"name": "League", "profile": "hk-standard"}).json
    sid, stoken = season["id"], season["token"]
    assert api.post(f"/v1/seasons/{sid}/tournaments", json={"tournament": tid},
                    headers=bearer(stoken)).status_code == 200
    api.post(f"/v1/seasons/{sid}/aliases", json={"alias": "Benjamin", "player": "Ben"},
             headers=bearer(stoken))
    api.get(f"/v1/seasons/{sid}")
    api.get("/v1/seasons")
    api.get(f"/v1/seasons/{sid}/standings")
    api.get(f"/v1/seasons/{sid}/audit")
    assert api.post(f"/v1/seasons/{sid}/draws", json={"rounds": 2, "seed": 3}).status_code == 200
    api.post(f"/v1/seasons/{sid}/aliases", json={"alias": "Benjamin", "player": None},
             headers=bearer(stoken))
    api.delete(f"/v1/seasons/{sid}/tournaments/{tid}", headers=bearer(stoken))
    api.post("/v1/draws", json={"profile": "hk-standard", "players": [f"P{i}" for i in range(9)],
                                "rounds": 3, "seed": 1})


def test_tables_answer_as_documented(api: CheckedClient) -> None:
    """Live tables: every operation, its views as seat and spectator, and its refusals."""
    players = ["Ana", "Ben", "Cai", "Dee"]
    table = api.post("/v1/tables", json={"profile": "hk-standard", "players": players,
                                         "bots": [2, 3]}).json
    tokens = {s["seat"]: s["token"] for s in table["seats"]}
    url = table["url"]
    api.get(url)
    seen = api.get(url, headers=bearer(tokens[0])).json
    mover = seen["turn"]
    mine = api.get(url, headers=bearer(tokens[mover])).json
    api.post(f"{url}/moves", json={"play": ["XX"]}, headers=bearer(tokens[mover]))
    api.post(f"{url}/moves", json={"pass": True}, headers=bearer(tokens[1 - mover]))
    api.post(f"{url}/moves", json={"pass": True},
             headers={**bearer(tokens[mover]), "If-Match": '"0"'})
    move = {"play": mine["legal_plays"][0]} if mine["legal_plays"] else {"pass": True}
    assert api.post(f"{url}/moves", json=move, headers=bearer(tokens[mover])).status_code == 200
    api.post(f"{url}/entropy", json={"entropy": "x"}, headers=bearer(tokens[0]))
    api.get("/v1/tables")
    api.get("/v1/tables?status=playing&page=1&per_page=5")
    api.get(f"{url}/record")
    assert api.delete(url, headers=bearer(table["organiser_token"])).status_code == 200
    shared = api.post("/v1/tables", json={"profile": "hk-standard", "players": players,
                                          "bots": [1, 2, 3], "fairness": "shared"}).json
    assert api.post(f"{shared['url']}/entropy", json={"entropy": "salt"},
                    headers=bearer(shared["seats"][0]["token"])).status_code == 200
    api.post("/v1/tables", json={"profile": "hk-standard", "players": players[:2]})
    # Bots alone: the match is over before the creation answers, its commitment still said.
    api.post("/v1/tables", json={"profile": "hk-standard", "players": players,
                                 "bots": [0, 1, 2, 3], "deals": 1})


def test_table_events_answer_as_documented(api: CheckedClient) -> None:
    """A table's events: SSE (an abandoned table ends its stream), NDJSON, the refusals."""
    table = api.post("/v1/tables", json={"profile": "hk-standard", "deals": 1,
                                         "players": ["Ana", "Ben", "Cai", "Dee"],
                                         "bots": [1, 2, 3]}).json
    events = f"{table['url']}/events"
    api.delete(table["url"], headers=bearer(table["organiser_token"]))
    assert b"event: abandoned" in api.get(events, headers={"Accept": "text/event-stream"}).data
    assert api.get(f"{events}?after=2").mimetype == "application/x-ndjson"
    api.get(f"{events}?wait=31")
    api.get(events, headers=bearer("x" * 32))
    api.get(events, headers={"Accept": "text/event-stream", "Last-Event-ID": "x"})
    api.get("/v1/tables/tb-0/events")


def test_every_operation_was_answered_and_checked(app: Any) -> None:
    """The scenarios above reach every operation of the document (run together here)."""
    api = CheckedClient(app)
    test_batches_notation_and_sheets_answer_as_documented(api)
    test_profiles_and_evaluations_answer_as_documented(api, "pusoy-dos")
    test_next_replays_and_profiles_answer_as_documented(api)
    test_tournaments_and_seasons_answer_as_documented(api)
    test_tables_answer_as_documented(api)
    test_table_events_answer_as_documented(api)
    for name, record, query in RECORDS[:3]:
        test_validate_answers_every_shipped_record_as_documented(api, name, record, query)
    operations = {(method, path) for path, ops in api.spec["paths"].items()
                  for method in ops if method != "parameters"}
    assert operations - {(m, p) for m, p, _ in api.answered} == set()


def test_the_validator_refuses_what_the_document_does_not_allow(api: CheckedClient) -> None:
    """The check can fail: a report with a field of the wrong type is refused."""
    answer = api.client.post("/v1/validate", json=RECORDS[0][1])
    answer.set_data(json.dumps({**answer.json, "valid": "yes"}))
    with pytest.raises(AssertionError, match="valid"):
        api.check("post", "/v1/validate", answer)


def test_the_fixtures_are_where_they_were() -> None:
    assert GOLDEN and NOTATION and Path(EXAMPLES).is_dir()


@pytest.mark.parametrize(("method", "path", "needs_profile"), [
    ("post", "/v1/validate", True),
    ("post", "/v1/tournaments/{tournament_id}/records", False),
    ("put", "/v1/tournaments/{tournament_id}/records/{record_id}", False),
])
def test_a_sheet_body_says_where_its_profile_comes_from(
        api: CheckedClient, method: str, path: str, needs_profile: bool) -> None:
    """A tournament scores a sheet by its own profile: its description does not ask for
    ?profile= (and the upload below, with none, is stored)."""
    text = api.spec["paths"][path][method]["requestBody"]["content"]["text/csv"]["schema"]
    assert ("Give the profile with ?profile=" in text["description"]) is needs_profile
    assert ("tournament's profile" in text["description"]) is not needs_profile
    if not needs_profile:
        made = api.post("/v1/tournaments", json={"name": "N", "profile": "hk-standard"}).json
        stored = api.post(f"/v1/tournaments/{made['id']}/records", data=SHEET.encode(),
                          content_type="text/csv", headers=bearer(made["token"]))
        assert stored.status_code == 201, stored.json


# docs/API.md, "Text bodies": what each operation takes, as the service reads it.
BODIES = {
    ("post", "/v1/validate"): {"application/json", "text/x-bigtwo", "text/csv"},
    ("post", "/v1/validate/batch"): {"application/json", "text/x-bigtwo"},
    ("post", "/v1/tournaments/{tournament_id}/records"): {"application/json", "text/x-bigtwo",
                                                          "text/csv"},
    ("put", "/v1/tournaments/{tournament_id}/records/{record_id}"): {"application/json",
                                                                     "text/x-bigtwo", "text/csv"},
}


@pytest.mark.parametrize(("method", "path"), list(BODIES))
def test_every_text_body_an_operation_takes_is_in_the_document(
        api: CheckedClient, method: str, path: str) -> None:
    content = api.spec["paths"][path][method]["requestBody"]["content"]
    assert set(content) == BODIES[(method, path)]
    for media, body in content.items():
        if media.startswith("text/"):
            assert body["schema"]["type"] == "string" and body["example"]


def test_no_other_operation_takes_text(api: CheckedClient) -> None:
    texts = {(method, path) for path, operations in api.spec["paths"].items()
             for method, operation in operations.items() if method != "parameters"
             and any(m.startswith("text/") for m in operation.get("requestBody", {}).get("content", {}))}
    assert texts == set(BODIES)
