"""Big Two notation on the command line: ``validate`` of a ``.b2n`` file (or of standard input
that holds notation), and ``convert`` between notation and JSON.

A notation file is checked game by game, as JSON Lines is line by line: one report line per
game, in the same bytes as the report line of the game's JSON record; a game that cannot be
read gets its problems (``error: FILE: LINE:COLUMN: ...`` on stderr) and a problem document
naming its first line. Each game is held to ``--max-bytes``, as each JSON line is.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import IO, Any

import click

from bigtwo.cli.shared.inputs import InputError, LongLine, bounded_lines, max_bytes_option
from bigtwo.cli.shared.language import gettext, lang_option
from bigtwo.cli.shared.output import Answers
from bigtwo.cli.shared.verdicts import EXIT_UNREADABLE, exit_status
from bigtwo.formats import jsoncodec
from bigtwo.formats.door import Games
from bigtwo.formats.json_lines import VERDICTS, check_doc, problem_doc
from bigtwo.formats.notation.games import place_errors
from bigtwo.formats.notation.writer import NotationError, write_record
from bigtwo.records.pipeline import Checked, CheckOptions
from bigtwo.rules.problems import Problem
from bigtwo.rules.profiles import DEFAULT_RESOLVER, ProfileResolver


def _text_lines(stream: IO[bytes], path: str, max_bytes: int) -> Iterator[tuple[str, int]]:
    """The input's lines as text, each with its size in bytes; a line is at most
    ``max_bytes`` (a longer one cannot belong to a game within the limit)."""
    for number, line in enumerate(bounded_lines(stream, max_bytes), start=1):
        if isinstance(line, LongLine):
            raise InputError(gettext("{path}:{line}: the line is over the limit of {limit} "
                                     "bytes (--max-bytes)", path=path, line=number,
                                     limit=max_bytes))
        try:
            yield line.decode("utf-8"), len(line)
        except UnicodeDecodeError as exc:
            # The byte's place, not the codec's English reason: the whole line is in the
            # reader's language, and the place is what a person fixing the file needs. No
            # "error: " here: InputError's frame adds it.
            raise InputError(gettext("{path}:{line}: byte {byte} of the line is not UTF-8; "
                                     "save the file as UTF-8 text", path=path,
                                     line=number, byte=exc.start + 1)) from None


def read_notation(stream: IO[bytes], path: str, options: CheckOptions,
                  max_bytes: int, max_games: int | None = None,
                  max_problems: int | None = None) -> Games:
    """Every game of a notation input, through the library's one door (``door.Games``); a
    game over ``max_bytes`` is a game of one problem. A file to check is read whole, game by
    game; a caller that keeps fewer games or problems stops the reading there."""
    return Games(_text_lines(stream, path, max_bytes), lang=options.lang,
                 resolver=options.resolver, default_profile=options.default_profile,
                 max_bytes=max_bytes, max_games=max_games, max_problems=max_problems)


def _echo_problems(path: str, problems: list[Problem]) -> None:
    for p in problems:
        if p.pointer.startswith("/lines") or not p.pointer:
            click.echo(gettext("error: {path}: {detail}", path=path, detail=p.detail), err=True)
        else:
            click.echo(gettext("error: {path}: {pointer}: {detail}", path=path,
                               pointer=p.pointer, detail=p.detail), err=True)


def validate_notation(stream: IO[bytes], path: str, out: IO[bytes], options: CheckOptions,
                      fmt: str, max_bytes: int) -> int:
    """Check every game; the exit status as for JSON Lines."""
    counts: dict[str, int] = dict.fromkeys(VERDICTS, 0)
    answers = Answers(out)
    for index, game in enumerate(read_notation(stream, path, options, max_bytes)):
        if game.doc is None:
            counts["unreadable"] += 1
            _echo_problems(path, game.problems)
            document = problem_doc(game.problems, game.line)
            checked = Checked(None, game.problems)
        else:
            outcome = check_doc(game.doc, game.line, options)
            if outcome.verdict == "invalid":
                place_errors(outcome.document, game)
            counts[outcome.verdict] += 1
            if outcome.verdict == "unreadable":
                _echo_problems(path, [Problem(p["pointer"], p["detail"])
                                      for p in outcome.document["problems"]])
            document = outcome.document
            checked = None
        if fmt == "text":
            from bigtwo.formats.text_report import render_checked

            if checked is None:
                checked = options.check(game.doc)
                if checked.report is not None:
                    place_errors(checked.report, game)
            out.write(b"\n" * (index > 0) + render_checked(checked, options.lang,
                                                           game.line).encode("utf-8"))
        else:
            answers.add(document)
    answers.close()
    return exit_status(counts)


@click.command("convert")
@click.argument("path", type=click.Path(allow_dash=True, dir_okay=False))
@click.option("--to", "target", type=click.Choice(("notation", "json")), required=True,
              help="notation: JSON (a record, or JSON Lines) in, Big Two notation out; json: "
                   "notation in, one JSON record per line out.")
@click.option("--profile", "profile", metavar="ID|FILE",
              help="Profile for games that name none (only needed to fill in players left out).")
@lang_option("Language of the problems found reading the input")
@max_bytes_option
def convert_command(path: str, target: str, profile: str | None, lang: str,
                    max_bytes: int) -> None:
    """Convert game records between JSON and Big Two notation (docs/NOTATION.md).

    PATH is a .json record, a .jsonl file, a .b2n file, or - for standard input (its format
    is recognised from its first lines). Exit 0 when every record converted, 2 when any could
    not (each named on stderr; the others are still written)."""
    from bigtwo.cli.shared.inputs import (
        check_profile_option,
        local_resolver,
        open_validate_input,
        profile_option_value,
    )

    resolver = local_resolver()
    default = check_profile_option(resolver, profile_option_value(profile, max_bytes))
    stream, fmt, _ = open_validate_input(path, max_bytes)
    out = sys.stdout.buffer
    failed = False
    with stream:
        if target == "json":
            if fmt != "notation":
                raise click.UsageError(f"{path} is not Big Two notation: --to json reads a .b2n "
                                       "file (or notation on standard input)")
            options = CheckOptions(lang=lang, resolver=resolver, default_profile=default)
            answers = Answers(out)
            for game in read_notation(stream, path, options, max_bytes):
                if game.doc is None:
                    failed = True
                    _echo_problems(path, game.problems)
                else:
                    answers.add(game.doc)
            answers.close()
        else:
            if fmt == "notation":
                raise click.UsageError(f"{path} is Big Two notation already: convert --to json")
            first = True
            for number, doc in _json_records(stream, path, fmt, max_bytes):
                try:
                    text = write_record(doc, resolver)
                except NotationError as exc:
                    failed = True
                    click.echo(gettext("error: {path}:{line}: {message}", path=path,
                                       line=number, message=str(exc)), err=True)
                    continue
                out.write(("" if first else "\n").encode() + text.encode("utf-8"))
                first = False
    sys.exit(EXIT_UNREADABLE if failed else 0)


def _json_records(stream: IO[bytes], path: str, fmt: str,
                  max_bytes: int) -> Iterator[tuple[int, Any]]:
    """(line, document) of a JSON record or of every record of JSON Lines."""
    if fmt != "jsonl":
        data = stream.read(max_bytes + 1)
        if len(data) > max_bytes:
            raise InputError(gettext("{path} is over the limit of {limit} bytes (--max-bytes)",
                                     path=path, limit=max_bytes))
        yield 1, _loads(data, path, 1)
        return
    for number, line in enumerate(bounded_lines(stream, max_bytes), start=1):
        if isinstance(line, LongLine):
            raise InputError(gettext("{path}:{line}: the line is over the limit of {limit} "
                                     "bytes (--max-bytes)", path=path, line=number,
                                     limit=max_bytes))
        if line.strip():
            yield number, _loads(line, path, number)


def _loads(data: bytes, path: str, number: int) -> Any:
    try:
        return jsoncodec.loads(data)
    except ValueError as exc:
        raise InputError(gettext("error: {path}:{line}: not JSON: {reason}", path=path,
                                 line=number, reason=exc)) from None


def write_simulated(records: Iterator[Any], output: IO[bytes],
                    resolver: ProfileResolver = DEFAULT_RESOLVER) -> None:
    """``bigtwo simulate --format notation``: the records as one notation file, a trick per
    line under the records' own rules (``resolver`` finds a stored profile)."""
    first = True
    for record in records:
        output.write(("" if first else "\n").encode()
                     + write_record(record, resolver).encode("utf-8"))
        first = False

