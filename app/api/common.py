"""What the endpoints share: the profile resolver over the store, language negotiation, the
OpenAPI description of JSON request bodies that the core parses and of the paging and audit
query parameters, and the caching of answers that never change."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from flask import Response, current_app, jsonify, request
from flask_smorest import Blueprint
from marshmallow import Schema

from app.store import request_resolver
from bigtwo import limits
from bigtwo.reports.messages import LANGUAGES, pick_language
from bigtwo.rules.profiles import ProfileResolver

F = TypeVar("F", bound=Callable[..., Any])

# Statuses every JSON-body endpoint may answer besides its own, documented per operation.
JSON_BODY_ERRORS = (
    (400, "BAD_REQUEST", "the body is not JSON"),
    (413, "REQUEST_ENTITY_TOO_LARGE", "the body is over the size limit"),
    (415, "UNSUPPORTED_MEDIA_TYPE", "the body is not sent as application/json"),
    (422, "UNPROCESSABLE_ENTITY", "malformed input: every problem with its pointer"),
)


def body_errors(blp: Blueprint) -> Callable[[F], F]:
    """Document the problem statuses of a JSON-body endpoint (apply below ``blp.route``)."""

    def decorate(func: F) -> F:
        for status, name, description in JSON_BODY_ERRORS:
            func = blp.alt_response(status, response=name, description=description)(func)
        return func

    return decorate


def resolver() -> ProfileResolver:
    """Presets, plus every profile stored through POST /v1/profiles."""
    return request_resolver()


def language(query_lang: str | None) -> str:
    """``?lang=`` first, then Accept-Language by the caller's weights."""
    return pick_language(query_lang, request.headers.get("Accept-Language"))


def localized(body: Any, lang: str, status: int = 200) -> Response:
    """A JSON answer whose messages are in ``lang``; caches must key on Accept-Language."""
    response = jsonify(body)
    response.status_code = status
    response.headers["Content-Language"] = lang
    response.vary.add("Accept-Language")
    return response


def json_request_body(schema: type[Schema] | Schema, description: str,
                      examples: dict[str, Any] | None = None) -> dict[str, Any]:
    """A doc-only requestBody: the view parses the body itself (see ``app.problems.json_body``)
    so that the core's parser, not a second marshmallow pass, decides what is valid."""
    content: dict[str, Any] = {"schema": schema}
    if examples:
        content["examples"] = {k: {"value": v} for k, v in examples.items()}
    return {"required": True, "description": description,
            "content": {"application/json": content}}


def request_doc(schema: type[Schema] | dict[str, Any], description: str) -> dict[str, Any]:
    """The doc of a JSON request body that the view reads itself (``blp.doc(**...)``)."""
    return {"requestBody": {"required": True, "description": description,
                            "content": {"application/json": {"schema": schema}}}}


# The query parameters of a paged list, and of a change the audit log records.
PAGE_PARAMETERS = [
    {"in": "query", "name": "page", "schema": {"type": "integer", "minimum": 1,
                                               "maximum": limits.MAX_PAGE_NUMBER, "default": 1}},
    {"in": "query", "name": "per_page", "schema": {"type": "integer", "minimum": 1,
                                                   "maximum": limits.MAX_PER_PAGE,
                                                   "default": 50}},
]
CHANGE_PARAMETERS = [
    {"in": "query", "name": "reason", "description": "why, for the audit log",
     "schema": {"type": "string", "maxLength": limits.MAX_REASON_LENGTH}},
    {"in": "query", "name": "by", "description": "who: the organiser's label for the audit "
                                                 "log (the token is logged by its token_id)",
     "schema": {"type": "string", "maxLength": limits.MAX_ORGANISER_LABEL_LENGTH}},
]


# An answer that is the same forever (a stored profile is named by its hash, a deal code
# stands for the same hands, a preset's rules are fixed by its id): a year in any cache,
# never revalidated while fresh (RFC 8246).
IMMUTABLE = "public, max-age=31536000, immutable"

_CACHED_DOC = {
    "parameters": [{"in": "header", "name": "If-None-Match", "required": False,
                    "schema": {"type": "string"},
                    "description": "the ETag of a copy the caller holds: 304 if it is current"}],
    # Int statuses, as blp.response keys them (a string key would be a second entry).
    "responses": {
        200: {"headers": {
            "ETag": {"schema": {"type": "string"},
                     "description": "strong validator of the body (a hash of it)"},
            "Cache-Control": {"schema": {"type": "string"}, "description": IMMUTABLE}}},
        304: {"description": "not modified: the copy named by If-None-Match is current"},
    },
}


def immutable(blp: Blueprint) -> Callable[[F], F]:
    """An answer that never changes: ETag (a hash of the body), a year in caches, and 304 to
    a conditional GET. Apply between ``blp.route`` and ``blp.response``, so that it sees the
    response that flask-smorest made."""

    def decorate(func: F) -> F:
        @wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Response:
            response = current_app.make_response(func(*args, **kwargs))
            if response.status_code == 200:
                response.set_etag(hashlib.sha256(response.get_data()).hexdigest()[:32])
                response.headers["Cache-Control"] = IMMUTABLE
                response.make_conditional(request)
            return response

        return blp.doc(**_CACHED_DOC)(wrapper)  # type: ignore[no-any-return]

    return decorate


__all__ = ["CHANGE_PARAMETERS", "IMMUTABLE", "JSON_BODY_ERRORS", "LANGUAGES", "PAGE_PARAMETERS",
           "body_errors", "immutable", "json_request_body", "language", "localized",
           "request_doc", "resolver"]
