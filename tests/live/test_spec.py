"""A table's creation body: every problem at its JSON pointer."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo.live import engine
from bigtwo.reports.shape_words import localize
from tests.live.helpers import RESOLVER, TIMED

NAMES = ["Ana", "Ben", "Cai", "Dee"]


@pytest.mark.parametrize(("body", "pointers"), [
    ({"players": NAMES}, ["/profile"]),
    ({"profile": "no-such-preset", "players": NAMES}, ["/profile"]),
    ({"profile": "hk-standard", "players": NAMES[:3]}, ["/players"]),
    ({"profile": "hk-standard"}, ["/players"]),
    ({"profile": "hk-standard", "players": ["Ana", "", "Cai", "Dee"]}, ["/players"]),
    ({"profile": "hk-standard", "players": ["Ana", "B\u200ben", "Cai", "Dee"]}, ["/players/1"]),
    ({"profile": "hk-standard", "players": ["Ana", "Ben", "   ", "Dee"]}, ["/players/2"]),
    ({"profile": "hk-standard", "players": NAMES, "bots": [4]}, ["/bots/0"]),
    ({"profile": "hk-standard", "players": NAMES, "bots": [1, 1]}, ["/bots/1"]),
    ({"profile": "hk-standard", "players": NAMES, "bots": "all"}, ["/bots"]),
    ({"profile": "hk-standard", "players": NAMES, "deals": 0}, ["/deals"]),
    ({"profile": "hk-standard", "players": NAMES, "deals": 101}, ["/deals"]),
    ({"profile": "hk-standard", "players": NAMES, "deals": True}, ["/deals"]),
    ({"profile": "hk-standard", "players": NAMES, "clock": {"turn_seconds": 30}}, ["/clock"]),
    ({"profile": TIMED, "players": NAMES, "clock": {"turn_seconds": 4}}, ["/clock/turn_seconds"]),
    ({"profile": TIMED, "players": NAMES, "clock": {"turn_seconds": 3601}}, ["/clock/turn_seconds"]),
    ({"profile": TIMED, "players": NAMES, "clock": {"seconds": 30}}, ["/clock"]),
    ({"profile": "hk-standard", "players": NAMES, "fairness": "house"}, ["/fairness"]),
    ({"profile": "hk-standard", "players": NAMES, "colour": "red"}, ["/colour"]),
])
def test_a_bad_body_names_its_pointer(body: dict[str, Any], pointers: list[str]) -> None:
    made, problems = engine.spec_problems(body, RESOLVER)
    assert made is None
    assert [p.pointer for p in problems] == pointers


def test_a_good_body_is_the_spec() -> None:
    body = {"profile": TIMED, "players": NAMES, "bots": [3, 2], "deals": 4,
            "clock": {"turn_seconds": 30}, "fairness": "shared", "tournament": {"id": "t-1"}}
    made, problems = engine.spec_problems(body, RESOLVER)
    assert problems == [] and made is not None
    assert (made.profile_ref, made.players, made.bots, made.deals, made.turn_seconds,
            made.fairness) == (TIMED, NAMES, (2, 3), 4, 30, "shared")
    state = engine.create(made, table_id="tb-x", now=0.0, new_seed=lambda: bytes(32)).state
    assert engine.token_seats(state) == [0, 1]
    assert engine.record(state) == {"profile": TIMED, "players": NAMES, "deals": [],
                                    "meta": {"live_table": "tb-x"}}


@pytest.mark.parametrize("lang", ["de", "it", "fil", "zh_Hans", "zh_Hant_HK", "zh_Hant_TW"])
def test_the_problems_are_said_in_the_callers_language(lang: str) -> None:
    body = {"players": ["Ana", "Ben", "Ana"], "bots": [1, 1], "clock": {"seconds": 3},
            "deals": 0, "fairness": "house", "colour": "red"}
    _, problems = engine.spec_problems(body, RESOLVER)
    english = {p.pointer: p.detail for p in problems}
    said = {p.pointer: p.detail for p in localize(problems, lang)}
    assert set(said) == {"/colour", "/profile", "/bots/1", "/deals", "/clock", "/fairness"}
    assert all(said[at] != english[at] for at in said), said
    _, more = engine.spec_problems({"profile": "hk-standard", "players": ["Ana"]}, RESOLVER)
    assert localize(more, lang)[0].detail != more[0].detail
    assert engine.spec_problems([], RESOLVER)[1][0].detail != localize(
        engine.spec_problems([], RESOLVER)[1], lang)[0].detail
