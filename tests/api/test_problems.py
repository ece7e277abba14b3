"""Every failure is an RFC 9457 problem document with a specific status, never a traceback."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from bigtwo import limits
from tests.api.helpers import assert_problem, pointers, record


def test_invalid_json_is_400(client: Any) -> None:
    doc = assert_problem(client.post("/v1/validate", data=b'{"profile": ',
                                     content_type="application/json"), 400)
    assert "not valid JSON" in doc["detail"]


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
def test_wrong_content_type_is_415(client: Any, content_type: str | None) -> None:
    kwargs = {"content_type": content_type} if content_type else {}
    assert_problem(client.post("/v1/validate", data=b"{}", **kwargs), 415)


def test_unknown_route_is_404(client: Any) -> None:
    doc = assert_problem(client.get("/v1/nowhere"), 404)
    assert doc["title"] == "Not Found"


def test_wrong_method_is_405_with_allow(client: Any) -> None:
    response = client.delete("/v1/validate")
    doc = assert_problem(response, 405)
    assert "POST" in response.headers["Allow"]
    assert "POST" in doc["detail"]


def test_body_over_the_limit_is_413_naming_it(tmp_path: Path) -> None:
    from app import create_app

    app = create_app({"TESTING": True, "BIGTWO_DB": str(tmp_path / "t.db"),
                      "MAX_CONTENT_LENGTH": 2048})
    body = record("hk-two-deals")  # a few KiB
    doc = assert_problem(app.test_client().post("/v1/validate", json=body), 413)
    assert doc["limit"] == {"name": "MAX_BODY_BYTES", "value": 2048}
    assert "2048 bytes" in doc["detail"]


def test_chunked_body_over_the_limit_is_413_not_a_truncated_parse(tmp_path: Path) -> None:
    import io
    import json

    from app import create_app

    app = create_app({"TESTING": True, "BIGTWO_DB": str(tmp_path / "t.db"),
                      "MAX_CONTENT_LENGTH": 2048})
    data = json.dumps(record("hk-two-deals")).encode()
    # As gunicorn passes a chunked body: no Content-Length, the server ends the stream.
    response = app.test_client().post(
        "/v1/validate", input_stream=io.BytesIO(data), content_type="application/json",
        headers={"Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True})
    assert_problem(response, 413)


def test_body_limit_comes_from_the_environment(tmp_path: Path, monkeypatch: Any) -> None:
    from app import create_app

    monkeypatch.setenv("BIGTWO_MAX_BODY", "4096")
    app = create_app({"TESTING": True, "BIGTWO_DB": str(tmp_path / "t.db")})
    assert app.config["MAX_CONTENT_LENGTH"] == 4096


def test_every_schema_problem_at_once_with_pointers(client: Any) -> None:
    doc = record("hk-two-deals")
    doc["colour"] = "red"
    doc["deals"][0]["hands"][1][3] = "1X"
    doc["deals"][1]["moves"][2] = {"seat": 9, "play": ["3D"]}
    problem = assert_problem(client.post("/v1/validate", json=doc), 422)
    assert pointers(problem) == ["/colour", "/deals/0/hands/1/3", "/deals/1/moves/2/seat"]
    assert problem["type"].endswith("/invalid-input")


def test_unknown_profile_is_422(client: Any) -> None:
    doc = record("hk-two-deals")
    doc["profile"] = "p-000000000000"
    problem = assert_problem(client.post("/v1/validate", json=doc), 422)
    assert pointers(problem) == ["/profile"]
    assert "unknown profile" in problem["errors"][0]["detail"]


def test_inline_profile_problems_point_inside_it(client: Any) -> None:
    doc = record("custom-incomplete")
    doc["profile"]["bombs"] = "sometimes"
    doc["profile"]["players"] = 9
    problem = assert_problem(client.post("/v1/validate?complete=false", json=doc), 422)
    assert sorted(pointers(problem)) == ["/profile/bombs", "/profile/players"]


def test_deals_over_the_limit_names_it(client: Any) -> None:
    doc = record("hk-two-deals")
    doc["deals"] = doc["deals"][:1] * (limits.MAX_DEALS_PER_RECORD + 1)
    problem = assert_problem(client.post("/v1/validate", json=doc), 422)
    assert pointers(problem) == ["/deals"]
    assert f"limit of {limits.MAX_DEALS_PER_RECORD}" in problem["errors"][0]["detail"]


def test_moves_over_the_limit_names_it(client: Any) -> None:
    doc = record("hk-two-deals")
    doc["deals"] = doc["deals"][:1]
    doc["deals"][0]["moves"] = [{"seat": 0, "pass": True}] * (limits.MAX_MOVES_PER_DEAL + 1)
    problem = assert_problem(client.post("/v1/validate", json=doc), 422)
    assert pointers(problem) == ["/deals/0/moves"]
    assert f"limit of {limits.MAX_MOVES_PER_DEAL}" in problem["errors"][0]["detail"]


def test_unexpected_fault_is_500_with_request_id_and_no_traceback(
    client: Any, monkeypatch: Any, caplog: Any
) -> None:
    from app.api import validation

    def explode(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("secret internals")

    monkeypatch.setattr(validation, "check_record", explode)
    with caplog.at_level(logging.ERROR):
        response = client.post("/v1/validate", json=record("hk-two-deals"))
    doc = assert_problem(response, 500)
    rid = response.headers["X-Request-Id"]
    assert doc["request_id"] == rid
    assert "secret internals" not in response.get_data(as_text=True)
    logged = [r for r in caplog.records if rid in r.getMessage()]
    assert logged and logged[0].exc_info is not None


def test_request_id_is_always_our_own(client: Any) -> None:
    """Issue 19, class 13: a caller cannot give its request another request's id; a sane id it
    sends is only logged beside ours (client_request_id)."""
    for bad in ("abc-123", "x" * 65, "semi;colon", "<script>"):
        replaced = client.get("/healthz", headers={"X-Request-Id": bad}).headers["X-Request-Id"]
        assert replaced != bad and len(replaced) == 32
    first, second = client.get("/healthz"), client.get("/healthz")
    assert first.headers["X-Request-Id"] != second.headers["X-Request-Id"]
