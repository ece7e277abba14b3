"""The ``bigtwo`` command: a thin click adapter over the rules core and the store.

Exit codes of ``validate``: 0 every record valid, 1 any invalid, 2 input it cannot read
(or a usage error, such as an unknown ``--profile``).

Start-up matters here: ``validate``, ``simulate`` and ``sheet`` need only click and the rules
core, so this module imports nothing else at the top. The store (sqlite-utils) is loaded only
when a profile is not a preset, and the ``tournament`` commands (store, HTTP client) only when
one of them runs. tests/cli/test_startup.py holds that line.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

import click

from bigtwo import limits
from bigtwo.cli import CORE
from bigtwo.cli.cluster_options import cluster_options, in_process
from bigtwo.cli.lazy import Lazy, LazyGroup
from bigtwo.cli.shared.failures import refusal_for
from bigtwo.cli.shared.inputs import (
    InputError,
    LongLine,
    bounded_lines,
    check_profile_option,
    local_resolver,
    max_bytes_option,
    open_validate_input,
    over_limit,
    profile_option_value,
    read_bounded,
    read_file,
    sheet_text,
    source_of,
)
from bigtwo.cli.shared.language import LanguageTag, gettext, lang_option
from bigtwo.cli.shared.output import echo_json, echo_json_line
from bigtwo.cli.shared.verdicts import (
    EXIT_INVALID,
    EXIT_UNREADABLE,
    EXIT_VALID,
    exit_status,
    line_error,
    summary_line,
)
from bigtwo.formats import jsoncodec
from bigtwo.formats.json_lines import (
    VERDICTS,
    LineOutcome,
    check_line,
    problem_doc,
    problem_lines,
)
from bigtwo.formats.jsoncodec import JsonError
from bigtwo.records.pipeline import CheckOptions
from bigtwo.rules.problems import Problem

FORMATS = ("json", "text")
__all__ = ["LanguageTag", "main"]  # LanguageTag lives in bigtwo.cli.shared.language now


# The commands whose modules load only when they run (bigtwo.cli.lazy): where each lives and
# its short help, which `bigtwo --help` lists without importing it.
LAZY_COMMANDS: dict[str, Lazy] = {
    "convert": ("bigtwo.cli.notation_cmds:convert_command",
                "Convert game records between JSON and Big Two notation (docs/NOTATION.md)."),
    "draw": ("bigtwo.cli.season:draw_command",
             "Draw the tables of ROUNDS rounds for the PLAYERS present (JSON): sit-outs rotate "
             "and repeated meetings are as few as found; the same seed gives the same draw."),
    "keys": ("bigtwo.cli.keys:keys",
             "Creation keys for a server that runs with BIGTWO_CREATION=keys."),
    "season": ("bigtwo.cli.season:season",
               "Run a season of club nights: create it, attach tournaments (nights) in order, "
               "declare aliases, print the season's table and its players' ratings "
               "(docs/SEASONS.md)."),
    "serve": ("bigtwo.cli.serve:serve_command",
              "Serve the HTTP API and the referee's pages with gunicorn (store: BIGTWO_DB)."),
    "table": ("bigtwo.cli.table:table",
              "Play live tables on a server: create one, show it, play a move, watch its "
              "events, or watch a demo of bots."),
    "tournament": ("bigtwo.cli.tournament:tournament",
                   "Run a tournament: create it, import records, list tournaments and records, "
                   "withdraw or replace records (with an audit log), print standings; `where` "
                   "names the local store."),
}


class MainGroup(LazyGroup):
    """The ``bigtwo`` group: its heavier subcommands are imported only when they run.

    A failure no command foresaw (out of memory, a read error) ends the command with one line
    and exit status 2, never a traceback and status 1, which means "a rule was broken"."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit,
                KeyboardInterrupt):
            raise
        except Exception as exc:  # noqa: BLE001 - one line, exit 2, instead of a traceback
            refusal = refusal_for(exc)
            if refusal is None:
                raise
            raise refusal from None


@click.group(cls=MainGroup, lazy_subcommands=LAZY_COMMANDS,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="bigtwo", message=f"%(prog)s, version %(version)s (core: {CORE})")
def main() -> None:
    """Referee and scoring service for Big Two, Deuces and Pusoy Dos."""
    # The core reads no environment: the JSON backend is chosen here, at the edge.
    if os.environ.get("BIGTWO_JSON"):
        jsoncodec.use_backend(os.environ["BIGTWO_JSON"])


@contextmanager
def _progress(total: int | None, enabled: bool, label: str | None = None) -> Iterator[Any]:
    if not enabled:
        yield None
        return
    # TRANSLATORS: a progress bar's label.
    with click.progressbar(length=total or 0, label=label or gettext("validating"),
                           file=sys.stderr, show_pos=False, show_percent=True) as bar:
        yield bar


def _progress_default(output: IO[Any]) -> bool:
    """A bar when a person watches stderr and the answers go elsewhere (not into the same
    terminal, where the bar would cut through them)."""
    return sys.stderr.isatty() and not output.isatty()


@main.command()
@click.argument("paths", nargs=-1, required=True, metavar="PATH...",
                type=click.Path(allow_dash=True, dir_okay=False))
@click.option("--allow-incomplete", is_flag=True, help="Accept deals whose log ends before anyone went out.")
@lang_option("Language of the error messages and of the command's own lines")
@click.option("--profile", "profile", metavar="ID|FILE",
              help="Profile for records that name none: a preset, a stored id, or a JSON file.")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="json", show_default=True,
              help="json: the reports; text: a ruling to read, with names and cards.")
@click.option("--progress/--no-progress", default=None,
              help="Progress bar on stderr (default: only when stderr is a terminal and stdout is not).")
@max_bytes_option
@cluster_options
def validate(paths: tuple[str, ...], allow_incomplete: bool, lang: str, profile: str | None,
             fmt: str, progress: bool | None, max_bytes: int, **cluster: Any) -> None:
    """Replay records and print their reports as JSON (or, with --format text, as a ruling
    to read: one block per record, a blank line between).

    PATH is a .json file with one record, a .jsonl file with one record per line, a .csv (.tsv,
    .txt) score sheet (with --profile), a .b2n file of Big Two notation (one report line per
    game), or - for standard input (recognised from its first lines: JSON Lines when the first
    line is a whole JSON document, notation when it starts like notation).

    With --workers or --scheduler, PATH... are JSON Lines files or globs (local paths or
    fsspec URLs), checked on a Dask cluster; the output is the same. See docs/SCALING.md.
    """
    resolver = local_resolver()
    profile_ref = profile_option_value(profile, max_bytes)
    check_profile_option(resolver, profile_ref)
    if fmt == "text" and (cluster["workers"] is not None or cluster["scheduler"] is not None):
        raise click.UsageError("--format text checks in-process; leave out --workers/--scheduler")
    if not in_process(paths, cluster):
        from bigtwo.cli.cluster import on_cluster  # the driver, Dask's client: only now

        on_cluster(paths, {**cluster, "max_bytes": max_bytes}, not allow_incomplete, lang,
                   profile_ref, progress)  # exits
        return
    path = paths[0]
    options = CheckOptions(complete=not allow_incomplete, lang=lang, resolver=resolver,
                           default_profile=profile_ref)
    out = sys.stdout.buffer
    stream, kind, total = open_validate_input(path, max_bytes)
    jsonl = kind == "jsonl"
    with stream:
        if kind == "csv":
            sys.exit(_validate_sheet(_read_whole(stream, total, max_bytes, path), path, out,
                                     options, fmt))
        if kind == "notation":
            from bigtwo.cli.notation_cmds import validate_notation

            sys.exit(validate_notation(stream, path, out, options, fmt, max_bytes))
        if not jsonl:
            sys.exit(_validate_one(_read_whole(stream, total, max_bytes, path), path, out,
                                   options, fmt))
        if progress is None:
            progress = _progress_default(sys.stdout)
        sys.exit(_validate_lines(stream, path, out, options, total, progress, fmt, max_bytes))


def _read_whole(stream: IO[bytes], size: int | None, max_bytes: int, path: str) -> bytes:
    """One document, at most ``max_bytes`` (a regular file's size is checked first)."""
    if size is not None and size > max_bytes:
        raise InputError(over_limit(source_of(path), path, max_bytes, size))
    return read_bounded(stream, max_bytes, path, source_of(path))


def _write_checked(out: IO[bytes], checked: Any, fmt: str, lang: str) -> None:
    if fmt == "text":
        from bigtwo.formats.text_report import render_checked

        out.write(render_checked(checked, lang).encode("utf-8"))
    elif checked.report is None:
        echo_json(problem_doc(checked.problems), out)
    else:
        echo_json(checked.report, out)


def _validate_one(data: bytes, path: str, out: IO[bytes], options: CheckOptions,
                  fmt: str = "json") -> int:
    try:
        doc = jsoncodec.loads(data)
    except JsonError as exc:
        click.echo(gettext("error: {path}: not JSON: {reason}", path=path, reason=exc), err=True)
        return EXIT_UNREADABLE
    checked = options.check(doc)
    if checked.report is None:
        click.echo(gettext("error: {path}: cannot replay: {problems}", path=path,
                           problems=problem_lines(checked.problems)), err=True)
        _write_checked(out, checked, fmt, options.lang)
        return EXIT_UNREADABLE
    _write_checked(out, checked, fmt, options.lang)
    return EXIT_VALID if checked.report["valid"] else EXIT_INVALID


def _echo_sheet_problems(path: str, problems: list[Any]) -> None:
    for p in problems:
        # A sheet's own problems already say "row 3, column Ben"; others name their pointer.
        if p.pointer.startswith("/rows"):
            click.echo(gettext("error: {path}: {detail}", path=path, detail=p.detail), err=True)
        else:
            click.echo(gettext("error: {path}: {pointer}: {detail}", path=path,
                               pointer=p.pointer or "/", detail=p.detail), err=True)


def _validate_sheet(data: bytes, path: str, out: IO[bytes], options: CheckOptions,
                    fmt: str = "json") -> int:
    """A score sheet (CSV): its record checked as any other; a malformed sheet is named by
    row and column."""
    from bigtwo.formats.sheets import check_sheet

    text = sheet_text(data, path, options.lang)
    if text is None:
        return EXIT_UNREADABLE
    if options.default_profile is None:
        click.echo(gettext("error: {path}: a score sheet names no profile: give --profile",
                           path=path), err=True)
        return EXIT_UNREADABLE
    _, checked = check_sheet(text, options.default_profile, complete=options.complete,
                             lang=options.lang, resolver=options.resolver)
    if checked.report is None:
        _echo_sheet_problems(path, checked.problems)
        _write_checked(out, checked, fmt, options.lang)
        return EXIT_UNREADABLE
    _write_checked(out, checked, fmt, options.lang)
    return EXIT_VALID if checked.report["valid"] else EXIT_INVALID


@main.command("sheet")
@click.argument("path", type=click.Path(allow_dash=True, dir_okay=False))
@click.option("--profile", "profile", required=True, metavar="ID|FILE",
              help="The profile the sheet was scored under: a preset, a stored id, or a JSON file.")
@lang_option("Language of the messages about a row's arithmetic and of the command's own "
             "lines")
@max_bytes_option
def sheet_command(path: str, profile: str, lang: str, max_bytes: int) -> None:
    """Print the record a score sheet (CSV) stands for, as JSON.

    The sheet is a header deal,<name>,<name>,... (optionally a deal_code column) and a row
    per deal whose cells are the cards each player still held: a count, or the cards
    themselves separated by spaces. Exit 0 with the record, 2 when the sheet cannot be read
    (each problem named by row and column on stderr)."""
    from bigtwo.formats.sheets import check_sheet

    text = sheet_text(read_file(path, max_bytes), path, lang)
    if text is None:
        sys.exit(EXIT_UNREADABLE)
    record, checked = check_sheet(text, profile_option_value(profile, max_bytes), lang=lang,
                                  resolver=local_resolver())
    if record is None:
        _echo_sheet_problems(path, checked.problems)
        sys.exit(EXIT_UNREADABLE)
    echo_json(record)


def _validate_lines(stream: IO[bytes], path: str, out: IO[bytes], options: CheckOptions,
                    total: int | None, show_progress: bool, fmt: str = "json",
                    max_bytes: int = limits.MAX_CLI_INPUT_BYTES) -> int:
    counts: dict[str, int] = dict.fromkeys(VERDICTS, 0)
    blocks = 0
    with _progress(total, show_progress) as bar:
        for number, line in enumerate(bounded_lines(stream, max_bytes), start=1):
            if bar is not None:
                bar.update(line.read if isinstance(line, LongLine) else len(line))
            outcome = _long_line(number, max_bytes) if isinstance(line, LongLine) else \
                check_line(line, number, options)
            if outcome is None:
                continue
            counts[outcome.verdict] += 1
            if isinstance(line, LongLine):
                click.echo(gettext("error: {path}:{line}: the line is over the limit of "
                                   "{limit} bytes (--max-bytes)", path=path, line=number,
                                   limit=max_bytes), err=True)
            elif outcome.message is not None:
                click.echo(line_error(path, number, outcome.message), err=True)
            if fmt == "text":
                from bigtwo.formats.text_report import render_line

                out.write(b"\n" * (blocks > 0)
                          + render_line(outcome.document, b"" if isinstance(line, LongLine) else line,
                                        number, options).encode("utf-8"))
                blocks += 1
            else:
                out.write(outcome.line)
    if show_progress:
        click.echo(summary_line(counts), err=True)
    return exit_status(counts)


def _long_line(number: int, max_bytes: int) -> LineOutcome:
    """A line over the limit: an unreadable record, its bytes never held. The report's
    problem stays English, as every report's problems are; stderr says it translated."""
    detail = f"the line is over the limit of {max_bytes} bytes (--max-bytes)"
    return LineOutcome(problem_doc([Problem("", detail)], number), "unreadable", detail)


@main.command("simulate")
@click.option("--profile", "profile", default="hk-standard", show_default=True, metavar="ID|FILE",
              help="A preset, a stored profile id, or a JSON file with a declaration.")
@click.option("--deals", "deal_count", type=click.IntRange(1, 200), default=1, show_default=True,
              help="Deals per record (fewer when the profile's match limit ends the match).")
@click.option("--records", type=click.IntRange(0), default=1, show_default=True,
              help="How many matches to write: one record (JSON line) each, at each table.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seeds the random players: the same seed writes the same records.")
@click.option("--deal-codes", is_flag=True,
              help="Write each deal as a deal code (B2-...) instead of its hands.")
@click.option("--tables", type=click.IntRange(1, 100), default=1, show_default=True,
              help="Play every match at this many tables: one record each, other players, the "
                   "same deal codes (boards for the duplicate comparison; implies --deal-codes).")
@click.option("--format", "fmt", type=click.Choice(("jsonl", "notation")), default="jsonl",
              show_default=True,
              help="jsonl: a JSON record per line; notation: one Big Two notation file of games.")
@click.option("-o", "--output", type=click.File("wb"), default="-", help="Where to write them.")
@click.option("--progress/--no-progress", default=None,
              help="Progress bar on stderr (default: only when stderr is a terminal and the "
                   "records do not go to it).")
def simulate_command(profile: str, deal_count: int, records: int, seed: int, deal_codes: bool,
                     tables: int, fmt: str, output: IO[bytes], progress: bool | None) -> None:
    """Write legal random matches as JSON Lines records (or Big Two notation), reproducible
    from --seed."""
    from bigtwo.rules.simulate import simulate  # only this command needs it (start-up)

    ref = profile_option_value(profile)
    resolved, problems = local_resolver().resolve(ref, "--profile")
    if resolved is None:
        raise click.BadParameter(problem_lines(problems), param_hint="'--profile'")
    if deal_codes or tables > 1:
        from bigtwo.rules.deals import profile_refusal

        refused = profile_refusal(resolved)
        if refused is not None:
            raise click.BadParameter(refused, param_hint="'--deal-codes'" if deal_codes else "'--tables'")
    matches = simulate(resolved, records=records, deals_per_record=deal_count, seed=seed,
                       profile_ref=ref, deal_codes=deal_codes, tables=tables)
    if progress is None:
        progress = _progress_default(output)
    # TRANSLATORS: a progress bar's label (bigtwo simulate writing random matches).
    with _progress(records * tables, progress, gettext("simulating")) as bar:
        if bar is not None:
            matches = _counted(matches, bar)
        if fmt == "notation":
            from bigtwo.cli.notation_cmds import write_simulated

            write_simulated(matches, output, local_resolver())
        else:
            for record in matches:
                echo_json_line(record, output)


def _counted(records: Iterator[Any], bar: Any) -> Iterator[Any]:
    for record in records:
        yield record
        bar.update(1)


if __name__ == "__main__":  # pragma: no cover
    main()
