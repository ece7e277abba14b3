"""Rules v3 on the referee's view: under `revolution_repeats: toggles` the replay page marks the
four of a kind that turned the order round and the one that turned it back, and labels
four-card hands."""

from __future__ import annotations

import json
from typing import Any

HANDS = ["3D 9C 9D 9H 9S KD 4C", "5C 5D 5H 5S QS AS 6D", "3C 3H 3S 4D 4H 4S 7C",
         "6C 6H 6S 7D 7H 8C 8D"]
MOVES = "0:3D 1:- 2:- 3:- 0:9C+9D+9H+9S 1:5C+5D+5H+5S 2:- 3:- 0:- 1:QS 2:- 3:- 0:KD".split()


def _page(client: Any, repeats: str) -> str:
    profile = {"extends": "hk-standard", "hand_size": 7, "revolution": "ranks",
               "revolution_repeats": repeats, "four_card_hands": ["four_of_a_kind"],
               "opening": {"first_deal": "lowest_card", "later_deals": "lowest_card"}}
    moves = [{"seat": int(m[0]), "pass": True} if m[2] == "-" else
             {"seat": int(m[0]), "play": m[2:].split("+")} for m in MOVES]
    doc = {"profile": profile, "deals": [{"hands": [h.split() for h in HANDS], "moves": moves}]}
    answer = client.post("/replay", data={"record": json.dumps(doc)})
    assert answer.status_code == 200
    return answer.get_data(as_text=True)  # type: ignore[no-any-return]


def test_the_view_marks_a_revolution_turned_back(client: Any) -> None:
    page = _page(client, "toggles")
    assert page.count("revolution: rank order reversed") == 1
    assert page.count("revolution again: the normal rank order is back") == 1
    assert "Four of a kind 9" in page


def test_under_stays_the_second_four_changes_nothing(client: Any) -> None:
    page = _page(client, "stays")
    assert page.count("revolution: rank order reversed") == 1
    assert "revolution again" not in page
