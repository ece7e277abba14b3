"""Item 7: the export form writes a trick per line (docs/NOTATION.md, "The export form")
under every profile, ``passing: locked_out`` and ``finish: placings`` included, where a trick
may end after fewer passes than the table has other players; and what it writes reads back
to the same record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bigtwo.cli.main import main
from bigtwo.formats.notation.games import read_games
from bigtwo.formats.notation.writer import write_record
from bigtwo.records.parse import parse_record
from bigtwo.rules.combos import Combo
from bigtwo.rules.profiles import DEFAULT_RESOLVER, PRESETS
from bigtwo.rules.simulate import simulate
from bigtwo.rules.table import Table

PLACES = {"scoring": {"place_points": [3, 1, -1, -3]}}
VARIANTS: dict[str, Any] = {
    **{p: p for p in sorted(PRESETS)},
    "hk locked_out": {"extends": "hk-standard", "passing": "locked_out"},
    "hk placings": {"extends": "hk-standard", "finish": "placings", **PLACES},
    "hk placings locked_out": {"extends": "hk-standard", "finish": "placings",
                               "passing": "locked_out", **PLACES},
    "pusoy-dos placings": {"extends": "pusoy-dos", "finish": "placings", **PLACES},
}


def _leads(record: dict[str, Any]) -> list[set[int]]:
    """The plays that lead a trick, per deal, as the referee's table says."""
    parsed, problems = parse_record(record)
    assert parsed is not None, problems
    out = []
    for deal in parsed.deals:
        table = Table(parsed.profile, deal.hands, deal.moves[0][0], None)
        leads = set()
        for i, (seat, play) in enumerate(deal.moves):
            if play is not None and table.on_table is None:
                leads.add(i)
            verdict = table.check(seat, play)
            assert verdict is None or isinstance(verdict, Combo)
            table.apply(seat, verdict)
        out.append(leads)
    return out


def _move_lines(text: str) -> list[list[int]]:
    """Per deal, how many moves each line of moves holds."""
    deals: list[list[int]] = []
    for line in text.split("\n"):
        if line.startswith("deal "):
            deals.append([])
        elif deals and ": " in line and not line.startswith(("hand ", "declared ")):
            deals[-1].append(line.count(", ") + 1)
    return deals


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_simulated_profile_writes_a_trick_per_line(variant: str) -> None:
    ref = VARIANTS[variant]
    profile, problems = DEFAULT_RESOLVER.resolve(ref)
    assert profile is not None, problems
    for record in simulate(profile, records=4, deals_per_record=2, seed=3, profile_ref=ref):
        text = write_record(record)
        for leads, counts in zip(_leads(record), _move_lines(text), strict=True):
            starts = [sum(counts[:k]) for k in range(len(counts))]
            assert starts[1:] == sorted(leads - {0}), (variant, text)
        (game,) = read_games(text)
        assert game.problems == [] and game.doc is not None
        assert write_record(game.doc) == text


def test_locked_out_tricks_end_after_fewer_passes() -> None:
    ref = VARIANTS["hk locked_out"]
    profile, _ = DEFAULT_RESOLVER.resolve(ref)
    assert profile is not None
    short = 0
    for record in simulate(profile, records=6, deals_per_record=1, seed=1, profile_ref=ref):
        for line in write_record(record).split("\n"):
            moves = line.split(", ")
            short += len(moves) > 1 and moves[-1].endswith("pass") and \
                sum(m.endswith("pass") for m in moves[-3:]) < 3
    assert short, "the profile should give tricks that end after fewer than 3 passes"


def test_simulate_format_notation_keeps_the_promise(tmp_path: Path) -> None:
    profile = tmp_path / "locked.json"
    profile.write_text(json.dumps(VARIANTS["hk locked_out"]))
    result = CliRunner().invoke(main, ["simulate", "--profile", str(profile), "--records", "3",
                                       "--deals", "2", "--seed", "9", "--format", "notation"])
    assert result.exit_code == 0, result.output
    records = CliRunner().invoke(main, ["simulate", "--profile", str(profile), "--records", "3",
                                        "--deals", "2", "--seed", "9"])
    docs = [json.loads(line) for line in records.output.splitlines()]
    games = read_games(result.output)
    assert [g.doc for g in games] == [{**d, "profile": g.doc["profile"]} if g.doc else d
                                      for d, g in zip(docs, games, strict=True)]
    for doc, counts in zip(docs, [_move_lines(write_record(d)) for d in docs], strict=True):
        for leads, per_line in zip(_leads(doc), counts, strict=True):
            assert len(per_line) == len(leads)
