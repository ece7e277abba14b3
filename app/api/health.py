"""Liveness that means something: the store answers a query, and can take a write."""

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint

from app.problems import PROBLEM_TYPE_BASE, abort_problem
from app.store import get_store
from schemas.common import HealthSchema

blp = Blueprint("health", __name__, description="Operations")


@blp.route("/healthz")
@blp.response(200, HealthSchema)
@blp.alt_response(503, response="SERVICE_UNAVAILABLE",
                  description="the store answers reads but cannot be written (store-read-only) "
                              "or its disk is full (store-full, also 507 on writes): every "
                              "read still answers, every write is refused with this problem")
def healthz() -> dict[str, Any]:
    """The service and its store are up, and the store can be written."""
    store = get_store()
    store.ping()
    refused = store.writable()
    if refused is not None:
        abort_problem(503, "Service Unavailable", refused.detail,
                      type_=PROBLEM_TYPE_BASE + refused.kind, writable=False)
    return {"status": "ok", "writable": True}
