"""What the stateless endpoints share: the profile resolver over the store, language
negotiation, and the OpenAPI description of JSON request bodies that the core parses."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from flask import Response, jsonify, request
from flask_smorest import Blueprint
from marshmallow import Schema

from bigtwo.records.messages import LANGUAGES, pick_language
from bigtwo.rules.profiles import ProfileResolver

F = TypeVar("F", bound=Callable[..., Any])

# Statuses every JSON-body endpoint may answer besides its own, documented per operation.
BODY_ERRORS = (
    (400, "BAD_REQUEST", "the body is not JSON"),
    (413, "REQUEST_ENTITY_TOO_LARGE", "the body is over the size limit"),
    (415, "UNSUPPORTED_MEDIA_TYPE", "the body is not sent as application/json"),
    (422, "UNPROCESSABLE_ENTITY", "malformed input: every problem with its pointer"),
)


def body_errors(blp: Blueprint) -> Callable[[F], F]:
    """Document the problem statuses of a JSON-body endpoint (apply below ``blp.route``)."""

    def decorate(func: F) -> F:
        for status, name, description in BODY_ERRORS:
            func = blp.alt_response(status, response=name, description=description)(func)
        return func

    return decorate


def resolver() -> ProfileResolver:
    """Presets, plus every profile stored through POST /v1/profiles."""
    from app import request_resolver

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


__all__ = ["BODY_ERRORS", "LANGUAGES", "body_errors", "json_request_body", "language", "localized", "resolver"]
