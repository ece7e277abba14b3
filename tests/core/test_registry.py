"""The field registry (bigtwo/rules/registry.py), field by field: every registered field has its
docs row, a default that does not change the hash, a pointer for each bad value, an
explanation in every language, and a Profile attribute. A new field fails here until it is
complete (CONTRIBUTING.md, "Adding a house rule")."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from bigtwo.reports.field_text import label, value_text
from bigtwo.reports.i18n import DOMAIN, LANGUAGES, LOCALE_DIR
from bigtwo.rules import kinds
from bigtwo.rules.choices import LABEL_CONTEXT, V1, VALUE_CONTEXT, Field
from bigtwo.rules.codes import REASONS, RuleCode
from bigtwo.rules.declarations import defaults, explaining_fields, plain
from bigtwo.rules.profiles import PRESETS, ProfileResolver, hashed_rules, stored_id
from bigtwo.rules.registry import FIELDS

RULES = (Path(__file__).resolve().parents[2] / "docs" / "RULES.md").read_text(encoding="utf-8")
BY_NAME = {f.dotted: f for f in FIELDS}
with (Path(LOCALE_DIR) / f"{DOMAIN}.pot").open("rb") as _pot:  # a string (start-up)
    TEMPLATE = {(m.context, m.id) for m in read_po(_pot) if m.id}


def choices(kind: kinds.Kind) -> list[str]:
    """Every closed choice a kind holds, inside lists and objects too."""
    if isinstance(kind, kinds.Choice):
        return [v.value for v in kind.enum]
    if isinstance(kind, kinds.ListOf):
        return choices(kind.item)
    if isinstance(kind, kinds.Obj):
        return [v for _, k in kind.keys for v in choices(k)]
    return []


def nest(path: tuple[str, ...], value: Any) -> dict[str, Any]:
    out: Any = value
    for key in reversed(path):
        out = {key: out}
    assert isinstance(out, dict)
    return out


def bad_values(kind: kinds.Kind) -> list[Any]:
    """Values of the wrong type, out of range or too many, for one kind."""
    wrong = [{"an": "object"}] if not isinstance(kind, kinds.Teams) else []
    if isinstance(kind, kinds.Int):
        return [*wrong, "3", True, 2.5, kind.maximum + 1, kind.minimum - 1]
    if isinstance(kind, kinds.Bool):
        return [*wrong, "yes", 1]
    if isinstance(kind, kinds.Choice):
        return [*wrong, "no_such_choice", 7]
    if isinstance(kind, kinds.Teams):
        return ["x", [[0, 1], [2, 3]], [[0, 2]]]
    if isinstance(kind, kinds.ListOf):
        return [*wrong, "not a list", [{"x": 1}], [None] * (kind.max_items + 1)]
    if isinstance(kind, kinds.Obj):
        return [*wrong, "not an object", [1]]
    # Any other kind: values of the wrong JSON type at least (add its own bad values here).
    return [[["nested"]], 3.5]


@pytest.fixture(params=FIELDS, ids=lambda f: f.dotted)
def field(request: pytest.FixtureRequest) -> Field:
    return request.param  # type: ignore[no-any-return]


def test_it_has_a_docs_row(field: Field) -> None:
    assert re.search(rf"^\| `{re.escape(field.dotted)}` \|", RULES, re.M), field.dotted
    assert field.doc and field.section and field.played_by


def test_its_default_does_not_change_the_hash(field: Field) -> None:
    base = PRESETS["hk-standard"]  # hk-standard plays every default
    restated, problems = ProfileResolver().resolve(
        {"extends": "hk-standard", **nest(field.path, plain(field.default))})
    assert restated is not None, problems
    assert (restated.hash, restated.id) == (base.hash, stored_id(base.hash))
    hashed: Any = hashed_rules(base.rules)
    for key in field.path[:-1]:
        hashed = hashed[key]
    # A field newer than v1 is left out at its default, so v1 profiles keep their ids.
    assert (field.path[-1] in hashed) == (field.since == V1)


def test_its_default_is_a_valid_value(field: Field) -> None:
    loaded = field.kind.load(plain(field.default), False)
    assert loaded == plain(field.default)
    value: Any = defaults()
    for key in field.path:
        value = value[key]
    assert value == plain(field.default)


def test_a_bad_value_gets_a_pointer_at_the_field(field: Field) -> None:
    pointer = "/profile/" + "/".join(field.path)
    for bad in bad_values(field.kind):
        profile, problems = ProfileResolver().resolve({"extends": "hk-standard", **nest(field.path, bad)})
        assert profile is None, (field.dotted, bad)
        assert problems and all(p.pointer == pointer or p.pointer.startswith(pointer + "/")
                                for p in problems), (bad, problems)


def test_it_is_a_profile_attribute(field: Field) -> None:
    profile = PRESETS["pusoy-dos"]
    assert field.attr in vars(profile)
    assert getattr(profile, field.attr) == field.to_attribute(
        _get(profile.rules, field.path), profile.rules)


def _get(rules: Any, path: tuple[str, ...]) -> Any:
    for key in path:
        rules = rules[key]
    return rules


def test_its_words_are_messages_of_the_catalogs(field: Field) -> None:
    """Its label and its choices' values are extracted (`make extract`): the catalog tests
    (tests/reports/test_catalogs.py) then demand them translated in every language."""
    assert field.label.strip() and (LABEL_CONTEXT, field.label) in TEMPLATE, field.dotted
    missing = [v for v in choices(field.kind) if (VALUE_CONTEXT, v) not in TEMPLATE]
    assert missing == [], f"{field.dotted}: no messages for {missing}: run `make update`"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_it_has_an_explanation_in_every_language(field: Field, lang: str) -> None:
    assert label(field.dotted, lang).strip()
    assert value_text(field.dotted, plain(field.default), lang).strip()


def test_it_explains_rule_codes_that_name_it(field: Field) -> None:
    assert field.explains, f"{field.dotted} explains no rule code"
    for e in field.explains:
        assert isinstance(e.code, RuleCode)
        params: dict[str, Any] = {}
        if e.when is not None and e.code in REASONS:
            params = {"reason": e.when}
        elif e.code is RuleCode.DOES_NOT_BEAT:
            params = ({"played_kind": "flush", "table_kind": "pair"} if e.when == "across"
                      else {"revolution": True} if e.when == "revolution"
                      else {"played_kind": e.when, "table_kind": e.when})
        assert field.dotted in explaining_fields(e.code, params), e


def test_no_two_fields_share_a_label() -> None:
    """One message per field: two fields with one English label would share a translation."""
    labels = [f.label for f in FIELDS]
    assert len(labels) == len(set(labels))


def test_a_declared_result_that_differs_names_every_scoring_field_then_teams() -> None:
    fields = explaining_fields("DECLARED_MISMATCH", {})
    assert fields == (*(f.dotted for f in FIELDS if f.path[0] == "scoring"), "teams")
    assert fields[:5] == ("scoring.tiers", "scoring.two_held_factor", "scoring.two_held_cards",
                          "scoring.card_penalties", "scoring.settlement")  # as before the registry


def test_a_refusal_without_its_reason_names_every_field_with_a_reason() -> None:
    """The fallback of the table it replaced: every field a refused combination may be about."""
    fields = explaining_fields("COMBINATION_NOT_ALLOWED", {})
    assert fields[:3] == ("triples", "five_card_hands", "straights")
    assert set(fields) == {f.dotted for f in FIELDS
                           if any(e.code is RuleCode.COMBINATION_NOT_ALLOWED for e in f.explains)}


# The fields there were when the table below was pinned: a field added since may join a
# row (where its own `explains` names the code) without an edit here, while the pinned
# fields must keep their rows and their order.
PINNED_FIELDS = frozenset({
    "players", "hand_size", "direction", "suit_order", "triples", "five_card_hands", "straights",
    "straight_flushes", "flush_compare", "straight_flush_compare", "straight_key",
    "five_card_order", "cross_category", "bombs", "bomb_hands", "four_card_hands", "dragon",
    "passing", "opening.first_deal", "opening.later_deals", "opening.lead_alone",
    "must_play_first_trick", "no_single_two_finish_on_lead", "last_card_guard", "finish",
    "leftover", "revolution", "revolution_repeats", "teams", "scoring.tiers",
    "scoring.two_held_factor", "scoring.two_held_cards", "scoring.card_penalties",
    "scoring.settlement", "scoring.two_held_mode", "scoring.card_values",
    "scoring.held_hand_factor", "scoring.place_points", "match.max_deals", "match.target",
    "match.loss_limit",
})


@pytest.mark.parametrize(("code", "params", "expected"), [
    # The table that explaining_fields replaced, row by row (timeline.py before issue 15).
    ("PLAYER_COUNT", {}, ("players",)),
    ("HAND_SIZE", {}, ("hand_size", "leftover")),
    ("WRONG_TURN", {}, ("direction", "passing")),
    ("LOCKED_OUT", {}, ("passing", "direction")),
    # v3 combinations added four_card_hands and dragon (CARD_COUNT, across kinds),
    # opening.lead_alone (OPENING_CARD) and revolution_repeats (under a revolution).
    ("CARD_COUNT", {}, ("bombs", "bomb_hands", "four_card_hands", "dragon")),
    ("CATEGORY", {}, ("cross_category", "five_card_order")),
    ("OPENING_CARD", {}, ("suit_order", "opening.first_deal", "opening.later_deals",
                          "opening.lead_alone")),
    ("MUST_PLAY", {}, ("must_play_first_trick",)),
    ("FORBIDDEN_FINISH", {}, ("no_single_two_finish_on_lead",)),
    ("MATCH_OVER", {}, ("match.max_deals", "match.target", "match.loss_limit", "teams")),
    ("RESULT_CARD_COUNT", {}, ("hand_size", "leftover")),
    ("COMBINATION_NOT_ALLOWED", {"reason": "no_five_card_hands"}, ("five_card_hands",)),
    ("COMBINATION_NOT_ALLOWED", {"reason": "straight_not_listed"}, ("straights",)),
    ("DOES_NOT_BEAT", {"played_kind": "single", "table_kind": "single"}, ("suit_order",)),
    # v3 added straight_key (where suits decide) and straight_flush_compare to these two.
    ("DOES_NOT_BEAT", {"played_kind": "straight", "table_kind": "straight"},
     ("straights", "straight_key", "suit_order")),
    ("DOES_NOT_BEAT", {"played_kind": "straight_flush", "table_kind": "straight_flush"},
     ("straight_flushes", "straight_flush_compare", "straights", "straight_key", "suit_order")),
    ("DOES_NOT_BEAT", {"played_kind": "flush", "table_kind": "flush"}, ("flush_compare", "suit_order")),
    ("DOES_NOT_BEAT", {"played_kind": "triple", "table_kind": "triple"}, ()),
    ("DOES_NOT_BEAT", {"played_kind": "full_house", "table_kind": "four_of_a_kind"},
     ("five_card_order", "cross_category", "bombs", "bomb_hands", "dragon")),
    ("DOES_NOT_BEAT", {"played_kind": "pair", "table_kind": "pair", "revolution": True},
     ("suit_order", "revolution", "revolution_repeats")),
    ("LEADER_MUST_PLAY", {}, ()),
    ("CARD_NOT_HELD", {}, ()),
])
def test_explaining_fields_keeps_the_table_it_replaced(code: str, params: dict[str, Any],
                                                       expected: tuple[str, ...]) -> None:
    found = explaining_fields(code, params)
    assert tuple(f for f in found if f in PINNED_FIELDS) == expected
    for added in set(found) - PINNED_FIELDS:
        assert any(e.code == code for e in BY_NAME[added].explains), added


def test_a_pass_rule_is_a_switch() -> None:
    """``refuses_pass`` is read as "while the field is true" (the property tests' oracle), so
    only a boolean field declares one."""
    rules = [f for f in FIELDS if f.refuses_pass]
    assert rules, "the registry declares no pass rule"
    for f in rules:
        assert isinstance(f.kind, kinds.Bool), f.dotted
