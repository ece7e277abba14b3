"""The Flask application: a thin HTTP adapter over the rules core (``bigtwo``) and the store.

Importing this package must stay cheap: the command line (``bigtwo.cli.main``) lives in it, and
``bigtwo validate`` must not load Flask, the store or the API schemas (tests/cli/test_startup.py
checks). So Flask and everything built on it are imported inside the functions below, never at
the top of this file.
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING, Any

from bigtwo import native

# Before the core is imported: its compiled modules run only when current (bigtwo.native).
CORE = native.choose(dict(os.environ))

from bigtwo import ENGINE_VERSION, limits  # noqa: E402 - after the choice above


def package_version() -> str:
    """The installed package's version, the one ``bigtwo --version`` prints (both read the
    package metadata that ``make venv`` installs from pyproject.toml)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("bigtwo")
    except PackageNotFoundError:  # pragma: no cover - the app runs from an installed checkout
        return "0+unknown"
from bigtwo.rules.profiles import ProfileResolver  # noqa: E402

if TYPE_CHECKING:
    from flask import Flask

    from bigtwo.store.db import Store

# Each module exposes ``blp`` (a flask_smorest.Blueprint, documented in the OpenAPI document)
# or ``bp`` (a plain Flask blueprint, e.g. HTML pages). Add a module here to mount it.
BLUEPRINT_MODULES = [
    "app.api.health",
    "app.web",
    "app.api.tournaments", "app.api.records", "app.api.deals",
    "app.api.seasons", "app.api.draws",
    "app.api.validation",
    "app.api.play",
    "app.api.profiles",
    "app.api.replays", "app.web.shared", "app.web.notation_pages",
    "app.api.docs_assets",
    "app.metrics",
]


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    from flask import Flask, g

    from app import clients, cors, headers, logs
    from app.api.sheet_body import check_charset
    from app.body import BodyGate, raise_body_problem, token_first
    from app.problems import ProblemApi, install
    from app.urls import parse_base_url
    from bigtwo.store.db import Store
    from bigtwo.store.paths import default_db_path
    from bigtwo.store.quotas import Quotas

    app = Flask(__name__)
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

    store = Store(app.config["BIGTWO_DB"])
    store.migrate()
    store.close()

    @app.teardown_appcontext
    def _close_store(_: BaseException | None) -> None:
        opened = g.pop("store", None)
        if opened is not None:
            opened.close()

    install(app)
    # Before any other: a charset outside the accepted list is a 415 before a byte is decoded.
    app.before_request(check_charset)
    headers.install(app)
    cors.install(app)
    # Read the body at the door, against the inclusive limit (app/body.py).
    app.wsgi_app = BodyGate(app.wsgi_app, lambda: app.config.get("MAX_CONTENT_LENGTH"),  # type: ignore[method-assign]
                            token_first(app))
    app.before_request(raise_body_problem)
    # Outermost, so that every other layer sees the client the proxies saw.
    clients.install(app)
    api = ProblemApi(app)
    app.extensions["bigtwo_api"] = api
    _register_shared_schemas(api)
    logs.init_app(app)
    for name in BLUEPRINT_MODULES:
        module = importlib.import_module(name)
        if hasattr(module, "blp"):
            api.register_blueprint(module.blp)
        else:
            app.register_blueprint(module.bp)
        if hasattr(module, "init_app"):
            module.init_app(app)
    return app


def _register_shared_schemas(api: Any) -> None:
    """Schemas that others refer to by name ($ref inside oneOf) must exist under that name."""
    from schemas import openapi
    from schemas.problems import ProblemSchema
    from schemas.profiles import ProfileDeclarationSchema
    from schemas.records import ReportSchema

    openapi.install(api)
    known = api.spec.components.schemas
    for name, schema in (("Problem", ProblemSchema), ("ProfileDeclaration", ProfileDeclarationSchema),
                         ("Report", ReportSchema)):
        if name not in known:  # the error responses may have registered Problem already
            api.spec.components.schema(name, schema=schema)


def request_resolver() -> ProfileResolver:
    """Presets, plus stored profiles; the store is opened only when a stored id is looked up,
    so requests naming a preset never touch the database."""
    return ProfileResolver(lambda profile_id: get_store().profiles.declaration(profile_id),
                           lambda profile_id: get_store().profiles.stored_hash(profile_id))


def get_store() -> Store:
    """The request's store connection, opened on first use and closed at teardown."""
    from flask import current_app, g

    from bigtwo.store.db import Store

    if "store" not in g:
        g.store = Store(current_app.config["BIGTWO_DB"], current_app.config["BIGTWO_QUOTAS"])
    store: Store = g.store
    return store
