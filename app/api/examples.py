"""Request examples for the OpenAPI document, made by the core's own simulator so they are
always legal under the current rules (Swagger UI's "Try it out" starts from them)."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from bigtwo.rules.profiles import PRESETS
from bigtwo.rules.simulate import simulate


@cache
def _finished_record() -> dict[str, Any]:
    return next(simulate(PRESETS["hk-standard"], records=1, deals_per_record=1, seed=7,
                         profile_ref="hk-standard"))


def finished_record() -> dict[str, Any]:
    return copy.deepcopy(_finished_record())


def unfinished_record(moves: int = 6) -> dict[str, Any]:
    """The same deal cut short: a position in which someone is to move."""
    record = finished_record()
    deal = record["deals"][0]
    deal["moves"] = deal["moves"][:moves]
    deal.pop("declared", None)
    return record


def record_examples() -> dict[str, Any]:
    broken = finished_record()
    moves = broken["deals"][0]["moves"]
    moves[1], moves[2] = moves[2], moves[1]  # two seats swap turns: a WRONG_TURN report
    return {"legal": finished_record(), "wrong_turn": broken}
