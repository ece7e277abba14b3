"""RFC 9457 problem documents, as every failing response carries them."""

from __future__ import annotations

from marshmallow import INCLUDE, Schema, fields


class ProblemErrorSchema(Schema):
    pointer = fields.String(
        required=True,
        metadata={"description": "JSON Pointer into the request body ('' for the body as a "
                                 "whole, or for a query parameter, which `parameter` names)",
                  "example": "/cards/1"},
    )
    detail = fields.String(required=True, metadata={"example": "'XZ' is not a card"})
    parameter = fields.String(metadata={"description": "the query parameter at fault"})
    code = fields.String(metadata={"description": "rule error code (RECORDS.md), for rule "
                                                  "errors only"})
    # A live table's illegal move (TABLES.md) is refused with the report's own error.
    params = fields.Dict(keys=fields.String(), metadata={"description": "a rule error's parameters, as a report has them"})
    message = fields.String(metadata={"description": "a rule error's message in the negotiated "
                                                     "language, as a report has it"})
    deal = fields.Integer(allow_none=True, metadata={"description": "a rule error's deal"})
    move = fields.Integer(allow_none=True, metadata={"description": "a rule error's move"})
    seat = fields.Integer(allow_none=True, metadata={"description": "a rule error's seat"})


class LimitSchema(Schema):
    name = fields.String(required=True, metadata={"example": "MAX_RECORDS_PER_BATCH"})
    value = fields.Integer(required=True, metadata={"example": 100})


class ProblemSchema(Schema):
    """Extension members (``limit``, ``request_id``) may appear, as RFC 9457 allows."""

    class Meta:
        unknown = INCLUDE

    type = fields.String(required=True,
                         metadata={"example": "https://bigtwo.invalid/problems/invalid-input"})
    title = fields.String(required=True, metadata={"example": "Unprocessable Content"})
    status = fields.Integer(required=True, metadata={"example": 422})
    detail = fields.String(required=True)
    errors = fields.List(fields.Nested(ProblemErrorSchema),
                         metadata={"description": "every problem at once, each with its pointer"})
    limit = fields.Nested(LimitSchema, metadata={"description": "the limit that was exceeded"})
    request_id = fields.String(metadata={"description": "also in the X-Request-Id header"})
