"""The events of two whole deals, pinned: a person and three bots under hk-standard, and six
seats of two decks with two jokers each (a B2X deal). The seeds are fixed, so the golden file
pins the cards each seed deals, the bots' strategy, every event's shape and what a spectator
and seat 0 see. After an intended change: `BIGTWO_WRITE_GOLDEN=1 .venv/bin/python -m pytest
tests/live/test_golden_events.py` writes the file again; review its diff."""

from __future__ import annotations

import json
import os
from typing import Any

from bigtwo.live import engine
from tests.conftest import ROOT
from tests.live.helpers import V4_SIX, play_out, seeds, spec

GOLDEN = ROOT / "fixtures" / "golden" / "live" / "events.json"
TABLES: dict[str, tuple[Any, tuple[int, ...]]] = {
    "hk-standard, seat 0 a person": ("hk-standard", (1, 2, 3)),
    "six seats, 2 decks, 2 jokers each": (V4_SIX, (1, 2, 3, 4, 5)),
}


def played() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, (profile, bots) in TABLES.items():
        new_seed = seeds("golden " + name)
        step = engine.create(spec(profile, bots, deals=1), table_id="tb-golden", now=1e9,
                             new_seed=new_seed)
        events = list(step.events)
        for _, more in play_out(step.state, new_seed, now=1e9):
            events.extend(more)
        out[name] = {"spectator": [engine.for_viewer(e, None) for e in events],
                     "seat 0": [engine.for_viewer(e, 0) for e in events if e.private]}
    return out


def _lines(golden: dict[str, Any]) -> str:
    """The golden file with one event a line, so that its diff reads event by event."""
    tables = []
    for name, seen in golden.items():
        viewers = []
        for viewer, events in seen.items():
            lines = ",\n".join("   " + json.dumps(e, ensure_ascii=False) for e in events)
            viewers.append(f"  {json.dumps(viewer)}: [\n{lines}\n  ]")
        tables.append(f" {json.dumps(name)}: {{\n" + ",\n".join(viewers) + "\n }")
    return "{\n" + ",\n".join(tables) + "\n}\n"


def test_the_events_of_two_deals_are_the_golden_ones() -> None:
    now = played()
    if os.environ.get("BIGTWO_WRITE_GOLDEN"):
        GOLDEN.write_text(_lines(now), encoding="utf-8")
    assert now == json.loads(GOLDEN.read_text(encoding="utf-8")), (
        "the events changed: if that was meant, write the golden file again (the module says how)")
