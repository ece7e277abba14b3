"""Properties over random profiles and simulated games (hypothesis).

- every simulated match, under any valid profile, replays as valid with every deal complete;
- any single mutation of a legal record gives a valid report or errors that point at a move
  that exists (or at a deal-level field), and never an exception;
- reports keep their own invariants (valid iff no errors, zero-sum settlements, totals);
- the profiles drawn cover every field of the registry (tests/core/strategies.py generates
  them from it; tests/core/test_strategies.py fails when a field is left out); the
  legal-play generator agrees with the referee under all of them (revolution and bombs
  included), and a pass is refused exactly where the registry's pass rules say; comparison is a strict order in the normal and the reversed rank order.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bigtwo.records.pipeline import check_record
from bigtwo.rules.choices import PassWhen
from bigtwo.rules.combos import classifier_for
from bigtwo.rules.profiles import DEFAULT_RESOLVER, PRESETS
from bigtwo.rules.registry import FIELDS
from bigtwo.rules.simulate import simulate
from tests.core.strategies import profiles

# The registry's pass rules: the fields that refuse a pass where the facts they name hold.
PASS_RULES = tuple(f for f in FIELDS if f.refuses_pass)
SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_invariants(rep: dict[str, Any], doc: dict[str, Any], zero_sum: bool) -> None:
    assert rep["valid"] is (rep["errors"] == [])
    deals = doc["deals"]
    assert [d["index"] for d in rep["deals"]] == list(range(len(deals)))
    for e in rep["errors"]:
        assert e["message"]
        if e["move"] is not None:
            assert 0 <= e["deal"] < len(deals) and 0 <= e["move"] < len(deals[e["deal"]]["moves"])
            assert e["pointer"] == f"/deals/{e['deal']}/moves/{e['move']}"
        elif e["deal"] is not None:
            assert 0 <= e["deal"] < len(deals) and e["pointer"].startswith(f"/deals/{e['deal']}")
    totals = [0] * len(rep["totals"])
    teams = "team_totals" in rep
    team_totals = [0, 0]
    for d in rep["deals"]:
        if d["status"] == "complete":
            assert d["winner"] is not None and d["cards_left"][d["winner"]] == 0
            if zero_sum:
                assert sum(d["scores"]) == 0
            totals = [t + s for t, s in zip(totals, d["scores"], strict=True)]
            if teams:  # both partners carry their team's score
                assert d["scores"] == [d["team_scores"][s % 2] for s in range(4)]
                team_totals = [t + s for t, s in zip(team_totals, d["team_scores"], strict=True)]
        else:
            assert d["winner"] is None and d["scores"] is None and d["penalties"] is None
    assert totals == rep["totals"]
    if teams:
        assert team_totals == rep["team_totals"]
        winners = rep["match"]["winners"]
        assert all(s + 2 in winners or s - 2 in winners for s in winners)


@SETTINGS
@given(declaration=profiles(), seed=st.integers(0, 2**32))
def test_simulated_games_validate_under_random_profiles(declaration: dict[str, Any], seed: int) -> None:
    profile, problems = DEFAULT_RESOLVER.resolve(declaration)
    assert profile is not None, problems
    (doc,) = simulate(profile, records=1, deals_per_record=2, seed=seed, profile_ref=declaration)
    checked = check_record(doc)
    assert checked.report is not None, checked.problems
    rep = checked.report
    assert rep["errors"] == []
    assert all(d["status"] == "complete" for d in rep["deals"])
    check_invariants(rep, doc, profile.settlement in ("winner_takes_all", "pairwise")
                     and profile.finish == "first_out")
    check_flow(rep, profile)
    check_v4_moves(doc, profile)


def check_v4_moves(doc: dict[str, Any], profile: Any) -> None:
    """The simulator deals the profile's table (its seats, copies up to ``decks``, jokers only
    where it has them) and times out or calls only where the profile allows it."""
    from collections import Counter

    for deal in doc["deals"]:
        assert len(deal["hands"]) == profile.players
        dealt = Counter(c for hand in deal["hands"] for c in hand)
        assert dealt["JK"] <= profile.joker_count
        assert max(n for c, n in dealt.items() if c != "JK") <= profile.decks
        for m in deal["moves"]:
            assert "timeout" not in m or profile.timeouts == "pass"
            assert "call" not in m or profile.last_card_call == "liable"
            assert profile.jokers or not any(c.startswith("JK") for c in m.get("play", []))


def check_flow(rep: dict[str, Any], profile: Any) -> None:
    """Game flow: places are every seat once, first out first, scored by place points; a
    liable seat pays every loser's penalty and breached against the winner, or is the winner
    that missed its last-card call."""
    for d in rep["deals"]:
        if d["status"] not in ("complete", "scored"):
            continue
        if profile.finish == "placings":
            places = d["places"]
            assert sorted(places) == list(range(profile.players)) and d["winner"] == places[0]
            assert d["penalties"] is None
            assert d["scores"] == [profile.place_points[places.index(s)] for s in range(profile.players)]
            if d["cards_left"] is not None:
                assert [n == 0 for n in d["cards_left"]] == [s != places[-1] for s in range(profile.players)]
        else:
            assert "places" not in d
        missed = [m["seat"] for m in d.get("missed_calls") or []]
        if d["winner"] in missed and d["status"] == "complete":
            # A winner that went out after a missed call pays every loser's penalty; this
            # comes before the guard (RULES.md v4, reading 12).
            assert d["liable"] == d["winner"]
            continue
        if profile.last_card_guard == "liable" and d["liable"] is not None:
            liable = d["liable"]
            assert [p for s, p in enumerate(d["penalties"]) if s != liable] == [0] * (profile.players - 1)
            if d["breaches"] is not None:
                assert d["breaches"] and max(b["move"] for b in d["breaches"]
                                             if b["seat"] == liable and b["protected"] == d["winner"]) >= 0


CORPUS = {pid: list(simulate(p, records=3, deals_per_record=2, seed=7)) for pid, p in PRESETS.items()}


def mutate(doc: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    deal = rng.choice(doc["deals"])
    moves = deal["moves"]
    i = rng.randrange(len(moves))
    kind = rng.choice(["swap_card", "drop", "seat", "to_pass", "hand_swap"])
    if kind == "swap_card" and "play" in moves[i]:
        hand = rng.choice(deal["hands"])
        moves[i]["play"][rng.randrange(len(moves[i]["play"]))] = rng.choice(hand)
    elif kind == "drop":
        del moves[i]
    elif kind == "seat":
        moves[i]["seat"] = rng.randrange(len(deal["hands"]))
    elif kind == "to_pass":
        moves[i] = {"seat": moves[i]["seat"], "pass": True}
    else:
        a, b = rng.sample(range(len(deal["hands"])), 2)
        x, y = rng.randrange(len(deal["hands"][a])), rng.randrange(len(deal["hands"][b]))
        deal["hands"][a][x], deal["hands"][b][y] = deal["hands"][b][y], deal["hands"][a][x]
    if not moves:
        moves.append({"seat": 0, "pass": True})
    return doc


@settings(max_examples=150, deadline=None)
@given(preset=st.sampled_from(sorted(PRESETS)), which=st.integers(0, 2), seed=st.integers(0, 2**32))
def test_single_mutations_point_at_real_moves(preset: str, which: int, seed: int) -> None:
    original = CORPUS[preset][which]
    doc = mutate(original, random.Random(seed))
    for complete in (True, False):
        checked = check_record(doc, complete=complete)
        assert checked.report is not None, checked.problems
        check_invariants(checked.report, doc, PRESETS[preset].settlement == "winner_takes_all")


def table_after(profile: Any, deal: Any, moves: int, first_trick: bool = False) -> Any:
    """The deal's table (``multiset.table.table_for``: the multiset table under copies or
    jokers) after its first ``moves`` moves (with ``first_trick``, no further than the end
    of the first trick), each asserted legal on the way."""
    from bigtwo.rules.combos import Combo
    from bigtwo.rules.multiset.table import opener_of_bags, table_for
    from bigtwo.rules.play import hand_masks, opener_of

    leader, opening = (opener_of_bags(profile, deal.hands) if profile.multiset
                       else opener_of(profile, hand_masks(deal.hands)))
    table = table_for(profile, deal.hands, leader, opening)
    table.calls = deal.calls
    for seat, play in deal.moves[:moves]:
        if table.winner is not None or (first_trick and not table.first_trick):
            break
        outcome = table.check(seat, play)
        assert outcome is None or isinstance(outcome, Combo), outcome
        table.apply(seat, outcome)
    return table


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(declaration=profiles(), seed=st.integers(0, 2**32), stop=st.floats(0, 1), revolt=st.booleans())
def test_legal_plays_agree_with_the_referee(declaration: dict[str, Any], seed: int, stop: float,
                                            revolt: bool) -> None:
    """At a random point of a random legal game, the generator lists exactly the combinations
    of the hand that the referee's check accepts (opening card, beating, finishing rules,
    bombs, and the reversed order of a revolution), and a pass is refused exactly when the
    generator says it must be. With copies or jokers, see ``assert_multiset_listing``."""
    from bigtwo.records.parse import parse_record
    from bigtwo.rules import cards
    from bigtwo.rules.combos import Combo
    from bigtwo.rules.legal import all_combos

    profile, _ = DEFAULT_RESOLVER.resolve(declaration)
    assert profile is not None
    (doc,) = simulate(profile, records=1, deals_per_record=1, seed=seed, profile_ref=declaration)
    rec, _ = parse_record(doc)
    assert rec is not None
    deal = rec.deals[0]
    moves = int(stop * (len(deal.moves) - 1))
    table = table_after(profile, deal, moves)
    if revolt and profile.revolution != "none" and not table.revolution:
        table.reverse_ranks()  # as if a four of a kind had been played earlier in the deal
    seat = table.current
    if profile.multiset:
        listed = assert_multiset_listing(table, doc, moves, revolt, random.Random(seed))
        assert_pass_as_declared(table, profile, seat, listed)
        return
    plays = table.legal_plays()
    legal = {cards.mask_of(c.cards) for c in plays}
    for combo in all_combos(cards.cards_of(table.hands[seat]), classifier_for(profile)):
        accepted = isinstance(table.check(seat, list(combo.cards)), Combo)
        assert accepted == (cards.mask_of(combo.cards) in legal), combo
    assert_pass_as_declared(table, profile, seat, bool(plays))


REPLAYED = 4  # listed plays of a multiset hand sent through the whole replay, per example
SAMPLED = 60  # other card choices from the hand, each refused unless the listing may omit it


def assert_multiset_listing(table: Any, doc: dict[str, Any], moves: int, revolt: bool,
                            rng: random.Random) -> bool:
    """The listing of a hand with copies or jokers (``MultisetTable.legal_moves``) against the
    referee: every play it lists is accepted (and a few, appended to the record, replay as
    valid), and random other choices of the hand's cards are refused, unless they stand for
    the same cards as a listed play or use jokers once the listing is full of joker plays
    (``limits.MAX_JOKER_PLAYS``: any other joker play is still legal, only not listed)."""
    from bigtwo import limits
    from bigtwo.rules import cards
    from bigtwo.rules.combos import Combo

    seat = table.current
    listed = table.legal_moves()
    effective = set()
    joker_plays = 0
    for _, ids in listed:
        assert isinstance(table.check(seat, list(ids)), Combo), ids
        effective.add(tuple(sorted(cards.effective(c) for c in ids)))
        joker_plays += any(c >= cards.STAND_IN for c in ids)
    assert joker_plays <= limits.MAX_JOKER_PLAYS
    if not revolt:  # a revolution forced by hand is no position a record can reach
        for _, ids in rng.sample(listed, min(REPLAYED, len(listed))):
            assert_replays_valid(doc, moves, {"seat": seat, "play": cards.names(ids)})
    bag = table.bags[seat]
    held = [c for c in range(cards.DECK_SIZE + 1) for _ in range(bag[c])]
    full = joker_plays == limits.MAX_JOKER_PLAYS
    for _ in range(SAMPLED):
        size = rng.choice([1, 2, 3, 4, 5])
        if size > len(held):
            continue
        choice = [c if c != cards.JOKER else cards.STAND_IN + rng.randrange(cards.DECK_SIZE)
                  for c in rng.sample(held, size)]
        if tuple(sorted(cards.effective(c) for c in choice)) in effective:
            continue
        if full and any(c >= cards.STAND_IN for c in choice):
            continue
        assert not isinstance(table.check(seat, choice), Combo), cards.names(choice)
    return bool(listed)


def assert_replays_valid(doc: dict[str, Any], moves: int, move: dict[str, Any]) -> None:
    """The record cut after ``moves`` moves with ``move`` appended replays without an error."""
    cut = copy.deepcopy(doc)
    deal = cut["deals"][0]
    deal["moves"] = [*deal["moves"][:moves], move]
    deal.pop("declared", None)
    cut["deals"] = [deal]
    checked = check_record(cut, complete=False)
    assert checked.report is not None, checked.problems
    assert checked.report["errors"] == [], (move, checked.report["errors"])


def assert_pass_as_declared(table: Any, profile: Any, seat: int, can_beat: bool) -> None:
    """A pass is refused exactly where a seat must play: the leader always, and wherever a
    pass rule of the registry that is on declares it (Field.refuses_pass): nothing here
    names one, so a new pass rule is checked without an edit."""
    facts = {PassWhen.FIRST_TRICK: table.first_trick,
             PassWhen.NOT_YET_PLAYED: not table.played_first >> seat & 1,
             PassWhen.CAN_BEAT: can_beat}
    assert set(facts) == set(PassWhen), "a new fact of a pass rule needs its value here"
    must_play = any(getattr(profile, f.attr) and all(facts[w] for w in f.refuses_pass)
                    for f in PASS_RULES)
    may_pass = table.on_table is not None and not must_play
    assert (table.check(seat, None) is None) == may_pass


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(declaration=profiles(), seed=st.integers(0, 2**32), moves=st.integers(1, 12),
       on=st.lists(st.booleans(), min_size=len(PASS_RULES), max_size=len(PASS_RULES)))
def test_a_pass_in_the_first_trick_is_refused_where_the_pass_rules_say(
        declaration: dict[str, Any], seed: int, moves: int, on: list[bool]) -> None:
    """Where pass rules bite (the deal's first trick), with each of the registry's pass rules
    switched on or off: a pass is refused exactly where the rules that are on declare it."""
    from bigtwo.records.parse import parse_record

    declaration = copy.deepcopy(declaration)
    for f, value in zip(PASS_RULES, on, strict=True):
        parent = declaration
        for key in f.path[:-1]:
            parent = parent.setdefault(key, {})
        parent[f.path[-1]] = value
    profile, _ = DEFAULT_RESOLVER.resolve(declaration)
    assume(profile is not None)
    (doc,) = simulate(profile, records=1, deals_per_record=1, seed=seed, profile_ref=declaration)
    rec, _ = parse_record(doc)
    assert rec is not None
    table = table_after(profile, rec.deals[0], moves, first_trick=True)
    assume(table.winner is None)
    plays = table.legal_moves() if profile.multiset else table.legal_plays()
    assert_pass_as_declared(table, profile, table.current, bool(plays))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(declaration=profiles(), reverse=st.booleans(),
       hand=st.lists(st.integers(0, 51), min_size=8, max_size=16, unique=True), data=st.data())
def test_comparison_is_a_strict_order(declaration: dict[str, Any], reverse: bool, hand: list[int],
                                      data: st.DataObject) -> None:
    """Under random v2 profiles (bombs, bomb_hands, straight_flushes, category orders), in the
    normal and the reversed rank order: irreflexive, asymmetric, and transitive among
    combinations of one size."""
    from bigtwo.rules.legal import all_combos

    profile, _ = DEFAULT_RESOLVER.resolve(declaration)
    assert profile is not None
    classifier = classifier_for(profile, True) if reverse else classifier_for(profile)
    pool = all_combos(sorted(hand), classifier)
    if len(pool) < 3:
        return
    a, b, c = (data.draw(st.sampled_from(pool)) for _ in range(3))
    gt = lambda x, y: classifier.beats(x, y) is None  # noqa: E731
    assert not gt(a, a)
    if gt(a, b):
        assert not gt(b, a)
        # bombs: on_twos is no order across kinds by its own words (a four bombs A2345 for
        # its 2, A2345 beats 34567, yet the four meets 34567 by the five-card rules, where
        # cross_category: false refuses it); every other field keeps one.
        if gt(b, c) and a.size == b.size == c.size and profile.bombs != "on_twos":
            assert gt(a, c)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(declaration=profiles(), reverse=st.booleans(), suits=st.lists(st.integers(0, 3), min_size=13,
       max_size=13), hand=st.lists(st.integers(0, 51), min_size=6, max_size=16, unique=True))
def test_a_dragon_is_above_everything(declaration: dict[str, Any], reverse: bool, suits: list[int],
                                      hand: list[int]) -> None:
    """Under random profiles with ``dragon: true``, in either rank order: a dragon beats every
    other combination, and nothing (another dragon included) beats it."""
    from bigtwo.rules import cards
    from bigtwo.rules.combos import Combo
    from bigtwo.rules.legal import all_combos

    profile, _ = DEFAULT_RESOLVER.resolve({**declaration, "dragon": True})
    assert profile is not None
    classifier = classifier_for(profile, reverse)
    dragon_cards = [cards.card_id(rank, suit) for rank, suit in enumerate(suits)]
    dragon = classifier.classify(dragon_cards, cards.mask_of(dragon_cards))
    assert isinstance(dragon, Combo) and dragon.kind == "dragon"
    for other in all_combos(sorted(hand), classifier):
        if other.kind == "dragon":
            continue
        assert classifier.beats(dragon, other) is None
        assert classifier.beats(other, dragon) is not None
    assert classifier.beats(dragon, dragon) is not None


def test_reversed_order_reverses_ranks_only() -> None:
    """RULES "Revolution": ranks reversed (2 lowest, 3 highest), suits and categories kept."""
    from bigtwo.rules import cards

    p = PRESETS["hk-standard"]
    rev = classifier_for(p, True)
    ids = [cards.NOTATION[c] for c in ("2S", "3D", "3S", "AH")]
    singles = [rev.classify([c], 1 << c) for c in ids]
    by_key = sorted(zip((s.key for s in singles), ("2S", "3D", "3S", "AH"), strict=True))
    assert [name for _, name in by_key] == ["2S", "AH", "3D", "3S"]


def result_only(doc: dict[str, Any], keep_hands: bool, calling: bool) -> dict[str, Any]:
    """The record with each deal's moves replaced by its result: the cards each seat has left
    (copies repeated, a joker played as ``JK=4D`` taken from the ``JK`` held) and, where the
    winner went down to one card without the last-card call (``calling``: the profile has
    ``last_card_call: liable``), ``liable`` naming the winner."""
    from collections import Counter

    out = copy.deepcopy(doc)
    for d in out["deals"]:
        held = [Counter(h) for h in d["hands"]]
        missed: set[int] = set()
        for m in d.pop("moves"):
            if "play" in m:
                held[m["seat"]] -= Counter("JK" if c.startswith("JK") else c for c in m["play"])
                if held[m["seat"]].total() == 1 and not m.get("call"):
                    missed.add(m["seat"])
        winner = next(s for s, h in enumerate(held) if not h)
        d["result"] = {"left": [sorted(h.elements()) for h in held]}
        if calling and winner in missed:
            d["result"]["liable"] = winner
        d.pop("declared", None)
        if not keep_hands:
            del d["hands"]
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(declaration=profiles(), seed=st.integers(0, 2**32), keep=st.booleans())
def test_a_simulated_deal_scores_from_its_result_as_from_its_moves(
        declaration: dict[str, Any], seed: int, keep: bool) -> None:
    """Under random v4 profiles (copies, jokers, the sweep, the last-card call...): each deal's
    result-only form scores exactly as its move log."""
    declaration = {**declaration, "finish": "first_out", "last_card_guard": "none"}
    if declaration.get("teams") is not None:
        declaration["scoring"] = {**declaration["scoring"], "place_points": None}
    profile, _ = DEFAULT_RESOLVER.resolve(declaration)
    assume(profile is not None)
    assert profile is not None
    (doc,) = simulate(profile, records=1, deals_per_record=2, seed=seed, profile_ref=declaration)
    replayed = check_record(doc).report
    checked = check_record(result_only(doc, keep, profile.last_card_call == "liable"))
    scored = checked.report
    assert replayed is not None and scored is not None, checked.problems
    assert replayed["errors"] == [] and scored["errors"] == [], scored["errors"]
    for a, b in zip(replayed["deals"], scored["deals"], strict=True):
        assert (a["status"], b["status"]) == ("complete", "scored")
        for key in ("winner", "cards_left", "penalties", "scores", "team_scores", "liable", "scoring"):
            assert a.get(key) == b.get(key), key
    assert scored["totals"] == replayed["totals"] and scored["match"] == replayed["match"]
