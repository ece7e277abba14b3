"""Replays shared by link (POST /v1/replays, GET /v1/replays/{id})."""

from __future__ import annotations

from marshmallow import Schema, fields

from schemas.records import RecordSchema

ID = {"example": "rp-5f0c2a9e41d7b3c86a1e0f42",
      "description": "derived from the record's identity and ?complete: the same record "
                     "always gets the same id"}


class ReplayCreatedSchema(Schema):
    id = fields.String(required=True, metadata=ID)
    url = fields.String(required=True, metadata={
        "example": "/replays/rp-5f0c2a9e41d7b3c86a1e0f42",
        "description": "the referee's view of the record, relative to the service's root"})


class ReplaySchema(ReplayCreatedSchema):
    record = fields.Nested(RecordSchema, required=True, metadata={
        "description": "the record as shared; when it named no profile, the one ?profile= gave"})
    complete = fields.Boolean(required=True, metadata={
        "description": "false when it was shared with ?complete=false (unfinished deals accepted)"})
    profile_id = fields.String(required=True, metadata={"example": "hk-standard"})
    shared_at = fields.String(required=True, metadata={"example": "2026-12-01T09:30:00.000+00:00"})
