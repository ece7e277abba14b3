"""Scoring in v4 (RULES.md "Order of a loser's penalty in v4" and readings 9, 12, 13, 16, 17):
copies and jokers left, the sweep, and the winner liable for a missed last-card call. Each
figure is worked by hand; the comment names the reading it follows."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigtwo.rules import cards
from bigtwo.rules.profiles import DEFAULT_RESOLVER, Profile, deep_merge
from bigtwo.rules.scoring import (
    count_penalty,
    penalties_held_now,
    penalty,
    penalty_held,
    score_counts,
    score_deal,
    score_held,
    swept,
)
from tests.core.helpers import deal, record, report

FLAT: dict[str, Any] = {"tiers": [{"from": 1, "multiplier": 1}]}
VALUES: dict[str, Any] = {**{r: 1 for r in "3456789TJQKA"}, "2": 2}


def resolve(*layers: dict[str, Any], **overrides: Any) -> Profile:
    declaration: dict[str, Any] = {"extends": "hk-standard"}
    for layer in (*layers, overrides):
        declaration = deep_merge(declaration, layer)
    p, problems = DEFAULT_RESOLVER.resolve(declaration)
    assert p is not None, problems
    return p


def ids(text: str) -> list[int]:
    return [cards.JOKER if c == "JK" else cards.NOTATION[c] for c in text.split()]


TWO_DECKS: dict[str, Any] = {"decks": 2, "players": 4}
JOKERS: dict[str, Any] = {"jokers": 2, "players": 4}


@pytest.mark.parametrize(("overrides", "held", "expected"), [
    # reading 9: a joker left is one card
    ({**JOKERS, "scoring": FLAT}, "3D JK", 2),
    ({**JOKERS}, "3D 4D 5D 6D 7D 8D 9D JK", 16),  # 8 cards: the tier x2 counts the joker
    # reading 9: under card_values a joker is worth the JK value
    ({**JOKERS, "scoring": {**FLAT, "card_values": {**VALUES, "JK": 15}}}, "2S JK 5C", 2 + 15 + 1),
    # reading 1: copies are cards like any other
    ({**TWO_DECKS, "scoring": FLAT}, "9H 9H 9H", 3),
    ({**TWO_DECKS, "scoring": {**FLAT, "card_values": VALUES}}, "2D 2D 5C", 2 + 2 + 1),
    # reading 16: per_two counts copies (two 2♦ under factor 2: x4); once does not
    ({**TWO_DECKS, "scoring": {**FLAT, "two_held_factor": 2, "two_held_mode": "per_two"}},
     "2D 2D 5C", 3 * 4),
    ({**TWO_DECKS, "scoring": {**FLAT, "two_held_factor": 2}}, "2D 2D 5C", 3 * 2),
    # reading 9: two_held_cards may list JK; per_two counts each joker
    ({**JOKERS, "scoring": {**FLAT, "two_held_factor": 3, "two_held_cards": ["JK", "2S"]}},
     "JK 4C", 2 * 3),
    ({**JOKERS, "decks": 2, "scoring": {**FLAT, "two_held_factor": 2, "two_held_mode": "per_two",
                                        "two_held_cards": ["JK", "2S"]}},
     "JK JK 2S", 3 * 8),
    # reading 16: a card_penalties entry is paid once however many copies
    ({**TWO_DECKS, "scoring": {**FLAT, "card_penalties": [{"cards": ["2D"], "all": True, "points": 5}]}},
     "2D 2D 3C", 3 + 5),
    ({**TWO_DECKS, "scoring": {**FLAT, "card_penalties": [{"cards": ["2D", "2H"], "all": True,
                                                            "points": 5}]}},
     "2D 2D", 2),  # two copies of one listed card are not every listed card
    ({**JOKERS, "scoring": {**FLAT, "card_penalties": [{"cards": ["JK", "2S"], "all": False,
                                                         "points": 4}]}},
     "JK JK", 2 + 4),
    # reading 17: four or more copies of a rank hold a four of a kind; jokers make no hand
    ({**TWO_DECKS, "scoring": {**FLAT, "held_hand_factor": {"hands": ["four_of_a_kind"], "factor": 2}}},
     "9H 9H 9S 9C 4D", 5 * 2),
    ({**TWO_DECKS, "scoring": {**FLAT, "held_hand_factor": {"hands": ["four_of_a_kind"], "factor": 2}}},
     "9H 9H 9S 9C 9D", 5 * 2),  # a five of a kind counts only as the four it holds (reading 3)
    ({**JOKERS, "scoring": {**FLAT, "held_hand_factor": {"hands": ["four_of_a_kind"], "factor": 2}}},
     "9H 9S 9C JK", 4),
    ({**TWO_DECKS, "scoring": {**FLAT, "held_hand_factor": {"hands": ["straight_flush"], "factor": 3}}},
     "3H 4H 5H 6H 7H 7H", 6 * 3),
    ({**JOKERS, "scoring": {**FLAT, "held_hand_factor": {"hands": ["straight_flush"], "factor": 3}}},
     "3H 4H 5H 6H JK", 5),  # the joker fills no run
])
def test_a_loser_with_copies_and_jokers(overrides: dict[str, Any], held: str, expected: int) -> None:
    paid, parts = penalty_held(resolve(**overrides), ids(held))
    assert paid == expected, parts


def test_the_order_of_a_losers_penalty() -> None:
    """RULES.md v4: base -> x two_held -> x held_hand -> x sweep -> + card_penalties. Any
    other order gives another figure: 5 cards, four 2s per_two x2 each (x16), a four of a
    kind x2, the sweep x3, then +5 for the joker."""
    p = resolve(**JOKERS, scoring={
        **FLAT, "two_held_factor": 2, "two_held_mode": "per_two",
        "held_hand_factor": {"hands": ["four_of_a_kind"], "factor": 2}, "sweep_factor": 3,
        "card_penalties": [{"cards": ["JK"], "all": True, "points": 5}]})
    paid, parts = penalty_held(p, ids("2S 2H 2D 2C JK"), sweep=True)
    assert paid == 5 * 16 * 2 * 3 + 5
    assert parts == {"cards": 5, "multiplier": 1, "base": 5, "two_factor": 16, "hand_factor": 2,
                     "sweep_factor": 3, "card_penalties": 5}
    assert penalty_held(p, ids("2S 2H 2D 2C JK"))[0] == 5 * 16 * 2 + 5  # no sweep


# zeshuaro/telegram_big_two_bot's profile (docs/RULES.md) with its sweep: x2 when the losers
# hold all 39 cards. Three 13-card hands with no 2, no four of a rank and no straight flush.
ZESHUARO = {"straight_flush_compare": "suit_first",
            "scoring": {"two_held_factor": 2, "two_held_mode": "per_two", "sweep_factor": 2,
                        "held_hand_factor": {"hands": ["four_of_a_kind", "straight_flush"],
                                             "factor": 2}}}
LOSERS = ["3C 3D 3H 4S 5C 5D 5H 6S 7C 7D 7H 8S 9C",
          "4C 4D 4H 6C 6D 6H 8C 8D 8H 9S TC TD TH",
          "JC JD JH QS KC KD KH AS 3S 9D 9H TS QC"]


def test_zeshuaro_sweep_doubles_39_cards_held() -> None:
    p = resolve(**ZESHUARO)
    masks = [0, *(cards.mask_of(ids(h)) for h in LOSERS)]
    scored = score_deal(p, masks, 0, dealt=[13, 13, 13, 13])
    # 13 cards x4 (hk-standard's tier at 13) = 52, x2 for the sweep (reading 13)
    assert scored.penalties == [0, 104, 104, 104]
    assert scored.scores == [312, -104, -104, -104]
    assert scored.parts is not None and scored.parts[1] is not None
    assert scored.parts[1]["sweep_factor"] == 2
    # One loser played a card: no sweep, and the parts say so.
    masks[3] &= masks[3] - 1
    unswept = score_deal(p, masks, 0, dealt=[13, 13, 13, 13])
    assert unswept.penalties == [0, 52, 52, 12 * 3]
    assert unswept.parts is not None and unswept.parts[1] is not None
    assert unswept.parts[1]["sweep_factor"] == 1


@pytest.mark.parametrize(("counts", "dealt", "expected"), [
    ([0, 13, 13, 13], [13, 13, 13, 13], True),
    ([0, 13, 13, 12], [13, 13, 13, 13], False),
    ([0, 17, 17], [17, 17, 17], True),  # 3 players, 17 each
    ([0, 18, 17], [17, 18, 17], True),  # the opener took the leftover card: its own count
    ([5, 0, 13, 13], [13, 13, 13, 13], False),  # the winner's count never matters, a loser's does
])
def test_the_sweep_is_a_deal_level_condition(counts: list[int], dealt: list[int], expected: bool) -> None:
    p = resolve(scoring={"sweep_factor": 2})
    winner = counts.index(0)
    assert swept(p, counts, dealt, winner) is expected
    assert swept(resolve(), counts, dealt, winner) is False  # factor 1: nothing to multiply
    assert swept(p, counts, None, winner) is False  # no dealt counts: an unfinished deal


# yawnoc/big-two-scorer (docs/RULES.md) with the call: "failing to announce last card and
# subsequently winning" takes all the losses (the scorer's `0t`).
YAWNOC = {"scoring": {"tiers": [{"from": 1, "multiplier": 1}, {"from": 10, "multiplier": 2},
                                {"from": 13, "multiplier": 3}], "settlement": "pairwise"},
          "last_card_call": "liable"}


@pytest.mark.parametrize(("settlement", "counts", "penalties", "scores"), [
    # reading 12: T = 22 + 24 + 39 = 85; pairwise: the winner -(n-1) x T, every other +T
    ("pairwise", [0, 11, 12, 13], [85, 0, 0, 0], [-255, 85, 85, 85]),
    ("pairwise", [2, 0, 5], [0, 7, 0], [7, -14, 7]),  # 3 players: -(3-1) x 7
    # penalty_only: the winner -T
    ("penalty_only", [0, 11, 12, 13], [85, 0, 0, 0], [-85, 0, 0, 0]),
])
def test_a_winner_liable_for_a_missed_call(settlement: str, counts: list[int], penalties: list[int],
                                           scores: list[int]) -> None:
    p = resolve(YAWNOC, players=len(counts), hand_size=13, scoring={"settlement": settlement})
    winner = counts.index(0)
    scored = score_counts(p, counts, winner, winner)
    assert scored.penalties == penalties and scored.scores == scores
    assert scored.parts is not None
    assert scored.parts[winner] == {"cards": 0, "multiplier": 0, "base": 0, "two_factor": 1,
                                    "card_penalties": 0, "own": 0, "takes_all": sum(penalties)}
    assert all(part is not None and part["paid_by"] == winner
               for seat, part in enumerate(scored.parts) if seat != winner)


def test_liability_moves_the_swept_penalties() -> None:
    """Reading 13: liability moves the multiplied penalties."""
    p = resolve(YAWNOC, scoring={"sweep_factor": 3})
    scored = score_counts(p, [0, 13, 13, 13], 0, 0, dealt=[13] * 4)
    assert scored.penalties == [39 * 3 * 3, 0, 0, 0]
    assert scored.scores == [-3 * 351, 351, 351, 351]


def test_score_held_matches_score_counts_and_penalties_now_has_no_sweep() -> None:
    p = resolve(**TWO_DECKS, hand_size=26, scoring={**FLAT, "sweep_factor": 2})
    held = [[], ids("9H 9H") * 13, ids("3C 3C") * 13, ids("4D 4D") * 13]
    scored = score_held(p, held, 0, dealt=[26] * 4)
    assert scored.penalties == score_counts(p, [0, 26, 26, 26], 0, dealt=[26] * 4).penalties == [0, 52, 52, 52]
    # readings 13 and 22: an unfinished deal has no winner, so no sweep and no liability
    assert penalties_held_now(p, held) == [0, 26, 26, 26]


def test_one_deck_reports_keep_their_parts() -> None:
    """At sweep_factor 1 the parts name no sweep: every v3 report stays byte for byte."""
    p = resolve()
    assert "sweep_factor" not in penalty(p, cards.mask_of(ids("3C 4C")))[1]
    assert "sweep_factor" not in count_penalty(p, 2)[1]
    assert list(count_penalty(resolve(scoring={"sweep_factor": 2}), 2, True)[1]) == [
        "cards", "multiplier", "base", "two_factor", "sweep_factor", "card_penalties"]


# --- properties ------------------------------------------------------------------------------
SCORING = st.fixed_dictionaries({
    "two_held_factor": st.sampled_from([1, 2, 3]),
    "two_held_mode": st.sampled_from(["once", "per_two"]),
    "card_values": st.one_of(st.none(), st.just(VALUES)),
    "held_hand_factor": st.one_of(st.none(), st.just({"hands": ["four_of_a_kind", "straight_flush"],
                                                      "factor": 2})),
    "card_penalties": st.sampled_from([[], [{"cards": ["2D"], "all": True, "points": 1},
                                            {"cards": ["2C", "2D", "2H", "2S"], "all": False,
                                             "points": 4}]]),
    "sweep_factor": st.sampled_from([1, 2, 3]),
})


@settings(max_examples=200, deadline=None)
@given(scoring=SCORING, hand=st.sets(st.integers(0, 51), max_size=13), sweep=st.booleans())
def test_one_deck_scores_the_same_as_a_multiset(scoring: dict[str, Any], hand: set[int],
                                               sweep: bool) -> None:
    """A one-deck hand read as a multiset scores exactly as its mask does."""
    p = resolve(scoring=scoring)
    mask = cards.mask_of(hand)
    assert penalty_held(p, sorted(hand), sweep) == penalty(p, mask, sweep)


@settings(max_examples=200, deadline=None)
@given(scoring=SCORING, held=st.lists(st.integers(0, 52), max_size=30))
def test_the_sweep_multiplies_exactly_by_its_factor(scoring: dict[str, Any], held: list[int]) -> None:
    """Reading 13: the sweep multiplies the penalty before the card penalties, by the factor
    alone. Two decks with a joker each: copies and jokers included."""
    if scoring["card_values"] is not None:
        scoring = {**scoring, "card_values": {**VALUES, "JK": 7}}
    p = resolve(decks=2, jokers=1, players=2, hand_size=30, scoring=scoring)
    held = [c for i, c in enumerate(held) if c != cards.JOKER or held[:i].count(c) < 2]
    plain, parts = penalty_held(p, held)
    swept_paid, swept_parts = penalty_held(p, held, sweep=True)
    extra = parts["card_penalties"]
    assert swept_parts["card_penalties"] == extra
    assert swept_paid - extra == p.sweep_factor * (plain - extra)


def _v3_penalty(p: Profile, hand: set[int]) -> int:
    """The v3 order written out independently: base -> x two_held -> x held_hand -> + extra."""
    left = len(hand)
    multiplier = max((t.multiplier for t in p.tiers if t.start <= left), default=0)
    base = (left if p.card_values is None else sum(p.card_values[c // 4] for c in hand)) * multiplier
    twos = [c for c in hand if cards.name(c) in p.two_held_cards]
    factor = (p.two_held_factor ** len(twos) if p.two_held_mode == "per_two" else p.two_held_factor) if twos else 1
    rule = p.held_hand_factor
    holds = rule is not None and (
        ("four_of_a_kind" in rule.hands and any(sum(1 for c in hand if c // 4 == r) == 4 for r in range(13)))
        or ("straight_flush" in rule.hands and any(
            all(cards.RANKS.index(r) * 4 + suit in hand for r in run)
            for run in p.straight_flushes for suit in range(4))))
    extra = sum(e.points for e in p.card_penalties
                if (all if e.all else any)(cards.NOTATION[c] in hand for c in e.cards))
    return base * factor * (rule.factor if rule is not None and holds else 1) + extra


@settings(max_examples=300, deadline=None)
@given(scoring=SCORING, hand=st.sets(st.integers(0, 51), max_size=13), sweep=st.booleans())
def test_one_deck_pays_what_it_paid_before_v4(scoring: dict[str, Any], hand: set[int], sweep: bool) -> None:
    """With the sweep off (factor 1, or no sweep), a one-deck loser pays exactly the v3 figure."""
    p = resolve(scoring={**scoring, "sweep_factor": 1})
    assert penalty(p, cards.mask_of(hand), sweep)[0] == _v3_penalty(p, hand)
    swept_profile = resolve(scoring=scoring)
    assert penalty(swept_profile, cards.mask_of(hand))[0] == _v3_penalty(swept_profile, hand)


def test_an_unfinished_multiset_deal_shows_what_its_cards_would_pay() -> None:
    """The report's penalties_now with copies reads the cards held, as scoring does: a held 2
    doubles under two_held_factor 2 (the count alone would say 3 for seat 1)."""
    profile = {"extends": "hk-standard", **TWO_DECKS, "hand_size": 3,
               "scoring": {**FLAT, "two_held_factor": 2}}
    rep = report(record(profile, deal(["3D 5C 6C", "2S 7C 8C", "4D 9C TC", "5D JC QC"], "0:3D")))
    assert rep["deals"][0]["status"] == "incomplete"
    assert rep["deals"][0]["penalties_now"] == [2, 6, 3, 3]
