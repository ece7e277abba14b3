"""Score sheets as CSV (bigtwo.formats.sheets): the seeds' scoring from a sheet, every way a sheet can
be malformed (named by row and column), and a simulated game's sheet scoring as its replay."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigtwo.formats.sheets import check_sheet, sheet_to_record
from bigtwo.records.pipeline import check_record
from bigtwo.rules import cards, deals
from bigtwo.rules.profiles import DEFAULT_RESOLVER, PRESETS
from bigtwo.rules.scoring import cards_matter
from bigtwo.rules.simulate import simulate
from tests.core.strategies import profiles


def scored(text: str, profile: Any, **options: Any) -> dict[str, Any]:
    record, checked = check_sheet(text, profile, **options)
    assert record is not None and checked.report is not None, checked.problems
    return checked.report


def problems(text: str, profile: Any = "hk-standard", **options: Any) -> list[tuple[str, str]]:
    record, checked = check_sheet(text, profile, **options)
    assert record is None and checked.report is None
    return [(p.pointer, p.detail) for p in checked.problems]


# --- the seeds' scoring ---------------------------------------------------------------------
def test_hk_tiers_from_a_sheet() -> None:
    """000: "8 oder mehr Karten hält: zahlt DOPPELT", "10 oder mehr ... DREIFACH", "ALLE 13
    Karten ... das VIERFACHE (4 Punkte pro Karte = 52 Punkte)"."""
    rep = scored("deal,Ana,Ben,Cai,Dee\n1,0,7,8,13\n2,10,0,9,1\n", "hk-standard")
    assert [d["status"] for d in rep["deals"]] == ["scored", "scored"]
    assert [d["penalties"] for d in rep["deals"]] == [[0, 7, 16, 52], [30, 0, 18, 1]]
    assert rep["totals"] == [75 - 30, -7 + 49, -16 - 18, -52 - 1]


def test_one_two_three_per_card_from_a_sheet() -> None:
    """001: "1 Punkt je Karte bei 1–9 Karten, 2 Punkte je Karte bei 10–12, 3 Punkte je Karte bei
    allen 13"; "Der Sieger bekommt alles, die vier Konten ergeben zusammen immer null"."""
    rep = scored("deal,Ana,Ben,Cai,Dee\n1,9,10,,13\n", "big-two-web")
    (d,) = rep["deals"]
    assert d["penalties"] == [9, 20, 0, 39] and d["scores"] == [-9, -20, 68, -39]


def test_minus_points_fewest_wins_from_a_sheet() -> None:
    """002: "Spielt ihr mehrere Runden, gewinnt am Ende, wer die wenigsten Minuspunkte
    gesammelt hat"."""
    profile = {"extends": "casual", "match": {"max_deals": 2}}
    rep = scored("deal,Ana,Ben,Cai,Dee\n1,0,3,5,9\n2,4,0,1,6\n", profile)
    assert rep["totals"] == [-4, -3, -6, -15]
    assert rep["match"] == {"over": True, "winners": [1]}


def test_pusoy_two_penalties_need_the_cards() -> None:
    """004: "Die Karo-Zwei ... am Rundenende halten: zusätzlich -1. Alle vier Zweier am
    Rundenende halten: zusätzlich -4"."""
    sheet = ('deal,Ana,Ben,Cai,Dee\n'
             '1,,2D 5C,2C 2S 2H 4C,3S\n'
             '2,2c 2s 2h 2d,0,K♥,3S 3H\n')
    rep = scored(sheet, "pusoy-dos")
    assert [d["penalties"] for d in rep["deals"]] == [[0, 3, 4, 1], [9, 0, 1, 2]]
    counted = problems("deal,Ana,Ben,Cai,Dee\n1,0,2,4,1\n", "pusoy-dos")
    assert counted == [("/rows/2", "row 2: this profile scores the cards themselves (some cards "
                                   "cost extra points), not only how many: write the cards each "
                                   "player still held, like 2S 5C, not a count")]


# --- malformed sheets: named by row and column, nothing comes out -----------------------------
CODE = deals.DealSpec(4, 13, 12345).code
HANDS, _ = deals.deal(deals.DealSpec(4, 13, 12345))
NOT_BENS = next(cards.name(c) for c in HANDS[0])  # a card dealt to Ana, not Ben
CAIS, DEES = cards.name(HANDS[2][0]), cards.name(HANDS[3][0])


@pytest.mark.parametrize(
    ("name", "sheet", "expected"),
    [
        ("two winners", "deal,Ana,Ben,Cai,Dee\n1,0,5,0,9\n",
         [("/rows/2", "row 2: only one player goes out in a deal, but Ana and Cai have no cards "
                      "left")]),
        ("no winner", "deal,Ana,Ben,Cai,Dee\n1,1,5,2,9\n2,0,1,1,1\n",
         [("/rows/2", "row 2: nobody went out: the winner's cell is 0 or empty, and every cell "
                      "of this row holds cards")]),
        ("14 cards left of 13", "deal,Ana,Ben,Cai,Dee\n1,0,5,2,9\n2,0,14,2,9\n",
         [("/rows/3/Ben", "row 3, column Ben: Ben cannot have 14 cards left: a player is dealt 13")]),
        ("-3 cards left", "deal,Ana,Ben,Cai,Dee\n1,0,-3,2,9\n",
         [("/rows/2/Ben", "row 2, column Ben: -3 is not a number of cards: write how many cards "
                          "Ben still held (0 to 13)")]),
        ("a left card not held", f"deal,deal_code,Ana,Ben,Cai,Dee\n1,{CODE},,{NOT_BENS},{CAIS},{DEES}\n",
         [("/rows/2/Ben", f"row 2, column Ben: Ben was not dealt "
                          f"{NOT_BENS[0].replace('T', '10')}{cards.SUIT_SYMBOLS[NOT_BENS[1]]} "
                          f"(deal code {CODE})")]),
        ("a deal code for three", "deal,deal_code,Ana,Ben,Cai,Dee\n1,B2-3-13-0,0,5,2,9\n",
         [("/rows/2/deal_code", "row 2, column deal_code: the deal code B2-3-13-0 deals 3 hands; "
                                "this sheet has 4 players")]),
        ("a card left twice", "deal,Ana,Ben,Cai,Dee\n1,,5C 9D,9d,KH\n",
         [("/rows/2/Cai", "row 2, column Cai: 9♦ is written twice in this row")]),
        ("a non-numeric cell", "deal,Ana,Ben,Cai,Dee\n1,0,five,2,9\n",
         [("/rows/2/Ben", "row 2, column Ben: 'five' is neither a count nor a card (cards like "
                          "2S, TH, 10h, K♠, space-separated)")]),
        ("a ragged row", "deal,Ana,Ben,Cai,Dee\n1,0,5,2,9\n2,0,5,2\n",
         [("/rows/3", "row 3: 4 cells; the header has 5")]),
        ("a missing header", "1,0,5,2,9\n2,0,5,2,1\n",
         [("/rows/1", "row 1: the first row must be the header: deal,<name>,<name>,... "
                      "(found '1,0,5,2,9')")]),
        ("three names for four players", "deal,Ana,Ben,Cai\n1,0,5,2\n",
         [("/rows/1", "row 1: the header names 3 players; this profile (hk-standard) is for 4")]),
        ("five names for four players", "deal,Ana,Ben,Cai,Dee,Eve\n1,0,5,2,1,1\n",
         [("/rows/1", "row 1: the header names 5 players; this profile (hk-standard) is for 4")]),
        ("a deal code column misnamed", "deal,Deal code,Ana,Ben,Cai,Dee\n1,B2-4-13-0,0,5,2,9\n",
         [("/rows/1", "row 1: the header names 5 players; this profile (hk-standard) is for 4 "
                      "(is 'Deal code' the deal code column? Its header is deal_code)")]),
        ("counts mixed with cards", "deal,Ana,Ben,Cai,Dee\n1,0,5,2S 3C,9\n",
         [("/rows/2", "row 2: the row mixes counts and card lists for its losers (count in Ben, "
                      "Dee; cards in Cai): write every loser's cards, or every loser's count")]),
        ("a name twice", "deal,Ana,Ben,Ana,Dee\n1,0,5,2,9\n",
         [("/rows/1/Ana", "row 1, column Ana: this player name appears twice in the header")]),
        ("an empty sheet", "",
         [("/rows/1", "row 1: the sheet is empty: it needs the header deal,<name>,<name>,... "
                      "and a row per deal")]),
        ("a header alone", "deal,Ana,Ben,Cai,Dee\n",
         [("/rows/2", "row 2: the sheet has a header but no deals")]),
        ("an unclosed quote", 'deal,Ana,Ben,Cai,Dee\n1,0,"5,2,9\n',
         [("/rows/2", "row 2: not readable as CSV: unexpected end of data")]),
        ("a bad deal code", "deal,deal_code,Ana,Ben,Cai,Dee\n1,XX,0,5,2,9\n",
         [("/rows/2/deal_code", "row 2, column deal_code: 'XX' is not a deal code (format "
                                "B2-<players>-<hand size>-<seed>)")]),
    ],
)
def test_malformed_sheets(name: str, sheet: str, expected: list[tuple[str, str]]) -> None:
    assert problems(sheet) == expected, name


def test_every_problem_of_a_sheet_at_once() -> None:
    sheet = "deal,Ana,Ben,Cai,Dee\n1,0,xx,2,9\n2,0,5,2\n3,0,5,2,9\n4,1,0,9,yy\n"
    assert [p for p, _ in problems(sheet)] == ["/rows/2/Ben", "/rows/3", "/rows/5/Dee"]


def test_every_problem_in_one_pass_not_in_rounds() -> None:
    """Fixing one typo must not reveal the next: a cell that cannot be read, a row with two
    winners and a count too high in it, a card written twice, a wrong deal code and a
    mixed row are all named by the first answer, in the sheet's order."""
    sheet = ("deal,deal_code,Ana,Ben,Cai,Dee\n"
             "1,,0,x5,2,9\n"          # Ben's cell unreadable
             "2,,0,14,0,9\n"          # two winners and 14 of 13 in one row
             "3,,,5C 9D,9d,KH\n"      # 9D twice
             "4,XX,0,1,2,3\n"         # not a deal code
             "5,,0,2,3S,4\n"          # counts and cards mixed
             "6,,0,1,2,3\n")          # fine
    assert [p for p, _ in problems(sheet)] == [
        "/rows/2/Ben", "/rows/3", "/rows/3/Ben", "/rows/4/Cai", "/rows/5/deal_code", "/rows/6"]


def test_messages_follow_the_language() -> None:
    sheet = "deal,Ana,Ben,Cai,Dee\n1,0,14,2,9\n2,0,0,1,1\n3,0,1,zz,1\n"
    assert problems(sheet, lang="de") == [
        ("/rows/2/Ben", "Zeile 2, Spalte Ben: Ben kann nicht 14 Karten übrig haben: jeder bekommt 13"),
        ("/rows/3", "Zeile 3: nur einer geht in einer Partie aus, aber Ana und Ben haben keine "
                    "Karten mehr"),
        ("/rows/4/Cai", "Zeile 4, Spalte Cai: „zz“ ist weder eine Anzahl noch eine Karte (Karten "
                        "wie 2S, TH, 10h, K♠, durch Leerzeichen getrennt)"),
    ]
    assert problems(sheet, lang="it")[0] == (
        "/rows/2/Ben", "riga 2, colonna Ben: Ben non può avere 14 carte rimaste: ognuno ne riceve 13")


def test_no_message_speaks_json() -> None:
    """A scorer never saw the record: no seat numbers, field names or rule codes."""
    sheets = ["deal,Ana,Ben,Cai,Dee\n1,0,14,2,9\n2,0,-3,1,1\n3,1,1,1,1\n4,,5C 9D,9d,KH\n",
              f"deal,deal_code,Ana,Ben,Cai,Dee\n1,{CODE},,{NOT_BENS},{CAIS},{DEES}\n"]
    for lang in ("en", "de", "it"):
        for sheet in sheets:
            for _, detail in problems(sheet, lang=lang):
                for jargon in ("Seat", "seat", "Platz", "posto", "result.", "cards_left", "left",
                               "_CARD", "RESULT_"):
                    assert jargon not in detail.replace("left:", "").replace("cards left", ""), detail
    found = problems("deal,Ana,Ben,Cai,Dee\n1,0,2,4,1\n", "pusoy-dos")
    assert "result.left" not in found[0][1] and "write the cards" in found[0][1]


# --- separators and byte-order marks: what spreadsheets write --------------------------------
SEMICOLONS = "\ufeffdeal;Ana;Ben;Cai;Dee\r\n1;0;5;2;9\r\n2;3D 4d;0;2S 5C;KH\r\n"


@pytest.mark.parametrize(("name", "sheet"), [
    ("German or Italian Excel: semicolons and a byte-order mark", SEMICOLONS),
    ("a copy from a spreadsheet: tabs", SEMICOLONS.replace(";", "\t")),
    ("commas", SEMICOLONS.replace(";", ",")),
    ("semicolons, a name with a comma in it", SEMICOLONS.replace("Dee", '"Dee, Jr."')),
])
def test_the_separator_is_sniffed(name: str, sheet: str) -> None:
    record, found = sheet_to_record(sheet, "hk-standard")
    assert found == [], name
    assert record is not None and record["deals"] == [
        {"result": {"cards_left": [0, 5, 2, 9]}},
        {"result": {"left": [["3D", "4D"], [], ["2S", "5C"], ["KH"]]}},
    ], name
    assert record["players"][:3] == ["Ana", "Ben", "Cai"], name


def test_a_separator_can_be_given() -> None:
    """A semicolon sheet read as commas: one cell a row, named as the header's problem."""
    record, found = sheet_to_record(SEMICOLONS, "hk-standard", delimiter=",")
    assert record is None and found[0].pointer == "/rows/1"


@pytest.mark.parametrize(("text", "expected"), [
    ("deal,Ana,Ben", ","), ("deal;Ana;Ben", ";"), ("deal\tAna\tBen", "\t"),
    ("\n\ndeal;Ana, Sr.;Ben", ";"), ('deal,"Ana; Sr.",Ben', ","), ("", ","),
    # no first cell "deal": the separator that splits it most, to name the header in its form
    ("Ana;Ben", ";"), ("Runde\tAna\tBen", "\t"), ("Runde", ","),
])
def test_sniff_delimiter(text: str, expected: str) -> None:
    from bigtwo.formats.sheets import sniff_delimiter

    assert sniff_delimiter(text) == expected


def test_too_many_rows() -> None:
    from bigtwo import limits

    sheet = "deal,Ana,Ben,Cai,Dee\n" + "".join(f"{i},0,1,1,1\n" for i in range(limits.MAX_SHEET_ROWS + 1))
    (found,) = problems(sheet)
    assert found[0] == f"/rows/{limits.MAX_SHEET_ROWS + 2}"


# --- what a sheet becomes -------------------------------------------------------------------
def test_the_record_a_sheet_stands_for() -> None:
    sheet = "\ufeffDeal,Ana,Ben,deal_code,Cai,Dee\r\n\r\n1,0,5,,2,13\r\n2, 2S 5c ,,,KH,3D\r\n"
    record, found = sheet_to_record(sheet, "hk-standard")
    assert found == []
    assert record == {
        "profile": "hk-standard", "players": ["Ana", "Ben", "Cai", "Dee"],
        "deals": [{"result": {"cards_left": [0, 5, 2, 13]}},
                  {"result": {"left": [["2S", "5C"], [], ["KH"], ["3D"]]}}],
        "meta": {"sheet": {"deals": ["1", "2"]}},
    }
    # The record checks the same on its own: the sheet adds nothing the core does not see.
    again = check_record(record)
    assert again.report is not None and again.report["valid"]


def test_match_errors_stay_in_the_report() -> None:
    profile = {"extends": "hk-standard", "match": {"max_deals": 1}}
    rep = scored("deal,Ana,Ben,Cai,Dee\n1,0,5,2,9\n2,0,5,2,9\n", profile)
    assert [e["code"] for e in rep["errors"]] == ["MATCH_OVER"]


def test_unknown_profile_is_a_problem() -> None:
    record, checked = check_sheet("deal,Ana,Ben,Cai,Dee\n1,0,5,2,9\n", "no-such-profile")
    assert record is None and [p.pointer for p in checked.problems] == ["/profile"]


# --- a simulated game's final cards, as a sheet, score as its replay --------------------------
def final_cells(doc: dict[str, Any], by_cards: bool) -> list[list[str]]:
    """Each deal's cards left per seat (copies repeated; a joker standing in, ``JK=4D``, takes
    a ``JK`` from the hand), or their counts."""
    rows = []
    for d in doc["deals"]:
        held = [Counter(h) for h in d["hands"]]
        for m in d["moves"]:
            if "play" in m:
                held[m["seat"]] -= Counter("JK" if c.startswith("JK") else c for c in m["play"])
        rows.append([" ".join(sorted(h.elements())) if by_cards else str(h.total()) for h in held])
    return rows


def flow_cells(rows: list[list[str]], replayed: dict[str, Any]) -> list[list[str]]:
    """A scorer's marks on the rows (RECORDS.md v3): each player's place under placings, and a
    ``*`` after the cell of the player who takes all under ``last_card_guard: liable``."""
    out = []
    for row, d in zip(rows, replayed["deals"], strict=True):
        if d.get("places") is not None:
            row = [str(d["places"].index(seat) + 1) for seat in range(len(row))]
        if d.get("liable") is not None:
            row = [c + "*" if seat == d["liable"] else c for seat, c in enumerate(row)]
        out.append(row)
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(sorted(PRESETS)), seed=st.integers(0, 2**32),
       by_cards=st.booleans())
def test_a_simulated_game_as_a_sheet_scores_as_its_replay(preset: str, seed: int,
                                                          by_cards: bool) -> None:
    profile = PRESETS[preset]
    by_cards = by_cards or cards_matter(profile)  # counts alone are refused there
    (doc,) = simulate(profile, records=1, deals_per_record=4, seed=seed)
    sheet = "deal," + ",".join(doc["players"]) + "\n" + "".join(
        f"{i + 1}," + ",".join(row) + "\n" for i, row in enumerate(final_cells(doc, by_cards)))
    replayed = check_record(doc).report
    assert replayed is not None
    rep = scored(sheet, preset)
    assert rep["errors"] == []
    for a, b in zip(replayed["deals"], rep["deals"], strict=True):
        assert b["status"] == "scored"
        for key in ("winner", "cards_left", "penalties", "scores", "scoring"):
            assert a[key] == b[key], key
    assert rep["totals"] == replayed["totals"] and rep["match"] == replayed["match"]


# --- the club night of docs/CLI.md, checked by hand ----------------------------------------------
CLUB_NIGHT = Path(__file__).resolve().parents[2] / "fixtures" / "sheets" / "club-night.csv"
# hk-standard (000): a loser pays 1 per card, x2 from 8 cards, x3 from 10, x4 with all 13;
# the winner takes what the losers pay. Worked out by hand, deal by deal:
BY_HAND = [
    # cards left        penalties          scores
    ([0, 3, 6, 2], [0, 3, 6, 2], [11, -3, -6, -2]),
    ([5, 0, 8, 1], [5, 0, 16, 1], [-5, 22, -16, -1]),  # 8 cards: 8 x2
    ([2, 4, 0, 10], [2, 4, 0, 30], [-2, -4, 36, -30]),  # 10 cards: 10 x3
    ([13, 1, 7, 0], [52, 1, 7, 0], [-52, -1, -7, 60]),  # all 13: 13 x4 = 52
    ([0, 9, 2, 4], [0, 18, 2, 4], [24, -18, -2, -4]),
    ([1, 0, 1, 12], [1, 0, 1, 36], [-1, 38, -1, -36]),
    ([6, 5, 0, 3], [6, 5, 0, 3], [-6, -5, 14, -3]),  # written as the cards themselves
    ([0, 11, 4, 8], [0, 33, 4, 16], [53, -33, -4, -16]),
]
BY_HAND_TOTALS = [22, -4, 14, -32]


def test_the_club_night_scores_as_worked_out_by_hand() -> None:
    rep = scored(CLUB_NIGHT.read_text(encoding="utf-8"), "hk-standard")
    assert rep["valid"]
    got = [(d["cards_left"], d["penalties"], d["scores"]) for d in rep["deals"]]
    assert got == BY_HAND
    assert rep["totals"] == BY_HAND_TOTALS == [sum(s[2][i] for s in BY_HAND) for i in range(4)]


# --- hostile sheets: bounded answers, never an exception ----------------------------------------
@pytest.mark.parametrize(("sheet", "pointer", "needle"), [
    ("deal,Ana,Ben,Cai,Dee\n1,0,5\x00,2,9\n", "/rows/2/Ben", "is neither a count nor a card"),
    ("deal,Ana,Ben,Cai,Dee\n1,0," + "x" * 200_000 + ",2,9\n", "/rows/2", "not readable as CSV"),
    ("deal,Ana,Ben,Cai,Dee\n1,0," + "3D " * 20_000 + ",2,9\n", "/rows/2/Ben", "more than a deck holds"),
    ("deal," + ",".join(f"P{i}" for i in range(10_000)) + "\n", "/rows/1", "names 10000 players"),
    ("deal,Ana,Ben,Cai,Dee\n" + "1,0,1\n" * 5000, "/rows/2", "3 cells; the header has 5"),
])
def test_hostile_sheets_get_bounded_answers(sheet: str, pointer: str, needle: str) -> None:
    from bigtwo import limits

    found = problems(sheet)
    assert found[0][0] == pointer and needle in found[0][1], found[0]
    assert len(found) <= limits.MAX_SHEET_PROBLEMS + 1


def test_many_inconsistent_rows_are_listed_up_to_the_limit() -> None:
    from bigtwo import limits

    found = problems("deal,Ana,Ben,Cai,Dee\n" + "1,0,0,1,1\n" * 3000)
    assert len(found) == limits.MAX_SHEET_PROBLEMS + 1
    assert found[-1] == (f"/rows/{limits.MAX_SHEET_PROBLEMS + 2}",
                         f"row {limits.MAX_SHEET_PROBLEMS + 2}: and possibly more: a sheet's "
                         f"problems are listed up to {limits.MAX_SHEET_PROBLEMS}")


def test_many_card_problems_found_by_the_core_are_capped() -> None:
    from bigtwo import limits

    found = problems("deal,Ana,Ben,Cai,Dee\n" + "1,,5C 9D,9d,KH\n" * 300)
    assert len(found) == limits.MAX_SHEET_PROBLEMS + 1
    assert found[-1] == ("", f"and {300 - limits.MAX_SHEET_PROBLEMS} more problems like these")


# --- the scorer's own totals row: their arithmetic, checked -------------------------------------
def test_a_totals_row_that_adds_up() -> None:
    rep = scored(CLUB_NIGHT.read_text(encoding="utf-8") + "total,+22,-4,14,−32\n", "hk-standard")
    assert rep["valid"] and len(rep["deals"]) == 8 and rep["totals"] == BY_HAND_TOTALS


@pytest.mark.parametrize(("tail", "expected"), [
    ("Totals,22,-5,14,-31\n",
     [("/rows/10/Ben", "row 10, column Ben: the sheet's total is -5; the deals above give -4"),
      ("/rows/10/Dee", "row 10, column Dee: the sheet's total is -31; the deals above give -32")]),
    ("total,22,-4,x,-32\n",
     [("/rows/10/Cai", "row 10, column Cai: 'x' is not a total (a whole number like -5 or +12)")]),
    ("total,22,-4,14,-32\n9,0,1,1,1\n",
     [("/rows/11", "row 11: the totals row (10) must be the last row of the sheet")]),
])
def test_a_totals_row_that_does_not(tail: str, expected: list[tuple[str, str]]) -> None:
    assert problems(CLUB_NIGHT.read_text(encoding="utf-8") + tail) == expected


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(declaration=profiles(), seed=st.integers(0, 2**32), by_cards=st.booleans())
def test_under_random_profiles_a_games_sheet_scores_as_its_replay(declaration: dict[str, Any],
                                                                  seed: int, by_cards: bool) -> None:
    """Any profile (teams, winner_only, loss_limit, held-2 factors, 2 to 8 seats, several decks,
    jokers, timeouts, the last-card call...): the sheet of a simulated match's final cards
    (``0*`` for a winner that missed its call) scores deal by deal and in total as its replay."""
    profile, found = DEFAULT_RESOLVER.resolve(declaration)
    assert profile is not None, found
    by_cards = by_cards or cards_matter(profile)
    (doc,) = simulate(profile, records=1, deals_per_record=3, seed=seed, profile_ref=declaration)
    names = doc.get("players") or [f"P{s}" for s in range(profile.players)]
    replayed = check_record(doc).report
    assert replayed is not None and replayed["errors"] == []
    rows = flow_cells(final_cells(doc, by_cards), replayed)
    sheet = "deal," + ",".join(names) + "\n" + "".join(
        f"{i + 1}," + ",".join(row) + "\n" for i, row in enumerate(rows))
    rep = scored(sheet, declaration)
    assert rep["errors"] == []
    placings = profile.finish == "placings"
    for a, b in zip(replayed["deals"], rep["deals"], strict=True):
        for key in ("winner", "penalties", "scores", "team_scores", "places", "liable"):
            assert a.get(key) == b.get(key), key
        # Under placings the sheet gives places, not cards: its cards left are unknown.
        assert b["cards_left"] == (None if placings else a["cards_left"])
    assert rep["totals"] == replayed["totals"] and rep["match"] == replayed["match"]
    assert rep.get("team_totals") == replayed.get("team_totals")


@pytest.mark.parametrize("declaration", [
    {"extends": "hk-standard", "last_card_guard": "liable"},
    {"extends": "pusoy-dos", "last_card_guard": "liable"},
    {"extends": "hk-standard", "finish": "placings", "scoring": {"place_points": [3, 1, -1, -3]}},
])
def test_v3_flow_sheets_score_as_their_replays(declaration: dict[str, Any]) -> None:
    """RECORDS.md v3: the sheet of simulated games with the scorer's marks (`7*` for the seat
    that takes all, places as cells) scores deal by deal as the replay, liability included."""
    profile, found = DEFAULT_RESOLVER.resolve(declaration)
    assert profile is not None, found
    docs = list(simulate(profile, records=4, deals_per_record=3, seed=5, profile_ref=declaration))
    marked = 0
    for doc in docs:
        replayed = check_record(doc).report
        assert replayed is not None and replayed["errors"] == []
        rows = flow_cells(final_cells(doc, cards_matter(profile)), replayed)
        marked += sum("*" in c for row in rows for c in row) + sum(
            d.get("places") is not None for d in replayed["deals"])
        sheet = "deal," + ",".join(doc["players"]) + "\n" + "".join(
            f"{i + 1}," + ",".join(row) + "\n" for i, row in enumerate(rows))
        rep = scored(sheet, declaration)
        for a, b in zip(replayed["deals"], rep["deals"], strict=True):
            assert (a["scores"], a.get("liable"), a.get("places")) == (b["scores"], b.get("liable"),
                                                                        b.get("places"))
        assert rep["totals"] == replayed["totals"]
    assert marked > 0


@pytest.mark.parametrize(("left", "expected"), [(60, []), (109, ["row 2, column B"])])
def test_a_cell_may_hold_more_than_a_deck_under_several_decks(left: int, expected: list[str]) -> None:
    """Two seats dealt 108 cards each from four decks: a loser may hold more than 52 cards, up
    to the 108 it was dealt (a cell over a deck was refused as more than a deck holds)."""
    declaration = {"extends": "hk-standard", "decks": 4, "jokers": 2, "players": 2, "hand_size": 108}
    names = [c for c in cards.CANONICAL for _ in range(4)][:left]
    sheet = f"deal,A,B\n1,0,{' '.join(names)}\n"
    if not expected:
        rep = scored(sheet, declaration)
        assert rep["errors"] == [] and rep["deals"][0]["cards_left"] == [0, left]
        return
    found = problems(sheet, declaration)
    assert [detail.split(":")[0] for _, detail in found] == expected
