"""Every table the seed texts describe, as a preset or a declaration: each resolves, and the
simulator plays legal matches under it that the referee accepts. Each row cites its seed."""

from __future__ import annotations

from typing import Any

import pytest

from bigtwo.records.pipeline import check_record
from bigtwo.rules.profiles import DEFAULT_RESOLVER
from bigtwo.rules.simulate import simulate

BASE8 = ["34567", "45678", "56789", "6789T", "789TJ", "89TJQ", "9TJQK", "TJQKA"]

SEED_TABLES: list[tuple[str, Any]] = [
    ('000: "Big Two (Hong Kong)": D<C<H<S, HK multipliers', "hk-standard"),
    ('000: "bei 3 Spielern werden oft 17 Karten an jeden ausgeteilt und 1 Karte verdeckt gelassen"',
     {"extends": "hk-standard", "players": 3, "hand_size": 17}),
    ('000: "Big Two für 2 oder 3 Spieler"', {"extends": "hk-standard", "players": 2}),
    ('000: "Gelegentlich existieren Varianten für 3 oder 5 Spieler"',
     {"extends": "hk-standard", "players": 5, "hand_size": 10}),
    ('000: "Partnerschaft Big Two (2 gegen 2): Teammitglieder sitzen sich gegenüber"',
     {"extends": "hk-standard", "teams": [[0, 2], [1, 3]]}),
    ('000: "Bomben überall: Bomben dürfen auf jede Kombination gespielt werden"',
     {"extends": "hk-standard", "bombs": "anything"}),
    ('000: "2-3-4-5-6 als HÖCHSTE Straße erlauben"', {"extends": "hk-standard", "straights": [*BASE8, "23456"]}),
    ('000: "Kein Passen bis zum ersten Spielen"', {"extends": "hk-standard", "must_play_first_trick": True}),
    ('000: "Verdoppelte 2er-Strafe ... verdoppelt (oder verdreifacht)"',
     {"extends": "hk-standard", "scoring": {"two_held_factor": 3}}),
    ('000: "eine 2 (den Big Two)" as the spade 2 alone',
     {"extends": "hk-standard", "scoring": {"two_held_factor": 2, "two_held_cards": ["2S"]}}),
    ('000: "Manche Tische werten 1 Punkt pro Karte ohne Multiplikatoren"',
     {"extends": "hk-standard", "scoring": {"tiers": [{"from": 1, "multiplier": 1}]}}),
    ('000: "andere werten nur das Guthaben des Gewinners"',
     {"extends": "hk-standard", "scoring": {"settlement": "winner_only"}}),
    ('000: "bis ein vereinbartes Punkteziel (oft 30 oder 50 Punkte)"',
     {"extends": "hk-standard", "match": {"target": 30}}),
    ('001: the web game\'s defaults, "du, rechts, gegenüber, links"', "big-two-web"),
    ('001: switch "Farbreihenfolge: ♣ am niedrigsten"',
     {"extends": "big-two-web", "suit_order": ["C", "D", "H", "S"]}),
    ('001: switch "2 in Straßen: verboten"', {"extends": "big-two-web", "straights": BASE8}),
    ('001: switch "Flush-Vergleich: Wert zuerst"', {"extends": "big-two-web", "flush_compare": "rank_first"}),
    ('001: switch "Wer beginnt: letzter Sieger"',
     {"extends": "big-two-web", "opening": {"later_deals": "previous_winner"}}),
    ('002: family rules, "1 Minuspunkt pro Karte"', "casual"),
    ('003: the Italian text of 000', {"extends": "hk-standard", "name": "Big Two (003)"}),
    ('004: Pusoy Dos: C<S<H<D, counterclockwise, locked out', "pusoy-dos"),
    ('004: "Ohne Fünf-Karten-Blätter (Freizeitvariante)"', {"extends": "pusoy-dos", "five_card_hands": False}),
    ('004: "Revolution: Wenn jemand einen Vierling spielt, kehrt sich die Rangordnung ... um"',
     {"extends": "pusoy-dos", "revolution": "ranks"}),
    ('004: "Teamvariante (2v2): Partner sitzen einander gegenüber"',
     {"extends": "pusoy-dos", "teams": [[0, 2], [1, 3]]}),
    ('004: "Verbotener Abschluss (optionale Hausregel)"',
     {"extends": "pusoy-dos", "no_single_two_finish_on_lead": True}),
    ('004: "die niedrigste Straße (3-4-5-6-7) ... schlägt jede Straße ohne Flush"; royal flush on top',
     {"extends": "pusoy-dos", "straights": [*BASE8[1:], "34567"], "straight_flushes": BASE8}),
    ('004: "Die internationale Big-Two-Reihenfolge Karo < Kreuz < Herz < Pik"',
     {"extends": "pusoy-dos", "suit_order": ["D", "C", "H", "S"]}),
    ('004: "manche Regeln erlauben es, jede Kombination ... damit zu unterbrechen"',
     {"extends": "pusoy-dos", "bombs": "anything"}),
    ('004: "nach der vereinbarten Anzahl von Runden, üblicherweise 5, 10 oder 20"',
     {"extends": "pusoy-dos", "match": {"max_deals": 5}}),
    ('004: "wenn ein Spieler ein Chip-Verlust-Limit erreicht"',
     {"extends": "pusoy-dos", "match": {"loss_limit": 40}}),
]


@pytest.mark.parametrize(("seed", "ref"), SEED_TABLES, ids=[s[:60] for s, _ in SEED_TABLES])
def test_every_seed_table_plays(seed: str, ref: Any) -> None:
    profile, problems = DEFAULT_RESOLVER.resolve(ref)
    assert profile is not None, (seed, problems)
    (doc,) = simulate(profile, records=1, deals_per_record=2, seed=3, profile_ref=ref)
    report = check_record(doc).report
    assert report is not None and report["valid"], (seed, report and report["errors"])
    assert all(d["status"] == "complete" for d in report["deals"]), seed
