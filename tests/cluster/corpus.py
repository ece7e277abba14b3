"""A JSON Lines corpus that mixes every kind of line a real archive holds."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

from bigtwo.rules.profiles import PRESETS
from bigtwo.rules.simulate import simulate
from tests.conftest import example_record


def _broken(record: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal record with one rule broken: a move by the wrong seat or a pass on a lead."""
    broken = copy.deepcopy(record)
    deal = broken["deals"][0]
    move = deal["moves"][rng.randrange(len(deal["moves"]))]
    move["seat"] = (move["seat"] + 1) % len(deal["hands"])
    return broken


def score_sheets(rng: random.Random, count: int) -> list[dict[str, Any]]:
    """Result-only deals (score sheets): how each deal ended, without its moves; some with a
    winner missing or a count over the hand, and one mixed with a replayed deal."""
    out = []
    for i in range(count):
        left = [rng.randrange(1, 14) for _ in range(4)]
        left[rng.randrange(4)] = 0
        if i % 5 == 3:
            left = [max(1, n) for n in left]  # nobody went out: RESULT_WINNER
        elif i % 5 == 4:
            left[(left.index(0) + 1) % 4] = 14  # more than a hand: RESULT_CARD_COUNT
        deal: dict[str, Any] = {"result": {"cards_left": left}}
        out.append({"profile": list(PRESETS)[i % len(PRESETS)], "players": ["Ana", "Ben", "Cai", "Dee"],
                    "deals": [deal, {"result": {"left": [[], ["3D", "4D"], ["2S"], ["AH", "KD"]]}}]})
    mixed = example_record("hk-two-deals")
    mixed["deals"].append({"result": {"cards_left": [2, 0, 7, 1]}})
    return [*out, mixed]


def lines(records: int = 120, seed: int = 5) -> list[str]:
    """Valid simulated records of every preset, the same with a rule broken, score sheets,
    records that cannot be replayed, lines that are not JSON, blank lines, non-ASCII text;
    shuffled."""
    rng = random.Random(seed)
    per = max(1, records // len(PRESETS))
    out: list[str] = []
    for i, profile in enumerate(PRESETS.values()):
        for record in simulate(profile, records=per, deals_per_record=1, seed=seed + i):
            out.append(json.dumps(record, ensure_ascii=False))
            if rng.random() < 0.3:
                out.append(json.dumps(_broken(record, rng)))
    named = example_record("hk-two-deals")
    named["players"] = ["Zoë", "李雷", "Ólafur", "Ana"]
    out += [json.dumps(named, ensure_ascii=False), json.dumps(example_record("pusoy-wrong-turn")),
            json.dumps(example_record("custom-incomplete"))]
    out += [json.dumps(sheet) for sheet in score_sheets(rng, 15)]
    out += ['{"profile": "hk-standard", "deals": [', "{not json", "[1, 2]", '"a string"',
            json.dumps({"profile": "no-such-profile", "deals": []}), "", "   "]
    rng.shuffle(out)
    return out


def write(path: Path, corpus: list[str], final_newline: bool = True) -> Path:
    path.write_text("\n".join(corpus) + ("\n" if final_newline else ""), encoding="utf-8")
    return path
