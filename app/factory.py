"""The app factory, as Flask's tutorial has it: configuration, the store's lifecycle
(``app.store``), the problem documents and the layers around every request, then each
blueprint, imported and registered by name.

``app/__init__.py`` hands ``create_app`` on to here only when an app is made, so that
importing the package stays cheap (see its docstring).
"""

from __future__ import annotations

import os
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from flask import Flask

from app import clients, cors, headers, logs, metrics, problems, store, web
from app.api import (
    deals,
    docs_assets,
    draws,
    health,
    play,
    profiles,
    records,
    replays,
    seasons,
    tables,
    tournaments,
    validation,
)
from app.api.sheet_body import check_charset
from app.api.table_events import blp as table_events_blp
from app.api.table_events import init_app as table_events_init
from app.body import BodyGate, raise_body_problem, token_gate
from app.urls import parse_base_url
from app.web import notation_pages, shared
from app.web import tables as table_pages
from bigtwo import ENGINE_VERSION, limits
from bigtwo.store.paths import default_db_path
from bigtwo.store.quotas import Quotas
from schemas import openapi
from schemas.problems import ProblemSchema
from schemas.profiles import ProfileDeclarationSchema
from schemas.records import ReportSchema


def package_version() -> str:
    """The installed package's version, the one ``bigtwo --version`` prints (both read the
    package metadata that ``make venv`` installs from pyproject.toml)."""
    try:
        return version("bigtwo")
    except PackageNotFoundError:  # pragma: no cover - the app runs from an installed checkout
        return "0+unknown"


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The app, configured by the environment and ``test_config``; every blueprint mounted."""
    # Named for the package, as when the factory lived in it: the logger is "app".
    app = Flask("app")
    app.config.update(
        BIGTWO_DB=default_db_path(),
        MAX_CONTENT_LENGTH=int(os.environ.get("BIGTWO_MAX_BODY", limits.MAX_BODY_BYTES)),
        # Browser apps on other origins (app/cors.py): any origin for the checking endpoints,
        # none for the organisers' (token-bearing) ones unless listed.
        BIGTWO_CORS_ORIGINS=os.environ.get("BIGTWO_CORS_ORIGINS", "*"),
        BIGTWO_CORS_TOKEN_ORIGINS=os.environ.get("BIGTWO_CORS_TOKEN_ORIGINS", ""),
        # Where people reach the service (app/urls.py): the share link on a shared replay's
        # page is built from it, never from the request's Host or scheme; unset, it is
        # relative and the page completes it from the address the browser shows.
        BIGTWO_PUBLIC_URL=os.environ.get("BIGTWO_PUBLIC_URL", ""),
        # How many reverse proxies stand in front (app/clients.py): 0 reads no X-Forwarded-For.
        BIGTWO_PROXY_HOPS=os.environ.get("BIGTWO_PROXY_HOPS", ""),
        API_TITLE="bigtwo referee service",
        # The version a client pins is the package's (``bigtwo --version``); the engine that
        # rules, which reports also carry in their ``engine`` field, is an extension beside it.
        API_VERSION=package_version(),
        API_SPEC_OPTIONS={"info": {"x-engine-version": ENGINE_VERSION}},
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        OPENAPI_SWAGGER_UI_PATH="docs",
        # Served from the swagger-ui-bundle package (see app/api/docs_assets.py): no CDN.
        OPENAPI_SWAGGER_UI_URL="/docs/assets/",
        # Swagger UI would otherwise send the document to validator.swagger.io.
        OPENAPI_SWAGGER_UI_CONFIG={"validatorUrl": None},
        JSON_SORT_KEYS=False,
    )
    if test_config:
        app.config.update(test_config)
    # Quotas and who may create (bigtwo/store/quotas.py): the environment's unless given.
    app.config.setdefault("BIGTWO_QUOTAS", Quotas.from_env())
    public_url = app.config["BIGTWO_PUBLIC_URL"].strip()
    app.config["BIGTWO_PUBLIC_URL"] = (
        parse_base_url("BIGTWO_PUBLIC_URL", public_url) if public_url else "")
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.json.ensure_ascii = False  # type: ignore[attr-defined]

    store.init_app(app)
    problems.install(app)
    # Before any other: a charset outside the accepted list is a 415 before a byte is decoded.
    app.before_request(check_charset)
    headers.install(app)
    cors.install(app)
    # Read the body at the door, against the inclusive limit (app/body.py).
    app.wsgi_app = BodyGate(app.wsgi_app, lambda: app.config.get("MAX_CONTENT_LENGTH"),  # type: ignore[method-assign]
                            token_gate(app))
    app.before_request(raise_body_problem)
    # Outermost, so that every other layer sees the client the proxies saw.
    clients.install(app)
    api = problems.ProblemApi(app)
    app.extensions["bigtwo_api"] = api
    _register_shared_schemas(api)
    logs.init_app(app)
    # Mounted in this order: the OpenAPI document lists paths and tags in it.
    api.register_blueprint(health.blp)
    app.register_blueprint(web.bp)
    api.register_blueprint(tournaments.blp)
    tournaments.init_app(app)
    api.register_blueprint(records.blp)
    api.register_blueprint(deals.blp)
    api.register_blueprint(seasons.blp)
    seasons.init_app(app)
    api.register_blueprint(draws.blp)
    api.register_blueprint(validation.blp)
    api.register_blueprint(play.blp)
    api.register_blueprint(profiles.blp)
    api.register_blueprint(replays.blp)
    api.register_blueprint(tables.blp)
    tables.init_app(app)
    app.register_blueprint(shared.bp)
    app.register_blueprint(notation_pages.bp)
    app.register_blueprint(table_pages.bp)
    app.register_blueprint(docs_assets.bp)
    docs_assets.init_app(app)
    api.register_blueprint(table_events_blp)
    table_events_init(app)
    app.register_blueprint(metrics.bp)
    metrics.init_app(app)
    return app


def _register_shared_schemas(api: problems.ProblemApi) -> None:
    """Schemas that others refer to by name ($ref inside oneOf) must exist under that name."""
    openapi.install(api)
    known = api.spec.components.schemas
    for name, schema in (("Problem", ProblemSchema), ("ProfileDeclaration", ProfileDeclarationSchema),
                         ("Report", ReportSchema)):
        if name not in known:  # the error responses may have registered Problem already
            api.spec.components.schema(name, schema=schema)
