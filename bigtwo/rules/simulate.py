"""Random but legal matches under any profile, reproducible from a seed.

The simulator drives the same ``Table`` the referee replays with and picks among
``Table.legal_plays()``, so every record it writes is legal by construction; tests replay them
through the whole pipeline to check that parsing, replay and scoring agree with that.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from bigtwo.rules import cards, deals
from bigtwo.rules.cards import rank_of
from bigtwo.rules.combos import Combo
from bigtwo.rules.multiset.table import MultisetTable, table_for
from bigtwo.rules.play import deal_lead, hands_of_code, lowest_card, may_pass
from bigtwo.rules.profiles import Profile, ProfileRef
from bigtwo.rules.replay import score_table
from bigtwo.rules.scoring import Tally
from bigtwo.rules.table import Table

MAX_ATTEMPTS = 50
DRAGON_DEALS = 0.3  # under ``dragon: true``, the share of deals in which one seat holds a dragon
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


def _multiset_move(table: MultisetTable, rng: random.Random, pass_rate: float) -> dict[str, Any]:
    """A random move on the multiset table, made: its own legal moves (copies, jokers named as
    stand-ins), each checked before it is applied, since ``apply`` takes the checked play out
    of the bag."""
    seat = table.current
    options = table.legal_moves()
    passing = may_pass(table)
    if options and (not passing or rng.random() >= pass_rate):
        size = rng.choice(sorted({c.size for c, _ in options}))
        combo, ids = rng.choice([o for o in options if o[0].size == size])
        table.check(seat, ids)
        table.apply(seat, combo)
        return {"seat": seat, "play": cards.names(ids)}
    if not passing:
        raise DeadEnd
    table.apply(seat, None)
    return {"seat": seat, "pass": True}


def play_deal(
    profile: Profile, hands: list[list[int]], index: int, previous_winner: int | None,
    rng: random.Random, pass_rate: float = 0.35,
) -> tuple[list[dict[str, Any]], Table]:
    """Deal ``index`` of a match played at random: a legal play or pass at every turn."""
    leader, opening = deal_lead(profile, index, previous_winner, hands)
    assert leader is not None  # every deal the simulator plays has a winner
    table = table_for(profile, hands, leader, opening)
    moves: list[dict[str, Any]] = []
    while table.winner is None:
        seat = table.current
        if isinstance(table, MultisetTable):
            moves.append(_multiset_move(table, rng, pass_rate))
            continue
        combo = random_move(table, rng, pass_rate)
        if combo is None:
            moves.append({"seat": seat, "pass": True})
        else:
            moves.append({"seat": seat, "play": cards.names(combo.cards)})
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
            hands = _deal_hands(profile, rng) if specs is None else hands_of_code(profile, specs[index])
            if specs is None and profile.dragon and rng.random() < DRAGON_DEALS:
                hands = _with_dragon(profile, hands, rng)
            try:
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
