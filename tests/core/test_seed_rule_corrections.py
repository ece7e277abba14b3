"""Rules v2, one table per item, each row citing the seed line it follows.

Corrections (direction of big-two-web, must_play_first_trick, what a bomb is, wrap-around
runs, CARD_COUNT before NOT_A_COMBINATION, messages that say what decided) and the new
dimensions (straight_flushes, bomb_hands, revolution, teams, two_held_cards, winner_only,
loss_limit, 5 players). Combination-level rows live in test_combos.py, scoring rows in
test_scoring.py; these go through the whole pipeline.
"""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo.rules.codes import RuleCode
from tests.core.helpers import codes, deal, record, report, small

HANDS = ["3D 9C KS", "4C 5H 2S", "6D 6S JH", "7C 8H AD"]
WIN1 = "0:3D 1:4C 2:JH 3:AD 0:- 1:2S 2:- 3:- 0:- 1:5H"  # clockwise; seat 1 goes out
WEB3 = small("big-two-web", hand_size=3)
WEB_SEED = '001: "Gespielt wird in fester Reihenfolge: du, rechts, gegenüber, links"'
MUST = small("hk-standard", hand_size=3, must_play_first_trick=True)
MUST_SEED = '000: "Passen in der Eröffnungsrunde ist verboten, bis ein Spieler einmal gespielt hat"'

Case = tuple[str, Any, list[dict[str, Any]], dict[str, Any], list[tuple[str, int | None, int | None]]]

CORRECTIONS: list[Case] = [
    # big-two-web: seen from above, "you, right, opposite, left" is counterclockwise
    (WEB_SEED, WEB3, [deal(HANDS, "0:3D 3:7C 2:JH 1:2S")], {"complete": False}, []),
    (WEB_SEED + ": not clockwise", WEB3, [deal(HANDS, "0:3D 1:4C")], {}, [(RuleCode.WRONG_TURN, 0, 1)]),
    # must_play_first_trick: only until the seat has played a card in the first trick
    (MUST_SEED + ": seat 1 has not played yet", MUST, [deal(HANDS, "0:3D 1:-")], {}, [(RuleCode.MUST_PLAY, 0, 1)]),
    (MUST_SEED + ": the opener has played, so may pass", MUST,
     [deal(HANDS, "0:3D 1:4C 2:6D 3:7C 0:-")], {"complete": False}, []),
    (MUST_SEED + ": seat 1 played 4C earlier in the trick", MUST,
     [deal(["3D 9C KS", "4C 5H 2S", "6D 6S JH", "7C 8H AD"], "0:3D 1:4C 2:6D 3:7C 0:9C 1:-")],
     {"complete": False}, []),
    (MUST_SEED + ": seat 2 had not played", MUST,
     [deal(HANDS, "0:3D 1:4C 2:-")], {}, [(RuleCode.MUST_PLAY, 0, 2)]),
    # wrap-around runs: no combination at all (001: "gelten nie")
    ('001: "Straßen, die über K-A-2 hinweglaufen ... gelten nie"', small("big-two-web", hand_size=6),
     [deal(["3D JD QC KH AS 2D", "4C 5H 6S 7D 8C 9C", "TC 2C 3C 4D 5D 6D", "7C 8D 9D TD JC QD"],
           "0:3D 3:- 2:- 1:- 0:JD+QC+KH+AS+2D")], {"complete": False}, [(RuleCode.NOT_A_COMBINATION, 0, 4)]),
]


@pytest.mark.parametrize(("seed", "profile", "deals", "options", "expected"), CORRECTIONS,
                         ids=[c[0][:70] for c in CORRECTIONS])
def test_corrections(seed: str, profile: Any, deals: list[dict[str, Any]], options: dict[str, Any],
                     expected: list[tuple[str, int | None, int | None]]) -> None:
    rep = report(record(profile, *deals), **options)
    assert codes(rep) == expected, seed


FIVE = ["3D 4C 5H 6S 7D 9D", "8C 8H 8S 8D KD QD", "TC JC QC KC AC 2D", "4D 5D 6D 2H 2S AS"]
HK6 = small("hk-standard", hand_size=6)
P6 = small("pusoy-dos", hand_size=6, direction="clockwise")
P6_FLUSH = ["3C 5C 7C 9C JC 2C", "4D 4S 4H TH TS 2H", "5D 6D 8D TD KD 2D", "6H 9H JH QS 8S 2S"]
P6_STRAIGHT = ["3C 4D 5H 6S 7C AH", "8H 8D 8S 2H 2D KS", "4C 5C 6C 8C 9C KC", "TD JD QD KD 2C AS"]


@pytest.mark.parametrize(
    ("profile", "hands", "moves", "lang", "message", "seed"),
    [
        (HK6, FIVE, "0:3D+4C+5H+6S+7D 1:8C+8H+8S+8D", "de", "Spiel 5 Karten - du hast 4 gewählt",
         '001: "Spiel 5 Karten - du hast 4 gewählt" (CARD_COUNT before NOT_A_COMBINATION)'),
        (HK6, FIVE, "0:3D+4C+5H+6S", "de", "Diese Karten ergeben keine Kombination",
         '001: "Diese Karten ergeben keine Kombination" for four unequal cards'),
        (HK6, ["3D 3C 3H 3S 7D 9D", *FIVE[1:]], "0:3D+3C+3H+3S", "de",
         "Vier gleiche Karten allein sind keine Kombination, sie brauchen eine fünfte",
         '001: "Vier gleiche Karten ohne fünfte Karte legen - erst mit einer Beikarte"'),
        (small("hk-standard", hand_size=4), ["3D 9H 9S 5C", "4C 9C 9D 8C", "6D 6S JH QD", "7C 8H AD QS"],
         "0:3D 1:- 2:- 3:- 0:9H+9S 1:9C+9D", "en", "Pair 9♦ 9♣ does not beat pair 9♥ 9♠",
         "RECORDS: where ranks tie, name the cards whose suits decide"),
        (small("hk-standard", hand_size=4), ["3D 9H 9S 5C", "4C 9C 9D 8C", "6D 6S JH QD", "7C 8H AD QS"],
         "0:3D 1:- 2:- 3:- 0:9H+9S 1:9C+9D", "de", "Paar Karo 9, Kreuz 9 schlägt Paar Herz 9, Pik 9 nicht",
         "001 wording, with the deciding cards where the ranks tie"),
        (small("hk-standard", hand_size=4), ["3D KH KS 5C", "4C 9C 9D 8C", "6D 6S JH QD", "7C 8H AD QS"],
         "0:3D 1:- 2:- 3:- 0:KH+KS 1:9C+9D", "de", "Paar 9 schlägt Paar K nicht",
         '001: "Paar 9 schlägt Paar K nicht"'),
        (HK6, ["3D 5D 7D 9D KD 2C", "4H 6H 8H TH QH 2H", "5C 6C 8C TC JC 2S", "4S 6S 8S TS AS 2D"],
         "0:3D+5D+7D+9D+KD 1:4H+6H+8H+TH+QH", "en", "Flush Q-10-8-6-4 does not beat flush K-9-7-5-3",
         "000: flushes by the highest card first: the message names ranks, not suits"),
        (P6, P6_FLUSH, "0:3C+5C+7C+9C+JC 1:4D+4S+4H+TH+TS", "de",
         "Hier schlägt nur ein höherer Flush einen Flush", 'RECORDS: German "einen Flush"'),
        (P6, P6_FLUSH, "0:3C+5C+7C+9C+JC 1:4D+4S+4H+TH+TS", "it",
         "Qui un colore si batte solo con un colore più alto", "003: il colore"),
        (P6, P6_STRAIGHT,
         "0:3C+4D+5H+6S+7C 1:8H+8D+8S+2H+2D", "it",
         "Qui una scala si batte solo con una scala più alta", 'RECORDS: Italian "una scala"'),
        (P6, P6_STRAIGHT,
         "0:3C+4D+5H+6S+7C 1:8H+8D+8S+2H+2D", "de",
         "Hier schlägt nur eine höhere Straße eine Straße", '004: "eine Straße kann nur von einer höheren Straße übertroffen werden"'),
    ],
)
def test_messages_say_what_decided(profile: Any, hands: list[str], moves: str, lang: str,
                                   message: str | None, seed: str) -> None:
    rep = report(record(profile, deal(hands, moves)), complete=False, lang=lang)
    got = rep["errors"][0]["message"] if rep["errors"] else None
    assert got == message, seed


# --- new dimensions --------------------------------------------------------------------------
BASE8 = ["34567", "45678", "56789", "6789T", "789TJ", "89TJQ", "9TJQK", "TJQKA"]
LIFTED = ["45678", "56789", "6789T", "789TJ", "89TJQ", "9TJQK", "TJQKA", "34567"]
HOUSE_004 = {"extends": "pusoy-dos", "straights": LIFTED, "straight_flushes": BASE8}
SEED_34567 = ('004: "Manche Hausregeln behandeln die niedrigste Straße (3-4-5-6-7) so, dass sie jede '
              'Straße ohne Flush schlägt"')
SEED_ROYAL = '004: "Royal Flush (A-K-D-B-10 einer Farbe): ... von keinem anderen Fünf-Karten-Blatt zu schlagen"'


@pytest.mark.parametrize(
    ("ref", "play", "table", "expected", "seed"),
    [
        (HOUSE_004, "3D 4C 5H 6S 7D", "TD JC QH KS AD", None, SEED_34567),
        (HOUSE_004, "TD JC QH KS AS", "3D 4C 5H 6S 7D", RuleCode.DOES_NOT_BEAT, SEED_34567),
        (HOUSE_004, "3H 4H 5H 6H 7H", "TD JD QD KD AD", RuleCode.DOES_NOT_BEAT, SEED_ROYAL),
        (HOUSE_004, "TD JD QD KD AD", "3H 4H 5H 6H 7H", None, SEED_ROYAL),
        ({"extends": "pusoy-dos", "straights": LIFTED}, "3H 4H 5H 6H 7H", "TD JD QD KD AD", None,
         "RULES: straight_flushes null follows straights"),
        ({"extends": "hk-standard", "straight_flushes": ["34567"]}, "4H 5H 6H 7H 8H", "3D 4D 5D 6D 7D",
         RuleCode.DOES_NOT_BEAT, "RULES: a run of one suit outside straight_flushes is a plain flush"),
    ],
)
def test_straight_flushes(ref: Any, play: str, table: str, expected: str | None, seed: str) -> None:
    from tests.core.test_combos import beats

    assert beats(ref, play, table) == expected, seed


def test_straight_flushes_classify_separately() -> None:
    from tests.core.test_combos import kind

    ref = {"extends": "hk-standard", "straight_flushes": ["34567"]}
    assert kind(ref, "4H 5H 6H 7H 8H") == "flush"
    assert kind(ref, "3H 4H 5H 6H 7H") == "straight_flush"
    assert kind(ref, "4D 5C 6H 7S 8D") == "straight"  # straights are unchanged


BOMBS = small("hk-standard", hand_size=6, bombs="anything")
BOMB_HANDS = ["3D 4C 4D 4H 4S 9C", "5H 6H 7H 8H 9H 2S", "TC JC QC KC AC 2D", "3C 3H 5D 6D 8D AD"]


@pytest.mark.parametrize(
    ("profile", "moves", "expected", "seed"),
    [
        (BOMBS, "0:3D 1:5H+6H+7H+8H+9H", [(RuleCode.CARD_COUNT, 0, 1)],
         '000: "Bombe: Vierling plus eine Kicker-Karte" (a straight flush is no bomb)'),
        ({**BOMBS, "bomb_hands": ["four_of_a_kind", "straight_flush"]}, "0:3D 1:5H+6H+7H+8H+9H", [],
         "RULES: bomb_hands lists the straight flush"),
        (BOMBS, "0:3D 1:2S 2:- 3:- 0:4C+4D+4H+4S+9C", [], '000: "Bomben überall: ... einschließlich einer einzelnen hohen Karte"'),
        (small("hk-standard", hand_size=6), "0:3D 1:2S 2:- 3:- 0:4C+4D+4H+4S+9C", [(RuleCode.CARD_COUNT, 0, 4)],
         "000: the standard rule: bombs only over five-card hands"),
    ],
)
def test_bomb_hands(profile: Any, moves: str, expected: list[tuple[str, int, int]], seed: str) -> None:
    rep = report(record(profile, deal(BOMB_HANDS, moves)), complete=False)
    assert codes(rep) == expected, seed


REV = small("hk-standard", hand_size=7, revolution="ranks")
REV_HANDS = ["3D 4C 4D 4H 4S 9C KC", "5C 5D 5H 5S 2S KD AH", "6C 6D 2H 7C 8C 9D TH", "3C 3H 3S TC JC QC AD"]
REV_SEED = ('004: "Revolution: Wenn jemand einen Vierling spielt, kehrt sich die Rangordnung für diese '
            'Runde um (2 wird zur niedrigsten Karte)"')


@pytest.mark.parametrize(
    ("profile", "moves", "expected", "seed"),
    [
        (REV, "0:4C+4D+4H+4S+3D 1:5C+5D+5H+5S+KD", [(RuleCode.DOES_NOT_BEAT, 0, 1)], REV_SEED + ": fours of 5 are below fours of 4"),
        (REV, "0:4C+4D+4H+4S+3D 1:- 2:- 3:- 0:9C 1:- 2:8C", [], REV_SEED + ": 8 beats 9"),
        (REV, "0:4C+4D+4H+4S+3D 1:- 2:- 3:- 0:9C 1:2S", [(RuleCode.DOES_NOT_BEAT, 0, 5)], REV_SEED + ": 2 is lowest"),
        (REV, "0:4C+4D+4H+4S+3D 1:- 2:- 3:- 0:9C 1:- 2:- 3:3C", [], REV_SEED + ": 3 is highest"),
        (small("hk-standard", hand_size=7), "0:4C+4D+4H+4S+3D 1:5C+5D+5H+5S+KD", [],
         "RULES: without revolution the higher quad beats"),
        (small("hk-standard", hand_size=7), "0:4C+4D+4H+4S+3D 1:- 2:- 3:- 0:9C 1:- 2:8C",
         [(RuleCode.DOES_NOT_BEAT, 0, 6)], "RULES: revolution none"),
    ],
)
def test_revolution(profile: Any, moves: str, expected: list[tuple[str, int, int]], seed: str) -> None:
    rep = report(record(profile, deal(REV_HANDS, moves)), complete=False)
    assert codes(rep) == expected, seed


def test_revolution_message_and_reset() -> None:
    """004: "Wird zu Beginn der nächsten Runde zurückgesetzt"; messages say the order is reversed."""
    rep = report(record(REV, deal(REV_HANDS, "0:4C+4D+4H+4S+3D 1:- 2:- 3:- 0:9C 1:2S")), complete=False)
    assert rep["errors"][0]["message"] == (
        "Single 2♠ does not beat single 9♣ (revolution: the order is reversed, 2 is lowest)")
    assert rep["errors"][0]["params"]["revolution"] is True
    five = small("hk-standard", hand_size=5, revolution="ranks")
    first = deal(["4C 4D 4H 4S 3D", "5C 5D 5H 5S KD", "6C 6D 2H 7C 8C", "3C 3H 3S TC JC"],
                 "0:4C+4D+4H+4S+3D")  # seat 0 goes out with the quad: revolution, deal over
    second = deal(["9C 9D 9H TD JD", "8C 8D KC KH KS", "6C 6D 2H 7C 2C", "3C 3H 3S TC JC"], "0:9C 1:8C")
    rep = report(record(five, first, second), complete=False)
    assert rep["deals"][0]["winner"] == 0
    assert codes(rep) == [(RuleCode.DOES_NOT_BEAT, 1, 1)]  # the next deal starts unreversed


TEAMS = [[0, 2], [1, 3]]
TEAM_SEED = ('004: "Partner sitzen einander gegenüber und addieren ihre Punktzahlen. Der erste Partner, '
             'der fertig ist, gewinnt für das Team"')


@pytest.mark.parametrize(
    ("settlement", "team_scores", "scores", "seed"),
    [
        # seat 1 goes out; partner seat 3 keeps 2 cards; opponents 0 and 2 keep 2 each: V = 4 - 2
        ("winner_takes_all", [-2, 2], [-2, 2, -2, 2], TEAM_SEED),
        ("winner_only", [0, 2], [0, 2, 0, 2], '000: "andere werten nur das Guthaben des Gewinners"'),
        ("penalty_only", [-4, -2], [-4, -2, -4, -2], "002 minus points, per team"),
    ],
)
def test_team_reports(settlement: str, team_scores: list[int], scores: list[int], seed: str) -> None:
    prof = small("hk-standard", hand_size=3, teams=TEAMS, scoring={"settlement": settlement},
                 match={"max_deals": 1})
    rep = report(record(prof, deal(HANDS, WIN1, declared={"winner": 1, "scores": scores})))
    assert rep["valid"], rep["errors"]
    (d,) = rep["deals"]
    assert d["penalties"] == [2, 0, 2, 2], seed
    assert d["team_scores"] == team_scores and d["scores"] == scores, seed
    assert rep["team_totals"] == team_scores and rep["totals"] == scores
    assert rep["match"] == {"over": True, "winners": [1, 3]}, "both seats of the best team"


def test_reports_without_teams_have_no_team_fields() -> None:
    rep = report(record(small("hk-standard", hand_size=3), deal(HANDS, WIN1)))
    assert "team_totals" not in rep and "team_scores" not in rep["deals"][0]


FIVE_SEATS = small("hk-standard", players=5, hand_size=2)
SEATS5 = ["3D 2S", "4C 5C", "6C 7C", "8C 9C", "TC JC"]


@pytest.mark.parametrize(
    ("moves", "expected", "seed"),
    [
        ("0:3D 1:4C 2:6C 3:8C 4:TC 0:2S", [], '000: "Gelegentlich existieren Varianten für 3 oder 5 Spieler"'),
        ("0:3D 1:4C 2:6C 3:8C 4:TC 1:5C", [(RuleCode.WRONG_TURN, 0, 5)], "000: clockwise around five seats"),
    ],
)
def test_five_players(moves: str, expected: list[tuple[str, int, int]], seed: str) -> None:
    rep = report(record(FIVE_SEATS, deal(SEATS5, moves), players=["Ana", "Ben", "Cai", "Dee", "Eve"]))
    assert codes(rep) == expected, seed
    if not expected:
        assert rep["deals"][0]["scores"] == [4, -1, -1, -1, -1]


def test_five_players_hand_size_limit() -> None:
    """RULES: hand_size at most 52 / players."""
    from bigtwo.rules.profiles import DEFAULT_RESOLVER

    ok, _ = DEFAULT_RESOLVER.resolve({"extends": "hk-standard", "players": 5, "hand_size": 10})
    assert ok is not None and ok.leftover_count == 2
    bad, problems = DEFAULT_RESOLVER.resolve({"extends": "hk-standard", "players": 5, "hand_size": 11})
    assert bad is None and [p.pointer for p in problems] == ["/profile/hand_size"]


def test_loss_limit_ends_the_match() -> None:
    """004: "wenn ein Spieler ein Chip-Verlust-Limit erreicht" (loss_limit)."""
    prof = small("hk-standard", hand_size=3, opening={"later_deals": "lowest_card"},
                 match={"loss_limit": 2})
    rep = report(record(prof, deal(HANDS, WIN1), deal(HANDS, WIN1)))
    assert rep["totals"] == [-2, 6, -2, -2]
    assert rep["match"] == {"over": True, "winners": [1]}
    assert codes(rep) == [(RuleCode.MATCH_OVER, 1, None)]


def test_two_held_cards_in_a_report() -> None:
    """000: "Eine 2 (den Big Two) am Blattende halten" read as the spade 2 alone."""
    prof = small("hk-standard", hand_size=3, scoring={"two_held_factor": 2, "two_held_cards": ["2S"]})
    hands = ["3D 9C KS", "4C 5H 2D", "6D 6S 2S", "7C 8H AD"]
    rep = report(record(prof, deal(hands, "0:3D 1:4C 2:6D 3:AD 0:- 1:2D 2:- 3:- 0:- 1:5H")))
    assert rep["deals"][0]["penalties"] == [2, 0, 4, 2]


def test_five_player_deal_codes() -> None:
    """Deal codes stand for 5-player deals too (B2-5-10-...): 50 cards dealt, 2 undealt."""
    from bigtwo.rules import deals

    spec = deals.parse_code("B2-5-10-7")
    assert isinstance(spec, deals.DealSpec) and spec.players == 5
    hands, undealt = deals.deal(spec)
    assert [len(h) for h in hands] == [10] * 5 and len(undealt) == 2
    assert isinstance(deals.parse_code("B2-5-11-7"), str)  # 55 cards do not fit
    doc = {"profile": {"extends": "hk-standard", "players": 5, "hand_size": 10},
           "deals": [{"deal_code": "B2-5-10-7", "moves": []}]}
    rep = report(doc, complete=False)
    assert rep["valid"] and rep["deals"][0]["status"] == "incomplete"


@pytest.mark.parametrize(
    ("preset", "play", "table", "lang", "message", "seed"),
    [
        ("big-two-web", "2D 3C 4H 5S 6D", "AD 2C 3H 4S 5H", "en",
         "Straight 2-3-4-5-6 does not beat straight A-2-3-4-5",
         "001: \"A-2-3-4-5 ist die höchste Straße überhaupt\": both end in the 2, the list decides"),
        ("big-two-web", "3D 4C 5H 6S 7D", "3S 4C 5H 6D 7S", "de", "Straße bis Karo 7 schlägt Straße bis Pik 7 nicht",
         "RECORDS: equal runs: the key card's suit decides, so it is named"),
        ("hk-standard", "3H 5H 7H 9H KH", "3S 5S 7S 9S KS", "it",
         "Colore K-9-7-5-3 ♥ non batte colore K-9-7-5-3 ♠",
         "000: rank first: the ranks tie, then the suit"),
        ("big-two-web", "3H 5H 7H 9H KH", "4S 5S 7S 9S QS", "de", "Flush Herz schlägt Flush Pik nicht",
         "001: \"Flushes vergleichen standardmäßig erst die Farbe\""),
        ("hk-standard", "8C 8D 8H 3S 3D", "9C 9D 9H 4S 4D", "de", "Full House 8 schlägt Full House 9 nicht",
         "000: \"Verglichen nach dem Rang des Drillings\""),
    ],
)
def test_five_card_messages_say_what_decided(preset: str, play: str, table: str, lang: str, message: str,
                                             seed: str) -> None:
    from bigtwo.reports.messages import render
    from bigtwo.rules import cards
    from bigtwo.rules.combos import Combo, classifier_for
    from bigtwo.rules.profiles import PRESETS

    classifier = classifier_for(PRESETS[preset])
    a, b = ([cards.NOTATION[c] for c in text.split()] for text in (play, table))
    mine, theirs = classifier.classify(a, cards.mask_of(a)), classifier.classify(b, cards.mask_of(b))
    assert isinstance(mine, Combo) and isinstance(theirs, Combo)
    assert classifier.beats(mine, theirs) == RuleCode.DOES_NOT_BEAT
    error = {"code": RuleCode.DOES_NOT_BEAT, "params": classifier.versus(mine, theirs), "deal": 0, "move": 1, "seat": 1}
    assert render(error, lang) == message, seed
