"""Score sheets under v4 profiles (docs/RECORDS.md, "Score sheets": jokers, copies and the
missed call): JK cells, copies, and the 0* mark on the winner's cell. The sheet's own reading is tested here on
the rows it builds; replaying them end to end needs the multiset referee."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo.formats.sheets import _read, check_sheet
from bigtwo.reports.sheet_words import SheetWords
from bigtwo.rules.profiles import DEFAULT_RESOLVER, Profile

JOKERS = {"extends": "hk-standard", "decks": 2, "jokers": 1}
CALL = {"extends": "hk-standard", "last_card_call": "liable",
        "scoring": {"settlement": "penalty_only"}}
GUARD_AND_CALL = {**CALL, "last_card_guard": "liable"}


def _profile(ref: Any) -> Profile:
    profile, problems = DEFAULT_RESOLVER.resolve(ref, "/profile")
    assert profile is not None, problems
    return profile


def rows(sheet: str, ref: Any) -> tuple[list[dict[str, Any]], list[tuple[str, str]]]:
    read = _read(sheet, _profile(ref), SheetWords("en"), None)
    return read.deals, [(p.pointer, p.detail) for p in read.problems()]


@pytest.mark.parametrize(("cells", "left"), [
    ("0,JK 5C,3D,4D", [[], ["JK", "5C"], ["3D"], ["4D"]]),
    ("0,jk 5c,🃏 JK,9H 9H", [[], ["JK", "5C"], ["JK", "JK"], ["9H", "9H"]]),
    (",5C 5C,JK,2S", [[], ["5C", "5C"], ["JK"], ["2S"]]),
])
def test_joker_and_copy_cells(cells: str, left: list[list[str]]) -> None:
    deals, problems = rows(f"deal,Ana,Ben,Cai,Dee\n1,{cells}\n", JOKERS)
    assert problems == []
    assert deals == [{"result": {"left": left}}]


@pytest.mark.parametrize(("ref", "cell"), [
    ("hk-standard", "JK 5C"),  # no jokers: JK is no card, as before v4
    (JOKERS, "JK=5C 3D"),  # a stand-in names a card in a play only
    (JOKERS, "JK=JK"),
])
def test_joker_cells_that_are_no_cells(ref: Any, cell: str) -> None:
    deals, problems = rows(f"deal,Ana,Ben,Cai,Dee\n1,0,{cell},3D,4D\n", ref)
    assert deals == []
    assert len(problems) == 1
    pointer, detail = problems[0]
    assert pointer == "/rows/2/Ben"
    assert "is neither a count nor a card" in detail


@pytest.mark.parametrize(("ref", "cells", "liable"), [
    (CALL, "0*,5,2,13", 0),  # the winner missed its call: it pays every loser's penalty
    (CALL, "*,5,2,13", 0),  # an empty winner's cell marked
    (CALL, "0*,5C 2S,2D,3D", 0),
    (GUARD_AND_CALL, "0*,5,2,13", 0),
    (GUARD_AND_CALL, "0,5*,2,13", 1),  # the v3 mark on a loser stays as it is
    ({"extends": "hk-standard", "last_card_guard": "liable"}, "0,5,2*,13", 2),
])
def test_the_liable_mark(ref: Any, cells: str, liable: int) -> None:
    deals, problems = rows(f"deal,Ana,Ben,Cai,Dee\n1,{cells}\n", ref)
    assert problems == []
    assert deals[0]["result"]["liable"] == liable


def test_a_mark_without_either_rule_is_named() -> None:
    _, problems = rows("deal,Ana,Ben,Cai,Dee\n1,0*,5,2,13\n", "hk-standard")
    assert problems == [("/rows/2/Ana", "row 2, column Ana: this profile has no \"takes all\" "
                         "rule (last card guard: liable, or last card call: liable): remove "
                         "the * after Ana's cell")]


def test_a_liable_winner_scores_the_moved_penalties() -> None:
    # With the call's scoring (the fields branch) a sheet's 0* moves every loser's penalty
    # to the winner; until then the row at least reaches the core as result.liable = winner.
    record, checked = check_sheet("deal,Ana,Ben,Cai,Dee\n1,0*,5,2,1\n", CALL)
    assert record is None or record["deals"][0]["result"]["liable"] == 0
    assert checked is not None


def test_a_deal_code_under_a_profile_beyond_codes_is_named_at_its_cell() -> None:
    _, problems = rows("deal,Ana,Ben,Cai,Dee,deal_code\n1,0,5,2,13,B2-4-13-0\n", JOKERS)
    assert len(problems) == 1
    pointer, detail = problems[0]
    assert pointer == "/rows/2/deal_code"
    assert "this profile has 2 decks and 2 jokers: give the hands instead" in detail
