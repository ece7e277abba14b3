"""Browser apps on other origins (docs/API.md, "Browser apps"): CORS answers by group, and the
caching of answers that never change (ETag, immutable Cache-Control, 304)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.cors import CorsSettingError, parse_origins
from tests.api.helpers import assert_problem
from tests.conftest import example_record

APP_ORIGIN = "http://cards.example:8080"
CLUB = "https://club.example"
ALLOW_ORIGIN = "Access-Control-Allow-Origin"

# (method, path) of every call a browser card game makes without a token (API.md).
CHECKING = [
    ("POST", "/v1/validate"),
    ("POST", "/v1/validate/batch"),
    ("POST", "/v1/combinations/evaluate"),
    ("POST", "/v1/next"),
    ("POST", "/v1/deals"),
    ("GET", "/v1/deals/B2-4-13-7"),
    ("GET", "/v1/profiles"),
    ("GET", "/v1/profiles/hk-standard"),
    ("GET", "/v1/records/r-00000000000000000000"),
    ("GET", "/openapi.json"),
]
# Calls that carry the tournament's token (or create one), and the withdraw/replace ones.
ORGANISERS = [
    ("POST", "/v1/tournaments"),
    ("POST", "/v1/tournaments/t-1/records"),
    ("PUT", "/v1/tournaments/t-1/records/r-1"),
    ("DELETE", "/v1/tournaments/t-1/records/r-1"),
    ("GET", "/v1/tournaments/t-1/standings"),
]


def make(tmp_path: Path, **settings: str) -> Any:
    from app import create_app

    return create_app({"TESTING": True, "BIGTWO_DB": str(tmp_path / "cors.db"), **settings}).test_client()


def preflight(client: Any, method: str, path: str, origin: str = APP_ORIGIN,
              headers: str = "content-type") -> Any:
    return client.options(path, headers={"Origin": origin, "Access-Control-Request-Method": method,
                                         "Access-Control-Request-Headers": headers})


def listed(value: str | None) -> set[str]:
    return {part.strip().lower() for part in (value or "").split(",") if part.strip()}


@pytest.mark.parametrize(("method", "path"), CHECKING)
def test_checking_calls_answer_any_origin_by_default(client: Any, method: str, path: str) -> None:
    answer = preflight(client, method, path)
    assert answer.headers[ALLOW_ORIGIN] == "*"
    assert method in {m.upper() for m in listed(answer.headers["Access-Control-Allow-Methods"])}
    assert "content-type" in listed(answer.headers["Access-Control-Allow-Headers"])
    assert int(answer.headers["Access-Control-Max-Age"]) > 0
    assert "Access-Control-Allow-Credentials" not in answer.headers
    assert "Origin" not in answer.headers.get("Vary", "")  # the same answer for every origin


def test_the_actual_answer_carries_the_origin_and_stays_a_problem_document(client: Any) -> None:
    report = client.post("/v1/validate", json=example_record("hk-two-deals"),
                         headers={"Origin": APP_ORIGIN})
    assert report.status_code == 200 and report.headers[ALLOW_ORIGIN] == "*"
    assert "x-request-id" in listed(report.headers["Access-Control-Expose-Headers"])
    problem = client.post("/v1/combinations/evaluate", json={"profile": "nope", "cards": ["XZ"]},
                          headers={"Origin": APP_ORIGIN})
    assert_problem(problem, 422)
    assert problem.headers[ALLOW_ORIGIN] == "*"
    not_json = client.post("/v1/validate", data="{", content_type="application/json",
                           headers={"Origin": APP_ORIGIN})
    assert_problem(not_json, 400)
    assert not_json.headers[ALLOW_ORIGIN] == "*"


@pytest.mark.parametrize(("method", "path"), ORGANISERS)
def test_token_bearing_calls_answer_no_origin_by_default(client: Any, method: str, path: str) -> None:
    answer = preflight(client, method, path, headers="authorization, content-type")
    assert ALLOW_ORIGIN not in answer.headers and "Access-Control-Allow-Methods" not in answer.headers


@pytest.mark.parametrize(("method", "path"), ORGANISERS)
def test_token_bearing_calls_answer_only_the_listed_origins(tmp_path: Path, method: str,
                                                            path: str) -> None:
    client = make(tmp_path, BIGTWO_CORS_TOKEN_ORIGINS=f"{CLUB}, http://localhost:5173")
    allowed = preflight(client, method, path, origin=CLUB, headers="authorization, content-type")
    assert allowed.headers[ALLOW_ORIGIN] == CLUB
    assert method in {m.upper() for m in listed(allowed.headers["Access-Control-Allow-Methods"])}
    assert {"authorization", "content-type"} <= listed(allowed.headers["Access-Control-Allow-Headers"])
    assert "Access-Control-Allow-Credentials" not in allowed.headers
    assert "Origin" in allowed.headers["Vary"]
    other = preflight(client, method, path, headers="authorization, content-type")
    assert ALLOW_ORIGIN not in other.headers and "Origin" in other.headers["Vary"]


def test_a_refused_upload_is_readable_by_the_listed_origin(tmp_path: Path) -> None:
    client = make(tmp_path, BIGTWO_CORS_TOKEN_ORIGINS=CLUB)
    made = client.post("/v1/tournaments", json={"name": "Club", "profile": "hk-standard"},
                       headers={"Origin": CLUB})
    assert made.status_code == 201 and made.headers[ALLOW_ORIGIN] == CLUB
    refused = client.post(f"/v1/tournaments/{made.json['id']}/records",
                          json=example_record("hk-two-deals"),
                          headers={"Origin": CLUB, "Authorization": "Bearer wrong"})
    assert_problem(refused, 401)
    assert refused.headers[ALLOW_ORIGIN] == CLUB
    assert "www-authenticate" in listed(refused.headers["Access-Control-Expose-Headers"])


def test_declaring_a_profile_is_not_open_to_other_origins(client: Any) -> None:
    """POST /v1/profiles stores a profile; its path also serves the public list (GET only)."""
    answer = preflight(client, "POST", "/v1/profiles")
    assert "Access-Control-Allow-Methods" not in answer.headers


def test_the_operator_narrows_the_checking_calls(tmp_path: Path) -> None:
    client = make(tmp_path, BIGTWO_CORS_ORIGINS=APP_ORIGIN)
    assert preflight(client, "POST", "/v1/validate").headers[ALLOW_ORIGIN] == APP_ORIGIN
    other = preflight(client, "POST", "/v1/validate", origin="https://elsewhere.example")
    assert ALLOW_ORIGIN not in other.headers
    cached = client.get("/v1/profiles/hk-standard", headers={"Origin": APP_ORIGIN})
    assert cached.headers[ALLOW_ORIGIN] == APP_ORIGIN and "Origin" in cached.headers["Vary"]
    closed = make(tmp_path, BIGTWO_CORS_ORIGINS="")
    assert ALLOW_ORIGIN not in preflight(closed, "POST", "/v1/validate").headers


def test_the_settings_come_from_the_environment(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from app import create_app

    monkeypatch.setenv("BIGTWO_CORS_ORIGINS", APP_ORIGIN)
    monkeypatch.setenv("BIGTWO_CORS_TOKEN_ORIGINS", CLUB)
    client = create_app({"TESTING": True, "BIGTWO_DB": str(tmp_path / "env.db")}).test_client()
    assert preflight(client, "POST", "/v1/next").headers[ALLOW_ORIGIN] == APP_ORIGIN
    assert preflight(client, "POST", "/v1/tournaments", origin=CLUB).headers[ALLOW_ORIGIN] == CLUB


@pytest.mark.parametrize(("setting", "value", "wildcard", "expected"), [
    ("BIGTWO_CORS_ORIGINS", "*", True, "*"),
    ("BIGTWO_CORS_ORIGINS", "", True, []),
    ("BIGTWO_CORS_ORIGINS", "https://A.example/, http://b.example:8080",
     True, ["https://a.example", "http://b.example:8080"]),
    ("BIGTWO_CORS_TOKEN_ORIGINS", "https://club.example https://club.example:8443", False,
     ["https://club.example", "https://club.example:8443"]),
])
def test_origin_settings(setting: str, value: str, wildcard: bool, expected: Any) -> None:
    assert parse_origins(setting, value, wildcard=wildcard) == expected


@pytest.mark.parametrize(("setting", "value", "wildcard", "says"), [
    ("BIGTWO_CORS_TOKEN_ORIGINS", "*", False, "must list origins"),
    ("BIGTWO_CORS_ORIGINS", "cards.example", True, "is not an origin"),
    ("BIGTWO_CORS_ORIGINS", "https://cards.example/app", True, "is not an origin"),
])
def test_a_bad_setting_stops_the_app_and_names_itself(tmp_path: Path, setting: str, value: str,
                                                      wildcard: bool, says: str) -> None:
    with pytest.raises(CorsSettingError, match=says) as raised:
        parse_origins(setting, value, wildcard=wildcard)
    assert setting in str(raised.value)
    with pytest.raises(CorsSettingError):
        make(tmp_path, **{setting: value})


@pytest.mark.parametrize("path", ["/", "/metrics", "/healthz", "/docs"])
def test_pages_and_operations_endpoints_answer_no_origin(client: Any, path: str) -> None:
    assert ALLOW_ORIGIN not in client.get(path, headers={"Origin": APP_ORIGIN}).headers


# --- answers that never change ----------------------------------------------------------------

IMMUTABLE = "public, max-age=31536000, immutable"


def _stored_profile(client: Any) -> str:
    made = client.post("/v1/profiles", json={"extends": "hk-standard", "name": "House"})
    assert made.status_code == 201
    return f"/v1/profiles/{made.json['id']}"


def _shared_replay(client: Any) -> str:
    made = client.post("/v1/replays", json=example_record("hk-two-deals"))
    assert made.status_code == 201, made.get_data(as_text=True)
    return f"/v1/replays/{made.json['id']}"


@pytest.mark.parametrize("path", ["/v1/profiles/hk-standard", "/v1/profiles/pusoy-dos",
                                  "stored", "/v1/deals/B2-4-13-7", "/v1/deals/B2-5-10-123",
                                  "shared"])
def test_an_immutable_answer_is_cached_and_revalidated_with_304(client: Any, path: str) -> None:
    path = {"stored": _stored_profile, "shared": _shared_replay}.get(path, lambda _c: path)(client)
    first = client.get(path)
    assert first.status_code == 200, first.get_data(as_text=True)
    assert first.headers["Cache-Control"] == IMMUTABLE
    etag = first.headers["ETag"]
    assert etag.startswith('"') and not etag.startswith("W/")
    again = client.get(path)
    assert again.headers["ETag"] == etag and again.data == first.data
    for held in (etag, f"W/{etag}", f'"other", {etag}', "*"):
        fresh = client.get(path, headers={"If-None-Match": held, "Origin": APP_ORIGIN})
        assert fresh.status_code == 304 and fresh.data == b"", held
        assert fresh.headers["ETag"] == etag and fresh.headers["Cache-Control"] == IMMUTABLE
        assert fresh.headers[ALLOW_ORIGIN] == "*"
    stale = client.get(path, headers={"If-None-Match": '"not-this-one"'})
    assert stale.status_code == 200 and stale.data == first.data


def test_different_answers_have_different_etags(client: Any) -> None:
    tags = {client.get(path).headers["ETag"] for path in (
        "/v1/profiles/hk-standard", "/v1/profiles/pusoy-dos", "/v1/deals/B2-4-13-7",
        "/v1/deals/B2-4-13-8")}
    assert len(tags) == 4


@pytest.mark.parametrize(("method", "path", "status"), [
    ("GET", "/v1/profiles/p-000000000000", 404),
    ("GET", "/v1/deals/nope", 404),
    ("GET", "/v1/profiles", 200),
    ("POST", "/v1/deals", 201),
])
def test_what_may_change_is_not_cached_for_long(client: Any, method: str, path: str,
                                                status: int) -> None:
    body = {"profile": "hk-standard"} if method == "POST" else None
    answer = client.open(path, method=method, json=body)
    assert answer.status_code == status
    assert "immutable" not in answer.headers.get("Cache-Control", "")
    assert "ETag" not in answer.headers


def test_the_document_says_which_answers_are_cached(client: Any) -> None:
    paths = client.get("/openapi.json").json["paths"]
    for path in ("/v1/profiles/{profile_id}", "/v1/deals/{code}"):
        operation = paths[path]["get"]
        assert "304" in operation["responses"]
        assert {"ETag", "Cache-Control"} <= set(operation["responses"]["200"]["headers"])
        assert "If-None-Match" in [p["name"] for p in operation["parameters"]]
