"""Rule profiles: presets as RULES.md's table states them, declarations that check themselves."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo.rules.profiles import DEFAULT_RESOLVER, PRESETS, ProfileResolver

BASE = ["34567", "45678", "56789", "6789T", "789TJ", "89TJQ", "9TJQK", "TJQKA"]


@pytest.mark.parametrize(
    ("preset", "expected"),
    [
        ("hk-standard", dict(players=4, direction="clockwise", suit_order=("D", "C", "H", "S"), triples=True,
                             straights=tuple(BASE), flush_compare="rank_first", cross_category=True,
                             passing="rejoin", later_deals="previous_winner", settlement="winner_takes_all")),
        ("big-two-web", dict(players=4, direction="counterclockwise", suit_order=("D", "C", "H", "S"), triples=True,
                             straights=(*BASE, "23456", "A2345"), flush_compare="suit_first",
                             cross_category=True, passing="rejoin", later_deals="lowest_card",
                             settlement="winner_takes_all")),
        ("casual", dict(players=4, direction="clockwise", suit_order=("D", "C", "H", "S"), triples=False,
                        straights=tuple(BASE), flush_compare="rank_first", cross_category=True,
                        passing="rejoin", later_deals="lowest_card", settlement="penalty_only")),
        ("pusoy-dos", dict(players=4, direction="counterclockwise", suit_order=("C", "S", "H", "D"),
                           triples=True, straights=tuple(BASE), flush_compare="suit_first",
                           cross_category=False, passing="locked_out", later_deals="previous_winner",
                           settlement="winner_takes_all")),
    ],
)
def test_presets_follow_rules_md(preset: str, expected: dict[str, Any]) -> None:
    p = PRESETS[preset]
    for field, value in expected.items():
        assert getattr(p, field) == value, field
    # All presets: RULES.md's shared line
    assert (p.five_card_hands, p.bombs, p.must_play_first_trick, p.no_single_two_finish_on_lead,
            p.two_held_factor, p.hand_size, p.max_deals, p.target) == (True, "none", False, False, 1, 13, None, None)


@pytest.mark.parametrize(
    ("preset", "tiers"),
    [("hk-standard", [(1, 1), (8, 2), (10, 3), (13, 4)]), ("big-two-web", [(1, 1), (10, 2), (13, 3)]),
     ("casual", [(1, 1)]), ("pusoy-dos", [(1, 1), (10, 2), (13, 3)])],
)
def test_preset_tiers(preset: str, tiers: list[tuple[int, int]]) -> None:
    assert [(t.start, t.multiplier) for t in PRESETS[preset].tiers] == tiers


def test_pusoy_card_penalties_declared() -> None:
    rules = [(c.cards, c.all, c.points) for c in PRESETS["pusoy-dos"].card_penalties]
    assert rules == [(("2D",), True, 1), (("2C", "2D", "2H", "2S"), True, 4)]


def test_hash_is_over_the_rules_only() -> None:
    restated, _ = DEFAULT_RESOLVER.resolve({"extends": "hk-standard", "triples": True, "name": "Mine"})
    assert restated is not None and restated.hash == PRESETS["hk-standard"].hash
    spelled, _ = DEFAULT_RESOLVER.resolve({"extends": "hk-standard", "suit_order": ["d", "c", "h", "s"]})
    assert spelled is not None and spelled.hash == PRESETS["hk-standard"].hash
    other, _ = DEFAULT_RESOLVER.resolve({"extends": "hk-standard", "triples": False})
    assert other is not None and other.hash != PRESETS["hk-standard"].hash
    assert other.id == "p-" + other.hash.removeprefix("sha256:")[:32]
    assert len({p.hash for p in PRESETS.values()}) == len(PRESETS) == 6


def test_nested_overrides_merge_and_lists_replace() -> None:
    p, _ = DEFAULT_RESOLVER.resolve({"extends": "pusoy-dos", "scoring": {"two_held_factor": 2},
                                     "straights": ["34567"]})
    assert p is not None
    assert p.two_held_factor == 2 and len(p.card_penalties) == 2 and p.straights == ("34567",)


def test_full_declaration_without_extends_gets_defaults() -> None:
    p, problems = DEFAULT_RESOLVER.resolve({"players": 3, "hand_size": 17, "leftover": "to_opener"})
    assert problems == [] and p is not None
    assert p.players == 3 and p.leftover_count == 1 and p.suit_order == ("D", "C", "H", "S")


@pytest.mark.parametrize(
    ("declaration", "pointers"),
    [
        ({"extends": "hk-standard", "zz": 1}, ["/profile/zz"]),
        ({"extends": "hk-standard", "suit_order": ["D", "C", "H", "H"]}, ["/profile/suit_order"]),
        ({"extends": "hk-standard", "suit_order": "DCHS"}, ["/profile/suit_order"]),
        ({"extends": "hk-standard", "straights": ["34567", "3456"]}, ["/profile/straights/1"]),
        ({"extends": "hk-standard", "straights": ["33456"]}, ["/profile/straights/0"]),
        ({"extends": "hk-standard", "straights": ["34568"]}, ["/profile/straights/0"]),
        ({"extends": "hk-standard", "straights": ["34567", "76543"]}, ["/profile/straights"]),
        ({"extends": "hk-standard", "scoring": {"tiers": [{"from": 1, "multiplier": 1}, {"from": 1, "multiplier": 2}]}},
         ["/profile/scoring/tiers"]),
        ({"extends": "hk-standard", "scoring": {"tiers": [{"from": 2, "multiplier": 1}]}}, ["/profile/scoring/tiers"]),
        ({"extends": "hk-standard", "hand_size": 14}, ["/profile/hand_size"]),
        ({"extends": "hk-standard", "players": 6}, ["/profile/hand_size"]),  # 6 x 13 > 52
        ({"extends": "hk-standard", "players": 9}, ["/profile/players"]),
        ({"extends": "hk-standard", "players": 5}, ["/profile/hand_size"]),  # 5 x 13 > 52
        ({"extends": "hk-standard", "teams": [[0, 1], [2, 3]]}, ["/profile/teams"]),
        ({"extends": "hk-standard", "players": 3, "hand_size": 17, "teams": [[0, 2], [1, 3]]},
         ["/profile/teams"]),
        ({"extends": "hk-standard", "bomb_hands": ["straight"]}, ["/profile/bomb_hands/0"]),
        ({"extends": "hk-standard", "bomb_hands": []}, ["/profile/bomb_hands"]),
        ({"extends": "hk-standard", "revolution": "suits"}, ["/profile/revolution"]),
        ({"extends": "hk-standard", "straight_flushes": ["34567", "34567"]}, ["/profile/straight_flushes"]),
        ({"extends": "hk-standard", "scoring": {"two_held_cards": ["2S", "2S"]}},
         ["/profile/scoring/two_held_cards"]),
        ({"extends": "hk-standard", "scoring": {"settlement": "nobody"}}, ["/profile/scoring/settlement"]),
        ({"extends": "hk-standard", "match": {"loss_limit": 0}}, ["/profile/match/loss_limit"]),
        ({"extends": "hk-standard", "triples": "yes"}, ["/profile/triples"]),
        ({"extends": "hk-standard", "triples": 1}, ["/profile/triples"]),
        ({"extends": "hk-standard", "five_card_order": ["flush", "straight"]}, ["/profile/five_card_order"]),
        ({"extends": "hk-standard", "scoring": {"two_held_factor": 4}}, ["/profile/scoring/two_held_factor"]),
        ({"extends": "hk-standard", "scoring": {"card_penalties": [{"cards": ["XX"], "all": True, "points": 1}]}},
         ["/profile/scoring/card_penalties/0/cards/0"]),
        ({"extends": "hk-standard", "opening": {"later_deals": "random"}}, ["/profile/opening/later_deals"]),
        ({"extends": "hk-standard", "match": {"max_deals": 0}}, ["/profile/match/max_deals"]),
        ({"extends": "nope"}, ["/profile/extends"]),
        ("nope", ["/profile"]),
        (42, ["/profile"]),
    ],
)
def test_declaration_problems(declaration: Any, pointers: list[str]) -> None:
    p, problems = DEFAULT_RESOLVER.resolve(declaration)
    assert p is None
    assert [q.pointer for q in problems] == pointers


def test_every_problem_at_once() -> None:
    _, problems = DEFAULT_RESOLVER.resolve({
        "extends": "hk-standard", "zz": 1, "players": 9, "suit_order": ["D"], "bombs": "sometimes",
        "straights": ["ABCDE"],
    })
    assert {q.pointer for q in problems} == {"/profile/zz", "/profile/players", "/profile/suit_order",
                                            "/profile/bombs", "/profile/straights/0"}


def test_stored_profiles_resolve_through_the_lookup() -> None:
    stored = {"p-abc": {"extends": "casual", "triples": True}}
    resolver = ProfileResolver(stored.get)
    p, _ = resolver.resolve("p-abc")
    assert p is not None and p.id == "p-abc" and p.triples and p.settlement == "penalty_only"
    child, _ = resolver.resolve({"extends": "p-abc", "players": 3})
    assert child is not None and child.players == 3 and child.triples


def test_extends_cycles_are_refused() -> None:
    loop = {"p-a": {"extends": "p-b"}, "p-b": {"extends": "p-a"}}
    p, problems = ProfileResolver(loop.get).resolve("p-a")
    assert p is None and "too deeply" in problems[0].detail


def test_v2_defaults_restated_share_the_id() -> None:
    """Fields added in v2 are left out of the hash while they hold their default, and equal
    rules spelled differently normalise first: v1 ids stay, equal rules share one id."""
    restated, problems = DEFAULT_RESOLVER.resolve({
        "extends": "hk-standard", "straight_flushes": BASE, "bomb_hands": ["four_of_a_kind"],
        "revolution": "none", "teams": None,
        "scoring": {"two_held_cards": ["2S", "2H", "2D", "2C"]}, "match": {"loss_limit": None}})
    assert restated is not None, problems
    assert (restated.hash, restated.id) == (PRESETS["hk-standard"].hash, "p-" + PRESETS["hk-standard"].hash[7:39])
    assert restated.as_dict()["straight_flushes"] is None  # same list as straights: null
    one, _ = DEFAULT_RESOLVER.resolve({"extends": "hk-standard", "bomb_hands": ["straight_flush", "four_of_a_kind"]})
    two, _ = DEFAULT_RESOLVER.resolve({"extends": "hk-standard", "bomb_hands": ["four_of_a_kind", "straight_flush"]})
    assert one is not None and two is not None and one.hash == two.hash != PRESETS["hk-standard"].hash
    lifted, _ = DEFAULT_RESOLVER.resolve({"extends": "hk-standard", "revolution": "ranks"})
    assert lifted is not None and lifted.hash != PRESETS["hk-standard"].hash


@pytest.mark.parametrize("asks", [1, 2, 3])
def test_an_inline_declaration_changed_in_place_is_resolved_again(asks: int) -> None:
    """The resolver answers the same declaration object asked for again without serialising
    it (a run's --profile is asked for every record); changed in place, it is read anew."""
    resolver = ProfileResolver()
    declaration: dict[str, Any] = {"extends": "hk-standard", "players": 4}
    first = [resolver.resolve(declaration)[0] for _ in range(asks)]
    assert all(p is not None and p.players == 4 for p in first)
    declaration["players"] = 3
    changed, _ = resolver.resolve(declaration)
    assert changed is not None and changed.players == 3 and changed.hash != first[0].hash
    declaration["triples"] = "sometimes"
    refused, problems = resolver.resolve(declaration)
    assert refused is None and [p.pointer for p in problems] == ["/profile/triples"]
    del declaration["triples"]
    again, _ = resolver.resolve(declaration)
    assert again is not None and again.hash == changed.hash
    # Another object of the same text shares the answer; the prefix is part of the question.
    same, _ = resolver.resolve({"players": 3, "extends": "hk-standard"})
    assert same is not None and same.hash == changed.hash
    _, elsewhere = resolver.resolve({**declaration, "triples": 1}, "/records/0/profile")
    assert [p.pointer for p in elsewhere] == ["/records/0/profile/triples"]


# Every preset's hash as on main before v4: the v4 fields at their defaults are not hashed,
# so no stored profile, golden report or league changes its identity.
@pytest.mark.parametrize(("preset", "digest"), [
    ("hk-standard", "f326d58f0ee8e979b11ac6bafed522012ce824d6727e262ff0fbec4c6bf01339"),
    ("big-two-web", "799978f72a67a529e3aa7d367f5fe7396f11f299497115b913f2eb53eb9bc9d8"),
    ("casual", "10783d7e9563c822db40a45ba6482c2a4eafcda1b49b1da8ddf7ae75dd32e1f3"),
    ("pusoy-dos", "8d168e9057a8e1406fc0f2b04be1c960f44f430d67eab8ee100b43a32d893b07"),
    ("taiwanese", "cc0a23f834f1c49973d15b5fadd2418713b1f0c2d3b9798fc0da19b02cc79672"),
    ("western", "d792bfec003f41c79cd8f43d5b0afd9a461dd0261a92425f9cacb0c7dd0b4f28"),
])
def test_preset_hashes_unchanged_by_v4(preset: str, digest: str) -> None:
    assert PRESETS[preset].hash == "sha256:" + digest
    restated, problems = DEFAULT_RESOLVER.resolve({
        "extends": preset, "decks": 1, "jokers": 0, "unbeatable_ends_trick": False,
        "timeouts": "none", "last_card_call": "none", "scoring": {"sweep_factor": 1}})
    assert problems == [] and restated is not None and restated.hash == PRESETS[preset].hash


_RANK_VALUES: dict[str, Any] = {r: 1 for r in "3456789TJQKA2"}
_CALL: dict[str, Any] = {"extends": "hk-standard", "last_card_call": "liable", "scoring": {"settlement": "pairwise"}}


# RULES.md v4: each misuse of a v4 field is a profile problem at its pointer, in plain words.
@pytest.mark.parametrize(("declaration", "pointer", "words"), [
    # reading 12: the call needs a winner who pays, one seat, and a settlement that collects
    ({**_CALL, "scoring": {"settlement": "winner_takes_all"}}, "/profile/last_card_call",
     "liable needs scoring.settlement pairwise or penalty_only: under winner_takes_all"),
    ({**_CALL, "scoring": {"settlement": "winner_only"}}, "/profile/last_card_call",
     "under winner_only the winner collects"),
    ({**_CALL, "finish": "placings", "scoring": {"settlement": "pairwise",
                                                 "place_points": [3, 1, -1, -3]}},
     "/profile/last_card_call", "liable needs finish: first_out"),
    ({**_CALL, "teams": [[0, 2], [1, 3]], "scoring": {"settlement": "penalty_only"}},
     "/profile/last_card_call", "liable is for players, not teams"),
    # reading 9: card_values and jokers go together
    ({"extends": "hk-standard", "jokers": 1, "scoring": {"card_values": _RANK_VALUES}},
     "/profile/scoring/card_values", "give JK a value too"),
    ({"extends": "hk-standard", "scoring": {"card_values": {**_RANK_VALUES, "JK": 5}}},
     "/profile/scoring/card_values", "card_values names JK, but this profile has no jokers"),
    ({"extends": "hk-standard", "scoring": {"two_held_cards": ["2S", "JK"]}},
     "/profile/scoring/two_held_cards", "two_held_cards names JK, but this profile has no jokers"),
    ({"extends": "hk-standard",
      "scoring": {"card_penalties": [{"cards": ["2D"], "all": True, "points": 1},
                                     {"cards": ["jk"], "all": False, "points": 2}]}},
     "/profile/scoring/card_penalties", "card_penalties names JK, but this profile has no jokers"),
    # reading 14: sizes
    ({"extends": "hk-standard", "players": 8, "hand_size": 7}, "/profile/hand_size",
     "8 hands of 7 cards need 56 cards; the deck holds 52"),
    ({"extends": "hk-standard", "players": 8, "hand_size": 14, "decks": 2, "jokers": 1},
     "/profile/hand_size", "8 hands of 14 cards need 112 cards; 2 decks with 1 joker each hold 106"),
    ({"extends": "hk-standard", "players": 2, "hand_size": 28, "jokers": 2}, "/profile/hand_size",
     "2 hands of 28 cards need 56 cards; the deck with 2 jokers holds 54"),
    ({"extends": "hk-standard", "players": 6, "hand_size": 8, "teams": [[0, 2], [1, 3]]},
     "/profile/teams", "teams need 4 players (two against two); this profile has 6"),
    ({"extends": "hk-standard", "players": 6, "hand_size": 8, "finish": "placings",
      "scoring": {"place_points": [3, 2, 1, -1, -2]}}, "/profile/scoring/place_points",
     "give exactly 6 numbers, one per place (5 given)"),
    ({"extends": "hk-standard", "players": 8, "hand_size": 6, "finish": "placings",
      "scoring": {"place_points": list(range(9))}}, "/profile/scoring/place_points",
     "at most 8 items (this list has 9)"),
])
def test_v4_misuse_is_a_profile_problem(declaration: dict[str, Any], pointer: str, words: str) -> None:
    p, problems = DEFAULT_RESOLVER.resolve(declaration)
    assert p is None
    assert [q.pointer for q in problems] == [pointer]
    assert words in problems[0].detail


@pytest.mark.parametrize("declaration", [
    {**_CALL},
    {**_CALL, "scoring": {"settlement": "penalty_only"}},
    {**_CALL, "last_card_guard": "liable"},
    {"extends": "hk-standard", "jokers": 2, "scoring": {"card_values": {**_RANK_VALUES, "jk": 15},
                                                         "two_held_cards": ["JK", "2S"],
                                                         "card_penalties": [{"cards": ["🃏"], "all": False,
                                                                             "points": 3}]}},
    {"extends": "hk-standard", "players": 8, "hand_size": 13, "decks": 2},
    {"extends": "hk-standard", "players": 2, "hand_size": 100, "decks": 4},
    {"extends": "hk-standard", "players": 8, "hand_size": 6, "finish": "placings",
     "scoring": {"place_points": [4, 3, 2, 1, -1, -2, -3, -4]}},
])
def test_v4_fields_used_rightly_load(declaration: dict[str, Any]) -> None:
    p, problems = DEFAULT_RESOLVER.resolve(declaration)
    assert problems == [] and p is not None


def test_joker_values_and_lists_load_canonically() -> None:
    p, _ = DEFAULT_RESOLVER.resolve({
        "extends": "hk-standard", "jokers": 1,
        "scoring": {"card_values": {"jk": 20, **_RANK_VALUES}, "two_held_cards": ["JK", "2S"],
                    "card_penalties": [{"cards": ["🃏", "2D"], "all": True, "points": 1}]}})
    assert p is not None
    assert p.card_values == (1,) * 13 + (20,)  # the joker's value at index 13, rank_of(JOKER)
    assert p.two_held_cards == ("2S", "JK")  # JK sorts after every card
    assert p.card_penalties[0].cards == ("2D", "JK")
    assert p.two_held_mask == (1 << 51) | (1 << 52)
