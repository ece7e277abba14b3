"""bigtwo.reports.timeline: the per-move snapshots behind the referee's view."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from bigtwo.records.pipeline import check_record
from bigtwo.reports.field_text import house_rules_view
from bigtwo.reports.timeline import (
    BROKEN,
    OK,
    UNCHECKED,
    Timeline,
    build_timeline,
    explaining_fields,
    house_rules,
)
from bigtwo.rules.profiles import PRESETS
from tests.browser.support import example_record


def _record(name: str) -> dict[str, Any]:
    return example_record(name)


def _timeline(doc: dict[str, Any], complete: bool = True) -> Timeline:
    checked = check_record(doc, complete=complete)
    assert checked.record is not None and checked.result is not None
    return build_timeline(checked.record, checked.result)


def test_wrong_turn_is_found_at_its_move_and_the_rest_is_not_replayed() -> None:
    t = _timeline(_record("pusoy-wrong-turn"))
    assert t.first_broken == (0, 5)
    deal = t.deals[0]
    assert deal.broken_move == 5 and deal.error is not None and deal.error.code == "WRONG_TURN"
    assert [m.status for m in deal.moves[:7]] == [OK] * 5 + [BROKEN, UNCHECKED]
    assert all(m.status == UNCHECKED for m in deal.moves[6:])
    # counter-clockwise with locked_out: after seat 0's pass the trick is seat 2's
    first, second = deal.tricks[0], deal.tricks[1]
    assert first.leader == 0 and first.moves == (0, 1, 2, 3, 4) and first.won_by == 2
    assert second.leader == 2 and second.moves == (5,)
    assert deal.moves[5].after.to_move == 2  # the table as it stood: seat 2 to play
    assert deal.moves[5].after.counts == (12, 13, 12, 13)
    assert not deal.tricks[-1].replayed and deal.tricks[-1].moves[0] == 6
    assert t.names == ("Seat 0", "Seat 1", "Seat 2", "Seat 3")


def test_complete_match_snapshots_agree_with_the_report() -> None:
    doc = _record("hk-two-deals")
    checked = check_record(doc)
    assert checked.report is not None and checked.record is not None and checked.result is not None
    t = build_timeline(checked.record, checked.result)
    assert t.first_broken is None and t.names == tuple(doc["players"])
    for deal, reported in zip(t.deals, checked.report["deals"], strict=True):
        last = deal.moves[-1]
        assert last.goes_out and last.status == OK
        assert list(last.after.counts) == reported["cards_left"]
        assert deal.winner == reported["winner"] == last.seat
        assert deal.tricks[-1].counts_after == last.after.counts
        # every move belongs to exactly one trick, in order
        assert [i for tr in deal.tricks for i in tr.moves] == list(range(len(deal.moves)))
        # a trick's leader is the seat of its first move, which leads
        for tr in deal.tricks:
            assert deal.moves[tr.moves[0]].seat == tr.leader and deal.moves[tr.moves[0]].leads
    # the first deal opens with the lowest card; the second is led freely by the winner
    assert t.deals[0].opening_card == "3D" and t.deals[0].leader == 2
    assert t.deals[1].opening_card is None and t.deals[1].leader == t.deals[0].winner
    # cards are removed from the hand that played them
    first = t.deals[0].moves[0]
    assert first.cards is not None and not set(first.cards) & set(first.after.hands[first.seat])
    assert len(first.after.hands[first.seat]) == first.after.counts[first.seat] == 8


def test_a_deal_that_cannot_be_replayed_is_listed_unchecked() -> None:
    doc = copy.deepcopy(_record("hk-two-deals"))
    doc["deals"][0]["hands"][0] = doc["deals"][0]["hands"][0][:-1]  # HAND_SIZE
    t = _timeline(doc)
    assert t.first_error is not None and t.first_error.code == "HAND_SIZE"
    assert t.first_broken is None
    assert all(m.status == UNCHECKED for d in t.deals for m in d.moves)
    assert t.deals[0].dealt.counts[0] == 12


def _worded(profile: Any, code: str, params: dict[str, Any], lang: str = "en") -> list[tuple[str, str]]:
    return [(r["field"], r["value"]) for r in house_rules_view(profile, code, params, lang)]


def test_house_rules_that_explain_an_error() -> None:
    hk, pusoy = PRESETS["hk-standard"], PRESETS["pusoy-dos"]
    assert _worded(hk, "DOES_NOT_BEAT", {"played_kind": "flush", "table_kind": "flush"}) == [
        ("flush_compare", "rank_first"), ("suit_order", "D < C < H < S")]
    assert _worded(pusoy, "WRONG_TURN", {}) == [("direction", "counterclockwise"),
                                                ("passing", "locked_out")]
    assert _worded(pusoy, "OPENING_CARD", {})[0] == ("suit_order", "C < S < H < D")
    assert explaining_fields("COMBINATION_NOT_ALLOWED", {"reason": "no_triples"}) == ("triples",)
    assert explaining_fields("COMBINATION_NOT_ALLOWED", {"reason": "no_two_in_straights"}) == ("straights",)
    assert explaining_fields("LEADER_MUST_PLAY", {}) == ()
    tiers = dict(_worded(hk, "DECLARED_MISMATCH", {}))["scoring.tiers"]
    assert tiers == "x1 from 1, x2 from 8, x3 from 10, x4 from 13"


def test_the_core_gives_house_rules_as_data() -> None:
    """timeline words nothing: paths and declared values; the wording is field_text's."""
    pusoy = PRESETS["pusoy-dos"]
    assert house_rules(pusoy, "WRONG_TURN", {}) == [("direction", "counterclockwise"),
                                                    ("passing", "locked_out")]
    assert house_rules(pusoy, "OPENING_CARD", {})[0] == ("suit_order", ["C", "S", "H", "D"])


@pytest.mark.parametrize(("lang", "expected"), [
    ("de", [("direction", "gegen den Uhrzeigersinn"), ("passing", "raus bis zum nächsten Ausspielen")]),
    ("it", [("direction", "in senso antiorario"), ("passing", "fuori fino alla prossima apertura")]),
])
def test_house_rules_are_worded_in_the_page_language(lang: str, expected: list[tuple[str, str]]) -> None:
    assert _worded(PRESETS["pusoy-dos"], "WRONG_TURN", {}, lang) == expected
    (suits,) = _worded(PRESETS["pusoy-dos"], "DOES_NOT_BEAT", {"played_kind": "single", "table_kind": "single"}, lang)
    assert suits == ("suit_order", {"de": "Kreuz < Pik < Herz < Karo", "it": "fiori < picche < cuori < quadri"}[lang])
    (tiers,) = [v for f, v in _worded(PRESETS["hk-standard"], "DECLARED_MISMATCH", {}, lang) if f == "scoring.tiers"]
    assert tiers == {"de": "x1 ab 1, x2 ab 8, x3 ab 10, x4 ab 13", "it": "x1 da 1, x2 da 8, x3 da 10, x4 da 13"}[lang]


GOLDEN = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "golden").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_timeline_agrees_with_the_report_on_every_golden_record(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    checked = check_record(doc["record"], complete=doc.get("query", {}).get("complete", True))
    if checked.record is None or checked.result is None or checked.report is None:
        return  # malformed on purpose: nothing to replay
    t = build_timeline(checked.record, checked.result)
    at_moves = [e for e in checked.report["errors"] if e["move"] is not None]
    assert t.first_broken == ((at_moves[0]["deal"], at_moves[0]["move"]) if at_moves else None)
    for deal, reported in zip(t.deals, checked.report["deals"], strict=True):
        if reported["status"] == "not_checked":
            assert all(m.status == UNCHECKED for m in deal.moves)
            continue
        if deal.result is not None:  # a score sheet's row: nothing to step through
            assert deal.moves == () and list(deal.result.counts) == (reported["cards_left"] or [])  # placings: none
            continue
        replayed = [m for m in deal.moves if m.status != UNCHECKED]
        assert len(replayed) == min(len(deal.moves), reported["moves_checked"] + (deal.broken_move is not None))
        last = replayed[-1].after if replayed else deal.dealt
        assert list(last.counts) == reported["cards_left"]
        if reported["status"] == "incomplete":
            assert last.penalties_now is not None
            assert list(last.penalties_now) == reported["penalties_now"]


def test_penalties_now_at_every_step() -> None:
    """001: "Während der Partie zeigt die Anzeige zum Beispiel „13 übrig · Ende jetzt −39“ und
    rechnet nach jedem Zug neu": the timeline carries it after every move."""
    suits = "DCHS"
    hands = [[r + s for r in "3456789TJQKA2"] for s in suits]
    profile = {"extends": "big-two-web", "direction": "clockwise"}
    doc = {"profile": profile, "deals": [{"hands": hands, "moves": [
        {"seat": 0, "play": ["3D"]}, {"seat": 1, "play": ["3C"]}, {"seat": 2, "pass": True}]}]}
    checked = check_record(doc, complete=False)
    assert checked.record is not None and checked.result is not None
    (deal,) = build_timeline(checked.record, checked.result).deals
    assert deal.dealt.penalties_now == (39, 39, 39, 39)
    assert [m.after.penalties_now for m in deal.moves] == [
        (24, 39, 39, 39), (24, 24, 39, 39), (24, 24, 39, 39)]


@pytest.mark.parametrize(("params", "expected"), [
    # 9♥ against J♥: the ranks decide, the suit order is not what to look at
    ({"played_kind": "single", "table_kind": "single", "played_top": "9H", "table_top": "JH"}, ()),
    # J♥ against J♠: equal ranks, the suits decide
    ({"played_kind": "single", "table_kind": "single", "played_top": "JH", "table_top": "JS"},
     ("suit_order",)),
    ({"played_kind": "pair", "table_kind": "pair", "played_top": "9H", "table_top": "KS"}, ()),
    ({"played_kind": "straight", "table_kind": "straight", "played_top": "7H", "table_top": "8D"},
     ("straights",)),
    # a flush: the profile's flush comparison decides either way
    ({"played_kind": "flush", "table_kind": "flush", "played_top": "9H", "table_top": "JH"},
     ("flush_compare", "suit_order")),
])
def test_the_fields_named_are_what_decided(params: dict[str, Any], expected: tuple[str, ...]) -> None:
    assert explaining_fields("DOES_NOT_BEAT", params) == expected
