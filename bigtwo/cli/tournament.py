"""``bigtwo tournament ...``: the organiser commands, thin over a ``Backend``.

Without ``--server`` they run on the local store (``bigtwo.cli.local_backend``: the same use
cases as the HTTP API); with ``--server URL`` they call the API (``bigtwo.cli.http_client``,
the standard library only, so an organiser needs nothing but this package). Importing a file
is ``bigtwo.cli.importing``. Each command reads its options, makes one call and prints.
"""

from __future__ import annotations

import sys
from typing import IO, Any

import click

from bigtwo import limits
from bigtwo.cli.backend import EXIT_FAILED, TOKEN_VARIABLE, Backend, Failure, fail
from bigtwo.cli.http_client import HttpBackend
from bigtwo.cli.importing import check_kind, import_lines, input_format, read_sheet
from bigtwo.cli.lazy import LazyGroup
from bigtwo.cli.local_backend import LocalBackend, store_path, where_said
from bigtwo.cli.shared.inputs import InputError, profile_option_value, read_bounded, source_of
from bigtwo.cli.shared.language import current, gettext, lang_option, ngettext, pgettext
from bigtwo.cli.shared.output import echo_json
from bigtwo.cli.shared.paging import page_options
from bigtwo.formats import jsonin
from bigtwo.formats.csvdialect import DEFAULT_DELIMITER, DELIMITERS


def backend(server: str | None, db: str | None = None, *, create: bool = False) -> Backend:
    """The API at ``server``, else the local store; only ``create`` may make a new store."""
    return HttpBackend(server) if server else LocalBackend(store_path(db), create=create)


server_option = click.option("--server", metavar="URL", envvar="BIGTWO_SERVER",
                             help="A bigtwo server (e.g. http://127.0.0.1:8000); "
                                  "default: the local store (see --db).")


db_option = click.option("--db", metavar="FILE", default=None,
                         help="The local store (default: BIGTWO_DB, else var/bigtwo.db in the "
                              "checkout, else the user data folder; `bigtwo tournament where` "
                              "shows it).")


def _token_given(ctx: click.Context, param: click.Parameter, value: str | None) -> str:
    """The token, from --token or the environment; neither is a usage error naming both
    (click's own "Missing option '--token'" says nothing of the variable)."""
    if value is None:
        raise click.UsageError(gettext(
            "no token: give --token TOKEN, or set the {variable} environment variable (tournament "
            "create prints the token once)", variable=TOKEN_VARIABLE), ctx=ctx)
    return value


token_option = click.option("--token", envvar=TOKEN_VARIABLE, callback=_token_given,
                            help=f"The tournament's token (default: the {TOKEN_VARIABLE} "
                                 "variable).")


# Every subcommand's --lang, as validate's: the language of the lines printed for people
# (verdicts, refusals, tables, counts); --json, CSV and the JSON documents stay as they are.
tournament_lang_option = lang_option(
    "Language of the command's lines for people (never of its JSON or CSV)", expose=False)


# `recheck` needs the batch checker and Dask's client (bigtwo.cli.cluster): loaded when it runs.
@click.group(cls=LazyGroup, lazy_subcommands={
    "recheck": ("bigtwo.cli.recheck:recheck_command",
                "Recompute the tournament's stale reports (another engine or profile version "
                "made them) and store them, one transaction per batch.")})
def tournament() -> None:
    """Run a tournament: create it, import records, list tournaments and records, withdraw
    or replace records (with an audit log), print standings; `where` names the local store."""


@tournament.command("create")
@tournament_lang_option
@click.option("--name", required=True)
@click.option("--profile", required=True, metavar="ID|FILE",
              help="A preset, a stored profile id, or a JSON file with a declaration.")
@click.option("--key", envvar="BIGTWO_CREATION_KEY", default=None, metavar="KEY",
              help="A creation key (`bigtwo keys create`) for a --server in creation-key mode, "
                   "sent as Authorization: Bearer (default: the BIGTWO_CREATION_KEY variable).")
@click.option("--ranked-by", type=click.Choice(["points_per_deal", "points"]),
              default="points_per_deal", show_default=True,
              help="How the standings rank players: per deal played (fair when tables play "
                   "different numbers of deals) or by total points.")
@server_option
@db_option
def create_command(name: str, profile: str, key: str | None, ranked_by: str,
                   server: str | None, db: str | None) -> None:
    """Create a tournament and print its id and token (the token is shown only now)."""

    api = backend(server, db, create=True)
    body: dict[str, Any] = {"name": name, "profile": profile_option_value(profile)}
    if ranked_by != "points_per_deal":
        body["ranked_by"] = ranked_by
    try:
        created = api.create(body, key)
    except Failure as exc:
        fail(exc)
        return
    echo_json(created)
    if isinstance(api, LocalBackend):
        click.echo(gettext("Stored in {path}.", path=api.store.path), err=True)
    click.echo(gettext("Keep the token: it is shown once and is needed to upload records."),
               err=True)


json_option = click.option("--json", "as_json", is_flag=True,
                           help="One JSON document: the counts, and every line with its verdict.")


@tournament.command("import")
@tournament_lang_option
@click.argument("tournament_id")
@click.argument("path", type=click.File("rb"))
@token_option
@json_option
@server_option
@db_option
def import_command(tournament_id: str, path: IO[bytes], token: str, as_json: bool,
                   server: str | None, db: str | None) -> None:
    """Upload the records of a JSON Lines file (one record per line) in batches of up to 100,
    a Big Two notation file (.b2n: one record per game, named by its first line), or a score
    sheet (a .csv file: one record of result-only deals, RECORDS.md). Standard input (-) is
    recognised from its first lines, as by validate.

    Each line gets a verdict: valid, invalid (stored, with its first rule error), duplicate
    (already stored: the same game as an earlier line, or from before), rejected (refused by
    the service, with the pointer inside the record) or unreadable (not JSON). The output
    names every line that is not valid, then the counts; with --json it is one document with
    the counts and every line. Exit status 0 when every line was stored (or already there), 1
    when some were left out, 2 when the import failed."""
    check_kind(path)
    import_lines(backend(server, db), tournament_id, token, path, as_json)


@tournament.command("standings")
@tournament_lang_option
@click.argument("tournament_id")
@click.option("--csv", "as_csv", is_flag=True, help="The player table as CSV.")
@click.option("--delimiter", type=click.Choice(list(DELIMITERS)), default=None,
              help="The CSV's cell separator (implies --csv; semicolon: what Excel expects in "
                   f"Germany and Italy). Default: {DEFAULT_DELIMITER}.")
@server_option
@db_option
def standings_command(tournament_id: str, as_csv: bool, delimiter: str | None,
                      server: str | None, db: str | None) -> None:
    """Print the standings as JSON (or CSV)."""
    api = backend(server, db)
    try:
        if as_csv or delimiter is not None:
            click.echo(api.standings_csv(tournament_id, delimiter or DEFAULT_DELIMITER), nl=False)
        else:
            echo_json(api.standings(tournament_id))
    except Failure as exc:
        fail(exc)


# --- organiser tools: where the store is, listing tournaments, withdrawing and replacing -----
@tournament.command("where")
@tournament_lang_option
@db_option
def where_command(db: str | None) -> None:
    """Print the path of the local store the commands use (and, on stderr, why that one)."""
    where = store_path(db)
    click.echo(str(where.path))
    click.echo(where_said(where), err=True)


@tournament.command("list")
@tournament_lang_option
@page_options("newest tournaments first", "Tournaments")
@json_option
@server_option
@db_option
def list_command(page: int, per_page: int, as_json: bool, server: str | None,
                 db: str | None) -> None:
    """List tournaments, newest first: id, name, profile, records that count, creation time."""
    api = backend(server, db)
    try:
        listed = api.list_tournaments(page, per_page)
    except Failure as exc:
        fail(exc)
        return
    if as_json:
        echo_json(listed)
        return
    for item in listed["tournaments"]:
        # TRANSLATORS: a column of `bigtwo tournament list`: the records that count.
        counted = ngettext("{n} record", "{n} records", item["records"])
        click.echo("  ".join([item["id"], item["name"], item["profile"]["id"], counted,
                              item["created_at"]]))
    shown, total = len(listed["tournaments"]), listed["total"]
    page_, pages = listed["page"], listed["pages"]
    if listed["next_page"]:
        click.echo(ngettext("{shown} of {n} tournament (page {page} of {pages}); next: "
                            "--page {next}",
                            "{shown} of {n} tournaments (page {page} of {pages}); next: "
                            "--page {next}", total, shown=shown, page=page_, pages=pages,
                            next=listed["next_page"]), err=True)
    else:
        click.echo(ngettext("{shown} of {n} tournament (page {page} of {pages})",
                            "{shown} of {n} tournaments (page {page} of {pages})", total,
                            shown=shown, page=page_, pages=pages), err=True)


reason_option = click.option("--reason", default=None, metavar="TEXT",
                             help=f"Why, for the audit log (at most {limits.MAX_REASON_LENGTH} "
                                  "characters).")


by_option = click.option("--by", default=None, metavar="NAME",
                         help="Who, as the audit log should name you (at most "
                              f"{limits.MAX_ORGANISER_LABEL_LENGTH} characters); the token "
                              "acting is logged too, by its id.")


@tournament.command("withdraw")
@tournament_lang_option
@click.argument("tournament_id")
@click.argument("record_id")
@token_option
@reason_option
@by_option
@server_option
@db_option
def withdraw_command(tournament_id: str, record_id: str, token: str, reason: str | None,
                     by: str | None, server: str | None, db: str | None) -> None:
    """Withdraw a record: it stays stored and listed, marked withdrawn, and no longer counts.
    The audit log keeps who, when and why. Prints the record's entry as JSON."""
    try:
        entry = backend(server, db).withdraw(tournament_id, record_id, token, reason, by)
    except Failure as exc:
        fail(exc)
        return
    echo_json(entry)


@tournament.command("replace")
@tournament_lang_option
@click.argument("tournament_id")
@click.argument("record_id")
@click.argument("path", type=click.File("rb"), metavar="FILE")
@token_option
@reason_option
@by_option
@server_option
@db_option
def replace_command(tournament_id: str, record_id: str, path: IO[bytes], token: str,
                    reason: str | None, by: str | None, server: str | None,
                    db: str | None) -> None:
    """Replace a record by the one in FILE (a JSON record, a .b2n file of one game of Big Two
    notation, or a .csv score sheet; - for standard input, recognised from its first lines): the old one
    is withdrawn and the new one stored, checked as an import checks it, in one step with its
    audit entry; if the new one cannot be stored, nothing changes. Prints the new record's
    entry as JSON (with ``replaces``)."""
    path, fmt = input_format(path)
    sheet = fmt == "csv"
    if sheet:
        body: Any = read_sheet(path)
    elif fmt == "notation":
        body = _one_game(path)
    else:
        try:
            body = jsonin.loads(path.read())
        except ValueError as exc:
            click.echo(gettext("error: {path} is not a JSON record: {reason}",
                               path=getattr(path, "name", "FILE"), reason=exc), err=True)
            sys.exit(EXIT_FAILED)
    try:
        entry = backend(server, db).replace(tournament_id, record_id, token, body, sheet,
                                            reason, by)
    except Failure as exc:
        fail(exc)
        return
    echo_json(entry)


def _one_game(stream: IO[bytes]) -> Any:
    """The record of a notation input that holds one game, read through the library's one
    door; its problems (or a second game) on stderr and exit 2 otherwise."""
    from bigtwo.formats import door

    name = getattr(stream, "name", None) or "-"
    data = read_bounded(stream, limits.MAX_CLI_INPUT_BYTES, name, source_of(name))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(gettext("{path}:{line}: byte {byte} of the line is not UTF-8; save the "
                                 "file as UTF-8 text", path=name,
                                 line=data.count(b"\n", 0, exc.start) + 1,
                                 byte=exc.start - data.rfind(b"\n", 0, exc.start))) from None
    reading = door.read_text(text, "notation", lang=current(), max_records=1,
                             max_problems=limits.MAX_READ_PROBLEMS)
    problems = reading.problems or ([door.second_game(reading.more_at, current())]
                                    if reading.more_at else [])
    for problem in problems:
        click.echo(gettext("error: {path}: {detail}", path=name, detail=problem.detail), err=True)
    if problems:
        sys.exit(EXIT_FAILED)
    return reading.docs[0]


@tournament.command("records")
@tournament_lang_option
@click.argument("tournament_id")
@click.option("--valid/--invalid", "valid", default=None,
              help="Only valid, or only invalid, records (default both).")
@click.option("--withdrawn/--standing", "withdrawn", default=None,
              help="Only withdrawn, or only standing, records (default both).")
@click.option("--table", default=None, help="Only records whose meta.table is this.")
@click.option("--round", "round_", default=None, help="Only records whose meta.round is this.")
@click.option("--limit", type=click.IntRange(1, 200), default=200, show_default=True,
              help="Records to show.")
@click.option("--offset", type=click.IntRange(0, 10**9), default=0, show_default=True,
              help="Records to skip (upload order).")
@json_option
@server_option
@db_option
def records_command(tournament_id: str, valid: bool | None, withdrawn: bool | None,
                    table: str | None, round_: str | None, limit: int, offset: int,
                    as_json: bool, server: str | None, db: str | None) -> None:
    """List a tournament's records in upload order: id, verdict, withdrawn or not, the
    table and round of its meta, the players."""
    filters = {"valid": valid, "withdrawn": withdrawn, "table": table, "round": round_,
               "limit": limit, "offset": offset}
    try:
        page = backend(server, db).records(tournament_id, {k: v for k, v in filters.items()
                                                           if v is not None})
    except Failure as exc:
        fail(exc)
        return
    if as_json:
        echo_json(page)
        return
    for row in page["records"]:
        click.echo("  ".join(_record_cells(row)))
    click.echo(ngettext("{shown} of {n} record", "{shown} of {n} records", page["total"],
                        shown=len(page["records"])), err=True)


def _record_cells(row: dict[str, Any]) -> list[str]:
    """The columns of `bigtwo tournament records` for one record, each a whole phrase."""
    # TRANSLATORS: the columns of `bigtwo tournament records`, one phrase each ("records column").
    parts = [row["id"], pgettext("records column", "valid") if row["valid"]
             else pgettext("records column", "invalid")]
    if row["withdrawn"]:
        parts.append(pgettext("records column", "withdrawn (replaced by {id})",
                              id=row["replaced_by"])
                     if row["replaced_by"] else pgettext("records column", "withdrawn"))
    if row["replaces"]:
        parts.append(pgettext("records column", "replaces {id}", id=row["replaces"]))
    if row["table"] is not None:
        parts.append(pgettext("records column", "table {table}", table=row["table"]))
    if row["round"] is not None:
        parts.append(pgettext("records column", "round {round}", round=row["round"]))
    players = row.get("players")
    # TRANSLATORS: between the players' names in `bigtwo tournament records` (Chinese: "、").
    parts.append(pgettext("between the names of the players", ", ").join(players)
                 if isinstance(players, list) else pgettext("records column", "unnamed seats"))
    return parts


@tournament.command("audit")
@tournament_lang_option
@click.argument("tournament_id")
@page_options("oldest changes first", "Entries")
@server_option
@db_option
def audit_command(tournament_id: str, page: int, per_page: int, server: str | None,
                  db: str | None) -> None:
    """Print the audit log as JSON: every withdrawal and replacement, when, why, by whom
    (the name given) and with which token (its id, never the token)."""
    try:
        echo_json(backend(server, db).audit(tournament_id, page, per_page))
    except Failure as exc:
        fail(exc)
