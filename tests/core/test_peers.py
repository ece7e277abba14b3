"""Other engines' rules, played by the profiles of fixtures/peers (one per engine; docs/RULES.md
"Other engines" shows each). Every row is a ruling the engine's own published rules state (its
README or rule document, quoted in the row's source) or that the field registry records it
playing (``played_by``), checked under that engine's profile: a play judged against a table
(``play.judge_cards``, what ``/v1/combinations/evaluate`` answers), or a record replayed or
scored through the one pipeline.

A row whose rule needs a field that the registry does not have yet adds that field to the
profile (``needs``) and is marked ``xfail(strict=True)``: today the profile is refused, and the
day the field lands the row passes and the mark turns it red, to be dropped.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bigtwo.rules import cards
from bigtwo.rules.combos import Combo, classifier_for
from bigtwo.rules.play import judge_cards
from bigtwo.rules.profiles import DEFAULT_RESOLVER, Profile, deep_merge
from tests.core.helpers import codes, deal, record, report

PEERS = Path(__file__).resolve().parents[2] / "fixtures" / "peers"
ENGINES = {
    "henrycharlesworth": "henrycharlesworth/big2_PPOalgorithm",
    "jmanchuck": "jmanchuck/bigtwo-rl",
    "sartig": "sartig/python-big-two-rl",
    "benbrunton": "benbrunton/pusoy-dos",
    "zeshuaro": "zeshuaro/telegram_big_two_bot",
    "Wal8800": "Wal8800/card-games",
    "yawnoc": "yawnoc/big-two-scorer",
}


def declaration(engine: str, **more: Any) -> dict[str, Any]:
    """The engine's profile declaration, with ``more`` merged in (objects key by key)."""
    found: dict[str, Any] = json.loads((PEERS / f"{engine}.json").read_text(encoding="utf-8"))
    return deep_merge(found, more)


def peer(engine: str, **more: Any) -> Profile:
    found, problems = DEFAULT_RESOLVER.resolve(declaration(engine, **more))
    assert found is not None, problems
    return found


def needs(field: str) -> Any:
    """The v3 field a row's ruling rests on (every one is built now: the row simply runs)."""
    return ()


def verdict(profile: Profile, play: str, table: str | None = None, *,
            revolution: bool = False) -> str | None:
    """None when ``play`` is accepted (led, or on ``table``), else the rule code refusing it."""
    on_table = None
    if table is not None:
        classifier = classifier_for(profile, revolution)
        held = [cards.NOTATION[c] for c in table.split()]
        found = classifier.classify(held, cards.mask_of(held))
        assert isinstance(found, Combo), table
        on_table = found
    outcome = judge_cards(profile, [cards.NOTATION[c] for c in play.split()], on_table, revolution)
    if isinstance(outcome, Combo):
        return None
    assert outcome is not None
    return str(outcome[0])


def result_deals(*cards_left: list[int], **result: Any) -> list[dict[str, Any]]:
    return [{"result": {"cards_left": counts, **result}} for counts in cards_left]


# --- cards against a table ------------------------------------------------------------------
HC = "henrycharlesworth/big2_PPOalgorithm rules.md"
JM = "jmanchuck/bigtwo-rl README, 'Big Two Rules'"
SA = "sartig/python-big-two-rl readme"
BB = "benbrunton/pusoy-dos (a Pusoy Dos library)"
ZE = "zeshuaro/telegram_big_two_bot"
WA = "Wal8800/card-games README (the Wikipedia 'Big two' rules it links)"
FOURS = {"four_card_hands": ["two_pair", "four_of_a_kind"]}

JUDGED: list[Any] = [
    # henrycharlesworth/big2_PPOalgorithm: rules.md
    ("henrycharlesworth", {}, "2S", "2H", None, HC + ": 'the 2 of spades is the highest card'"),
    ("henrycharlesworth", {}, "TD TS", "TC TH", None, HC + ": '10D 10S beats 10C 10H'"),
    ("henrycharlesworth", {}, "TC TH", "TD TS", "DOES_NOT_BEAT", HC + ": the pair with the highest suit wins"),
    ("henrycharlesworth", {}, "5D 5H 5C", None, None, HC + ": 'Valid 3 card hands: 3 of a kind'"),
    ("henrycharlesworth", {}, "JC QD KH AS 2D", "TC JD QH KS AD", None,
     HC + ": 'can have ... J Q K A 2', '2 high straight is highest'"),
    ("henrycharlesworth", {}, "2C 3D 4H 5S 6C", None, "COMBINATION_NOT_ALLOWED", HC + ": 'but not 2 3 4 5 6'"),
    ("henrycharlesworth", {}, "AC 2D 3H 4S 5C", None, "COMBINATION_NOT_ALLOWED", HC + ": 'or A 2 3 4 5'"),
    ("henrycharlesworth", {}, "3D 5D 7D 9D 2D", "4S 6S 8S TS AS", None,
     HC + ": flushes 'based primarily on number (2 high flush is highest)'"),
    ("henrycharlesworth", {}, "3S 3H TH TS TC", "2S 2H 4C 4H 4S", None,
     HC + ": '3S 3H 10H 10S 10C beats 2S 2H 4C 4H 4S'"),
    ("henrycharlesworth", {}, "3S 4S 5S 6S 7S", "3H 4H 5H 6H 7H", None,
     HC + ": straight flushes by number, then suit"),
    ("henrycharlesworth", {}, "3D 5D 7D 9D JD", "TC JD QH KS AD", None, HC + ": 'Straight < Flush'"),
    pytest.param("henrycharlesworth", FOURS, "KC KH 4D 4C", "QD QS JH JS", None,
                 HC + ": 'KC KH 4D 4C beats QD QS JH JS'", marks=needs("four_card_hands")),
    pytest.param("henrycharlesworth", FOURS, "5C 5D 5H 5S", "KC KH 4D 4C", None,
                 HC + ": 'Four of a kind (always higher than two pair)'", marks=needs("four_card_hands")),
    pytest.param("henrycharlesworth", FOURS, "KC KH 4D 4C", "QD QS", "CARD_COUNT",
                 HC + ": 'a valid hand of the same number of cards'", marks=needs("four_card_hands")),
    # jmanchuck/bigtwo-rl: README
    ("jmanchuck", {}, "3C", "3D", None, JM + ": 'Suits: Diamonds < Clubs < Hearts < Spades'"),
    ("jmanchuck", {}, "3H", "3S", "DOES_NOT_BEAT", JM + ": spades the highest suit"),
    ("jmanchuck", {}, "2D", "AS", None, JM + ": 'Ranks: 3 < ... < A < 2'"),
    ("jmanchuck", {}, "9D 9C 9H", None, None, JM + ": action space 'Single cards, pairs, trips'"),
    ("jmanchuck", {}, "3S 4S 5S 6S AS", "9D TD JD QD AD", None,
     "jmanchuck/bigtwo-rl: flushes by their top card (A♠ over A♦, the rest does not count)"),
    # sartig/python-big-two-rl: readme and the top-card flush
    ("sartig", {}, "3D 4D 5D 6D AD", "8S TS JS QS KS", None,
     "sartig/python-big-two-rl: a flush is as high as its highest card"),
    ("sartig", {}, "3D 4D 5D 6D KD", "9S TS JS QS AS", "DOES_NOT_BEAT",
     "sartig/python-big-two-rl: K-high flush under A-high flush"),
    ("sartig", {}, "3C 3D", None, None, SA + ": the 3♦ may be played 'when they start' in a combination"),
    # benbrunton/pusoy-dos: Pusoy Dos order, top-card flushes, revolution of ranks and suits
    ("benbrunton", {}, "3D", "3H", None, BB + ": Pusoy Dos suits, diamonds highest"),
    ("benbrunton", {}, "8C TC JC QC KC", "3H 4H 5H 6H 8H", None,
     "benbrunton/pusoy-dos: flushes by their top card (K over 8, whatever the suits)"),
    ("benbrunton", {}, "3H 4H 5H 6H 8H", "8C TC JC QC KC", "DOES_NOT_BEAT",
     "benbrunton/pusoy-dos: a higher suit does not lift a lower top card"),
    # zeshuaro/telegram_big_two_bot
    ("zeshuaro", {}, "6C 7C 8C 9C TC", "TD JD QD KD AD", None,
     ZE + ": straight flushes suit first, ♣6-10 beats ♦10-A"),
    ("zeshuaro", {}, "TD JD QD KD AD", "6C 7C 8C 9C TC", "DOES_NOT_BEAT", ZE + ": ... and not the reverse"),
    ("zeshuaro", {}, "5D", "5S", "DOES_NOT_BEAT", ZE + ": 'You cards are not bigger than the previous cards'"),
    ("zeshuaro", {}, "5D 5S", "5C", "CARD_COUNT", ZE + ": 'Invalid cards' (a pair on a single)"),
    pytest.param("zeshuaro", {"dragon": True}, "3D 4C 5H 6S 7D 8C 9H TS JD QC KH AS 2D", "2S", None,
                 ZE + ": a dragon (3 to 2) beats anything", marks=needs("dragon")),
    pytest.param("zeshuaro", {"dragon": True}, "3D 4C 5H 6S 7D 8C 9H TS JD QC KH AS 2D", None, None,
                 ZE + ": a dragon may be led", marks=needs("dragon")),
    # Wal8800/card-games: the Wikipedia rules its README links, with suit-first straight flushes
    ("Wal8800", {}, "6C 7C 8C 9C TC", "TD JD QD KD AD", None,
     "Wal8800/card-games: straight flushes suit first, ♣6-10 beats ♦10-A"),
    ("Wal8800", {}, "KS KC", "KH KD", None, WA + ": 'K♠ and K♣ beats ... K♥ and K♦'"),
    ("Wal8800", {}, "AS", "AH", None, WA + ": 'A♠ beats A♥, which beats K♠'"),
    ("Wal8800", {}, "AH", "KS", None, WA + ": 'A♠ beats A♥, which beats K♠'"),
    ("Wal8800", {}, "3H 3S 3C 9D 9S", "4D 6D 8D TD QD", None, WA + ": a full house beats a flush"),
    ("Wal8800", {}, "4D 5D 6D 7D 8D", "AC AD AH AS 3C", None, WA + ": a straight flush beats four of a kind"),
]


@pytest.mark.parametrize(("engine", "more", "play", "table", "expected", "source"), JUDGED,
                         ids=lambda v: v if isinstance(v, str) and len(v) < 40 else None)
def test_a_ruling_on_cards(engine: str, more: dict[str, Any], play: str, table: str | None,
                           expected: str | None, source: str) -> None:
    assert verdict(peer(engine, **more), play, table) == expected, source


REVERSED: list[Any] = [
    ("3C", "2D", None, "benbrunton/pusoy-dos: after a revolution the 3 is the highest rank"),
    ("4S", "4D", None, "benbrunton/pusoy-dos: the revolution reverses the suits too (♦ now lowest)"),
    ("4D", "4S", "DOES_NOT_BEAT", "benbrunton/pusoy-dos: ... so 4♦ no longer beats 4♠"),
]


@pytest.mark.parametrize(("play", "table", "expected", "source"), REVERSED)
def test_a_ruling_after_a_revolution(play: str, table: str, expected: str | None, source: str) -> None:
    assert verdict(peer("benbrunton"), play, table, revolution=True) == expected, source


# --- whole deals -----------------------------------------------------------------------------
HANDS = ["3D 9C KS", "4C 5H 2S", "6D 6S JH", "7C 8H AD"]
PAIR_OF_THREES = ["3D 3C KS", "4C 5H 2S", "6D 6S JH", "7C 8H AD"]
# Pusoy Dos, clockwise here for a readable log: 5s bombed by 4s under the reversed order, then
# a single 7♠ led and a 6♦ played on it.
TOGGLE = ["3C 5C 5S 5H 5D 9C TC", "4C 4S 4H 4D 8C 7S 8S", "6D JD QD KD AD 2D 9D",
          "JC QC KC AC 2C 9S TS"]
TOGGLE_MOVES = "0:3C+5C+5S+5H+5D 1:4C+4S+4H+4D+8C 2:- 3:- 0:- 1:7S 2:6D"

DEALS: list[Any] = [
    ("jmanchuck", {"hand_size": 3}, HANDS, "0:-", {}, [("LEADER_MUST_PLAY", 0, 0)],
     JM + ": a pass only 'when not starting a trick'"),
    ("jmanchuck", {"hand_size": 3}, HANDS, "0:3D 1:4C 2:JH 3:AD 0:- 1:2S 2:- 3:- 0:- 1:5H",
     {"winner": 1}, [], JM + ": 'First player to play all cards wins'"),
    ("sartig", {"hand_size": 3}, HANDS, "0:9C", {}, [("OPENING_CARD", 0, 0)],
     SA + ": 'ensure they use that card [the 3♦] when they start'"),
    ("sartig", {"hand_size": 3}, PAIR_OF_THREES, "0:3D+3C", {"complete": False}, [],
     SA + ": the game starts 'with the player with the 3♦'"),
    ("Wal8800", {"hand_size": 3}, HANDS, "1:4C", {}, [("WRONG_TURN", 0, 0)],
     WA + ": the player with the 3♦ starts"),
    ("henrycharlesworth", {"hand_size": 3}, PAIR_OF_THREES, "0:3D", {"complete": False}, [],
     HC + ": whoever has the 3♦ goes first"),
    pytest.param("henrycharlesworth", {"hand_size": 3, "opening": {"lead_alone": True}},
                 PAIR_OF_THREES, "0:3D+3C", {}, [("OPENING_CARD", 0, 0)],
                 HC + ": '(and must play the 3 of diamonds as a single card)'",
                 marks=needs("opening.lead_alone")),
    pytest.param("benbrunton", {"hand_size": 7, "direction": "clockwise",
                                "revolution_repeats": "toggles"},
                 TOGGLE, TOGGLE_MOVES, {}, [("DOES_NOT_BEAT", 0, 6)],
                 "benbrunton/pusoy-dos: a second four of a kind turns the order back",
                 marks=needs("revolution_repeats")),
]


@pytest.mark.parametrize(("engine", "more", "hands", "moves", "expect", "errors", "source"), DEALS,
                         ids=lambda v: v if isinstance(v, str) and len(v) < 40 else None)
def test_a_ruling_on_a_deal(engine: str, more: dict[str, Any], hands: list[str], moves: str,
                            expect: dict[str, Any], errors: list[Any], source: str) -> None:
    expect = dict(expect)
    options = {"complete": expect.pop("complete")} if "complete" in expect else {}
    peer(engine, **more)  # a profile the registry cannot declare yet fails here, not in a report
    rep = report(record(declaration(engine, **more), deal(hands, moves)), **options)
    assert codes(rep) == errors, source
    for key, value in expect.items():
        assert rep["deals"][0][key] == value, source


# --- scoring ---------------------------------------------------------------------------------
YA = "yawnoc/big-two-scorer README"
SCORED: list[Any] = [
    ("henrycharlesworth", {}, result_deals([0, 5, 3, 1]), [[9, -5, -3, -1]],
     HC + ": the winner gains the others' cards, 'Players who do not win will get minus the number "
          "of cards they have left'"),
    ("henrycharlesworth", {}, result_deals([13, 0, 13, 13]), [[-13, 39, -13, -13]],
     HC + ": one point a card, however many are left"),
    ("yawnoc", {}, result_deals([0, 11, 12, 13], [1, 1, 1, 0]), [[85, -3, -11, -71], [-1, -1, -1, 3]],
     YA + ": examples/simple.txt, fried at 10 (x2) and 13 (x3), then s = T - 4l; totals a +84"),
    ("yawnoc", {}, result_deals([0, 9, 10, 13]), [[68, 32, -12, -88]],
     YA + ": 9 cards are not fried, 10 are doubled, 13 tripled"),
    ("yawnoc", {"scoring": {"tiers": [{"from": 1, "multiplier": 1}]}}, result_deals([0, 11, 12, 13]),
     [[36, -8, -12, -16]], YA + ": 'F=1000' switches frying off"),
    pytest.param("yawnoc", {"last_card_guard": "liable"}, result_deals([3, 0, 1, 2], liable=0),
                 [[-18, 6, 6, 6]], YA + ": '3t 0 1 2  # x takes on all losses for not playing high "
                                       "enough'", marks=needs("last_card_guard")),
    ("zeshuaro", {}, [{"result": {"left": [[], ["2D", "2C", "5H"], ["7H"], ["8H", "9H"]]}}],
     [[15, -12, -1, -2]], ZE + ": doubled once per 2 held (2♦ and 2♣: x4)"),
    ("zeshuaro", {}, [{"result": {"left": [["5C", "5D", "5H", "5S", "7D"], [], ["7H"], ["8H"]]}}],
     [[-10, 12, -1, -1]], ZE + ": a held four of a kind doubles the penalty"),
    # v4, RULES.md reading 12: the winner who missed the call pays T = 22 + 24 + 39 to each
    ("yawnoc", {"last_card_call": "liable"}, result_deals([0, 11, 12, 13], liable=0),
     [[-255, 85, 85, 85]], YA + ": 'failing to announce last card and subsequently winning' "
                                "takes on all losses ('0t')"),
    # v4, reading 13: three untouched hands of 13 (52 each under the tiers) doubled
    ("zeshuaro", {"scoring": {"sweep_factor": 2}}, [{"result": {"left": [
        [], "3C 3D 3H 4S 5C 5D 5H 6S 7C 7D 7H 8S 9C".split(),
        "4C 4D 4H 6C 6D 6H 8C 8D 8H 9S TC TD TH".split(),
        "JC JD JH QS KC KD KH AS 3S 9D 9H TS QC".split()]}}],
     [[312, -104, -104, -104]], ZE + ": x2 when the losers hold all 39 cards"),
]


@pytest.mark.parametrize(("engine", "more", "deals", "scores", "source"), SCORED,
                         ids=lambda v: v if isinstance(v, str) and len(v) < 40 else None)
def test_a_ruling_on_scores(engine: str, more: dict[str, Any], deals: list[dict[str, Any]],
                            scores: list[list[int]], source: str) -> None:
    peer(engine, **more)
    rep = report(record(declaration(engine, **more), *deals))
    assert codes(rep) == [], source
    assert [d["scores"] for d in rep["deals"]] == scores, source
    assert rep["totals"] == [sum(column) for column in zip(*scores, strict=True)], source


def test_yawnoc_simple_example_totals() -> None:
    """The README's table: a +84 over the two games in which a, b, c, d sat (b -4, c -12, d -68
    before the games with x)."""
    rep = report(record(declaration("yawnoc"), *result_deals([0, 11, 12, 13], [1, 1, 1, 0])))
    assert rep["totals"] == [84, -4, -12, -68]


def test_zeshuaro_seats_four() -> None:
    """zeshuaro/telegram_big_two_bot: 'There are now %d/4 Players'."""
    rep = report(record(declaration("zeshuaro", hand_size=3), deal(HANDS[:3], "")))
    assert [e["code"] for e in rep["errors"]] == ["PLAYER_COUNT"]


def test_benbrunton_plays_on_for_places() -> None:
    """benbrunton/pusoy-dos: play goes on after the first seat is out; seats are placed in the
    order they go out and the first out wins the deal."""
    points = {"finish": "placings", "scoring": {"place_points": [3, 1, -1, -3]}}
    peer("benbrunton", **points)
    rep = report(record(declaration("benbrunton", **points), {"result": {"places": [2, 0, 3, 1]}}))
    assert codes(rep) == []
    assert rep["deals"][0]["places"] == [2, 0, 3, 1] and rep["deals"][0]["winner"] == 2
    assert rep["deals"][0]["scores"] == [1, -3, 3, -1]


# --- the fixtures are the profiles docs/RULES.md shows --------------------------------------
RULES_DOC = (Path(__file__).resolve().parents[2] / "docs" / "RULES.md").read_text(encoding="utf-8")


def _doc_declarations() -> list[Any]:
    blocks, inside, lines = [], False, []
    for line in RULES_DOC.splitlines():
        if line.strip() == "```json":
            inside, lines = True, []
        elif inside and line.strip() == "```":
            inside = False
            blocks.append(json.loads("\n".join(lines)))
        elif inside:
            lines.append(line)
    return blocks


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_each_engine_has_a_profile_and_docs_show_it(engine: str) -> None:
    found = declaration(engine)
    assert found["name"] == ENGINES[engine]
    assert found in _doc_declarations(), f"docs/RULES.md does not show fixtures/peers/{engine}.json"
    assert f"`{ENGINES[engine]}`" in RULES_DOC
    peer(engine)


def test_every_fixture_is_an_engine() -> None:
    assert sorted(p.stem for p in PEERS.glob("*.json")) == sorted(ENGINES)
