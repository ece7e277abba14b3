"""The OpenAPI document covers every route, and /docs works with no network."""

from __future__ import annotations

import re
from typing import Any

from flask_smorest import Blueprint as SmorestBlueprint
from werkzeug.routing import Rule

# Routes that are not part of the JSON API: the document itself, its viewer and its assets.
# HTML pages (plain Flask blueprints) are not JSON operations either.
NOT_API = ("/openapi.json", "/docs", "/static/")


def _openapi_path(rule: Rule) -> str:
    return re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)


def _api_rules(app: Any) -> list[Rule]:
    plain = {name for name, bp in app.blueprints.items() if not isinstance(bp, SmorestBlueprint)}
    return [r for r in app.url_map.iter_rules()
            if not r.rule.startswith(NOT_API) and r.endpoint.split(".")[0] not in plain]


def test_every_api_route_and_method_is_documented(app: Any, client: Any) -> None:
    paths = client.get("/openapi.json").json["paths"]
    rules = _api_rules(app)
    assert {"/v1/validate", "/v1/next", "/v1/profiles/{profile_id}"} <= {_openapi_path(r) for r in rules}
    for rule in rules:
        documented = paths.get(_openapi_path(rule))
        assert documented is not None, f"{rule.rule} is not in /openapi.json"
        for method in (rule.methods or set()) - {"HEAD", "OPTIONS"}:
            assert method.lower() in documented, f"{method} {rule.rule} is not documented"


def test_every_v1_route_is_served_by_a_documented_blueprint(app: Any) -> None:
    documented = {name for name, bp in app.blueprints.items() if isinstance(bp, SmorestBlueprint)}
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/v1/"):
            assert rule.endpoint.split(".")[0] in documented, rule.rule


def test_errors_are_documented_as_problem_json(client: Any) -> None:
    spec = client.get("/openapi.json").json
    default = spec["components"]["responses"]["DEFAULT_ERROR"]["content"]
    assert list(default) == ["application/problem+json"]
    operation = spec["paths"]["/v1/validate"]["post"]
    assert {"400", "413", "415", "422", "default"} <= set(operation["responses"])
    body = operation["requestBody"]["content"]["application/json"]["schema"]
    assert body == {"$ref": "#/components/schemas/Record"}


def test_docs_page_loads_nothing_from_elsewhere(client: Any) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    sources = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert sources and all(s.startswith("/") for s in sources), sources
    assert '"validatorUrl": null' in html
    assert "default-src 'self'" in page.headers["Content-Security-Policy"]
    for source in sources:
        asset = client.get(source)
        assert asset.status_code == 200 and len(asset.data) > 1000, source


def test_missing_asset_is_a_problem_404(client: Any) -> None:
    response = client.get("/docs/assets/nope.js")
    assert response.status_code == 404 and response.mimetype == "application/problem+json"
