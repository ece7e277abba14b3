"""Rule profiles: declarations (full or ``extends`` + overrides), resolved profiles, lists.

The profile schemas are built from the core's field registry (``bigtwo.rules.registry``): each
registry entry becomes one marshmallow field with its type, choices, bounds and docs line, so
the documented shape cannot drift from what the resolver checks. They document the shape
only; declarations are checked by the core.
"""

from __future__ import annotations

from typing import Any

from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate

from bigtwo import limits
from bigtwo.rules import kinds
from bigtwo.rules.cards import TEAMS
from bigtwo.rules.choices import Field
from bigtwo.rules.declarations import LAYOUT, Group, plain
from bigtwo.rules.registry import NAME
from schemas.common import QueryInteger

DECLARATION_REF = "#/components/schemas/ProfileDeclaration"
CARD = {"type": "string", "example": "3D",
        "description": "rank then suit, or suit then rank: 2-9, T or 10, J, Q, K, A; "
                       "C D H S or ♣ ♦ ♥ ♠; any case"}


class StrictBool(fields.Boolean):
    """JSON true/false only: 1, "yes" or "true" are refused rather than guessed at."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> bool:
        if value is True or value is False:
            return value
        raise self.make_error("invalid", input=value)


class CardField(fields.String):
    """One card in any accepted spelling, loaded as its canonical name (as profiles read them)."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        try:
            return kinds.Card().load_value(value, False)
        except kinds.Invalid as exc:
            raise ValidationError(exc.messages) from None


_OBJECTS: dict[int, type[Schema]] = {}  # one schema per object kind (a list's items)


def _field(kind: kinds.Kind, name: str, required: bool, metadata: dict[str, Any]) -> fields.Field:  # type: ignore[type-arg]
    """The marshmallow field documenting one kind of the registry."""
    kw: dict[str, Any] = {"required": required, "allow_none": kind.nullable, "metadata": metadata}
    if isinstance(kind, kinds.Int):
        check = (validate.OneOf(kind.choices) if kind.choices is not None
                 else validate.Range(min=kind.minimum, max=kind.maximum))
        return fields.Integer(strict=True, validate=check, **kw)
    if isinstance(kind, kinds.Bool):
        return StrictBool(**kw)
    if isinstance(kind, kinds.Choice):
        return fields.String(validate=validate.OneOf(list(kind.enum)), **kw)
    if isinstance(kind, kinds.Text):
        return fields.String(validate=validate.Length(max=kind.max_length), **kw)
    if isinstance(kind, kinds.Card):
        return CardField(**{**kw, "metadata": {**CARD, **metadata}})
    if isinstance(kind, kinds.Straight):
        return fields.String(**{**kw, "metadata": {"example": "34567", **metadata}})
    if isinstance(kind, kinds.Teams):
        return fields.Raw(**{**kw, "metadata": {
            "type": "array", "items": {"type": "array", "items": {"type": "integer"}},
            "example": TEAMS, **metadata}})
    if isinstance(kind, kinds.ListOf):
        inner = _field(kind.item, name, True, {})
        return fields.List(inner, validate=validate.Length(min=kind.min_items, max=kind.max_items),
                           **kw)
    if isinstance(kind, kinds.Obj):
        schema = _OBJECTS.get(id(kind))
        if schema is None:
            attrs = {key: _field(k, key, True, {}) for key, k in kind.keys}
            schema = _OBJECTS[id(kind)] = _schema(name + "Schema", attrs)
        return fields.Nested(schema, **kw)
    if isinstance(kind, kinds.RankValues):
        # An object with one integer per rank, so generated clients get a typed model.
        schema = _OBJECTS.get(id(kind))
        if schema is None:
            ranks = {f"rank_{r}": fields.Integer(
                required=True, strict=True, data_key=r,
                validate=validate.Range(min=0, max=kind.maximum)) for r in "3456789TJQKA2"}
            ranks["rank_JK"] = fields.Integer(
                strict=True, data_key=kinds.JOKER_NAME, validate=validate.Range(min=0, max=kind.maximum),
                metadata={"description": "v4: the joker's value, required with jokers, refused without"})
            schema = _OBJECTS[id(kind)] = type("CardValuesSchema", (Schema,), {
                **ranks, "Meta": type("Meta", (), {"ordered": True})})
        return fields.Nested(schema, **{**kw, "metadata": {
            "description": "points per rank (all 13; '10' may be written for 'T'; and JK with "
                           "jokers)", **metadata}})
    raise TypeError(f"no schema for {kind!r}")


def _schema(name: str, attrs: dict[str, Any]) -> type[Schema]:
    # marshmallow names a field after its attribute; "from" is a keyword elsewhere.
    out = {}
    for key, value in attrs.items():
        if key in {"from"}:
            value.data_key = key
            key = key + "_"
        out[key] = value
    out["Meta"] = type("Meta", (), {"ordered": True})
    return type(name, (Schema,), out)


def _group_schema(group: Group, name: str, required: bool) -> type[Schema]:
    attrs: dict[str, Any] = {}
    for key, member in group.members.items():
        if isinstance(member, Group):
            inner = _group_schema(member, key.title() + ("Schema" if required else "OverridesSchema"),
                                  required)
            attrs[key] = fields.Nested(inner, required=required)
        else:
            attrs[key] = _entry(member, required)
    return _schema(name, attrs)


def _entry(f: Field, required: bool) -> fields.Field:  # type: ignore[type-arg]
    metadata = {"description": f"{f.doc} (since v{f.since})", "default": plain(f.default)}
    # Lists replace whole, so a list's items keep their required keys even in an override.
    return _field(f.kind, _ITEM_NAMES.get(f.attr, f.attr.title().replace("_", "")), required,
                  metadata)


_ITEM_NAMES = {"tiers": "Tier", "card_penalties": "CardPenalty"}


def _with_name(schema: type[Schema], name: str, required_name: bool,
               extra: dict[str, Any] | None = None) -> type[Schema]:
    attrs: dict[str, Any] = {"name": _field(NAME, "Name", required_name, {})}
    attrs.update(extra or {})
    attrs.update(schema._declared_fields)
    return _schema(name, attrs)


ProfileSchema = _with_name(_group_schema(LAYOUT, "ProfileRulesSchema", True), "ProfileSchema", False)

ProfileDeclarationSchema = _with_name(
    _group_schema(LAYOUT, "ProfileDeclarationRulesSchema", False), "ProfileDeclarationSchema", False,
    {"extends": fields.String(metadata={
        "description": "a preset or stored profile id; the other fields override it "
                       "(objects merge key by key, lists replace)",
        "example": "big-two-web"})},
)


class ResolvedProfileSchema(ProfileSchema):  # type: ignore[misc,valid-type]
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
