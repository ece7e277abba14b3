"""Seating draws: every present player seated once a round, sit-outs rotating, repeats counted
right, and the square cases free of repeats."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigtwo.league.draws import DrawError, draw, repeat_count

NAMES = [f"Player {i}" for i in range(64)]


def meetings(tables):
    return Counter(pair for t in tables for pair in itertools.combinations(sorted(t), 2))


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 5).flatmap(lambda k: st.tuples(
    st.just(k), st.integers(k, 40), st.integers(1, 6), st.integers(0, 2**32))))
def test_every_present_player_is_seated_once_a_round_and_byes_rotate(case):
    k, n, rounds, seed = case
    players = NAMES[:n]
    result = draw(players, k, rounds, seed)
    byes: Counter[str] = Counter()
    for rnd in result.rounds:
        seated = [p for t in rnd.tables for p in t]
        assert all(len(t) == k for t in rnd.tables)
        assert sorted(seated + list(rnd.sitting_out)) == sorted(players)
        assert len(rnd.sitting_out) == n % k
        byes.update(rnd.sitting_out)
        # Nobody has sat out twice while someone present has not sat out at all.
        assert not byes or max(byes.values()) - min(byes[p] for p in players) <= 1
    # The count it reports is the count of its tables: each meeting beyond a pair's first.
    expected = sum(m - 1 for m in meetings(t for r in result.rounds for t in r.tables).values())
    assert result.repeats == expected
    assert draw(players, k, rounds, seed) == result


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.lists(st.sampled_from(NAMES[:12]), min_size=2,
                                                  max_size=4, unique=True), max_size=12))
def test_repeats_count_meetings_of_players_who_met_before(seed, previous):
    result = draw(NAMES[:12], 4, 3, seed, previous)
    before = meetings(previous)
    after = meetings(list(previous) + [t for r in result.rounds for t in r.tables])
    new_repeats = sum(after[p] - max(1, before[p]) if before[p] else after[p] - 1
                      for p in after if after[p] > before[p])
    assert result.repeats == new_repeats


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32))
def test_sixteen_players_in_five_rounds_of_four_meet_nobody_twice(seed):
    result = draw(NAMES[:16], 4, 5, seed)
    assert result.repeats == 0
    assert max(meetings(t for r in result.rounds for t in r.tables).values()) == 1


@pytest.mark.parametrize("seed", range(5))
def test_thirteen_in_four_rounds_reaches_the_best_known_nine(seed):
    assert draw(NAMES[:13], 4, 4, seed).repeats == 9


def test_a_night_continues_from_its_earlier_rounds():
    first = draw(NAMES[:16], 4, 2, 7)
    earlier = [list(t) for r in first.rounds for t in r.tables]
    rest = draw(NAMES[:16], 4, 3, 8, earlier)
    assert rest.repeats == 0  # five rounds over two calls still meet nobody twice
    assert repeat_count([r.tables for r in first.rounds + rest.rounds]) == 0


def test_sit_outs_continue_from_earlier_nights():
    sat_out = NAMES[:3]
    result = draw(NAMES[:15], 4, 1, 1, sat_out=sat_out)
    assert not set(result.rounds[0].sitting_out) & set(sat_out)


def test_names_are_one_player_however_typed():
    result = draw(["Ben", " Ben", "Ana", "Cy", "Dee", "Cafe\u0301"], 4, 1, 0)
    seated = [p for t in result.rounds[0].tables for p in t] + list(result.rounds[0].sitting_out)
    assert sorted(seated) == sorted(["Ben", "Ana", "Cy", "Dee", "Caf\u00e9"])


@pytest.mark.parametrize(("players", "rounds", "code"), [
    (3, 1, "draw-too-few-players"), (65, 1, "draw-too-many-players"), (8, 11, "draw-rounds"),
    (8, 0, "draw-rounds")])
def test_impossible_draws_say_why(players, rounds, code):
    names = [f"p{i}" for i in range(players)]
    with pytest.raises(DrawError) as caught:
        draw(names, 4, rounds, 0)
    assert caught.value.code == code


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(4, 20), st.integers(1, 5),
       st.lists(st.lists(st.sampled_from(NAMES[:24]), min_size=2, max_size=4, unique=True),
                max_size=10))
def test_the_pairs_say_who_meets_again_and_add_up_to_the_repeats(seed, n, rounds, previous):
    result = draw(NAMES[:n], 4, rounds, seed, previous)
    before = meetings(previous)
    together: dict[tuple[str, str], list[int]] = {}
    for r, rnd in enumerate(result.rounds, start=1):
        for t in rnd.tables:
            for pair in itertools.combinations(sorted(t), 2):
                together.setdefault(pair, []).append(r)
    expected = {pair: (len(at) if before[pair] else len(at) - 1, at, before[pair])
                for pair, at in together.items()}
    got = {tuple(p.players): (p.repeats, list(p.rounds), p.before) for p in result.pairs}
    assert got == {pair: e for pair, e in expected.items() if e[0]}
    assert sum(p.repeats for p in result.pairs) == result.repeats == sum(result.per_round)
    assert [p.repeats for p in result.pairs] == sorted((p.repeats for p in result.pairs),
                                                       reverse=True)


@pytest.mark.parametrize("seed", range(5))
def test_thirteen_over_three_rounds_names_the_pairs_behind_the_total(seed):
    result = draw(NAMES[:13], 4, 3, seed)
    body = result.as_json()
    assert body["repeats"] == sum(p["repeats"] for p in body["pairs"]) > 0
    assert [r["repeats"] for r in body["rounds"]] == list(result.per_round)
    assert all(len(p["rounds"]) >= 2 and p["before"] == 0 for p in body["pairs"])


def test_a_pair_seen_only_at_absent_tables_is_not_counted():
    result = draw(NAMES[:8], 4, 1, 3, [["Nobody", "Else"]] * 500)
    assert result.repeats == 0 and result.pairs == ()
