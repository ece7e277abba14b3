"""RFC 9457 problem documents: every HTTP failure leaves the service as one of these."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NoReturn

from flask import Response, json, request
from werkzeug.exceptions import HTTPException

from bigtwo.problems import Problem

PROBLEM_TYPE_BASE = "https://bigtwo.invalid/problems/"
MEDIA_TYPE = "application/problem+json"


class ProblemException(HTTPException):
    """Raised anywhere in a request to answer with a problem document."""

    def __init__(self, status: int, title: str, detail: str, *, type_: str | None = None,
                 errors: Iterable[Problem] | None = None, extra: dict[str, Any] | None = None) -> None:
        super().__init__(description=detail)
        self.code = status
        self.title = title
        self.detail = detail
        self.type_ = type_ or PROBLEM_TYPE_BASE + title.lower().replace(" ", "-")
        self.errors = [p.as_dict() for p in errors] if errors is not None else None
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


def problem_response(document: dict[str, Any]) -> Response:
    return Response(json.dumps(document), status=document["status"], mimetype=MEDIA_TYPE)


def abort_problem(status: int, title: str, detail: str, *, type_: str | None = None,
                  errors: Iterable[Problem] | None = None, **extra: Any) -> NoReturn:
    raise ProblemException(status, title, detail, type_=type_, errors=errors, extra=extra)


def invalid(problems: list[Problem], detail: str = "The request cannot be processed") -> NoReturn:
    """422 listing every problem at once, each with its JSON Pointer."""
    abort_problem(422, "Unprocessable Content", detail, type_=PROBLEM_TYPE_BASE + "invalid-input",
                  errors=problems)


def json_body() -> Any:
    """The request's JSON document, or a 415/400 problem saying what is wrong with it."""
    mimetype = request.mimetype or ""
    if mimetype != "application/json" and not mimetype.endswith("+json"):
        abort_problem(415, "Unsupported Media Type",
                      f"send JSON with Content-Type: application/json (got {mimetype or 'none'})")
    raw = request.get_data(cache=True)
    try:
        return json.loads(raw)
    except ValueError as exc:
        abort_problem(400, "Bad Request", f"the body is not valid JSON: {exc}",
                      type_=PROBLEM_TYPE_BASE + "invalid-json")
