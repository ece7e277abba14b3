"""Seating draws: stateless, from the players present (docs/SEASONS.md, The draw)."""

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint

from app.api.common import request_doc
from app.api.problem_helpers import BODY_ERRORS, errors_of, register_problem_handlers, service_call
from app.problems import json_body
from bigtwo.store import seasons
from schemas.seasons import DrawRequestSchema, DrawSchema

blp = Blueprint("draws", __name__, url_prefix="/v1/draws",
                description="Seating draws for a club night")
register_problem_handlers(blp)
errors = errors_of(blp)


@blp.route("", methods=["POST"])
@blp.doc(**request_doc(DrawRequestSchema, "the players present, the profile (its table size), "
                                          "rounds, seed, and the tables already played"))
@blp.response(200, DrawSchema)
@errors(*BODY_ERRORS)
def make_draw() -> Any:
    """Tables for each round: sit-outs rotate, repeated meetings as few as found, the same
    draw for the same seed."""
    return service_call(lambda store: seasons.make_draw(store.profiles.resolver(), json_body())).as_json()
