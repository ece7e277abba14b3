"""The token rule is declared on the route it guards (``@token_first(check)``, app/body.py):
the routes that check a token or a creation key before reading the body are exactly these,
each with its check, and every operation that documents a token or key and takes a body is
among them. A guarded route answers a wrong token before any byte of its body is read."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest

from app.api import tables, tokens
from app.body import TOKEN_CHECK
from bigtwo.store.quotas import Quotas

GUARDED = {
    "tournaments.create_tournament": tokens.creation_key,
    "profiles.declare_profile": tokens.creation_key,
    "seasons.create_season": tokens.creation_key,
    "tournaments.upload_records": tokens.tournament_token,
    "tournaments.withdraw_record": tokens.tournament_token,
    "tournaments.replace_record": tokens.tournament_token,
    "seasons.attach": tokens.season_token,
    "seasons.detach": tokens.season_token,
    "seasons.set_alias": tokens.season_token,
    "tables.create_table": tokens.creation_key,
    "tables.post_move": tables.seat_token,
    "tables.post_entropy": tables.seat_token,
    "tables.delete_table": tables.organiser_token,
}
BODY_METHODS = {"post", "put", "patch", "delete"}


def _declared(app: Any) -> dict[str, Any]:
    return {endpoint: getattr(view, TOKEN_CHECK) for endpoint, view in app.view_functions.items()
            if hasattr(view, TOKEN_CHECK)}


def test_the_guarded_routes_are_declared_with_their_checks(app: Any) -> None:
    assert _declared(app) == GUARDED


def test_every_operation_with_a_credential_and_a_body_is_guarded(app: Any, client: Any) -> None:
    spec = client.get("/openapi.json").get_json()
    urls = app.url_map.bind("localhost")
    documented = set()
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            if method not in BODY_METHODS:
                continue
            if any(requirement for requirement in operation.get("security", [])):
                endpoint, _ = urls.match(re.sub(r"\{(\w+)\}", r"\1", path), method=method.upper())
                documented.add(endpoint)
    assert documented == set(_declared(app))


class _Untouchable(io.BytesIO):
    """A body stream that fails the test if anything reads it."""

    def read(self, *_: Any) -> bytes:
        raise AssertionError("the body was read before the token was checked")

    readline = read


@pytest.mark.parametrize("endpoint", sorted(GUARDED))
def test_a_guarded_route_refuses_before_reading_the_body(app: Any, client: Any,
                                                         endpoint: str) -> None:
    app.config["BIGTWO_QUOTAS"] = Quotas(creation="keys")
    rule = next(r for r in app.url_map.iter_rules() if r.endpoint == endpoint)
    method = next(m for m in sorted(rule.methods or ()) if m.lower() in BODY_METHODS)
    path = rule.rule.replace("<tournament_id>", "nope").replace("<season_id>", "nope") \
        .replace("<record_id>", "r").replace("<table_id>", "nope")
    answer = client.open(path, method=method, input_stream=_Untouchable(b'{"a": 1234}'),
                         headers={"Authorization": "Bearer wrong", "Content-Length": "10",
                                  "Content-Type": "application/json"})
    assert answer.status_code in (401, 404)
    assert answer.mimetype == "application/problem+json"


def _table(client: Any) -> dict[str, Any]:
    made = client.post("/v1/tables", json={"profile": "hk-standard", "bots": [2, 3],
                                           "players": ["Ana", "Ben", "Cai", "Dee"]})
    assert made.status_code == 201, made.get_json()
    table: dict[str, Any] = made.get_json()
    return table


# On a table that exists: which token each guarded table route refuses, and with what.
TABLE_REFUSALS = [(endpoint, who, status)
                  for endpoint in ("tables.post_move", "tables.post_entropy",
                                   "tables.delete_table")
                  for who, status in (("wrong", 401), ("another table's seat", 403))] + [
    ("tables.post_move", "organiser", 403), ("tables.post_entropy", "organiser", 403),
    ("tables.delete_table", "seat", 403)]


@pytest.mark.parametrize(("endpoint", "who", "status"), TABLE_REFUSALS)
def test_a_table_route_refuses_a_token_before_reading_the_body(
        app: Any, client: Any, endpoint: str, who: str, status: int) -> None:
    """The table exists (no 404 to hide behind): the token itself is judged first."""
    table, other = _table(client), _table(client)
    token = {"wrong": "x" * 32, "another table's seat": other["seats"][0]["token"],
             "organiser": table["organiser_token"], "seat": table["seats"][0]["token"]}[who]
    rule = next(r for r in app.url_map.iter_rules() if r.endpoint == endpoint)
    method = next(m for m in sorted(rule.methods or ()) if m.lower() in BODY_METHODS)
    answer = client.open(rule.rule.replace("<table_id>", table["id"]), method=method,
                         input_stream=_Untouchable(b'{"pass": true}'),
                         headers={"Authorization": f"Bearer {token}", "Content-Length": "14",
                                  "Content-Type": "application/json"})
    assert answer.status_code == status, answer.get_json()
    assert answer.mimetype == "application/problem+json"
