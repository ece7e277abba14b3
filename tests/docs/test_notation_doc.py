"""docs/NOTATION.md stands on its own for a referee writing games by hand: its summary of the
rules names exactly the presets there are, spells cards as the reader reads them, says how
seats are counted before any other line speaks of a seat, and its sums of a score sheet are
what the engine scores. (Its examples are run by tests/formats/test_notation_reader.py and,
for its sessions, tests/docs/test_readme.py.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bigtwo.formats.notation.values import card_name
from bigtwo.rules import cards, scoring
from bigtwo.rules.profiles import PRESETS

NOTATION = Path(__file__).resolve().parents[2] / "docs" / "NOTATION.md"
TEXT = NOTATION.read_text(encoding="utf-8")
SUMMARY = TEXT[TEXT.index("## What you need from the rules"):TEXT.index("## A first game")]


def test_the_summary_lists_every_preset_and_no_other() -> None:
    rows = re.findall(r"^\| `([\w-]+)` \| (.+) \|$", SUMMARY, re.M)
    assert sorted(pid for pid, _ in rows) == sorted(PRESETS)
    assert all(len(line) > 20 for _, line in rows), "each preset says what it means"
    assert "(RULES.md)" in SUMMARY


@pytest.mark.parametrize(("written", "card"), [("3D", "3D"), ("TH", "TH"), ("10H", "TH"),
                                               ("2S", "2S"), ("♦3", "3D")])
def test_the_summarys_card_spellings_read_as_the_cards_it_says(written: str, card: str) -> None:
    assert f"`{written}`" in SUMMARY
    assert card_name(written) == card


def test_the_summarys_rank_order_is_the_engines() -> None:
    assert "`3 4 5 6 7 8 9 T J Q K A 2`" in SUMMARY
    assert [cards.rank_of(cards.NOTATION[f"{r}D"]) for r in "3456789TJQKA2"] == sorted(
        cards.rank_of(cards.NOTATION[f"{r}D"]) for r in "3456789TJQKA2")


def test_seats_are_counted_where_a_reader_first_meets_them() -> None:
    first = re.search(r"\bseats?\b", TEXT, re.I)
    assert first is not None
    paragraph = TEXT.rindex("\n\n", 0, first.start()) + 2
    said = TEXT[paragraph:TEXT.index("\n\n", first.start())]
    assert said.startswith("**Seats and numbers.**"), said[:80]
    assert "counted from 0" in said and "from 1" in said and "--format text" in said


def test_the_text_rulings_header_is_explained() -> None:
    assert "`== Line N ==`, where N is the line of the file the game starts on" in TEXT


@pytest.mark.parametrize("count", [8, 10, 13])
def test_the_tiers_the_page_states_are_the_hong_kong_presets(count: int) -> None:
    held = cards.mask_of(list(range(count)))
    paid, _ = scoring.penalty(PRESETS["hk-standard"], held)
    assert re.search(rf"\({count} (?:cards )?pay {paid}\)", TEXT), (count, paid)
