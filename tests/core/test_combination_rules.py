"""Rules v3, combinations: `four_card_hands`, `opening.lead_alone`, `bombs: on_twos`,
`revolution_repeats` and `dragon`. One table per field, each row citing where the rule comes
from (RULES.md "v3" names the engines; "reading n" is RULES.md's "v3 readings, decided"), then
the interactions the spec asks for: revolutions toggled by four-card quads, and bombs on 2s
with a dragon on the table.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigtwo.records.pipeline import check_record
from bigtwo.reports.messages import combo_label, render
from bigtwo.rules import cards
from bigtwo.rules.codes import RuleCode
from bigtwo.rules.combos import Combo, classifier_for
from bigtwo.rules.legal import all_combos, can_beat
from bigtwo.rules.play import deal_lead, judge_cards, starts_revolution
from bigtwo.rules.profiles import DEFAULT_RESOLVER, PRESETS, Profile, stored_id
from bigtwo.rules.table import Table

DRAGON = "3D 4C 5H 6S 7D 8C 9H TS JD QC KH AS 2D"
DIAMOND_DRAGON = "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 2D"


def profile(**fields: Any) -> Profile:
    found, problems = DEFAULT_RESOLVER.resolve({"extends": "hk-standard", **fields})
    assert found is not None, problems
    return found


def ids(text: str) -> list[int]:
    return [cards.NOTATION[t] for t in text.split()]


def combo_of(p: Profile, text: str, revolution: bool = False) -> Combo:
    played = ids(text)
    found = classifier_for(p, revolution).classify(played, cards.mask_of(played))
    assert isinstance(found, Combo), (text, found)
    return found


def verdict(fields: dict[str, Any], play: str, table: str | None) -> str | None:
    """The referee's code for ``play`` on ``table`` (None: a lead), or None when it stands."""
    p = profile(**fields)
    found = judge_cards(p, ids(play), None if table is None else combo_of(p, table))
    return None if isinstance(found, Combo) else str(found[0])


def message(code: str, params: dict[str, Any], lang: str) -> str:
    return render({"code": code, "params": params, "deal": 0, "move": 1, "seat": 1}, lang)


# --- four_card_hands -------------------------------------------------------------------------
BOTH = ["two_pair", "four_of_a_kind"]


@pytest.mark.parametrize(("listed", "play", "table", "expected", "source"), [
    (["two_pair"], "5C 5D 9H 9S", None, None, "RULES.md v3: two pairs of different ranks lead"),
    (["two_pair"], "5C 5D 9H 9S", "4C 4D 8H 8S", None, "RULES.md v3: compared by the higher pair"),
    (["two_pair"], "KH KD 5S 5C", "KS KC 9D 9H", "DOES_NOT_BEAT",
     "reading 5: keyed by its highest card, K♥ under K♠; the lower pair does not count"),
    (["two_pair"], "KS KC 3D 3H", "KH KD QS QC", None, "reading 5: K♠ tops K♥ whatever the Qs"),
    (BOTH, "3C 3D 3H 3S", "AS AH KS KH", None, "RULES.md v3: a kind later in the list beats"),
    (["four_of_a_kind", "two_pair"], "3C 3D 3H 3S", "4C 4D 5H 5S", "DOES_NOT_BEAT",
     "RULES.md v3: the list is low to high, here two pair is the higher kind"),
    (["four_of_a_kind"], "8C 8D 8H 8S", "7C 7D 7H 7S", None, "RULES.md v3: fours by rank"),
    (["four_of_a_kind"], "8C 8D 8H 8S", None, None, "RULES.md v3: four of a rank, no kicker"),
    (["two_pair"], "8C 8D 8H 8S", None, "NOT_A_COMBINATION",
     "RECORDS.md v3: a four-card kind the profile does not list"),
    (["four_of_a_kind"], "5C 5D 9H 9S", None, "NOT_A_COMBINATION", "RECORDS.md v3: not listed"),
    ([], "5C 5D 9H 9S", None, "NOT_A_COMBINATION", "v2: four cards are no combination"),
    (["two_pair"], "5C 5D 5H 9S", None, "NOT_A_COMBINATION", "three and one is no two pair"),
    (["two_pair"], "5C 5D 9H 9S", "KS", "CARD_COUNT", "RECORDS.md v3: on a one-card table"),
    (["two_pair"], "5C 5D 9H 9S", "3C 4D 5S 6H 7C", "CARD_COUNT",
     "RECORDS.md v3: on a five-card table"),
    (["two_pair"], "KS", "5C 5D 9H 9S", "CARD_COUNT", "RECORDS.md v3: a single on a four-card table"),
    (["two_pair"], "9C 9D 9H 9S 3D", "4C 4D 8H 8S", "CARD_COUNT",
     "RECORDS.md v3: a five-card hand on a four-card table, no bombs"),
])
def test_four_card_hands(listed: list[str], play: str, table: str | None, expected: str | None,
                         source: str) -> None:
    assert verdict({"four_card_hands": listed}, play, table) == expected


@pytest.mark.parametrize(("fields", "play", "table", "expected", "source"), [
    ({"bombs": "anything"}, "9C 9D 9H 9S", "2S", None,
     "RULES.md v3: a four-card four of a kind is a bomb where bomb_hands names it"),
    ({"bombs": "anything"}, "9C 9D 9H 9S", "2S 2H", None, "a bomb on a pair"),
    ({"bombs": "anything"}, "TC TD TH TS 3D", "9C 9D 9H 9S", None,
     "RULES.md v3: bombs compare by rank, kicker or not"),
    ({"bombs": "anything"}, "9C 9D 9H 9S", "TC TD TH TS 3D", "DOES_NOT_BEAT",
     "RULES.md v3: bombs compare by rank, kicker or not"),
    ({"bombs": "anything"}, "3C 4C 5C 6C 7C", "9C 9D 9H 9S", "CARD_COUNT",
     "reading 4: a four-card bomb on the table is beaten only by a higher bomb"),
    ({"bombs": "anything"}, "AS AH KS KH", "3C 3D 3H 3S", "DOES_NOT_BEAT",
     "reading 4: not even by a four-card hand"),
    ({"bombs": "anything", "bomb_hands": ["four_of_a_kind", "straight_flush"]},
     "3C 4C 5C 6C 7C", "9C 9D 9H 9S", None,
     "reading 4: bomb against bomb, categories by five_card_order"),
    ({"bombs": "anything"}, "9C 9D 9H 9S", "3D 4D 5D 6D 7D", "DOES_NOT_BEAT",
     "v2 kept: a five-card hand that beats four of a kind by the five-card rules"),
    ({"bombs": "anything", "bomb_hands": ["straight_flush"]}, "9C 9D 9H 9S", "2S", "CARD_COUNT",
     "bomb_hands without four_of_a_kind: the bare four is an ordinary four-card hand"),
    ({}, "9C 9D 9H 9S", "2S", "CARD_COUNT", "bombs: none: no bombs at all"),
])
def test_four_card_bombs(fields: dict[str, Any], play: str, table: str, expected: str | None,
                         source: str) -> None:
    assert verdict({"four_card_hands": BOTH, **fields}, play, table) == expected


def test_a_bare_four_starts_a_revolution() -> None:
    """RULES.md v3: it starts a revolution as the five-card one does."""
    p = profile(four_card_hands=["four_of_a_kind"], revolution="ranks")
    assert combo_of(p, "9C 9D 9H 9S").kind == "four_of_a_kind"
    assert starts_revolution(p, combo_of(p, "9C 9D 9H 9S").kind, False)


def test_four_card_hands_are_listed_by_the_generator() -> None:
    p = profile(four_card_hands=BOTH)
    hand = ids("5C 5D 9H 9S 9C 9D KS")
    fours = [cards.names(c.cards) for c in all_combos(hand, classifier_for(p)) if c.size == 4]
    assert {"9C", "9D", "9H", "9S"} in map(set, fours) and {"5C", "5D", "9H", "9S"} in map(set, fours)
    assert len(fours) == 1 + 6  # the four of 9s, and the 5s with each of the six pairs of 9s
    assert not [c for c in all_combos(hand, classifier_for(PRESETS["hk-standard"])) if c.size == 4]


# --- opening.lead_alone ----------------------------------------------------------------------
def _table(p: Profile, hands: list[str], index: int = 0, previous_winner: int | None = None) -> Table:
    dealt = [ids(h) for h in hands]
    leader, opening = deal_lead(p, index, previous_winner, dealt)
    assert leader is not None
    return Table(p, dealt, leader, opening)


def _deal_around(first: str) -> list[str]:
    """Seat 0 holds ``first``; the rest of the deck goes round seats 1 to 3."""
    rest = [c for c in cards.CANONICAL if c not in first.split()]
    return [first, *(" ".join(rest[seat::3]) for seat in range(3))]


HANDS = _deal_around(DRAGON)
NO_DRAGON = _deal_around(DRAGON.replace("2D", "3C"))


@pytest.mark.parametrize(("alone", "hands", "index", "later", "play", "expected", "source"), [
    (True, NO_DRAGON, 0, "lowest_card", "3D", None, "henrycharlesworth: the 3♦ alone"),
    (True, NO_DRAGON, 0, "lowest_card", "3D 3C", "OPENING_CARD",
     "RULES.md v3 / henrycharlesworth: that card alone, not a pair with it"),
    (True, NO_DRAGON, 0, "lowest_card", "3D 4C 5H 6S 7D", "OPENING_CARD", "nor a straight"),
    (False, NO_DRAGON, 0, "lowest_card", "3D 3C", None, "v2: the play need only contain it"),
    (True, NO_DRAGON, 0, "lowest_card", "4C", "OPENING_CARD", "v2: it must contain it at all"),
    (True, NO_DRAGON, 1, "lowest_card", "3D 3C", "OPENING_CARD",
     "RULES.md v3: later deals under lowest_card too"),
    (True, NO_DRAGON, 1, "previous_winner", "3D 3C", None,
     "RULES.md v3: a free lead by the previous winner must contain nothing"),
    (True, HANDS, 0, "lowest_card", DRAGON, "OPENING_CARD", "reading 1: a dragon holding it too"),
])
def test_lead_alone(alone: bool, hands: list[str], index: int, later: str, play: str,
                    expected: str | None, source: str) -> None:
    p = profile(dragon=True, opening={"first_deal": "lowest_card", "later_deals": later,
                                      "lead_alone": alone})
    t = _table(p, hands, index, previous_winner=0)
    found = t.check(t.current, ids(play))
    assert (None if isinstance(found, Combo) else str(found[0])) == expected


def test_lead_alone_says_so_in_every_language() -> None:
    p = profile(opening={"first_deal": "lowest_card", "later_deals": "lowest_card", "lead_alone": True})
    t = _table(p, NO_DRAGON)
    found = t.check(0, ids("3D 3C"))
    assert not isinstance(found, Combo) and found is not None
    code, params = found
    assert [message(code, params, lang) for lang in ("en", "de", "it")] == [
        "The first play must be 3♦ alone", "Der erste Zug muss Karo 3 allein sein",
        "La prima giocata deve essere 3♦ da solo"]
    assert [cards.names(c.cards) for c in t.legal_plays()] == [["3D"]]


# --- bombs: on_twos ----------------------------------------------------------------------------
@pytest.mark.parametrize(("play", "table", "expected", "source"), [
    ("9C 9D 9H 9S 3D", "2S", None, "RULES.md v3: a bomb on a single 2"),
    ("9C 9D 9H 9S 3D", "2S 2H", None, "RULES.md v3: on a pair of 2s"),
    ("9C 9D 9H 9S 3D", "2S 2H 2C", None, "RULES.md v3: on a triple of 2s"),
    ("9C 9D 9H 9S 3D", "AS", "CARD_COUNT", "reading 3: no 2 on the table, the ordinary rules"),
    ("9C 9D 9H 9S 3D", "AS AH", "CARD_COUNT", "reading 3: no 2 on the table"),
    ("9C 9D 9H 9S 4D", "3S 3C 3H 2C 2D", None, "RULES.md v3: a five-card hand holding a 2"),
    ("9C 9D 9H 9S 3D", "3D 4C 5H 6S 7C", None,
     "reading 3: no 2, the five-card rules (cross_category) let a four beat a straight"),
    ("AC AD AH AS 3C", "2C 2D 2H 2S 4C", "DOES_NOT_BEAT",
     "reading 3: a bomb on a bomb holding a 2 is bomb against bomb: the 2s are higher"),
])
def test_bombs_on_twos(play: str, table: str, expected: str | None, source: str) -> None:
    assert verdict({"bombs": "on_twos"}, play, table) == expected


QUADS_HIGH = ["straight", "flush", "full_house", "straight_flush", "four_of_a_kind"]


@pytest.mark.parametrize(("cross", "order", "play", "table", "expected", "source"), [
    (False, None, "9C 9D 9H 9S 3D", "3D 4C 5H 6S 7C", "CATEGORY",
     "reading 3: with no 2 on the table, cross_category: false refuses the four"),
    (False, None, "3C 4C 5C 6C 7C", "2C 2D 2H 2S 4S", None,
     "reading 3: a bomb on a bomb holding a 2 is bomb against bomb, whatever cross_category "
     "says: the straight flush's category is higher"),
    (False, QUADS_HIGH, "3C 4C 5C 6C 7C", "2C 2D 2H 2S 4D", "DOES_NOT_BEAT",
     "reading 4: bomb against bomb by five_card_order, here fours above straight flushes"),
    (True, None, "9C 9D 9H 9S 3D", "AD 2S 3C 4H 5S", None, "RULES.md v3: a straight holding a 2"),
])
def test_bombs_on_twos_and_categories(cross: bool, order: list[str] | None, play: str, table: str,
                                      expected: str | None, source: str) -> None:
    fields: dict[str, Any] = {"bombs": "on_twos", "cross_category": cross,
                              "bomb_hands": ["four_of_a_kind", "straight_flush"],
                              "straights": ["34567", "TJQKA", "A2345"]}
    if order is not None:
        fields["five_card_order"] = order
    assert verdict(fields, play, table) == expected


def test_on_twos_means_the_printed_two_in_a_revolution() -> None:
    """Reading 3: the printed rank 2, revolution or not (reversed, the 2 is the lowest)."""
    p = profile(bombs="on_twos", revolution="ranks")
    table = combo_of(p, "2S", revolution=True)
    assert isinstance(judge_cards(p, ids("9C 9D 9H 9S 3D"), table, True), Combo)
    table = combo_of(p, "3S", revolution=True)  # the highest single now, but no 2
    found = judge_cards(p, ids("9C 9D 9H 9S 4D"), table, True)
    assert not isinstance(found, Combo) and found is not None and found[0] == RuleCode.CARD_COUNT


# --- revolution_repeats --------------------------------------------------------------------------
@pytest.mark.parametrize(("repeats", "revolution", "kind", "reversed_now", "flips", "source"), [
    ("stays", "ranks", "four_of_a_kind", False, True, "004's Revolution: the first quad"),
    ("stays", "ranks", "four_of_a_kind", True, False, "v2 / 004: a later quad leaves it reversed"),
    ("toggles", "ranks", "four_of_a_kind", True, True, "benbrunton, cnyaw/big3: it flips back"),
    ("toggles", "ranks", "four_of_a_kind", False, True, "benbrunton: and forward again"),
    ("toggles", "ranks_and_suits", "four_of_a_kind", True, True, "benbrunton: ranks and suits"),
    ("toggles", "none", "four_of_a_kind", False, False, "no revolution at all"),
    ("toggles", "ranks", "full_house", False, False, "only a four of a kind starts one"),
])
def test_revolution_repeats(repeats: str, revolution: str, kind: str, reversed_now: bool,
                            flips: bool, source: str) -> None:
    p = profile(revolution=revolution, revolution_repeats=repeats)
    assert starts_revolution(p, kind, reversed_now) is flips


# --- dragon --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("fields", "play", "table", "expected", "source"), [
    ({}, DRAGON, None, None, "zeshuaro: thirteen cards, one of each rank"),
    ({}, DRAGON, "2S", None, "RULES.md v3: played on any table"),
    ({}, DRAGON, "TS JS QS KS AS", None, "RULES.md v3: beats everything"),
    ({}, DRAGON, "2C 2D 2H 2S 3C", None, "RULES.md v3: a four of a kind too"),
    ({}, DRAGON, DIAMOND_DRAGON, "DOES_NOT_BEAT", "reading 2: a dragon on a dragon"),
    ({"bombs": "anything"}, "9C 9D 9H 9S 3C", DRAGON, "DOES_NOT_BEAT", "reading 2: a bomb on it"),
    ({}, "9C 9D 9H 9S 3C", DRAGON, "CARD_COUNT", "reading 2: no bombs, another size"),
    ({}, "2S", DRAGON, "CARD_COUNT", "reading 2: plays of other sizes on it"),
    ({}, "3D 4C 5H 6S 7D 8C 9H TS JD QC KH AS AD", None, "NOT_A_COMBINATION",
     "reading 2: thirteen cards that are not a dragon"),
    ({}, "3D 4C 5H 6S 7D 8C 9H TS JD QC KH AS AD", "2S", "CARD_COUNT",
     "reading 2: or CARD_COUNT when following"),
    ({"dragon": False}, DRAGON, None, "NOT_A_COMBINATION", "v2: no dragons"),
    ({"dragon": False}, DRAGON, "2S", "CARD_COUNT", "v2: no dragons"),
])
def test_dragon(fields: dict[str, Any], play: str, table: str | None, expected: str | None,
                source: str) -> None:
    assert verdict({"dragon": True, **fields}, play, table) == expected


def test_a_dragon_is_named_in_every_language() -> None:
    """RECORDS.md v3: "Dragon 3-2" in messages, ``dragon`` in combination.type."""
    p = profile(dragon=True, bombs="anything")
    found = combo_of(p, DRAGON)
    assert found.kind == "dragon" and found.size == 13
    labels = [combo_label("dragon", cards.names(found.cards), cards.name(found.top), lang)
              for lang in ("en", "de", "it")]
    assert labels == ["Dragon 3-2", "Drache 3-2", "Drago 3-2"]
    bomb = judge_cards(p, ids("9C 9D 9H 9S 3C"), found)
    assert not isinstance(bomb, Combo) and bomb is not None
    assert message(bomb[0], bomb[1], "en") == "Four of a kind 3♣ 9♦ 9♣ 9♥ 9♠ does not beat Dragon 3-2"


def test_a_dragon_counts_as_a_beating_play_in_the_first_trick() -> None:
    """Reading 2: under must_play_first_trick a dragon in hand is a play that beats."""
    p = profile(dragon=True, must_play_first_trick=True)
    table = combo_of(p, "2S")
    classifier = classifier_for(p)
    assert can_beat(ids(DRAGON), classifier, table)
    assert not can_beat(ids(DRAGON), classifier_for(profile(must_play_first_trick=True)), table)


def _replay(decl: dict[str, Any], hands: list[str], moves: list[tuple[int, str | None]]) -> dict[str, Any]:
    doc = {"profile": decl, "deals": [{"hands": [h.split() for h in hands], "moves": [
        {"seat": s, "pass": True} if m is None else {"seat": s, "play": m.split()} for s, m in moves]}]}
    checked = check_record(doc, complete=False)
    assert checked.report is not None, checked.problems
    return checked.report


def test_a_dragon_goes_out() -> None:
    report = _replay({"extends": "hk-standard", "dragon": True}, HANDS, [(0, DRAGON)])
    assert report["valid"] and report["deals"][0]["winner"] == 0
    assert report["deals"][0]["status"] == "complete"


# --- the interactions ----------------------------------------------------------------------------
# Four-card quads toggling the revolution (7 cards a seat): seat 0 bares its 9s, which reverses
# the order; seat 1 answers with its 5s (higher when reversed), which under `toggles` turns it
# back, so the K♦ that seat 0 plays later beats the Q♠.
TOGGLE_HANDS = ["3D 9C 9D 9H 9S KD 4C", "5C 5D 5H 5S QS AS 6D", "3C 3H 3S 4D 4H 4S 7C",
                "6C 6H 6S 7D 7H 8C 8D"]
TOGGLE_MOVES: list[tuple[int, str | None]] = [
    (0, "3D"), (1, None), (2, None), (3, None), (0, "9C 9D 9H 9S"), (1, "5C 5D 5H 5S"),
    (2, None), (3, None), (0, None), (1, "QS"), (2, None), (3, None), (0, "KD")]


@pytest.mark.parametrize(("fields", "error", "reversed_at_end", "source"), [
    ({"revolution_repeats": "toggles"}, None, False,
     "benbrunton, cnyaw/big3: the second quad turns the order back; K♦ beats Q♠"),
    ({"revolution_repeats": "stays"}, ("DOES_NOT_BEAT", 12), True,
     "004 / v2: the order stays reversed, and K♦ does not beat Q♠"),
    ({"revolution_repeats": "toggles", "revolution": "ranks_and_suits"}, None, False,
     "benbrunton: ranks and suits flip back together"),
    ({"revolution_repeats": "toggles", "four_card_hands": ["two_pair"]},
     ("NOT_A_COMBINATION", 4), False, "without bare fours the 9s are no combination"),
])
def test_revolution_toggling_with_four_card_quads(fields: dict[str, Any], error: tuple[str, int] | None,
                                                   reversed_at_end: bool, source: str) -> None:
    decl = {"extends": "hk-standard", "hand_size": 7, "revolution": "ranks",
            "four_card_hands": ["four_of_a_kind"],
            "opening": {"first_deal": "lowest_card", "later_deals": "lowest_card"}, **fields}
    report = _replay(decl, TOGGLE_HANDS, TOGGLE_MOVES)
    found = [(e["code"], e["move"]) for e in report["errors"]]
    assert found == ([] if error is None else [error])
    if error is not None and error[1] < 12:
        return
    p = profile(**{k: v for k, v in decl.items() if k != "extends"})
    t = _table(p, TOGGLE_HANDS)
    states = []
    for seat, play in TOGGLE_MOVES[:12]:
        outcome = t.check(seat, None if play is None else ids(play))
        assert outcome is None or isinstance(outcome, Combo)
        t.apply(seat, outcome)
        states.append(t.revolution)
    assert states[4] is True  # the bare four of 9s reversed the order
    assert t.revolution is reversed_at_end


def test_the_order_in_force_after_a_toggle_is_the_normal_one() -> None:
    """After the second quad, a later K♦ beats the Q♠ again, and the 5s on the table are
    judged in the normal order: the generator lists plays over them by normal rank."""
    p = profile(hand_size=7, revolution="ranks", revolution_repeats="toggles",
                four_card_hands=["four_of_a_kind"])
    t = _table(p, TOGGLE_HANDS)
    for seat, play in TOGGLE_MOVES[:6]:
        outcome = t.check(seat, None if play is None else ids(play))
        assert outcome is None or isinstance(outcome, Combo)
        t.apply(seat, outcome)
    assert t.revolution is False and t.on_table is not None
    # A four of a kind is keyed by its rank, then its highest suit (v4 reading 2): in force.
    assert t.on_table.key // 4 == t.classifier.rank_value[cards.rank_of(cards.NOTATION["5C"])]


# Bombs on 2s with a dragon on the table: three players with 17 cards each, seat 0 holds a
# dragon of diamonds and leads it; seat 1's straight flush is a bomb; the dragon holds a 2, so
# under on_twos the bomb may be tried: it does not beat the dragon (reading 2).
DRAGON_HANDS = [DIAMOND_DRAGON + " 3C 4C 5C 6C",
                "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2S 7C 8C 9C TC",
                "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH 2H JC QC KC AC"]


@pytest.mark.parametrize(("bombs", "second", "expected", "source"), [
    ("on_twos", "3S 4S 5S 6S 7S", "DOES_NOT_BEAT",
     "reading 2 and 3: the dragon holds a 2, so the bomb is judged, and nothing beats a dragon"),
    ("anything", "3S 4S 5S 6S 7S", "DOES_NOT_BEAT", "reading 2: a bomb on a dragon"),
    ("none", "3S 4S 5S 6S 7S", "CARD_COUNT", "reading 2: no bombs: another size"),
    ("on_twos", "2S", "CARD_COUNT", "reading 2: a single 2 on the dragon"),
    ("on_twos", DIAMOND_DRAGON.replace("D", "S"), "DOES_NOT_BEAT", "reading 2: a dragon on a dragon"),
])
def test_bombs_on_twos_with_a_dragon_on_the_table(bombs: str, second: str, expected: str,
                                                  source: str) -> None:
    decl = {"extends": "hk-standard", "players": 3, "hand_size": 17, "dragon": True,
            "bombs": bombs, "bomb_hands": ["four_of_a_kind", "straight_flush"],
            "opening": {"first_deal": "lowest_card", "later_deals": "lowest_card"}}
    report = _replay(decl, DRAGON_HANDS, [(0, DIAMOND_DRAGON), (1, second)])
    assert [(e["code"], e["move"]) for e in report["errors"]] == [(expected, 1)]


def test_a_seat_keeps_the_cards_beyond_its_dragon() -> None:
    """Reading 2: dealt 17, it plays its dragon and leads again with the rest."""
    decl = {"extends": "hk-standard", "players": 3, "hand_size": 17, "dragon": True,
            "bombs": "on_twos", "opening": {"first_deal": "lowest_card", "later_deals": "lowest_card"}}
    report = _replay(decl, DRAGON_HANDS, [(0, DIAMOND_DRAGON), (1, None), (2, None),
                                          (0, "3C"), (1, "7C"), (2, None), (0, None)])
    assert report["valid"], report["errors"]
    assert report["deals"][0]["cards_left"] == [3, 16, 17]


# --- hashing and problems ------------------------------------------------------------------------
@pytest.mark.parametrize(("fields", "source"), [
    ({"four_card_hands": []}, "RULES.md v3: a field at its default is not hashed"),
    ({"dragon": False}, "RULES.md v3"),
    ({"revolution_repeats": "stays"}, "RULES.md v3"),
    ({"opening": {"first_deal": "lowest_card", "later_deals": "previous_winner",
                  "lead_alone": False}}, "RULES.md v3"),
])
def test_defaults_are_not_hashed(fields: dict[str, Any], source: str) -> None:
    assert stored_id(profile(**fields).hash) == stored_id(PRESETS["hk-standard"].hash)


@pytest.mark.parametrize(("fields", "pointer"), [
    ({"four_card_hands": ["three_pair"]}, "/profile/four_card_hands/0"),
    ({"four_card_hands": ["two_pair", "two_pair"]}, "/profile/four_card_hands"),
    ({"four_card_hands": "two_pair"}, "/profile/four_card_hands"),
    ({"dragon": "yes"}, "/profile/dragon"),
    ({"revolution_repeats": "flips"}, "/profile/revolution_repeats"),
    ({"bombs": "on_aces"}, "/profile/bombs"),
    ({"opening": {"first_deal": "lowest_card", "later_deals": "lowest_card", "lead_alone": 1}},
     "/profile/opening/lead_alone"),
])
def test_bad_values_are_named(fields: dict[str, Any], pointer: str) -> None:
    found, problems = DEFAULT_RESOLVER.resolve({"extends": "hk-standard", **fields})
    assert found is None and [p.pointer for p in problems] == [pointer]


def test_the_list_order_of_four_card_hands_is_a_rule() -> None:
    """Low to high: the two orders are different rules, so different profiles."""
    assert profile(four_card_hands=BOTH).hash != profile(four_card_hands=BOTH[::-1]).hash


@pytest.mark.parametrize(("play", "table", "lang", "text"), [
    ("5C 5D 9H 9S", "KH KD QS QC", "en", "Two pair 9-5 does not beat two pair K-Q"),
    ("5C 5D 9H 9S", "KH KD QS QC", "de", "Doppelpaar 9-5 schlägt Doppelpaar K-D nicht"),
    ("5C 5D 9H 9S", "KH KD QS QC", "it", "Doppia coppia 9-5 non batte doppia coppia K-Q"),
    ("KH KD 5S 5C", "KS KC 9D 9H", "en", "Two pair K-5 (K♥) does not beat two pair K-9 (K♠)"),
    ("3C 3D 3H 3S", "4C 4D 5H 5S", "en",
     "Four of a kind 3♦ 3♣ 3♥ 3♠ does not beat two pair 4♦ 4♣ 5♥ 5♠"),
])
def test_four_card_messages(play: str, table: str, lang: str, text: str) -> None:
    p = profile(four_card_hands=["four_of_a_kind", "two_pair"])
    found = judge_cards(p, ids(play), combo_of(p, table))
    assert not isinstance(found, Combo) and found is not None
    assert message(found[0], found[1], lang) == text


# --- can_beat (the first-trick pass rule) sees the new plays ------------------------------------
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(listed=st.sampled_from([["two_pair"], ["four_of_a_kind"], BOTH, BOTH[::-1]]),
       bombs=st.sampled_from(["none", "anything", "on_twos"]), reverse=st.booleans(),
       hand=st.lists(st.integers(0, 51), min_size=4, max_size=20, unique=True),
       other=st.lists(st.integers(0, 51), min_size=8, max_size=16, unique=True),
       size=st.sampled_from([1, 2, 4, 4, 5]), data=st.data())
def test_can_beat_agrees_with_every_combination(listed: list[str], bombs: str, reverse: bool,
                                                hand: list[int], other: list[int], size: int,
                                                data: st.DataObject) -> None:
    """``can_beat`` (a few contenders) says yes exactly when some combination of the hand
    beats the table: four-card tables, bare-four bombs and bombs on 2s included."""
    p = profile(four_card_hands=listed, bombs=bombs, revolution="ranks",
                bomb_hands=["four_of_a_kind", "straight_flush"])
    classifier = classifier_for(p, reverse)
    tables = [c for c in all_combos(sorted(other), classifier) if c.size == size]
    if not tables:
        return
    on_table = data.draw(st.sampled_from(tables))
    every = any(classifier.beats(c, on_table) is None for c in all_combos(sorted(hand), classifier))
    assert can_beat(sorted(hand), classifier, on_table) is every
