"""The codes' v4 sentences (RECORDS.md v4 "Error codes"): copies, jokers, a timed-out opening
turn and a trick ended by an unbeatable play, each its own sentence in every language."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo.reports.messages import LANGUAGES, render


def _error(code: str, params: dict[str, Any], seat: int | None = 1) -> dict[str, Any]:
    return {"code": code, "deal": 0, "move": 3, "seat": seat, "params": params}


CASES = {
    "stand_in": (_error("JOKER_STAND_IN", {"card": "JK"}),
                 "A joker must name the card it stands for: write JK=4♦"),
    "copies_dealt": (_error("DUPLICATE_CARD", {"card": "9H", "count": 3, "held": 2}),
                     "9♥ appears 3 times; the decks hold it 2 times"),
    "jokers_dealt": (_error("DUPLICATE_CARD", {"card": "JK", "count": 3, "held": 2}),
                     "3 jokers appear; the decks hold 2"),
    "held_once": (_error("CARD_NOT_HELD", {"cards": ["9H"], "held": 1, "count": 2}, seat=0),
                  "Seat 0 holds 9♥ once; the play names it 2 times"),
    "held_twice": (_error("CARD_NOT_HELD", {"cards": ["9H"], "held": 2, "count": 3}, seat=0),
                   "Seat 0 holds 9♥ 2 times; the play names it 3 times"),
    "no_joker": (_error("CARD_NOT_HELD", {"cards": ["JK"], "held": 0, "count": 1}, seat=2),
                 "Seat 2 holds no joker"),
    "fewer_jokers": (_error("CARD_NOT_HELD", {"cards": ["JK"], "held": 1, "count": 2}, seat=2),
                     "Seat 2 holds only 1 of the play's 2 jokers"),
    "opening_timeout": (_error("OPENING_CARD", {"card": "3C", "timeout": True}),
                        "The first play must contain 3♣; the opening turn cannot time out"),
    "unbeatable": (_error("WRONG_TURN", {"expected": 0, "reason": "unbeatable", "card": "2S"}),
                   "2♠ cannot be beaten: seat 0 leads the next trick, not seat 1"),
}


@pytest.mark.parametrize("case", CASES)
def test_english(case: str) -> None:
    error, expected = CASES[case]
    assert render(error, "en") == expected


@pytest.mark.parametrize("case", CASES)
def test_every_language_has_its_own_sentence(case: str) -> None:
    error, _ = CASES[case]
    rendered = {lang: render(error, lang) for lang in LANGUAGES}
    # Each language translated (Hong Kong and Taiwan may share a sentence), and every number
    # of the params is in it.
    assert len({text for lang, text in rendered.items() if lang != "zh-Hant-TW"}) == len(LANGUAGES) - 1
    for text in rendered.values():
        for value in error["params"].values():
            if isinstance(value, int) and not isinstance(value, bool) and value > 1:
                assert str(value) in text, text


def test_one_deck_sentences_unchanged() -> None:
    assert render(_error("DUPLICATE_CARD", {"card": "KS"}), "en") == "K♠ appears twice"
    assert render(_error("CARD_NOT_HELD", {"cards": ["5C"]}), "en") == "Seat 1 does not hold 5♣"
    assert render(_error("WRONG_TURN", {"expected": 1}, seat=2), "en") == "It is seat 1's turn, not seat 2's"
