"""The command reference of docs/CLI.md, written from the commands' own ``--help``.

docs/CLI.md holds a cog block (https://cog.readthedocs.io) that calls ``markdown()``; `make
docs` rewrites it (``cog -r docs/CLI.md``) and tests/docs/test_cli_doc.py runs ``cog --check``,
so a changed option, a new command or an edited help text fails the suite until the page is
regenerated. Every command and subcommand of the click group gets a section, in the order
``bigtwo --help`` lists them.

The help is rendered at a fixed width and with the environment's language switched off, so
that the page does not depend on the terminal or the locale of whoever regenerates it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import click
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bigtwo.cli.main import main  # noqa: E402

WIDTH = 88
# Every variable gettext (and bigtwo.cli.shared.env_language) reads, cleared: the help is English.
QUIET_LOCALE = {"LANGUAGE": None, "LC_ALL": "C", "LC_MESSAGES": None, "LANG": None}


def commands(group: click.Command = main, path: tuple[str, ...] = ("bigtwo",)
             ) -> Iterator[tuple[tuple[str, ...], click.Command]]:
    """Every command under ``group`` (itself first), depth first, in listing order."""
    yield path, group
    if isinstance(group, click.Group):
        context = click.Context(group)
        for name in group.list_commands(context):
            command = group.get_command(context, name)
            if command is not None and not command.hidden:
                yield from commands(command, (*path, name))


def help_text(path: tuple[str, ...]) -> str:
    result = CliRunner().invoke(main, [*path[1:], "--help"], prog_name="bigtwo",
                                env=QUIET_LOCALE, terminal_width=WIDTH, max_content_width=WIDTH)
    if result.exit_code != 0:
        raise RuntimeError(f"{' '.join(path)} --help exited {result.exit_code}: {result.output}")
    return result.output.rstrip()


def markdown() -> str:
    out: list[str] = []
    for path, _command in commands():
        out += [f"### `{' '.join(path)}`", "", "```text", help_text(path), "```", ""]
    return "\n".join(out)


if __name__ == "__main__":
    print(markdown())
