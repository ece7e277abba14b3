"""``bigtwo table ...``: live tables over HTTP (TABLES.md), thin over ``TableClient``.

``create`` opens a table and prints its tokens, the only time they are shown; ``show`` prints
the table as a seat (with its token) or a spectator sees it; ``play`` makes one move;
``watch`` follows the table's events to the end of its match; ``demo`` plays a table of bots
to its end and checks its record in notation through the same path as ``bigtwo validate``.

A token is read from ``--token`` or ``BIGTWO_TABLE_TOKEN`` and sent only in the
``Authorization`` header: no line of these commands prints it back.

Exit statuses: 0 done; 1 a move the referee refused (422: the rule and its message) or a
demo whose record does not validate clean; 2 the command failed as a whole (a server that
cannot be reached, a bad token, a 4xx problem, 409, 412, 429)."""

from __future__ import annotations

import io
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any, NoReturn

import click

from bigtwo import limits
from bigtwo.cli.backend import EXIT_FAILED, EXIT_REJECTED, Failure, echo_problem, shown
from bigtwo.cli.http_client import Unexpected
from bigtwo.cli.shared.inputs import profile_option_value
from bigtwo.cli.shared.language import current, gettext, lang_option, ngettext
from bigtwo.cli.shared.output import echo_json, json_line
from bigtwo.cli.shared.paging import page_options
from bigtwo.cli.table_http import Event, TableClient
from bigtwo.cli.table_text import created_lines, event_line, listed_line, view_lines

TOKEN_VARIABLE = "BIGTWO_TABLE_TOKEN"
DEFAULT_SERVER = "http://127.0.0.1:8000"  # where `bigtwo serve` listens by default
# The seats' names of a demo table, as many as its profile seats (at most 8).
DEMO_NAMES = ("Ana", "Ben", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal")
EXIT_INTERRUPTED = 130  # Ctrl-C, as a shell reports it

server_option = click.option(
    "--server", metavar="URL", envvar="BIGTWO_SERVER", default=DEFAULT_SERVER,
    show_default="BIGTWO_SERVER, else " + DEFAULT_SERVER, help="The bigtwo server.")
token_help = (f"A seat's token (default: the {TOKEN_VARIABLE} variable); sent only in the "
              "Authorization header, never printed.")
table_lang_option = lang_option(
    "Language of the command's lines, of the server's messages and of its refusals")
json_option = click.option("--json", "as_json", is_flag=True,
                           help="The server's answer as it is (JSON).")


@click.group()
def table() -> None:
    """Play live tables on a server: create one, show it, play a move, watch its events, or
    watch a demo of bots.

    The commands speak the HTTP API of docs/TABLES.md (--server, default BIGTWO_SERVER); a
    seat's or the organiser's token comes from --token or BIGTWO_TABLE_TOKEN and is never
    printed. Exit status: 0 done, 1 a move the rules refused (or a demo whose record is not
    valid), 2 the command failed (no server, a bad token, 409, 412, 429, another problem)."""


def _fail(exc: Failure) -> NoReturn:
    """A refused request: the problem's title and detail, each problem under it (a refused
    move's rule message), a hint for the statuses a player meets, exit 2 (1 for a move the
    rules refused)."""
    doc = exc.document
    echo_problem(exc)
    errors = doc.get("errors")
    for problem in errors if isinstance(errors, list) else []:
        if isinstance(problem, dict):
            # A refused move's rule: its code beside its message (which the detail may repeat).
            said = problem.get("message") or problem.get("detail")
            click.echo(gettext("  {pointer}: {detail}",
                               pointer=shown(str(problem.get("code") or problem.get("pointer")
                                                 or "/")),
                               detail=shown(str(said))), err=True)
    hint = _hint(exc)
    if hint:
        click.echo(hint, err=True)
    sys.exit(EXIT_REJECTED if exc.status == 422 and _slug(doc) == "illegal-move"
             else EXIT_FAILED)


def _slug(doc: dict[str, Any]) -> str:
    return str(doc.get("type", "")).rstrip("/").rsplit("/", 1)[-1]


def _hint(exc: Failure) -> str | None:
    if exc.status in (401, 403):
        ctx = click.get_current_context(silent=True)
        if (ctx is not None and "token" in ctx.params and ctx.get_parameter_source("token")
                == click.core.ParameterSource.ENVIRONMENT):
            return gettext("  the token came from the {variable} environment variable: check "
                           "it, unset it, or give --token", variable=TOKEN_VARIABLE)
        return None
    if exc.status == 409 and _slug(exc.document) == "not-your-turn":
        return gettext("  not this seat's turn: `bigtwo table show` says whose it is")
    if exc.status == 412:
        return gettext("  the table changed since that version: look again (`bigtwo table "
                       "show`) and play again")
    if exc.status == 429:
        after = exc.retry_after or ""
        if after.isdigit():
            return ngettext("  too many requests: try again in {n} second",
                            "  too many requests: try again in {n} seconds", int(after))
        return gettext("  too many requests: try again later")
    return None


def _client(server: str) -> TableClient:
    return TableClient(server, current())


def _token_needed(ctx: click.Context, param: click.Parameter, value: str | None) -> str:
    if value is None:
        raise click.UsageError(gettext(
            "no token: give --token TOKEN, or set the {variable} environment variable (table "
            "create prints the tokens once)", variable=TOKEN_VARIABLE), ctx=ctx)
    return value


def _echo_lines(lines: list[str]) -> None:
    for line in lines:
        click.echo(line)


def _print_view(ask: Callable[[TableClient], dict[str, Any]], server: str,
                as_json: bool) -> None:
    """The view a request answers with, as JSON or as lines; a refusal ends the command."""
    try:
        view = ask(_client(server))
    except Failure as exc:
        _fail(exc)
    if as_json:
        echo_json(view)
    else:
        _echo_lines(view_lines(view))


@table.command("create")
@click.option("--profile", required=True, metavar="ID|FILE",
              help="A preset, a stored profile id, or a JSON file with a declaration.")
@click.option("--player", "players", multiple=True, required=True, metavar="NAME",
              help="A seat's player, in seat order: once per seat.")
@click.option("--bot", "bots", multiple=True, type=click.IntRange(0), metavar="SEAT",
              help="A seat the service plays itself (no token); repeat for several.")
@click.option("--deals", type=click.IntRange(1, 100), default=None,
              help="The match ends after this many deals (default: the profile's match).")
@click.option("--turn-seconds", type=click.IntRange(5, 3600), default=None,
              help="A clock: a turn not played in time is a timeout (the profile needs "
                   "`timeouts: pass`).")
@click.option("--fairness", type=click.Choice(["server", "shared"]), default=None,
              help="server: the service's seed alone deals; shared: every seat's entropy too "
                   "(default: server).")
@click.option("--tournament", "tournament_id", default=None, metavar="ID",
              help="A tournament that stores the finished match (with --tournament-token).")
@click.option("--tournament-token", envvar="BIGTWO_TOKEN", default=None, metavar="TOKEN",
              help="The tournament's token (default: the BIGTWO_TOKEN variable).")
@click.option("--key", envvar="BIGTWO_CREATION_KEY", default=None, metavar="KEY",
              help="A creation key, for a server in creation-key mode (default: the "
                   "BIGTWO_CREATION_KEY variable).")
@json_option
@server_option
@table_lang_option
def create_command(profile: str, players: tuple[str, ...], bots: tuple[int, ...],
                   deals: int | None, turn_seconds: int | None, fairness: str | None,
                   tournament_id: str | None, tournament_token: str | None, key: str | None,
                   as_json: bool, server: str, lang: str) -> None:
    """Create a live table and print its id, its pages, the first deal's commitment and every
    seat's token: the only time the tokens are shown."""
    body: dict[str, Any] = {"profile": profile_option_value(profile), "players": list(players)}
    if bots:
        body["bots"] = sorted(set(bots))
    if deals is not None:
        body["deals"] = deals
    if turn_seconds is not None:
        body["clock"] = {"turn_seconds": turn_seconds}
    if fairness is not None:
        body["fairness"] = fairness
    if tournament_id is not None:
        if tournament_token is None:
            raise click.UsageError(gettext("--tournament needs the tournament's token: give "
                                           "--tournament-token or set BIGTWO_TOKEN"))
        body["tournament"] = {"id": tournament_id, "token": tournament_token}
    try:
        created = _client(server).create(body, key)
    except Failure as exc:
        _fail(exc)
    if as_json:
        echo_json(created)
    else:
        _echo_lines(created_lines(created, server, list(players), body.get("bots", [])))
    click.echo(gettext("Keep the tokens: they are shown once. A seat's token plays that seat "
                       "(bigtwo table play --token); the organiser's ends the table."),
               err=True)


@table.command("list")
@click.option("--status", type=click.Choice(["waiting", "playing", "over", "abandoned"]),
              default=None, help="Only the tables in this state.")
@page_options("newest tables first", "Tables")
@json_option
@server_option
@table_lang_option
def list_command(status: str | None, page: int, per_page: int, as_json: bool, server: str,
                 lang: str) -> None:
    """List the server's tables, newest first: id, profile, status and deal, players,
    creation time."""
    try:
        listed = _client(server).list_tables(status, page, per_page)
    except Failure as exc:
        _fail(exc)
    if as_json:
        echo_json(listed)
        return
    rows = listed["tables"] if isinstance(listed["tables"], list) else []
    for row in rows:
        if isinstance(row, dict):
            click.echo(listed_line(row))
    click.echo(ngettext("{shown} of {n} table (page {page} of {pages})",
                        "{shown} of {n} tables (page {page} of {pages})",
                        int(listed["total"]), shown=len(rows), page=listed["page"],
                        pages=listed["pages"]), err=True)


@table.command("show")
@click.argument("table_id", metavar="ID")
@click.option("--token", envvar=TOKEN_VARIABLE, metavar="TOKEN", default=None, help=token_help + " Without "
              "it, the table as a spectator sees it.")
@json_option
@server_option
@table_lang_option
def show_command(table_id: str, token: str | None, as_json: bool, server: str,
                 lang: str) -> None:
    """Print the table as a seat sees it (its hand, its legal plays on its turn) with a seat's
    token, else as a spectator sees it."""
    _print_view(lambda client: client.view(table_id, token), server, as_json)


@table.command("play")
@click.argument("table_id", metavar="ID")
@click.option("--token", envvar=TOKEN_VARIABLE, metavar="TOKEN", callback=_token_needed, help=token_help)
@click.option("--cards", default=None, metavar="CARDS",
              help='The cards to play, separated by spaces or commas, e.g. "3C 3S".')
@click.option("--pass", "pass_", is_flag=True, help="Pass.")
@click.option("--call", is_flag=True, help="Call the last card with the play (under "
              "`last_card_call: liable`).")
@click.option("--if-version", "version", type=click.IntRange(0), default=None, metavar="N",
              help="Play only if the table is still at this version (the view's); else 412, "
                   "nothing played.")
@click.option("--idempotency-key", "key", default=None, metavar="KEY",
              help="Sent again with the same move, gets the first answer again and plays "
                   "nothing twice (1 to 64 characters).")
@json_option
@server_option
@table_lang_option
def play_command(table_id: str, token: str, cards: str | None, pass_: bool, call: bool,
                 version: int | None, key: str | None, as_json: bool, server: str,
                 lang: str) -> None:
    """Make one move at a seat: play cards (--cards) or pass (--pass). Prints the seat's view
    after it (and after the bots that play next); a move the rules refuse prints the rule's
    message and exits 1."""
    if (cards is not None) == pass_:
        raise click.UsageError(gettext("give either --cards or --pass"))
    if call and pass_:
        raise click.UsageError(gettext("--call goes with a play, not with --pass"))
    body: dict[str, Any]
    if pass_:
        body = {"pass": True}
    else:
        played = (cards or "").replace(",", " ").split()
        if not played:
            raise click.UsageError(gettext("--cards names no card"))
        body = {"play": played, **({"call": True} if call else {})}
    _print_view(lambda client: client.move(table_id, token, body, version=version, key=key),
                server, as_json)


@table.command("entropy")
@click.argument("table_id", metavar="ID")
@click.argument("value", metavar="VALUE")
@click.option("--token", envvar=TOKEN_VARIABLE, metavar="TOKEN", callback=_token_needed,
              help=token_help)
@json_option
@server_option
@table_lang_option
def entropy_command(table_id: str, value: str, token: str, as_json: bool, server: str,
                    lang: str) -> None:
    """Post the seat's contribution to the next deal's shuffle (a table with `fairness:
    shared`): VALUE, 1 to 64 characters of your choosing. Prints the seat's view."""
    _print_view(lambda client: client.entropy(table_id, token, value), server, as_json)


@table.command("end")
@click.argument("table_id", metavar="ID")
@click.option("--token", envvar=TOKEN_VARIABLE, metavar="TOKEN", callback=_token_needed,
              help="The organiser's token (default: the BIGTWO_TABLE_TOKEN variable).")
@json_option
@server_option
@table_lang_option
def end_command(table_id: str, token: str, as_json: bool, server: str, lang: str) -> None:
    """End the table as its organiser: it is abandoned, the running deal's hands are
    revealed, and its record keeps the finished deals. Prints the final view."""
    _print_view(lambda client: client.end(table_id, token), server, as_json)


@table.command("watch")
@click.argument("table_id", metavar="ID")
@click.option("--token", envvar=TOKEN_VARIABLE, metavar="TOKEN", default=None, help=token_help + " Without "
              "it, the events as a spectator sees them.")
@click.option("--after", type=click.IntRange(0), default=0, show_default=True, metavar="N",
              help="Start after event N (0: from the table's first event).")
@click.option("--poll", is_flag=True,
              help="Read the events by long polls (NDJSON) instead of the Server-Sent Events "
                   "stream.")
@click.option("--json", "as_json", is_flag=True,
              help="Each event as a JSON line ({\"id\", \"type\", \"data\"}).")
@server_option
@table_lang_option
def watch_command(table_id: str, token: str | None, after: int, poll: bool, as_json: bool,
                  server: str, lang: str) -> None:
    """Follow the table's events, one line each, until its match is over or the table is
    abandoned (Ctrl-C stops watching; the table plays on)."""
    client = _client(server)
    try:
        players = client.view(table_id, token).get("players")
        for event in follow(client, table_id, token, after, poll):
            if as_json:
                click.echo(json_line({"id": event.id, "type": event.type,
                                      "data": event.data}), nl=False)
            else:
                click.echo(event_line(event, players))
    except Failure as exc:
        _fail(exc)
    except KeyboardInterrupt:
        sys.exit(EXIT_INTERRUPTED)


def follow(client: TableClient, table_id: str, token: str | None, after: int,
           poll: bool) -> Iterator[Event]:
    """Every event after ``after`` in order, each once, until the last one (match over,
    abandoned). A stream that drops or stays silent is opened again after the last event
    seen; a server that cannot be reached any more ends the command."""
    last = after
    while True:
        fresh = False
        try:
            events = (client.poll(table_id, token, last) if poll
                      else client.stream(table_id, token, last))
            for event in events:
                if event.id <= last:
                    continue  # already seen: a resumed stream never repeats one to the reader
                last, fresh = event.id, True
                yield event
                if event.last:
                    return
        except TimeoutError:
            pass  # silence past the read timeout: open the stream again
        if not fresh and not poll:
            time.sleep(1)  # a stream that closed at once: not a busy loop


@table.command("demo")
@click.option("--profile", default="hk-standard", show_default=True, metavar="ID|FILE",
              help="A preset, a stored profile id, or a JSON file with a declaration.")
@click.option("--deals", type=click.IntRange(1, 100), default=1, show_default=True,
              help="Deals to play.")
@server_option
@table_lang_option
def demo_command(profile: str, deals: int, server: str, lang: str) -> None:
    """Play a table of bots only to its end: print its record in Big Two notation (stdout)
    and check it as `bigtwo validate` does, the ruling on stderr. Exit 0 only when the record
    validates clean."""
    client = _client(server)
    ref = profile_option_value(profile)
    try:
        seats = _seats(client, ref)
        body = {"profile": ref, "players": list(DEMO_NAMES[:seats]), "bots": list(range(seats)),
                "deals": deals}
        created = client.create(body)
        table_id = str(created["id"])
        click.echo(ngettext("Table {id}: bots only, {n} deal to play.",
                            "Table {id}: bots only, {n} deals to play.", deals,
                            id=shown(table_id)), err=True)
        final = None
        for event in follow(client, table_id, None, 0, poll=False):
            final = event
        notation = client.record_notation(table_id)
    except Failure as exc:
        _fail(exc)
    except KeyboardInterrupt:
        sys.exit(EXIT_INTERRUPTED)
    click.echo(notation, nl=not notation.endswith("\n"))
    status = _validate(notation)
    if final is not None and final.type == "abandoned":
        click.echo(gettext("error: the table was abandoned before its match ended"), err=True)
        status = status or EXIT_REJECTED
    sys.exit(status)


def _seats(client: TableClient, ref: Any) -> int:
    """How many seats the profile has: resolved here when it is a preset or a declaration,
    else asked of the server (a profile stored there)."""
    from bigtwo.cli.shared.inputs import local_resolver
    from bigtwo.formats.json_lines import problem_lines

    resolved, problems = local_resolver().resolve(ref, "--profile")
    if resolved is not None:
        return int(resolved.players)
    if not isinstance(ref, str):  # a declaration that does not resolve: say why, here
        raise click.BadParameter(problem_lines(problems), param_hint="'--profile'")
    players = client.profile(ref)["players"]
    if not isinstance(players, int) or not 2 <= players <= len(DEMO_NAMES):
        raise Unexpected(gettext("the server's profile {id} has no number of players a demo "
                                 "can seat", id=shown(ref)))
    return players


def _validate(notation: str) -> int:
    """The record checked as `bigtwo validate FILE.b2n --format text` checks it: the ruling on
    stderr, validate's exit status."""
    from bigtwo.cli.notation_cmds import validate_notation
    from bigtwo.cli.shared.inputs import local_resolver
    from bigtwo.records.pipeline import CheckOptions

    options = CheckOptions(lang=current(), resolver=local_resolver())
    ruling = io.BytesIO()
    status = validate_notation(io.BytesIO(notation.encode("utf-8")), "-", ruling, options,
                               "text", limits.MAX_CLI_INPUT_BYTES)
    click.echo(ruling.getvalue().decode("utf-8"), err=True, nl=False)
    return status
