"""Messages per language; German after seed 001's own wording."""

from __future__ import annotations

import pytest

from bigtwo.reports.messages import LANGUAGES, pick_language
from bigtwo.rules.codes import RuleCode
from tests.core.helpers import deal, record, report, small

HK3 = small("hk-standard", hand_size=3)
HANDS = ["3D 9C KS", "4C 5H 2S", "6D 6S JH", "7C 8H AD"]
HK4 = small("hk-standard", hand_size=4)
PAIRS = ["3D 9C 9D 5C", "4C KH KS 8C", "6D 6S JH QD", "7C 8H AD QS"]
KINGS = ["3D KH KS 5C", "4C 9C 9D 8C", "6D 6S JH QD", "7C 8H AD QS"]


@pytest.mark.parametrize(
    ("profile", "hands", "moves", "lang", "message", "seed"),
    [
        (HK3, HANDS, "0:9C", "de", "Der erste Zug muss Karo 3 enthalten", "001"),
        (HK3, HANDS, "0:9C", "en", "The first play must contain 3♦", "RECORDS.md"),
        (HK3, HANDS, "0:9C", "it", "La prima giocata deve contenere 3♦", "003"),
        (HK3, HANDS, "0:3D+9C", "de", "Diese Karten ergeben keine Kombination", "001"),
        (HK3, HANDS, "0:3D 1:4C 2:6D+6S", "de", "Spiel 1 Karte - du hast 2 gewählt", "001"),
        (HK4, PAIRS, "0:3D 1:- 2:- 3:- 0:9C+9D 1:KH+KS", "de", None, "a legal pair over a pair: no error"),
        (HK4, KINGS, "0:3D 1:- 2:- 3:- 0:KH+KS 1:9C+9D", "de",
         "Paar 9 schlägt Paar K nicht", "001"),
        (HK4, KINGS, "0:3D 1:- 2:- 3:- 0:KH+KS 1:9C+9D", "en",
         "Pair 9♦ 9♣ does not beat pair K♥ K♠", "RECORDS.md; cards low to high in the profile's suit order"),
        (HK3, HANDS, "0:-", "de", "Wer ausspielt, darf nicht passen", "001"),
        (HK3, HANDS, "0:3D 2:6D", "en", "It is seat 1's turn, not seat 2's", "RECORDS.md"),
    ],
)
def test_messages(profile: object, hands: list[str], moves: str, lang: str, message: str | None, seed: str) -> None:
    rep = report(record(profile, deal(hands, moves)), complete=False, lang=lang)
    got = rep["errors"][0]["message"] if rep["errors"] else None
    assert got == message, seed


def test_house_rule_no_two_in_straights_de() -> None:
    hands = ["3D 4C 5H 6S 2D", "7C 8C 9C TC JC", "QC KC AC 2C 3C", "4D 5D 6D 7D 8D"]
    rep = report(record(small("hk-standard", hand_size=5), deal(hands, "0:2D+3D+4C+5H+6S")), lang="de",
                 complete=False)
    assert rep["errors"][0]["message"] == "Hausregel: keine 2 in Straßen"  # 001, word for word


@pytest.mark.parametrize(
    ("query", "header", "expected"),
    [("de", "it", "de"), (None, "it-IT,it;q=0.9,en;q=0.5", "it"), (None, "fr, de;q=0.8", "de"),
     (None, None, "en"), ("xx", None, "en"), (None, "en;q=0.2, de;q=0.8", "de"),
     (None, "de;q=0, it", "it"), (None, "it;q=abc, de", "de")],
)
def test_pick_language(query: str | None, header: str | None, expected: str) -> None:
    assert pick_language(query, header) == expected


def test_every_code_has_every_language() -> None:
    from bigtwo.reports.messages import _RENDERERS  # the renderer table itself

    assert len(RuleCode) == 26  # v5 added PROOF_MISMATCH
    assert set(LANGUAGES) == {"en", "de", "it", "zh-Hant-HK", "zh-Hant-TW", "zh-Hans", "fil"}
    assert list(_RENDERERS) == list(RuleCode)  # keyed by the enum, in RECORDS.md's order
