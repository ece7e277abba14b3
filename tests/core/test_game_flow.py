"""Rules v3, game flow: ``last_card_guard``, ``finish`` and ``scoring.place_points`` (RULES.md
"v3: the tables beyond the seeds" and its readings 7, 8, 9, 11 and 12; RECORDS.md "v3
additions").

One parametrized table per field, each row citing its source; then the interactions the issue
names (placings with ``locked_out`` passing, the lead after the top seat went out; liability
under ``winner_takes_all`` and ``pairwise``), result-only deals and score sheets."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo.formats.sheets import check_sheet
from bigtwo.records.pipeline import check_record
from bigtwo.rules import cards
from bigtwo.rules.codes import RuleCode as C
from bigtwo.rules.profiles import DEFAULT_RESOLVER
from bigtwo.rules.table import Table
from tests.core.helpers import codes, deal, record, report, small

# Four seats of two cards (hk-standard, clockwise, D<C<H<S): seat 3's 7♣ comes while seat 0
# (next after seat 3) holds one card, and seat 3's highest card is A♦.
H2 = ["3D KS", "4C 5H", "6D JH", "7C AD"]
GUARDED = "0:3D 1:4C 2:6D 3:7C"


def guard(value: str, **more: Any) -> dict[str, Any]:
    return small("hk-standard", hand_size=2, last_card_guard=value, **more)


def placings(points: list[int] | None = None, **more: Any) -> dict[str, Any]:
    return small("hk-standard", finish="placings",
                 scoring={"place_points": points or [3, 1, -1, -3]}, **more)


# --- last_card_guard ------------------------------------------------------------------------
@pytest.mark.parametrize(("value", "moves", "expected"), [
    # RULES.md v3 / Hong Kong 頂大: while the next seat holds one card, a single must be the
    # player's highest card.
    ("highest_single", GUARDED, [("MUST_PLAY_HIGHEST", 0, 3)]),
    # RULES.md v3: the highest single itself is always allowed.
    ("highest_single", "0:3D 1:4C 2:6D 3:AD", []),
    # RULES.md v3 (default, the seeds): no guard.
    ("none", GUARDED, []),
    # RULES.md v3 / yawnoc/big-two-scorer: under liable the breach stands, it is no error.
    ("liable", GUARDED, []),
    # RULES.md v3: a pass is never a breach (seat 3 passes while seat 0 holds one card).
    ("highest_single", "0:3D 1:4C 2:JH 3:-", []),
    # RECORDS.md v3: a single that does not beat the table is DOES_NOT_BEAT, whatever else.
    ("highest_single", "0:3D 1:4C 2:JH 3:7C", [("DOES_NOT_BEAT", 0, 3)]),
])
def test_last_card_guard(value: str, moves: str, expected: list[tuple[str, int, int]]) -> None:
    rep = report(record(guard(value), deal(H2, moves)), complete=False)
    assert codes(rep) == expected


def test_must_play_highest_names_the_protected_seat_and_the_card() -> None:
    """RECORDS.md v3: "Ben has one card left: play your highest single, 2♠" (params
    ``protected``, ``highest``), in every language."""
    doc = record(guard("highest_single"), deal(H2, GUARDED))
    by_lang = {lang: check_record(doc, complete=False, lang=lang).report for lang in ("en", "de", "it")}
    errors = {lang: rep["errors"][0] for lang, rep in by_lang.items() if rep is not None}
    assert errors["en"]["params"] == {"protected": 0, "highest": "AD", "played": ["7C"]}
    assert errors["en"]["message"] == "Seat 0 has one card left: play your highest single, A♦"
    assert errors["de"]["message"] == "Platz 0 hat nur noch eine Karte: spiel deine höchste Einzelkarte, Karo A"
    assert errors["it"]["message"] == "Al posto 0 resta una sola carta: gioca la tua singola più alta, A♦"


def _cards(text: str) -> list[int]:
    return [cards.NOTATION[c] for c in text.split()]


@pytest.mark.parametrize(("table", "play", "expected"), [
    # RULES.md v3: on a lead too, a single must be the highest card ...
    (None, "7C", C.MUST_PLAY_HIGHEST),
    (None, "AD", "single"),
    # ... and a play of more than one card is never a breach.
    (None, "7C 7D", "pair"),
    ("6S 6H", "7C 7D", "pair"),
])
def test_guard_on_a_lead_and_for_pairs(table: str | None, play: str, expected: str) -> None:
    """Seat 0 (next after seat 3) holds one card; seat 3, holding 7♣ 7♦ A♦, plays."""
    resolved, _ = DEFAULT_RESOLVER.resolve(small("hk-standard", hand_size=3,
                                                 last_card_guard="highest_single"))
    assert resolved is not None
    t = Table(resolved, [_cards(h) for h in ["3D 4C KS", "4D 5H 2S", "6D JH QH", "7C 7D AD"]], 3, None)
    t.counts[0] = 1
    if table is not None:
        t.on_table = t.classifier.classify(_cards(table), cards.mask_of(_cards(table)))  # type: ignore[assignment]
    verdict = t.check(3, _cards(play))
    assert (getattr(verdict, "kind", None) or verdict[0]) == expected  # type: ignore[index]


def test_guard_reads_the_order_in_force_under_a_revolution() -> None:
    """RULES.md v3: "your highest card (rank then suit, under the order in force)": after a
    revolution the 3 is the highest rank, so the 2 is the breach and the 3 is right."""
    resolved, _ = DEFAULT_RESOLVER.resolve(small("hk-standard", hand_size=3,
                                                 last_card_guard="highest_single", revolution="ranks"))
    assert resolved is not None
    t = Table(resolved, [_cards(h) for h in ["3D 4C 5C", "3H 2S 9C", "6D JH QH", "7C AD 8D"]], 1, None)
    t.counts[2] = 1  # the next seat after seat 1 holds one card
    two, three = cards.NOTATION["2S"], cards.NOTATION["3H"]
    assert t.check(1, [three]) == (C.MUST_PLAY_HIGHEST, {"protected": 2, "highest": "2S", "played": ["3H"]})
    t.reverse_ranks()
    assert t.check(1, [two]) == (C.MUST_PLAY_HIGHEST, {"protected": 2, "highest": "3H", "played": ["2S"]})
    assert getattr(t.check(1, [three]), "kind", None) == "single"


def test_guard_protects_the_next_still_playing_seat() -> None:
    """Reading 7, directly on the table: seat 0 out (placings) and seat 1 locked out with one
    card; seat 3 playing a low single breaks the guard for seat 1."""
    resolved, _ = DEFAULT_RESOLVER.resolve(placings(hand_size=3, passing="locked_out",
                                                    last_card_guard="highest_single"))
    assert resolved is not None
    hands = [_cards(h) for h in ["3D 3C KS", "4C 9H 5S", "6D JH QH", "7C AD 8D"]]
    t = Table(resolved, hands, 3, None)
    t.out, t.places, t.counts[0], t.hands[0] = 1, [0], 0, 0
    t.counts[1], t.hands[1] = 1, 1 << cards.NOTATION["9H"]
    t.locked = 1 << 1  # seat 1 passed: it sits out, and is still protected
    seven = cards.NOTATION["7C"]
    assert t.check(3, [seven]) == (C.MUST_PLAY_HIGHEST, {"protected": 1, "highest": "AD", "played": ["7C"]})


@pytest.mark.parametrize(("declaration", "pointer", "text"), [
    # RULES.md v3: liable needs finish: first_out ...
    (placings(last_card_guard="liable"), "/last_card_guard", "liable needs finish: first_out"),
    # ... and no teams.
    (small("hk-standard", last_card_guard="liable", teams=[[0, 2], [1, 3]]), "/last_card_guard",
     "liable is for players, not teams"),
    # RULES.md v3: placings are refused with teams.
    (placings(teams=[[0, 2], [1, 3]]), "/finish", "placings are for players, not teams"),
    # RULES.md v3: place_points are required with placings ...
    (small("hk-standard", finish="placings"), "/scoring/place_points", "finish: placings needs place_points"),
    # ... refused without ...
    (small("hk-standard", scoring={"place_points": [3, 1, -1, -3]}), "/scoring/place_points",
     "place_points need finish: placings"),
    # ... and reading 11: exactly `players` integers.
    (placings([3, 1, -1]), "/scoring/place_points", "give exactly 4 numbers"),
    (placings([3, 1, "x", -3]), "/scoring/place_points/2", "Not a valid integer."),
    # Reading 12: unknown fields inside scoring are refused, as at the top level.
    (small("hk-standard", scoring={"place_point": [1, 2, 3, 4]}), "/scoring/place_point", "Unknown field"),
    # The registry's choices.
    (small("hk-standard", last_card_guard="sometimes"), "/last_card_guard", "Must be one of"),
    (small("hk-standard", finish="last_out"), "/finish", "Must be one of"),
])
def test_flow_profile_problems(declaration: dict[str, Any], pointer: str, text: str) -> None:
    profile, problems = DEFAULT_RESOLVER.resolve(declaration)
    assert profile is None
    found = {p.pointer: p.detail for p in problems}
    pointer = "/profile" + pointer
    assert pointer in found and text.lower() in found[pointer].lower(), found


@pytest.mark.parametrize("declaration", [
    small("hk-standard", last_card_guard="none"),
    small("hk-standard", finish="first_out"),
    small("hk-standard", scoring={"place_points": None}),
])
def test_defaults_are_not_hashed(declaration: dict[str, Any]) -> None:
    """RULES.md v3: "a field at its default is not hashed": the profile id stays hk-standard's."""
    plain, _ = DEFAULT_RESOLVER.resolve({"extends": "hk-standard"})
    profile, problems = DEFAULT_RESOLVER.resolve(declaration)
    assert profile is not None and plain is not None, problems
    assert profile.hash == plain.hash


# --- finish ---------------------------------------------------------------------------------
H3 = ["3D 3C KS", "4C 8C 9H", "6D JH QH", "7C AD 8D"]
# Seat 0 out first, every other seat passes: seat 1 leads after it (the next seat still playing).
PLACED = "0:3D+3C 1:- 2:- 3:- 0:KS 1:- 2:- 3:- 1:4C 2:6D 3:7C 1:8C 2:JH 3:AD 1:- 2:- 3:8D 1:9H"


@pytest.mark.parametrize(("declaration", "moves", "status", "places", "scores"), [
    # RULES.md v3 / benbrunton/pusoy-dos: play goes on, the deal ends with one seat holding cards.
    (placings(hand_size=3, passing="locked_out"), PLACED, "complete", [0, 3, 1, 2], [3, -1, -3, 1]),
    (placings(hand_size=3), PLACED, "complete", [0, 3, 1, 2], [3, -1, -3, 1]),
    # Reading 9: an unfinished placings deal lists the seats out so far.
    (placings(hand_size=3, passing="locked_out"), "0:3D+3C 1:- 2:- 3:- 0:KS", "incomplete", [0], None),
    # RULES.md v3 (default, the seeds): the deal ends at the first seat out.
    (small("hk-standard", hand_size=3, passing="locked_out"), "0:3D+3C 1:- 2:- 3:- 0:KS", "complete",
     None, [9, -3, -3, -3]),
])
def test_finish(declaration: dict[str, Any], moves: str, status: str, places: list[int] | None,
                scores: list[int] | None) -> None:
    rep = report(record(declaration, deal(H3, moves)), complete=False)
    (d,) = rep["deals"]
    assert rep["errors"] == [] and d["status"] == status
    assert d.get("places") == places and d["scores"] == scores
    if declaration.get("finish") == "placings":
        # RECORDS.md v3: penalties null, scores the place points; reading 9: penalties_now null.
        assert d["penalties"] is None and d["penalties_now"] is None and d["scoring"] is None
    else:
        assert "places" not in d


@pytest.mark.parametrize(("moves", "code", "move"), [
    # RECORDS.md v3: a seat that went out and is named again by a move is WRONG_TURN.
    ("0:3D+3C 1:- 2:- 3:- 0:KS 1:- 2:- 3:- 0:-", "WRONG_TURN", 8),
    # RECORDS.md v3: MOVE_AFTER_END is a move after the last place was decided.
    (PLACED + " 2:QH", "MOVE_AFTER_END", 18),
    # Placings keep every other rule: the lead after the top seat went out may not pass.
    ("0:3D+3C 1:- 2:- 3:- 0:KS 1:- 2:- 3:- 1:-", "LEADER_MUST_PLAY", 8),
])
def test_placings_errors(moves: str, code: str, move: int) -> None:
    rep = report(record(placings(hand_size=3, passing="locked_out"), deal(H3, moves)), complete=False)
    assert codes(rep) == [(code, 0, move)]


def test_the_lead_after_the_top_seat_went_out_under_locked_out() -> None:
    """The interaction the issue names: placings with locked_out passing. Seat 0 goes out with
    the trick's top play; seats 1-3 pass (and are locked out); the trick ends, and since seat 0
    has gone out, the next seat still playing after it leads a fresh trick, with nobody
    locked out: seat 1 clockwise, seat 3 counterclockwise."""
    for direction, moves, leader in (("clockwise", "0:3D+3C 1:- 2:- 3:- 0:KS 1:- 2:- 3:-", 1),
                                     ("counterclockwise", "0:3D+3C 3:- 2:- 1:- 0:KS 3:- 2:- 1:-", 3)):
        resolved, _ = DEFAULT_RESOLVER.resolve(placings(hand_size=3, passing="locked_out",
                                                        direction=direction))
        assert resolved is not None
        t = Table(resolved, [_cards(h) for h in H3], 0, cards.NOTATION["3D"])
        for step in moves.split():
            seat, play = step.split(":")
            verdict = t.check(int(seat), None if play == "-" else _cards(play.replace("+", " ")))
            assert verdict is None or hasattr(verdict, "kind"), verdict
            t.apply(int(seat), verdict)  # type: ignore[arg-type]
        assert t.places == [0] and t.out == 1 and t.winner is None
        assert t.on_table is None and t.current == leader and t.trick_leader == leader and t.locked == 0


# --- scoring.place_points -------------------------------------------------------------------
@pytest.mark.parametrize(("points", "scores"), [
    # benbrunton/pusoy-dos: +3/+1/-1/-3 by place (zero-sum).
    ([3, 1, -1, -3], [3, -1, -3, 1]),
    # Pusoy Dos online play: only the places count, not zero-sum (first 4, last 0).
    ([4, 2, 1, 0], [4, 1, 0, 2]),
])
def test_place_points(points: list[int], scores: list[int]) -> None:
    rep = report(record(placings(points, hand_size=3, passing="locked_out"), deal(H3, PLACED)))
    assert rep["deals"][0]["scores"] == scores and rep["totals"] == scores


@pytest.mark.parametrize(("settlement", "target", "over"), [
    # Reading 11: a match target under placings is a running total reaching +target, whatever
    # the settlement says (it does not apply under placings).
    ("penalty_only", 3, True),
    ("winner_takes_all", 3, True),
    ("penalty_only", 4, False),
])
def test_target_under_placings(settlement: str, target: int, over: bool) -> None:
    profile = small("hk-standard", hand_size=3, passing="locked_out", finish="placings",
                    scoring={"place_points": [3, 1, -1, -3], "settlement": settlement},
                    match={"target": target})
    rep = report(record(profile, deal(H3, PLACED)))
    assert rep["match"]["over"] is over


# --- liability -------------------------------------------------------------------------------
LIABLE_WIN = GUARDED + " 0:KS"  # seat 3 breached against seat 0, who then went out


@pytest.mark.parametrize(("settlement", "penalties", "scores"), [
    # yawnoc/big-two-scorer's "takes all": seat 3 pays every loser's penalty (its own included).
    ("winner_takes_all", [0, 0, 0, 3], [3, 0, 0, -3]),
    # Liability moves penalties before the settlement: pairwise settles the moved ones.
    ("pairwise", [0, 0, 0, 3], [3, 3, 3, -9]),
    ("penalty_only", [0, 0, 0, 3], [0, 0, 0, -3]),
    ("winner_only", [0, 0, 0, 3], [3, 0, 0, 0]),
])
def test_liability_with_settlements(settlement: str, penalties: list[int], scores: list[int]) -> None:
    rep = report(record(guard("liable", scoring={"settlement": settlement}), deal(H2, LIABLE_WIN)))
    (d,) = rep["deals"]
    assert d["penalties"] == penalties and d["scores"] == scores
    assert d["liable"] == 3 and d["breaches"] == [{"move": 3, "seat": 3, "protected": 0}]
    # RECORDS.md v3: scoring[seat] says the penalty moved.
    assert d["scoring"][1]["paid_by"] == 3 and d["scoring"][3]["takes_all"] == 3
    assert d["scoring"][3]["own"] == 1


def test_breaches_against_a_seat_that_did_not_win_move_nothing() -> None:
    """Reading 8: breaches against other seats move nothing. Seat 3 plays K♦ over J♥ holding
    A♦ while seat 0 holds one card (a breach), then seat 3 itself wins: nobody is liable."""
    hands = ["3D 9C 9D", "4C TH 5H", "6D JH QH", "7C KD AD"]
    moves = "0:3D 1:4C 2:6D 3:7C 0:9C 1:TH 2:JH 3:KD 0:- 1:- 2:- 3:AD"
    rep = report(record(small("hk-standard", hand_size=3, last_card_guard="liable"), deal(hands, moves)))
    (d,) = rep["deals"]
    assert rep["errors"] == [] and d["winner"] == 3
    assert d["liable"] is None and d["breaches"] == [{"move": 7, "seat": 3, "protected": 0}]
    assert d["penalties"] == [1, 1, 1, 0]


def test_liability_and_other_reports_stay_as_they_were() -> None:
    """A field at its default changes no report: without the guard or placings there are no
    liable, breaches or places keys."""
    rep = report(record(small("hk-standard", hand_size=2), deal(H2, LIABLE_WIN)))
    (d,) = rep["deals"]
    assert not {"liable", "breaches", "places"} & set(d)
    assert d["penalties"] == [0, 1, 1, 1] and d["scores"] == [3, -1, -1, -1]


# --- result-only deals -------------------------------------------------------------------------
@pytest.mark.parametrize(("declaration", "result", "code"), [
    # RECORDS.md v3: the winner as the liable seat is RESULT_LIABLE ...
    (small("hk-standard", last_card_guard="liable"), {"cards_left": [0, 1, 2, 3], "liable": 0}, "RESULT_LIABLE"),
    # ... and so is a seat out of range.
    (small("hk-standard", last_card_guard="liable"), {"cards_left": [0, 1, 2, 3], "liable": 7}, "RESULT_LIABLE"),
    # RECORDS.md: checked after RESULT_CARD_COUNT.
    (small("hk-standard", last_card_guard="liable"), {"cards_left": [0, 14, 2, 3], "liable": 0},
     "RESULT_CARD_COUNT"),
    # Reading 9: any list that is not every seat exactly once is RESULT_PLACES ...
    (placings(), {"places": [0, 0, 2, 3]}, "RESULT_PLACES"),
    # ... a wrong length included.
    (placings(), {"places": [0, 1, 2]}, "RESULT_PLACES"),
    (placings(), {"places": [0, 1, 2, 4]}, "RESULT_PLACES"),
])
def test_result_codes(declaration: dict[str, Any], result: dict[str, Any], code: str) -> None:
    rep = report(record(declaration, {"result": result}))
    assert [e["code"] for e in rep["errors"]] == [code]
    assert rep["deals"][0]["status"] == "invalid"


def test_result_liable_moves_the_penalties() -> None:
    """A score sheet's "takes all" mark: the liable seat pays every loser's penalty; a
    result-only deal has ``breaches: null`` (reading 8)."""
    rep = report(record(small("hk-standard", last_card_guard="liable"),
                        {"result": {"cards_left": [0, 1, 2, 3], "liable": 2}}))
    (d,) = rep["deals"]
    assert d["penalties"] == [0, 0, 6, 0] and d["scores"] == [6, 0, -6, 0]
    assert d["liable"] == 2 and d["breaches"] is None


def test_result_places_score_by_place() -> None:
    rep = report(record(placings(), {"result": {"places": [2, 0, 3, 1]}}))
    (d,) = rep["deals"]
    assert rep["errors"] == [] and d["status"] == "scored"
    assert d["winner"] == 2 and d["places"] == [2, 0, 3, 1] and d["cards_left"] is None
    assert d["scores"] == [1, -3, 3, -1] and d["penalties"] is None


@pytest.mark.parametrize(("declaration", "result", "pointer"), [
    # Reading 9: under placings a result gives places and neither cards_left nor left.
    (placings(), {"places": [0, 1, 2, 3], "cards_left": [0, 1, 1, 1]}, "/deals/0/result/cards_left"),
    (placings(), {"cards_left": [0, 1, 1, 1]}, "/deals/0/result/places"),
    # Reading 9: result.places without placings is an input problem.
    (small("hk-standard"), {"cards_left": [0, 1, 1, 1], "places": [0, 1, 2, 3]}, "/deals/0/result/places"),
    # Reading 8: result.liable without last_card_guard: liable is an input problem.
    (small("hk-standard"), {"cards_left": [0, 1, 1, 1], "liable": 2}, "/deals/0/result/liable"),
    (small("hk-standard", last_card_guard="liable"), {"cards_left": [0, 1, 1, 1], "liable": "Ben"},
     "/deals/0/result/liable"),
    (placings(), {"places": "first"}, "/deals/0/result/places"),
])
def test_result_input_problems(declaration: dict[str, Any], result: dict[str, Any], pointer: str) -> None:
    checked = check_record(record(declaration, {"result": result}))
    assert checked.report is None
    assert pointer in [p.pointer for p in checked.problems], checked.problems


# --- score sheets -------------------------------------------------------------------------------
@pytest.mark.parametrize(("sheet", "liable", "penalties"), [
    # RECORDS.md v3: a `*` after a loser's cell marks the seat that takes all: `7*` ...
    ("deal,Ana,Ben,Cai,Dee\n1,0,7*,2,1\n", 1, [0, 10, 0, 0]),
    # ... or after a cell of cards (`2S 5C*`).
    ("deal,Ana,Ben,Cai,Dee\n1,,3C,2S 5C*,4D\n", 2, [0, 0, 4, 0]),
    # No mark: nobody is liable.
    ("deal,Ana,Ben,Cai,Dee\n1,0,7,2,1\n", None, [0, 7, 2, 1]),
])
def test_sheet_liable_marks(sheet: str, liable: int | None, penalties: list[int]) -> None:
    record_doc, checked = check_sheet(sheet, small("hk-standard", last_card_guard="liable"))
    assert record_doc is not None and checked.report is not None, checked.problems
    (d,) = checked.report["deals"]
    assert d["liable"] == liable and d["penalties"] == penalties


@pytest.mark.parametrize(("sheet", "profile", "expected"), [
    # The winner cannot take all (RESULT_LIABLE, said for the scorer).
    ("deal,Ana,Ben,Cai,Dee\n1,0*,7,2,1\n", small("hk-standard", last_card_guard="liable"),
     [("/rows/2/Ana", "row 2, column Ana: Ana went out and cannot take all: put the * after the "
                      "cell of the player who pays for everyone")]),
    ("deal,Ana,Ben,Cai,Dee\n1,0,7*,2*,1\n", small("hk-standard", last_card_guard="liable"),
     [("/rows/2", "row 2: only one player takes all in a deal, but Ben and Cai are marked with *")]),
    ("deal,Ana,Ben,Cai,Dee\n1,0,7*,2,1\n", "hk-standard",
     [("/rows/2/Ben", "row 2, column Ben: this profile has no \"takes all\" rule (last card guard: "
                      "liable, or last card call: liable): remove the * after Ben's cell")]),
    # Under placings the cells are places, 1 to n, each once.
    ("deal,Ana,Ben,Cai,Dee\n1,1,2,2,4\n", placings(),
     [("/rows/2", "row 2: each place is taken by one player, but Ben and Cai all have place 2")]),
    ("deal,Ana,Ben,Cai,Dee\n1,1,2,3,5\n", placings(),
     [("/rows/2/Dee", "row 2, column Dee: '5' is not a place: write each player's place in this "
                      "deal, 1 to 4")]),
])
def test_sheet_mark_problems(sheet: str, profile: Any, expected: list[tuple[str, str]]) -> None:
    record_doc, checked = check_sheet(sheet, profile)
    assert record_doc is None and checked.report is None
    assert [(p.pointer, p.detail) for p in checked.problems] == expected


def test_sheet_of_places() -> None:
    """RECORDS.md v3: a sheet under placings gives each player's place (1..n) in the cells."""
    record_doc, checked = check_sheet("deal,Ana,Ben,Cai,Dee\n1,2,4,1,3\n2,1,2,3,4\n", placings())
    assert record_doc is not None and checked.report is not None, checked.problems
    assert [d["places"] for d in checked.report["deals"]] == [[2, 0, 3, 1], [0, 1, 2, 3]]
    assert checked.report["totals"] == [1 + 3, -3 + 1, 3 - 1, -1 - 3]


def test_sheet_problems_in_german() -> None:
    record_doc, checked = check_sheet("deal,Ana,Ben,Cai,Dee\n1,0*,7,2,1\n",
                                      small("hk-standard", last_card_guard="liable"), lang="de")
    assert record_doc is None
    assert checked.problems[0].detail.startswith("Zeile 2, Spalte Ana: Ana ist ausgegangen")


# --- standings ----------------------------------------------------------------------------------
def test_standings_count_place_points() -> None:
    """Standings sum each player's deal scores: under placings the place points, and the deal's
    winner (for deals won) is the first out."""
    from bigtwo.league.standings import seat_results, table

    names = ["Ana", "Ben", "Cai", "Dee"]
    played = record(placings(hand_size=3, passing="locked_out"), deal(H3, PLACED), players=names)
    sheet = record(placings(hand_size=3, passing="locked_out"), {"result": {"places": [1, 0, 3, 2]}},
                   players=names)
    rows = [{"id": i, "record": doc, "report": report(doc)} for i, doc in enumerate((played, sheet))]
    standings = {r["player"]: r for r in table(seat_results(rows))}
    # Deal 1: Ana 1st (+3), Dee 2nd (+1), Ben 3rd (-1), Cai 4th (-3); deal 2 from the sheet:
    # Ben 1st, Ana 2nd, Dee 3rd, Cai 4th.
    assert {n: r["points"] for n, r in standings.items()} == {"Ana": 4, "Ben": 2, "Cai": -6, "Dee": 0}
    assert standings["Ana"]["deals_won"] == 1 and standings["Ben"]["deals_won"] == 1
    assert standings["Ben"]["deals_scored"] == 1 and standings["Ana"]["rank"] == 1


# --- the simulator ------------------------------------------------------------------------------
@pytest.mark.parametrize("declaration", [
    small("hk-standard", last_card_guard="highest_single"),
    placings(last_card_guard="highest_single", passing="locked_out"),
    small("pusoy-dos", last_card_guard="liable"),
])
def test_the_simulator_honours_the_guard_and_placings(declaration: dict[str, Any]) -> None:
    """The random players play the highest single whenever the guard binds (their plays come
    from the referee's own check), and play placings deals to the last place; the guard did
    bind in these games, so the test is not vacuous."""
    from bigtwo.rules.play import deal_lead, protected_seat
    from bigtwo.rules.simulate import simulate

    profile, problems = DEFAULT_RESOLVER.resolve(declaration)
    assert profile is not None, problems
    docs = list(simulate(profile, records=6, deals_per_record=2, seed=11, profile_ref=declaration))
    bound = 0
    for doc in docs:
        checked = check_record(doc)
        assert checked.report is not None and checked.report["errors"] == [], checked.report
        for d in checked.report["deals"]:
            assert d["status"] == "complete"
            if profile.finish == "placings":
                assert sorted(d["places"]) == list(range(4))
        # Replay each deal again and count the singles played under the guard.
        assert checked.record is not None
        for index, game in enumerate(checked.record.deals):
            result = checked.result.deals[index] if checked.result is not None else None
            assert result is not None and result.leader is not None
            leader, opening = deal_lead(profile, index, checked.result.deals[index - 1].winner
                                        if index else None, game.hands)
            assert leader is not None
            t = Table(profile, game.hands, leader, opening)
            for seat, play in game.moves:
                verdict = t.check(seat, play)
                if play is not None and len(play) == 1 and protected_seat(t, seat) is not None:
                    bound += 1
                    strength = t.classifier.strength
                    held = cards.cards_of(t.hands[seat])
                    breach = play[0] != max(held, key=strength.__getitem__)
                    assert profile.last_card_guard == "liable" or not breach
                t.apply(seat, verdict)  # type: ignore[arg-type]
    assert bound > 0
