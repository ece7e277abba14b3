"""Score sheets over HTTP: a ``text/csv`` body (RECORDS.md, score sheets) read as text.

The JSON endpoints that take a record (``POST /v1/validate``, tournament uploads) also take
a sheet; the profile comes from ``?profile=`` (a sheet has no room for one)."""

from __future__ import annotations

from typing import Any

from flask import request

from app.problems import PROBLEM_TYPE_BASE, abort_problem
from bigtwo.formats import jsonin
from bigtwo.formats.sheet_text import SheetTextError, decode_sheet
from bigtwo.reports.i18n import pick_language

CSV = "text/csv"
EXAMPLE = "deal,Ana,Ben,Cai,Dee\n1,0,5,2,9\n2,3,0,2S 5C,KH\n"


def is_sheet() -> bool:
    return (request.mimetype or "") == CSV


# Every other text body (JSON, forms, multipart) is UTF-8: declaring anything else is a 415.
UTF8_NAMES = ("utf-8", "utf8", "us-ascii", "ascii")


def _unsupported(detail: str) -> None:
    abort_problem(415, "Unsupported Media Type", detail,
                  type_=PROBLEM_TYPE_BASE + "unsupported-charset", code=jsonin.UNSUPPORTED_CHARSET,
                  accepted=list(jsonin.CHARSET_NAMES if is_sheet() else ("utf-8", "us-ascii")))


def check_charset() -> None:
    """``before_request``, app-wide: a declared charset outside the accepted list is a 415
    problem on every endpoint and page, before a byte of the body is decoded (a CSV sheet
    takes ``jsonin.CHARSETS``; everything else is UTF-8)."""
    declared = request.mimetype_params.get("charset")
    if declared is None:
        return
    name = declared.strip().strip('"').lower()
    if is_sheet():
        if name not in jsonin.CHARSETS:
            try:
                jsonin.decode_text(b"", declared)
            except jsonin.JsonInputError as exc:
                _unsupported(exc.detail)
    elif name not in UTF8_NAMES:
        shown = "".join(c if c.isprintable() and c.isascii() else "?" for c in declared[:40])
        _unsupported(f"charset {shown!r} is not accepted: this body is UTF-8 "
                     "(declare utf-8, or no charset)")


def sheet_text() -> str:
    """The request's sheet as text, read as ``bigtwo.formats.sheet_text`` reads a sheet (a
    byte-order mark, else the declared charset, else UTF-16, UTF-8, the legacy code page of
    the answer's language), or a problem: 415 for a charset that is not accepted, 400 naming
    the line no encoding reads and how to save the sheet as UTF-8, in the answer's language.
    The body limit was met at the door (app/body.py), chunked or not."""
    lang = pick_language(request.args.get("lang"), request.headers.get("Accept-Language"))
    try:
        return decode_sheet(request.get_data(cache=True), request.mimetype_params.get("charset"),
                            lang).text
    except SheetTextError as exc:
        if exc.code == jsonin.UNSUPPORTED_CHARSET:
            _unsupported(exc.detail)
        extra = {} if exc.line is None else {"line": exc.line}
        abort_problem(400, "Bad Request", exc.detail, type_=PROBLEM_TYPE_BASE + "invalid-csv",
                      code=exc.code, **extra)


def csv_content(description: str) -> dict[str, Any]:
    """The OpenAPI ``text/csv`` request content of an endpoint that takes a sheet."""
    return {CSV: {"schema": {"type": "string", "description": description},
                  "example": EXAMPLE}}


def sheet_description(profile: str) -> str:
    """The sheet body's description; ``profile`` says where the sheet's profile comes from."""
    return ("v2: a score sheet (RECORDS.md): header deal,<name>,... (optional deal_code column), "
            "then a row per deal whose cells are a count or the cards left, space-separated; 0 "
            f"or empty: none. {profile} A sheet that cannot be right is a 422 whose errors name "
            "the row and column (/rows/3/Ben).")


# /v1/validate has no profile of its own to score a sheet by; a tournament has one.
SHEET_DESCRIPTION = sheet_description("Give the profile with ?profile= (required).")
TOURNAMENT_SHEET_DESCRIPTION = sheet_description(
    "It is scored by the tournament's profile: no ?profile= is needed (one naming another "
    "profile is refused).")
