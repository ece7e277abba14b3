"""Rule profiles: declarations (full or ``extends`` + overrides), resolved profiles, lists.

The field definitions come from the core's own ``bigtwo.rules.profile_schema`` so the documented
shape cannot drift from what the resolver checks.
"""

from __future__ import annotations

import copy
from typing import Any

from marshmallow import EXCLUDE, Schema, fields, validate

from bigtwo import limits
from bigtwo.rules.profile_schema import ProfileSchema
from schemas.common import QueryInteger

DECLARATION_REF = "#/components/schemas/ProfileDeclaration"


def _optional(schema: type[Schema], name: str, extra: dict[str, Any] | None = None) -> type[Schema]:
    """A copy of ``schema`` with every field optional: a declaration overrides only some.

    Nested objects merge key by key, so they become optional too; lists replace whole,
    so a list's items keep their required fields.
    """
    attrs: dict[str, Any] = {}
    for key, field in schema._declared_fields.items():
        field = copy.deepcopy(field)
        field.required = False
        if isinstance(field, fields.Nested) and isinstance(field.nested, type):
            nested = field.nested
            field.nested = _optional(nested, nested.__name__.replace("Schema", "OverridesSchema"))
        attrs[key] = field
    attrs.update(extra or {})
    attrs["Meta"] = type("Meta", (), {"ordered": True})
    return type(name, (Schema,), attrs)


ProfileDeclarationSchema = _optional(
    ProfileSchema, "ProfileDeclarationSchema",
    {"extends": fields.String(metadata={
        "description": "a preset or stored profile id; the other fields override it "
                       "(objects merge key by key, lists replace)",
        "example": "big-two-web"})},
)


class ResolvedProfileSchema(ProfileSchema):
    """Every field, defaults filled: what GET /v1/profiles/{id} answers."""

    id = fields.String(required=True, metadata={"example": "p-3f2a9c0d1e4b"})
    hash = fields.String(required=True, metadata={"example": "sha256:..."})
    name = fields.String(required=True)


class DeclaredProfileSchema(ResolvedProfileSchema):
    """What POST /v1/profiles answers: the stored profile (as GET answers it)."""

    declared_name = fields.String(metadata={
        "description": "only when this declaration's name differs from the stored one: the "
                       "id names the rules, and a profile keeps the name it was first "
                       "declared with"})


class ProfileListItemSchema(Schema):
    id = fields.String(required=True, metadata={"example": "hk-standard"})
    name = fields.String(required=True)
    hash = fields.String(required=True)
    preset = fields.Boolean(required=True, metadata={"description": "built in, or declared"})


class ProfileListSchema(Schema):
    profiles = fields.List(fields.Nested(ProfileListItemSchema), required=True)
    page = fields.Integer(required=True)
    per_page = fields.Integer(required=True)
    total = fields.Integer(required=True, metadata={"description": "presets and stored profiles"})
    next_page = fields.Integer(allow_none=True, required=True,
                               metadata={"description": "the following page, or null"})


class ProfileListArgsSchema(Schema):
    class Meta:
        unknown = EXCLUDE

    page = QueryInteger(load_default=1, validate=validate.Range(min=1, max=limits.MAX_PAGE_NUMBER),
                        metadata={"description": "1 for the first page (presets first)"})
    per_page = QueryInteger(load_default=limits.DEFAULT_PER_PAGE,
                            validate=validate.Range(min=1, max=limits.MAX_PER_PAGE),
                            metadata={"description": f"1 to {limits.MAX_PER_PAGE}"})


class ProfileRefField(fields.Raw):
    """A preset id, a stored profile id, or an inline declaration (documented as oneOf)."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {
            "oneOf": [{"type": "string", "example": "pusoy-dos"}, {"$ref": DECLARATION_REF}],
            "description": "a preset id, a stored profile id (p-...), or an inline "
                           "declaration (full, or extends + overrides)",
        }
        super().__init__(metadata=metadata, **kwargs)
