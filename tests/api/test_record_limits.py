"""The HTTP schemas take their limits from the core (issue 15): the OpenAPI document once
limited a seat to 3 and hands and names to 4 while profiles allow 5 players."""

from __future__ import annotations

import random
from typing import Any

import jsonschema
import pytest

from bigtwo.rules import cards
from bigtwo.rules.fields import BY_PATH
from bigtwo.rules.profiles import DEFAULT_RESOLVER
from bigtwo.rules.runs import MAX_PLAYERS
from bigtwo.rules.simulate import simulate_record
from schemas.records import MoveSchema, RecordDealSchema, RecordSchema, ResultSchema

FIVE = {"extends": "hk-standard", "players": 5, "hand_size": 10, "leftover": "to_opener"}


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
    assert _length(hands.inner)[1] == cards.DECK_SIZE  # type: ignore[attr-defined]
    assert _length(ResultSchema().fields["cards_left"])[1] == MAX_PLAYERS
    assert _length(ResultSchema().fields["left"])[1] == MAX_PLAYERS


def _five_player_record() -> dict[str, Any]:
    profile, problems = DEFAULT_RESOLVER.resolve(FIVE)
    assert profile is not None and profile.players == MAX_PLAYERS, problems
    doc = simulate_record(profile, 2, random.Random(15), profile_ref=FIVE,
                          names=["Ana", "Ben", "Cai", "Dee", "Eve"])
    assert len(doc["deals"][0]["hands"]) == 5
    assert any(m["seat"] == 4 for m in doc["deals"][0]["moves"])
    return doc


def _openapi_validator(spec: dict[str, Any], component: str) -> jsonschema.Draft4Validator:
    schema = {"$ref": f"#/components/schemas/{component}", "components": spec["components"]}
    return jsonschema.Draft4Validator(schema)


def test_the_openapi_document_accepts_a_five_player_record(client: Any) -> None:
    doc = _five_player_record()
    assert RecordSchema().validate(doc) == {}
    spec = client.get("/openapi.json").json
    errors = [e.message for e in _openapi_validator(spec, "Record").iter_errors(doc)]
    assert errors == []
    # ... and the document still refuses a sixth seat
    sixth = {**doc, "players": [*doc["players"], "Fay"]}
    assert list(_openapi_validator(spec, "Record").iter_errors(sixth))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_valid_five_player_record_validates(client: Any, lang: str) -> None:
    answer = client.post(f"/v1/validate?lang={lang}", json=_five_player_record())
    assert answer.status_code == 200, answer.json
    assert answer.json["valid"] is True and len(answer.json["totals"]) == 5
