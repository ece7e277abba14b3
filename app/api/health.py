"""Liveness that means something: the store answers a query."""

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint

from app import get_store
from schemas.common import HealthSchema

blp = Blueprint("health", __name__, description="Operations")


@blp.route("/healthz")
@blp.response(200, HealthSchema)
def healthz() -> dict[str, Any]:
    """The service and its store are up."""
    get_store().ping()
    return {"status": "ok"}
