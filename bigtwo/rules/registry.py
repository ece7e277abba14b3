"""The field registry: one declaration per profile field. This is the module a house rule edits.

Each field of a rule profile is declared once, in ``Rules`` below: its attribute on ``Profile``
(with the attribute's type), its path in the JSON declaration, its kind (type, choices,
bounds), its default, the version it came in, the rule codes it explains and its docs line.
Rules that relate several fields are declared in ``CHECKS``, after it. Everything else is
derived: the declaration check, the defaults, the canonical spelling, the hashing and the
referee's "which house rules explain this error" (``bigtwo.rules.declarations``), the
``Profile`` attributes (``profiles.Profile``), the OpenAPI schema (schemas/profiles.py) and
the field tables of docs/RULES.md and docs/RECORDS.md (scripts/field_table.py). The words it
is written in (closed choices, ``Field``, ``why``) are ``bigtwo.rules.choices``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bigtwo import limits
from bigtwo.rules import cards, field_checks
from bigtwo.rules.cards import BOMB_HANDS, CATEGORIES, MAX_DECKS, MAX_JOKERS, MAX_PLAYERS, RUNS
from bigtwo.rules.choices import (
    V1,
    V2,
    V3,
    V4,
    BombHand,
    Bombs,
    CardPenalty,
    Category,
    Check,
    Direction,
    Field,
    Finish,
    FirstDeal,
    FlushCompare,
    FourCardHand,
    HeldHandFactor,
    LastCardCall,
    LastCardGuard,
    LaterDeals,
    Leftover,
    Passing,
    PassWhen,
    Path,
    Revolution,
    RevolutionRepeats,
    Settlement,
    StraightFlushCompare,
    StraightKey,
    Tier,
    Timeouts,
    TwoHeldMode,
    card_of_name,
    card_values_of,
    entry,
    held_hand_factor_of,
    penalties_of,
    tiers_of,
    why,
)
from bigtwo.rules.codes import NP_, RuleCode
from bigtwo.rules.kinds import (
    Bool,
    Card,
    Choice,
    Int,
    ListOf,
    ListOnce,
    Obj,
    RankValues,
    Straight,
    Teams,
    Text,
)

# --- what the entries share -----------------------------------------------------------------
C = RuleCode
_cards_order = card_of_name  # the joker (JK) last
# The suit order explains a play that does not beat one of its kind only where the suits
# decided: equal top ranks (9♥ against J♥ is decided by the ranks), or flushes.
_NOT_BEAT_BY_SUIT = tuple(why(C.DOES_NOT_BEAT, f"{kind}:suits", rank=9)
                          for kind in ("single", "pair", "straight", "straight_flush", "flush"))
_TWOS = ["2C", "2D", "2H", "2S"]

TABLE, PLAY, PASSING, TEAMS, SCORING, MATCH = (
    "The table and the deal", "What may be played", "Passing and finishing", "Teams",
    "Scoring (`scoring`)", "The match (`match`)")


def _straight_flushes(value: Any, rules: Mapping[str, Any]) -> Any:
    return None if value == rules["straights"] else value


def _resolved_straight_flushes(value: Any, rules: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(rules["straights"] if value is None else value)


def _teams(value: Any, rules: Mapping[str, Any]) -> tuple[tuple[int, ...], ...] | None:
    return None if value is None else tuple(tuple(team) for team in value)


# --- the entries ---------------------------------------------------------------------------
class Rules:
    """The registry. Each name is a ``Profile`` attribute, annotated with its type there."""

    # --- the table and the deal ------------------------------------------------------------
    players: int = entry(
        ("players",), Int(2, MAX_PLAYERS), 4, since=V1, section=TABLE,
        values=", ".join(map(str, range(2, MAX_PLAYERS + 1))),
        label=NP_("field", "seats at the table"),
        doc="seats at the table",
        played_by="4 everywhere; 000 names 2, 3 and 5 player forms; Only a Game's rules play "
                  "up to 8 with two decks",
        explains=(why(C.PLAYER_COUNT),))
    hand_size: int = entry(
        ("hand_size",), Int(1, MAX_DECKS * (cards.DECK_SIZE + MAX_JOKERS) // 2), 13, since=V1,
        section=TABLE,
        values="1 … `decks` × (52 + `jokers`) / `players`",
        label=NP_("field", "cards per hand"),
        doc="cards dealt to each seat; the rest of the deck stays out",
        played_by="13 everywhere; 000 deals 17 each to 3 players and leaves one card face down",
        explains=(why(C.HAND_SIZE), why(C.RESULT_CARD_COUNT)))
    decks: int = entry(
        ("decks",), Int(1, MAX_DECKS), 1, since=V4, section=TABLE,
        label=NP_("field", "decks shuffled together"),
        doc="how many 52-card decks are shuffled together: each card exists that many times, "
            "and a play may hold copies of one card",
        played_by="one everywhere; Only a Game's rules shuffle two decks for 5 to 8 players; "
                  "benbrunton/pusoy-dos deals any number of decks",
        explains=(why(C.DUPLICATE_CARD, rank=1), why(C.CARD_NOT_HELD, rank=3)))
    jokers: int = entry(
        ("jokers",), Int(0, MAX_JOKERS), 0, since=V4, section=TABLE,
        values="0, 1, 2 (per deck)",
        label=NP_("field", "jokers per deck"),
        doc="jokers added to each deck; a joker is wild: in a play it stands for the card its "
            "player names (`JK=4D`) and is judged as that card",
        played_by="benbrunton/pusoy-dos (two per deck, named as they are played), cnyaw/big3",
        explains=(why(C.CARD_NOT_HELD, rank=2), why(C.JOKER_STAND_IN)))
    direction: Direction = entry(
        ("direction",), Choice(Direction), Direction.CLOCKWISE, since=V1, section=TABLE,
        label=NP_("field", "turn order"),
        doc="turn order over the seat numbers: the next seat is seat + 1, or seat − 1 "
            "(wrapping round)",
        played_by="clockwise: 000, 002, 003; counterclockwise: 004, and 001 (\"you, right, "
                  "opposite, left\")",
        explains=(why(C.WRONG_TURN), why(C.LOCKED_OUT, rank=1)))
    suit_order: tuple[str, ...] = entry(
        ("suit_order",), ListOf(Text(upper=True), max_items=len(cards.SUITS)),
        ["D", "C", "H", "S"], since=V1, section=TABLE,
        values="the four suits `D C H S` in any order, low to high",
        label=NP_("field", "suits, low to high"),
        doc="breaks ties of rank; the lowest suit's 3 is the lowest card",
        played_by="`D C H S`: 000, 001, 002; `C D H S`: 001's switch; `C S H D`: 004",
        explains=(why(C.OPENING_CARD), *_NOT_BEAT_BY_SUIT))
    # --- what may be played ----------------------------------------------------------------
    triples: bool = entry(
        ("triples",), Bool(), True, since=V1, section=PLAY,
        label=NP_("field", "triples allowed"),
        doc="three of a rank is a combination of its own",
        played_by="yes: 000, 001, 004; no: 002 (\"only when agreed\")",
        explains=(why(C.COMBINATION_NOT_ALLOWED, "no_triples"),))
    five_card_hands: bool = entry(
        ("five_card_hands",), Bool(), True, since=V1, section=PLAY,
        label=NP_("field", "five-card hands allowed"),
        doc="five-card hands exist at all",
        played_by="yes everywhere; 004's beginners' variant plays without them",
        explains=(why(C.COMBINATION_NOT_ALLOWED, "no_five_card_hands"),))
    straights: tuple[str, ...] = entry(
        ("straights",), ListOf(Straight(), max_items=len(RUNS), distinct="a straight is listed twice"),
        ["34567", "45678", "56789", "6789T", "789TJ", "89TJQ", "9TJQK", "TJQKA"],
        since=V1, section=PLAY, values="list of runs, low to high",
        label=NP_("field", "straights, low to high"),
        doc="exactly which runs are straights, and their order",
        played_by="`34567` … `TJQKA`: 000, 002, 004; 001 adds `23456` and `A2345` above "
                  "`TJQKA` (`A2345` highest); 000's variant puts `23456` on top; 004's house "
                  "rule ranks `34567` above every other straight",
        explains=(why(C.COMBINATION_NOT_ALLOWED, "no_two_in_straights"),
                  why(C.COMBINATION_NOT_ALLOWED, "straight_not_listed"),
                  why(C.DOES_NOT_BEAT, "straight"), why(C.DOES_NOT_BEAT, "straight_flush", rank=1)))
    straight_flushes: tuple[str, ...] = entry(
        ("straight_flushes",),
        ListOf(Straight(), max_items=len(RUNS), nullable=True, distinct="a straight is listed twice"),
        None, since=V2, section=PLAY, values="list of runs, low to high, or `null`",
        label=NP_("field", "straight flushes, low to high"),
        doc="which runs of one suit are straight flushes, and their order; `null` (the default) "
            "means the same list as `straights`",
        played_by="004: when `34567` is lifted above the other straights, the royal flush "
                  "stays unbeatable",
        canonical=_straight_flushes, build=_resolved_straight_flushes,
        explains=(why(C.DOES_NOT_BEAT, "straight_flush"),))
    flush_compare: FlushCompare = entry(
        ("flush_compare",), Choice(FlushCompare), FlushCompare.RANK_FIRST, since=V1, section=PLAY,
        label=NP_("field", "how flushes compare"),
        doc="`rank_first`: ranks from the top down, then the suit of the highest card; "
            "`suit_first`: the suit, then the ranks from the top down; `top_card` (v3): the "
            "highest card alone, its rank then its suit",
        played_by="rank first: 000, 003; suit first: 001 (by default), 004; top card: "
                  "jmanchuck/bigtwo-rl, sartig/python-big-two-rl, benbrunton/pusoy-dos",
        explains=(why(C.DOES_NOT_BEAT, "flush"),))
    straight_flush_compare: StraightFlushCompare = entry(
        ("straight_flush_compare",), Choice(StraightFlushCompare),
        StraightFlushCompare.AS_STRAIGHTS, since=V3, section=PLAY,
        label=NP_("field", "how straight flushes compare"),
        doc="`as_straights`: by position in `straight_flushes`, then the key card's suit; "
            "`suit_first`: the straight flush of the higher suit wins whatever its ranks, and "
            "one suit's straight flushes rank by position",
        played_by="as straights: the seeds; suit first: Wal8800/card-games, "
                  "zeshuaro/telegram_big_two_bot (under D<C<H<S, ♣6-10 beats ♦10-A)",
        explains=(why(C.DOES_NOT_BEAT, "straight_flush"),))
    straight_key: StraightKey = entry(
        ("straight_key",), Choice(StraightKey), StraightKey.HIGHEST_RANK, since=V3, section=PLAY,
        label=NP_("field", "the card that keys a straight"),
        doc="which card of a run is its key card (its suit breaks a tie between equal runs, "
            "and it names the run): `highest_rank`, the card of the highest Big Two rank (the 2 "
            "in A2345 and 23456); `top_of_run`, the run's own top card (the 5 in A2345, the 6 "
            "in 23456)",
        played_by="highest rank: the seeds; top of run: mainland and Western rule books",
        # Only where equal runs tie on their key cards' suits.
        explains=(why(C.DOES_NOT_BEAT, "straight:suits", rank=2),
                  why(C.DOES_NOT_BEAT, "straight_flush:suits", rank=2)))
    five_card_order: tuple[str, ...] = entry(
        ("five_card_order",), ListOf(Choice(Category), max_items=len(CATEGORIES) + 1),
        list(CATEGORIES), since=V1, section=PLAY,
        values="the five categories `" + " ".join(CATEGORIES) + "` in any order, low to high; "
               "`five_of_a_kind` may be placed among them (left out, it ranks above all)",
        label=NP_("field", "five-card categories, low to high"),
        doc="which five-card category is higher",
        played_by="every text plays the order shown",
        explains=(why(C.CATEGORY, rank=1), why(C.DOES_NOT_BEAT, "across")))
    cross_category: bool = entry(
        ("cross_category",), Bool(), True, since=V1, section=PLAY,
        label=NP_("field", "a higher category beats a lower one"),
        doc="a higher five-card category beats a lower one; `false`: a five-card hand is only "
            "beaten by a higher hand of its own category",
        played_by="yes: 000, 001, 002; no: 004 (\"a straight is only beaten by a higher "
                  "straight\")",
        explains=(why(C.CATEGORY), why(C.DOES_NOT_BEAT, "across")))
    bombs: Bombs = entry(
        ("bombs",), Choice(Bombs), Bombs.NONE, since=V1, section=PLAY,
        label=NP_("field", "bombs"),
        doc="`none`: a bomb is an ordinary five-card hand. `anything`: a bomb beats any "
            "combination that is not a bomb, whatever its size; a bomb on the table is beaten "
            "by a higher bomb, or by a five-card hand that beats it under the five-card rules. "
            "`on_twos` (v3): a bomb may also be played on a table combination that holds a 2 "
            "(the printed rank) and beats it; elsewhere bombs follow the ordinary rules",
        played_by="`none`: 000's standard rules, 001 (\"there are no bombs\"); `anything`: 000's "
                  "variant \"bombs anywhere\", 004's tips; `on_twos`: tables of the v3 survey "
                  "that keep bombs for answering a 2",
        explains=(why(C.CARD_COUNT), why(C.DOES_NOT_BEAT, "across")))
    bomb_hands: tuple[str, ...] = entry(
        ("bomb_hands",),
        ListOf(Choice(BombHand), max_items=len(BOMB_HANDS), min_items=1,
               distinct="a hand is listed twice", order=BOMB_HANDS.index),
        ["four_of_a_kind"], since=V2, section=PLAY,
        values="a list of " + ", ".join(f"`{h}`" for h in BOMB_HANDS),
        label=NP_("field", "hands that bomb"),
        doc="which five-card hands are bombs (default: four of a kind only)",
        played_by="000, 003, 004 call four of a kind plus a kicker the bomb; a table that also "
                  "bombs with a straight flush says so",
        explains=(why(C.CARD_COUNT), why(C.DOES_NOT_BEAT, "across")))
    four_card_hands: tuple[str, ...] = entry(
        ("four_card_hands",),
        ListOf(Choice(FourCardHand), max_items=len(FourCardHand), distinct="a hand is listed twice"),
        [], since=V3, section=PLAY,
        values="`[]`, or a list of `two_pair`, `four_of_a_kind`, low to high",
        label=NP_("field", "four-card hands, low to high"),
        doc="four-card combinations: two pairs of different ranks (compared by the highest card, "
            "the higher pair's higher suit), four of one rank with no kicker (by rank). A "
            "four-card play follows only a four-card play, and a kind later in the list beats "
            "an earlier one; a four-card four of a kind is a bomb where `bomb_hands` names "
            "`four_of_a_kind` and starts a revolution as the five-card one does",
        played_by="tables and engines of the v3 survey that play bare fours of a kind and "
                  "two pair as four-card plays",
        explains=(why(C.CARD_COUNT, rank=1), why(C.NOT_A_COMBINATION),
                  why(C.DOES_NOT_BEAT, "two_pair"), why(C.DOES_NOT_BEAT, "four_of_a_kind")))
    dragon: bool = entry(
        ("dragon",), Bool(), False, since=V3, section=PLAY,
        label=NP_("field", "dragons (one card of each rank)"),
        doc="thirteen cards, one of each rank, are a dragon: it may be led or played on any "
            "table, beats everything and is beaten by nothing, and its player goes out (a seat "
            "dealt more than 13 cards keeps the rest)",
        played_by="zeshuaro/telegram_big_two_bot",
        explains=(why(C.DOES_NOT_BEAT, "across", rank=2), why(C.CARD_COUNT, rank=2),
                  why(C.NOT_A_COMBINATION, rank=1)))
    unbeatable_ends_trick: bool = entry(
        ("unbeatable_ends_trick",), Bool(), False, since=V4, section=PLAY,
        label=NP_("field", "an unbeatable play ends the trick"),
        doc="a single, pair or triple whose highest card is the top card in force (2♠ under "
            "D C H S), where no bomb and no dragon could be played on it, ends the trick at "
            "once: its player leads the next one and the other seats get no turn",
        played_by="big2game.com (the 2♠ \"immediately starts a new set\"), benbrunton/pusoy-dos",
        explains=(why(C.WRONG_TURN, "unbeatable"),))
    # --- passing and finishing -------------------------------------------------------------
    passing: Passing = entry(
        ("passing",), Choice(Passing), Passing.REJOIN, since=V1, section=PASSING,
        label=NP_("field", "after a pass"),
        doc="`rejoin`: a pass only ends your turn; `locked_out`: whoever passes sits out until "
            "the next lead",
        played_by="rejoin: 000, 001, 002; locked out: 004",
        explains=(why(C.WRONG_TURN), why(C.LOCKED_OUT)))
    timeouts: Timeouts = entry(
        ("timeouts",), Choice(Timeouts), Timeouts.NONE, since=V4, section=PASSING,
        label=NP_("field", "turns that time out"),
        doc="`pass`: a move `{\"seat\": s, \"timeout\": true}` records a turn the seat let run "
            "out; it counts as a pass, and on an empty table it hands the lead to the next seat "
            "still playing. The deal's opening turn cannot time out. `none`: no such moves",
        played_by="benbrunton/pusoy-dos (`skip`); online tables with a turn clock",
        explains=(why(C.OPENING_CARD, rank=2),))
    last_card_call: LastCardCall = entry(
        ("last_card_call",), Choice(LastCardCall), LastCardCall.NONE, since=V4, section=PASSING,
        label=NP_("field", "calling \"last card\""),
        doc="`liable`: the play that leaves its seat one card must carry the call "
            "(`\"call\": true`); a seat that goes out after such a play without the call pays "
            "every loser's penalty, and the losers pay 0. Needs `finish: first_out`, no `teams`, "
            "and `pairwise` or `penalty_only` settlement",
        played_by="yawnoc/big-two-scorer (\"failing to announce last card and subsequently "
                  "winning\")",
        explains=(why(C.RESULT_LIABLE, rank=1),))
    # --- the table and the deal: who leads ------------------------------------------------
    first_deal: FirstDeal = entry(
        ("opening", "first_deal"), Choice(FirstDeal), FirstDeal.LOWEST_CARD, since=V1,
        section=TABLE,
        label=NP_("field", "who leads the first deal"),
        doc="who leads the first deal: the holder of the lowest dealt card, whose first play "
            "must contain it",
        played_by="every text",
        explains=(why(C.OPENING_CARD),))
    later_deals: LaterDeals = entry(
        ("opening", "later_deals"), Choice(LaterDeals), LaterDeals.PREVIOUS_WINNER, since=V1,
        section=TABLE,
        label=NP_("field", "who leads the later deals"),
        doc="who leads the later deals of a match: the lowest card again, or the winner of the "
            "deal before, who may lead anything",
        played_by="`previous_winner`: 000, 004 and 001's switch; `lowest_card`: 001, 002",
        explains=(why(C.OPENING_CARD),))
    lead_alone: bool = entry(
        ("opening", "lead_alone"), Bool(), False, since=V3, section=TABLE,
        label=NP_("field", "the lowest card leads alone"),
        doc="a play that must contain the lowest card (the first of the first deal, and of "
            "later deals under `lowest_card`) must be that card alone",
        played_by="henrycharlesworth/big2_PPOalgorithm",
        explains=(why(C.OPENING_CARD),))
    # --- passing and finishing -------------------------------------------------------------
    must_play_first_trick: bool = entry(
        ("must_play_first_trick",), Bool(), False, since=V1, section=PASSING,
        label=NP_("field", "no pass in the first trick while able to beat"),
        doc="in a deal's first trick, a player who has not played in it yet may not pass while "
            "holding a play that beats the table; after playing once in it, they may",
        played_by="000's variant \"no passing in the opening trick until a player has played "
                  "once\"",
        refuses_pass=(PassWhen.FIRST_TRICK, PassWhen.NOT_YET_PLAYED, PassWhen.CAN_BEAT),
        explains=(why(C.MUST_PLAY),))
    no_single_two_finish_on_lead: bool = entry(
        ("no_single_two_finish_on_lead",), Bool(), False, since=V1, section=PASSING,
        label=NP_("field", "no going out by leading a single 2"),
        doc="nobody may go out by leading a single 2",
        played_by="004's optional rule",
        explains=(why(C.FORBIDDEN_FINISH),))
    # --- passing and finishing: placings and the last-card guard ---------------------------
    last_card_guard: LastCardGuard = entry(
        ("last_card_guard",), Choice(LastCardGuard), LastCardGuard.NONE, since=V3,
        section=PASSING,
        label=NP_("field", "when the next player holds one card"),
        doc="while the next seat still holding cards holds exactly one, a single you play must "
            "be your highest card (in the order in force). `highest_single`: any other single "
            "is refused; `liable`: it stands as a breach, and if the protected seat wins the "
            "deal, the last seat that breached against it pays every loser's penalty, its own "
            "included, and the other losers pay 0. Passes and plays of several cards are never "
            "breaches. `liable` needs `finish: first_out` and no `teams`",
        played_by="Hong Kong and Guangdong tables' 頂大 rule; liable: yawnoc/big-two-scorer "
                  "(\"takes all\")",
        explains=(why(C.MUST_PLAY_HIGHEST), why(C.RESULT_LIABLE)))
    finish: Finish = entry(
        ("finish",), Choice(Finish), Finish.FIRST_OUT, since=V3, section=PASSING,
        label=NP_("field", "when a deal ends"),
        doc="`first_out`: the deal ends when a player goes out. `placings`: play goes on and "
            "seats that went out are skipped; when the seat on top has gone out and every other "
            "seat still playing has passed since, the next seat still playing after it leads; "
            "the deal ends when one seat is left holding cards, and scores "
            "`scoring.place_points` by place (refused with `teams`)",
        played_by="first out: the seeds; placings: benbrunton/pusoy-dos, Pusoy Dos online play",
        # Only the code it brings: the pages of v2 errors name the fields they always did.
        explains=(why(C.RESULT_PLACES),))
    leftover: Leftover = entry(
        ("leftover",), Choice(Leftover), Leftover.UNDEALT, since=V1, section=TABLE,
        label=NP_("field", "cards not dealt"),
        doc="cards not dealt stay out of play face down, or go to the player who holds the "
            "lowest card",
        played_by="`undealt`: 000, 003; `to_opener` is a common house rule",
        explains=(why(C.HAND_SIZE), why(C.RESULT_CARD_COUNT)))
    revolution: Revolution = entry(
        ("revolution",), Choice(Revolution), Revolution.NONE, since=V2, section=PLAY,
        label=NP_("field", "revolution"),
        doc="`ranks`: once a four of a kind is played, the rank order is reversed for the rest "
            "of the deal (2 lowest, 3 highest); `ranks_and_suits` (v3): the suit order is "
            "reversed too",
        played_by="004's variant \"Revolution\"; ranks and suits: benbrunton/pusoy-dos",
        explains=(why(C.DOES_NOT_BEAT, "revolution", rank=99),))
    revolution_repeats: RevolutionRepeats = entry(
        ("revolution_repeats",), Choice(RevolutionRepeats), RevolutionRepeats.STAYS, since=V3,
        section=PLAY,
        label=NP_("field", "a later four of a kind"),
        doc="`stays`: a later four of a kind leaves the order reversed; `toggles`: every four "
            "of a kind turns the order round again",
        played_by="stays: 004's variant; toggles: benbrunton/pusoy-dos, cnyaw/big3",
        explains=(why(C.DOES_NOT_BEAT, "revolution", rank=100),))
    teams: tuple[tuple[int, ...], ...] | None = entry(
        ("teams",), Teams(), None, since=V2, section=TEAMS,
        label=NP_("field", "teams"),
        doc="two against two, partners sitting opposite (4 players only)",
        played_by="000's and 004's \"2v2\" variants",
        build=_teams,
        explains=(why(C.MATCH_OVER, rank=1), why(C.DECLARED_MISMATCH, rank=1)))
    # --- scoring ---------------------------------------------------------------------------
    tiers: tuple[Tier, ...] = entry(
        ("scoring", "tiers"),
        ListOf(Obj((("from", Int(1, 52)), ("multiplier", Int(0, 100))),
                   doc='`{"from": cards, "multiplier": m}`'),
               max_items=limits.MAX_PROFILE_TIERS, min_items=1),
        [{"from": 1, "multiplier": 1}, {"from": 8, "multiplier": 2},
         {"from": 10, "multiplier": 3}, {"from": 13, "multiplier": 4}],
        since=V1, section=SCORING,
        values='list of `{"from": cards, "multiplier": m}`, the first from 1',
        label=NP_("field", "penalty per card left"),
        doc="a loser with k cards left pays k × the multiplier of the last tier whose `from` ≤ k",
        played_by="000: 1, ×2 from 8, ×3 from 10, ×4 at 13; 001 and 004: ×2 from 10, ×3 at 13; "
                  "002: 1 per card",
        build=tiers_of, explains=(why(C.DECLARED_MISMATCH),))
    two_held_factor: int = entry(
        ("scoring", "two_held_factor"), Int(1, 3, choices=(1, 2, 3)), 1, since=V1,
        section=SCORING,
        label=NP_("field", "factor for a held 2"),
        doc="the penalty of a loser still holding a card of `two_held_cards` is multiplied by it",
        played_by="000's variant \"doubled (or tripled) penalty for a held 2\"",
        explains=(why(C.DECLARED_MISMATCH),))
    two_held_cards: tuple[str, ...] = entry(
        ("scoring", "two_held_cards"),
        ListOf(Card(), max_items=cards.DECK_SIZE, min_items=1, distinct="a card is listed twice",
               order=_cards_order),
        _TWOS, since=V2, section=SCORING,
        values="list of cards (default the four 2s; `JK` where the profile has jokers)",
        label=NP_("field", "cards that count as a held 2"),
        doc="which held cards trigger `two_held_factor`",
        played_by="000 speaks of \"a 2 (the Big Two)\", which some tables read as the 2♠ alone",
        explains=(why(C.DECLARED_MISMATCH),))
    card_penalties: tuple[CardPenalty, ...] = entry(
        ("scoring", "card_penalties"),
        ListOf(Obj((("cards", ListOnce(Card(), max_items=cards.DECK_SIZE, min_items=1,
                                       order=_cards_order)),
                    ("all", Bool()), ("points", Int(0, 1000))),
                   doc='`{"cards": [...], "all": true/false, "points": n}`'),
               max_items=limits.MAX_PROFILE_CARD_PENALTIES),
        [], since=V1, section=SCORING,
        values='list of `{"cards": [...], "all": true/false, "points": n}` (`JK` among the '
               'cards where the profile has jokers)',
        label=NP_("field", "extra points for held cards"),
        doc="points a loser pays on top, once per entry: when holding every listed card "
            "(`all: true`) or at least one (`all: false`); a card listed twice in an entry "
            "counts once, and so do several copies held",
        played_by="004: +1 for the 2♦, +4 for all four 2s (a player holding all four pays both)",
        build=penalties_of, explains=(why(C.DECLARED_MISMATCH),))
    settlement: Settlement = entry(
        ("scoring", "settlement"), Choice(Settlement), Settlement.WINNER_TAKES_ALL, since=V1,
        section=SCORING,
        label=NP_("field", "how a deal is settled"),
        doc="`winner_takes_all`: zero-sum, the winner gains what the losers pay; `penalty_only`: "
            "losers score minus their penalty, the winner 0; `winner_only`: the winner is "
            "credited with what the losers would pay, the losers score 0; `pairwise` (v3): "
            "every two players settle the difference of their penalties, so seat i scores the "
            "sum over the others j of (P_j − P_i)",
        played_by="zero-sum: 001, 004; minus points: 002; 000 \"some tables count only the "
                  "winner's credit\"; pairwise: Hong Kong \"place\" tables, "
                  "yawnoc/big-two-scorer",
        explains=(why(C.DECLARED_MISMATCH),))
    two_held_mode: TwoHeldMode = entry(
        ("scoring", "two_held_mode"), Choice(TwoHeldMode), TwoHeldMode.ONCE, since=V3,
        section=SCORING,
        label=NP_("field", "how often the factor for a held 2 applies"),
        doc="`once`: `two_held_factor` applies once if any listed card is held; `per_two`: it "
            "applies once per listed card held (two of them with factor 2: ×4)",
        played_by="once: 000's variant; per two: zeshuaro/telegram_big_two_bot",
        explains=(why(C.DECLARED_MISMATCH),))
    card_values: tuple[int, ...] | None = entry(
        ("scoring", "card_values"), RankValues(limits.MAX_CARD_VALUE), None, since=V3,
        section=SCORING,
        label=NP_("field", "points per card left, by rank"),
        doc="the base of a penalty is the sum of the values of the cards left (times the tier "
            "multiplier for their count) instead of their count",
        played_by="Pusoy tables that count T to K as 10; Japanese tables' 2 = 15, A = 14",
        build=card_values_of, explains=(why(C.DECLARED_MISMATCH),))
    held_hand_factor: HeldHandFactor | None = entry(
        ("scoring", "held_hand_factor"),
        Obj((("hands", ListOf(Choice(BombHand), max_items=len(BOMB_HANDS), min_items=1,
                              distinct="a hand is listed twice", order=BOMB_HANDS.index)),
             ("factor", Int(2, 3, choices=(2, 3)))),
            doc='`{"hands": [kinds], "factor": 2 or 3}`', nullable=True),
        None, since=V3, section=SCORING,
        label=NP_("field", "factor for a hand held"),
        doc="a loser whose cards left hold one of the listed hands (four of one rank, no kicker "
            "needed; a straight flush that is a run of `straight_flushes`) pays the penalty "
            "times the factor, after `two_held_factor`",
        played_by="zeshuaro/telegram_big_two_bot",
        build=held_hand_factor_of, explains=(why(C.DECLARED_MISMATCH),))
    sweep_factor: int = entry(
        ("scoring", "sweep_factor"), Int(1, 3, choices=(1, 2, 3)), 1, since=V4, section=SCORING,
        label=NP_("field", "factor when no loser played a card"),
        doc="when every loser still holds every card it was dealt, each loser's penalty is "
            "multiplied by it, after `held_hand_factor` and before `card_penalties`",
        played_by="zeshuaro/telegram_big_two_bot (×2 when the losers hold all 39 cards)",
        explains=(why(C.DECLARED_MISMATCH),))
    place_points: tuple[int, ...] | None = entry(
        ("scoring", "place_points"),
        ListOf(Int(-limits.MAX_PLACE_POINTS, limits.MAX_PLACE_POINTS), max_items=MAX_PLAYERS,
               nullable=True),
        None, since=V3, section=SCORING,
        values="one integer per place (first out first), or `null`",
        label=NP_("field", "points per place"),
        doc="under `finish: placings` each seat scores the points of its place, and penalties, "
            "tiers and settlement do not apply; required with placings, refused without, "
            "exactly `players` numbers",
        played_by="benbrunton/pusoy-dos, Pusoy Dos online play (e.g. 3, 1, −1, −3)",
        explains=(why(C.DECLARED_MISMATCH),))
    # --- the match -------------------------------------------------------------------------
    max_deals: int | None = entry(
        ("match", "max_deals"), Int(1, 10_000, nullable=True), None, since=V1, section=MATCH,
        values="a number or `null`",
        label=NP_("field", "deals in a match"),
        doc="the match ends after this many deals",
        played_by="000 (a fixed number of deals), 004 (5, 10 or 20 rounds)",
        explains=(why(C.MATCH_OVER),))
    target: int | None = entry(
        ("match", "target"), Int(1, 1_000_000, nullable=True), None, since=V1, section=MATCH,
        values="a number or `null`",
        label=NP_("field", "points that end the match"),
        doc="the match ends after the deal in which a running total reaches +target "
            "(`winner_takes_all`, `winner_only`), or a player's accumulated penalty reaches it "
            "(`penalty_only`)",
        played_by="000 (30 or 50 points), 002",
        explains=(why(C.MATCH_OVER),))
    loss_limit: int | None = entry(
        ("match", "loss_limit"), Int(1, 1_000_000, nullable=True), None, since=V2, section=MATCH,
        values="a number or `null`",
        label=NP_("field", "loss that ends the match"),
        doc="the match ends after the deal in which a running total falls to −loss_limit or "
            "below",
        played_by="004 (playing until a player's chips are gone)",
        explains=(why(C.MATCH_OVER),))


def _registered() -> tuple[Field, ...]:
    out = []
    for name, value in vars(Rules).items():
        if isinstance(value, Field):
            object.__setattr__(value, "attr", name)
            out.append(value)
    return tuple(out)


FIELDS: tuple[Field, ...] = _registered()
BY_PATH: dict[Path, Field] = {f.path: f for f in FIELDS}
BY_DOTTED: dict[str, Field] = {f.dotted: f for f in FIELDS}
NAME = Text(200)  # a declaration's name: not a rule, so neither hashed nor a Profile field


# --- rules relating fields: bigtwo.rules.field_checks (re-exported for the declarations) ---
CHECKS: tuple[Check, ...] = field_checks.CHECKS
