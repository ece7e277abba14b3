"""Seating draws that cost little (hardening item 1): ``POST /v1/draws`` and the draw page, no
token needed, with 64 players, 10 rounds and the tables already played at their limits.

A draw used to put every pair of every earlier table in a set, absent players included (two
million pairs for 1,000 tables of 64 names), and the page did it again for every round. Now
names not present are dropped before any pair is made, the page's per-round repeats come from
the same single pass, and the names across the earlier tables are bounded
(``MAX_DRAW_PREVIOUS_NAMES``). The work is measured by the pairs of names examined (counted
where they are made, ``known_pairs`` and ``meetings``) and the memory the request allocates
(``tracemalloc``), never by time.
"""

from __future__ import annotations

import itertools
import json
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest

from bigtwo import limits
from bigtwo.league import draws
from tests.hostile.costly import absent_tables, draw_body, draw_form, draw_players

PLAYERS = draw_players()
ROUNDS = 10
SEATS = 4  # hk-standard
DRAWN_PAIRS = ROUNDS * (len(PLAYERS) // SEATS) * (SEATS * (SEATS - 1) // 2)
MEMORY_BOUND = 16 * 1024 * 1024  # it was ~180 MiB (API) and ~260 MiB (page)


def present_tables(tables: int, seats: int) -> list[list[str]]:
    return [[PLAYERS[(t * seats + s) % len(PLAYERS)] for s in range(seats)] for t in range(tables)]


def pairs_present(previous: list[list[str]]) -> int:
    here = set(PLAYERS)
    return sum(len(list(itertools.combinations({n for n in t if n in here}, 2)))
               for t in previous)


def api(client: Any, previous: list[list[str]]) -> Any:
    return client.post("/v1/draws", data=json.dumps(draw_body(previous, ROUNDS)),
                       content_type="application/json")


def page(client: Any, previous: list[list[str]]) -> Any:
    return client.post("/draw", data=draw_form(previous, ROUNDS))


SURFACES = [pytest.param(api, id="api"), pytest.param(page, id="page")]


def counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The pairs of names examined from now on (an upper bound: ``meetings`` counts the
    previous tables it is given as well as those ``known_pairs`` counts for it)."""
    examined = [0]
    known_pairs, meetings = draws.known_pairs, draws.meetings

    def counted_known(*args: Any, **kwargs: Any) -> Any:
        known, n = known_pairs(*args, **kwargs)
        examined[0] += n
        return known, n

    def counted_meetings(*args: Any, **kwargs: Any) -> Any:
        found = meetings(*args, **kwargs)
        examined[0] += found.examined
        return found

    monkeypatch.setattr(draws, "known_pairs", counted_known)
    monkeypatch.setattr(draws, "meetings", counted_meetings)
    return examined


def allocated(call: Callable[[], Any]) -> tuple[Any, int]:
    tracemalloc.start()
    try:
        response = call()
        return response, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("send", SURFACES)
def test_the_old_worst_case_is_refused_at_once(client: Any, monkeypatch: pytest.MonkeyPatch,
                                               send: Callable[..., Any]) -> None:
    examined = counting(monkeypatch)
    previous = absent_tables(limits.MAX_DRAW_PREVIOUS_TABLES, 64)
    response, peak = allocated(lambda: send(client, previous))
    assert response.status_code == 422
    said = response.get_data(as_text=True)
    most = f"{limits.MAX_DRAW_PREVIOUS_NAMES}" if send is api else f"{limits.MAX_DRAW_PREVIOUS_NAMES:,}"
    assert f"at most {most} names" in said
    assert send is api or "64,000 were entered" in said
    assert examined[0] == 0  # refused before a single pair is made
    assert peak < 4 * MEMORY_BOUND  # the 1 MiB form or body itself, read and split once


@pytest.mark.parametrize("send", SURFACES)
@pytest.mark.parametrize("previous", [
    pytest.param(absent_tables(limits.MAX_DRAW_PREVIOUS_TABLES, 5), id="1000x5-absent"),
    pytest.param(present_tables(limits.MAX_DRAW_PREVIOUS_TABLES, 5), id="1000x5-present"),
    pytest.param(present_tables(limits.MAX_DRAW_PREVIOUS_NAMES // 64, 64), id="78x64-present"),
    pytest.param(absent_tables(limits.MAX_DRAW_PREVIOUS_NAMES // 64, 64), id="78x64-absent"),
])
def test_pairs_examined_follow_the_players_present(client: Any, monkeypatch: pytest.MonkeyPatch,
                                                  send: Callable[..., Any],
                                                  previous: list[list[str]]) -> None:
    examined = counting(monkeypatch)
    response, peak = allocated(lambda: send(client, previous))
    assert response.status_code == 200
    # Each pair of players present at an earlier table once, each drawn pair once: the page's
    # per-round figures no longer pass over the earlier tables once a round.
    assert examined[0] <= pairs_present(previous) + DRAWN_PAIRS
    assert peak < MEMORY_BOUND


def test_absent_names_cost_no_pairs() -> None:
    known, examined = draws.known_pairs(absent_tables(1_000, 64), PLAYERS)
    assert known == {} and examined == 0
