"""POST /v1/validate and /v1/validate/batch: the same path as ``bigtwo validate``.

A record that breaks the rules is a 200 report with ``valid: false``; only a record that
cannot be replayed at all (wrong shape, unknown profile, over a limit) is a 422 problem.
"""

from __future__ import annotations

from typing import Any

from flask import Response
from flask_smorest import Blueprint

from app.api.common import body_errors, json_request_body, language, localized, resolver
from app.api.examples import record_examples
from app.api.notation_body import body_format, notation_content, notation_games
from app.api.sheet_body import SHEET_DESCRIPTION, csv_content, sheet_text
from app.metrics import count_checked
from app.problems import PROBLEM_TYPE_BASE, invalid, json_body, problem_document
from bigtwo import limits
from bigtwo.formats.notation.games import Game, place_errors
from bigtwo.formats.sheets import check_sheet
from bigtwo.records.parse import deals_in
from bigtwo.records.pipeline import check_record
from bigtwo.rules.problems import Problem
from schemas.records import (
    BatchRequestSchema,
    BatchResponseSchema,
    RecordSchema,
    ReportSchema,
    ValidateOneQuerySchema,
    ValidateQuerySchema,
)

blp = Blueprint("validation", __name__, url_prefix="/v1",
                description="Check game records against a rule profile")

NOT_REPLAYABLE = "the record cannot be replayed"



def _validate_doc() -> dict[str, Any]:
    body = json_request_body(RecordSchema, "a game record (RECORDS.md), or a score sheet as "
                                           "text/csv with ?profile=", record_examples())
    body["content"].update(csv_content(SHEET_DESCRIPTION))
    body["content"].update(notation_content())
    return body


@blp.route("/validate", methods=["POST"])
@blp.arguments(ValidateOneQuerySchema, location="query", as_kwargs=True)
@blp.doc(requestBody=_validate_doc())
@blp.response(200, ReportSchema, description="the report; valid is false when a rule is broken")
@body_errors(blp)
def validate(complete: bool = True, lang: str | None = None, profile: str | None = None) -> Response:
    """Replay one record (or score a sheet) and report every rule error."""
    chosen = language(lang)
    fmt = body_format()
    if fmt == "csv":
        return _validate_sheet(sheet_text(), profile, complete, chosen)
    game: Game | None = None
    if fmt == "notation":
        [game] = notation_games(chosen, profile, most=1,
                                more="a second game begins here; this request checks one: send "
                                     "several to POST /v1/validate/batch")
        doc = game.doc
    else:
        doc = json_body()
    checked = check_record(doc, complete=complete, lang=chosen, resolver=resolver(),
                           default_profile=profile)
    if game is not None and checked.report is not None:
        place_errors(checked.report, game)  # rule errors tied to the lines of their moves
    count_checked(checked.report)
    if checked.report is None:
        invalid(checked.problems, NOT_REPLAYABLE)
    return localized(checked.report, chosen)


def _validate_sheet(text: str, profile: str | None, complete: bool, lang: str) -> Response:
    if not profile:
        invalid([Problem("", "a score sheet names no profile: add ?profile=<id>")],
                "the score sheet cannot be scored")
    _, checked = check_sheet(text, profile, complete=complete, lang=lang, resolver=resolver())
    count_checked(checked.report)
    if checked.report is None:
        invalid(checked.problems, "the score sheet cannot be scored: every problem is named by "
                                  "row and column")
    return localized(checked.report, lang)


def _batch_records(body: Any) -> list[Any]:
    if not isinstance(body, dict):
        invalid([Problem("", 'a batch is an object: {"records": [...]}')])
    problems = [Problem("/" + key, "unknown field") for key in body if key != "records"]
    records = body.get("records")
    if not isinstance(records, list):
        problems.append(Problem("/records", "must be a list of records"))
        invalid(problems)
    if len(records) > limits.MAX_RECORDS_PER_BATCH:
        problems.append(Problem("/records", f"{len(records)} records is over the limit of "
                                            f"{limits.MAX_RECORDS_PER_BATCH} per batch"))
        invalid(problems, "the batch is over a limit",
                limit={"name": "MAX_RECORDS_PER_BATCH", "value": limits.MAX_RECORDS_PER_BATCH})
    if problems:
        invalid(problems)
    deals = deals_in(records)
    if deals > limits.MAX_DEALS_PER_BATCH:
        invalid([Problem("/records", f"{deals} deals in all is over the limit of "
                                     f"{limits.MAX_DEALS_PER_BATCH} per batch")],
                "the batch is over a limit",
                limit={"name": "MAX_DEALS_PER_BATCH", "value": limits.MAX_DEALS_PER_BATCH})
    return records


def _batch_doc() -> dict[str, Any]:
    body = json_request_body(
        BatchRequestSchema, f"at most {limits.MAX_RECORDS_PER_BATCH} records, "
                            f"{limits.MAX_DEALS_PER_BATCH} deals in all; or that many games of "
                            "Big Two notation as text/x-bigtwo")
    body["content"].update(notation_content())
    return body


@blp.route("/validate/batch", methods=["POST"])
@blp.arguments(ValidateQuerySchema, location="query", as_kwargs=True)
@blp.doc(requestBody=_batch_doc())
@blp.response(200, BatchResponseSchema,
              description="one report per record, in order; a record that cannot be replayed "
                          "gets its problem document (pointers relative to that record)")
@body_errors(blp)
def validate_batch(complete: bool = True, lang: str | None = None) -> Response:
    """Replay many records at once; one bad record does not spoil the others."""
    chosen = language(lang)
    games: list[Game] = []
    if body_format() == "notation":
        games = notation_games(chosen, most=limits.MAX_RECORDS_PER_BATCH)
        records = _batch_records({"records": [game.doc for game in games]})
    else:
        records = _batch_records(json_body())
    shared = resolver()  # one resolver: an inline profile repeated across records resolves once
    reports: list[dict[str, Any]] = []
    for index, doc in enumerate(records):
        checked = check_record(doc, complete=complete, lang=chosen, resolver=shared)
        if games and checked.report is not None:
            place_errors(checked.report, games[index])  # each game's rule errors at their lines
        count_checked(checked.report)
        if checked.report is None:
            reports.append(problem_document(
                422, "Unprocessable Content", NOT_REPLAYABLE,
                type_=PROBLEM_TYPE_BASE + "invalid-input", errors=checked.problems))
        else:
            reports.append(checked.report)
    return localized({"reports": reports}, chosen)
