"""Records that cannot be replayed: every shape problem at once, each with its JSON Pointer."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo import limits
from bigtwo.records.pipeline import check_record

HANDS = [["3D", "9C", "KS"], ["4C", "5H", "2S"], ["6D", "6S", "JH"], ["7C", "8H", "AD"]]
P = {"extends": "hk-standard", "hand_size": 3}


def rec(deal: dict[str, Any] | None = None, **top: Any) -> dict[str, Any]:
    d = {"hands": HANDS, "moves": [{"seat": 0, "play": ["3D"]}]} if deal is None else deal
    return {"profile": P, "deals": [d], **top}


@pytest.mark.parametrize(
    ("doc", "pointers"),
    [
        ([], [""]),
        (rec(extra=1), ["/extra"]),
        ({"deals": [{"hands": HANDS, "moves": []}]}, ["/profile"]),
        (rec(players="Ana"), ["/players"]),
        (rec(players=["Ana", ""]), ["/players"]),
        ({"profile": P, "deals": []}, ["/deals"]),
        ({"profile": P, "deals": {}}, ["/deals"]),
        (rec({"hands": HANDS, "moves": [], "x": 1}), ["/deals/0/x"]),
        (rec({"moves": []}), ["/deals/0"]),
        (rec({"hands": HANDS, "deal_code": "B2-4-13-1", "moves": []}), ["/deals/0"]),
        (rec({"hands": HANDS}), ["/deals/0/moves"]),
        (rec({"hands": [["3D", "XX", "KS"], *HANDS[1:]], "moves": []}), ["/deals/0/hands/0/1"]),
        (rec({"hands": HANDS, "moves": [{"seat": 0, "play": ["3D", "1H"]}]}), ["/deals/0/moves/0/play/1"]),
        (rec({"hands": HANDS, "moves": [{"seat": 9, "pass": True}]}), ["/deals/0/moves/0/seat"]),
        (rec({"hands": HANDS, "moves": [{"seat": "0", "pass": True}]}), ["/deals/0/moves/0/seat"]),
        (rec({"hands": HANDS, "moves": [{"seat": True, "pass": True}]}), ["/deals/0/moves/0/seat"]),
        (rec({"hands": HANDS, "moves": [{"seat": 0, "pass": False}]}), ["/deals/0/moves/0/pass"]),
        (rec({"hands": HANDS, "moves": [{"seat": 0, "pass": True, "play": ["3D"]}]}), ["/deals/0/moves/0"]),
        (rec({"hands": HANDS, "moves": [{"seat": 0}]}), ["/deals/0/moves/0"]),
        (rec({"hands": HANDS, "moves": [{"seat": 0, "play": []}]}), ["/deals/0/moves/0/play"]),
        (rec({"hands": HANDS, "moves": [{"seat": 0, "play": "3D"}]}), ["/deals/0/moves/0/play"]),
        (rec({"hands": HANDS, "moves": [{"seat": 0, "cards": ["3D"]}]}), ["/deals/0/moves/0/cards", "/deals/0/moves/0"]),
        (rec({"hands": HANDS, "moves": [], "declared": {"winner": "Ana"}}), ["/deals/0/declared/winner"]),
        (rec({"hands": HANDS, "moves": [], "declared": {"scores": [1, "x"]}}), ["/deals/0/declared/scores"]),
        (rec({"deal_code": "nonsense", "moves": []}), ["/deals/0/deal_code"]),
        (rec({"hands": HANDS, "moves": [{"seat": 0, "pass": True}] * (limits.MAX_MOVES_PER_DEAL + 1)}),
         ["/deals/0/moves"]),
        ({"profile": P, "deals": [{"hands": HANDS, "moves": []}] * (limits.MAX_DEALS_PER_RECORD + 1)}, ["/deals"]),
        ({"profile": "nope", "deals": [{"hands": HANDS, "moves": []}]}, ["/profile"]),
    ],
)
def test_input_problems(doc: Any, pointers: list[str]) -> None:
    checked = check_record(doc)
    assert checked.report is None
    assert [p.pointer for p in checked.problems] == pointers


def test_every_problem_at_once() -> None:
    doc = {"profile": P, "zz": 0, "deals": [
        {"hands": [["3D", "QQ", "KS"], *HANDS[1:]], "moves": [{"seat": 7, "pass": True}, {"seat": 0, "play": ["ZZ"]}]},
        {"hands": HANDS, "moves": "none"},
    ]}
    pointers = [p.pointer for p in check_record(doc).problems]
    assert pointers == ["/zz", "/deals/0/hands/0/1", "/deals/0/moves/0/seat", "/deals/0/moves/1/play/0",
                        "/deals/1/moves"]


def test_limits_are_named_in_the_detail() -> None:
    doc = rec({"hands": HANDS, "moves": [{"seat": 0, "pass": True}] * (limits.MAX_MOVES_PER_DEAL + 1)})
    (problem,) = check_record(doc).problems
    assert f"limit of {limits.MAX_MOVES_PER_DEAL} per deal" in problem.detail


def test_default_profile_applies_only_when_the_record_names_none() -> None:
    doc = {"deals": [{"hands": HANDS, "moves": []}]}
    checked = check_record(doc, default_profile=P, complete=False)
    assert checked.report is not None and checked.report["valid"]
    named = {"profile": "hk-standard", "deals": [{"hands": HANDS, "moves": []}]}
    report = check_record(named, default_profile=P, complete=False).report
    assert report is not None and [e["code"] for e in report["errors"]] == ["HAND_SIZE"] * 4


def test_deal_code_stands_for_its_hands() -> None:
    from bigtwo.rules import deals

    spec = deals.new_spec(4, 13, seed=12345)
    hands, _ = deals.deal(spec)
    by_code = check_record({"profile": "hk-standard", "deals": [{"deal_code": spec.code, "moves": []}]},
                           complete=False)
    assert by_code.record is not None and by_code.record.deals[0].hands == hands
    assert by_code.report is not None and by_code.report["valid"]


@pytest.mark.parametrize(
    ("code", "detail"),
    [("B2-4-13-U", "'U' is not a Crockford base32 digit"), ("B2-4-13-ZZZZZZZZZZZZZ", "over 2**64 - 1"),
     ("B2-4-14-1", "do not fit in 52 cards"), ("hello", "is not a deal code")],
)
def test_bad_deal_codes_say_why(code: str, detail: str) -> None:
    from bigtwo.rules import deals

    said = deals.parse_code(code)
    assert isinstance(said, str) and detail in said
