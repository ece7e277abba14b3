"""Judging a live deal with the report's own code: the running deal is read by the record
reader (``parse_record``) and replayed by the replay's ``replay_deal``, led as
``replay_record`` would lead it (the previous deal's winner where the profile says so). Only
the running deal is replayed per move: who leads it is the one thing earlier deals decide,
and the state keeps it (``previous_winner``), so a move costs the same in deal 1 and deal 100.
Totals and the match's end come from the whole record, checked once per finished deal
(``bigtwo.live.scores``)."""

from __future__ import annotations

from typing import Any

from bigtwo.records.parse import parse_record
from bigtwo.rules.codes import DealStatus
from bigtwo.rules.profiles import PRESETS, Profile, ProfileResolver
from bigtwo.rules.replay import DealResult, RuleError, replay_deal
from bigtwo.rules.table import Table

# Declarations are resolved from their full rules, kept in the state: the engine never asks
# the store for a stored profile. One resolver, so a table's declaration is checked once.
RESOLVER = ProfileResolver()


def judge_ref(profile: Profile) -> Any:
    """How the state names the profile for judging: a preset by its id, anything else by
    its full rules (resolving them gives the same profile, hash and all)."""
    return profile.id if profile.id in PRESETS else dict(profile.rules)


def profile_of(state: dict[str, Any]) -> Profile:
    profile, problems = RESOLVER.resolve(state["judge_profile"], "/profile")
    assert profile is not None, problems
    return profile


class Judged:
    """The running deal replayed: its result, the table after its last legal move, and the
    rule errors (a refused move is the first of them)."""

    __slots__ = ("result", "table", "errors", "problems")

    def __init__(self, result: DealResult | None, table: Table | None, errors: list[RuleError],
                 problems: list[Any]) -> None:
        self.result = result
        self.table = table
        self.errors = errors
        self.problems = problems

    @property
    def over(self) -> bool:
        return self.result is not None and self.result.status == DealStatus.COMPLETE


def replay_running(state: dict[str, Any], moves: list[dict[str, Any]] | None = None) -> Judged:
    """The running deal with ``moves`` (its own by default) replayed; ``problems`` are the
    reader's (a move that cannot be read: a card's name, a field the profile lacks)."""
    running = state["running"]
    doc = {"profile": state["judge_profile"],
           "deals": [{"hands": running["hands"],
                      "moves": running["moves"] if moves is None else moves}]}
    record, problems = parse_record(doc, resolver=RESOLVER)
    if record is None:
        return Judged(None, None, [], problems)
    errors: list[RuleError] = []
    result, table = replay_deal(record.profile, record.deals[0], state["deal"],
                                state["previous_winner"], complete=False, errors=errors)
    return Judged(result, table, errors, [])
