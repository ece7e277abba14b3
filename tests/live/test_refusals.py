"""A live table refuses exactly the moves a report refuses, with the report's code, params
and message: every candidate move at every person's turn of whole deals is put to the table
and, appended to the table's record, to the report. Each code a move can break is reached."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from bigtwo.live import engine
from bigtwo.records.pipeline import check_record
from bigtwo.reports.messages import render
from tests.live.helpers import RESOLVER, V4_JOKERS, person_move, seeds, spec

# (profile, the codes its candidates must reach)
CASES: list[tuple[Any, set[str]]] = [
    ("hk-standard", {"OPENING_CARD", "CARD_NOT_HELD", "DUPLICATE_CARD", "NOT_A_COMBINATION",
                     "CARD_COUNT", "DOES_NOT_BEAT", "LEADER_MUST_PLAY"}),
    ("casual", {"COMBINATION_NOT_ALLOWED", "DOES_NOT_BEAT"}),
    ({"extends": "hk-standard", "must_play_first_trick": True}, {"MUST_PLAY"}),
    ({"extends": "hk-standard", "last_card_guard": "highest_single"}, {"MUST_PLAY_HIGHEST"}),
    (V4_JOKERS, {"JOKER_STAND_IN", "DUPLICATE_CARD", "CARD_NOT_HELD", "OPENING_CARD"}),
]


def _hand(state: dict[str, Any], seat: int) -> list[str]:
    return list(engine.view(state, seat, "en")["hand"])


def candidates(state: dict[str, Any], seat: int) -> Iterator[dict[str, Any]]:
    """Moves a careless or hostile client might send: passes, its own cards alone, in
    pairs and fives, a card twice, another seat's card, a bare joker."""
    hand = _hand(state, seat)
    others = [c for s in range(len(state["players"])) if s != seat
              for c in state["running"]["hands"][s] if c not in hand]
    yield {"pass": True}
    for card in hand[:4] + hand[-2:]:
        yield {"play": [card]}
    for a, b in zip(hand, hand[1:], strict=False):
        yield {"play": [a, b]}
    yield {"play": hand[:3]}
    yield {"play": hand[:5]}
    yield {"play": hand[-5:]}
    yield {"play": [hand[0]] * 3}
    ranks: dict[str, list[str]] = {}
    for card in hand:
        ranks.setdefault(card[:-1], []).append(card)
    for same in ranks.values():
        if len(same) >= 3:
            yield {"play": same[:3]}
    if others:
        yield {"play": [others[0]]}
    if "JK" in hand:
        yield {"play": ["JK"]}
        yield {"play": ["JK=" + hand[0], hand[0]]}


def reported(state: dict[str, Any], seat: int, body: dict[str, Any]) -> dict[str, Any] | None:
    """The report's first error on the move, for the table's record with it appended."""
    running = state["running"]
    finished = [{"hands": d["hands"], "moves": d["moves"]} for d in state["finished"]]
    doc = {"profile": state["profile_ref"],
           "deals": [*finished, {"hands": running["hands"],
                                 "moves": [*running["moves"], {"seat": seat, **body}]}]}
    checked = check_record(doc, complete=False, resolver=RESOLVER)
    assert checked.report is not None, checked.problems
    errors = [e for e in checked.report["errors"] if e["deal"] == len(finished)]
    return errors[0] if errors else None


def _case_id(value: Any) -> str:
    # Sorted: a set's order follows the hash seed, which differs between test workers, and
    # workers must collect the same ids.
    return str(sorted(value) if isinstance(value, set) else value)[:40]


@pytest.mark.parametrize(("profile", "codes"), CASES, ids=_case_id)
def test_the_table_refuses_what_the_report_refuses(profile: Any, codes: set[str]) -> None:
    made = spec(profile, (), deals=3)  # people at every seat: candidates at every turn
    new_seed = seeds(str(profile))
    state = engine.create(made, table_id="tb-refusals", now=0.0, new_seed=new_seed).state
    seen: set[str] = set()
    now = 0.0
    while state["status"] == "playing":
        seat = state["running"]["turn"]
        before = json.dumps(state, sort_keys=True)
        for body in candidates(state, seat):
            answer = engine.move(state, seat, body, now=now, new_seed=new_seed)
            error = reported(state, seat, body)
            if isinstance(answer, engine.Refusal):
                assert answer.status == 422 and answer.slug == "illegal-move", answer
                assert error is not None, (body, answer)
                assert (answer.code, answer.params, answer.move, answer.deal) == (
                    error["code"], error["params"], error["move"], error["deal"])
                for lang in ("en", "de", "zh_Hant_HK"):
                    said = render({"code": answer.code, "params": answer.params,
                                   "deal": answer.deal, "move": answer.move, "seat": answer.seat},
                                  lang)
                    if lang == "en":
                        assert said == error["message"]
                    assert said
                seen.add(str(answer.code))
            else:
                assert error is None, (body, error)
        assert json.dumps(state, sort_keys=True) == before  # nothing changed
        now += 1
        answer = engine.move(state, seat, person_move(state, seat), now=now, new_seed=new_seed)
        assert isinstance(answer, engine.Step)
        state = answer.state
    assert codes <= seen, codes - seen


@pytest.mark.parametrize(("body", "pointer"), [
    ("play 3D", ""),
    ({}, ""),
    ({"play": ["3D"], "pass": True}, ""),
    ({"pass": False}, "/pass"),
    ({"pass": True, "call": True}, "/pass"),
    ({"play": []}, "/play"),
    ({"play": "3D"}, "/play"),
    ({"play": [3]}, "/play"),
    ({"play": ["3D"] * 53}, "/play"),
    ({"play": ["3D"], "call": "yes"}, "/call"),
    ({"play": ["3D"], "timeout": True}, "/timeout"),
    ({"play": ["ZZ"]}, "/play/0"),
    ({"play": ["3D"], "call": True}, "/call"),  # no calls under hk-standard
])
def test_a_body_that_is_no_move_is_refused_at_its_pointer(body: Any, pointer: str) -> None:
    state = engine.create(spec("hk-standard", (1, 2, 3)), table_id="tb-body", now=0.0,
                          new_seed=seeds()).state
    answer = engine.move(state, 0, body, now=1.0, new_seed=seeds())
    assert isinstance(answer, engine.Refusal)
    assert (answer.status, answer.slug) == (422, "invalid-move")
    assert answer.params["errors"][0]["pointer"] == pointer


def test_turns_and_ends_are_409() -> None:
    new_seed = seeds()
    state = engine.create(spec("hk-standard", (2, 3)), table_id="tb-turns", now=0.0,
                          new_seed=new_seed).state
    seat = state["running"]["turn"]
    other = 1 - seat if seat in (0, 1) else 0
    refused = engine.move(state, other, {"pass": True}, now=1.0, new_seed=new_seed)
    assert isinstance(refused, engine.Refusal)
    assert (refused.status, refused.slug) == (409, "not-your-turn")
    bot = engine.move(state, 2, {"pass": True}, now=1.0, new_seed=new_seed)
    assert isinstance(bot, engine.Refusal) and (bot.status, bot.slug) == (409, "not-a-seat")
    over = engine.abandon(state, now=2.0).state
    ended = engine.move(over, seat, {"pass": True}, now=3.0, new_seed=new_seed)
    assert isinstance(ended, engine.Refusal) and (ended.status, ended.slug) == (409, "table-over")
