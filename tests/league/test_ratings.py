"""Season ratings and standings over tallies: deterministic, blind to how records are split
into nights, the player who wins every deal first, nobody marked down for nights missed."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from bigtwo.league import season_table
from bigtwo.league.season_table import Night

PLAYERS = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]


def part(scores: dict[str, int]) -> dict[str, object]:
    """A tally as the store keeps it: one deal per record is enough for a ranking."""
    return {"players": [[n, 1, int(s == max(scores.values())), s, 0] for n, s in scores.items()],
            "names": list(scores), "deals": 1, "scored": 0, "coded": []}


records = st.lists(
    st.lists(st.sampled_from(PLAYERS), min_size=2, max_size=4, unique=True).flatmap(
        lambda seats: st.lists(st.integers(-30, 30), min_size=len(seats), max_size=len(seats))
        .map(lambda scores: part(dict(zip(seats, scores, strict=True))))),
    min_size=1, max_size=12)


def split(parts, cuts):
    bounds = sorted({0, len(parts), *(c % (len(parts) + 1) for c in cuts)})
    return [Night(f"t{i}", tuple(parts[a:b])) for i, (a, b) in enumerate(itertools.pairwise(bounds))]


@settings(max_examples=60, deadline=None)
@given(records, st.lists(st.integers(0, 20), max_size=4), st.lists(st.integers(0, 20), max_size=4))
def test_ratings_are_deterministic_and_blind_to_how_records_fall_into_nights(parts, a, b):
    first = season_table.rate(split(parts, a), {})
    again = season_table.rate(split(parts, b), {})
    assert first.ratings == again.ratings
    assert season_table.rate(split(parts, a), {}).to_json() == first.to_json()
    # A cached state read back resumes exactly where it stopped.
    nights = split(parts, a)
    resumed = season_table.RatingState.from_json(season_table.rate(nights[:-1], {}).to_json())
    assert season_table.rate_night(resumed, nights[-1], {}).ratings == first.ratings


@settings(max_examples=60, deadline=None)
@given(records)
def test_the_player_who_wins_every_deal_rates_first(parts):
    # Ana sits at every table and takes more than anyone there.
    won = []
    for p in parts:
        rows = [r for r in p["players"] if r[0] != "Ana"]
        top = max([r[3] for r in rows] + [0])
        won.append(part({"Ana": top + 1, **{r[0]: r[3] for r in rows}}))
    state = season_table.rate([Night("t", tuple(won))], {})
    table = season_table.ratings_table(state)
    assert table[0]["name"] == "Ana"
    assert all(row["mu"] < table[0]["mu"] for row in table[1:])


@settings(max_examples=40, deadline=None)
@given(records, records)
def test_nights_missed_leave_a_rating_where_it_was(early, late):
    # Fay misses the early nights: her rating after the late ones is as if they never were
    # for her, and a night she misses never moves her.
    early = [p for p in early if "Fay" not in p["names"]]
    state = season_table.rate([Night("a", tuple(early))], {})
    assert "Fay" not in state.ratings
    after = season_table.rate_night(state, Night("b", tuple(late)), {})
    skipped = season_table.rate_night(after, Night("c", tuple(early)), {})
    assert skipped.ratings.get("Fay") == after.ratings.get("Fay")


def test_aliases_and_spellings_make_one_player():
    nights = [Night("a", (part({"Ben ": 10, "Ana": -10}),)),
              Night("b", (part({"Benjamin": 10, "Ana": -10}),))]
    state = season_table.rate(nights, {"Benjamin": "Ben"})
    assert sorted(state.ratings) == ["Ana", "Ben"]
    rows = season_table.table(nights, {"Benjamin": "Ben"}, state)
    assert [(r["name"], r["points"], r["tournaments"], r["deals"]) for r in rows] == [
        ("Ben", 2000.0, 2, 2), ("Ana", 0.0, 2, 2)]


def test_ema_base_points_spread_1000_to_0_and_ties_share():
    assert season_table.place_points("ema", [1, 2, 3, 4, 5]) == [1000, 750, 500, 250, 0]
    # Second and third tied: they share (750 + 500) / 2 of five places... here of four.
    assert season_table.place_points("ema", [1, 2, 2, 4]) == [1000, 500, 500, 0]
    assert season_table.place_points([25, 18, 15], [1, 1, 3, 4]) == [21.5, 21.5, 15, 0]
    assert season_table.place_points("ema", [1]) == [1000]


def test_teams_are_rated_as_teams():
    # Two against two: the team that took more rises as one, whoever of it scored.
    team_part = {**part({"Ana": 10, "Ben": -4, "Cy": 6, "Dee": -12}),
                 "teams": [["A", ["Ana", "Cy"], 1, 1, 16], ["B", ["Ben", "Dee"], 1, 0, -16]]}
    state = season_table.rate([Night("t", (team_part,))], {})
    assert state.ratings["Ana"] == state.ratings["Cy"]
    assert state.ratings["Ben"] == state.ratings["Dee"]
    assert state.ratings["Ana"][0] > 25 > state.ratings["Ben"][0]


def test_placings_and_ties_share_a_place():
    state = season_table.rate([Night("t", (part({"Ana": 0, "Ben": 0, "Cy": -5}),))], {})
    assert state.ratings["Ana"] == state.ratings["Ben"]
    assert state.ratings["Cy"][0] < state.ratings["Ana"][0]
