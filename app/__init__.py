"""The Flask application: a thin HTTP adapter over the rules core (``bigtwo``) and the store."""

from __future__ import annotations

import importlib
import os
from typing import Any

from flask import Flask, g
from flask_smorest import Api

from bigtwo import ENGINE_VERSION, limits

from .store import Store, default_db_path

# Each module exposes ``blp`` (a flask_smorest.Blueprint, documented in the OpenAPI document)
# or ``bp`` (a plain Flask blueprint, e.g. HTML pages). Add a module here to mount it.
BLUEPRINT_MODULES = [
    "app.api.health",
]


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__)
    app.config.update(
        BIGTWO_DB=default_db_path(),
        MAX_CONTENT_LENGTH=int(os.environ.get("BIGTWO_MAX_BODY", limits.MAX_BODY_BYTES)),
        API_TITLE="bigtwo referee service",
        API_VERSION=ENGINE_VERSION,
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        OPENAPI_SWAGGER_UI_PATH="docs",
        # Served from the swagger-ui-bundle package (see app/api/docs_assets.py): no CDN.
        OPENAPI_SWAGGER_UI_URL="/docs/assets/",
        JSON_SORT_KEYS=False,
    )
    if test_config:
        app.config.update(test_config)
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

    api = Api(app)
    app.extensions["bigtwo_api"] = api
    for name in BLUEPRINT_MODULES:
        module = importlib.import_module(name)
        if hasattr(module, "blp"):
            api.register_blueprint(module.blp)
        else:
            app.register_blueprint(module.bp)
        if hasattr(module, "init_app"):
            module.init_app(app)
    return app


def get_store() -> Store:
    """The request's store connection, opened on first use and closed at teardown."""
    from flask import current_app

    if "store" not in g:
        g.store = Store(current_app.config["BIGTWO_DB"])
    store: Store = g.store
    return store
