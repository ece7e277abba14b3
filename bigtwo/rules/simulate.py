"""Random but legal matches under any profile, reproducible from a seed.

The simulator drives the same ``Table`` the referee replays with and picks among
``Table.legal_plays()``, so every record it writes is legal by construction; tests replay them
through the whole pipeline to check that parsing, replay and scoring agree with that.

A profile with copies or jokers (``Profile.multiset``) is dealt from its whole supply and
played on the multiset table, picking among ``MultisetTable.legal_moves()`` (a joker names the
card it stands for). Where the profile allows them, a seat sometimes lets its turn run out
(``timeouts: pass``) and a seat going down to one card sometimes forgets the call
(``last_card_call: liable``), so liability happens. A one-deck, joker-free profile without
those fields draws from its random source exactly as before, so its output is unchanged for
a seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from bigtwo.rules import cards, deals
from bigtwo.rules.cards import rank_of
from bigtwo.rules.choices import LastCardCall, Timeouts
from bigtwo.rules.combos import Combo
from bigtwo.rules.multiset.table import MultisetTable, opener_of_bags, table_for
from bigtwo.rules.play import (
    deal_lead,
    free_lead,
    gets_leftover,
    hands_of_code,
    lowest_card,
    may_pass,
)
from bigtwo.rules.profiles import Profile, ProfileRef
from bigtwo.rules.replay import score_table
from bigtwo.rules.scoring import Tally
from bigtwo.rules.table import Table

MAX_ATTEMPTS = 50
DRAGON_DEALS = 0.3  # under ``dragon: true``, the share of deals in which one seat holds a dragon
TIMEOUT_RATE = 0.1  # under ``timeouts: pass``, the share of turns a seat lets run out where it may
MISSED_CALL_RATE = 0.3  # under ``last_card_call: liable``, how often a seat forgets the call
# The most cards of a hand with copies or jokers the random player looks at for a move: the
# largest one-deck hand (2 players), so a 108-card hand costs a move what 26 cards do.
LOOKED_AT = 26
# Players at table t, seat s: NAMES[t * players + s] (numbered once the list runs out), so that
# several tables playing the same deal codes seat different people for the duplicate comparison.
NAMES = ("Ana", "Ben", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou",
         "Max", "Ned", "Oli", "Pam", "Quy", "Rui", "Sam", "Tom")


class DeadEnd(Exception):
    """The random players reached a position with no legal move (e.g. a lone 2 on lead where
    going out on a single 2 is forbidden); the deal is dealt again."""


def _new_spec(profile: Profile, rng: random.Random) -> deals.DealSpec:
    return deals.DealSpec(profile.players, profile.hand_size, rng.getrandbits(64))


def _deal_hands(profile: Profile, rng: random.Random) -> list[list[int]]:
    return hands_of_code(profile, _new_spec(profile, rng))


def _deal_supply(profile: Profile, rng: random.Random) -> list[list[int]]:
    """The hands of a profile with copies or jokers: its whole supply (every deck's cards and
    jokers) shuffled, ``hand_size`` to each seat, the undealt cards to the opener (the lowest
    real card's holder) under ``leftover: to_opener``."""
    supply = [c for _ in range(profile.decks) for c in range(cards.DECK_SIZE)]
    supply += [cards.JOKER] * profile.joker_count
    rng.shuffle(supply)
    size = profile.hand_size
    hands = [sorted(supply[s * size:(s + 1) * size]) for s in range(profile.players)]
    undealt = supply[profile.players * size:]
    if undealt and gets_leftover(profile):
        if not any(c < cards.DECK_SIZE for h in hands for c in h):
            raise DeadEnd  # only jokers dealt: no lowest card names the opener
        opener = opener_of_bags(profile, hands)[0]
        hands[opener] = sorted(hands[opener] + undealt)
    return hands


def _with_dragon(profile: Profile, hands: list[list[int]], rng: random.Random) -> list[list[int]]:
    """The hands with one seat's made into a dragon (one card of each rank) by swapping cards
    with the other seats, so that ``dragon: true`` is played at all: dealt at random, a
    13-card hand is a dragon about once in 10,000 deals. The lowest dealt card stays where it
    is (it decides the opener, and the seat that took the undealt cards). Unchanged when no
    seat can be made one."""
    fixed = lowest_card(profile, hands)
    seats = [s for s, h in enumerate(hands) if len(h) >= len(cards.RANKS)]
    if not seats:
        return hands
    out = [list(h) for h in hands]
    seat = rng.choice(seats)
    mine = out[seat]
    for rank in range(len(cards.RANKS)):
        if any(rank_of(c) == rank for c in mine):
            continue
        spare = next((c for c in mine if c != fixed
                      and sum(1 for d in mine if rank_of(d) == rank_of(c)) > 1), None)
        donor = next(((s, c) for s, h in enumerate(out) if s != seat
                      for c in h if rank_of(c) == rank and c != fixed), None)
        if spare is None or donor is None:
            return hands
        other, card = donor
        mine.remove(spare)
        mine.append(card)
        out[other].remove(card)
        out[other].append(spare)
    return [sorted(h) for h in out]


def _choose(options: list[Combo], rng: random.Random) -> Combo:
    # Pick a size first: otherwise five-card hands, which are many, would crowd out singles.
    sizes = sorted({c.size for c in options})
    size = rng.choice(sizes)
    return rng.choice([c for c in options if c.size == size])


def random_move(table: Table, rng: random.Random, pass_rate: float = 0.35) -> Combo | None:
    """The move of the seat to move, at random among those the referee accepts: a legal
    play (``play.legal_plays``), or a pass (None) where ``play.may_pass`` allows it, with
    ``pass_rate`` when both are open. ``DeadEnd`` when neither is."""
    options = table.legal_plays()
    passing = may_pass(table)
    if options and (not passing or rng.random() >= pass_rate):
        return _choose(options, rng)
    if passing:
        return None
    raise DeadEnd


def _choose_move(options: list[tuple[Combo, list[int]]], rng: random.Random) -> tuple[Combo, list[int]]:
    sizes = sorted({c.size for c, _ in options})
    size = rng.choice(sizes)
    return rng.choice([o for o in options if o[0].size == size])


def _some_moves(table: MultisetTable, rng: random.Random) -> list[tuple[Combo, list[int]]]:
    """The legal plays of the seat to move that use only a random ``LOOKED_AT`` of its cards
    (the lowest card kept where the play must hold it): every play so formed is one the whole
    hand can make, and the listing costs what a one-deck hand's does. A larger hand lists
    tens of thousands of five-card plays on a lead. All of its plays where the hand is small
    or those cards make none."""
    seat = table.current
    bag = table.bags[seat]
    if sum(bag) <= LOOKED_AT:
        return table.legal_moves()
    held = [c for c in range(len(bag)) for _ in range(bag[c])]
    opening = table.opening_card
    if opening is not None and bag[opening]:
        held.remove(opening)
        chosen = [opening, *rng.sample(held, LOOKED_AT - 1)]
    else:
        chosen = rng.sample(held, LOOKED_AT)
    part = [0] * len(bag)
    for c in chosen:
        part[c] += 1
    table.bags[seat] = part  # the listing reads the seat's bag; the check reads it as a subset
    try:
        options = table.legal_moves()
    finally:
        table.bags[seat] = bag
    return options or table.legal_moves()


def random_multiset_move(table: MultisetTable, rng: random.Random, pass_rate: float = 0.35
                         ) -> tuple[Combo, list[int]] | None:
    """``random_move`` on the multiset table: a legal play as (combination, the ids its seat
    names, stand-ins ``STAND_IN + card``), or a pass (None). A hand over ``LOOKED_AT`` cards
    chooses among the plays of a random part of it (``_some_moves``)."""
    options = _some_moves(table, rng)
    passing = may_pass(table)
    if options and (not passing or rng.random() >= pass_rate):
        return _choose_move(options, rng)
    if passing:
        return None
    raise DeadEnd


def play_deal(
    profile: Profile, hands: list[list[int]], index: int, previous_winner: int | None,
    rng: random.Random, pass_rate: float = 0.35,
) -> tuple[list[dict[str, Any]], Table]:
    """Deal ``index`` of a match played at random: a legal play or pass at every turn (and,
    where the profile allows them, a timeout now and then, a last-card call or a missed one)."""
    leader: int | None
    opening: int | None
    if profile.multiset and not free_lead(profile, index):
        leader, opening = opener_of_bags(profile, hands)  # jokers are never the lowest card
    else:
        leader, opening = deal_lead(profile, index, previous_winner, hands)
    assert leader is not None  # every deal the simulator plays has a winner
    table = table_for(profile, hands, leader, opening)
    timeouts = profile.timeouts is Timeouts.PASS
    calling = profile.last_card_call is LastCardCall.LIABLE
    moves: list[dict[str, Any]] = []
    while table.winner is None:
        seat = table.current
        if timeouts and rng.random() < TIMEOUT_RATE and table.check(seat, []) is None:
            moves.append({"seat": seat, "timeout": True})
            table.apply(seat, None)
            continue
        if isinstance(table, MultisetTable):
            chosen = random_multiset_move(table, rng, pass_rate)
            combo, play = (None, None) if chosen is None else chosen
            if play is not None:
                accepted = table.check(seat, play)  # the table takes the ids it accepted
                assert accepted == combo, (play, accepted)
        else:
            combo = random_move(table, rng, pass_rate)
            play = None if combo is None else list(combo.cards)
        if combo is None or play is None:
            moves.append({"seat": seat, "pass": True})
        else:
            move: dict[str, Any] = {"seat": seat, "play": cards.names(play)}
            if calling and table.counts[seat] - len(play) == 1 and rng.random() >= MISSED_CALL_RATE:
                move["call"] = True
                table.calls = table.calls | {table.moves_done}
            moves.append(move)
        table.apply(seat, combo)
    return moves, table


def simulate_record(
    profile: Profile, deal_count: int, rng: random.Random, *, profile_ref: ProfileRef | None = None,
    names: list[str] | None = None, declare: bool = True,
    specs: list[deals.DealSpec] | None = None,
) -> dict[str, Any]:
    """One match of up to ``deal_count`` deals (fewer if the profile's match limit ends it).

    With ``specs`` (one per deal) the deals are those codes, written as ``deal_code``; a dead
    end then replays the same cards with other random choices instead of dealing again."""
    record_deals: list[dict[str, Any]] = []
    previous_winner: int | None = None
    tally = Tally(profile)
    for index in range(deal_count):
        for _ in range(MAX_ATTEMPTS):
            try:
                if profile.multiset:
                    hands = _deal_supply(profile, rng)
                else:
                    hands = (_deal_hands(profile, rng) if specs is None
                             else hands_of_code(profile, specs[index]))
                    if specs is None and profile.dragon and rng.random() < DRAGON_DEALS:
                        hands = _with_dragon(profile, hands, rng)
                moves, table = play_deal(profile, hands, index, previous_winner, rng)
                break
            except DeadEnd:
                continue
        else:  # pragma: no cover - needs fifty dead ends in a row
            raise RuntimeError("the simulator could not finish a deal")
        winner = table.winner
        assert winner is not None
        scored = score_table(profile, table, [len(h) for h in hands])
        deal: dict[str, Any] = (
            {"hands": [cards.names(h) for h in hands], "moves": moves} if specs is None
            else {"deal_code": specs[index].code, "moves": moves})
        if declare:
            deal["declared"] = {"winner": winner, "scores": scored.scores}
        record_deals.append(deal)
        previous_winner = winner
        tally.add(scored.scores, scored.team_scores)
        if tally.over:
            break
    record: dict[str, Any] = {"profile": profile_ref if profile_ref is not None else profile.id}
    if names is not None:
        record["players"] = names
    record["deals"] = record_deals
    return record


def table_names(players: int, table: int) -> list[str]:
    out = []
    for seat in range(players):
        i = table * players + seat
        out.append(NAMES[i % len(NAMES)] + (f" {i // len(NAMES) + 1}" if i >= len(NAMES) else ""))
    return out


def simulate(
    profile: Profile, *, records: int, deals_per_record: int, seed: int, profile_ref: ProfileRef | None = None,
    deal_codes: bool = False, tables: int = 1,
) -> Iterator[dict[str, Any]]:
    """``records`` matches; with ``deal_codes`` their deals are written as codes, and with
    ``tables`` above 1 every match is played at that many tables (one record each, other
    players, the same codes: boards for the duplicate comparison)."""
    if (deal_codes or tables > 1) and deals.profile_refusal(profile) is not None:
        # Codes deal one deck to at most five seats; tables share a deal by its code.
        raise ValueError(deals.profile_refusal(profile))
    rng = random.Random(seed)
    for _ in range(records):
        if not deal_codes and tables == 1:
            yield simulate_record(profile, deals_per_record, rng, profile_ref=profile_ref,
                                  names=table_names(profile.players, 0))
            continue
        specs = [_new_spec(profile, rng) for _ in range(deals_per_record)]
        for table in range(tables):
            yield simulate_record(profile, deals_per_record, rng, profile_ref=profile_ref,
                                  names=table_names(profile.players, table), specs=specs)
