"""What a seat and a spectator see: every field of TABLES.md's view, the combination on the
table labelled in the viewer's language, and the legal plays /v1/next would list for the
same position (one function answers both)."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo.live import engine
from bigtwo.records.pipeline import check_record
from bigtwo.rules.position import position
from tests.live.helpers import RESOLVER, TIMED, V4_JOKERS, play_out, seeds, spec

ALWAYS = {"id", "profile_id", "players", "status", "deal", "version", "turn", "table",
          "cards_left", "moves", "penalties_now", "totals", "deadline", "commitment"}
SEAT = ALWAYS | {"seat", "hand", "may_pass", "legal_plays"}


def _next_position(state: dict[str, Any]) -> dict[str, Any]:
    running = state["running"]
    doc = {"profile": state["profile_ref"],
           "deals": [*({"hands": d["hands"], "moves": d["moves"]} for d in state["finished"]),
                     {"hands": running["hands"], "moves": running["moves"]}]}
    checked = check_record(doc, complete=False, resolver=RESOLVER)
    assert checked.result is not None and checked.result.final_table is not None
    return position(checked.result.final_table)


@pytest.mark.parametrize("profile", ["hk-standard", "pusoy-dos", TIMED, V4_JOKERS], ids=str)
def test_views_have_every_field_and_the_legal_plays_of_next(profile: Any) -> None:
    made = spec(profile, (2, 3), deals=2, **({"clock": {"turn_seconds": 60}} if profile in (
        TIMED, V4_JOKERS) else {}))
    new_seed = seeds(str(profile))
    state = engine.create(made, table_id="tb-view", now=1_800_000_000.0, new_seed=new_seed).state
    labels: set[tuple[str, str]] = set()
    for after, _ in play_out(state, new_seed, now=1_800_000_000.0):
        if after["status"] != "playing":
            continue
        spectator = engine.view(after, None, "en")
        assert set(spectator) >= ALWAYS and "hand" not in spectator
        turn = after["running"]["turn"]
        assert spectator["turn"] == turn
        expected = _next_position(after)
        assert expected["seat"] == turn
        for seat in (0, 1):
            seen = engine.view(after, seat, "en")
            assert set(seen) >= SEAT
            assert ("may_time_out" in seen) == (profile in (TIMED, V4_JOKERS))
            if seat == turn:
                assert seen["legal_plays"] == expected["legal_plays"]
                assert seen["may_pass"] == expected["may_pass"]
                assert seen.get("may_time_out", False) == expected["may_time_out"]
            else:
                assert seen["legal_plays"] == [] and seen["may_pass"] is False
            assert sum(1 for _ in seen["hand"]) == seen["cards_left"][seat]
        assert spectator["penalties_now"] == expected["penalties_now"]
        if spectator["table"] is not None:
            assert spectator["table"]["cards"] == expected["table"]
            assert spectator["table"]["seat"] in range(4)
            de = engine.view(after, None, "de")["table"]["combination"]
            labels.add((spectator["table"]["combination"]["label"], de["label"]))
        if made.turn_seconds:
            assert spectator["deadline"].endswith("Z") and spectator["deadline"].startswith("2027")
        else:
            assert spectator["deadline"] is None
    assert labels and any(en != de for en, de in labels)


def test_a_waiting_table_shows_no_cards_and_who_posted() -> None:
    new_seed = seeds()
    state = engine.create(spec("hk-standard", (3,), fairness="shared"), table_id="tb-wait",
                          now=0.0, new_seed=new_seed).state
    posted = engine.entropy(state, 2, "r", now=1.0, new_seed=new_seed)
    assert isinstance(posted, engine.Step)
    seen = engine.view(posted.state, 0, "en")
    assert seen["status"] == "waiting" and seen["hand"] == [] and seen["turn"] is None
    assert seen["entropy"] == [2] and seen["commitment"] == state["commitment"]
