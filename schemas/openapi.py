"""How the HTTP schemas are written into the OpenAPI document, beyond what apispec does itself.

A nullable nested object comes out of apispec (for OpenAPI 3.0) as ``anyOf: [{$ref},
{type: object, nullable: true}]``: valid, but client generators turn the second member into
an empty model of its own, so a client gets ``Combination | EvaluateResponseCombinationType1
| None`` instead of ``Combination | None``. It is written here as ``allOf: [{$ref}],
nullable: true``, which says the same and which generators read as intended.
"""

from __future__ import annotations

from typing import Any

from bigtwo.records.messages import CODES

# Components that are not marshmallow schemas: shared enums and unions.
COMPONENTS: dict[str, dict[str, Any]] = {
    "RuleCode": {"type": "string", "enum": list(CODES),
                 "description": "a rule error code (RECORDS.md, error table)"},
}

_NULL_OBJECT = {"type": "object", "nullable": True}


def nullable_as_allof(converter: Any, field: Any, ret: dict[str, Any], **_: Any) -> dict[str, Any]:
    """An apispec attribute function (it runs after apispec's own, so it sees their result)."""
    members = ret.get("anyOf")
    if isinstance(members, list) and _NULL_OBJECT in members:
        rest = [m for m in members if m != _NULL_OBJECT]
        del ret["anyOf"]
        ret["allOf"] = rest
        ret["nullable"] = True
    return {}


def install(api: Any) -> None:
    """Before any schema is converted: the converter hook, then the shared components."""
    api.ma_plugin.converter.add_attribute_function(nullable_as_allof)
    known = api.spec.components.schemas
    for name, schema in COMPONENTS.items():
        if name not in known:
            api.spec.components.schema(name, schema)
