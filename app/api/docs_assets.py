"""Swagger UI's files, served by the app itself from the swagger-ui-bundle package, so /docs
works on a machine with no network; a strict CSP on /docs keeps the browser from fetching
anything elsewhere.

Only the three files the /docs page loads (flask-smorest's swagger_ui.html) are served: the
package also holds Swagger UI's stock index.html (which loads petstore.swagger.io),
oauth2-redirect.html, the index.j2 template and source maps, none of which this service
means to publish. Any other name is a 404 problem."""

from __future__ import annotations

from flask import Blueprint, Flask, Response, request, send_from_directory
from swagger_ui_bundle import swagger_ui_path

from app.problems import abort_problem

bp = Blueprint("docs_assets", __name__)

ASSETS = frozenset({"swagger-ui.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js"})
DOCS_CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline'; "
            "style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'")


@bp.route("/docs/assets/<path:filename>")
def asset(filename: str) -> Response:
    if filename not in ASSETS:
        abort_problem(404, "Not Found", f"no resource at {request.path}; /docs/assets/ holds "
                                        "only the files the /docs page loads")
    response = send_from_directory(str(swagger_ui_path), filename, max_age=86400)
    return response


def _docs_policy(response: Response) -> Response:
    if request.path == "/docs" or request.path.startswith("/docs/"):
        response.headers.setdefault("Content-Security-Policy", DOCS_CSP)
    return response


def init_app(app: Flask) -> None:
    app.after_request(_docs_policy)
