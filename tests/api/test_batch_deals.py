"""A batch's cost follows its deals (issue 10, class 4): at most MAX_DEALS_PER_BATCH deals in
all its records, refused before any is checked; the CLI import splits batches to fit."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from bigtwo import limits
from tests.api.helpers import assert_problem, pointers
from tests.hostile.costly import ONE_CARD_PROFILE, one_board_records


def _over() -> dict[str, Any]:
    per = limits.MAX_DEALS_PER_RECORD
    records = one_board_records(limits.MAX_DEALS_PER_BATCH // per + 1, per)
    for r in records:
        r["profile"] = ONE_CARD_PROFILE
    return {"records": records}


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    import app.api.validation
    import bigtwo.store.tournaments

    calls = [0]
    for module in (app.api.validation, bigtwo.store.tournaments):
        original = module.check_record

        def counted(*args: Any, _original: Any = original, **kwargs: Any) -> Any:
            calls[0] += 1
            return _original(*args, **kwargs)

        monkeypatch.setattr(module, "check_record", counted)
    return calls


def test_a_batch_over_the_deal_limit_is_refused_unchecked(client: Any, checks: list[int]) -> None:
    body = _over()
    doc = assert_problem(client.post("/v1/validate/batch", data=json.dumps(body),
                                     content_type="application/json"), 422)
    assert pointers(doc) == ["/records"] and doc["limit"]["name"] == "MAX_DEALS_PER_BATCH"
    assert checks[0] == 0


def test_an_upload_over_the_deal_limit_stores_nothing(client: Any, checks: list[int]) -> None:
    made = client.post("/v1/tournaments", json={"name": "t", "profile": ONE_CARD_PROFILE}).json
    body = _over()
    for r in body["records"]:
        r.pop("profile")
    answer = client.post(f"/v1/tournaments/{made['id']}/records", data=json.dumps(body),
                         content_type="application/json",
                         headers={"Authorization": f"Bearer {made['token']}"})
    doc = assert_problem(answer, 422)
    assert "/records" in pointers(doc) and checks[0] == 0
    assert client.get(f"/v1/tournaments/{made['id']}").json["counts"]["records"] == 0


def test_the_cli_import_splits_batches_by_deals() -> None:
    from bigtwo.cli.importing import ImportSummary, _batches

    per = limits.MAX_DEALS_PER_RECORD
    count = 2 * limits.MAX_DEALS_PER_BATCH // per  # twice what one batch may hold
    lines = b"".join(json.dumps(r).encode() + b"\n" for r in one_board_records(count, per))
    batches = list(_batches(io.BytesIO(lines), ImportSummary()))
    sizes = [sum(len(r["deals"]) for r in records) for _, records, _ in batches]
    assert sizes == [limits.MAX_DEALS_PER_BATCH, limits.MAX_DEALS_PER_BATCH]
