"""Replays shared by link: POST /v1/replays stores a checked record on request, GET reads it.

The body and query are those of POST /v1/validate (a record; ?complete, ?profile), so a client
that validated a record can share it as it is. See ``bigtwo.store.replays`` for the id, the
bounds and why a full store refuses instead of evicting.
"""

from __future__ import annotations

from typing import Any

from flask import Response, current_app, jsonify, request
from flask_smorest import Blueprint

from app.api.common import body_errors, immutable, json_request_body, language, resolver
from app.api.examples import record_examples
from app.api.problem_helpers import register_problem_handlers
from app.clients import client_network
from app.metrics import count_checked
from app.problems import PROBLEM_TYPE_BASE, ProblemException, abort_problem, invalid, json_body
from app.store import get_store
from bigtwo import limits
from bigtwo.store import replays
from schemas.records import RecordSchema, ValidateOneQuerySchema
from schemas.replays import ReplayCreatedSchema, ReplaySchema

blp = Blueprint("replays", __name__, url_prefix="/v1/replays",
                description="Replays shared by link: a checked record stored on request")
register_problem_handlers(blp)


def body_limit() -> int:
    return int(current_app.config.get("MAX_CONTENT_LENGTH") or limits.MAX_BODY_BYTES)


def refuse(shared: replays.Shared) -> None:
    """The problem for a record that was not stored (a 4xx or 507), or nothing."""
    if shared.status == "invalid":
        invalid(shared.problems, "the record cannot be replayed")
    if shared.status == "too_large":
        abort_problem(413, "Content Too Large",
                      f"the record takes {shared.size} bytes stored; a shared replay may take "
                      f"at most {body_limit()}",
                      limit={"name": "MAX_BODY_BYTES", "value": body_limit()})
    if shared.status == "meta_too_large":
        abort_problem(413, "Content Too Large",
                      f"the record's meta takes {shared.size} bytes stored; a shared replay's "
                      f"meta may take at most {limits.MAX_SHARED_META_BYTES}",
                      errors=[{"pointer": "/meta", "detail": "over MAX_SHARED_META_BYTES"}],
                      limit={"name": "MAX_SHARED_META_BYTES",
                             "value": limits.MAX_SHARED_META_BYTES})
    if shared.status in ("allowance", "hourly"):
        raise _Allowance(shared)
    if shared.status == "full":
        abort_problem(507, "Insufficient Storage",
                      f"the service already keeps its limit of {limits.MAX_SHARED_REPLAYS} "
                      f"shared replays ({limits.MAX_SHARED_REPLAY_BYTES} bytes); old ones are "
                      "never evicted, so no new one can be stored until the operator makes room",
                      type_=PROBLEM_TYPE_BASE + "replay-quota",
                      limit={"name": "MAX_SHARED_REPLAYS",
                             "value": limits.MAX_SHARED_REPLAYS})


class _Allowance(ProblemException):
    """429: the client without a key has shared what it may (docs/SECURITY.md)."""

    def __init__(self, shared: replays.Shared) -> None:
        hourly = shared.status == "hourly"
        detail = (f"your network has shared {limits.SHARE_CLIENT_PER_HOUR} replays in the last "
                  "hour, what a client without a creation key may" if hourly else
                  f"your network holds what one client without a creation key may store by "
                  f"sharing ({limits.SHARE_CLIENT_MAX_REPLAYS} replays, "
                  f"{limits.SHARE_CLIENT_MAX_BYTES} bytes); links are never evicted, so ask "
                  "the operator for a creation key and send it as Authorization: Bearer")
        super().__init__(429, "Too Many Requests", detail + "; nothing was stored",
                         type_=PROBLEM_TYPE_BASE + "share-allowance")
        self.retry_after = "3600" if hourly else None

    def get_response(self, environ: Any = None, scope: Any = None) -> Response:
        response = super().get_response(environ, scope)
        if self.retry_after is not None:
            response.headers["Retry-After"] = self.retry_after
        return response


def sharer() -> str | None:
    """Whom a share counts against: the client's network, or None for a creation key."""
    return replays.sharer(get_store(), request.headers.get("Authorization"),
                          client_network(request.environ))


@blp.route("", methods=["POST"])
@blp.arguments(ValidateOneQuerySchema, location="query", as_kwargs=True)
@blp.doc(requestBody=json_request_body(RecordSchema, "a game record (RECORDS.md), as for "
                                                     "POST /v1/validate", record_examples()))
@blp.response(201, ReplayCreatedSchema, description="stored: the record's link, also in Location")
@blp.alt_response(200, schema=ReplayCreatedSchema,
                  description="this record (under this profile and ?complete) was shared before: "
                              "the same link, nothing stored")
@blp.alt_response(429, response="TOO_MANY_REQUESTS",
                  description="a client without a creation key has shared what it may "
                              "(share-allowance: SHARE_CLIENT_MAX_REPLAYS, _BYTES, _PER_HOUR; "
                              "Retry-After for the hourly one)")
@blp.alt_response(507, response="INSUFFICIENT_STORAGE",
                  description="the store holds its quota of shared replays (MAX_SHARED_REPLAYS), "
                              "or in keys mode the keyless half of it")
@body_errors(blp)
def share(complete: bool = True, lang: str | None = None, profile: str | None = None) -> Response:
    """Store a record that can be replayed (valid or not) and answer its permanent link."""
    shared = replays.share(get_store(), json_body(), complete=complete, default_profile=profile,
                           resolver=resolver(), max_bytes=body_limit(), lang=language(lang),
                           sharer=sharer())
    if shared.checked is not None:
        count_checked(shared.checked.report)
    refuse(shared)
    response = jsonify({"id": shared.id, "url": shared.url})
    response.status_code = 201 if shared.status == "created" else 200
    if shared.url is not None:
        response.headers["Location"] = shared.url
    return response


@blp.route("/<replay_id>")
@immutable(blp)  # a shared replay is never changed nor evicted: its link answers the same
@blp.response(200, ReplaySchema)
@blp.alt_response(404, response="NOT_FOUND", description="no replay was shared with this id")
def get_replay(replay_id: str) -> Any:
    """The shared record (as it was shared) and how to check it again."""
    found = replays.get(get_store(), replay_id)
    if found is None:
        abort_problem(404, "Not Found", f"no shared replay {replay_id}")
    # Answered as stored, not dumped through the schema: RecordSchema documents the shape, but
    # dumping would drop what it does not name (a move's "pass" is pass_ there, and meta).
    return jsonify(found)
