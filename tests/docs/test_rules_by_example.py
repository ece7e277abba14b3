"""docs/RULES.md "Every field by example" stays true: every profile field has an example there
and a ruling block, every ruling block belongs to a registered field, and every ruling the
examples state in a ``ruling`` block is what the engine rules.

A ``ruling`` block holds one ruling a line, ``PROFILE: SITUATION -> RULING``. PROFILE is a
preset id, optionally followed by the JSON fields that differ (``hk-standard {"triples":
false}``), and ``, in a revolution`` for a play under a reversed order. The situations:

- ``CARDS`` (a lead) or ``CARDS on CARDS`` -> ``beats`` / ``ok`` or the refusing rule code;
- ``holding CARDS pays N``: a loser's penalty;
- ``seat S out, penalties P0 P1 ... -> scores S0 S1 ...``: a deal settled;
- one deal or several, joined by `` then ``, each ``hands H0 / H1 / ..., moves M ...`` (or
  ``no moves``), replayed (moves as records write them, ``seat:cards``), or a score sheet's
  row: ``left C0 C1 ...`` (cards each seat still held, a liable seat's count marked ``*`` as
  a sheet marks it) or ``places P0 P1 ...`` (seats, first out first). The ruling is clauses joined by ``; ``: first ``no error``, ``CODE``,
  ``CODE at move N``, ``CODE at deal D`` or ``CODE at deal D move N`` (deals and moves
  counted from 0, as records count them), then any of ``scores S0 S1 ...`` (the last deal's),
  ``places P0 P1 ...`` (the last deal's), ``totals T0 T1 ...``, ``match over, winners W ...``
  and ``match not over``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from bigtwo.rules import cards, scoring
from bigtwo.rules.profiles import DEFAULT_RESOLVER, Profile
from bigtwo.rules.registry import FIELDS
from tests.core.helpers import codes, deal, record, report
from tests.core.test_peers import RULES_DOC, verdict
from tests.docs.runnable import blocks

RULES = Path(__file__).resolve().parents[2] / "docs" / "RULES.md"
LINE = re.compile(r"^(?P<base>[\w-]+)(?P<fields> \{.*\})?(?P<revolution>, in a revolution)?: "
                  r"(?P<situation>.+?)(?: -> (?P<ruling>.+))?$")
PAYS = re.compile(r"^holding (?P<held>.+) pays (?P<n>\d+)$")
SETTLED = re.compile(r"^seat (?P<winner>\d) out, penalties (?P<penalties>[\d ]+)$")
DEAL = re.compile(r"^hands (?P<hands>.+), (?:no moves|moves (?P<moves>.+))$")
SHEET = re.compile(r"^(?P<what>left|places) (?P<seats>[\d* ]+)$")
AT_MOVE = re.compile(r"^(?P<code>[A-Z_]+)(?: at (?:deal (?P<deal>\d+))?(?: ?move (?P<move>\d+))?)?$")
WINNERS = re.compile(r"^match over, winners (?P<seats>[\d ]+)$")


def _numbers(text: str) -> list[int]:
    return [int(n) for n in text.split()]


def _deal(text: str) -> dict[str, Any]:
    """One deal of a situation: replayed from its hands and moves, or a score sheet's row."""
    if (sheet := SHEET.match(text)) is not None:
        key = "cards_left" if sheet["what"] == "left" else "places"
        # A seat marked with * is liable, as a score sheet's `0*` cell marks it.
        seats = sheet["seats"].split()
        result: dict[str, Any] = {key: _numbers(sheet["seats"].replace("*", ""))}
        marked = [seat for seat, cell in enumerate(seats) if cell.endswith("*")]
        if marked:
            result["liable"] = marked[0]
        return {"result": result}
    dealt = DEAL.match(text)
    assert dealt is not None, f"not a deal: {text!r}"
    return deal(dealt["hands"].split(" / "), dealt["moves"] or "")


def _is_deals(situation: str) -> bool:
    return all(DEAL.match(d) or SHEET.match(d) for d in situation.split(" then "))


def _check_deals(declared: dict[str, Any], situation: str, ruling: str | None) -> None:
    assert ruling is not None, "a replayed deal states its ruling"
    rep = report(record(declared, *map(_deal, situation.split(" then "))), complete=False)
    errors, *more = ruling.split("; ")
    found = codes(rep)
    if errors == "no error":
        assert found == [], found
    else:
        wanted = AT_MOVE.match(errors)
        assert wanted is not None, errors
        assert [c for c, _, _ in found] == [wanted["code"]], found
        if wanted["deal"] is not None:
            assert found[0][1] == int(wanted["deal"])
        if wanted["move"] is not None:
            assert found[0][2] == int(wanted["move"])
    last = rep["deals"][-1]
    for clause in more:
        what, _, numbers = clause.partition(" ")
        if what in ("scores", "places"):
            assert last[what] == _numbers(numbers), (clause, last[what])
        elif what == "totals":
            assert rep["totals"] == _numbers(numbers), (clause, rep["totals"])
        elif clause == "match not over":
            assert rep["match"]["over"] is False
        else:
            over = WINNERS.match(clause)
            assert over is not None, f"not a ruling clause: {clause!r}"
            assert rep["match"] == {"over": True, "winners": _numbers(over["seats"])}


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


def _fields_with_rulings() -> set[str]:
    lines = RULES.read_text(encoding="utf-8").splitlines()
    return {_field(b.line, lines) for b in blocks(RULES) if b.lang == "ruling" and b.lines}


@pytest.mark.parametrize("field", [f.dotted for f in FIELDS])
def test_every_field_has_a_ruling_block(field: str) -> None:
    """Prose can drift; a ruling block is checked against the engine, so every field has one."""
    assert field in _fields_with_rulings(), f"docs/RULES.md shows no ruling for {field}"


def test_every_ruling_block_names_a_registered_field() -> None:
    assert _fields_with_rulings() - {f.dotted for f in FIELDS} == set()


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
    elif _is_deals(situation):
        declared = {"extends": parts["base"], **json.loads(parts["fields"] or "{}")}
        _check_deals(declared, situation, ruling)
    else:
        play, _, table = situation.partition(" on ")
        expected = None if ruling in ("beats", "ok") else ruling
        assert verdict(profile, play, table or None, revolution=bool(parts["revolution"])) == expected
