"""Big Two notation against the JSON record, as properties (docs/NOTATION.md): over simulated
matches under every preset, the peer profiles and random profiles, legal and mutated, JSON ->
notation -> JSON gives the same canonical record and identity hash, the notation's report is
the JSON's byte for byte, and the export form is idempotent."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigtwo.formats import jsoncodec
from bigtwo.formats.notation.games import check_text, read_games
from bigtwo.formats.notation.writer import write_record, write_records
from bigtwo.records.identity import canonical_record, record_hash
from bigtwo.records.pipeline import check_record
from bigtwo.rules.profiles import DEFAULT_RESOLVER, PRESETS
from bigtwo.rules.simulate import simulate
from tests.core.test_properties import profiles

PEERS = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "peers").glob("*.json"))
PEER_DECLARATIONS = [json.loads(p.read_text(encoding="utf-8")) for p in PEERS]


def _mutate(doc: dict[str, Any], how: str, rng: random.Random) -> dict[str, Any]:
    """One rule broken where the notation must carry it exactly (the JSON path refuses none
    of these as shape problems: the replay rules on them)."""
    doc = copy.deepcopy(doc)
    deal = next((d for d in doc["deals"] if d.get("moves")), None)
    if deal is None:
        return doc
    moves = deal["moves"]
    i = rng.randrange(len(moves))
    players = len(doc["players"]) if doc.get("players") else 4
    if how == "wrong_turn":
        moves[i]["seat"] = (moves[i]["seat"] + 1) % players
    elif how == "not_held":
        plays = [m for m in moves if "play" in m]
        plays[rng.randrange(len(plays))]["play"] = ["3D", "3C"] if rng.random() < 0.5 else ["2S"]
    elif how == "duplicate":
        plays = [m for m in moves if "play" in m]
        play = plays[rng.randrange(len(plays))]["play"]
        play.append(play[0])
    elif how == "pass_on_lead":
        moves.insert(0, {"seat": moves[0]["seat"], "pass": True})
    elif how == "after_end":
        moves.append({"seat": moves[-1]["seat"], "play": ["3D"]})
        moves.append({"seat": 0, "pass": True})
    elif how == "spellings":
        for m in moves:
            if "play" in m:
                m["play"] = [c.lower().replace("t", "10") for c in m["play"]]
    return doc


MUTATIONS = ("none", "wrong_turn", "not_held", "duplicate", "pass_on_lead", "after_end",
             "spellings")


def _profile_ref(profile: Any) -> str:
    return profile if isinstance(profile, str) else "inline"


def assert_round_trip(doc: dict[str, Any]) -> None:
    text = write_record(doc)
    games = read_games(text)
    assert len(games) == 1 and games[0].problems == [], (text, games[0].problems)
    back = games[0].doc
    assert back is not None
    ref = _profile_ref(doc.get("profile"))
    assert canonical_record(back, ref) == canonical_record(doc, ref)
    assert record_hash(back, ref) == record_hash(doc, ref)
    assert back.get("profile") == doc.get("profile")
    # the export form is idempotent
    assert write_record(back) == text
    # the notation's report is the JSON record's, byte for byte, once the places its rule
    # errors gain (line, column: where the file writes the move) are taken out
    want = check_record(doc, complete=False)
    got = check_text(text, complete=False)
    assert len(got) == 1
    checked = got[0][1]
    if want.report is None:
        assert checked.report is None
        assert [p.as_dict() for p in checked.problems] == [p.as_dict() for p in want.problems]
    else:
        placed = checked.report["errors"]
        assert all(("line" in e) == (e["move"] is not None) for e in placed)
        checked.report["errors"] = [{k: v for k, v in e.items() if k not in ("line", "column")}
                                    for e in placed]
        assert jsoncodec.dumps(checked.report) == jsoncodec.dumps(want.report)


FAST = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FAST
@given(preset=st.sampled_from(sorted(PRESETS)), seed=st.integers(0, 10_000),
       how=st.sampled_from(MUTATIONS), codes=st.booleans(), data=st.randoms())
def test_presets_round_trip(preset: str, seed: int, how: str, codes: bool,
                            data: random.Random) -> None:
    record = next(simulate(PRESETS[preset], records=1, deals_per_record=2, seed=seed,
                           profile_ref=preset, deal_codes=codes))
    assert_round_trip(_mutate(record, how, data))


@FAST
@given(peer=st.sampled_from(range(len(PEER_DECLARATIONS))), seed=st.integers(0, 10_000),
       how=st.sampled_from(MUTATIONS), data=st.randoms())
def test_peer_profiles_round_trip(peer: int, seed: int, how: str, data: random.Random) -> None:
    declaration = PEER_DECLARATIONS[peer]
    profile, problems = DEFAULT_RESOLVER.resolve(declaration)
    assert profile is not None, problems
    record = next(simulate(profile, records=1, deals_per_record=2, seed=seed,
                           profile_ref=declaration))
    assert_round_trip(_mutate(record, how, data))


@FAST
@given(declaration=profiles(), seed=st.integers(0, 10_000), how=st.sampled_from(MUTATIONS),
       data=st.randoms())
def test_random_profiles_round_trip(declaration: dict[str, Any], seed: int, how: str,
                                    data: random.Random) -> None:
    profile, problems = DEFAULT_RESOLVER.resolve(declaration)
    if profile is None:
        return
    record = next(simulate(profile, records=1, deals_per_record=2, seed=seed,
                           profile_ref=declaration))
    assert_round_trip(_mutate(record, how, data))


def test_several_games_read_back_in_order() -> None:
    records = [next(simulate(PRESETS[p], records=1, deals_per_record=1, seed=7, profile_ref=p))
               for p in sorted(PRESETS)]
    games = read_games(write_records(records))
    assert [g.doc for g in games] == [json.loads(json.dumps(r)) for r in records] or all(
        canonical_record(g.doc or {}, "x") == canonical_record(r, "x")
        for g, r in zip(games, records, strict=True))


def test_score_sheet_round_trips() -> None:
    doc = json.loads((Path(__file__).resolve().parents[2] / "examples" / "score-sheet.json")
                     .read_text(encoding="utf-8"))
    assert_round_trip(doc)
