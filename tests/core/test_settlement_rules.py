"""Rules v3, scoring: `settlement: pairwise`, `two_held_mode`, `card_values`, `held_hand_factor`.

Each row cites where the rule is played (RULES.md "v3", which names the engines and rule books).
The spec's own figures are rows of their own: pairwise penalties 0, 1, 2, 3 score 6, 2, -2, -6;
2♦ and 2♣ held with factor 2 under per_two pay x4.
"""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo.records.pipeline import check_record
from bigtwo.rules import cards, scoring
from bigtwo.rules.profiles import DEFAULT_RESOLVER, PRESETS, Profile, stored_id

ONE_TIER = [{"from": 1, "multiplier": 1}]
FACES_TEN = {"3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "J": 10, "Q": 10,
             "K": 10, "A": 1, "2": 2}


def profile(**scoring_fields: Any) -> Profile:
    found, problems = DEFAULT_RESOLVER.resolve({"extends": "hk-standard", "scoring": scoring_fields})
    assert found is not None, problems
    return found


def mask(*names: str) -> int:
    return cards.mask_of(cards.NOTATION[n] for n in names)


# --- settlement: pairwise -------------------------------------------------------------------
@pytest.mark.parametrize(("penalties", "winner", "scores", "source"), [
    ([0, 1, 2, 3], 0, [6, 2, -2, -6], "RULES.md v3 figure / yawnoc/big-two-scorer"),
    ([5, 0, 5, 5], 1, [-5, 15, -5, -5], "two losers level: they settle nothing between them"),
    ([0, 12], 0, [12, -12], "two players: pairwise is winner takes all"),
    ([0, 3, 3, 9, 1], 0, [16, 1, 1, -29, 11], "5 seats: total 16 - 5 x P"),
])
def test_pairwise_settlement(penalties: list[int], winner: int, scores: list[int],
                             source: str) -> None:
    settled = scoring.settle(profile(settlement="pairwise"), penalties, winner)
    assert settled.scores == scores
    assert sum(settled.scores) == 0


# --- two_held_mode ---------------------------------------------------------------------------
@pytest.mark.parametrize(("mode", "factor", "held", "expected", "source"), [
    ("per_two", 2, ["2D", "2C", "5H"], 3 * 4, "RULES.md v3 figure / zeshuaro: 2♦ and 2♣ with factor 2 pay x4"),
    ("once", 2, ["2D", "2C", "5H"], 3 * 2, "v2 reading (000's doubled penalty): once"),
    ("per_two", 3, ["2D", "2C", "2S", "5H"], 4 * 27, "zeshuaro: three 2s with factor 3, x27"),
    ("per_two", 2, ["5H", "6H"], 2, "no 2 held: no factor"),
    ("per_two", 1, ["2D", "2C"], 2, "factor 1 multiplies nothing"),
])
def test_two_held_mode(mode: str, factor: int, held: list[str], expected: int, source: str) -> None:
    p = profile(tiers=ONE_TIER, two_held_factor=factor, two_held_mode=mode)
    assert scoring.penalty(p, mask(*held))[0] == expected


# --- card_values -----------------------------------------------------------------------------
@pytest.mark.parametrize(("tiers", "held", "expected", "source"), [
    (ONE_TIER, ["KH", "QS", "3D"], 10 + 10 + 3, "Pusoy tables counting T-K as 10"),
    (ONE_TIER, ["AS", "2S"], 1 + 2, "the ace counts 1 on such tables"),
    # Card values with tiers: the multiplier is the tier of the count (10 cards: x3 in HK).
    (PRESETS["hk-standard"].rules["scoring"]["tiers"],
     ["3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD"], (3 + 4 + 5 + 6 + 7 + 8 + 9 + 30) * 3,
     "card values x the HK tier for 10 cards (x3)"),
    (PRESETS["hk-standard"].rules["scoring"]["tiers"], ["KH"], 10, "one card: tier x1"),
])
def test_card_values_times_the_tier_of_the_count(tiers: list[dict[str, int]], held: list[str],
                                                 expected: int, source: str) -> None:
    p = profile(tiers=tiers, card_values=FACES_TEN)
    assert scoring.penalty(p, mask(*held))[0] == expected


def test_card_values_accept_10_for_t_and_any_key_order() -> None:
    spelled = {("10" if k == "T" else k.lower()): v for k, v in reversed(FACES_TEN.items())}
    assert profile(card_values=spelled).hash == profile(card_values=FACES_TEN).hash


# --- held_hand_factor ------------------------------------------------------------------------
@pytest.mark.parametrize(("hands", "held", "expected", "source"), [
    (["four_of_a_kind"], ["7C", "7D", "7H", "7S", "9H"], 5 * 2, "zeshuaro: a held four doubles"),
    (["four_of_a_kind"], ["7C", "7D", "7H", "7S"], 4 * 2, "reading 10: no kicker needed"),
    (["four_of_a_kind"], ["7C", "7D", "7H", "9S"], 4, "three of a rank is no four"),
    (["straight_flush"], ["3H", "4H", "5H", "6H", "7H"], 5 * 2, "a held straight flush"),
    (["straight_flush"], ["3H", "4H", "5H", "6H", "7S"], 5, "mixed suits: a straight, no factor"),
    (["straight_flush"], ["2H", "3H", "4H", "5H", "6H"], 5,
     "reading 10: 23456 is not in hk-standard's straight_flushes"),
    (["four_of_a_kind"], ["3H", "4H", "5H", "6H", "7H"], 5, "the kind must be listed"),
])
def test_held_hand_factor(hands: list[str], held: list[str], expected: int, source: str) -> None:
    p = profile(tiers=ONE_TIER, held_hand_factor={"hands": hands, "factor": 2})
    assert scoring.penalty(p, mask(*held))[0] == expected


def test_the_order_of_a_losers_penalty() -> None:
    """RULES.md v3: base (card values x tier) -> x two_held factor (per two) -> x held hand
    factor -> + card penalties."""
    p = profile(tiers=ONE_TIER, card_values=FACES_TEN, two_held_factor=2, two_held_mode="per_two",
                held_hand_factor={"hands": ["four_of_a_kind"], "factor": 3},
                card_penalties=[{"cards": ["2D"], "all": False, "points": 5}])
    held = mask("2C", "2D", "2H", "2S", "9H")
    paid, parts = scoring.penalty(p, held)
    base = 2 * 4 + 9
    assert parts == {"cards": 5, "multiplier": 1, "values": base, "base": base, "two_factor": 16,
                     "hand_factor": 3, "card_penalties": 5}
    assert paid == base * 16 * 3 + 5


# --- hashing and profile problems ------------------------------------------------------------
@pytest.mark.parametrize("field", ["two_held_mode", "card_values", "held_hand_factor"])
def test_a_v3_field_at_its_default_is_not_hashed(field: str) -> None:
    default = {"two_held_mode": "once", "card_values": None, "held_hand_factor": None}[field]
    assert profile(**{field: default}).hash == PRESETS["hk-standard"].hash
    assert stored_id(profile(**{field: default}).hash) == stored_id(PRESETS["hk-standard"].hash)


@pytest.mark.parametrize(("declaration", "pointer", "text"), [
    ({"scoring": {"two_held_mode": "twice"}}, "/profile/scoring/two_held_mode", "Must be one of"),
    ({"scoring": {"card_values": {"3": 1}}}, "/profile/scoring/card_values", "missing: 4"),
    ({"scoring": {"card_values": {**FACES_TEN, "X": 1}}}, "/profile/scoring/card_values/X",
     "not a rank"),
    ({"scoring": {"card_values": {**FACES_TEN, "K": -1}}}, "/profile/scoring/card_values/K",
     "greater than or equal to 0"),
    ({"scoring": {"card_values": {**FACES_TEN, "10": 10}}}, "/profile/scoring/card_values/10",
     "given twice"),
    ({"scoring": {"held_hand_factor": {"hands": ["flush"], "factor": 2}}},
     "/profile/scoring/held_hand_factor/hands/0", "Must be one of"),
    ({"scoring": {"held_hand_factor": {"hands": ["four_of_a_kind"], "factor": 4}}},
     "/profile/scoring/held_hand_factor/factor", "Must be one of: 2, 3"),
    ({"scoring": {"held_hand_factor": {"hands": [], "factor": 2}}},
     "/profile/scoring/held_hand_factor/hands", "Shorter than minimum length 1"),
    ({"teams": [[0, 2], [1, 3]], "scoring": {"settlement": "pairwise"}},
     "/profile/scoring/settlement", "pairwise settlement is for players"),
])
def test_profile_problems(declaration: dict[str, Any], pointer: str, text: str) -> None:
    found, problems = DEFAULT_RESOLVER.resolve({"extends": "hk-standard", **declaration})
    assert found is None
    assert any(p.pointer == pointer and text in p.detail for p in problems), problems


# --- through the one checking path -----------------------------------------------------------
def sheet_record(settlement: str, left: list[list[str]], **more: Any) -> dict[str, Any]:
    return {"profile": {"extends": "hk-standard",
                        "scoring": {"settlement": settlement, "tiers": ONE_TIER, **more}},
            "deals": [{"result": {"left": left}}]}


def test_a_score_sheet_under_pairwise_and_card_values() -> None:
    doc = sheet_record("pairwise", [[], ["KH"], ["KS", "QS"], ["3D", "4D", "5D"]],
                       card_values=FACES_TEN)
    report = check_record(doc).report
    assert report is not None and report["valid"], report
    deal = report["deals"][0]
    assert deal["penalties"] == [0, 10, 20, 12]
    assert deal["scores"] == [42, 2, -38, -6]


def test_counts_alone_are_refused_when_card_values_decide() -> None:
    doc = {"profile": {"extends": "hk-standard", "scoring": {"card_values": FACES_TEN}},
           "deals": [{"result": {"cards_left": [0, 1, 2, 3]}}]}
    checked = check_record(doc)
    assert checked.report is None
    assert any("scoring.card_values is set" in p.detail for p in checked.problems)


# --- the referee's page shows each step ----------------------------------------------------
@pytest.mark.parametrize(("more", "held", "lang", "text"), [
    ({"card_values": FACES_TEN}, ["KH", "QS"], "en", "2 cards worth 20 x1 = 20"),
    ({"card_values": FACES_TEN}, ["KH", "QS"], "de", "2 Karten im Wert von 20 x1 = 20"),
    ({"held_hand_factor": {"hands": ["four_of_a_kind"], "factor": 3}},
     ["7C", "7D", "7H", "7S"], "en", "4 cards x1 = 4, x3 for a four or straight flush in hand = 12"),
    ({"two_held_factor": 2, "two_held_mode": "per_two"}, ["2C", "2D"], "it",
     "2 carte x1 = 2, x4 per un 2 in mano = 8"),
])
def test_the_page_names_every_step(more: dict[str, Any], held: list[str], lang: str,
                                   text: str) -> None:
    from app.web.present import penalty_text

    p = profile(tiers=ONE_TIER, **more)
    paid, parts = scoring.penalty(p, mask(*held))
    assert penalty_text(parts, paid, lang) == text
