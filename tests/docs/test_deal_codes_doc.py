"""docs/DEAL_CODES.md says what the code does: the players a code may name (issue 17: the
doc said 2 to 4 when 5 work) and every worked example's hands, dealt again here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bigtwo.rules import cards, deals
from bigtwo.rules.cards import MAX_PLAYERS

DOC = (Path(__file__).resolve().parents[2] / "docs" / "DEAL_CODES.md").read_text(encoding="utf-8")
EXAMPLE = re.compile(r"`(B2-\d-\d{1,2}-[0-9A-Z]+)`[^\n]*:\n\n```\n(.*?)```", re.S)


def test_the_players_a_code_may_name() -> None:
    found = re.search(r"`<players>`: one digit, (\d) to (\d)", DOC)
    assert found is not None
    low, high = int(found.group(1)), int(found.group(2))
    assert (low, high) == (2, deals.MAX_CODE_PLAYERS)
    assert deals.MAX_CODE_PLAYERS < MAX_PLAYERS  # v4 tables beyond 5 seats have no code
    for players in range(10):
        spec = deals.parse_code(f"B2-{players}-1-0")
        assert isinstance(spec, deals.DealSpec) == (low <= players <= high), players


def test_the_impossible_numbers_the_doc_names_are_refused() -> None:
    assert "5 players of 13" in DOC
    for code in ("B2-5-13-0", "B2-4-14-0"):
        assert isinstance(deals.parse_code(code), str), code
    assert isinstance(deals.parse_code("B2-5-10-0"), deals.DealSpec)


EXAMPLES = EXAMPLE.findall(DOC)


def test_the_doc_has_examples_for_two_to_five_players() -> None:
    assert {int(code.split("-")[1]) for code, _ in EXAMPLES} == {2, 3, 4, 5}


@pytest.mark.parametrize(("code", "block"), EXAMPLES, ids=[code for code, _ in EXAMPLES])
def test_every_worked_example_deals_as_written(code: str, block: str) -> None:
    spec = deals.parse_code(code)
    assert isinstance(spec, deals.DealSpec)
    hands, undealt = deals.deal(spec)
    expected = [f"seat {i}: {' '.join(cards.names(h))}" for i, h in enumerate(hands)]
    if undealt:
        expected.append(f"undealt: {' '.join(cards.names(undealt))}")
    assert block.strip().splitlines() == expected


B2X_EXAMPLE = re.compile(r"`(B2X-\d-\d{1,3}-\d-\d-[0-9A-Z]+)`[^\n]*\n[^\n`]*:\n\n```\n(.*?)```|"
                         r"`(B2X-\d-\d{1,3}-\d-\d-[0-9A-Z]+)`[^\n]*:\n\n```\n(.*?)```", re.S)
B2X_EXAMPLES = [(m[0] or m[2], m[1] or m[3]) for m in B2X_EXAMPLE.findall(DOC)]


def test_the_doc_has_b2x_examples_beyond_b2() -> None:
    assert len(B2X_EXAMPLES) >= 2
    specs = [deals.parse_supply_code(code) for code, _ in B2X_EXAMPLES]
    assert all(isinstance(s, deals.SupplySpec) for s in specs)
    assert any(s.players > 5 for s in specs if isinstance(s, deals.SupplySpec))
    assert any(s.decks > 1 for s in specs if isinstance(s, deals.SupplySpec))


@pytest.mark.parametrize(("code", "block"), B2X_EXAMPLES, ids=[c for c, _ in B2X_EXAMPLES])
def test_every_b2x_example_deals_as_written(code: str, block: str) -> None:
    spec = deals.parse_supply_code(code)
    assert isinstance(spec, deals.SupplySpec)
    hands, undealt = deals.deal_supply(spec)

    def said(group: list[int]) -> str:
        return " ".join("JK" if c == cards.JOKER else cards.name(c) for c in group)

    expected = [f"seat {i}: {said(h)}" for i, h in enumerate(hands)]
    if undealt:
        expected.append(f"undealt: {said(undealt)}")
    assert block.strip().splitlines() == expected


FAIR_ROW = re.compile(r"^\| `([0-9a-f]{2})` x 32 \| none \| `([0-9a-f]{64})` \| (\d+) \| "
                      r"`(B2-[^`]+)` \|$|^\| `000102\.\.\.1f` \| ([^|]+) \| ([^|]+) \| (\d+) \| "
                      r"`(B2-[^`]+)` \|$", re.M)


def test_the_fair_deal_examples_hold() -> None:
    from bigtwo.rules import fair
    from bigtwo.rules.profiles import DEFAULT_RESOLVER

    profile, _ = DEFAULT_RESOLVER.resolve("hk-standard", "/profile")
    rows = FAIR_ROW.findall(DOC)
    assert len(rows) == 4
    for byte, commitment, value, code, given, said, counted, counted_code in rows:
        if byte:
            seed, entropy = bytes.fromhex(byte) * 32, []
        else:
            seed = bytes(range(32))
            entropy = [] if given.strip() == "none" else re.findall(r"`([^`]+)`", given)
            commitment, value, code = said.strip().strip("`"), counted, counted_code
        if commitment != "(the same)":
            assert fair.commitment(seed) == commitment
        assert fair.deal_seed(seed, entropy) == int(value)
        assert fair.deal_code_of(profile, seed, entropy) == code
