"""The text ruling (``bigtwo.formats.text_report``): golden files beside the JSON goldens, and
the properties a person relies on (names, cards, numbers from 1, nothing raw to the terminal)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bigtwo.formats.text_report import (
    card_text,
    one_based,
    render_checked,
    render_report,
    safe,
    width,
)
from bigtwo.records.pipeline import check_record
from tests.core.test_golden import FILES, GOLDEN

TEXTS = sorted(GOLDEN.glob("*.txt"))


def _case(path: Path) -> dict:
    return json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))


def test_there_are_text_goldens() -> None:
    assert len(TEXTS) >= 8
    assert {p.stem for p in TEXTS} <= {p.stem for p in FILES}


@pytest.mark.parametrize("path", TEXTS, ids=[p.stem for p in TEXTS])
def test_text_golden(path: Path) -> None:
    """Regenerated from the JSON golden's record and query (`make golden` writes both)."""
    case = _case(path)
    checked = check_record(case["record"], **case["query"])
    assert render_checked(checked, case["query"].get("lang", "en")) == path.read_text(encoding="utf-8")


def test_names_cards_and_numbers_from_one() -> None:
    text = (GOLDEN / "spec-hk-two-deals.txt").read_text(encoding="utf-8")
    assert "4 players: Ana, Ben, Cai, Dee" in text
    assert "Deal 1: complete" in text and "Cai led. Dee went out first." in text
    assert "Totals: Ana -9 · Ben -34 · Cai +25 · Dee +18" in text
    broken = (GOLDEN / "code-card-not-held.txt").read_text(encoding="utf-8")
    # The report says move 1, seat 1 (from 0); a person reads move 2, the second seat.
    assert "! CARD_NOT_HELD (move 2, Seat 2): Seat 2 does not hold 5♣" in broken
    assert "    Seat 2 plays 5♣" in broken


@pytest.mark.parametrize(("name", "text"), [("9H", "9♥"), ("TS", "10♠"), ("2C", "2♣"), ("AD", "A♦")])
def test_cards_as_players_write_them(name: str, text: str) -> None:
    assert card_text(name) == text


@pytest.mark.parametrize(("raw", "shown"), [
    ("Ana", "Ana"),
    ("Zoë 李", "Zoë 李"),
    ("\x1b[2J\x1b[31mEve", "\\x1b[2J\\x1b[31mEve"),  # ANSI: clear screen, red
    ("Bob\rMallory", "Bob\\rMallory"),
    ("a\u202eb", "a\\u202eb"),  # right-to-left override
])
def test_names_cannot_drive_the_terminal(raw: str, shown: str) -> None:
    assert safe(raw) == shown


def test_a_hostile_name_is_escaped_everywhere() -> None:
    """A name that would drive the terminal is refused where it is read (an escape cannot be
    seen); a line break, which a name may hold, is shown escaped."""
    case = _case(GOLDEN / "spec-hk-two-deals.txt")
    record = {**case["record"], "players": ["\x1b[31mAna", "Ben", "Cai", "Dee\n"]}
    text = render_checked(check_record(record), "en")
    assert "\x1b" not in text and "/players/0" in text
    record = {**case["record"], "players": ["Ana", "Ben", "Cai", "Dee\n"]}
    text = render_checked(check_record(record), "en")
    assert "Dee\n" not in text and "Dee\\n" in text


def test_one_based_shifts_every_position() -> None:
    """Deal, move and seat numbers, and the positions inside params, count from 1 (the pages
    and the text ruling share this one function)."""
    seen = 0
    for path in FILES:
        for error in json.loads(path.read_text(encoding="utf-8"))["report"]["errors"]:
            shown = one_based(error)
            for key in ("deal", "move", "seat"):
                if isinstance(error.get(key), int):
                    assert shown[key] == error[key] + 1, (path.stem, key)
            seen += 1
    assert seen >= 20


def test_without_the_record_seats_are_numbered() -> None:
    case = _case(GOLDEN / "spec-hk-two-deals.txt")
    text = render_report(case["report"], None, "de")
    assert "4 Spieler: Platz 1, Platz 2, Platz 3, Platz 4" in text
    assert "Partie 2: beendet" in text


@pytest.mark.parametrize("lang", ["en", "de", "it"])
def test_every_language_renders_every_golden(lang: str) -> None:
    for path in FILES:
        case = json.loads(path.read_text(encoding="utf-8"))
        text = render_checked(check_record(case["record"], **{**case["query"], "lang": lang}), lang)
        assert text.endswith("\n") and "{" not in text.split("\n")[0]


@pytest.mark.parametrize(("text", "columns"), [("Ana", 3), ("李雷", 4), ("Zoë", 3), ("Zoe\u0308", 3),
                                               ("9♥", 2)])
def test_terminal_width(text: str, columns: int) -> None:
    assert width(text) == columns


def test_wide_names_keep_the_columns_aligned() -> None:
    case = _case(GOLDEN / "spec-hk-two-deals.txt")
    record = {**case["record"], "players": ["李雷", "Ben", "Zoe\u0308", "Dee"]}
    rows = [line for line in render_checked(check_record(record), "en").splitlines()
            if line.startswith("  ") and line.rstrip().endswith(("-6", "-16", "-2", "+24"))][:4]
    assert len({width(line) for line in rows}) == 1, rows
