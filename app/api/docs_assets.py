"""Swagger UI's files, served by the app itself from the swagger-ui-bundle package, so /docs
works on a machine with no network; a strict CSP on /docs keeps the browser from fetching
anything elsewhere."""

from __future__ import annotations

from flask import Blueprint, Flask, Response, request, send_from_directory
from swagger_ui_bundle import swagger_ui_path

bp = Blueprint("docs_assets", __name__)

DOCS_CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline'; "
            "style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'")


@bp.route("/docs/assets/<path:filename>")
def asset(filename: str) -> Response:
    response = send_from_directory(str(swagger_ui_path), filename, max_age=86400)
    return response


def _docs_policy(response: Response) -> Response:
    if request.path == "/docs" or request.path.startswith("/docs/"):
        response.headers.setdefault("Content-Security-Policy", DOCS_CSP)
    return response


def init_app(app: Flask) -> None:
    app.after_request(_docs_policy)
