"""A browser card game on another origin calls the API with fetch (docs/API.md, "Browser
apps"): the game's page comes from a second server on another port of 127.0.0.1, so every
call is cross-origin and Chromium enforces CORS on it, preflights included."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest

from tests.browser.support import example_record, serve

pytestmark = pytest.mark.browser

# The game: a page whose script calls the API named by ?api=, as a web card game would.
GAME_PAGE = b"""<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Card table</title>
<p id="status">loading</p>
<script>
const api = new URLSearchParams(location.search).get("api");
// Every answer as the page sees it: status, type, the headers it may read, and the body.
window.call = async (method, path, body, headers = {}) => {
  try {
    const init = {method, headers: {...headers}};
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers["Content-Type"] = "application/json";
    }
    const answer = await fetch(api + path, init);
    return {status: answer.status, type: answer.headers.get("Content-Type"),
            etag: answer.headers.get("ETag"), body: await answer.json()};
  } catch (error) {
    return {blocked: String(error)};  // what a page sees when CORS refuses the call
  }
};
document.getElementById("status").textContent = "ready";
</script>
</html>"""

WsgiStart = Callable[[str, list[tuple[str, str]]], Any]


def game(environ: dict[str, Any], start_response: WsgiStart) -> Iterable[bytes]:
    start_response("200 OK", [("Content-Type", "text/html; charset=utf-8")])
    return [GAME_PAGE]


@pytest.fixture
def table(live: tuple[str, Any, Any]) -> Iterator[tuple[Any, Any, str]]:
    """(page of the game, the API's app, the game's origin), the page loaded and ready."""
    api, app, page = live
    with serve(game) as origin:
        assert origin != api  # another port: another origin
        page.goto(f"{origin}/?api={api}")
        page.wait_for_function("document.getElementById('status').textContent === 'ready'")
        yield page, app, origin


def call(page: Any, method: str, path: str, body: Any = None,
         headers: dict[str, str] | None = None) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(
        "([method, path, body, headers]) => call(method, path, body ?? undefined, headers)",
        [method, path, body, headers or {}])
    return result


def test_a_game_on_another_origin_validates_and_evaluates(table: tuple[Any, Any, str]) -> None:
    page, _, _ = table
    checked = call(page, "POST", "/v1/validate", example_record("hk-two-deals"))
    assert checked["status"] == 200 and checked["body"]["valid"] is True
    assert len(checked["body"]["deals"]) == 2
    wrong = call(page, "POST", "/v1/validate", example_record("pusoy-wrong-turn"))
    assert wrong["body"]["valid"] is False
    assert "WRONG_TURN" in [e["code"] for e in wrong["body"]["errors"]]

    pair = call(page, "POST", "/v1/combinations/evaluate",
                {"profile": "hk-standard", "cards": ["3D", "3S"], "table": ["4C"]})
    assert pair["status"] == 200
    assert pair["body"]["combination"]["type"] == "pair"
    assert pair["body"]["beats_table"] is False and pair["body"]["code"] is not None


def test_a_problem_document_reaches_the_game(table: tuple[Any, Any, str]) -> None:
    page, _, _ = table
    problem = call(page, "POST", "/v1/combinations/evaluate", {"profile": "hk-standard",
                                                               "cards": ["XZ"]})
    assert problem["status"] == 422 and problem["type"] == "application/problem+json"
    assert problem["body"]["errors"][0]["pointer"] == "/cards/0"


def test_the_game_reads_the_etag_of_an_immutable_answer(table: tuple[Any, Any, str]) -> None:
    page, _, _ = table
    profile = call(page, "GET", "/v1/profiles/hk-standard")
    assert profile["status"] == 200 and profile["body"]["id"] == "hk-standard"
    assert profile["etag"] and profile["etag"].startswith('"')


def test_the_browser_refuses_a_token_bearing_call_from_an_unlisted_origin(
        table: tuple[Any, Any, str]) -> None:
    page, app, _ = table
    made = app.test_client().post("/v1/tournaments", json={"name": "Club", "profile": "hk-standard"})
    tid, token = made.get_json()["id"], made.get_json()["token"]
    upload = call(page, "POST", f"/v1/tournaments/{tid}/records", example_record("hk-two-deals"),
                  {"Authorization": f"Bearer {token}"})
    assert "blocked" in upload, upload
    # Nothing reached the store: the preflight was refused before the upload was sent.
    assert app.test_client().get(f"/v1/tournaments/{tid}").get_json()["counts"]["records"] == 0


def test_a_listed_origin_uploads_with_the_token(browser: Any, tmp_path: Any) -> None:
    from app import create_app

    with serve(game) as origin:
        app = create_app({"TESTING": True, "BIGTWO_DB": str(tmp_path / "listed.db"),
                          "BIGTWO_CORS_TOKEN_ORIGINS": origin})
        context = browser.new_context()
        try:
            with serve(app) as api:
                page = context.new_page()
                page.goto(f"{origin}/?api={api}")
                page.wait_for_function("document.getElementById('status').textContent === 'ready'")
                made = call(page, "POST", "/v1/tournaments",
                            {"name": "Club", "profile": "hk-standard"})
                assert made["status"] == 201, made
                upload = call(page, "POST", f"/v1/tournaments/{made['body']['id']}/records",
                              example_record("hk-two-deals"),
                              {"Authorization": f"Bearer {made['body']['token']}"})
                assert upload["status"] == 201 and upload["body"]["created"] is True, upload
        finally:
            context.close()
