"""A table's creation body checked: every problem at its JSON pointer, the way a record's
are (names under the records' name rules, the profile resolved as a record's)."""

from __future__ import annotations

from typing import Any

from bigtwo import limits
from bigtwo.live.state import FAIRNESS, TableSpec
from bigtwo.records.parse import name_problem
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
        return None, [Problem("", 'a table is an object: {"profile": ..., "players": [...]}')]
    problems = [Problem(f"/{key}", "unknown field; a table has " + ", ".join(sorted(SPEC_FIELDS)))
                for key in body if key not in SPEC_FIELDS]
    profile = None
    if "profile" not in body:
        problems.append(Problem("/profile", "a table needs a profile: a preset, a stored id or a declaration"))
    else:
        profile, found = resolver.resolve(body["profile"], "/profile")
        problems.extend(found)
    players = body.get("players")
    if not isinstance(players, list) or not all(
            isinstance(n, str) and 0 < len(n) <= limits.MAX_NAME_LENGTH for n in players):
        problems.append(Problem("/players", f"one name per seat, each 1 to {limits.MAX_NAME_LENGTH} characters"))
        players = None
    else:
        for i, name in enumerate(players):
            said = name_problem(f"/players/{i}", name)
            if said is not None:
                problems.append(said)
        if profile is not None and len(players) != profile.players:
            problems.append(Problem("/players", f"this profile is for {profile.players} players; "
                                                f"{len(players)} names were given"))
    seats = profile.players if profile is not None else None
    bots = body.get("bots", [])
    if not isinstance(bots, list) or not all(_int(b) for b in bots):
        problems.append(Problem("/bots", "a list of seat numbers"))
        bots = []
    else:
        for i, b in enumerate(bots):
            if seats is not None and not 0 <= b < seats:
                problems.append(Problem(f"/bots/{i}", f"seat {b} is not a seat (0 to {seats - 1})"))
            elif b in bots[:i]:
                problems.append(Problem(f"/bots/{i}", f"seat {b} is named twice"))
    deals = body.get("deals")
    if deals is not None and not (_int(deals) and 1 <= deals <= limits.LIVE_MAX_DEALS):
        problems.append(Problem("/deals", f"a whole number of deals from 1 to {limits.LIVE_MAX_DEALS}"))
    turn_seconds = None
    clock = body.get("clock")
    if clock is not None:
        low, high = limits.LIVE_TURN_SECONDS
        if not isinstance(clock, dict) or set(clock) != {"turn_seconds"}:
            problems.append(Problem("/clock", '{"turn_seconds": n}'))
        elif not (_int(clock["turn_seconds"]) and low <= clock["turn_seconds"] <= high):
            problems.append(Problem("/clock/turn_seconds", f"a whole number of seconds from {low} to {high}"))
        elif profile is not None and profile.timeouts is not Timeouts.PASS:
            problems.append(Problem("/clock", "a clock needs a profile with timeouts: pass (a seat "
                                              "whose time runs out has a timeout recorded)"))
        else:
            turn_seconds = clock["turn_seconds"]
    fairness = body.get("fairness", "server")
    if fairness not in FAIRNESS:
        problems.append(Problem("/fairness", "server or shared"))
    if problems or profile is None or players is None:
        return None, problems
    return TableSpec(profile, body["profile"], list(players), tuple(sorted(bots)), deals,
                     turn_seconds, fairness), []
