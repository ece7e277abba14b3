"""What the organiser commands call, locally or over HTTP (``Backend``), how a call fails as a
whole (``Failure``), and how such a failure is said: the commands' exit statuses."""

from __future__ import annotations

import sys
from typing import Any

import click

from bigtwo.cli.shared.language import gettext
from bigtwo.formats.csvdialect import DEFAULT_DELIMITER, DELIMITERS
from bigtwo.league import standings

EXIT_OK, EXIT_REJECTED, EXIT_FAILED = 0, 1, 2


class Failure(Exception):
    """A request failed as a whole: status and problem document (or message)."""

    def __init__(self, status: int, document: dict[str, Any],
                 retry_after: str | None = None) -> None:
        super().__init__(document.get("detail", "request failed"))
        self.status, self.document = status, document
        self.retry_after = retry_after  # a 429's Retry-After, as the server said it


class Backend:
    """The four calls the commands need, locally or over HTTP."""

    def create(self, body: dict[str, Any], key: str | None = None) -> dict[str, Any]:
        """``key``: a creation key, for a server in creation-key mode (a local store is its
        operator's and needs none)."""
        raise NotImplementedError

    def upload(self, tournament_id: str, token: str, records: list[Any]) -> dict[str, Any]:
        raise NotImplementedError

    def upload_sheet(self, tournament_id: str, token: str, text: str) -> dict[str, Any]:
        raise NotImplementedError

    def standings(self, tournament_id: str) -> dict[str, Any]:
        raise NotImplementedError

    def standings_csv(self, tournament_id: str, delimiter: str = DEFAULT_DELIMITER) -> str:
        return standings.to_csv(self.standings(tournament_id), DELIMITERS[delimiter])

    # organiser tools (list, withdraw, replace, the reasons of an import's verdicts)
    def list_tournaments(self, page: int, per_page: int) -> dict[str, Any]:
        raise NotImplementedError

    def withdraw(self, tournament_id: str, record_id: str, token: str, reason: str | None,
                 by: str | None) -> dict[str, Any]:
        raise NotImplementedError

    def replace(self, tournament_id: str, record_id: str, token: str, body: Any, sheet: bool,
                reason: str | None, by: str | None) -> dict[str, Any]:
        raise NotImplementedError

    def record(self, record_id: str) -> dict[str, Any]:
        raise NotImplementedError

    def records(self, tournament_id: str, filters: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def audit(self, tournament_id: str, page: int, per_page: int) -> dict[str, Any]:
        raise NotImplementedError


def shown(text: str) -> str:
    """A server's string in one safe line (it may hold anything)."""
    return "".join(c if c.isprintable() else "?" for c in text[:200])


def echo_problem(exc: Failure) -> None:
    """A refused request's first line on stderr: the problem's title and detail."""
    doc = exc.document
    # TRANSLATORS: {title} and {detail} are the service's (the API's problem document).
    click.echo(gettext("error: {title}: {detail}", title=shown(str(doc.get("title", exc.status))),
                       detail=shown(str(doc.get("detail", "")))), err=True)


def fail(exc: Failure) -> None:
    doc = exc.document
    echo_problem(exc)
    errors = doc.get("errors")
    for problem in errors if isinstance(errors, list) else []:
        if isinstance(problem, dict):
            # TRANSLATORS: one problem of a refused request, under its "error:" line.
            click.echo(gettext("  {pointer}: {detail}",
                               pointer=shown(str(problem.get("pointer") or "/")),
                               detail=shown(str(problem.get("detail")))), err=True)
    if exc.status in (401, 403) and token_from_environment():
        click.echo(gettext("  the token came from the {variable} environment variable: check "
                           "it, unset it, or give --token", variable=TOKEN_VARIABLE), err=True)
    sys.exit(EXIT_FAILED)


TOKEN_VARIABLE = "BIGTWO_TOKEN"


def token_from_environment() -> bool:
    """Whether the running command's token came from ``BIGTWO_TOKEN``, not from --token."""
    ctx = click.get_current_context(silent=True)
    return (ctx is not None and "token" in ctx.params
            and ctx.get_parameter_source("token") == click.core.ParameterSource.ENVIRONMENT)
