"""One card grammar (``cards.parse_card``) for every reader: a card is its rank then its suit
or its suit then its rank, a suit in a letter or a symbol, in any case (docs/NOTATION.md,
docs/RECORDS.md). A suit letter first (``h5``, ``H10``, ``d3``) was refused everywhere though
the notation's grammar allows it; every reader now takes every spelling as the same card and
writes it back canonical."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigtwo.formats.notation.games import check_text, read_games
from bigtwo.formats.notation.writer import write_record
from bigtwo.formats.sheets import sheet_to_record
from bigtwo.records.pipeline import check_record
from bigtwo.rules import cards, kinds
from tests.tournaments.helpers import simulated

LETTERS = {s: (s, s.lower()) for s in cards.SUITS}
SYMBOLS = {"C": "♣♧", "D": "♦♢", "H": "♥♡", "S": "♠♤"}
FORMS = ("rank-letter", "letter-rank", "rank-symbol", "symbol-rank")


def spell(card: int, form: str, rank_at: int = 0, suit_at: int = 0) -> str:
    """Card ``card`` in ``form``; ``rank_at``/``suit_at`` pick among the rank's and the suit's
    spellings (wrapping round)."""
    rank, suit = cards.CANONICAL[card]
    ranks = ("T", "t", "10") if rank == "T" else (rank, rank.lower())
    r = ranks[rank_at % len(ranks)]
    if form.endswith("letter") or form.startswith("letter"):
        s = LETTERS[suit][suit_at % 2]
    else:
        s = SYMBOLS[suit][suit_at % 2]
    return r + s if form.startswith("rank") else s + r


def every_spelling(card: int) -> set[str]:
    return {spell(card, form, r, s) for form in FORMS for r in range(3) for s in range(2)}


@pytest.mark.parametrize("card", range(cards.DECK_SIZE))
def test_every_spelling_of_every_card_is_that_card(card: int) -> None:
    spellings = every_spelling(card)
    assert len(spellings) >= 8  # four orders and forms, two suit spellings each
    for text in spellings:
        assert cards.parse_card(text) == card, text
        assert cards.card_name(text) == cards.CANONICAL[card]
        assert cards.NAME_OF[text] == cards.CANONICAL[card]  # the readers' table agrees


@pytest.mark.parametrize(("text", "card"), [("h5", "5H"), ("H10", "TH"), ("d3", "3D"),
                                            ("S2", "2S"), ("cA", "AC"), ("Ht", "TH"),
                                            ("sq", "QS")])
def test_the_issues_spellings(text: str, card: str) -> None:
    assert cards.card_name(text) == card


@pytest.mark.parametrize("text", ["HH", "33", "D", "10", "H1", "1H", "H 3", "3DD", "DD3", "T",
                                  "H11", "♦♦3", "X3", "3X", ""])
def test_what_is_no_card_stays_no_card(text: str) -> None:
    assert cards.parse_card(text) is None


def _respelled(record: dict[str, Any], choose: Any) -> dict[str, Any]:
    out = copy.deepcopy(record)
    for deal in out["deals"]:
        deal["hands"] = [[choose(c) for c in hand] for hand in deal["hands"]]
        for move in deal["moves"]:
            if "play" in move:
                move["play"] = [choose(c) for c in move["play"]]
    return out


@st.composite
def respellers(draw: Any) -> Any:
    """A function giving each card one spelling, drawn per card."""
    picks = draw(st.lists(st.tuples(st.sampled_from(FORMS), st.integers(0, 2), st.integers(0, 1)),
                          min_size=cards.DECK_SIZE, max_size=cards.DECK_SIZE))

    def choose(name: str) -> str:
        card = cards.NOTATION[name]
        form, r, s = picks[card]
        return spell(card, form, r, s)
    return choose


RECORD = simulated(1, seed=11)[0]
REPORT = check_record(RECORD).report


@settings(max_examples=25, deadline=None)
@given(respellers())
def test_a_record_in_any_spelling_reads_as_in_json_and_in_notation(choose: Any) -> None:
    spelt = _respelled(RECORD, choose)
    assert check_record(spelt).report == REPORT
    text = write_record(RECORD)
    # The notation written with the cards respelled reads as the same record.
    respelt = "\n".join(_respell_line(line, choose) for line in text.split("\n"))
    (game, checked), = check_text(respelt)
    assert checked.report == REPORT
    assert game.doc is not None and write_record(game.doc) == text  # canonical again


def _respell_line(line: str, choose: Any) -> str:
    return " ".join(choose(w) if w in cards.CANONICAL else
                    choose(w[:-1]) + "," if w[:-1] in cards.CANONICAL and w.endswith(",") else w
                    for w in line.split(" "))


@pytest.mark.parametrize("form", FORMS)
def test_a_score_sheet_reads_every_spelling(form: str) -> None:
    left = ["3D", "TH", "KS"]
    cells = [" ".join(spell(cards.NOTATION[c], form, 2, 1) for c in left), "0",
             spell(cards.NOTATION["2S"], form), spell(cards.NOTATION["9C"], form, 1)]
    record, problems = sheet_to_record("deal,Ana,Ben,Cai,Dee\n1," + ",".join(cells) + "\n",
                                       "hk-standard")
    assert problems == [] and record is not None
    assert record["deals"][0]["result"]["left"][0] == left


@pytest.mark.parametrize("form", FORMS)
def test_a_profile_field_reads_every_spelling(form: str) -> None:
    assert kinds.Card().load_value(spell(cards.NOTATION["2S"], form, 0, 1), False) == "2S"


def test_notation_reads_suit_letters_first() -> None:
    (game,) = read_games("profile extends hk-standard\nhand_size = 3\nplayers Ana Ben Cai Dee\n"
                         "deal 1\nhand Ana: d3 C9 sK\nhand Ben: c4 h5 S2\nhand Cai: D6 s6 hJ\n"
                         "hand Dee: C7 H8 dA\nAna: D3, c4, Hj, aD, pass, s2, pass, pass, pass\n"
                         "Ben: h5\n")
    assert game.problems == [] and game.doc is not None
    assert game.doc["deals"][0]["hands"][0] == ["3D", "9C", "KS"]
    assert check_record(game.doc).report["valid"] is True  # type: ignore[index]


def test_the_api_reads_suit_letters_first(client: Any) -> None:
    answer = client.post("/v1/combinations/evaluate", json={
        "profile": "casual", "cards": ["sK", "Hk"], "table": ["D9", "c9"]}).get_json()
    assert answer["combination"]["cards"] == ["KH", "KS"] and answer["beats_table"] is True
    unfinished = copy.deepcopy(RECORD)
    unfinished["deals"][0]["moves"] = unfinished["deals"][0]["moves"][:1]
    unfinished["deals"][0].pop("declared", None)
    expected = client.post("/v1/next", json=unfinished).get_json()
    letters_first = _respelled(unfinished, lambda n: n[1].lower() + n[0])
    assert letters_first["deals"][0]["hands"][0][0][0] in "cdhs"
    assert client.post("/v1/next", json=letters_first).get_json() == expected
    assert client.post("/v1/validate", json=_respelled(RECORD, lambda n: n[1] + n[0])
                       ).get_json() == client.post("/v1/validate", json=RECORD).get_json()
