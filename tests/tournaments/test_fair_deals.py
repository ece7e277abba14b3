"""Fair deals (docs/DEAL_CODES.md, "Fair deals"): the formula pinned by a reference written
out here from the text (hashlib and struct, not bigtwo.rules.fair), pinned codes and hands,
and properties: any seed and entropy give a proof that holds, and any tampering breaks it with
the right reason and seat."""

from __future__ import annotations

import hashlib
import struct
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigtwo.rules import cards, deals, fair
from bigtwo.rules.profiles import DEFAULT_RESOLVER, Profile


def profile_of(ref: Any) -> Profile:
    profile, problems = DEFAULT_RESOLVER.resolve(ref, "/profile")
    assert not problems, problems
    return profile


# --- the reference: TABLES.md's formula, step by step ---------------------------------------
def reference_commitment(seed: bytes) -> str:
    return hashlib.sha256(b"commit:" + seed).hexdigest()


def reference_material(seed: bytes, entropy: list[str]) -> bytes:
    out = b"deal:" + seed
    for value in entropy:
        data = value.encode("utf-8")
        out += struct.pack(">I", len(data)) + data
    return out


def reference_deal_seed(seed: bytes, entropy: list[str]) -> int:
    (value,) = struct.unpack(">Q", hashlib.sha256(reference_material(seed, entropy)).digest()[:8])
    return int(value)


ZERO = bytes(32)
COUNTING = bytes(range(32))
ONES = b"\xff" * 32
ENTROPIES: list[list[str]] = [[], ["Ana", "Ben", "Cai", "Dee"], ["🂡", "日本"], [""], ["a" * 64]]


@pytest.mark.parametrize("seed", [ZERO, COUNTING, ONES])
@pytest.mark.parametrize("entropy", ENTROPIES, ids=range(len(ENTROPIES)))
def test_the_core_computes_the_formula(seed: bytes, entropy: list[str]) -> None:
    assert fair.commitment(seed) == reference_commitment(seed)
    assert fair.material(seed, entropy) == reference_material(seed, entropy)
    assert fair.deal_seed(seed, entropy) == reference_deal_seed(seed, entropy)


def test_the_material_spelled_out_byte_by_byte() -> None:
    # One contribution "é" (2 UTF-8 bytes) after the seed: the length is 4 bytes, big-endian.
    assert fair.material(ZERO, ["é", "ab"]) == (
        b"deal:" + b"\x00" * 32 + b"\x00\x00\x00\x02\xc3\xa9" + b"\x00\x00\x00\x02ab")
    # An empty contribution still counts: it is its length, 0.
    assert fair.material(ZERO, [""]) != fair.material(ZERO, [])


# Pinned: the commitments and codes of fixed seeds (docs/DEAL_CODES.md quotes the first ones).
PINNED_COMMITMENTS = {
    ZERO: "dadda90db49567c3a93c2563c738547ad4fef1dd580c3c8153b2dc71477b3c74",
    COUNTING: "35d55234fbd64edbf1e7bf30b940c27f40cf1b6d35513af1c609b9cd6c7e8741",
    ONES: "47a958eb14bbd5bc35ec9cb7884dec01551adda7607d0351c2b3bfd4423f6911",
}
PINNED_CODES = [
    (ZERO, [], 81494007810503779, "B2-4-13-28C6BS5DWD33"),
    (ZERO, ["Ana", "Ben", "Cai", "Dee"], 4731291832571208754, "B2-4-13-43A7CVARHT91J"),
    (COUNTING, [], 11776474677365465204, "B2-4-13-A6VKHACDC0R3M"),
    (COUNTING, ["Ana", "Ben", "Cai", "Dee"], 409972850962673206, "B2-4-13-BC444B2JYBHP"),
    (COUNTING, ["🂡", "日本"], 1153059707442955231, "B2-4-13-1003XP7DF80YZ"),
    (ONES, [], 12214377368778407989, "B2-4-13-AK0HFG2D9Q01N"),
]


@pytest.mark.parametrize(("seed", "commitment"), PINNED_COMMITMENTS.items(),
                         ids=["zero", "counting", "ones"])
def test_pinned_commitments(seed: bytes, commitment: str) -> None:
    assert fair.commitment(seed) == commitment == reference_commitment(seed)


@pytest.mark.parametrize(("seed", "entropy", "value", "code"), PINNED_CODES,
                         ids=[c for *_, c in PINNED_CODES])
def test_pinned_b2_codes(seed: bytes, entropy: list[str], value: int, code: str) -> None:
    assert reference_deal_seed(seed, entropy) == value
    assert fair.deal_seed(seed, entropy) == value
    assert fair.deal_code_of(profile_of("hk-standard"), seed, entropy) == code
    assert code == f"B2-4-13-{deals.encode_seed(value)}"


EIGHT_SEATS = {"extends": "hk-standard", "players": 8, "hand_size": 13, "decks": 2, "jokers": 1}
SIX_SEATS = {"extends": "hk-standard", "players": 6, "hand_size": 9, "jokers": 2}
TWO_DECKS = {"extends": "hk-standard", "decks": 2, "jokers": 2, "hand_size": 27}
TO_OPENER = {"extends": "hk-standard", "players": 3, "hand_size": 17, "jokers": 1,
             "leftover": "to_opener"}

# Pinned: the B2X hands the counting seed deals (no entropy) under four profiles beyond B2.
PINNED_B2X: list[tuple[dict[str, Any], str, list[str], str]] = [
    (EIGHT_SEATS, "B2X-8-13-2-1-A6VKHACDC0R3M", [
        "5D 5H 7H 7S 7S 9D 9S JH JH QS KC AD 2H",
        "4C 5C 5H 6H 7D 8H 8S 9C 9S TD TD JS 2S",
        "3S 3S 4C 4H 6C 7C 7H JC JD KD AH 2C JK",
        "3D 3H 4H 4S 8C 8H JC QD KH KS AD 2C 2S",
        "3D 5C 6D 6H 7D 8C 9H TH TS QC KD KH AS",
        "3C 4D 4S 5D 6D 6S 8S 9H JD QC QS 2D 2D",
        "3C 4D 5S 6S 7C 8D TC TS JS QD AC AS JK",
        "5S 6C 8D 9C 9D TC TH QH KC KS AC AH 2H"], "QH 3H"),
    (SIX_SEATS, "B2X-6-9-1-2-A6VKHACDC0R3M", [
        "3C 4D 6D 7H 8H TS JC KH AH",
        "3S 7C 7D 7S 9H TH KS AC JK",
        "3D 5S 8S TD JS QD QH KC AD",
        "3H 4H 5C 6C 9S JH AS 2D 2H",
        "4S 5H 6H 8D 9C 9D TC JD QS",
        "4C 5D 6S 8C QC KD 2C 2S JK"], ""),
    (TWO_DECKS, "B2X-4-27-2-2-A6VKHACDC0R3M", [
        "3C 3D 3S 3S 4C 6S 6S 7D 7H 8C 8D 8H 8S 8S 9C TD TH JH JH JS QC QD KD AD 2D JK JK",
        "3D 3H 4D 4S 5D 6C 6H 7D 8C 9D 9S TD TS TS JD JD JS QD KC KC KS AC AD AS 2C 2D JK",
        "3H 4C 4D 4H 4H 4S 5D 5S 5S 7C 7H 7S 8D 9C 9D 9H 9S TH QH KD KH AC AH 2H 2H 2S 2S",
        "3C 5C 5C 5H 5H 6C 6D 6D 6H 7C 7S 8H 9H TC TC JC JC QC QH QS QS KH KS AH AS 2C JK"],
     ""),
]


def names(hand: list[int]) -> str:
    return " ".join("JK" if c == cards.JOKER else cards.name(c) for c in hand)


@pytest.mark.parametrize(("ref", "code", "hands", "undealt"), PINNED_B2X,
                         ids=[code for _, code, _, _ in PINNED_B2X])
def test_pinned_b2x_hands(ref: dict[str, Any], code: str, hands: list[str],
                          undealt: str) -> None:
    profile = profile_of(ref)
    assert fair.deal_code_of(profile, COUNTING, []) == code
    spec = deals.parse_supply_code(code)
    assert isinstance(spec, deals.SupplySpec)
    dealt, rest = deals.deal_supply(spec)
    assert [names(h) for h in dealt] == hands
    assert names(rest) == undealt
    assert fair.hands_of_code(profile, code) == dealt


def test_b2x_gives_the_undealt_cards_to_the_opener_under_to_opener() -> None:
    profile = profile_of(TO_OPENER)
    code = fair.deal_code_of(profile, COUNTING, [])
    spec = deals.parse_supply_code(code)
    assert isinstance(spec, deals.SupplySpec)
    dealt, undealt = deals.deal_supply(spec)
    assert len(undealt) == 2
    hands = fair.hands_of_code(profile, code)
    assert isinstance(hands, list)
    grew = [seat for seat in range(3) if len(hands[seat]) == 17 + 2]
    assert len(grew) == 1
    lowest = min((c for h in dealt for c in h if c < cards.DECK_SIZE),
                 key=profile.by_strength.index)
    assert lowest in dealt[grew[0]]


def test_b2x_of_one_deck_deals_as_b2() -> None:
    # The extension is the same shuffle: over one deck without jokers it deals B2's cards.
    for seed in (0, 2068073, (1 << 64) - 1):
        b2 = deals.deal(deals.DealSpec(4, 13, seed))
        b2x = deals.deal_supply(deals.SupplySpec(4, 13, 1, 0, seed))
        assert b2 == b2x


def test_b2x_shuffle_is_the_b2_reference_over_the_larger_supply() -> None:
    # Written out from the doc: the supply sorted by card number, Fisher-Yates from the top.
    spec = deals.SupplySpec(8, 13, 2, 1, 7)
    deck = sorted(list(range(52)) * 2 + [52, 52])
    rng = deals.SplitMix64(7)
    for i in range(len(deck) - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    assert deals.shuffled_supply(spec) == deck


@pytest.mark.parametrize(("code", "wrong"), [
    ("B2X-9-13-2-1-0", "players"), ("B2X-8-14-1-0-0", "fit"), ("B2X-4-13-5-0-0", "decks"),
    ("B2X-4-13-1-3-0", "jokers"), ("B2X-4-0-1-0-0", "hand"), ("B2X-4-13-1-0-U", "digit"),
    ("B2X-4-13-1-0-G000000000000", "2**64")])
def test_impossible_b2x_codes_are_refused(code: str, wrong: str) -> None:
    assert isinstance(deals.parse_supply_code(code), str), wrong


def test_b2x_spellings_are_one_code() -> None:
    assert deals.canonical_code(" b2x-8-13-2-1-o1l ") == "B2X-8-13-2-1-11"
    assert deals.canonical_code("b2-4-13-lz3k9") == "B2-4-13-1Z3K9"
    assert deals.canonical_code(7) is None


# --- properties -------------------------------------------------------------------------------
PROFILES = [profile_of(ref) for ref in ("hk-standard", EIGHT_SEATS, SIX_SEATS, TWO_DECKS,
                                        TO_OPENER)]
seeds = st.binary(min_size=32, max_size=32)
contributions = st.lists(st.text(min_size=1, max_size=64), max_size=8)
profiles = st.sampled_from(PROFILES)
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def proven(profile: Profile, seed: bytes, entropy: list[str]) -> tuple[list[list[int]], str]:
    code = fair.deal_code_of(profile, seed, entropy)
    hands = fair.hands_of_code(profile, code)
    assert isinstance(hands, list)
    return hands, code


@FAST
@given(profiles, seeds, contributions)
def test_any_seed_and_entropy_give_a_proof_that_holds(profile: Profile, seed: bytes,
                                                      entropy: list[str]) -> None:
    hands, code = proven(profile, seed, entropy)
    assert fair.proof_problem(profile, hands, seed, fair.commitment(seed), entropy, code) is None
    # The spelling of the code and the case of the commitment do not matter.
    assert fair.proof_problem(profile, hands, seed, fair.commitment(seed).upper(), entropy,
                              code.lower()) is None


@FAST
@given(profiles, seeds, contributions, st.data())
def test_a_flipped_seed_byte_breaks_the_commitment(profile: Profile, seed: bytes,
                                                   entropy: list[str], data: st.DataObject) -> None:
    hands, code = proven(profile, seed, entropy)
    at = data.draw(st.integers(0, 31))
    bit = data.draw(st.integers(0, 7))
    flipped = bytearray(seed)
    flipped[at] ^= 1 << bit
    assert fair.proof_problem(profile, hands, bytes(flipped), fair.commitment(seed), entropy,
                              code) == ("commitment", None)


@FAST
@given(profiles, seeds, st.lists(st.text(min_size=1, max_size=63), min_size=1, max_size=8),
       st.data())
def test_a_changed_contribution_breaks_the_deal_code(profile: Profile, seed: bytes,
                                                     entropy: list[str],
                                                     data: st.DataObject) -> None:
    hands, code = proven(profile, seed, entropy)
    which = data.draw(st.integers(0, len(entropy) - 1))
    tampered = list(entropy)
    tampered[which] += data.draw(st.characters())
    assert fair.proof_problem(profile, hands, seed, fair.commitment(seed), tampered,
                              code) == ("deal_code", None)
    # Dropping a contribution, or swapping two that differ, is as good as changing one.
    assert fair.proof_problem(profile, hands, seed, fair.commitment(seed), entropy[:-1],
                              code) == ("deal_code", None)


@FAST
@given(profiles, seeds, contributions, st.integers(0, (1 << 64) - 1))
def test_another_code_breaks_the_deal_code(profile: Profile, seed: bytes, entropy: list[str],
                                           other: int) -> None:
    hands, code = proven(profile, seed, entropy)
    prefix, _, value = code.rpartition("-")
    if deals.encode_seed(other) == value:
        other += 1
    tampered = f"{prefix}-{deals.encode_seed(other & ((1 << 64) - 1))}"
    assert fair.proof_problem(profile, hands, seed, fair.commitment(seed), entropy,
                              tampered) == ("deal_code", None)
    assert fair.proof_problem(profile, hands, seed, fair.commitment(seed), entropy,
                              "not a code") == ("deal_code", None)


@FAST
@given(profiles, seeds, contributions, st.data())
def test_two_cards_swapped_between_seats_break_the_hands(profile: Profile, seed: bytes,
                                                         entropy: list[str],
                                                         data: st.DataObject) -> None:
    hands, code = proven(profile, seed, entropy)
    first = data.draw(st.integers(0, len(hands) - 2))
    second = data.draw(st.integers(first + 1, len(hands) - 1))
    mine = data.draw(st.sampled_from(hands[first]))
    theirs = [c for c in hands[second] if c != mine]
    if not theirs:  # the second seat holds only copies of that card
        return
    other = data.draw(st.sampled_from(theirs))
    tampered = [list(h) for h in hands]
    tampered[first].remove(mine)
    tampered[first].append(other)
    tampered[second].remove(other)
    tampered[second].append(mine)
    assert fair.proof_problem(profile, tampered, seed, fair.commitment(seed), entropy,
                              code) == ("hands", first)


def test_a_hand_missing_is_the_first_seat_without_its_cards() -> None:
    profile = profile_of("hk-standard")
    hands, code = proven(profile, COUNTING, [])
    assert fair.proof_problem(profile, hands[:2], COUNTING, fair.commitment(COUNTING), [],
                              code) == ("hands", 2)


def test_a_code_of_another_table_does_not_deal_the_profile() -> None:
    profile = profile_of("hk-standard")
    assert isinstance(fair.hands_of_code(profile, "B2-3-13-0"), str)
    assert isinstance(fair.hands_of_code(profile, "B2X-4-13-2-0-0"), str)
    assert isinstance(fair.hands_of_code(profile_of(TWO_DECKS), "B2-4-13-0"), str)


# --- a record's own deal_code may be a B2X code --------------------------------------------
def test_a_record_may_name_a_b2x_code() -> None:
    from bigtwo.records.pipeline import check_record

    code = fair.deal_code_of(profile_of(EIGHT_SEATS), COUNTING, [])
    checked = check_record({"profile": EIGHT_SEATS, "deals": [{"deal_code": code.lower(),
                                                               "moves": []}]},
                           complete=False)
    assert checked.ok, checked.problems
    assert checked.record is not None
    assert checked.record.deals[0].hands == fair.hands_of_code(profile_of(EIGHT_SEATS), code)
    assert checked.report is not None and not checked.report["errors"]


@pytest.mark.parametrize("ref", [TWO_DECKS, {**EIGHT_SEATS, "jokers": 0}, "hk-standard"])
def test_a_b2x_code_of_other_decks_is_an_input_problem(ref: Any) -> None:
    from bigtwo.records.parse import parse_record

    _, problems = parse_record({"profile": ref, "deals": [
        {"deal_code": "B2X-8-13-2-1-A6VKHACDC0R3M", "moves": []}]})
    (placed,) = [p for p in problems if p.pointer == "/deals/0/deal_code"]
    assert "deals 2 deck(s) with 1 joker(s) each" in placed.detail


def test_a_b2x_code_for_other_players_is_player_count() -> None:
    from bigtwo.records.pipeline import check_record

    checked = check_record({"profile": {**EIGHT_SEATS, "players": 7}, "deals": [
        {"deal_code": "B2X-8-13-2-1-A6VKHACDC0R3M", "moves": []}]}, complete=False)
    assert checked.report is not None
    assert [e["code"] for e in checked.report["errors"]] == ["PLAYER_COUNT"]


def test_the_leftover_of_a_b2x_code_in_a_record_goes_to_the_opener() -> None:
    from bigtwo.records.parse import parse_record

    code = fair.deal_code_of(profile_of(TO_OPENER), COUNTING, [])
    record, problems = parse_record({"profile": TO_OPENER, "deals": [{"deal_code": code,
                                                                      "moves": []}]})
    assert not problems and record is not None
    assert record.deals[0].hands == fair.hands_of_code(profile_of(TO_OPENER), code)
    assert sorted(len(h) for h in record.deals[0].hands) == [17, 17, 19]


def test_a_score_sheet_may_name_b2x_codes() -> None:
    from bigtwo.formats.sheets import check_sheet

    profile = {"extends": "hk-standard", "decks": 2, "jokers": 1}
    code = fair.deal_code_of(profile_of(profile), COUNTING, [])
    record, checked = check_sheet(f"deal,Ana,Ben,Cai,Dee,deal_code\n1,0,5,2,13,{code}\n"
                                  f"2,3,0,2,13,B2X-4-13-1-0-7\n", profile)
    assert record is None and checked is not None
    assert [(p.pointer, "deals 1 deck(s) with 0 joker(s) each" in p.detail)
            for p in checked.problems] == [("/rows/3/deal_code", True)]
    record, checked = check_sheet(f"deal,Ana,Ben,Cai,Dee,deal_code\n1,0,5,2,13,{code}\n",
                                  profile)
    assert record is not None and record["deals"][0]["deal_code"] == code


def test_notation_counts_the_seats_of_a_b2x_code() -> None:
    from bigtwo.formats.notation.games import read_games
    from bigtwo.formats.notation.writer import write_record

    doc = {"profile": EIGHT_SEATS, "deals": [{"deal_code": "B2X-8-13-2-1-A6VKHACDC0R3M",
                                             "moves": [{"seat": 3, "pass": True}]}]}
    (game,) = read_games(write_record(doc))
    assert game.problems == [] and game.doc == doc
