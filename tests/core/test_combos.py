"""Combinations and comparison, one table per rule dimension, each row citing its seed."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigtwo.rules import cards
from bigtwo.rules.combos import Combo, Violation, classifier_for
from bigtwo.rules.legal import all_combos
from bigtwo.rules.profiles import DEFAULT_RESOLVER, PRESETS, Profile


def profile(ref: Any) -> Profile:
    if isinstance(ref, Profile):
        return ref
    if isinstance(ref, str):
        return PRESETS[ref]
    resolved, problems = DEFAULT_RESOLVER.resolve(ref)
    assert resolved is not None, problems
    return resolved


def combo(ref: Any, text: str) -> Combo | Violation:
    ids = [cards.NOTATION[c] for c in text.split()]
    return classifier_for(profile(ref)).classify(ids, cards.mask_of(ids))


def beats(ref: Any, play: str, table: str) -> str | None:
    p = profile(ref)
    a, b = combo(p, play), combo(p, table)
    assert isinstance(a, Combo) and isinstance(b, Combo), (a, b)
    return classifier_for(p).beats(a, b)


def kind(ref: Any, text: str) -> str:
    found = combo(ref, text)
    return found.kind if isinstance(found, Combo) else f"{found.code}:{found.reason}"


@pytest.mark.parametrize(
    ("ref", "cards_", "expected", "seed"),
    [
        ("hk-standard", "9S", "single", "000: a single is any card"),
        ("hk-standard", "KH KS", "pair", "000: two cards of one rank"),
        ("hk-standard", "KH QS", "NOT_A_COMBINATION:shape", "000"),
        ("hk-standard", "7C 7D 7H", "triple", "000: some house rules allow triples"),
        ("casual", "7C 7D 7H", "COMBINATION_NOT_ALLOWED:no_triples", "002: no triples unless agreed"),
        ("hk-standard", "7C 7D 7H 7S", "NOT_A_COMBINATION:four_cards", "001: four alone need a fifth"),
        ("pusoy-dos", "7C 7D 7H 7S", "NOT_A_COMBINATION:four_cards", "001/004"),
        ("hk-standard", "7C 7D 7H 7S 3D", "four_of_a_kind", "000: four plus a kicker"),
        ("hk-standard", "7C 7D 7H 3S 3D", "full_house", "000"),
        ("hk-standard", "3D 4C 5H 6S 7D", "straight", "000"),
        ("hk-standard", "TD JC QH KS AD", "straight", "000: TJQKA is the top straight"),
        ("hk-standard", "AD 2C 3H 4S 5D", "COMBINATION_NOT_ALLOWED:no_two_in_straights", "000: no straight holds a 2"),
        ("hk-standard", "2D 3C 4H 5S 6D", "COMBINATION_NOT_ALLOWED:no_two_in_straights", "000"),
        ("hk-standard", "JD QC KH AS 2D", "NOT_A_COMBINATION:shape",
         '001: "Straßen, die über K-A-2 hinweglaufen (B-D-K-A-2, D-K-A-2-3, K-A-2-3-4), gelten nie"'),
        ("big-two-web", "AD 2C 3H 4S 5D", "straight", "001: A2345 counts by default"),
        ("big-two-web", "2D 3C 4H 5S 6D", "straight", "001: 23456 counts by default"),
        ("big-two-web", "JD QC KH AS 2D", "NOT_A_COMBINATION:shape", "001: never over K-A-2 (v2)"),
        ("big-two-web", "QD KC AH 2S 3D", "NOT_A_COMBINATION:shape", '001: "D-K-A-2-3 ... gelten nie" (v2)'),
        ("hk-standard", "KD AC 2H 3S 4D", "NOT_A_COMBINATION:shape", '001: "K-A-2-3-4 ... gelten nie" (v2)'),
        ("hk-standard", "KH AH 2H 3H 4H", "flush", "RULES: a wrap-around of one suit is a plain flush"),
        ({"extends": "hk-standard", "straights": ["34567", "JQKA2"]}, "JD QC KH AS 2D", "straight",
         "RULES: a table that lists a wrap-around run plays it"),
        ("hk-standard", "7C 7D 7H 8S", "NOT_A_COMBINATION:shape",
         '001: four unequal cards: "Diese Karten ergeben keine Kombination" (v2)'),
        ("hk-standard", "AH 2H 3H 4H 5H", "flush", "RULES: an unlisted run of one suit is a plain flush"),
        ("big-two-web", "AH 2H 3H 4H 5H", "straight_flush", "001"),
        ("hk-standard", "3H 4H 5H 6H 7H", "straight_flush", "000"),
        ("hk-standard", "3H 5H 7H 9H JH", "flush", "000"),
        ({"extends": "hk-standard", "straights": ["34567"]}, "4D 5C 6H 7S 8D",
         "COMBINATION_NOT_ALLOWED:straight_not_listed", "RULES: only listed runs are straights"),
        ({"extends": "pusoy-dos", "five_card_hands": False}, "3D 4C 5H 6S 7D",
         "COMBINATION_NOT_ALLOWED:no_five_card_hands", "004 variant without five-card hands"),
        ({"extends": "pusoy-dos", "five_card_hands": False}, "3D 4C 9H 6S 7D", "NOT_A_COMBINATION:shape", "004"),
        ("hk-standard", "3D 4C 5H 6S 7D 8D", "NOT_A_COMBINATION:shape", "000: 1, 2, 3 or 5 cards"),
    ],
)
def test_classification(ref: Any, cards_: str, expected: str, seed: str) -> None:
    assert kind(ref, cards_) == expected, seed


@pytest.mark.parametrize(
    ("ref", "play", "table", "expected", "seed"),
    [
        # singles: rank, then the profile's suit order
        ("hk-standard", "2S", "2H", None, "000: spade 2 is the top card"),
        ("hk-standard", "2H", "2S", "DOES_NOT_BEAT", "000"),
        ("pusoy-dos", "2D", "2H", None, "004: diamonds high"),
        ("pusoy-dos", "2S", "2H", "DOES_NOT_BEAT", "004: C < S < H < D"),
        ({"extends": "hk-standard", "suit_order": ["C", "D", "H", "S"]}, "3D", "3C", None, "001 switch: clubs lowest"),
        ("hk-standard", "3C", "3D", None, "000: diamonds lowest"),
        ("hk-standard", "AS", "2D", "DOES_NOT_BEAT", "000: the 2 is above the ace"),
        # pairs by rank, then the higher suit in each pair
        ("hk-standard", "KS KC", "KH KD", None, "000: the pair with the spade wins"),
        ("hk-standard", "KH KD", "KS KC", "DOES_NOT_BEAT", "000"),
        ("hk-standard", "9C 9D", "KH KS", "DOES_NOT_BEAT", "001: Paar 9 schlägt Paar K nicht"),
        # triples by rank
        ("hk-standard", "8C 8D 8H", "7C 7D 7S", None, "004"),
        # sizes never mix without bombs
        ("hk-standard", "KH KS", "3D", "CARD_COUNT", "001: unterschiedlich viele Karten schlagen sich nie"),
        ("hk-standard", "2C 2D 2H 2S 3D", "AS", "CARD_COUNT", "001: no bombs: a four does not beat a single"),
        # five-card categories
        ("hk-standard", "3H 5H 7H 9H JH", "TD JC QH KS AD", None, "000: flush beats straight"),
        ("hk-standard", "7C 7D 7H 3S 3D", "3H 5H 7H 9H JH", None, "000: full house beats flush"),
        ("hk-standard", "4C 4D 4H 4S 3D", "AC AD AH KS KD", None, "000: bomb beats full house"),
        ("hk-standard", "3H 4H 5H 6H 7H", "2C 2D 2H 2S 3D", None, "000: straight flush beats bomb"),
        ("pusoy-dos", "3H 5H 7H 9H JH", "TD JC QH KS AD", "CATEGORY", "004: only a higher straight beats a straight"),
        ("pusoy-dos", "4D 5C 6H 7S 8D", "3D 4C 5H 6S 7D", None, "004"),
        # straights: position in the list, then the key card's suit
        ("hk-standard", "4D 5C 6H 7S 8D", "3D 4C 5H 6S 7S", None, "000: higher top card"),
        ("hk-standard", "3D 4C 5H 6S 7S", "3S 4C 5H 6S 7H", None, "000: same ranks, suit of the top card"),
        ("big-two-web", "AD 2C 3H 4S 5D", "TD JC QH KS AS", None, "001: A2345 is the top straight"),
        ("big-two-web", "AD 2C 3H 4S 5D", "2D 3C 4H 5S 6D", None, "001: A2345 above 23456"),
        ("big-two-web", "2D 3C 4H 5S 6D", "TD JC QH KS AS", None, "001: 23456 beats TJQKA"),
        ("big-two-web", "AS 2C 3H 4S 5D", "AD 2S 3H 4S 5H", "DOES_NOT_BEAT", "RULES: key card of A2345 is the 2"),
        ({"extends": "hk-standard", "straights": ["45678", "56789", "6789T", "789TJ", "89TJQ", "9TJQK", "TJQKA", "34567"]},
         "3D 4C 5H 6S 7D", "TD JC QH KS AD", None, "004 house rule: 34567 on top"),
        ({"extends": "hk-standard", "straights": ["34567", "45678", "56789", "6789T", "789TJ", "89TJQ", "9TJQK", "TJQKA", "23456"]},
         "2D 3C 4H 5S 6D", "TD JC QH KS AD", None, "000 variant: 23456 as top straight"),
        # flushes: rank first (000) or suit first (001, 004)
        ("hk-standard", "4S 6S 8S TS QS", "3H 5H 7H 9H KH", "DOES_NOT_BEAT", "000: highest card first"),
        ("big-two-web", "4S 6S 8S TS QS", "3H 5H 7H 9H KH", None, "001: suit first"),
        ("hk-standard", "3H 5H 7H 9H KH", "3D 5D 7D 9D KD", None, "000: equal ranks, then suit"),
        ("hk-standard", "3H 5H 7H JH KH", "4D 5D 7D 9D KD", None, "000: then the second highest card"),
        ("pusoy-dos", "3D 5D 7D 9D JD", "4H 6H 8H TH AH", None, "004: flush of a higher suit"),
        # full house by the triple, four by the quad
        ("hk-standard", "8C 8D 8H 3S 3D", "7C 7D 7H AS AD", None, "000: the pair does not count"),
        ("hk-standard", "8C 8D 8H 8S 3D", "7C 7D 7H 7S AD", None, "000"),
    ],
)
def test_beats(ref: Any, play: str, table: str, expected: str | None, seed: str) -> None:
    assert beats(ref, play, table) == expected, seed


BOMBS = {"extends": "hk-standard", "bombs": "anything"}
SF_BOMBS = {**BOMBS, "bomb_hands": ["four_of_a_kind", "straight_flush"]}
QUAD = '000/003/004: "Bombe: Vierling plus eine Kicker-Karte"'


@pytest.mark.parametrize(
    ("ref", "play", "table", "expected", "seed"),
    [
        (BOMBS, "4C 4D 4H 4S 3D", "2S", None, '000: "Bomben dürfen auf jede Kombination gespielt werden"'),
        (BOMBS, "4C 4D 4H 4S 3D", "2S 2H", None, "000: bombs anywhere"),
        (BOMBS, "3H 4H 5H 6H 7H", "2C 2D 2H", "CARD_COUNT", QUAD + ": a straight flush is no bomb (v2)"),
        (SF_BOMBS, "3H 4H 5H 6H 7H", "2C 2D 2H", None, "RULES: a straight flush bombs where bomb_hands lists it"),
        (BOMBS, "3H 4H 5H 6H 7H", "4C 4D 4H 4S 3D", None, '000: "ein Straight Flush schlägt eine Bombe"'),
        (BOMBS, "4C 4D 4H 4S 3D", "3H 4H 5H 6H 7H", "DOES_NOT_BEAT",
         '000 glossary: the bomb "schlägt jeden Blatttyp außer einem Straight Flush"'),
        (SF_BOMBS, "4C 4D 4H 4S 3D", "3H 4H 5H 6H 7H", "DOES_NOT_BEAT", "000: bomb against bomb, higher category"),
        (BOMBS, "5C 5D 5H 5S 3D", "4C 4D 4H 4S 3S", None, "000: the quad's rank orders bombs"),
        (BOMBS, "2S", "4C 4D 4H 4S 3D", "CARD_COUNT", "000: a single never beats a bomb"),
        ({**BOMBS, "cross_category": False}, "4C 4D 4H 4S 3D", "TD JC QH KS AD", None,
         "004 tips: a four of a kind may interrupt even a straight"),
        ({**BOMBS, "cross_category": False}, "4C 4D 4H 4S 3D", "3H 4H 5H 6H 7H", None,
         "004: strict categories: the straight flush does not beat the bomb, so the bomb beats it"),
        ({**SF_BOMBS, "cross_category": False}, "4C 4D 4H 4S 3D", "3H 4H 5H 6H 7H", "DOES_NOT_BEAT",
         "RULES: a higher bomb category"),
    ],
)
def test_bombs_anything(ref: Any, play: str, table: str, expected: str | None, seed: str) -> None:
    """000 variant "Bomben überall" and 004 tips; v2: a bomb is a four of a kind unless
    ``bomb_hands`` lists straight flushes too."""
    assert beats(ref, play, table) == expected, seed


@pytest.mark.parametrize("preset", list(PRESETS))
@settings(deadline=None)
@given(data=st.data())
def test_comparison_is_a_strict_order(preset: str, data: st.DataObject) -> None:
    """For combinations of one size and kind family: irreflexive, asymmetric, transitive."""
    p = PRESETS[preset]
    hand = sorted(data.draw(st.lists(st.integers(0, 51), min_size=8, max_size=16, unique=True)))
    pool = all_combos(hand, classifier_for(p))
    if len(pool) < 3:
        return
    a, b, c = (data.draw(st.sampled_from(pool)) for _ in range(3))
    gt = lambda x, y: classifier_for(p).beats(x, y) is None  # noqa: E731
    assert not gt(a, a)
    if gt(a, b):
        assert not gt(b, a)
        if gt(b, c) and a.size == c.size:
            assert gt(a, c)


def test_every_combination_of_a_hand_is_found_once() -> None:
    p = PRESETS["big-two-web"]
    hand = [cards.NOTATION[c] for c in "3D 4D 5D 6D 7D 7C 7H 7S AC 2C 2S".split()]
    found = all_combos(hand, classifier_for(p))
    masks = [cards.mask_of(c.cards) for c in found]
    assert len(masks) == len(set(masks))
    kinds = {c.kind for c in found}
    assert {"single", "pair", "triple", "straight_flush", "four_of_a_kind", "full_house"} <= kinds
    # brute force agrees: every 5-subset that classifies is listed
    from itertools import combinations

    brute = set()
    for chosen in combinations(hand, 5):
        if isinstance(classifier_for(p).classify(list(chosen), cards.mask_of(chosen)), Combo):
            brute.add(cards.mask_of(chosen))
    assert brute == {m for m, c in zip(masks, found, strict=True) if c.size == 5}
