"""The lazily loaded subcommands (bigtwo/cli/lazy.py): `--help` lists each by the short help
declared beside its import path, which must be the command's own, and imports none of them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import click
import pytest

from bigtwo.cli import lazy
from bigtwo.cli.main import LAZY_COMMANDS, main
from bigtwo.cli.tournament import tournament

ROOT = Path(__file__).resolve().parents[2]
GROUPS = {"bigtwo": main, "bigtwo tournament": tournament}
DECLARED = [(group, name, where, help_text) for group, g in GROUPS.items()
            for name, (where, help_text) in g.lazy_subcommands.items()]  # type: ignore[attr-defined]


def test_the_main_group_declares_its_lazy_commands() -> None:
    assert main.lazy_subcommands == LAZY_COMMANDS  # type: ignore[attr-defined]
    assert set(LAZY_COMMANDS) >= {"tournament", "season", "serve", "keys", "convert", "draw"}


@pytest.mark.parametrize(("group", "name", "where", "declared"), DECLARED,
                         ids=[f"{g}-{n}" for g, n, _, _ in DECLARED])
def test_declared_short_help_is_the_commands_own(group: str, name: str, where: str,
                                                 declared: str) -> None:
    command = lazy.load(where)
    assert command.name == name
    assert not command.hidden
    # The whole first sentence, unshortened; and at any width click shortens both alike.
    assert command.get_short_help_str(10_000) == declared
    stand_in = click.Command(name, help=declared)
    for limit in range(1, 160):
        assert stand_in.get_short_help_str(limit) == command.get_short_help_str(limit), limit


@pytest.mark.parametrize("width", [40, 80, 200])
@pytest.mark.parametrize("group", sorted(GROUPS))
def test_help_lists_what_the_loaded_commands_would(group: str, width: int) -> None:
    """The listing from the declared help equals click's own, which imports every command."""
    command = GROUPS[group]
    assert isinstance(command, lazy.LazyGroup)
    ctx = click.Context(command, info_name=group)

    def listing(format_commands: object) -> str:
        formatter = click.HelpFormatter(width=width)
        format_commands(ctx, formatter)  # type: ignore[operator]
        return formatter.getvalue()

    declared = listing(command.format_commands)
    assert declared == listing(lambda c, f: click.Group.format_commands(command, c, f))
    assert all(name in declared for name in command.list_commands(ctx))


PROBE = """
import json, sys
from bigtwo.cli.main import main
try:
    main(sys.argv[1:], prog_name="bigtwo")
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


@pytest.mark.parametrize("args", [["--help"], ["tournament", "--help"]], ids=["main", "tournament"])
def test_help_imports_no_lazy_command(args: list[str]) -> None:
    proc = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True,
                          cwd=ROOT, check=False, timeout=120, env={"PATH": "/usr/bin:/bin"})
    assert "Commands:" in proc.stdout
    modules = set(json.loads(proc.stderr.strip().splitlines()[-1]))
    lazy_modules = {where.partition(":")[0] for _, _, where, _ in DECLARED}
    if args[0] == "tournament":  # the group itself is loaded (and the store with it)
        lazy_modules.discard("bigtwo.cli.tournament")
    else:
        assert "bigtwo.store.db" not in modules
    assert modules.isdisjoint(lazy_modules)
    assert "bigtwo.cli.cluster" not in modules
    assert not {m for m in modules if m.startswith("bigtwo.batch")}
