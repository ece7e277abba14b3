"""No seat and no spectator receives another seat's unplayed card before its deal ends: every
event (as ``for_viewer`` gives it) and every view of whole deals is scanned for the names of
the cards other seats hold and have not played, bots' seats included."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bigtwo.live import engine
from tests.live.helpers import TIMED, play_out, seeds, spec, strings

VIEWERS: list[int | None] = [None, 0, 1]  # a spectator, and the two people's seats


class Secrets:
    """What each seat holds and has not played, followed event by event."""

    def __init__(self) -> None:
        self.held: list[set[str]] = []

    def see(self, event: engine.Event) -> None:
        if event.type == "dealt":
            self.held = [set(event.private[s]["hand"]) for s in sorted(event.private)]
        elif event.type == "move" and event.data.get("play"):
            self.held[event.data["seat"]] -= set(event.data["play"])
        elif event.type in ("deal_over", "abandoned"):
            self.held = []

    def hidden_from(self, viewer: int | None) -> set[str]:
        return {c for s, hand in enumerate(self.held) if s != viewer for c in hand}


def _leaks(what: Any, hidden: set[str]) -> set[str]:
    return hidden & set(strings(json.loads(json.dumps(what))))


@pytest.mark.parametrize(("profile", "fairness", "end"), [
    ("hk-standard", "server", "match"),
    ("pusoy-dos", "shared", "match"),
    (TIMED, "server", "abandon"),
])
def test_nothing_a_viewer_receives_names_another_seats_unplayed_card(
        profile: Any, fairness: str, end: str) -> None:
    made = spec(profile, (2, 3), deals=2, fairness=fairness)
    new_seed = seeds(str(profile))
    step = engine.create(made, table_id="tb-secrets", now=0.0, new_seed=new_seed)
    secrets = Secrets()
    scanned = 0

    def scan(state: dict[str, Any], events: list[engine.Event]) -> None:
        nonlocal scanned
        for event in events:
            revealing = event.type in ("deal_over", "abandoned")
            secrets.see(event)  # a move's own cards are public from it on
            if not revealing:
                for viewer in VIEWERS:
                    assert not _leaks(engine.for_viewer(event, viewer), secrets.hidden_from(viewer))
            scanned += 1
        for viewer in VIEWERS:
            for lang in ("en", "zh_Hant_TW"):
                assert not _leaks(engine.view(state, viewer, lang), secrets.hidden_from(viewer))

    scan(step.state, step.events)
    state = step.state
    for state, events in play_out(step.state, new_seed):  # noqa: B020
        scan(state, events)
        if end == "abandon" and state["finished"] and len(state["running"]["moves"]) > 8:
            ended = engine.abandon(state, now=10_000.0)
            scan(ended.state, ended.events)
            state = ended.state
            break
    assert state["status"] in ("over", "abandoned")
    assert scanned > 50


def test_a_seat_sees_its_own_hand_and_a_spectator_none() -> None:
    step = engine.create(spec("hk-standard", (2, 3)), table_id="tb-own", now=0.0, new_seed=seeds())
    dealt = next(e for e in step.events if e.type == "dealt")
    hands = step.state["running"]["hands"]
    assert engine.for_viewer(dealt, 0)["data"]["hand"] == hands[0]
    assert "hand" not in engine.for_viewer(dealt, None)["data"]
    assert "hand" not in engine.for_viewer(dealt, 1)["data"] or (
        engine.for_viewer(dealt, 1)["data"]["hand"] == hands[1])
    assert engine.view(step.state, 1, "en")["hand"] == hands[1]
    assert "hand" not in engine.view(step.state, None, "en")


def test_the_scan_would_see_a_hand_given_to_the_wrong_viewer() -> None:
    step = engine.create(spec("hk-standard", (2, 3)), table_id="tb-scan", now=0.0, new_seed=seeds())
    secrets = Secrets()
    dealt = next(e for e in step.events if e.type == "dealt")
    secrets.see(dealt)
    assert _leaks(engine.for_viewer(dealt, 0), secrets.hidden_from(1)) == set(
        step.state["running"]["hands"][0])
    assert _leaks(engine.view(step.state, 0, "en"), secrets.hidden_from(None))
