"""The oracle against the engine on random v4 matches of the simulator, the same matches with
random changes (so that errors occur too), and the same deals written as score-sheet rows:
the same status, first error and where, winner, cards left, missed calls, penalties and
scores for every deal."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.reference import engine
from tests.reference.mutate import mutate
from tests.reference.profiles import declarations
from tests.reference.referee import referee
from tests.reference.rules import Rules

BUDGET = settings(max_examples=120, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck))


def _agree(declaration: dict[str, Any], record: dict[str, Any]) -> None:
    ours, theirs = referee(declaration, record), engine.rulings(record)
    for index, (o, t) in enumerate(zip(ours, theirs, strict=True)):
        where = f"deal {index} of {record}"
        assert (o.status, o.error) == (t.status, t.error), where
        assert (o.winner, o.penalties, o.scores) == (t.winner, t.penalties, t.scores), where
        if o.status != "not_checked":
            assert o.cards_left == t.cards_left, where
        if o.status != "scored":
            assert o.missed_calls == t.missed_calls, where


@BUDGET
@given(declaration=declarations(), seed=st.integers(0, 2**32 - 1),
       changes=st.integers(0, 2))
def test_random_matches_and_their_mutations(declaration: dict[str, Any], seed: int,
                                            changes: int) -> None:
    record = engine.match(declaration, seed, deals=2)
    _agree(declaration, record)
    if changes:
        rng = random.Random(seed)
        _agree(declaration, mutate(record, Rules.read(declaration), rng, changes))


@BUDGET
@given(declaration=declarations(), seed=st.integers(0, 2**32 - 1), with_hands=st.booleans())
def test_score_sheets_of_random_matches(declaration: dict[str, Any], seed: int,
                                        with_hands: bool) -> None:
    """Each deal of a random match as a result-only row (the winner marked liable when it
    missed its call): scored by both as its replay was."""
    record = engine.match(declaration, seed, deals=2)
    replayed = referee(declaration, record)
    sheet = dict(record, deals=[])
    for deal, ruling in zip(record["deals"], replayed, strict=True):
        assert ruling.cards_left is not None
        result: dict[str, Any] = {"cards_left": ruling.cards_left}
        if ruling.missed_calls and ruling.winner in {s for _, s in ruling.missed_calls}:
            result["liable"] = ruling.winner
        sheet["deals"].append({"result": result, **({"hands": deal["hands"]} if with_hands else {})})
    _agree(declaration, sheet)
    assert [r.scores for r in referee(declaration, sheet)] == [r.scores for r in replayed]
