"""How the HTTP schemas are written into the OpenAPI document, beyond what apispec does itself.

A nullable reference (a nested object or a named enum that may be null) is written as
``anyOf: [{$ref}, {type: <its type>, nullable: true, enum: [null]}]``:

- OAS 3.0.3 reads ``nullable`` only beside a ``type`` in the same schema object, so a strict
  validator (openapi-schema-validator) refuses null for ``allOf: [{$ref}], nullable: true``:
  the referenced schema has a type and no ``nullable``, and allOf asks for it too;
- apispec's own ``anyOf: [{$ref}, {type: object, nullable: true}]`` lets null through but
  also any object, and client generators turn that member into an empty model of its own
  (``Combination | EvaluateResponseCombinationType1 | None``);
- the member that holds only null is read by generators as None (openapi-python-client) or
  ``null`` (openapi-typescript), so a client gets ``Combination | None``.
"""

from __future__ import annotations

from typing import Any

from bigtwo.reports.messages import CODES

# Components that are not marshmallow schemas: shared enums and unions.
COMPONENTS: dict[str, dict[str, Any]] = {
    "RuleCode": {"type": "string", "enum": list(CODES),
                 "description": "a rule error code (RECORDS.md, error table)"},
}

_APISPEC_NULL = {"type": "object", "nullable": True}
_REF_PREFIX = "#/components/schemas/"


def null_only(type_: str) -> dict[str, Any]:
    """The schema that holds null and nothing else, in OAS 3.0 terms."""
    return {"type": type_, "nullable": True, "enum": [None]}


def _type_of(spec: Any, members: list[Any]) -> str:
    """The type of the one referenced component (the null member says the same type)."""
    if len(members) == 1 and isinstance(members[0], dict) and "$ref" in members[0]:
        name = str(members[0]["$ref"]).removeprefix(_REF_PREFIX)
        known = COMPONENTS.get(name) or (spec.components.schemas.get(name) if spec else None)
        if isinstance(known, dict) and isinstance(known.get("type"), str):
            return str(known["type"])
    return "object"


def nullable_reference(converter: Any, field: Any, ret: dict[str, Any], **_: Any) -> dict[str, Any]:
    """An apispec attribute function (it runs after apispec's own, so it sees their result)."""
    spec = getattr(converter, "spec", None)
    members = ret.get("anyOf")
    if isinstance(members, list) and _APISPEC_NULL in members:
        rest = [m for m in members if m != _APISPEC_NULL]
        ret["anyOf"] = [*rest, null_only(_type_of(spec, rest))]
    elif ret.get("nullable") is True and "type" not in ret and isinstance(ret.get("allOf"), list):
        rest = ret.pop("allOf")
        del ret["nullable"]
        ret["anyOf"] = [*rest, null_only(_type_of(spec, rest))]
    return {}


def install(api: Any) -> None:
    """Before any schema is converted: the converter hook, then the shared components."""
    api.ma_plugin.converter.add_attribute_function(nullable_reference)
    known = api.spec.components.schemas
    for name, schema in COMPONENTS.items():
        if name not in known:
            api.spec.components.schema(name, schema)
