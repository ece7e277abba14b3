"""Result-only deals (score sheets' rows) in v4: the winner liable for a missed call, who may be
liable at all (RESULT_LIABLE, reading 12), the sweep (reading 13), and cards left with copies and
jokers (reading 1)."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo.rules import cards
from bigtwo.rules.codes import DealStatus
from bigtwo.rules.game import Deal, Result
from bigtwo.rules.profiles import DEFAULT_RESOLVER, Profile, deep_merge
from bigtwo.rules.replay import RuleError, score_result
from tests.core.helpers import record, report

YAWNOC: dict[str, Any] = {
    "extends": "hk-standard",
    "scoring": {"tiers": [{"from": 1, "multiplier": 1}, {"from": 10, "multiplier": 2},
                          {"from": 13, "multiplier": 3}], "settlement": "pairwise"}}
CALL = {"last_card_call": "liable"}
GUARD = {"last_card_guard": "liable"}


def with_(base: dict[str, Any], *layers: dict[str, Any]) -> dict[str, Any]:
    out = base
    for layer in layers:
        out = deep_merge(out, layer)
    return out


def one_deal(profile: dict[str, Any], result: dict[str, Any], **deal: Any) -> dict[str, Any]:
    rep = report(record(profile, {"result": result, **deal}))
    return rep


def test_yawnoc_winner_takes_all_the_losses() -> None:
    """yawnoc/big-two-scorer's `0t`: the winner who did not call pays every loss; pairwise
    gives it -(n-1) x T and every other seat +T (T = 22 + 24 + 39 = 85)."""
    rep = one_deal(with_(YAWNOC, CALL), {"cards_left": [0, 11, 12, 13], "liable": 0})
    assert rep["errors"] == []
    deal = rep["deals"][0]
    assert deal["penalties"] == [85, 0, 0, 0]
    assert deal["scores"] == [-255, 85, 85, 85]


@pytest.mark.parametrize(("fields", "liable", "refused", "words"), [
    # the call alone: only the winner (seat 0) can be liable
    ([CALL], 0, False, None),
    ([CALL], 2, True, "Only the winner can have failed to call last card; seat 2 did not go out"),
    # the guard alone: only a loser, as in v3
    ([GUARD], 2, False, None),
    ([GUARD], 0, True, "Seat 0 won the deal and cannot pay for everyone"),
    # both fields: either
    ([CALL, GUARD], 0, False, None),
    ([CALL, GUARD], 3, False, None),
    # out of range under either
    ([CALL], 4, True, "there is no such seat at this table"),
    ([CALL, GUARD], 7, True, "there is no such seat at this table"),
])
def test_who_may_be_liable(fields: list[dict[str, Any]], liable: int, refused: bool,
                           words: str | None) -> None:
    rep = one_deal(with_(YAWNOC, *fields), {"cards_left": [0, 11, 12, 13], "liable": liable})
    errors = [(e["code"], e["pointer"]) for e in rep["errors"]]
    if not refused:
        assert errors == []
        assert rep["deals"][0]["penalties"][liable] == 85
        return
    assert errors == [("RESULT_LIABLE", "/deals/0/result/liable")]
    assert words is not None and words in rep["errors"][0]["message"]


def test_the_call_message_in_every_language() -> None:
    for lang in ("en", "de", "it", "fil", "zh_Hans", "zh_Hant_HK", "zh_Hant_TW"):
        rep = report(record(with_(YAWNOC, CALL), {"result": {"cards_left": [0, 11, 12, 13],
                                                              "liable": 2}}), lang=lang)
        message = rep["errors"][0]["message"]
        assert "2" in message and "{" not in message, lang
        assert lang == "en" or "Only the winner" not in message, lang


SWEEP: dict[str, Any] = {"extends": "hk-standard", "scoring": {"sweep_factor": 2}}


@pytest.mark.parametrize(("profile", "result", "deal", "penalties", "factor"), [
    # reading 13: counts equal to hand_size (no hands given): x2
    (SWEEP, {"cards_left": [0, 13, 13, 13]}, {}, [0, 104, 104, 104], 2),
    (SWEEP, {"cards_left": [0, 13, 13, 12]}, {}, [0, 52, 52, 36], 1),
    (with_(SWEEP, {"scoring": {"sweep_factor": 3, "tiers": [{"from": 1, "multiplier": 1}]}}),
     {"cards_left": [13, 0, 13, 13]}, {}, [39, 0, 39, 39], 3),
    # with hands: each loser's count against its own dealt hand
    (with_(SWEEP, {"hand_size": 2}), {"left": [[], ["3D", "4D"], ["5D", "6D"], ["7D", "8D"]]},
     {"hands": [["3C", "4C"], ["3D", "4D"], ["5D", "6D"], ["7D", "8D"]]}, [0, 4, 4, 4], 2),
    (with_(SWEEP, {"hand_size": 2}), {"left": [[], ["3D", "4D"], ["5D"], ["7D", "8D"]]},
     {"hands": [["3C", "4C"], ["3D", "4D"], ["5D", "6D"], ["7D", "8D"]]}, [0, 2, 1, 2], 1),
])
def test_the_sweep_on_a_result(profile: dict[str, Any], result: dict[str, Any], deal: dict[str, Any],
                               penalties: list[int], factor: int) -> None:
    rep = report(record(profile, {"result": result, **deal}))
    assert rep["errors"] == []
    assert rep["deals"][0]["penalties"] == penalties
    assert {part["sweep_factor"] for part in rep["deals"][0]["scoring"] if part is not None} == {factor}


def resolve(declaration: dict[str, Any]) -> Profile:
    p, problems = DEFAULT_RESOLVER.resolve(declaration)
    assert p is not None, problems
    return p


def ids(text: str) -> list[int]:
    return [cards.JOKER if c == "JK" else cards.NOTATION[c] for c in text.split()]


TWO_DECKS = {"extends": "hk-standard", "decks": 2, "jokers": 1, "hand_size": 4}


def scored(result: Result, hands: list[list[int]] | None = None,
           declaration: dict[str, Any] = TWO_DECKS) -> tuple[Any, list[RuleError]]:
    errors: list[RuleError] = []
    outcome = score_result(resolve(declaration), Deal(hands or [], [], None, None, result), 0, None,
                           errors)
    return outcome, errors


@pytest.mark.parametrize(("left", "hands", "expected"), [
    # reading 1: two decks hold a card twice and two jokers; the third copy is refused where
    # it appears
    ([[], ["9H", "9H"], ["9H"], []], None, [("DUPLICATE_CARD", 2, {"card": "9H"})]),
    ([[], ["JK", "JK"], ["JK", "3C"], []], None, [("DUPLICATE_CARD", 2, {"card": "JK"})]),
    # with hands: no more copies than the seat was dealt
    ([[], ["9H", "9H"], [], []],
     [["3C", "4C", "5C", "6C"], ["9H", "3D", "4D", "5D"], ["6D", "7D", "8D", "9D"], ["TD", "JD", "QD", "KD"]],
     [("CARD_NOT_HELD", 1, {"cards": ["9H"]})]),
    ([[], ["JK"], [], []],
     [["3C", "4C", "5C", "6C"], ["9H", "3D", "4D", "5D"], ["6D", "7D", "8D", "9D"], ["TD", "JD", "QD", "KD"]],
     [("CARD_NOT_HELD", 1, {"cards": ["JK"]})]),
])
def test_cards_left_with_copies_and_jokers_are_checked(left: list[list[str]], hands: list[list[str]] | None,
                                                       expected: list[tuple[str, int, Any]]) -> None:
    result = Result(left=[ids(" ".join(group)) for group in left])
    outcome, errors = scored(result, None if hands is None else [ids(" ".join(h)) for h in hands])
    assert [(e.code.value, e.seat, e.params) for e in errors] == expected
    assert outcome.status is DealStatus.INVALID


def test_copies_and_jokers_left_are_scored() -> None:
    """Two 9♥ and a joker are three cards (readings 1 and 9); under card_values the joker is
    worth its JK value. A result-only deal has no breaches and no missed calls."""
    declaration = with_(TWO_DECKS, {"scoring": {"tiers": [{"from": 1, "multiplier": 1}],
                                                "card_values": {**{r: 1 for r in "3456789TJQKA2"},
                                                                "JK": 10}}})
    outcome, errors = scored(Result(left=[[], ids("9H 9H JK"), ids("JK"), ids("9S 3C")]),
                             declaration=declaration)
    assert errors == []
    assert outcome.penalties == [0, 12, 10, 2]
    assert outcome.breaches is None and getattr(outcome, "missed_calls", None) is None


def test_a_result_liable_winner_is_reported_as_liable() -> None:
    outcome, errors = scored(Result(cards_left=[0, 1, 2, 4], liable=0),
                             declaration=with_(YAWNOC, CALL, {"hand_size": 4}))
    assert errors == [] and outcome.liable == 0
    assert outcome.tiers is not None
    assert outcome.tiers[0] == {"cards": 0, "multiplier": 0, "base": 0, "two_factor": 1,
                                "card_penalties": 0, "own": 0, "takes_all": 7}
