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
