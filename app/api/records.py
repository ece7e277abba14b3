"""Stored records, read back with a report that is never stale."""

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint

from app.api.problem_helpers import errors_of, query_args, register_problem_handlers, service_call
from bigtwo.store import tournaments
from schemas.records import LANG_DESCRIPTION, LANG_SCHEMA_EXTRAS
from schemas.tournaments import LangArgsSchema, StoredRecordSchema

blp = Blueprint("records", __name__, url_prefix="/v1/records",
                description="Tournaments: stored records")
register_problem_handlers(blp)
errors = errors_of(blp)


@blp.route("/<record_id>")
@blp.response(200, StoredRecordSchema)
@errors(404, 422)
@blp.doc(parameters=[{"in": "query", "name": "lang", "description": LANG_DESCRIPTION,
                      "schema": {"type": "string", **LANG_SCHEMA_EXTRAS, "default": "en"}}])
def get_record(record_id: str) -> Any:
    """The record as submitted, with its report (recomputed when the engine version or the
    profile changed since it was stored)."""
    args = query_args(LangArgsSchema())
    return service_call(tournaments.get_record, record_id, args["lang"])
