"""Traps a newcomer fell into (issue 17, point 7): a seat out of range said so in both counts,
a misspelt field or profile name answered with the nearest right one, and two profiles'
differences named rule by rule instead of by their hashes."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo.records.parse import parse_record
from bigtwo.reports.profile_diff import differences_text, profile_differences, rule_differences
from bigtwo.rules.profiles import DEFAULT_RESOLVER, DEFAULTS, PRESETS
from bigtwo.rules.suggest import did_you_mean, unknown_field, unknown_name


def _problems(doc: Any) -> list[tuple[str, str]]:
    record, found = parse_record(doc)
    assert record is None
    return [(p.pointer, p.detail) for p in found]


HANDS = [["3D"], ["4D"], ["5D"], ["6D"]]


# --- seats: a record counts from 0, the pages from 1 ------------------------------------------
@pytest.mark.parametrize(("profile", "seat", "detail"), [
    ("hk-standard", 4, "seat 4 is out of range: this table has seats 0-3 (shown as 1-4 on the pages)"),
    ("hk-standard", 5, "seat 5 is out of range: this table has seats 0-3 (shown as 1-4 on the pages)"),
    ("hk-standard", -1, "seat -1 is out of range: this table has seats 0-3 (shown as 1-4 on the pages)"),
    ({"extends": "hk-standard", "players": 3, "hand_size": 17}, 3,
     "seat 3 is out of range: this table has seats 0-2 (shown as 1-3 on the pages)"),
    ({"extends": "hk-standard", "players": 5, "hand_size": 10}, 5,
     "seat 5 is out of range: this table has seats 0-4 (shown as 1-5 on the pages)"),
])
def test_a_seat_out_of_range_says_both_counts(profile: Any, seat: int, detail: str) -> None:
    doc = {"profile": profile, "deals": [{"hands": HANDS, "moves": [{"seat": seat, "pass": True}]}]}
    assert _problems(doc) == [("/deals/0/moves/0/seat", detail)]


def test_a_seat_that_is_no_number_says_the_range() -> None:
    doc = {"profile": "hk-standard", "deals": [{"hands": HANDS, "moves": [{"seat": "1", "pass": True}]}]}
    assert _problems(doc) == [("/deals/0/moves/0/seat", "must be a seat number (0-3)")]


# --- did you mean ... ? -------------------------------------------------------------------------
@pytest.mark.parametrize(("doc", "pointer", "detail"), [
    ({"profile": "hk-standard", "deal": []}, "/deal", "unknown field (did you mean 'deals'?)"),
    ({"profile": "hk-standard", "player": ["A"], "deals": []}, "/player",
     "unknown field (did you mean 'players'?)"),
    ({"profile": "hk-standard", "deals": [{"hands": HANDS, "move": []}]}, "/deals/0/move",
     "unknown field (did you mean 'moves'?)"),
    ({"profile": "hk-standard", "deals": [{"hands": HANDS, "moves": [], "declard": {}}]},
     "/deals/0/declard", "unknown field (did you mean 'declared'?)"),
    ({"profile": "hk-standard", "deals": [{"result": {"cards-left": [0, 1, 1, 1]}}]},
     "/deals/0/result/cards-left", "unknown field (did you mean 'cards_left'?)"),
    ({"profile": "hk-standard", "deals": [{"hands": HANDS, "moves": [{"seat": 0, "plays": ["3D"]}]}]},
     "/deals/0/moves/0/plays", "unknown field (did you mean 'play'?)"),
    ({"profile": "hk-standard", "deals": [{"hands": HANDS, "moves": [], "xyzzy": 1}]},
     "/deals/0/xyzzy", "unknown field (the fields here: deal_code, declared, hands, moves, proof, result)"),
])
def test_an_unknown_record_field_suggests_the_right_one(doc: Any, pointer: str, detail: str) -> None:
    assert (pointer, detail) in _problems(doc)


@pytest.mark.parametrize(("ref", "pointer", "suggested"), [
    ("hk-standard5", "/profile", "hk-standard"),
    ("HK-Standard", "/profile", "hk-standard"),
    ("pusoy_dos", "/profile", "pusoy-dos"),
    ("bigtwoweb", "/profile", "big-two-web"),
    ({"extends": "casul"}, "/profile/extends", "casual"),
])
def test_an_unknown_profile_suggests_a_preset_and_lists_them(ref: Any, pointer: str,
                                                             suggested: str) -> None:
    profile, found = DEFAULT_RESOLVER.resolve(ref, "/profile")
    assert profile is None
    ((at, detail),) = [(p.pointer, p.detail) for p in found]
    assert at == pointer
    assert f"(did you mean {suggested!r}?)" in detail
    assert detail.endswith("; presets: hk-standard, big-two-web, casual, pusoy-dos, taiwanese, western")


def test_a_far_profile_name_only_lists_the_presets() -> None:
    _, found = DEFAULT_RESOLVER.resolve("p-0123456789ab", "/profile")
    assert [p.detail for p in found] == [
        "unknown profile 'p-0123456789ab'; presets: hk-standard, big-two-web, casual, pusoy-dos, taiwanese, western"]


@pytest.mark.parametrize(("typed", "meant"), [
    ("handsize", "hand_size"), ("hand-size", "hand_size"), ("HandSize", "hand_size"),
    ("suitorder", "suit_order"), ("tripels", "triples"), ("direciton", "direction"),
])
def test_the_helper_for_unknown_profile_fields(typed: str, meant: str) -> None:
    """The declaration checker (being rewritten) calls this with a level's fields."""
    assert did_you_mean(typed, DEFAULTS) == meant
    assert unknown_field(typed, DEFAULTS) == f"unknown field (did you mean {meant!r}?)"


def test_nothing_close_suggests_nothing() -> None:
    assert did_you_mean("zzz", DEFAULTS) is None
    assert did_you_mean("x" * 10_000, DEFAULTS) is None
    assert unknown_name("profile", "zzz", ["a", "b"]) == "unknown profile 'zzz'"
    assert unknown_name("profile", "zzz", ["a", "b"], "presets") == "unknown profile 'zzz'; presets: a, b"


# --- two profiles: the rules that differ -------------------------------------------------------
def test_rule_differences_by_field_path() -> None:
    theirs = {"a": 1, "s": {"x": 1, "y": [1, 2]}, "only_theirs": True}
    ours = {"a": 1, "s": {"x": 2, "y": [1, 2]}, "only_ours": "v"}
    assert rule_differences(theirs, ours) == [
        ("s.x", 1, 2), ("only_theirs", True, None), ("only_ours", None, "v")]


def test_a_profile_mismatch_names_the_rules() -> None:
    mine, _ = DEFAULT_RESOLVER.resolve({"extends": "casual", "hand_size": 3, "triples": True})
    assert mine is not None
    casual = PRESETS["casual"]
    assert profile_differences(mine, casual) == [("hand_size", 3, 13), ("triples", True, False)]
    assert differences_text(mine, casual) == (
        "hand_size: 3 (the record) vs 13 (this tournament); triples: yes (the record) vs no "
        "(this tournament)")
    text = differences_text(PRESETS["hk-standard"], casual)
    assert "scoring.tiers: x1 from 1, x2 from 8, x3 from 10, x4 from 13 (the record) vs x1 from 1" in text
    assert "sha256" not in text
