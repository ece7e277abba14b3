"""The language of the CLI's own lines: which one a command speaks, and its words.

Every line the CLI prints for people (stderr, and the tables and summaries on stdout) is a
message of the library's ``bigtwo`` catalogs, translated here. A command with ``--lang`` speaks
that language; every command's default is the environment, read as gettext reads it
(``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``) and matched with the library's
``canonical`` (``bigtwo.cli.shared.env_language``, the only place that reads those variables; it
needs no click). The core and the records library take the language as a value
(docs/TRANSLATING.md, "The CLI's lines").

Machine output (JSON, JSON Lines, CSV, exit statuses) is never translated; click's own usage
errors and ``--help`` texts stay English (click renders them with its own words).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import IO, Any, TypeVar

import click

from bigtwo.cli.shared.env_language import environment_language as environment_language
from bigtwo.reports.i18n import ACCEPTED_TAGS, canonical, translator

_META = "bigtwo.lang"
_Decorated = TypeVar("_Decorated", bound=Callable[..., Any] | click.Command)


def current() -> str:
    """The language of the command running now: its ``--lang``, else the environment's."""
    ctx = click.get_current_context(silent=True)
    if ctx is not None and ctx.meta.get(_META):
        return str(ctx.meta[_META])
    return environment_language()


def _catalog(lang: str | None = None) -> Any:
    return translator(current() if lang is None else lang).catalog


# Positional-only, so that a placeholder may be called {message} or {n}. The catalog is asked
# directly (bigtwo.reports.i18n.Translator's methods name their first parameter ``message``).
def gettext(msgid: str, /, **params: Any) -> str:
    """``msgid`` in the current language, its ``{name}`` placeholders filled in."""
    return str(_catalog().gettext(msgid)).format(**params)


def pgettext(context: str, msgid: str, /, **params: Any) -> str:
    return str(_catalog().pgettext(context, msgid)).format(**params)


def ngettext(singular: str, plural: str, n: int, /, **params: Any) -> str:
    """The form for ``n`` of a message that shows a count (``{n}``, always passed)."""
    return str(_catalog().ngettext(singular, plural, n)).format(n=n, **params)


class LanguageTag(click.ParamType[str, Any]):
    """--lang: a language we have words for, or an alias (zh-HK, zh-TW, zh-CN, zh, tl); the
    command gets the canonical tag (bigtwo.reports.i18n)."""

    name = "lang"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        found = canonical(str(value))
        if found is None:
            self.fail(f"{value!r} is not one of {', '.join(ACCEPTED_TAGS)}", param, ctx)
        return found


def _remember(ctx: click.Context, _: click.Parameter, value: str) -> str:
    ctx.meta[_META] = value  # shared by every context of the invocation
    return value


def lang_option(help_text: str, *, expose: bool = True) -> Callable[[_Decorated], _Decorated]:
    """``--lang``: the language of the command's messages and of its own lines; by default
    the environment's (``environment_language``). With ``expose=False`` the command does not
    take it as a parameter: its lines read it through ``current()``, as every line does."""
    return click.option(
        "--lang", type=LanguageTag(), default=lambda: environment_language(),
        show_default="LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else en", callback=_remember,
        expose_value=expose, help=help_text + ": " + ", ".join(ACCEPTED_TAGS) + ".")


class Refusal(click.ClickException):
    """A command's refusal or failure as one translated line (``Error: ...``), exit status 2
    unless a subclass says otherwise. The message is translated where it is raised; the
    language is kept for the frame, printed after the command's context has ended."""

    exit_code = 2
    lower_case = False  # "error: ..." (the validate family's lines) instead of "Error: ..."

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.lang = current()

    def show(self, file: IO[Any] | None = None) -> None:
        catalog = _catalog(self.lang)
        if self.lower_case:
            frame = catalog.gettext("error: {message}")
        else:
            # TRANSLATORS: a command that failed as a whole; {message} says why.
            frame = catalog.gettext("Error: {message}")
        click.echo(frame.format(message=self.format_message()), err=True, file=file)
