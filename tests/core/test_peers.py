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
    ("benbrunton", {}, "3D", "3H", None,
     BB + ": suits ♣ < ♥ < ♦ < ♠, the Suit enum's order (test single_card_respects_suit_order)"),
    ("benbrunton", {}, "3S", "3D", None, BB + ": ... so spades are the highest suit"),
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
    ("4D", "4S", None, "benbrunton/pusoy-dos: the revolution reverses the suits too (♠ now lowest)"),
    ("4S", "4D", "DOES_NOT_BEAT", "benbrunton/pusoy-dos: ... so 4♠ no longer beats 4♦"),
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

# v4: whole decks of 52 cards and 2 jokers, dealt in order (a deal that needs every card).
DECK54 = [*cards.CANONICAL, "JK", "JK"]
BB4 = "benbrunton/pusoy-dos src/tests/"


def _split(deck: list[str], seats: int) -> list[str]:
    size = len(deck) // seats
    return [" ".join(deck[i * size:(i + 1) * size]) for i in range(seats)]


def _uneven_54() -> list[str]:
    """benbrunton's ``deal(4)`` of one 54-card deck: round robin, 14, 14, 13 and 13 cards."""
    return [" ".join(DECK54[seat::4]) for seat in range(4)]


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
    # --- v4: benbrunton/pusoy-dos's own test suite (src/tests), one row per test function.
    # Two seats unless said; its suits are ♣ < ♥ < ♦ < ♠, so 3♣ opens.
    ("benbrunton", {"players": 3, "decks": 1, "hand_size": 18}, _split(DECK54, 3), "",
     {"complete": False}, [], BB4 + "cards/deck.rs it_gets_a_full_deck_including_jokers: "
     "'assert_eq!(deck.count(), 54)' (52 cards and 2 jokers, dealt whole)"),
    ("benbrunton", {"hand_size": 27}, _split(DECK54 * 2, 4), "", {"complete": False}, [],
     BB4 + "cards/deck.rs decks_can_be_combined: 'assert_eq!(deck3.count(), 108)' "
     "(two decks: every card twice, 4 jokers)"),
    # Reading 14 decides against the peer: hand_size is one number, so 14/14/13/13 is no deal.
    ("benbrunton", {"decks": 1, "hand_size": 13}, _uneven_54(), "", {"complete": False},
     [("HAND_SIZE", 0, None), ("HAND_SIZE", 0, None)], BB4 + "cards/deck.rs decks_can_be_dealt: 'deck.deal(4)' then "
     "'assert_eq!(dealt[0].len(), 14)'; RULES.md v4 reading 14: one hand_size for every seat"),
    ("benbrunton", {"players": 2, "decks": 1, "hand_size": 27}, _split(DECK54, 2), "",
     {"complete": False}, [], BB4 + "game/game.rs game_can_deal_cards_to_each_player_on_setup: "
     "'Game::setup(vec!(0, 1), 1)', 'assert_eq!(player1_cards.len(), 27)'"),
    ("benbrunton", {"players": 2, "decks": 3, "hand_size": 81}, _split(DECK54 * 3, 2), "",
     {"complete": False}, [], BB4 + "game/game.rs multiple_decks: 'Game::setup(vec!(0, 1), 3)', "
     "'assert_eq!(player1_cards.len(), 27 * 3)'"),
    ("benbrunton", {"players": 2, "decks": 1, "hand_size": 3}, ["4H 5C JK", "3C 6D 7D"],
     "1:3C 0:JK=4D", {"complete": False}, [],
     BB4 + "game/game.rs jokers_are_used_as_wildcards: 'player_move(0, vec!(wildcard!(Four, "
     "Diamonds)))' on 3♣, 'assert!(valid_move)'"),
    ("benbrunton", {"players": 2, "decks": 1, "hand_size": 3}, ["4H 5C JK", "3C 6D 7D"],
     "1:3C 0:JK=4D 1:- 0:4H", {"complete": False, "cards_left": [1, 2]}, [],
     BB4 + "game/game.rs player_loses_joker_when_playing_wildcard: "
     "'assert_eq!(new_game.players[0].get_hand().len(), 2)' (the joker left, 4♥ 5♣ stay)"),
    ("benbrunton", {"players": 2, "hand_size": 3}, ["3H 5C 3H", "3C 6D 7D"], "1:3C 0:3H 1:- 0:3H",
     {"complete": False, "cards_left": [1, 2]}, [],
     BB4 + "game/game.rs player_only_loses_cards_that_are_played: one 3♥ of two played, "
     "'assert_eq!(new_game.players[0].get_hand().len(), 2)'"),
    ("benbrunton", {"players": 2, "hand_size": 3}, ["3H 5C 3H", "3C 3C 7D"], "1:3C+3C 0:3H+3H",
     {"complete": False, "cards_left": [1, 1]}, [],
     BB4 + "game/game.rs player_loses_all_cards_that_are_played: 3♥ 3♥ on 3♣ 3♣, "
     "'assert_eq!(new_game.players[0].get_hand().len(), 1)'"),
    ("benbrunton", {"players": 2, "hand_size": 3}, ["4H 5C 2S", "3C 6D 2C"],
     "1:3C 0:4H 1:2C 0:2S 0:5C", {"winner": 0}, [],
     BB4 + "game/game.rs an_unbeatable_hand_auto_passes_other_players: 2♠ on 2♣, "
     "'assert_eq!(new_game.round.get_next_player(), 0)' (played unreversed: the test's cards are)"),
    ("benbrunton", {"players": 2, "hand_size": 3}, ["4H 5C 2S", "3C 6D 2C"],
     "1:3C 0:4H 1:2C 0:2S 1:6D", {}, [("WRONG_TURN", 0, 4)],
     BB4 + "game/game.rs an_unbeatable_hand_auto_passes_other_players: ... so seat 1 gets no turn"),
    ("benbrunton", {"players": 3, "decks": 3, "hand_size": 3, "direction": "clockwise"},
     ["3C 7C 8C", "AS 9D 9H", "2H AS AS"], "0:3C 1:AS 2:2H 0:- 1:- 2:AS+AS",
     {"complete": False, "cards_left": [2, 2, 0]}, [],
     BB4 + "game/round.rs when_every_player_passes_the_last_player_to_move_starts_the_round: "
     "'Move::Pair(ace_of_spades, ace_of_spades)', 'assert!(valid_move)'"),
    ("benbrunton", {"players": 2, "hand_size": 6}, ["3C 4C 5C 6C 7C 9H", "2S 2C 2D 2H 2H 4D"],
     "0:3C+4C+5C+6C+7C 1:2S+2C+2D+2H+2H", {"complete": False}, [],
     BB4 + "game/round.rs five_of_a_kind_is_the_baddest: 2♠ 2♣ 2♦ 2♥ 2♥ on a straight flush, "
     "'assert!(valid_move)'"),
    ("benbrunton", {"players": 2, "decks": 3, "hand_size": 7},
     ["3C 2D 2D 2D AS AS 9H", "2S 2C 2C 3C 3C 4D 5D"], "0:3C 1:- 0:2D+2D+2D+AS+AS 1:2S+2C+2C+3C+3C",
     {"complete": False}, [], BB4 + "game/round.rs only_top_card_counts_in_full_house: "
     "2♠ 2♣ 2♣ 3♣ 3♣ on 2♦ 2♦ 2♦ A♠ A♠, 'assert_eq!(valid_move, true)'"),
    # The test builds its table without a revolution: replayed with none.
    ("benbrunton", {"players": 2, "decks": 4, "hand_size": 7, "revolution": "none"},
     ["3C 2D 2D 2D 2D AS 9H", "2S 2C 2C 2C 3C 4D 5D"], "0:3C 1:- 0:2D+2D+2D+2D+AS 1:2S+2C+2C+2C+3C",
     {"complete": False}, [], BB4 + "game/round.rs only_top_card_counts_in_four_of_a_kind: "
     "2♠ 2♣ 2♣ 2♣ 3♣ on 2♦ 2♦ 2♦ 2♦ A♠, 'assert_eq!(valid_move, true)'"),
    # Five 2♦ exceed four decks (reading 14): the fifth is a joker named 2♦ (reading 7).
    ("benbrunton", {"players": 2, "decks": 4, "hand_size": 7, "revolution": "none"},
     ["3C 2D 2D 2D 2D JK 9H", "2S 2C 2C 2C 2C 4D 5D"],
     "0:3C 1:- 0:2D+2D+2D+2D+JK=2D 1:2S+2C+2C+2C+2C", {"complete": False}, [],
     BB4 + "game/round.rs only_top_card_counts_in_five_of_a_kind: 2♠ 2♣ 2♣ 2♣ 2♣ on five 2♦, "
     "'assert_eq!(valid_move, true)'"),
    ("benbrunton", {"players": 2, "hand_size": 4}, ["3C 8D 8D 9H", "8C 8S 4D 5D"],
     "0:3C 1:- 0:8D+8D 1:8C+8S", {"complete": False}, [],
     BB4 + "game/round.rs only_top_card_counts_in_a_pair: 8♣ 8♠ on 8♦ 8♦, 'assert!(valid_move)'"),
    ("benbrunton", {"players": 2, "hand_size": 4}, ["3C 8D 9H 9D", "8C 8S 4D 5D"],
     "0:3C 1:- 0:timeout 1:4D", {"complete": False}, [],
     BB4 + "game/round.rs skip_allows_it_though: 'r.skip(0)' on an empty table is Ok"),
    ("benbrunton", {"players": 2, "hand_size": 4}, ["3C 8D 9H 9D", "8C 8S 4D 5D"], "0:3C 1:- 0:-",
     {}, [("LEADER_MUST_PLAY", 0, 2)],
     BB4 + "game/round.rs thou_shalt_not_pass_on_an_empty_table (not counted: v1's rule)"),
    ("benbrunton", {"players": 2, "hand_size": 4}, ["3C 8D 9H 9D", "8C 8S 4D 5D"], "0:timeout",
     {}, [("OPENING_CARD", 0, 0)],
     "benbrunton/pusoy-dos src/game/round.rs (code, no test): skip is a pass, and the first "
     "round must include the 3♣; RULES.md v4 reading 11"),
    ("benbrunton", {"players": 2, "hand_size": 6}, ["3C 4C 5C 6C 7C 9H", "AS AS AH AC AD 4D"],
     "0:3C+4C+5C+6C+7C 1:AS+AS+AH+AC+AD", {"complete": False}, [],
     BB4 + "game/player_move.rs five_of_a_kind_is_a_five_card_trick: A♠ A♠ A♥ A♣ A♦ is "
     "'trick_type: TrickType::FiveOfAKind' (so it beats a straight flush)"),
    ("benbrunton", {"players": 2, "decks": 3, "hand_size": 6},
     ["3C 4D 5H 6S 7C 9D", "3H 3H 3H 4H 5H 6D"], "0:3C+4D+5H+6S+7C 1:3H+3H+3H+4H+5H",
     {"complete": False}, [], BB4 + "game/player_move.rs a_flush_works_with_multiple_decks: "
     "3♥ 3♥ 3♥ 4♥ 5♥ is 'trick_type: TrickType::Flush' (so it beats a straight)"),
    ("benbrunton", {"players": 2, "decks": 1, "hand_size": 4}, ["3C 3H 3D 9H", "6S JK JK 4D"],
     "0:3C+3H+3D 1:6S+JK=6C+JK=6D", {"complete": False}, [],
     BB4 + "game/player_move.rs two_jokers_can_be_played_in_a_prial: 6♠ with wildcards 6♣ and "
     "6♦ is 'Move::Prial(6♠, 6♣, 6♦)'"),
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
YT = "yawnoc/big-two-scorer test_big2.py "
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
    ("yawnoc", {}, result_deals([0, 11, 12, 13], liable=0),
     [[-255, 85, 85, 85]], YA + ": 'failing to announce last card and subsequently winning' "
                                "takes on all losses ('0t')"),
    # v4, reading 13: three untouched hands of 13 (52 each under the tiers) doubled
    ("zeshuaro", {}, [{"result": {"left": [
        [], "3C 3D 3H 4S 5C 5D 5H 6S 7C 7D 7H 8S 9C".split(),
        "4C 4D 4H 6C 6D 6H 8C 8D 8H 9S TC TD TH".split(),
        "JC JD JH QS KC KD KH AS 3S 9D 9H TS QC".split()]}}],
     [[312, -104, -104, -104]], ZE + " tests/test_money.py test_all_thirteen_cards: "
     "'get_money_lost(cards, 5, 39)' is 520, 5 a card (x2 when the losers hold all 39 cards)"),
    # v4: yawnoc/big-two-scorer's test_big2.py. Reading 12: the winner who missed its call
    # takes on every loss; pairwise, it pays T = 6 to each of the three others.
    ("yawnoc", {}, result_deals([0, 1, 2, 3], liable=0), [[-18, 6, 6, 6]],
     YT + "test_game_compute_real_losses: 'compute_real_losses(losses=(0, 1, 2, 3), "
     "fry_threshold=10, take_index=0)' is '(1+2+3, 0, 0, 0)'"),
    # Reading 14: a loss of 100 cards needs four decks and two seats (2 x 100 of 208).
    ("yawnoc", {"players": 2, "decks": 4, "hand_size": 100}, result_deals([0, 100]),
     [[300, -300]], YT + "test_compute_fry_aware_loss: "
     "'compute_fry_aware_loss(100, fry_threshold=10)' is 300"),
    ("yawnoc", {"players": 2, "decks": 4, "hand_size": 100, "scoring": {"tiers": [
        {"from": 1, "multiplier": 1}, {"from": 11, "multiplier": 2}, {"from": 13, "multiplier": 3}]}},
     result_deals([0, 100]), [[300, -300]], YT + "test_compute_fry_aware_loss: "
     "'compute_fry_aware_loss(100, fry_threshold=11)' is 300"),
    ("yawnoc", {"players": 2, "decks": 4, "hand_size": 100,
                "scoring": {"tiers": [{"from": 1, "multiplier": 1}]}},
     result_deals([0, 100]), [[100, -100]], YT + "test_compute_fry_aware_loss: "
     "'compute_fry_aware_loss(100, fry_threshold=500)' is 100 (no frying at all)"),
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


def test_the_simulator_plays_benbrunton_with_copies_and_jokers() -> None:
    """Two 54-card decks: the simulator's moves come from the multiset table, each checked
    before it is applied (it once listed them from one copy of each card and took a stale
    play out of the bag, and its deals never ended)."""
    from bigtwo.records.pipeline import check_record
    from bigtwo.rules.simulate import simulate

    found = list(simulate(peer("benbrunton"), records=3, deals_per_record=2, seed=7,
                          profile_ref=declaration("benbrunton")))
    assert all(check_record(r).report["valid"] for r in found)  # type: ignore[index]
