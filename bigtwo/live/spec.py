"""A table's creation body checked: every problem at its JSON pointer, the way a record's
are (names under the records' name rules, the profile resolved as a record's), each a keyed
problem of the reader's words (``bigtwo.reports.shape_words``) so the edge says it in the
caller's language."""

from __future__ import annotations

from typing import Any

from bigtwo import limits
from bigtwo.live.state import FAIRNESS, TableSpec
from bigtwo.records.parse import name_problem, shape_problem, unknown_field
from bigtwo.rules.choices import Timeouts
from bigtwo.rules.problems import Problem
from bigtwo.rules.profiles import ProfileResolver

SPEC_FIELDS = frozenset({"profile", "players", "bots", "deals", "clock", "fairness", "tournament"})


def _int(value: Any) -> bool:
    return type(value) is int


def spec_problems(body: Any, resolver: ProfileResolver) -> tuple[TableSpec | None, list[Problem]]:
    """The table ``body`` asks for, or the problems why it asks for none (``tournament`` is
    the caller's to check: it is only allowed here)."""
    if not isinstance(body, dict):
        return None, [shape_problem("", "table")]
    problems = [unknown_field(key, SPEC_FIELDS, f"/{key}") for key in body if key not in SPEC_FIELDS]
    profile = None
    if "profile" not in body:
        problems.append(shape_problem("/profile", "table_profile"))
    else:
        profile, found = resolver.resolve(body["profile"], "/profile")
        problems.extend(found)
    players = body.get("players")
    if not isinstance(players, list) or not all(
            isinstance(n, str) and 0 < len(n) <= limits.MAX_NAME_LENGTH for n in players):
        problems.append(shape_problem("/players", "players", n=limits.MAX_NAME_LENGTH))
        players = None
    else:
        for i, name in enumerate(players):
            said = name_problem(f"/players/{i}", name)
            if said is not None:
                problems.append(said)
        if profile is not None and len(players) != profile.players:
            problems.append(shape_problem("/players", "table_players", players=profile.players,
                                          n=len(players)))
    seats = profile.players if profile is not None else None
    bots = body.get("bots", [])
    if not isinstance(bots, list) or not all(_int(b) for b in bots):
        problems.append(shape_problem("/bots", "bots"))
        bots = []
    else:
        for i, b in enumerate(bots):
            if seats is not None and not 0 <= b < seats:
                problems.append(shape_problem(f"/bots/{i}", "seat_range", seat=b, last=seats - 1,
                                              players=seats))
            elif b in bots[:i]:
                problems.append(shape_problem(f"/bots/{i}", "bot_twice", seat=b))
    deals = body.get("deals")
    if deals is not None and not (_int(deals) and 1 <= deals <= limits.LIVE_MAX_DEALS):
        problems.append(shape_problem("/deals", "out_of_range", least=1, most=limits.LIVE_MAX_DEALS))
    turn_seconds = None
    clock = body.get("clock")
    if clock is not None:
        low, high = limits.LIVE_TURN_SECONDS
        if not isinstance(clock, dict) or set(clock) != {"turn_seconds"}:
            problems.append(shape_problem("/clock", "clock"))
        elif not (_int(clock["turn_seconds"]) and low <= clock["turn_seconds"] <= high):
            problems.append(shape_problem("/clock/turn_seconds", "out_of_range", least=low, most=high))
        elif profile is not None and profile.timeouts is not Timeouts.PASS:
            # A clock records a timeout for a seat whose time runs out: the profile must know them.
            problems.append(shape_problem("/clock", "no_timeouts"))
        else:
            turn_seconds = clock["turn_seconds"]
    fairness = body.get("fairness", "server")
    if fairness not in FAIRNESS:
        problems.append(shape_problem("/fairness", "not_one_of", choices=", ".join(FAIRNESS)))
    if problems or profile is None or players is None:
        return None, problems
    return TableSpec(profile, body["profile"], list(players), tuple(sorted(bots)), deals,
                     turn_seconds, fairness), []
