"""docs/CLI.md's reference is what the commands' ``--help`` prints (scripts/cli_reference.py,
run through cog): ``cog --check`` fails while a command, an option or a help text changed
without `make docs`, and every command and subcommand of ``bigtwo`` has its section."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CLI_DOC = ROOT / "docs" / "CLI.md"


def cog_check(path: Path) -> subprocess.CompletedProcess[str]:
    # From the root: the cog block finds scripts/cli_reference.py by that relative path.
    return subprocess.run([sys.executable, "-m", "cogapp", "--check", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)


def test_the_reference_is_up_to_date() -> None:
    run = cog_check(CLI_DOC)
    assert run.returncode == 0, f"run `make docs`\n{run.stdout}{run.stderr}"


def test_a_stale_reference_is_caught(tmp_path: Path) -> None:
    text = CLI_DOC.read_text(encoding="utf-8")
    stale = tmp_path / "CLI.md"
    stale.write_text(text.replace("Show this message and exit.", "Show help.", 1), encoding="utf-8")
    assert cog_check(stale).returncode != 0


def _sections() -> list[str]:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from cli_reference import commands
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    return [" ".join(path) for path, _ in commands()]


COMMANDS = _sections()


def test_the_walk_finds_the_nested_commands() -> None:
    assert {"bigtwo", "bigtwo validate", "bigtwo tournament import", "bigtwo season draw",
            "bigtwo keys create"} <= set(COMMANDS)


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_its_section(command: str) -> None:
    text = CLI_DOC.read_text(encoding="utf-8")
    assert f"\n### `{command}`\n" in text
    assert f"Usage: {command} " in text
