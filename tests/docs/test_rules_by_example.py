"""docs/RULES.md "Every field by example" stays true: every profile field has an example there
(or under "Rules still being built"), and every ruling the examples state in a ``ruling``
block is what the engine rules.

A ``ruling`` block holds one ruling a line, ``PROFILE: SITUATION -> RULING``. PROFILE is a
preset id, optionally followed by the JSON fields that differ (``hk-standard {"triples":
false}``), and ``, in a revolution`` for a play under a reversed order. The situations:

- ``CARDS`` (a lead) or ``CARDS on CARDS`` -> ``beats`` / ``ok`` or the refusing rule code;
- ``holding CARDS pays N``: a loser's penalty;
- ``seat S out, penalties P0 P1 ... -> scores S0 S1 ...``: a deal settled;
- ``hands H0 / H1 / ..., moves M ...`` (or ``no moves``) -> ``no error`` or ``CODE`` and
  ``CODE at move N``: one deal replayed (moves as records write them, ``seat:cards``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from bigtwo.rules import cards, scoring
from bigtwo.rules.fields import FIELDS
from bigtwo.rules.profiles import DEFAULT_RESOLVER, Profile
from tests.core.helpers import codes, deal, record, report
from tests.core.test_peers import RULES_DOC, verdict
from tests.docs.runnable import blocks

RULES = Path(__file__).resolve().parents[2] / "docs" / "RULES.md"
LINE = re.compile(r"^(?P<base>[\w-]+)(?P<fields> \{.*\})?(?P<revolution>, in a revolution)?: "
                  r"(?P<situation>.+?)(?: -> (?P<ruling>.+))?$")
PAYS = re.compile(r"^holding (?P<held>.+) pays (?P<n>\d+)$")
SETTLED = re.compile(r"^seat (?P<winner>\d) out, penalties (?P<penalties>[\d ]+)$")
DEAL = re.compile(r"^hands (?P<hands>.+), (?:no moves|moves (?P<moves>.+))$")
AT_MOVE = re.compile(r"^(?P<code>[A-Z_]+)(?: at move (?P<move>\d+))?$")


def _field(line_no: int, lines: list[str]) -> str:
    """The field whose example a block belongs to: the bullet above it."""
    for line in reversed(lines[:line_no]):
        if line.startswith("- **`"):
            return line.split("`")[1]
    raise AssertionError(f"docs/RULES.md:{line_no}: a ruling block outside a field's example")


def rulings() -> list[Any]:
    lines = RULES.read_text(encoding="utf-8").splitlines()
    return [pytest.param(line, id=f"{_field(b.line, lines)}:{b.line + n + 1}")
            for b in blocks(RULES) if b.lang == "ruling" for n, line in enumerate(b.lines)]


def resolved(base: str, fields_json: str | None) -> Profile:
    found, problems = DEFAULT_RESOLVER.resolve({"extends": base, **json.loads(fields_json or "{}")})
    assert found is not None, problems
    return found


def mask(text: str) -> int:
    return cards.mask_of(cards.NOTATION[c] for c in text.split())


@pytest.mark.parametrize("field", [f.dotted for f in FIELDS])
def test_every_field_has_a_worked_example(field: str) -> None:
    assert f"- **`{field}`**" in RULES_DOC, f"docs/RULES.md has no worked example for {field}"


@pytest.mark.parametrize("line", rulings())
def test_the_ruling_an_example_states_is_the_engines(line: str) -> None:
    parts = LINE.match(line)
    assert parts is not None, f"not a ruling: {line!r}"
    profile = resolved(parts["base"], parts["fields"])
    situation, ruling = parts["situation"], parts["ruling"]
    if (paid := PAYS.match(situation)) is not None:
        assert ruling is None
        assert scoring.penalty(profile, mask(paid["held"]))[0] == int(paid["n"])
    elif (settled := SETTLED.match(situation)) is not None:
        penalties = [int(p) for p in settled["penalties"].split()]
        assert ruling is not None and ruling.startswith("scores ")
        scores = scoring.settle(profile, penalties, int(settled["winner"])).scores
        assert scores == [int(s) for s in ruling.removeprefix("scores ").split()]
    elif (dealt := DEAL.match(situation)) is not None:
        declared = {"extends": parts["base"], **json.loads(parts["fields"] or "{}")}
        rep = report(record(declared, deal(dealt["hands"].split(" / "), dealt["moves"] or "")),
                     complete=False)
        found = codes(rep)
        if ruling == "no error":
            assert found == []
        else:
            wanted = AT_MOVE.match(ruling or "")
            assert wanted is not None, ruling
            assert [c for c, _, _ in found] == [wanted["code"]]
            if wanted["move"] is not None:
                assert found[0][2] == int(wanted["move"])
    else:
        play, _, table = situation.partition(" on ")
        expected = None if ruling in ("beats", "ok") else ruling
        assert verdict(profile, play, table or None, revolution=bool(parts["revolution"])) == expected
