"""What a profile can cost (issue 10, class 4): every list in a declaration is bounded and its
length checked before its items; a stored profile is schema-checked once, not per record."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo import limits
from bigtwo.rules import profiles
from bigtwo.rules.kinds import Card
from tests.api.helpers import assert_problem, pointers
from tests.hostile.costly import huge_hand_record

PENALTY = {"cards": ["2D"], "all": True, "points": 1}


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many times a profile declaration is schema-checked, and how many cards it reads."""
    counts = {"declarations": 0, "cards": 0}
    check, card = profiles.check_declaration, Card.load_value

    def counting_check(*args: Any, **kwargs: Any) -> Any:
        counts["declarations"] += 1
        return check(*args, **kwargs)

    def counting_card(self: Any, *args: Any, **kwargs: Any) -> Any:
        counts["cards"] += 1
        return card(self, *args, **kwargs)

    monkeypatch.setattr(profiles, "check_declaration", counting_check)
    monkeypatch.setattr(Card, "load_value", counting_card)
    profiles._CHECKED.clear()
    return counts


@pytest.mark.parametrize(("field", "value", "pointer"), [
    ("scoring", {"card_penalties": [PENALTY] * 3200}, "/scoring/card_penalties"),
    ("scoring", {"two_held_cards": ["2D"] * 5000}, "/scoring/two_held_cards"),
    ("scoring", {"tiers": [{"from": 1, "multiplier": 1}] * 60}, "/scoring/tiers"),
    ("suit_order", ["D"] * 5000, "/suit_order"),
    ("straights", ["34567"] * 5000, "/straights"),
    ("five_card_order", ["flush"] * 5000, "/five_card_order"),
])
def test_an_overlong_list_is_refused_before_its_items_are_read(
        client: Any, counted: dict[str, int], field: str, value: Any, pointer: str) -> None:
    answer = client.post("/v1/profiles", json={"extends": "hk-standard", field: value})
    doc = assert_problem(answer, 422)
    assert pointer in pointers(doc)
    assert counted["cards"] <= 4  # the default two_held_cards only: no item of the long list


def test_card_penalties_limit_is_inclusive(client: Any) -> None:
    penalties = [{"cards": ["2D"], "all": True, "points": i} for i in
                 range(limits.MAX_PROFILE_CARD_PENALTIES)]
    answer = client.post("/v1/profiles", json={"extends": "hk-standard",
                                               "scoring": {"card_penalties": penalties}})
    assert answer.status_code == 201, answer.json


def test_a_stored_profile_is_checked_once_for_a_batch_and_across_requests(
        client: Any, counted: dict[str, int]) -> None:
    penalties = [{"cards": ["2D"], "all": True, "points": i} for i in
                 range(limits.MAX_PROFILE_CARD_PENALTIES)]
    from tests.hostile.costly import HUGE_HAND_PROFILE

    declared = client.post("/v1/profiles", json={**HUGE_HAND_PROFILE,
                                                 "scoring": {"card_penalties": penalties}})
    assert declared.status_code == 201
    pid = declared.json["id"]
    counted["declarations"] = 0
    batch = {"records": [huge_hand_record(2, profile=pid) for _ in range(50)]}
    for _ in range(3):
        answer = client.post("/v1/validate/batch", json=batch)
        assert answer.status_code == 200
        assert all(r["valid"] for r in answer.json["reports"])
    assert counted["declarations"] <= 1  # 150 records, 3 requests: one schema check at most


def test_a_profile_stored_before_the_bounds_still_resolves(app: Any, client: Any,
                                                           counted: dict[str, int]) -> None:
    """Stored profiles are immutable: one with more card penalties than the bound allows
    now (stored by an earlier version) keeps playing, checked once like any other."""
    import json as jsonlib

    from bigtwo.store.db import Store
    from tests.hostile.costly import HUGE_HAND_PROFILE

    over = limits.MAX_PROFILE_CARD_PENALTIES * 50
    resolved = client.get("/v1/profiles/hk-standard").json
    resolved = {**{k: v for k, v in resolved.items() if k not in ("id", "hash", "preset")},
                **{k: v for k, v in HUGE_HAND_PROFILE.items() if k != "extends"}}
    resolved["scoring"] = {**resolved["scoring"], "card_penalties": [PENALTY] * over}
    store = Store(app.config["BIGTWO_DB"])
    with store.write() as db:
        db["profiles"].insert({"id": "p-old000000000", "hash": "sha256:old", "name": "old",
                               "declaration": jsonlib.dumps(resolved),
                               "resolved": jsonlib.dumps(resolved), "created_at": "t"})
    store.close()
    counted["declarations"] = 0
    batch = {"records": [huge_hand_record(2, profile="p-old000000000") for _ in range(20)]}
    answer = client.post("/v1/validate/batch", json=batch)
    assert answer.status_code == 200, answer.json
    assert all(r.get("valid") for r in answer.json["reports"]), answer.json["reports"][0]
    assert counted["declarations"] == 1
