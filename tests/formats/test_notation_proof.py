"""A live table's record in notation proves itself (docs/NOTATION.md, "A deal's proof"): the
`proof` line is written and read back to the same record, the report is the JSON's byte for
byte, a tampered proof is PROOF_MISMATCH and a malformed one an input problem at its
pointer."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo.formats.notation.games import check_text, read_games
from bigtwo.formats.notation.writer import write_record
from tests.fair_records import TAMPERINGS, proven_record, tampered
from tests.formats.test_notation_roundtrip import assert_round_trip

EIGHT_SEATS = {"extends": "hk-standard", "players": 8, "hand_size": 13, "decks": 2, "jokers": 1}


@pytest.mark.parametrize("ref", ["hk-standard", "pusoy-dos", EIGHT_SEATS],
                         ids=["hk", "pusoy", "eight"])
def test_a_proven_record_round_trips(ref: Any) -> None:
    doc = proven_record(ref)
    assert_round_trip(doc)
    text = write_record(doc)
    (line,) = [ln for ln in text.splitlines() if ln.startswith("proof ")]
    assert '"commitment":' in line and '"seed":' in line
    # It is the deal's last line, after the moves.
    assert text.rstrip("\n").splitlines()[-1] == line


@pytest.mark.parametrize("how", sorted(TAMPERINGS))
def test_a_tampered_proof_in_notation_is_proof_mismatch(how: str) -> None:
    doc = tampered(proven_record(), how)
    assert_round_trip(doc)  # the same report as the JSON's, PROOF_MISMATCH included
    ((_, checked),) = check_text(write_record(doc))
    assert checked.report is not None
    (error,) = checked.report["errors"]
    assert (error["code"], error["params"]) == ("PROOF_MISMATCH", TAMPERINGS[how])


def test_a_proof_line_written_by_hand_is_read() -> None:
    doc = proven_record({"extends": "hk-standard", "hand_size": 3})
    text = write_record(doc).replace("proof {", "PROOF   {")
    (game,) = read_games(text)
    assert game.problems == [] and game.doc == doc


def test_a_malformed_proof_keeps_its_record_pointer() -> None:
    doc = proven_record()
    doc["deals"][0]["proof"]["seed"] = "xyz"
    ((_, checked),) = check_text(write_record(doc))
    assert checked.report is None
    assert [p.pointer for p in checked.problems] == ["/deals/0/proof/seed"]


@pytest.mark.parametrize(("line", "what"), [("proof seed", "proof <JSON>"),
                                           ("proof {", "JSON")])
def test_a_proof_line_that_is_not_json_is_placed(line: str, what: str) -> None:
    text = write_record(proven_record({"extends": "hk-standard", "hand_size": 3}))
    kept = [ln for ln in text.splitlines() if not ln.startswith("proof ")]
    (game,) = read_games("\n".join([*kept, line]) + "\n")
    assert game.doc is None and game.problems
    assert game.problems[0].pointer.startswith(f"/lines/{len(kept) + 1}/")


def test_a_second_proof_line_is_refused() -> None:
    text = write_record(proven_record({"extends": "hk-standard", "hand_size": 3}))
    proof = [ln for ln in text.splitlines() if ln.startswith("proof ")][0]
    (game,) = read_games(text + proof + "\n")
    assert game.doc is None and len(game.problems) == 1
