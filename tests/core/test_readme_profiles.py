"""Every profile declaration in docs/RULES.md's section on what rules v2 added (once the
README's rules section) resolves and plays legal games."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bigtwo.records.pipeline import check_record
from bigtwo.rules.profiles import DEFAULT_RESOLVER
from bigtwo.rules.simulate import simulate

RULES = Path(__file__).resolve().parents[2] / "docs" / "RULES.md"


def rules_section_declarations() -> list[str]:
    text = RULES.read_text(encoding="utf-8")
    start = text.index("### What rules v2 added")
    end = text.index("\n### ", start + 1)
    return re.findall(r"```json\n(.*?)```", text[start:end], flags=re.S)


BLOCKS = rules_section_declarations()


def test_the_rules_section_shows_a_profile_per_v2_variant() -> None:
    fields = " ".join(BLOCKS)
    for name in ("straight_flushes", "bomb_hands", "revolution", "teams", "two_held_cards",
                 "winner_only", "loss_limit", '"players": 5'):
        assert name in fields, name


@pytest.mark.parametrize("block", BLOCKS, ids=[str(i) for i in range(len(BLOCKS))])
def test_readme_profile_plays(block: str) -> None:
    declaration = json.loads(block)
    profile, problems = DEFAULT_RESOLVER.resolve(declaration)
    assert profile is not None, problems
    for doc in simulate(profile, records=2, deals_per_record=2, seed=9, profile_ref=declaration):
        report = check_record(doc).report
        assert report is not None and report["valid"], report
