"""Hostile proofs (issue 39, the proofs' class): every deal of a record may carry a proof
checked to its last link, so what a proof costs is bounded by counting: two hashes and one
shuffle of the supply per proof, never more, whatever the tampering; and a malformed proof
(a huge entropy list, a huge value) is refused at once, with one problem, before any hash."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from bench.hostile import proof_record
from bigtwo.records.parse import parse_record
from bigtwo.records.pipeline import check_record
from bigtwo.rules import deals

DEALS = 20


class Counted:
    """Counts the shuffles of each deal code format and the hashes the proofs take."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.shuffles = 0
        self.draws = 0
        self.hashes = 0
        shuffle, draw, digest = deals.shuffled_supply, deals.SplitMix64.next, hashlib.sha256

        def shuffled(spec: deals.SupplySpec) -> list[int]:
            self.shuffles += 1
            return shuffle(spec)

        def next_draw(rng: deals.SplitMix64) -> int:
            self.draws += 1
            return draw(rng)

        def sha256(data: bytes = b"") -> Any:
            self.hashes += 1
            return digest(data)

        monkeypatch.setattr(deals, "shuffled_supply", shuffled)
        monkeypatch.setattr(deals.SplitMix64, "next", next_draw)
        monkeypatch.setattr(hashlib, "sha256", sha256)


@pytest.mark.parametrize("holds", [True, False], ids=["holds", "hands-differ"])
def test_each_proof_costs_two_hashes_and_one_shuffle(monkeypatch: pytest.MonkeyPatch,
                                                     holds: bool) -> None:
    record = proof_record(DEALS, holds=holds)
    counted = Counted(monkeypatch)
    checked = check_record(record, complete=False)
    assert checked.report is not None
    codes = [e["code"] for e in checked.report["errors"]]
    assert codes == ([] if holds else ["PROOF_MISMATCH"] * DEALS)
    # Reading the deal's own code shuffles once; its proof once more.
    assert counted.shuffles == 2 * DEALS
    assert counted.hashes == 2 * DEALS
    supply = 4 * (52 + 2)
    # Fisher-Yates draws one number per card but the first; a rejection is 1 in 10^16 here.
    assert counted.draws == 2 * DEALS * (supply - 1)


def test_a_proof_that_fails_early_shuffles_nothing_more(monkeypatch: pytest.MonkeyPatch) -> None:
    record = proof_record(DEALS)
    for deal in record["deals"]:
        deal["proof"]["commitment"] = "0" * 64
    counted = Counted(monkeypatch)
    checked = check_record(record, complete=False)
    assert checked.report is not None
    assert len(checked.report["errors"]) == DEALS
    assert counted.shuffles == DEALS  # the deal codes' own; no proof went past its seed
    assert counted.hashes == DEALS


@pytest.mark.parametrize(("entropy", "pointer"), [
    ([{"seat": 0, "value": "x"}] * 100_000, "/deals/0/proof/entropy"),
    ([{"seat": 0, "value": "x" * (1 << 20)}], "/deals/0/proof/entropy/0/value"),
    ([{"seat": 0, "value": "x", **{f"k{i}": i for i in range(10_000)}}], None),
])
def test_a_huge_malformed_proof_is_refused_before_any_hash(
        monkeypatch: pytest.MonkeyPatch, entropy: list[Any], pointer: str | None) -> None:
    record = proof_record(1)
    record["deals"][0]["proof"]["entropy"] = entropy
    counted = Counted(monkeypatch)
    _, problems = parse_record(record)
    assert problems and counted.hashes == 0 and counted.shuffles == 1  # the deal's own code
    if pointer is not None:
        assert [p.pointer for p in problems] == [pointer]
