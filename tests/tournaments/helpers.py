"""Legal records for tournament tests: simulated matches, and deals played from a deal code."""

from __future__ import annotations

import random
from typing import Any

from bigtwo.rules import deals
from bigtwo.rules.profiles import PRESETS
from bigtwo.rules.simulate import play_deal, simulate

PROFILE = "casual"
NAMES = ["Ana", "Ben", "Cai", "Dee"]


def simulated(count: int, *, seed: int = 1, deals_per_record: int = 1,
              profile: str = PROFILE) -> list[dict[str, Any]]:
    return list(simulate(PRESETS[profile], records=count, deals_per_record=deals_per_record,
                         seed=seed))


def coded_record(code: str, *, seed: int, names: list[str] | None = None,
                 profile: str = PROFILE) -> dict[str, Any]:
    """One legal deal of ``code``, played by random (seeded) players."""
    spec = deals.parse_code(code)
    assert isinstance(spec, deals.DealSpec)
    hands, _ = deals.deal(spec)
    moves, _ = play_deal(PRESETS[profile], hands, 0, None, random.Random(seed))
    record: dict[str, Any] = {"profile": profile, "deals": [{"deal_code": code, "moves": moves}]}
    if names is not None:
        record["players"] = names
    return record


def broken(record: dict[str, Any]) -> dict[str, Any]:
    """The same record with a rule error: the first deal's second move claims the wrong seat."""
    copy: dict[str, Any] = {**record, "deals": [dict(d) for d in record["deals"]]}
    moves = [dict(m) for m in copy["deals"][0]["moves"]]
    moves[1]["seat"] = (moves[1]["seat"] + 2) % 4
    copy["deals"][0]["moves"] = moves
    return copy
