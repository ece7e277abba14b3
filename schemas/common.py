import re
from collections.abc import Collection
from typing import Any

from marshmallow import Schema, ValidationError, fields

_ASCII_INT = re.compile(r"-?[0-9]{1,19}")


class HealthSchema(Schema):
    status = fields.String(required=True, metadata={"example": "ok"})
    writable = fields.Boolean(required=True, metadata={
        "description": "the store can take a write (else the answer is a 503 problem)"})


class QueryInteger(fields.Integer):
    """An integer query parameter: ASCII digits only. ``int()`` alone would also take
    ``"١٢"`` (Arabic-Indic digits), ``" 12 "`` and ``"1_2"``."""

    def _validated(self, value: object) -> int:
        if isinstance(value, str) and not _ASCII_INT.fullmatch(value):
            raise self.make_error("invalid", input=value)
        return super()._validated(value)  # type: ignore[no-any-return]


def component_ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def ref_field(component: str, choices: Collection[object] | None = None,
              **kwargs: Any) -> fields.Raw:
    """A field documented as a named component that no marshmallow schema describes (an enum,
    a oneOf). The reference sits in a one-member allOf so that a description and ``nullable``
    can stand beside it (OpenAPI 3.0 ignores the siblings of a bare ``$ref``).

    ``choices`` are checked when the schema loads (the tests' conformance checks) by a plain
    function, which apispec does not copy into the document as a second enum."""
    metadata = {"allOf": [component_ref(component)], **kwargs.pop("metadata", {})}
    if choices is not None:
        allowed = frozenset(choices)

        def one_of(value: object) -> None:
            if value not in allowed:
                raise ValidationError(f"{value!r} is not one of the {component} values")

        kwargs["validate"] = one_of
    return fields.Raw(metadata=metadata, **kwargs)
