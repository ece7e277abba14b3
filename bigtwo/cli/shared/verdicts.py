"""How a run of `bigtwo validate` ends, locally or on a cluster: its exit status, its summary
line, and the stderr line of a record it could not read (one home for both runs)."""

from __future__ import annotations

from bigtwo.cli.shared.exits import EXIT_INVALID as EXIT_INVALID
from bigtwo.cli.shared.exits import EXIT_UNREADABLE as EXIT_UNREADABLE
from bigtwo.cli.shared.exits import EXIT_VALID as EXIT_VALID
from bigtwo.cli.shared.exits import exit_status as exit_status
from bigtwo.cli.shared.language import gettext, ngettext


def summary_line(counts: dict[str, int]) -> str:
    # TRANSLATORS: the last line of `bigtwo validate --progress`; {n} counts every record.
    return ngettext("{n} record: {valid} valid, {invalid} invalid, {unreadable} unreadable",
                    "{n} records: {valid} valid, {invalid} invalid, {unreadable} unreadable",
                    sum(counts.values()), valid=counts["valid"], invalid=counts["invalid"],
                    unreadable=counts["unreadable"])


# The stderr message of an unreadable line (bigtwo.formats.json_lines.LineOutcome.message) starts
# with one of these; the line then says it in the command's language. The reason after it
# (the JSON parser's, or the record's problems) is the library's, as in the report.
NOT_JSON, CANNOT_REPLAY = "not JSON: ", "cannot replay: "


def line_error(path: str, number: int, message: str) -> str:
    """``error: FILE:LINE: ...`` for an unreadable line of JSON Lines."""
    if message.startswith(NOT_JSON):
        return gettext("error: {path}:{line}: not JSON: {reason}", path=path, line=number,
                       reason=message[len(NOT_JSON):])
    if message.startswith(CANNOT_REPLAY):
        return gettext("error: {path}:{line}: cannot replay: {problems}", path=path,
                       line=number, problems=message[len(CANNOT_REPLAY):])
    # TRANSLATORS: {message} is the library's, already in the report's language.
    return gettext("error: {path}:{line}: {message}", path=path, line=number, message=message)

