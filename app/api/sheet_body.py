"""Score sheets over HTTP: a ``text/csv`` body (RECORDS.md, score sheets) read as text.

The JSON endpoints that take a record (``POST /v1/validate``, tournament uploads) also take
a sheet; the profile comes from ``?profile=`` (a sheet has no room for one)."""

from __future__ import annotations

from typing import Any

from flask import request

from app.problems import PROBLEM_TYPE_BASE, abort_problem
from bigtwo.records import jsonin

CSV = "text/csv"
EXAMPLE = "deal,Ana,Ben,Cai,Dee\n1,0,5,2,9\n2,3,0,2S 5C,KH\n"


def is_sheet() -> bool:
    return (request.mimetype or "") == CSV


def sheet_text() -> str:
    """The request's sheet as text, or a 400 problem (not readable text in its charset, or a
    lone surrogate). The body limit was met at the door (app/body.py), chunked or not."""
    charset = request.mimetype_params.get("charset") or "utf-8"
    try:
        return jsonin.decode_text(request.get_data(cache=True), charset)
    except jsonin.JsonInputError as exc:
        abort_problem(400, "Bad Request", f"the score sheet is not readable text: {exc.detail}",
                      type_=PROBLEM_TYPE_BASE + "invalid-csv", code=exc.code)


def csv_content(description: str) -> dict[str, Any]:
    """The OpenAPI ``text/csv`` request content of an endpoint that takes a sheet."""
    return {CSV: {"schema": {"type": "string", "description": description},
                  "example": EXAMPLE}}


SHEET_DESCRIPTION = (
    "v2: a score sheet (RECORDS.md): header deal,<name>,... (optional deal_code column), then a "
    "row per deal whose cells are a count or the cards left, space-separated; 0 or empty: none. "
    "Give the profile with ?profile=. A sheet that cannot be right is a 422 whose errors name "
    "the row and column (/rows/3/Ben)."
)
