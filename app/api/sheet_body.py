"""Score sheets over HTTP: a ``text/csv`` body (RECORDS.md, score sheets) read as text.

The JSON endpoints that take a record (``POST /v1/validate``, tournament uploads) also take
a sheet; the profile comes from ``?profile=`` (a sheet has no room for one)."""

from __future__ import annotations

from typing import Any

from flask import current_app, request
from werkzeug.exceptions import RequestEntityTooLarge

from ..problems import PROBLEM_TYPE_BASE, abort_problem

CSV = "text/csv"
EXAMPLE = "deal,Ana,Ben,Cai,Dee\n1,0,5,2,9\n2,3,0,2S 5C,KH\n"


def is_sheet() -> bool:
    return (request.mimetype or "") == CSV


def sheet_text() -> str:
    """The request's sheet as text, or a 400 problem (not UTF-8) / 413 (over the limit)."""
    raw = request.get_data(cache=True)
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    if request.content_length is None and limit is not None and len(raw) >= limit:
        raise RequestEntityTooLarge()  # a chunked body cut at the limit, as for JSON
    charset = (request.mimetype_params.get("charset") or "utf-8").lower()
    try:
        return raw.decode("utf-8-sig" if charset in ("utf-8", "utf8") else charset)
    except (UnicodeDecodeError, LookupError) as exc:
        abort_problem(400, "Bad Request", f"the score sheet is not readable text: {exc}",
                      type_=PROBLEM_TYPE_BASE + "invalid-csv")


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
