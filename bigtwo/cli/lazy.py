"""Subcommands imported only when they run: click's "lazily loading subcommands" pattern.

A command's module is imported when the command is called, not when the group is: ``bigtwo
validate`` then loads none of the store, the HTTP client, Flask or Dask. ``--help`` lists a
lazy command by the short help declared beside it in the table, so that listing the commands
imports none of them either; tests/cli/test_lazy_commands.py checks every declared help
against the command's own, so the two cannot drift.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from gettext import gettext as click_word  # not `_`: click's own heading, not ours to extract
from typing import Any

import click

# A lazy command: where it lives ("package.module:attribute") and its short help as the
# group's --help lists it (the first sentence of its docstring, as click shortens it).
Lazy = tuple[str, str]


class LazyGroup(click.Group):
    def __init__(self, *args: Any, lazy_subcommands: Mapping[str, Lazy] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy_subcommands: dict[str, Lazy] = dict(lazy_subcommands or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *self.lazy_subcommands])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy_subcommands:
            return load(self.lazy_subcommands[cmd_name][0])
        return super().get_command(ctx, cmd_name)

    def listed(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command as --help lists it: a lazy one as a stand-in carrying its declared
        help (click shortens it as it would the command's own), so nothing is imported."""
        if cmd_name in self.lazy_subcommands:
            return click.Command(cmd_name, help=self.lazy_subcommands[cmd_name][1])
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # click.Group.format_commands, but asking ``listed`` instead of ``get_command``.
        commands = [(name, cmd) for name in self.list_commands(ctx)
                    if (cmd := self.listed(ctx, name)) is not None and not cmd.hidden]
        if not commands:
            return
        limit = formatter.width - 6 - max(len(name) for name, _ in commands)
        rows = [(name, cmd.get_short_help_str(limit)) for name, cmd in commands]
        with formatter.section(click_word("Commands")):
            formatter.write_dl(rows)


def load(where: str) -> click.Command:
    """The command at ``"package.module:attribute"``, its module imported now."""
    module_name, _, attribute = where.partition(":")
    command = getattr(importlib.import_module(module_name), attribute)
    if not isinstance(command, click.Command):
        raise TypeError(f"{where} is not a click command")
    return command
