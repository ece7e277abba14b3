"""The HTTP schemas take their limits from the core (issue 15): the OpenAPI document once
limited a seat to 3 and hands and names to 4 while profiles allowed 5 players; the profile
schemas are built from the field registry. Since rules v4 a table seats up to 8, and a hand
holds up to the supply of four decks with their jokers."""

from __future__ import annotations

import random
from typing import Any

import jsonschema
import pytest

from bigtwo.rules import cards
from bigtwo.rules.cards import MAX_DECKS, MAX_JOKERS, MAX_PLAYERS
from bigtwo.rules.profiles import DEFAULT_RESOLVER
from bigtwo.rules.registry import BY_PATH
from bigtwo.rules.simulate import simulate_record
from schemas.records import MoveSchema, RecordDealSchema, RecordSchema, ResultSchema

EIGHT = {"extends": "hk-standard", "players": 8, "hand_size": 13, "decks": 2}


def _length(field: Any) -> tuple[int | None, int | None]:
    (check,) = field.validators
    return check.min, check.max


def test_the_record_schemas_limits_are_the_cores() -> None:
    players = BY_PATH[("players",)].kind
    (seat,) = MoveSchema().fields["seat"].validators
    assert (seat.min, seat.max) == (0, MAX_PLAYERS - 1)
    assert _length(RecordSchema().fields["players"]) == (players.minimum, MAX_PLAYERS)  # type: ignore[attr-defined]
    hands = RecordDealSchema().fields["hands"]
    assert _length(hands)[1] == MAX_PLAYERS
    assert _length(hands.inner)[1] == MAX_DECKS * (cards.DECK_SIZE + MAX_JOKERS)  # type: ignore[attr-defined]
    assert _length(ResultSchema().fields["cards_left"])[1] == MAX_PLAYERS
    assert _length(ResultSchema().fields["left"])[1] == MAX_PLAYERS


def _eight_player_record() -> dict[str, Any]:
    profile, problems = DEFAULT_RESOLVER.resolve(EIGHT)
    assert profile is not None and profile.players == MAX_PLAYERS, problems
    doc = simulate_record(profile, 2, random.Random(15), profile_ref=EIGHT,
                          names=["Ana", "Ben", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal"])
    assert len(doc["deals"][0]["hands"]) == 8
    assert any(m["seat"] == 7 for m in doc["deals"][0]["moves"])
    return doc


def _openapi_validator(spec: dict[str, Any], component: str) -> jsonschema.Draft4Validator:
    schema = {"$ref": f"#/components/schemas/{component}", "components": spec["components"]}
    return jsonschema.Draft4Validator(schema)


def test_the_openapi_document_accepts_an_eight_player_record(client: Any) -> None:
    doc = _eight_player_record()
    assert RecordSchema().validate(doc) == {}
    spec = client.get("/openapi.json").json
    errors = [e.message for e in _openapi_validator(spec, "Record").iter_errors(doc)]
    assert errors == []
    # ... and the document still refuses a ninth seat
    ninth = {**doc, "players": [*doc["players"], "Ida"]}
    assert list(_openapi_validator(spec, "Record").iter_errors(ninth))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_valid_eight_player_record_validates(client: Any, lang: str) -> None:
    answer = client.post(f"/v1/validate?lang={lang}", json=_eight_player_record())
    assert answer.status_code == 200, answer.json
    assert answer.json["valid"] is True and len(answer.json["totals"]) == 8


def _resolve(spec: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = spec["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]]
    return node


@pytest.mark.parametrize("component", ["ProfileDeclaration", "ResolvedProfile"])
def test_the_profile_schemas_are_the_registry(client: Any, component: str) -> None:
    """Every registry field is documented with its choices, bounds and default, and nothing
    else is (schemas/profiles.py builds the schemas from bigtwo/rules/registry.py)."""
    from bigtwo.rules import kinds
    from bigtwo.rules.declarations import GROUPS, plain
    from bigtwo.rules.registry import FIELDS

    spec = client.get("/openapi.json").json
    top = _resolve(spec, {"$ref": f"#/components/schemas/{component}"})
    documented = {k for k in top["properties"] if k not in GROUPS} - {"name", "extends", "id", "hash"}
    for group in GROUPS:
        documented |= {f"{group}.{k}" for k in _resolve(spec, top["properties"][group])["properties"]}
    assert documented == {f.dotted for f in FIELDS}
    for f in FIELDS:
        node = top
        for key in f.path:
            node = _resolve(spec, node["properties"][key])
        assert node["default"] == plain(f.default), f.dotted
        if isinstance(f.kind, kinds.Choice):
            assert node["enum"] == list(f.kind.enum), f.dotted
        if isinstance(f.kind, kinds.Int) and f.kind.choices is None:
            assert (node["minimum"], node["maximum"]) == (f.kind.minimum, f.kind.maximum), f.dotted
        if isinstance(f.kind, kinds.ListOf):
            assert node["maxItems"] == f.kind.max_items, f.dotted
