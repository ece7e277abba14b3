"""A deal's ``proof`` (RECORDS.md, v5 additions): read at its pointers, checked by the replay
before anything else of its deal (PROOF_MISMATCH, the deal then not_checked), and said in
every language."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from bigtwo.records.parse import parse_record
from bigtwo.records.pipeline import check_record
from bigtwo.reports.messages import LANGUAGES, render
from bigtwo.rules import fair
from tests.fair_records import SEED, TAMPERINGS, proven_record, tampered

EIGHT_SEATS = {"extends": "hk-standard", "players": 8, "hand_size": 13, "decks": 2, "jokers": 1}
PROFILES: list[Any] = ["hk-standard", "pusoy-dos", EIGHT_SEATS,
                       {"extends": "hk-standard", "players": 3, "hand_size": 17, "jokers": 1,
                        "leftover": "to_opener"}]


@pytest.mark.parametrize("ref", PROFILES, ids=["hk", "pusoy", "eight", "to-opener"])
def test_a_proof_that_holds_validates_clean(ref: Any) -> None:
    checked = check_record(proven_record(ref))
    assert checked.report is not None, checked.problems
    assert checked.report["errors"] == []
    assert checked.report["deals"][0]["status"] == "complete"
    assert checked.record is not None
    proof = checked.record.deals[0].proof
    assert proof is not None and proof.seed == SEED
    assert [seat for seat, _ in proof.entropy] == list(range(len(proof.entropy)))


def test_a_proof_beside_a_deal_code_holds() -> None:
    record = proven_record()
    deal = record["deals"][0]
    deal["deal_code"] = deal["proof"]["deal_code"].lower()
    del deal["hands"]
    checked = check_record(record)
    assert checked.report is not None and checked.report["errors"] == []


def test_a_server_deal_has_no_entropy() -> None:
    checked = check_record(proven_record(entropy=[]))
    assert checked.report is not None and checked.report["errors"] == []


@pytest.mark.parametrize("how", sorted(TAMPERINGS))
def test_every_broken_link_is_proof_mismatch(how: str) -> None:
    checked = check_record(tampered(proven_record(), how))
    assert checked.report is not None, checked.problems
    (error,) = checked.report["errors"]
    assert error["code"] == "PROOF_MISMATCH"
    assert error["params"] == TAMPERINGS[how]
    assert error["move"] is None and error["deal"] == 0
    assert error["seat"] == TAMPERINGS[how].get("seat")
    reason = TAMPERINGS[how]["reason"]
    assert error["pointer"] == ("/deals/0/hands/1" if reason == "hands"
                                else f"/deals/0/proof/{reason}")
    (deal,) = checked.report["deals"]
    assert deal["status"] == "not_checked" and deal["moves_checked"] == 0
    assert checked.report["valid"] is False


def test_the_hands_message_is_records_example() -> None:
    checked = check_record(tampered(proven_record(), "hands"))
    assert checked.report is not None
    assert checked.report["errors"][0]["message"] == (
        "The deal's proof does not hold: seat 1's hand is not what the revealed seed deals")


@pytest.mark.parametrize("how", sorted(TAMPERINGS))
def test_the_message_in_every_language(how: str) -> None:
    checked = check_record(tampered(proven_record(), how))
    assert checked.report is not None
    error = checked.report["errors"][0]
    said = {lang: render(error, lang) for lang in LANGUAGES}
    english = said["en"]
    assert english.startswith("The deal's proof does not hold")
    for lang, text in said.items():
        assert text and "{" not in text, (lang, text)
        if lang != "en":
            assert text != english, lang
        if TAMPERINGS[how]["reason"] == "hands":
            assert "1" in text, (lang, text)


def test_a_broken_proof_comes_before_the_hands_own_problems() -> None:
    record = tampered(proven_record(), "seed")
    record["deals"][0]["hands"][0].append("3C")  # a card twice and a hand too large
    checked = check_record(record)
    assert checked.report is not None
    assert [e["code"] for e in checked.report["errors"]] == ["PROOF_MISMATCH"]


def test_a_broken_first_deal_leaves_the_winner_unknown() -> None:
    record = proven_record()
    second = copy.deepcopy(record["deals"][0])
    record["deals"][0] = tampered(record, "hands")["deals"][0]
    record["deals"].append(second)
    record["profile"] = {"extends": "hk-standard", "opening": {"later_deals": "previous_winner"}}
    checked = check_record(record)
    assert checked.report is not None
    statuses = [d["status"] for d in checked.report["deals"]]
    assert statuses == ["not_checked", "not_checked"]


def Edit(path: str, value: Any) -> Callable[[dict[str, Any]], None]:  # noqa: N802 - a table
    def edit(proof: dict[str, Any]) -> None:
        *parents, last = path.split("/")
        at: Any = proof
        for key in parents:
            at = at[int(key)] if isinstance(at, list) else at[key]
        if value is DELETE:
            del at[last]
        elif isinstance(at, list):
            at[int(last)] = value
        else:
            at[last] = value
    return edit


DELETE = object()
MALFORMED: list[tuple[str, Callable[[dict[str, Any]], None], str, str]] = [
    ("short seed", Edit("seed", "ab" * 31), "/deals/0/proof/seed", "hex64"),
    ("seed not hex", Edit("seed", "zz" * 32), "/deals/0/proof/seed", "hex64"),
    ("seed a number", Edit("seed", 7), "/deals/0/proof/seed", "hex64"),
    ("long commitment", Edit("commitment", "a" * 65), "/deals/0/proof/commitment", "hex64"),
    ("no seed", Edit("seed", DELETE), "/deals/0/proof/seed", "proof_missing"),
    ("no entropy", Edit("entropy", DELETE), "/deals/0/proof/entropy", "proof_missing"),
    ("unknown key", Edit("salt", "x"), "/deals/0/proof/salt", "unknown_list"),
    ("near key", Edit("commitmnt", "x"), "/deals/0/proof/commitmnt", "unknown_near"),
    ("entropy not a list", Edit("entropy", "abc"), "/deals/0/proof/entropy", "entropy"),
    ("entropy too long", Edit("entropy", [{"seat": s % 4, "value": "x"} for s in range(5)]),
     "/deals/0/proof/entropy", "entropy"),
    ("seat out of range", Edit("entropy/3/seat", 4), "/deals/0/proof/entropy/3/seat",
     "seat_range"),
    ("seat not a number", Edit("entropy/0/seat", "0"), "/deals/0/proof/entropy/0/seat", "seat"),
    ("seats out of order", Edit("entropy/1/seat", 0), "/deals/0/proof/entropy/1/seat",
     "entropy_order"),
    ("seat twice", Edit("entropy/2/seat", 1), "/deals/0/proof/entropy/2/seat", "entropy_order"),
    ("value over 64", Edit("entropy/0/value", "x" * 65), "/deals/0/proof/entropy/0/value",
     "entropy_value"),
    ("empty value", Edit("entropy/0/value", ""), "/deals/0/proof/entropy/0/value",
     "entropy_value"),
    ("value a number", Edit("entropy/0/value", 5), "/deals/0/proof/entropy/0/value",
     "entropy_value"),
    ("entry without value", Edit("entropy/0/value", DELETE), "/deals/0/proof/entropy/0",
     "entropy"),
    ("entry with more", Edit("entropy/0/by", "Ana"), "/deals/0/proof/entropy/0/by",
     "unknown_list"),
]


@pytest.mark.parametrize(("edit", "pointer", "key"), [m[1:] for m in MALFORMED],
                         ids=[m[0] for m in MALFORMED])
def test_a_malformed_proof_is_an_input_problem_at_its_pointer(
        edit: Callable[[dict[str, Any]], None], pointer: str, key: str) -> None:
    record = proven_record()
    edit(record["deals"][0]["proof"])
    parsed, problems = parse_record(record)
    assert [(p.pointer, p.code) for p in problems] == [(pointer, key)]
    checked = check_record(record, lang="de")
    assert checked.report is None
    assert [p.pointer for p in checked.problems] == [pointer]


@pytest.mark.parametrize("proof", [None, [], "x"])
def test_a_proof_is_an_object(proof: Any) -> None:
    record = proven_record()
    record["deals"][0]["proof"] = proof
    _, problems = parse_record(record)
    assert [(p.pointer, p.code) for p in problems] == [("/deals/0/proof", "proof")]


def test_a_proof_code_that_is_no_code_is_placed() -> None:
    record = proven_record()
    record["deals"][0]["proof"]["deal_code"] = "B3-4-13-0"
    _, problems = parse_record(record)
    assert [p.pointer for p in problems] == ["/deals/0/proof/deal_code"]


def test_a_proof_needs_the_hands_it_proves() -> None:
    record = proven_record()
    deal = record["deals"][0]
    del deal["hands"]
    del deal["moves"]
    deal["result"] = {"cards_left": [0, 1, 2, 3]}
    _, problems = parse_record(record)
    assert [(p.pointer, p.code) for p in problems] == [("/deals/0/proof", "proof_hands")]


def test_upper_case_hex_reads_as_lower_case() -> None:
    record = proven_record()
    proof = record["deals"][0]["proof"]
    proof["seed"], proof["commitment"] = proof["seed"].upper(), proof["commitment"].upper()
    checked = check_record(record)
    assert checked.report is not None and checked.report["errors"] == []
    assert fair.commitment(SEED) == proof["commitment"].lower()


def test_a_proof_spelt_otherwise_is_the_same_record() -> None:
    from bigtwo.records.identity import record_hash

    record = proven_record()
    spelt = copy.deepcopy(record)
    proof = spelt["deals"][0]["proof"]
    proof["seed"], proof["commitment"] = proof["seed"].upper(), proof["commitment"].upper()
    proof["deal_code"] = proof["deal_code"].lower()
    assert record_hash(spelt, "hk-standard") == record_hash(record, "hk-standard")
    other = tampered(record, "entropy")
    assert record_hash(other, "hk-standard") != record_hash(record, "hk-standard")


@pytest.mark.parametrize(("profile", "fairness"), [
    ("hk-standard", "shared"), ("pusoy-dos", "server"),
    ({"extends": "hk-standard", "players": 6, "decks": 2, "jokers": 2, "hand_size": 17},
     "shared")], ids=["hk-shared", "pusoy-server", "six-b2x-shared"])
def test_a_live_tables_record_proves_itself(profile: Any, fairness: str) -> None:
    # A table played to its end by the engine: its record, as any copy of the service reads
    # it, holds every proof; each tampering of any deal is PROOF_MISMATCH at that deal.
    from bigtwo.live import engine
    from tests.live.helpers import play_out, seeds, spec

    made = spec(profile, bots_=(1, 2), deals=2, fairness=fairness)
    new_seed = seeds(f"proofs {fairness}")
    state = engine.create(made, table_id="tb-" + "1" * 32, now=0.0, new_seed=new_seed).state
    final = state
    for final, _ in play_out(state, new_seed):  # noqa: B007 - the last state is the table's end
        pass
    record = engine.record(final)
    assert len(record["deals"]) == 2
    checked = check_record(record)
    assert checked.report is not None and checked.report["errors"] == []
    codes = [d["proof"]["deal_code"] for d in record["deals"]]
    assert all(c.startswith("B2X-" if isinstance(profile, dict) else "B2-") for c in codes)
    entropy = record["deals"][0]["proof"]["entropy"]
    assert [e["seat"] for e in entropy] == ([0, 3, 4, 5][:len(entropy)] if fairness == "shared"
                                           else [])
    for how in sorted(TAMPERINGS):
        broken = copy.deepcopy(record)
        broken["deals"][1] = tampered({"deals": [record["deals"][1]]}, how)["deals"][0]
        report = check_record(broken).report
        assert report is not None
        assert [(e["code"], e["deal"]) for e in report["errors"]] == [("PROOF_MISMATCH", 1)]
