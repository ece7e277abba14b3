"""RFC 9457 problem documents: every HTTP failure leaves the service as one of these.

``install(app)`` makes it so: werkzeug's HTTP errors (404, 405, 413, ...), flask-smorest's
argument errors (marshmallow messages), and any unexpected exception (a 500 that carries a
request id instead of a traceback) all answer with ``application/problem+json``.
"""

from __future__ import annotations

import http
import os
import re
import uuid
from collections.abc import Iterable, Mapping
from typing import Any, NoReturn

from flask import Flask, Response, current_app, g, has_request_context, json, request
from flask_smorest import Api
from flask_smorest.utils import prepare_response
from werkzeug.exceptions import HTTPException, MethodNotAllowed, RequestEntityTooLarge

from bigtwo.formats import jsoncodec, jsonin
from bigtwo.reports.i18n import pick_language
from bigtwo.reports.shape_words import localize
from bigtwo.rules.problems import Problem, from_marshmallow
from bigtwo.store.faults import StoreFault, fault
from bigtwo.store.quotas import QuotaExceeded
from schemas.problems import ProblemSchema

PROBLEM_TYPE_BASE = "https://bigtwo.invalid/problems/"
MEDIA_TYPE = "application/problem+json"
REQUEST_ID_HEADER = "X-Request-Id"
# A caller's own id is logged (as client_request_id) only when it is short and harmless.
_CALLER_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}")


class ProblemException(HTTPException):
    """Raised anywhere in a request to answer with a problem document."""

    def __init__(self, status: int, title: str, detail: str, *, type_: str | None = None,
                 errors: Iterable[Problem | Mapping[str, Any]] | None = None,
                 extra: dict[str, Any] | None = None) -> None:
        super().__init__(description=detail)
        self.code = status
        self.title = title
        self.detail = detail
        self.type_ = type_ or PROBLEM_TYPE_BASE + title.lower().replace(" ", "-")
        self.errors = (
            [p.as_dict() if isinstance(p, Problem) else dict(p) for p in _in_language(errors)]
            if errors is not None else None
        )
        self.extra = extra or {}

    def document(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"type": self.type_, "title": self.title, "status": self.code,
                               "detail": self.detail}
        if self.errors is not None:
            doc["errors"] = self.errors
        doc.update(self.extra)
        return doc

    def get_response(self, environ: Any = None, scope: Any = None) -> Response:
        return problem_response(self.document())


def _in_language(errors: Iterable[Problem | Mapping[str, Any]]) -> list[Problem | Mapping[str, Any]]:
    """A record's shape problems said in the caller's language (?lang=, then
    Accept-Language), as its rule errors are; pointers stay as they are."""
    items = list(errors)
    if not has_request_context():
        return items
    lang = pick_language(request.args.get("lang"), request.headers.get("Accept-Language"))
    said = iter(localize([p for p in items if isinstance(p, Problem)], lang))
    return [next(said) if isinstance(p, Problem) else p for p in items]


def problem_document(status: int, title: str, detail: str, *, type_: str | None = None,
                     errors: Iterable[Problem] | None = None, **extra: Any) -> dict[str, Any]:
    """The document alone, for a problem that travels inside another answer (batch items)."""
    return ProblemException(status, title, detail, type_=type_, errors=errors,
                            extra=extra).document()


def problem_response(document: dict[str, Any], headers: Mapping[str, str] | None = None) -> Response:
    response = Response(json.dumps(document), status=document["status"], mimetype=MEDIA_TYPE)
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def abort_problem(status: int, title: str, detail: str, *, type_: str | None = None,
                  errors: Iterable[Problem | Mapping[str, Any]] | None = None,
                  **extra: Any) -> NoReturn:
    raise ProblemException(status, title, detail, type_=type_, errors=errors, extra=extra)


def invalid(problems: list[Problem], detail: str = "The request cannot be processed",
            **extra: Any) -> NoReturn:
    """422 listing every problem at once, each with its JSON Pointer."""
    abort_problem(422, "Unprocessable Content", detail, type_=PROBLEM_TYPE_BASE + "invalid-input",
                  errors=problems, **extra)


def json_body() -> Any:
    """The request's JSON document, or a 415/400 problem saying what is wrong with it.

    The body was already read at the door (``app.body``): over the limit is a 413 there,
    whether it came with Content-Length or chunked."""
    mimetype = request.mimetype or ""
    if mimetype != "application/json" and not mimetype.endswith("+json"):
        abort_problem(415, "Unsupported Media Type",
                      f"send JSON with Content-Type: application/json (got {mimetype or 'none'})")
    return decode_json(request.get_data(cache=True))


def decode_json(raw: bytes | str) -> Any:
    """``bigtwo.formats.jsonin.loads``, its refusals as 400 problems (one type per rule)."""
    try:
        return jsonin.loads(raw)
    except jsonin.JsonInputError as exc:
        abort_problem(400, "Bad Request", exc.detail, **json_problem_fields(exc))


def json_problem_fields(exc: jsonin.JsonInputError) -> dict[str, Any]:
    """The problem document's type, errors and extensions for a refused JSON text."""
    fields: dict[str, Any] = {
        "type_": PROBLEM_TYPE_BASE + ("invalid-json" if exc.code == jsonin.INVALID_JSON
                                      else "json-" + exc.code),
        "code": exc.code,
    }
    if exc.pointer is not None:
        fields["errors"] = [Problem(exc.pointer, exc.detail)]
    if exc.position is not None:
        fields["position"] = exc.position
    if exc.limit is not None:
        fields["limit"] = {"name": exc.limit[0], "value": exc.limit[1]}
    return fields


# --- request ids -------------------------------------------------------------------------
def request_id() -> str:
    """This request's id: always one the service made (128 random bits), never the caller's,
    so no client can give its request another request's id. What the caller sent in
    X-Request-Id is logged beside it (``client_request_id``)."""
    rid: str | None = g.get("request_id")
    if rid is None:
        rid = uuid.uuid4().hex
        g.request_id = rid
    return rid


def client_request_id() -> str | None:
    """The caller's X-Request-Id when it matches ``[A-Za-z0-9._:-]{1,64}``, else None."""
    given = request.headers.get(REQUEST_ID_HEADER, "")
    return given if _CALLER_ID.fullmatch(given) else None


def _add_request_id(response: Response) -> Response:
    response.headers[REQUEST_ID_HEADER] = request_id()
    return response


# --- error handlers ----------------------------------------------------------------------
def _slug(title: str) -> str:
    return PROBLEM_TYPE_BASE + re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def _detail(error: HTTPException) -> str:
    if isinstance(error, RequestEntityTooLarge):
        limit = current_app.config["MAX_CONTENT_LENGTH"]
        return (f"the request body is over the limit of {limit} bytes "
                "(MAX_BODY_BYTES; BIGTWO_MAX_BODY sets it)")
    if error.code == 404:
        return (f"no resource at {request.path}; the API lives under /v1 "
                "and is described at /openapi.json")
    if isinstance(error, MethodNotAllowed):
        allow = ", ".join(sorted(error.valid_methods or []))
        return f"{request.method} is not allowed on {request.path}; allowed: {allow}"
    return error.description or http.HTTPStatus(error.code or 500).phrase


def _argument_problems(messages: Mapping[str, Any]) -> list[dict[str, str]]:
    """webargs keys messages by location; body pointers stay pointers, query ones name it."""
    out: list[dict[str, str]] = []
    for location, inner in messages.items():
        for p in from_marshmallow(inner):
            if location in ("json", "form", "files"):
                out.append(p.as_dict())
            else:
                name = p.pointer.lstrip("/").split("/")[0]
                out.append({"pointer": "", "parameter": name, "detail": p.detail})
    return out


def handle_http_exception(error: HTTPException) -> Response:
    if isinstance(error, ProblemException):
        return error.get_response()
    status = error.code or 500
    if status >= 500:
        original = error.original_exception if hasattr(error, "original_exception") else error
        named = fault(original) if original is not None else None
        return store_fault_response(named) if named is not None else _internal_error(original)
    # RFC 9110 renamed 422; keep one title for every 422 the service sends.
    title = "Unprocessable Content" if status == 422 else error.name
    doc: dict[str, Any] = {"type": _slug(title), "title": title, "status": status,
                           "detail": _detail(error)}
    data = getattr(error, "data", None) or {}
    if "messages" in data:  # flask-smorest (webargs) argument errors
        doc["type"] = PROBLEM_TYPE_BASE + "invalid-input"
        doc["detail"] = "The request's parameters are invalid"
        doc["errors"] = _argument_problems(data["messages"])
    if isinstance(error, RequestEntityTooLarge):
        doc["limit"] = {"name": "MAX_BODY_BYTES", "value": current_app.config["MAX_CONTENT_LENGTH"]}
    headers = {k: v for k, v in error.get_headers() if k.lower() in ("allow", "retry-after")}
    headers.update(data.get("headers") or {})
    return problem_response(doc, headers)


def _internal_error(error: BaseException | None) -> Response:
    rid = request_id()
    # The traceback goes to the log, keyed by the id the caller also sees; never to the body.
    current_app.logger.error("request %s failed: %s %s", rid, request.method, request.path, exc_info=error)
    return problem_response({
        "type": PROBLEM_TYPE_BASE + "internal-error", "title": "Internal Server Error",
        "status": 500,
        "detail": f"an unexpected fault; quote request id {rid} when reporting it",
        "request_id": rid,
    })


def store_fault_response(named: StoreFault) -> Response:
    """A write the store refused (read-only, full disk, ...): a named problem, not a 500."""
    current_app.logger.warning("request %s: the store refused a write: %s", request_id(),
                               named.detail)
    headers = {"Retry-After": "1"} if named.kind == "store-busy" else None
    return problem_response(problem_document(
        named.status, http.HTTPStatus(named.status).phrase, named.detail,
        type_=PROBLEM_TYPE_BASE + named.kind), headers)


def handle_unexpected(error: Exception) -> Response:
    if isinstance(error, HTTPException):  # pragma: no cover - routed to the handler above
        return handle_http_exception(error)
    named = fault(error)
    if named is not None:
        return store_fault_response(named)
    if isinstance(error, QuotaExceeded):  # wherever a write meets a quota: never a 500
        return quota_response(error)
    return _internal_error(error)


def quota_response(exc: QuotaExceeded) -> Response:
    return problem_response(problem_document(
        409, "Conflict", f"{exc}; nothing was stored", type_=PROBLEM_TYPE_BASE + "quota-exceeded",
        quota=exc.quota, limit=exc.limit, used=exc.used, adding=exc.adding))


class ProblemApi(Api):
    """flask-smorest's Api with problem documents as its error format, documented as such."""

    def __init__(self, app: Flask | None = None, **kwargs: Any) -> None:
        self.ERROR_SCHEMA = ProblemSchema
        super().__init__(app, **kwargs)

    def handle_http_exception(self, error: HTTPException) -> Response:
        return handle_http_exception(error)

    def _register_responses(self) -> None:
        # As flask-smorest does, but error responses are documented as problem+json.
        for status in http.HTTPStatus:
            response: dict[str, Any] = {"description": status.phrase}
            if not (100 <= status < 200) and status not in (204, 304):
                response["schema"] = self.ERROR_SCHEMA
            prepare_response(response, self.spec, MEDIA_TYPE)
            self.spec.components.response(status.name, response, lazy=True)
        response = {"description": "Any failure: an RFC 9457 problem document",
                    "schema": self.ERROR_SCHEMA}
        prepare_response(response, self.spec, MEDIA_TYPE)
        self.spec.components.response(self.DEFAULT_ERROR_RESPONSE_NAME, response, lazy=True)


def install(app: Flask) -> None:
    """Problem documents for every failure, and a request id on every response."""
    # The decoder's backend is the edge's choice (the core reads no environment).
    chosen = app.config.get("BIGTWO_JSON") or os.environ.get("BIGTWO_JSON")
    if chosen:
        jsoncodec.use_backend(chosen)
    app.after_request(_add_request_id)
    app.register_error_handler(HTTPException, handle_http_exception)
    app.register_error_handler(Exception, handle_unexpected)
