"""What every blueprint of the API uses to answer a refusal as a problem document
(``app.problems``): the store's refusals (``bigtwo.store.errors.StoreError``) raised as
problems, a store use case called for a view, bad query parameters named one by one, the
problem answers documented per operation, and the handler that keeps a blueprint's problems
whole."""

from __future__ import annotations

from collections.abc import Callable
from http import HTTPStatus
from typing import Any, NoReturn

from flask import Response, request
from flask_smorest import Blueprint
from marshmallow import Schema, ValidationError

from app.problems import PROBLEM_TYPE_BASE, ProblemException, abort_problem
from app.store import get_store
from bigtwo.store.errors import StoreError

# What each problem status of an operation means, unless the resource says it otherwise.
ERROR_DOCS = {
    400: "the body is not JSON",
    401: "no token, or not a valid one (WWW-Authenticate: Bearer)",
    403: "the token of another tournament",
    404: "no such tournament (or, for a record, no such record in it)",
    409: "a quota is reached (quota-exceeded), a profile id is stored for other rules "
         "(profile-id-collision), or the record cannot be replaced (it was withdrawn "
         "already, or the replacement is itself or another record that counts); nothing was "
         "changed",
    413: "the body is over the size limit",
    415: "the body is not sent as application/json",
    422: "malformed input: every problem with its pointer; nothing was stored",
}
# Statuses every JSON-body operation may answer besides its own.
BODY_ERRORS = (400, 413, 415, 422)


class _ParameterProblem(dict[str, str]):
    """A problem with a query parameter: no body pointer, the parameter named instead.
    (A dict with ``as_dict`` so that either form of ``abort_problem`` accepts it.)"""

    def __init__(self, parameter: str, detail: str) -> None:
        super().__init__(pointer="", parameter=parameter, detail=detail)

    def as_dict(self) -> dict[str, str]:
        return dict(self)


def query_args(schema: Schema) -> dict[str, Any]:
    """The query string loaded by ``schema``, or a 422 naming each bad parameter."""
    try:
        loaded: dict[str, Any] = schema.load(request.args)
    except ValidationError as exc:
        messages = exc.messages if isinstance(exc.messages, dict) else {"": exc.messages}
        problems = [_ParameterProblem(name, "; ".join(map(str, detail if isinstance(detail, list) else [detail])))
                    for name, detail in messages.items()]
        abort_problem(422, "Unprocessable Content", "bad query parameters",
                      type_=PROBLEM_TYPE_BASE + "invalid-input", errors=problems)  # type: ignore[arg-type]
    return loaded


class _Unauthorized(ProblemException):
    def get_response(self, environ: Any = None, scope: Any = None) -> Response:
        response = super().get_response(environ, scope)
        response.headers["WWW-Authenticate"] = 'Bearer realm="bigtwo"'
        return response


def raise_problem(refusal: StoreError) -> NoReturn:
    """The store's refusal as the problem that answers the request."""
    kind = refusal.kind or ("invalid-input" if refusal.status == 422 else None)
    type_ = PROBLEM_TYPE_BASE + kind if kind else None
    problem = _Unauthorized if refusal.status == 401 else ProblemException
    raise problem(refusal.status, refusal.title, refusal.detail, type_=type_,
                  errors=refusal.problems)


def service_call(call: Callable[..., Any], *args: Any) -> Any:
    """``call(store, *args)`` on the request's store, its refusal raised as a problem."""
    try:
        return call(get_store(), *args)
    except StoreError as refusal:
        raise_problem(refusal)


def register_problem_handlers(bp: Blueprint) -> None:
    """Answer this blueprint's failures as problem documents whatever the app-wide handlers
    do (flask-smorest's own HTTPException handler would otherwise reformat them)."""
    bp.register_error_handler(ProblemException, lambda problem: problem.get_response())


def errors_of(bp: Blueprint, docs: dict[int, str] | None = None) -> Callable[..., Any]:
    """``errors(*statuses)``: document problem answers of ``bp``'s operations (problem+json,
    see app.problems), each status in the words of ``docs`` (by default ``ERROR_DOCS``)."""
    said = ERROR_DOCS if docs is None else docs

    def errors(*statuses: int) -> Any:
        def decorate(func: Any) -> Any:
            for status in statuses:
                func = bp.alt_response(status, response=HTTPStatus(status).name,
                                       description=said[status])(func)
            return func
        return decorate
    return errors
