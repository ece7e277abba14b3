"""The presets of v3, for the big families of tables the rule texts do not cover: `taiwanese`
(大老二 as Taiwan plays it) and `western` (the English-language rule books). Each is a data file
that states only what differs from the registry's defaults, each field it states has a source in
docs/RULES.md, and each plays the rulings its sources give (the rows cite them). The v1/v2
presets keep their ids and hashes.
"""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any

import pytest

from bigtwo.rules import cards
from bigtwo.rules.combos import Combo, classifier_for
from bigtwo.rules.declarations import get, plain
from bigtwo.rules.play import judge_cards
from bigtwo.rules.profiles import DEFAULT_RESOLVER, PRESET_IDS, PRESETS, Profile
from bigtwo.rules.registry import BY_DOTTED
from tests.core.helpers import codes, deal, record, report, small
from tests.core.test_peers import RULES_DOC

V2_HASHES = {
    "hk-standard": "sha256:f326d58f0ee8e979b11ac6bafed522012ce824d6727e262ff0fbec4c6bf01339",
    "big-two-web": "sha256:799978f72a67a529e3aa7d367f5fe7396f11f299497115b913f2eb53eb9bc9d8",
    "casual": "sha256:10783d7e9563c822db40a45ba6482c2a4eafcda1b49b1da8ddf7ae75dd32e1f3",
    "pusoy-dos": "sha256:8d168e9057a8e1406fc0f2b04be1c960f44f430d67eab8ee100b43a32d893b07",
}
NEW = ("taiwanese", "western")


def raw(preset_id: str) -> dict[str, Any]:
    folder = resources.files("bigtwo.rules") / "presets"
    found: dict[str, Any] = json.loads((folder / f"{preset_id}.json").read_text(encoding="utf-8"))
    return found


def stated(data: dict[str, Any], at: tuple[str, ...] = ()) -> dict[str, Any]:
    """The fields a preset file states, by dotted name (``id`` and ``name`` are no rules)."""
    out: dict[str, Any] = {}
    for key, value in data.items():
        path = (*at, key)
        if not at and key in ("id", "name"):
            continue
        if ".".join(path) not in BY_DOTTED and isinstance(value, dict):
            out.update(stated(value, path))
        else:
            out[".".join(path)] = value
    return out


# --- what stays ------------------------------------------------------------------------------
@pytest.mark.parametrize(("preset_id", "expected"), sorted(V2_HASHES.items()))
def test_v2_presets_keep_their_hashes(preset_id: str, expected: str) -> None:
    assert PRESETS[preset_id].hash == expected


def test_the_new_presets_come_after_the_old_ones() -> None:
    assert PRESET_IDS[:4] == tuple(V2_HASHES) and PRESET_IDS[4:] == NEW


# --- data, stating only what differs, each field with its source -------------------------------
@pytest.mark.parametrize("preset_id", NEW)
def test_a_preset_states_only_what_differs_from_the_defaults(preset_id: str) -> None:
    fields = stated(raw(preset_id))
    assert fields, preset_id
    for dotted, value in fields.items():
        assert dotted in BY_DOTTED, f"{preset_id}: {dotted} is no profile field"
        assert value != plain(BY_DOTTED[dotted].default), f"{preset_id}: {dotted} restates its default"


def _source_rows(preset_id: str) -> dict[str, tuple[Any, str]]:
    """docs/RULES.md's table of sources for a preset: `| `field` | `value` | source |` rows (the
    value as JSON) under the heading that names the preset."""
    start = RULES_DOC.index(f"### `{preset_id}`")
    ends = [RULES_DOC.find(mark, start + 1) for mark in ("\n### ", "\n## ")]
    end = min((e for e in ends if e != -1), default=len(RULES_DOC))
    rows = {}
    for line in RULES_DOC[start:end].splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and re.fullmatch(r"`[a-z_.]+`", cells[0]):
            rows[cells[0].strip("`")] = (json.loads(cells[1].strip("`")), cells[2])
    return rows


def _nested(dotted: str, value: Any) -> dict[str, Any]:
    *groups, last = dotted.split(".")
    out: dict[str, Any] = {last: value}
    for key in reversed(groups):
        out = {key: out}
    return out


@pytest.mark.parametrize("preset_id", NEW)
def test_every_stated_field_cites_a_source(preset_id: str) -> None:
    rows = _source_rows(preset_id)
    for dotted, value in stated(raw(preset_id)).items():
        assert dotted in rows, f"docs/RULES.md gives no source for {preset_id}'s {dotted}"
        assert rows[dotted][0] == value and rows[dotted][1], (preset_id, dotted)


@pytest.mark.parametrize("preset_id", NEW)
def test_a_sourced_rule_the_preset_leaves_out_is_one_the_registry_cannot_declare_yet(
        preset_id: str) -> None:
    """A source row that the file does not state is a rule waiting for its field (or value): the
    day the registry accepts it this fails, and the preset states it."""
    waiting = {k: v for k, v in _source_rows(preset_id).items() if k not in stated(raw(preset_id))}
    for dotted, (value, _source) in waiting.items():
        found, problems = DEFAULT_RESOLVER.resolve({"extends": preset_id, **_nested(dotted, value)})
        assert found is None and problems, f"{preset_id}: {dotted} = {value!r} can be declared now"


# --- rulings ---------------------------------------------------------------------------------
def verdict(profile: Profile, play: str, table: str | None = None) -> str | None:
    classifier = classifier_for(profile)
    on_table = None
    if table is not None:
        held = [cards.NOTATION[c] for c in table.split()]
        found = classifier.classify(held, cards.mask_of(held))
        assert isinstance(found, Combo), table
        on_table = found
    outcome = judge_cards(profile, [cards.NOTATION[c] for c in play.split()], on_table)
    if isinstance(outcome, Combo):
        return None
    assert outcome is not None
    return str(outcome[0])


TW = "Taiwanese rule pages (hendrikleehk.pixnet.net 'Big Two rules of the game')"
BOOK = "a Western games book (trantor.is, 'Big Two')"
JUDGED: list[Any] = [
    ("taiwanese", "3D", "3C", None, TW + ": spades > hearts > diamonds > clubs"),
    ("taiwanese", "2C", "AS", None, TW + ": 2 A K ... 4 3"),
    ("taiwanese", "5D 5H 5C", None, "COMBINATION_NOT_ALLOWED", TW + ": no three of a kind in the list of plays"),
    ("taiwanese", "2C 3D 4H 5S 6C", "TC JD QH KS AD", None, TW + ": '23456 straight to the maximum'"),
    ("taiwanese", "3C 4D 5H 6S 7C", "AC 2D 3H 4S 5C", None, TW + ": '... minimum A2345'"),
    ("taiwanese", "JC QD KH AS 2D", None, "NOT_A_COMBINATION", TW + ": '\"JQKA2\" is not a straight'"),
    ("taiwanese", "3S 4S 5S 6S AS", "9D TD JD QD AD", None,
     TW + ": five-card hands compared by their largest single card (A♠ over A♦)"),
    ("taiwanese", "3D 5D 7D 9D KD", "4C 6C 8C TC KC", None, TW + ": K♦ over K♣"),
    ("taiwanese", "4H 4S 4D 4C 3D", "9H 9S 9D TC TD", None, TW + ": four of a kind above the full house"),
    ("western", "3C 4D 5H 6S 7C", "AC 2D 3H 4S 5C", None, BOOK + ": 'the lowest is 5-4-3-2-A'"),
    ("western", "AC 2D 3H 4S 5C", "3C 4D 5H 6S 7C", "DOES_NOT_BEAT", BOOK + ": 'the lowest is 5-4-3-2-A'"),
    ("western", "TC JD QH KS AD", "9C TD JH QS KD", None, BOOK + ": 'the highest straight ... is A-K-Q-J-10'"),
    ("western", "2C 3D 4H 5S 6C", None, "COMBINATION_NOT_ALLOWED", BOOK + ": no straight above A-K-Q-J-10"),
    ("western", "JC QD KH AS 2D", None, "NOT_A_COMBINATION", BOOK + ": no straight through K-A-2"),
    ("western", "AD 2H 3C 4C 5S", "AC 2S 3D 4D 5D", None,
     "mainland and Western books: 5-4-3-2-A is named, and tied, by its 5 (5♠ over 5♦)"),
    ("western", "3S 4S 5S 6S 8S", "9H TH JH QH AH", None,
     BOOK + ": 'the highest suit wins, regardless of which cards are in either flush'"),
    ("western", "2C 2D 2H", "KC KD KH", None, BOOK + ": '2-2-2 beats K-K-K'"),
    ("western", "TS JS QS KS AS", "TH JH QH KH AH", None,
     BOOK + ": 'The highest straight flush is A of spades-K of spades...'"),
    ("western", "3S", "3C", None, BOOK + ": spades, hearts, clubs, diamonds"),
]


@pytest.mark.parametrize(("preset_id", "play", "table", "expected", "source"), JUDGED)
def test_a_preset_ruling_on_cards(preset_id: str, play: str, table: str | None,
                                  expected: str | None, source: str) -> None:
    assert verdict(PRESETS[preset_id], play, table) == expected, source


TW_HANDS = ["3C 9C KS", "4C 5H 2S", "6D 6S JH", "3D 8H AD"]
HANDS = ["3D 9C KS", "4C 5H 2S", "6D 6S JH", "7C 8H AD"]
WIN1 = "0:3D 1:4C 2:JH 3:AD 0:- 1:2S 2:- 3:- 0:- 1:5H"  # clockwise; seat 1 goes out
DEALS: list[Any] = [
    ("taiwanese", [deal(TW_HANDS, "3:3D")], [("WRONG_TURN", 0, 0)],
     TW + ": the 3♣ leads, not the 3♦"),
    ("taiwanese", [deal(TW_HANDS, "0:9C")], [("OPENING_CARD", 0, 0)],
     TW + ": 'the first round of the cards must include' the 3♣"),
    ("taiwanese", [deal(TW_HANDS, "0:3C 3:3D")], [],
     "joechou Big Two (Taiwan): 'plays the cards in a counterclockwise direction'"),
    ("taiwanese", [deal(TW_HANDS, "0:3C 1:4C")], [("WRONG_TURN", 0, 1)],
     "eagleplayingcard.com: 'Play proceeds counter-clockwise'"),
    ("western", [deal(HANDS, WIN1), deal(HANDS, "1:4C")], [("WRONG_TURN", 1, 0)],
     "Only a Game's rules: 'The player who is dealt the 3 of Diamonds starts each hand'"),
    ("western", [deal(HANDS, WIN1), deal(HANDS, "0:3D 1:4C")], [],
     "... the holder of the 3♦ again, not the last winner"),
]


@pytest.mark.parametrize(("preset_id", "deals", "errors", "source"), DEALS)
def test_a_preset_ruling_on_a_deal(preset_id: str, deals: list[dict[str, Any]],
                                   errors: list[Any], source: str) -> None:
    rep = report(record(small(preset_id, hand_size=3), *deals), complete=False)
    assert codes(rep) == errors, source


def test_western_scores_a_point_a_card_doubled_from_ten_and_39_for_thirteen() -> None:
    """A Western games book: '1 point per card (up to 9 cards) or 2 points per card (10-12
    cards). If a player has not managed to play any cards, he is scored 39 points.'"""
    rep = report(record("western", *[{"result": {"cards_left": [0, 9, 10, 13]}},
                                     {"result": {"cards_left": [12, 0, 1, 2]}}]))
    assert [d["scores"] for d in rep["deals"]] == [[0, -9, -20, -39], [-24, 0, -1, -2]]


def test_western_ends_when_someone_reaches_50_and_the_low_score_wins() -> None:
    """'A game of Big Two usually lasts until one player scores 50, at which point the player
    with the low score wins.'"""
    deals = [{"result": {"cards_left": [0, 13, 13, 1]}}, {"result": {"cards_left": [3, 0, 13, 1]}},
             {"result": {"cards_left": [0, 1, 1, 1]}}]
    rep = report(record("western", *deals))
    assert rep["match"] == {"over": True, "winners": [3]}
    assert rep["totals"] == [-3, -39, -78, -2]
    assert codes(rep) == [("MATCH_OVER", 2, None)]


@pytest.mark.parametrize("preset_id", NEW)
def test_a_new_preset_is_its_own_profile(preset_id: str) -> None:
    found = PRESETS[preset_id]
    assert found.hash not in V2_HASHES.values()
    assert get(found.rules, ("players",)) == 4 and found.hand_size == 13
