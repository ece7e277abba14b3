"""The report's v4 parts (RECORDS v4): ``sweep_factor`` in each seat's scoring part where the profile
sweeps (``scoring.sweep_factor`` above 1), ``liable`` under the last-card call too, and nothing
else, so v3 reports stay as they were."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo.records.pipeline import check_record
from bigtwo.reports.report import with_sweep

HANDS = [["3D", "9C", "KS"], ["4C", "5H", "2S"], ["6D", "6S", "JH"], ["7C", "8H", "AD"]]
MOVES = [{"seat": 0, "play": ["3D"]}, {"seat": 1, "play": ["4C"]}, {"seat": 2, "play": ["JH"]},
         {"seat": 3, "play": ["AD"]}, {"seat": 0, "pass": True}, {"seat": 1, "play": ["2S"]},
         {"seat": 2, "pass": True}, {"seat": 3, "pass": True}, {"seat": 0, "pass": True},
         {"seat": 1, "play": ["5H"]}]


def _scoring(scoring: dict[str, Any]) -> list[Any]:
    profile = {"extends": "hk-standard", "hand_size": 3, **({"scoring": scoring} if scoring else {})}
    checked = check_record({"profile": profile, "deals": [{"hands": HANDS, "moves": MOVES}]})
    assert checked.report is not None
    parts: list[Any] = checked.report["deals"][0]["scoring"]
    return parts


@pytest.mark.parametrize(("scoring", "shown"), [({}, False), ({"sweep_factor": 1}, False),
                                                ({"sweep_factor": 2}, True),
                                                ({"sweep_factor": 3}, True)])
def test_sweep_factor_only_where_the_profile_sweeps(scoring: dict[str, Any], shown: bool) -> None:
    parts = _scoring(scoring)
    assert [p is not None and "sweep_factor" in p for p in parts] == [
        shown and p is not None for p in parts]


def test_with_sweep_keeps_a_factor_scoring_gave() -> None:
    assert with_sweep(None) is None
    assert with_sweep([None, {"own": 3}, {"own": 6, "sweep_factor": 2}]) == [
        None, {"own": 3, "sweep_factor": 1}, {"own": 6, "sweep_factor": 2}]


@pytest.mark.parametrize(("fields", "keys"), [
    ({}, set()),
    ({"last_card_guard": "liable"}, {"liable", "breaches"}),
    ({"last_card_call": "liable", "scoring": {"settlement": "penalty_only"}}, {"liable"}),
    ({"last_card_call": "liable", "last_card_guard": "liable",
      "scoring": {"settlement": "penalty_only"}}, {"liable", "breaches"}),
])
def test_liable_is_reported_under_either_rule(fields: dict[str, Any], keys: set[str]) -> None:
    profile = {"extends": "hk-standard", "hand_size": 3, **fields}
    checked = check_record({"profile": profile, "deals": [{"hands": HANDS, "moves": MOVES}]})
    assert checked.report is not None
    assert set(checked.report["deals"][0]) & {"liable", "breaches"} == keys
