"""The fields of several decks, jokers and larger tables (issue 38) worded in every language,
as the pages' "house rules" and the tournaments' "profiles differ" read them, and shown by
/v1/profiles/{id}."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo.reports.field_text import label, value_text
from bigtwo.reports.messages import LANGUAGES

FIELDS = [("decks", 2), ("jokers", 1), ("players", 8), ("timeouts", "pass"),
          ("last_card_call", "liable"), ("unbeatable_ends_trick", True),
          ("scoring.sweep_factor", 2), ("five_card_order", ["straight", "five_of_a_kind"]),
          ("bomb_hands", ["five_of_a_kind"])]
OTHERS = [lang for lang in LANGUAGES if lang != "en"]


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize(("field", "value"), FIELDS)
def test_every_new_field_has_its_words(lang: str, field: str, value: Any) -> None:
    assert label(field, lang) and label(field, lang) != label(field, "en")
    assert value_text(field, value, lang)


@pytest.mark.parametrize("lang", OTHERS)
def test_the_calls_liability_is_not_worded_as_the_guards(lang: str) -> None:
    # Same value, another rule: a winner who did not call pays, not a seat that did not play
    # its highest single.
    assert value_text("last_card_call", "liable", lang) != value_text("last_card_guard", "liable", lang)


def test_english_keeps_the_spelling_a_profile_is_written_with() -> None:
    assert value_text("last_card_call", "liable", "en") == "liable"


def test_the_resolved_profile_shows_every_new_field(client: Any) -> None:
    declared = {"extends": "hk-standard", "name": "Jokers at eight", "players": 8, "hand_size": 13,
                "decks": 2, "jokers": 1, "timeouts": "pass", "last_card_call": "liable",
                "unbeatable_ends_trick": True, "scoring": {"settlement": "pairwise", "sweep_factor": 2}}
    made = client.post("/v1/profiles", json=declared)
    assert made.status_code == 201, made.get_data(as_text=True)
    shown = client.get(f"/v1/profiles/{made.json['id']}").json
    assert {k: shown[k] for k in ("players", "decks", "jokers", "timeouts", "last_card_call",
                                  "unbeatable_ends_trick")} == {
        "players": 8, "decks": 2, "jokers": 1, "timeouts": "pass", "last_card_call": "liable",
        "unbeatable_ends_trick": True}
    assert shown["scoring"]["sweep_factor"] == 2
    listed = client.get("/v1/profiles?per_page=100").json["profiles"]
    assert made.json["id"] in [p["id"] for p in listed]
