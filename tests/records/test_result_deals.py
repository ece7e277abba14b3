"""Result-only deals (RECORDS.md, "Score sheets: deals without moves"): a deal that says how it
ended (``result.cards_left`` or ``result.left``) is scored exactly as a replayed deal."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigtwo.records.pipeline import check_record
from bigtwo.rules.codes import RuleCode
from bigtwo.rules.profiles import PRESETS
from bigtwo.rules.simulate import simulate
from tests.core.helpers import codes, deal, record, report, small


def counts(*left: int, **extra: Any) -> dict[str, Any]:
    return {"result": {"cards_left": list(left)}, **extra}


def left(*cells: str, **extra: Any) -> dict[str, Any]:
    return {"result": {"left": [c.split() for c in cells]}, **extra}


def only_deal(rep: dict[str, Any]) -> dict[str, Any]:
    (d,) = rep["deals"]
    return d


# --- the seeds' scoring, from counts ---------------------------------------------------------
@pytest.mark.parametrize(
    ("preset", "cards_left", "penalties", "seed"),
    [
        # 000: "Spieler, der noch 8 oder mehr Karten hält: zahlt DOPPELT", "10 oder mehr ...
        # DREIFACH", "ALLE 13 Karten ... das VIERFACHE (4 Punkte pro Karte = 52 Punkte)"
        ("hk-standard", [0, 7, 8, 13], [0, 7, 16, 52], "000 HK tiers 8/10/13"),
        ("hk-standard", [9, 0, 10, 12], [18, 0, 30, 36], "000 HK tiers 8/10/13"),
        # 001: "1 Punkt je Karte bei 1-9 Karten, 2 Punkte je Karte bei 10-12, 3 Punkte je Karte
        # bei allen 13"; "Neun Karten kosten also 9 Punkte, zehn schon 20, ... 39"
        ("big-two-web", [9, 10, 0, 13], [9, 20, 0, 39], "001 1/2/3 per card"),
        # 004 (tiers only; its 2 penalties need "left", below)
        ("casual", [0, 13, 1, 5], [0, 13, 1, 5], "002: 1 minus point per card"),
    ],
)
def test_counts_score_by_the_profiles_tiers(preset: str, cards_left: list[int], penalties: list[int],
                                            seed: str) -> None:
    d = only_deal(report(record(preset, counts(*cards_left))))
    assert d["status"] == "scored", seed
    assert d["penalties"] == penalties, seed
    winner = cards_left.index(0)
    assert d["winner"] == winner and d["cards_left"] == cards_left and d["moves_checked"] == 0
    if PRESETS[preset].settlement == "winner_takes_all":
        # 001: "Der Sieger bekommt alles, die vier Konten ergeben zusammen immer null"
        assert d["scores"][winner] == sum(penalties) and sum(d["scores"]) == 0
    else:
        assert d["scores"] == [-p for p in penalties]


def test_minus_points_fewest_wins() -> None:
    """002: "die übrig gebliebenen Handkarten ... als Minuspunkte notieren. Spielt ihr mehrere
    Runden, gewinnt am Ende, wer die wenigsten Minuspunkte gesammelt hat." """
    profile = small("casual", match={"max_deals": 3})
    rep = report(record(profile, counts(0, 3, 5, 9), counts(4, 0, 2, 6), counts(1, 2, 0, 7)))
    assert [d["status"] for d in rep["deals"]] == ["scored"] * 3
    assert rep["totals"] == [-5, -5, -7, -22]
    assert rep["match"] == {"over": True, "winners": [0, 1]}


# --- which cards: 004's special penalties need "left" ----------------------------------------
def test_pusoy_two_penalties_from_left() -> None:
    """004: "Die Karo-Zwei ... am Rundenende halten: zusätzlich -1. Alle vier Zweier am
    Rundenende halten: zusätzlich -4" (both apply to a player holding all four)."""
    rep = report(record("pusoy-dos", left(
        "", "2D 5C 9D", "2C 2S 2H 4C 3S", "6H 7H 8H 9H TH JH QH KH AH TS")))
    d = only_deal(rep)
    assert d["status"] == "scored"
    assert d["cards_left"] == [0, 3, 5, 10]
    # seat 1: 3 cards + 1 for the 2D; seat 2: no 2D, so not all four 2s; seat 3: 10 cards x2
    assert d["penalties"] == [0, 4, 5, 20]
    rep = report(record("pusoy-dos", left("2C 2S 2H 2D 4C", "", "5C", "6C")))
    # all four 2s: 5 cards, + 1 for the 2D, + 4 for all four 2s
    assert only_deal(rep)["penalties"] == [10, 0, 1, 1]
    assert only_deal(rep)["scoring"][0] == {"cards": 5, "multiplier": 1, "base": 5, "two_factor": 1,
                                            "card_penalties": 5}


@pytest.mark.parametrize("profile", [
    "pusoy-dos",
    small("hk-standard", scoring={"two_held_factor": 2}),
])
def test_counts_alone_are_an_input_problem_when_cards_matter(profile: Any) -> None:
    checked = check_record(record(profile, counts(0, 3, 5, 9)))
    assert checked.report is None
    (problem,) = checked.problems
    assert problem.pointer == "/deals/0/result/cards_left"
    assert "result.left" in problem.detail


def test_two_held_factor_from_left() -> None:
    """000 variant "Verdoppelte 2er-Strafe": a loser still holding a 2 pays double."""
    profile = small("hk-standard", scoring={"two_held_factor": 2})
    d = only_deal(report(record(profile, left("", "2S 3C", "4C 5C", "6C 7C 8C 9C TC JC QC KC"))))
    assert d["penalties"] == [0, 4, 2, 16]  # 8 cards x2, no 2 held: not doubled


# --- consistency errors, in RECORDS.md's order ------------------------------------------------
HANDS = ["3D 4D 5D", "3C 4C 5C", "3H 4H 5H", "3S 4S 5S"]
HK3 = small("hk-standard", hand_size=3)


@pytest.mark.parametrize(
    ("name", "profile", "deal_doc", "expected"),
    [
        ("two winners", "hk-standard", counts(0, 5, 0, 9),
         [(RuleCode.RESULT_WINNER, None, "/deals/0/result/cards_left", {"seats": [0, 2]})]),
        ("no winner", "hk-standard", counts(1, 5, 2, 9),
         [(RuleCode.RESULT_WINNER, None, "/deals/0/result/cards_left", {"seats": []})]),
        ("14 cards left of 13", "hk-standard", counts(0, 14, 2, 9),
         [(RuleCode.RESULT_CARD_COUNT, 1, "/deals/0/result/cards_left/1", {"count": 14, "dealt": 13})]),
        ("a count below 0", "hk-standard", counts(0, -1, 2, 9),
         [(RuleCode.RESULT_CARD_COUNT, 1, "/deals/0/result/cards_left/1", {"count": -1, "dealt": 13})]),
        ("a card left twice", "hk-standard", left("", "5C 9D", "9D", "KH"),
         [(RuleCode.DUPLICATE_CARD, 2, "/deals/0/result/left/2", {"card": "9D"})]),
        ("a left card not held", HK3, left("", "4C 5D", "5H", "3S", hands=[h.split() for h in HANDS]),
         [(RuleCode.CARD_NOT_HELD, 1, "/deals/0/result/left/1", {"cards": ["5D"]})]),
        ("14 cards of 13, listed", "hk-standard",
         left("", "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2C 3D", "5H", "3S"),
         [(RuleCode.RESULT_CARD_COUNT, 1, "/deals/0/result/left/1", {"count": 14, "dealt": 13})]),
        # Several problems at once: the first check in RECORDS.md's order decides.
        ("a duplicate beats no winner", "hk-standard", left("9D", "9D", "3C", "KH"),
         [(RuleCode.DUPLICATE_CARD, 1, "/deals/0/result/left/1", {"card": "9D"})]),
        ("not held beats two winners", HK3, left("", "5D", "", "3S", hands=[h.split() for h in HANDS]),
         [(RuleCode.CARD_NOT_HELD, 1, "/deals/0/result/left/1", {"cards": ["5D"]})]),
        ("no winner beats a count", "hk-standard", counts(1, 14, 2, 9),
         [(RuleCode.RESULT_WINNER, None, "/deals/0/result/cards_left", {"seats": []})]),
        ("three seats at a four-seat table", "hk-standard", counts(0, 1, 2),
         [(RuleCode.PLAYER_COUNT, None, "/deals/0/result/cards_left", {"expected": 4, "actual": 3})]),
    ],
)
def test_result_errors(name: str, profile: Any, deal_doc: dict[str, Any],
                       expected: list[tuple[str, int | None, str, dict[str, Any]]]) -> None:
    rep = report(record(profile, deal_doc))
    got = [(e["code"], e["seat"], e["pointer"], e["params"]) for e in rep["errors"]]
    assert got == expected, name
    assert all(e["move"] is None and e["deal"] == 0 and e["message"] for e in rep["errors"])
    d = only_deal(rep)
    assert d["status"] == ("not_checked" if expected[0][0] == RuleCode.PLAYER_COUNT else "invalid")
    assert d["scores"] is None and d["penalties"] is None and d["winner"] is None
    assert rep["totals"] == [0, 0, 0, 0]


@pytest.mark.parametrize(("lang", "two", "count"), [
    ("en", "Exactly one seat must have no cards left; seats 0 and 2 have none",
     "Seat 1 cannot have 14 cards left; it was dealt 13"),
    ("de", "Genau ein Platz muss ohne Karten sein; Plätze 0 und 2 haben keine mehr",
     "Platz 1 kann nicht 14 Karten übrig haben; er hat 13 bekommen"),
    ("it", "Esattamente un posto deve restare senza carte; i posti 0 e 2 non ne hanno più",
     "Il posto 1 non può avere 14 carte rimaste; ne ha ricevute 13"),
])
def test_result_messages(lang: str, two: str, count: str) -> None:
    rep = report(record("hk-standard", counts(0, 5, 0, 9)), lang=lang)
    assert rep["errors"][0]["message"] == two
    rep = report(record("hk-standard", counts(0, 14, 2, 9)), lang=lang)
    assert rep["errors"][0]["message"] == count


@pytest.mark.parametrize(("field", "value", "pointer"), [
    ("result", [0, 1, 2, 3], "/deals/0/result"),
    ("result", {"cards_left": [0, 1, 2, 3], "left": []}, "/deals/0/result"),
    ("result", {}, "/deals/0/result"),
    ("result", {"cards_left": [0, "3", 2, 1]}, "/deals/0/result/cards_left"),
    ("result", {"cards_left": [0, 1.5, 2, 1]}, "/deals/0/result/cards_left"),
    ("result", {"left": [[], ["XX"], [], []]}, "/deals/0/result/left/1/0"),
    ("result", {"cards_left": [0, 1, 2, 3], "winner": 0}, "/deals/0/result/winner"),
])
def test_malformed_results_are_input_problems(field: str, value: Any, pointer: str) -> None:
    checked = check_record(record("hk-standard", {field: value}))
    assert checked.report is None
    assert pointer in [p.pointer for p in checked.problems]


def test_moves_and_result_together_are_an_input_problem() -> None:
    doc = record(HK3, {**deal(HANDS, "0:3D"), **counts(0, 3, 3, 3)})
    checked = check_record(doc)
    assert checked.report is None
    assert [p.pointer for p in checked.problems] == ["/deals/0"]


# --- in a match -----------------------------------------------------------------------------
def test_previous_winner_leads_after_a_scored_deal() -> None:
    """000: the winner of a deal leads the next one freely (opening.later_deals)."""
    rep = report(record(HK3, counts(3, 3, 0, 3), deal(HANDS, "2:5H")))
    assert [d["status"] for d in rep["deals"]] == ["scored", "incomplete"]
    assert rep["deals"][1]["leader"] == 2
    # seat 2 leads freely: no opening card needed, so its single 5H is legal
    assert codes(rep) == [(RuleCode.INCOMPLETE, 1, None)]
    rep = report(record(HK3, counts(3, 3, 0, 3), deal(HANDS, "0:3D")))
    assert codes(rep)[0] == (RuleCode.WRONG_TURN, 1, 0)


def test_a_result_deal_is_scored_after_a_deal_without_winner() -> None:
    rep = report(record(HK3, deal(HANDS, "0:3D"), counts(3, 0, 2, 1), deal(HANDS, "1:5C")),
                 complete=False)
    assert [d["status"] for d in rep["deals"]] == ["incomplete", "scored", "incomplete"]
    assert rep["deals"][1]["leader"] is None
    assert rep["deals"][2]["leader"] == 1
    assert rep["totals"] == [-3, 6, -2, -1]


def test_leader_of_a_result_deal_with_hands_is_the_lowest_card() -> None:
    rep = report(record(small("casual", hand_size=3), left("", "3C", "4H 5H", "3S",
                                                          hands=[h.split() for h in HANDS])))
    assert only_deal(rep)["leader"] == 0 and only_deal(rep)["status"] == "scored"


def test_declared_is_compared() -> None:
    rep = report(record("big-two-web", counts(0, 9, 10, 13, declared={"winner": 0, "scores": [68, -9, -21, -39]})))
    assert [(e["code"], e["seat"], e["params"]["actual"]) for e in rep["errors"]] == [
        (RuleCode.DECLARED_MISMATCH, 2, -20)]
    rep = report(record("big-two-web", counts(0, 9, 10, 13, declared={"winner": 1})))
    assert codes(rep) == [(RuleCode.DECLARED_MISMATCH, 0, None)]


def test_match_limit_counts_scored_deals() -> None:
    profile = small("hk-standard", match={"target": 30})
    rep = report(record(profile, counts(0, 13, 1, 1), counts(0, 1, 1, 1)))
    assert rep["match"] == {"over": True, "winners": [0]}
    assert codes(rep) == [(RuleCode.MATCH_OVER, 1, None)]
    assert [d["status"] for d in rep["deals"]] == ["scored", "not_checked"]


def test_teams_score_a_sheet_like_a_replay() -> None:
    """004 (2v2): "the first partner to finish wins for the team; the other partner's remaining
    cards still count for the opponents": V = P_opp - P_partner."""
    profile = small("hk-standard", teams=[[0, 2], [1, 3]])
    rep = report(record(profile, counts(0, 5, 3, 9)))
    d = only_deal(rep)
    assert d["penalties"] == [0, 5, 3, 18]
    assert d["team_scores"] == [20, -20] and d["scores"] == [20, -20, 20, -20]
    assert rep["team_totals"] == [20, -20]


def test_loss_limit_ends_the_match_after_a_scored_deal() -> None:
    """004: play "bis ein Spieler seinen Chip-Stapel aufgebraucht hat" (match.loss_limit)."""
    profile = small("hk-standard", match={"loss_limit": 20})
    rep = report(record(profile, counts(0, 13, 1, 1), counts(0, 1, 1, 1)))
    assert rep["match"] == {"over": True, "winners": [0]}
    assert codes(rep) == [(RuleCode.MATCH_OVER, 1, None)]


def test_winner_only_settlement() -> None:
    """000: "andere werten nur das Guthaben des Gewinners" (settlement winner_only)."""
    profile = small("hk-standard", scoring={"settlement": "winner_only"})
    assert only_deal(report(record(profile, counts(2, 0, 8, 1))))["scores"] == [0, 19, 0, 0]


def test_mixed_record_totals() -> None:
    """A record of a replayed deal and a scored one adds both into the totals."""
    rep = report(record(small("casual", hand_size=3),
                        deal(HANDS, "0:3D 1:3C 2:3H 3:3S 0:4D 1:4C 2:4H 3:4S 0:5D"),
                        counts(2, 2, 0, 3)))
    assert [d["status"] for d in rep["deals"]] == ["complete", "scored"]
    assert [d["scores"] for d in rep["deals"]] == [[0, -1, -1, -1], [-2, -2, 0, -3]]
    assert rep["totals"] == [-2, -3, -1, -4]


# --- penalties_now --------------------------------------------------------------------------
def test_penalties_now_for_an_incomplete_deal() -> None:
    """001: "Während der Partie zeigt die Anzeige zum Beispiel „13 übrig · Ende jetzt −39“"."""
    doc = record("big-two-web", {
        "hands": [h.split() for h in [
            "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 2D", "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2C",
            "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH 2H", "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2S"]],
        "moves": [{"seat": 0, "play": ["3D"]}]})
    d = only_deal(report(doc, complete=False))
    assert d["status"] == "incomplete"
    assert d["cards_left"] == [12, 13, 13, 13]
    assert d["penalties_now"] == [24, 39, 39, 39]
    d = only_deal(report(record("big-two-web", counts(0, 1, 2, 3))))
    assert d["penalties_now"] is None


# --- a sheet of a simulated game scores as its replay -----------------------------------------
def as_result_only(doc: dict[str, Any], *, keep_hands: bool) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    for d in out["deals"]:
        held = [set(h) for h in d["hands"]]
        for m in d.pop("moves"):
            if "play" in m:
                held[m["seat"]] -= set(m["play"])
        d["result"] = {"left": [sorted(h) for h in held]}
        if not keep_hands:
            del d["hands"]
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(sorted(PRESETS)), seed=st.integers(0, 2**32), keep=st.booleans())
def test_a_simulated_game_scores_the_same_from_its_result(preset: str, seed: int, keep: bool) -> None:
    profile = PRESETS[preset]
    (doc,) = simulate(profile, records=1, deals_per_record=3, seed=seed)
    replayed = report(doc)
    scored = report(as_result_only(doc, keep_hands=keep))
    assert replayed["errors"] == [] and scored["errors"] == []
    for a, b in zip(replayed["deals"], scored["deals"], strict=True):
        assert (a["status"], b["status"]) == ("complete", "scored")
        for key in ("winner", "cards_left", "penalties", "scores", "scoring"):
            assert a[key] == b[key], key
    assert scored["totals"] == replayed["totals"] and scored["match"] == replayed["match"]


# --- result-only deals with their hands, under several decks ----------------------------------
TWO_DECKS_RESULT = {"extends": "hk-standard", "decks": 2, "hand_size": 4}


@pytest.mark.parametrize(("last_hand", "left", "expected"), [
    # A copy per deck is dealt as the replay deals it: no DUPLICATE_CARD for the second JC.
    (["3C", "JC", "JC", "2S"], ["3C", "JC"], []),
    (["3C", "JC", "JC", "JC"], ["3C", "JC"], [("DUPLICATE_CARD", "/deals/0/hands/3")]),
    (["3C", "JC", "QC", "2S"], ["JC", "JC"], [("CARD_NOT_HELD", "/deals/0/result/left/3")]),
])
def test_a_result_deals_given_hands_hold_copies(last_hand: list[str], left: list[str],
                                                 expected: list[tuple[str, str]]) -> None:
    doc = {"profile": TWO_DECKS_RESULT, "deals": [{
        "hands": [["3D", "4D", "5S", "9H"], ["3D", "6C", "7C", "8C"], ["5C", "8C", "QS", "KS"], last_hand],
        "result": {"left": [["4D", "5S", "9H"], [], ["5C", "8C"], left]}}]}
    rep = report(doc)
    assert [(e["code"], e["pointer"]) for e in rep["errors"]] == expected
    if not expected:
        assert only_deal(rep)["status"] == "scored" and only_deal(rep)["cards_left"] == [3, 0, 2, 2]
