"""The simulator under v4 profiles (RULES.md v4): several decks, jokers, 2 to 8 seats,
timeouts, the last-card call and unbeatable plays, each played and replayed as valid; and the
one-deck path untouched: a one-deck, joker-free profile simulates exactly what the v3
simulator wrote for the same seed."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo.cli.main import main
from bigtwo.records.pipeline import check_record
from bigtwo.rules.profiles import DEFAULT_RESOLVER
from bigtwo.rules.simulate import LOOKED_AT, simulate

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "simulator"
# Random one-deck, joker-free profiles (the v3 property tests' strategy), a seed each, and the
# SHA-256 of what the v3 simulator wrote for them (records=1, deals_per_record=2). Written
# once by the v3 simulator: never regenerate it from this one, or it checks nothing.
V3_RUNS = json.loads((FIXTURES / "one-deck-v3.json").read_text(encoding="utf-8"))


def digest(docs: list[dict[str, Any]]) -> str:
    return hashlib.sha256(json.dumps(docs, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


@pytest.mark.parametrize("run", V3_RUNS, ids=lambda run: f"seed{run['seed']}")
def test_a_one_deck_profile_simulates_what_v3_did(run: dict[str, Any]) -> None:
    profile, problems = DEFAULT_RESOLVER.resolve(run["profile"])
    assert profile is not None and not profile.multiset, problems
    docs = list(simulate(profile, records=1, deals_per_record=2, seed=run["seed"],
                         profile_ref=run["profile"]))
    assert digest(docs) == run["sha256"]


HK = {"extends": "hk-standard"}
V4 = {
    "8 seats, two decks, jokers": {**HK, "players": 8, "decks": 2, "jokers": 1, "hand_size": 13},
    "8 seats, four decks, eight jokers": {**HK, "players": 8, "decks": 4, "jokers": 2, "hand_size": 27},
    "3 seats, three decks, undealt to the opener": {**HK, "players": 3, "decks": 3, "jokers": 1,
                                                   "hand_size": 20, "leftover": "to_opener"},
    "2 seats, 108 cards each": {**HK, "players": 2, "decks": 4, "jokers": 2, "hand_size": 108},
    "timeouts": {**HK, "decks": 2, "timeouts": "pass"},
    "timeouts, one deck": {**HK, "timeouts": "pass"},
    "the call": {**HK, "decks": 2, "jokers": 1, "last_card_call": "liable",
                 "scoring": {"settlement": "pairwise"}},
    "the call, one deck, 6 seats": {**HK, "players": 6, "hand_size": 8, "last_card_call": "liable",
                                    "scoring": {"settlement": "penalty_only"}},
    "unbeatable plays": {**HK, "decks": 2, "jokers": 2, "unbeatable_ends_trick": True},
    "five of a kind": {**HK, "decks": 3, "five_card_order": ["straight", "flush", "full_house",
                                                             "four_of_a_kind", "five_of_a_kind",
                                                             "straight_flush"]},
}


def simulated(declaration: dict[str, Any], records: int, seed: int = 38) -> list[dict[str, Any]]:
    profile, problems = DEFAULT_RESOLVER.resolve(declaration)
    assert profile is not None, problems
    docs = list(simulate(profile, records=records, deals_per_record=2, seed=seed,
                         profile_ref=declaration))
    for doc in docs:
        checked = check_record(doc)
        assert checked.report is not None, checked.problems
        assert checked.report["errors"] == []
        assert all(d["status"] == "complete" for d in checked.report["deals"])
    return docs


def seen(docs: list[dict[str, Any]]) -> Counter[str]:
    """What the records hold: timeouts, calls, jokers standing in, copies played."""
    found: Counter[str] = Counter()
    for doc in docs:
        for deal in doc["deals"]:
            found["seats"] = max(found["seats"], len(deal["hands"]))
            found["copies"] += sum(n > 1 for c, n in Counter(c for h in deal["hands"] for c in h).items()
                                   if c != "JK")
            for m in deal["moves"]:
                found["timeout"] += "timeout" in m
                found["call"] += "call" in m
                found["stand-in"] += any(c.startswith("JK=") for c in m.get("play", []))
    return found


@pytest.mark.parametrize("name", sorted(V4))
def test_every_v4_profile_simulates_valid_records(name: str) -> None:
    declaration = V4[name]
    records = 1 if declaration.get("hand_size") == 108 or "leftover" in declaration else 6
    found = seen(simulated(declaration, records))
    profile, _ = DEFAULT_RESOLVER.resolve(declaration)
    assert profile is not None
    assert found["seats"] == profile.players
    assert (found["copies"] > 0) == (profile.decks > 1)
    assert (found["stand-in"] > 0) == (profile.jokers > 0)
    assert (found["timeout"] > 0) == (profile.timeouts == "pass")
    assert (found["call"] > 0) == (profile.last_card_call == "liable")


@pytest.mark.parametrize("name", ["the call", "the call, one deck, 6 seats"])
def test_a_forgotten_call_makes_the_winner_liable(name: str) -> None:
    """The random players sometimes forget the call: some winner then pays every loser's
    penalty (RULES.md v4, reading 12), and a call that was made leaves nobody liable."""
    liable_winners = called_winners = 0
    for doc in simulated(V4[name], 12, seed=12):
        report = check_record(doc).report
        assert report is not None
        for d, deal in zip(report["deals"], doc["deals"], strict=True):
            missed = {m["seat"] for m in d["missed_calls"]}
            if d["winner"] in missed:
                assert d["liable"] == d["winner"]
                liable_winners += 1
            elif any(m.get("call") and m["seat"] == d["winner"] for m in deal["moves"]):
                assert d["liable"] is None
                called_winners += 1
    assert liable_winners and called_winners


def test_the_largest_hand_lists_what_a_one_deck_hand_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 108-card hand (the largest the limits allow) chooses among the plays of 26 of its
    cards: listing all of them offers up to some 45,000 plays on a lead, a tenth of that is
    the most a part offers (bench/simulate.py has the figures per move)."""
    from bigtwo.rules import simulate as module

    listed: list[int] = []
    some = module._some_moves

    def counting(table: Any, rng: Any) -> Any:
        found = some(table, rng)
        listed.append(len(found))
        return found

    monkeypatch.setattr(module, "_some_moves", counting)
    simulated(V4["2 seats, 108 cards each"], 1)
    assert LOOKED_AT == 52 // 2 and len(listed) > 50
    assert max(listed) < 4_500


@pytest.mark.parametrize("flag", [["--deal-codes"], ["--tables", "2"]])
def test_deal_codes_are_refused_for_a_profile_they_cannot_deal(tmp_path: Path, flag: list[str]) -> None:
    path = tmp_path / "two-decks.json"
    path.write_text(json.dumps(V4["8 seats, two decks, jokers"]), encoding="utf-8")
    result = CliRunner().invoke(main, ["simulate", "--profile", str(path), *flag])
    assert result.exit_code == 2
    assert "deal codes deal one 52-card deck" in result.output and "2 decks" in result.output
    plain = CliRunner().invoke(main, ["simulate", "--profile", str(path), "--seed", "3"])
    assert plain.exit_code == 0, plain.output
    assert check_record(json.loads(plain.stdout)).report["valid"]  # type: ignore[index]


@pytest.mark.parametrize("name", sorted(n for n in V4 if V4[n].get("hand_size") != 108))
def test_a_v4_record_round_trips_through_the_notation(name: str) -> None:
    """Copies, ``JK`` held, ``JK=4D`` played, timeouts and calls: written in the notation and
    read back, the same record and the same report (tests/formats/test_notation_roundtrip)."""
    from tests.formats.test_notation_roundtrip import assert_round_trip

    docs = simulated(V4[name], 2, seed=5)
    for doc in docs:
        assert_round_trip(doc)
    found = seen(docs)
    profile, _ = DEFAULT_RESOLVER.resolve(V4[name])
    assert profile is not None
    assert (found["stand-in"] > 0) == (profile.jokers > 0)
