"""What a call costs, counted: an engine call does a bounded amount of bots' work and leaves
the rest due, and a person's move replays the running deal only, whatever the deal's index
(the finished deals are replayed once each time a deal ends, for the totals)."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo import limits
from bigtwo.live import engine, judge, scores
from tests.live.helpers import person_move, seeds, spec


def test_a_table_of_bots_plays_on_over_several_bounded_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    made = spec("hk-standard", (0, 1, 2, 3), deals=3)
    monkeypatch.setattr(limits, "LIVE_AUTO_WORK_PER_CALL", 10_000)
    whole = engine.create(made, table_id="tb-bots", now=0.0, new_seed=seeds("b"))
    assert whole.state["status"] == "over"
    monkeypatch.setattr(limits, "LIVE_AUTO_WORK_PER_CALL", 10)
    step = engine.create(made, table_id="tb-bots", now=0.0, new_seed=(new_seed := seeds("b")))
    events = list(step.events)
    calls = 1
    while step.state["status"] != "over":
        assert step.state["deadline"] is not None and step.state["deadline"] <= 0.0  # due now
        assert sum(1 for e in step.events if e.type == "move") <= 10
        step = engine.catch_up(step.state, now=0.0, new_seed=new_seed)
        events.extend(step.events)
        calls += 1
    assert calls > 10
    assert {**step.state, "version": 0} == {**whole.state, "version": 0}
    assert [e.to_json() for e in events] == [e.to_json() for e in whole.events]


def test_a_move_late_in_a_long_match_reads_no_more_than_early(
        monkeypatch: pytest.MonkeyPatch) -> None:
    counted = {"judged": 0, "finished": 0}
    judge_reads, scores_reads = judge.parse_record, scores.parse_record

    def judged(doc: Any, **kwargs: Any) -> Any:
        counted["judged"] += len(doc["deals"])
        return judge_reads(doc, **kwargs)

    def finished(doc: Any, **kwargs: Any) -> Any:
        counted["finished"] += len(doc["deals"])
        return scores_reads(doc, **kwargs)

    monkeypatch.setattr(judge, "parse_record", judged)
    monkeypatch.setattr(scores, "parse_record", finished)
    new_seed = seeds("long")
    state = engine.create(spec("hk-standard", (1, 2, 3), deals=12), table_id="tb-long", now=0.0,
                          new_seed=new_seed).state
    per_move: dict[int, list[int]] = {}
    now = 0.0
    while state["status"] == "playing":
        body = person_move(state, 0)
        counted.update(judged=0, finished=0)
        deal = state["deal"]
        now += 1
        answer = engine.move(state, 0, body, now=now, new_seed=new_seed)
        assert isinstance(answer, engine.Step)
        if answer.state["deal"] == deal and answer.state["status"] == "playing":
            per_move.setdefault(deal, []).append(counted["judged"])
            assert counted["finished"] == 0  # no deal ended: no finished deal read
        else:  # a deal ended: the finished deals are read once, for the totals
            assert counted["finished"] == len(answer.state["finished"])
        state = answer.state
    assert state["status"] == "over" and len(per_move) >= 10
    # The person's move and each of three bots' answers read the running deal alone (a bot
    # twice: its position, then its move judged): at most 7 deals read, in deal 1 as in 12.
    assert all(0 < n <= 7 for moves in per_move.values() for n in moves), per_move


@pytest.mark.parametrize("profile", ["hk-standard", "pusoy-dos", "taiwanese", "big-two-web",
                                     "western", "casual"])
def test_a_deal_of_four_bots_fits_in_one_call(profile: str) -> None:
    # A demo (one deal of bots) is over when its creation answers.
    for tag in range(8):
        made = spec(profile, (0, 1, 2, 3), deals=1)
        state = engine.create(made, table_id="tb-demo", now=0.0, new_seed=seeds(str(tag))).state
        assert state["status"] == "over"
