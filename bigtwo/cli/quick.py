"""``bigtwo validate FILE`` without click: the plain form, for a regular file of one JSON
record or of JSON Lines, checked with the very functions the click command uses.

Importing click and building the command tree is about a third of the start of a command that
checks one record (docs/PERFORMANCE.md, "Start-up"). This path takes only the form that needs
none of it: exactly ``validate PATH``, no option, a ``.json``/``.jsonl``/``.ndjson`` file (or
one whose name leaves the format to its text, which the library's door finds to be JSON or
JSON Lines, as it does for the command) of at most the default ``--max-bytes``. Anything else, and anything it would have to say in words
before it has written a byte (a record it cannot read, a file it cannot open), it declines
(``None``) and the click command runs as always: the output is the click command's, byte for
byte (tests/cli/test_quick_validate.py runs both on a table of argument forms). The words it
does say afterwards (an unreadable line of JSON Lines, a failure mid-run) are the click
command's own functions, imported then. A small file is read and written with the standard
library's json, whose import the check needs anyway, and not orjson (``STDLIB_JSON_BYTES``).
"""

from __future__ import annotations

import io
import os
import stat
import sys
from typing import IO

from bigtwo import limits
from bigtwo.cli.shared.env_language import environment_language
from bigtwo.cli.shared.exits import EXIT_INVALID, EXIT_VALID, exit_status
from bigtwo.cli.shared.resolver import local_resolver
from bigtwo.formats import door, jsoncodec
from bigtwo.formats.json_lines import VERDICTS, check_line
from bigtwo.records.pipeline import CheckOptions

# Environment the click command reads before any command runs: the JSON backend the group
# chooses, and click's shell completion.
CLICK_ENVIRONMENT = ("BIGTWO_JSON", "_BIGTWO_COMPLETE")

# A file up to this size is read and written with the standard library's json, not orjson:
# importing orjson (it imports dataclasses, uuid and datetime) costs more CPU than json's
# slower parse and write of this much, about three times more at this size, and about as
# much at 1 MiB of JSON Lines (docs/PERFORMANCE.md, "Start-up"). The two backends give the
# same reports, byte for byte (bigtwo.formats.jsoncodec).
STDLIB_JSON_BYTES = 256 * 1024


def validate(argv: list[str]) -> int | None:
    """The exit status of ``bigtwo validate PATH`` (its output written), or None when the
    click command must run it: then nothing has been read from a stream or written."""
    if len(argv) != 2 or argv[0] != "validate":
        return None
    path = argv[1]
    if path.startswith("-") or any(name in os.environ for name in CLICK_ENVIRONMENT):
        return None
    kind = door.name_format(path)
    if kind not in (None, "json", "jsonl"):
        return None
    try:
        # Asked before opening: opening a FIFO would wait for its writer, and closing it
        # again to hand it on would cut that writer off.
        found = os.stat(path)
        # A larger file may hold a line over the limit, which the command reports in words.
        if not stat.S_ISREG(found.st_mode) or found.st_size > limits.MAX_CLI_INPUT_BYTES:
            return None
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    if found.st_size > STDLIB_JSON_BYTES:
        return _checked(fd, path, kind)
    jsoncodec.use_backend("stdlib")
    status = _checked(fd, path, kind)
    if status is None:
        jsoncodec.use_backend("auto")  # the command reads as it always does
    return status


def _checked(fd: int, path: str, kind: str | None) -> int | None:
    """The open file checked as ``validate`` would, or None (nothing written) for click."""
    with os.fdopen(fd, "rb") as file:
        options = CheckOptions(complete=True, lang=environment_language(),
                               resolver=local_resolver(), default_profile=None)
        stream: IO[bytes] = file
        if kind is None:  # the text decides, as the command's door decides it
            data = file.read()
            kind = door.sniff(data)
            if kind not in ("json", "jsonl"):
                return None
            stream = io.BytesIO(data)
        if kind == "json":
            return _one(stream.read(), options)
        if sys.stderr.isatty() and not sys.stdout.isatty():  # the command shows a progress bar
            return None
        return _lines(stream, path, options)


def _one(data: bytes, options: CheckOptions) -> int | None:
    """A file of one record: its report, or None for one the command explains on stderr."""
    try:
        checked = options.check(jsoncodec.loads(data))
    except Exception:  # noqa: BLE001 - not JSON, or worse: the command says so in its words
        return None
    if checked.report is None:
        return None
    sys.stdout.buffer.write(jsoncodec.dumps(checked.report, pretty=True) + b"\n")
    return EXIT_VALID if checked.report["valid"] else EXIT_INVALID


def _lines(stream: IO[bytes], path: str, options: CheckOptions) -> int:
    """JSON Lines, as the command streams them: a report line each, in order, and the
    command's ``error: FILE:LINE: ...`` on stderr for a line it cannot read."""
    counts: dict[str, int] = dict.fromkeys(VERDICTS, 0)
    out = sys.stdout.buffer
    try:
        for number, line in enumerate(stream, start=1):
            outcome = check_line(line, number, options)
            if outcome is None:
                continue
            counts[outcome.verdict] += 1
            if outcome.message is not None:
                _say_line_error(path, number, outcome.message)
            out.write(outcome.line)
    except KeyboardInterrupt:
        sys.stderr.write("\nAborted!\n")  # click's words for an interrupted command
        return 1
    except Exception as exc:  # noqa: BLE001 - one line, exit 2, as the command ends
        from bigtwo.cli.shared.failures import refusal_for

        refusal = refusal_for(exc)
        if refusal is None:
            raise
        refusal.show()
        return refusal.exit_code
    return exit_status(counts)


def _say_line_error(path: str, number: int, message: str) -> None:
    # click and the catalogs load with the first line that needs them, not before.
    import click

    from bigtwo.cli.shared.verdicts import line_error

    click.echo(line_error(path, number, message), err=True)
