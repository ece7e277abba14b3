"""A record already stored is answered as stored (200) by a full tournament however its
profile is spelled: by id, inline as the preset it extends unchanged, or as the tournament's
own inline declaration. One whose inline profile has other rules is not that record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bigtwo.rules.profiles import PRESETS
from bigtwo.rules.simulate import simulate
from bigtwo.store.quotas import Quotas
from tests.tournaments.conftest import new_tournament

MINIMAL = json.loads((Path(__file__).resolve().parents[2] / "examples" / "minimal.json").read_text())


def _full_app(tmp_path: Any) -> Any:
    from app import create_app

    return create_app({"TESTING": True, "BIGTWO_DB": str(tmp_path / "q.db"),
                       "BIGTWO_QUOTAS": Quotas(records_per_tournament=1)})  # type: ignore[arg-type]


def _hk_record() -> dict[str, Any]:
    return next(iter(simulate(PRESETS["hk-standard"], records=1, deals_per_record=2, seed=4)))


def _with(record: dict[str, Any], profile: Any) -> dict[str, Any]:
    out = {k: v for k, v in record.items() if k != "profile"}
    return out if profile is None else {**out, "profile": profile}


HK = "hk-standard"


@pytest.mark.parametrize(("tournament_profile", "record", "stored_as", "resent_as"), [
    (HK, _hk_record(), HK, {"extends": HK}),
    (HK, _hk_record(), {"extends": HK}, HK),
    (HK, _hk_record(), None, {"extends": HK}),
    (HK, _hk_record(), {"extends": HK}, None),
    (MINIMAL["profile"], MINIMAL, MINIMAL["profile"], MINIMAL["profile"]),
    (MINIMAL["profile"], MINIMAL, None, MINIMAL["profile"]),
    (MINIMAL["profile"], MINIMAL, MINIMAL["profile"], None),
])
def test_a_stored_record_sent_again_to_a_full_tournament_is_200(
        tmp_path: Any, tournament_profile: Any, record: dict[str, Any], stored_as: Any,
        resent_as: Any) -> None:
    client = _full_app(tmp_path).test_client()
    t = new_tournament(client, profile=tournament_profile)
    first = t.upload(_with(record, stored_as))
    assert first.status_code == 201, first.get_json()
    again = t.upload(_with(record, resent_as))
    assert again.status_code == 200, again.get_json()
    assert again.get_json()["id"] == first.get_json()["id"]
    assert again.get_json()["created"] is False
    # In a batch too.
    batch = t.upload({"records": [_with(record, resent_as), _with(record, stored_as)]})
    assert batch.status_code == 200 and batch.get_json()["duplicates"] == 2


def test_an_inline_profile_with_other_rules_is_not_the_stored_record(tmp_path: Any) -> None:
    client = _full_app(tmp_path).test_client()
    t = new_tournament(client, profile=HK)
    record = _hk_record()
    assert t.upload(_with(record, HK)).status_code == 201
    other = t.upload(_with(record, {"extends": HK, "bombs": "anything"}))
    # Not answered as the stored record: the full tournament refuses it.
    assert other.status_code == 409
    assert other.get_json()["type"].endswith("/quota-exceeded")
