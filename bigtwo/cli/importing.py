"""``bigtwo tournament import``: a JSON Lines file sent in batches a server accepts (or a
score sheet as one record), a verdict for every line, and the summary people or machines
read. Works the same over any ``Backend``."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import IO, Any

import click

from bigtwo import limits
from bigtwo.cli.backend import EXIT_FAILED, EXIT_OK, EXIT_REJECTED, Backend, Failure, fail, shown
from bigtwo.cli.shared.inputs import (
    SHEET,
    LongLine,
    bounded_lines,
    read_bounded,
    readable_kind,
    sheet_text,
    sniff_stream,
)
from bigtwo.cli.shared.language import current, gettext, ngettext, pgettext
from bigtwo.cli.shared.output import echo_json
from bigtwo.formats import door, jsonin
from bigtwo.formats.sniff import Format
from bigtwo.records.parse import deals_in
from bigtwo.reports.i18n import DEFAULT_LANGUAGE

# Leaves room under the server's default 1 MiB body limit for the batch wrapper.
MAX_BATCH_BYTES = 768 * 1024


VERDICTS = ("valid", "invalid", "duplicate", "rejected", "unreadable")


@dataclass(slots=True)
class ImportSummary:
    """Every line's verdict (``{line, verdict, id, reason}``) and the counts of each.

    ``reason`` is what --json prints, English as it always was; ``said`` (one per line, in
    the same order) is the reason in the command's language, for the text people read."""

    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(VERDICTS, 0))
    lines: list[dict[str, Any]] = field(default_factory=list)
    first_line: dict[str, int] = field(default_factory=dict)  # record id -> line stored here
    said: list[str | None] = field(default_factory=list)
    # A notation game by its first line, kept only until its verdict: its rule errors are
    # named by the line and column the referee wrote the move at, not by a pointer into
    # the JSON record the referee never saw.
    games: dict[int, Any] = field(default_factory=dict)

    def verdict(self, line: int | None, verdict: str, record_id: str | None = None,
                reason: str | None = None, said: str | None = None) -> None:
        self.counts[verdict] += 1
        if line is not None:
            self.games.pop(line, None)
        self.lines.append({"line": line, "verdict": verdict, "id": record_id, "reason": reason})
        self.said.append(reason if said is None else said)

    def add(self, api: Backend, lines: list[int | None], result: dict[str, Any]) -> None:
        """The verdicts of one stored batch; an invalid record's reason is its first error."""
        for line, item in zip(lines, result["results"], strict=True):
            rid = item["id"]
            earlier = self.first_line.get(rid)
            if line is not None and earlier is None:
                self.first_line[rid] = line
            if not item["created"]:
                reason = (f"the same game as line {earlier}" if earlier is not None
                          else "already stored before this import")
                if item.get("withdrawn"):
                    reason += "; that record is withdrawn"
                self.verdict(line, "duplicate", rid, reason,
                             _duplicate_said(earlier, bool(item.get("withdrawn"))))
                continue
            if item["valid"]:
                self.verdict(line, "valid", rid)
            else:
                game = self.games.get(line) if line is not None else None
                self.verdict(line, "invalid", rid,
                             *_first_error(api, rid, item["errors"], game))

    def line(self) -> str:
        c = self.counts
        # TRANSLATORS: the last line of `bigtwo tournament import`; {n} counts every line.
        return ngettext(
            "{n} record: {valid} valid, {invalid} invalid, {duplicate} duplicate, "
            "{rejected} rejected, {unreadable} unreadable",
            "{n} records: {valid} valid, {invalid} invalid, {duplicate} duplicate, "
            "{rejected} rejected, {unreadable} unreadable",
            sum(c.values()), valid=c["valid"], invalid=c["invalid"], duplicate=c["duplicate"],
            rejected=c["rejected"], unreadable=c["unreadable"])

    def show(self, as_json: bool) -> None:
        """Text for people (each line that is not simply valid, then the counts) or one JSON
        document for machines (the counts, and every line with its verdict)."""
        order = sorted(range(len(self.lines)),
                       key=lambda i: (self.lines[i]["line"] is None, self.lines[i]["line"] or 0))
        if as_json:
            self.lines[:] = [self.lines[i] for i in order]
            self.said[:] = [self.said[i] for i in order]
            echo_json({**self.counts, "lines": self.lines})
            return
        for i in order:
            if self.lines[i]["verdict"] != "valid":
                click.echo(_verdict_line(self.lines[i], self.said[i]))
        click.echo(self.line())


def _duplicate_said(earlier: int | None, withdrawn: bool) -> str:
    if earlier is not None:
        return (gettext("the same game as line {line}; that record is withdrawn", line=earlier)
                if withdrawn else gettext("the same game as line {line}", line=earlier))
    return (gettext("already stored before this import; that record is withdrawn")
            if withdrawn else gettext("already stored before this import"))


def _verdict_line(entry: dict[str, Any], reason: str | None) -> str:
    """A line of the import that is not simply valid, in words: where, verdict, why."""
    line, verdict, rid = entry["line"], entry["verdict"], entry["id"]
    said = str(reason)
    if line is None:  # the score sheet, one record
        if verdict == "invalid" and rid:
            return gettext("sheet: invalid {id}: {reason}", id=rid, reason=said)
        if verdict == "duplicate" and rid:
            return gettext("sheet: duplicate {id}: {reason}", id=rid, reason=said)
        if verdict == "rejected" and not rid:
            return gettext("sheet: rejected: {reason}", reason=said)
    else:
        if verdict == "invalid" and rid:
            return gettext("line {line}: invalid {id}: {reason}", line=line, id=rid, reason=said)
        if verdict == "duplicate" and rid:
            return gettext("line {line}: duplicate {id}: {reason}", line=line, id=rid,
                           reason=said)
        if verdict == "rejected" and not rid:
            return gettext("line {line}: rejected: {reason}", line=line, reason=said)
        if verdict == "unreadable" and not rid:
            return gettext("line {line}: unreadable: {reason}", line=line, reason=said)
    # No verdict of the service comes this way; the code word stands in (the --json name).
    where = "sheet" if line is None else f"line {line}"
    return f"{where}: {verdict}{f' {rid}' if rid else ''}: {said}"


def _first_error(api: Backend, record_id: str, count: int,
                 game: Any = None) -> tuple[str, str]:
    """``CODE at /pointer: message`` of a stored invalid record, and how many more there are:
    as --json prints it (English, as it always was) and in the command's language. A move of
    a notation ``game`` is named by its line and column in the file instead of the pointer."""
    try:
        errors = api.record(record_id)["report"]["errors"]
    except (Failure, KeyError, TypeError):
        errors = None
    if not errors:
        return (f"{count} rule errors",
                ngettext("{n} rule error", "{n} rule errors", count))
    first = errors[0]
    code, pointer, message = first.get("code"), first.get("pointer") or "/", first.get("message")
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    place = _place(first, game)
    if place is not None:
        english = f"{code} at line {place[0]}, column {place[1]} ({pointer}): {message}{more}"
        pointer = pgettext("text report", "line {line}, column {column}", line=place[0],
                           column=place[1])
    else:
        english = f"{code} at {pointer}: {message}{more}"
    message = _rendered(first, message)
    if len(errors) > 1:
        return english, ngettext("{code} at {pointer}: {message} (and {n} more)",
                                 "{code} at {pointer}: {message} (and {n} more)",
                                 len(errors) - 1, code=code, pointer=pointer, message=message)
    return english, gettext("{code} at {pointer}: {message}", code=code, pointer=pointer,
                            message=message)


def _place(error: dict[str, Any], game: Any) -> tuple[int, int] | None:
    if game is None:
        return None
    from bigtwo.formats.notation.places import place_of

    return place_of(game, error.get("deal"), error.get("move"))


def _rendered(error: dict[str, Any], stored: Any) -> Any:
    """A stored rule error's message in the command's language: rendered again from its code
    and params, as the API does for ``?lang=``; the stored words when it cannot be (a code
    this version does not know, params of another shape)."""
    from bigtwo.reports.messages import render

    lang = current()
    if lang == DEFAULT_LANGUAGE or not isinstance(error.get("params"), dict):
        return stored
    try:
        return render(error, lang)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return stored


def _batches(stream: IO[bytes], summary: ImportSummary) -> Iterator[tuple[list[int], list[Any], int]]:
    """(line numbers, records, bytes read) in groups that a server accepts in one request."""
    return _grouped(_json_lines(stream, summary))


def _json_lines(stream: IO[bytes], summary: ImportSummary) -> Iterator[tuple[int, Any, int, int]]:
    """(line, record, its bytes, bytes read since the last) of each JSON line that reads."""
    consumed = 0
    for number, line in enumerate(bounded_lines(stream, limits.MAX_CLI_INPUT_BYTES), start=1):
        if isinstance(line, LongLine):
            consumed += line.read
            summary.counts["unreadable"] += 1
            click.echo(gettext("line {line}: over the limit of {limit} bytes", line=number,
                               limit=limits.MAX_CLI_INPUT_BYTES), err=True)
            continue
        raw = line
        consumed += len(raw)
        if not raw.strip():
            continue
        try:
            record = jsonin.loads(raw)
        except ValueError as exc:
            summary.verdict(number, "unreadable", reason=f"not JSON: {exc}",
                            said=gettext("not JSON: {reason}", reason=exc))
            continue
        yield number, record, len(raw), consumed
        consumed = 0


def _grouped(items: Iterator[tuple[int, Any, int, int]],
             ) -> Iterator[tuple[list[int], list[Any], int]]:
    """Records (line, record, bytes, bytes read) in groups a server accepts in one request:
    at most MAX_RECORDS_PER_BATCH records, MAX_BATCH_BYTES bytes, MAX_DEALS_PER_BATCH deals."""
    lines: list[int] = []
    records: list[Any] = []
    size = consumed = deals = 0
    for number, record, raw, read in items:
        held = deals_in([record])
        if records and (len(records) >= limits.MAX_RECORDS_PER_BATCH
                        or size + raw > MAX_BATCH_BYTES
                        or deals + held > limits.MAX_DEALS_PER_BATCH):
            yield lines, records, consumed
            lines, records, size, consumed, deals = [], [], 0, 0, 0
        lines.append(number)
        records.append(record)
        size += raw
        consumed += read
        deals += held
    if records:
        yield lines, records, consumed


def _notation_games(stream: IO[bytes], summary: ImportSummary,
                    ) -> Iterator[tuple[int, Any, int, int]]:
    """(first line, record, its bytes as JSON, 0) of each game of a notation input, read
    through the library's one door game by game; a game that cannot be read is unreadable,
    named by its first line, with its problems by line and column."""
    from bigtwo.cli.notation_cmds import read_notation
    from bigtwo.formats import jsoncodec
    from bigtwo.records.pipeline import CheckOptions

    options = CheckOptions(lang=current())
    name = getattr(stream, "name", None) or "-"
    for game in read_notation(stream, name, options, limits.MAX_CLI_INPUT_BYTES):
        if game.doc is None:
            said = "; ".join(p.detail for p in game.problems)
            summary.verdict(game.line, "unreadable", reason=said, said=said)
            continue
        summary.games[game.line] = game
        yield game.line, game.doc, len(jsoncodec.dumps(game.doc)), 0


def _record_problems(document: dict[str, Any], count: int) -> list[tuple[int, str, str]]:
    """(record index, pointer inside it, detail) of each problem naming one of ``count``
    records; a server's answer of any other shape names none."""
    errors = document.get("errors")
    out = []
    for problem in errors if isinstance(errors, list) else []:
        if not isinstance(problem, dict):
            continue
        parts = str(problem.get("pointer", "")).split("/", 3)
        if len(parts) > 2 and parts[1] == "records" and parts[2].isdigit() \
                and int(parts[2]) < count:
            out.append((int(parts[2]), "/" + parts[3] if len(parts) > 3 else "/",
                        shown(str(problem.get("detail")))))
    return out


def _upload(api: Backend, tournament_id: str, token: str, lines: list[int], records: list[Any],
            summary: ImportSummary) -> None:
    """One batch; on a 422 the malformed records are named and the rest sent again."""
    try:
        summary.add(api, list(lines), api.upload(tournament_id, token, records))
        return
    except Failure as exc:
        named = _record_problems(exc.document, len(records)) if exc.status == 422 else []
        bad = {index for index, _, _ in named}
        if not bad:
            fail(exc)
        reasons: dict[int, list[str]] = {}
        for problem in exc.document.get("errors") or []:
            parts = str(problem.get("pointer", "")).split("/", 3)
            if len(parts) < 3 or not parts[2].isdigit():
                continue
            where = "/" + parts[3] if len(parts) > 3 else "/"
            reasons.setdefault(int(parts[2]), []).append(f"{where}: {problem.get('detail')}")
    for index in sorted(bad):
        summary.verdict(lines[index], "rejected", reason="; ".join(reasons.get(index, [])))
    keep = [i for i in range(len(records)) if i not in bad]
    if keep:
        _upload(api, tournament_id, token, [lines[i] for i in keep], [records[i] for i in keep],
                summary)


def import_lines(api: Backend, tournament_id: str, token: str, path: IO[bytes],
                 as_json: bool) -> None:
    """The import of a JSON Lines file, or of a score sheet (a .csv file); exits with the
    command's status."""
    summary = ImportSummary()
    path, fmt = input_format(path)
    if fmt == "csv":
        _import_sheet(api, tournament_id, token, path, summary, as_json)
        return
    show = sys.stderr.isatty()
    total = _size(path)
    groups = (_grouped(_notation_games(path, summary)) if fmt == "notation"
              else _batches(path, summary))
    # TRANSLATORS: a progress bar's label.
    with click.progressbar(length=total, label=gettext("importing"), file=sys.stderr,
                           show_eta=False) if show else _NoBar() as bar:
        for lines, records, consumed in groups:
            _upload(api, tournament_id, token, lines, records, summary)
            bar.update(consumed)
    summary.show(as_json)
    left_out = summary.counts["rejected"] + summary.counts["unreadable"]
    sys.exit(EXIT_REJECTED if left_out else EXIT_OK)


def input_format(stream: IO[bytes]) -> tuple[IO[bytes], Format]:
    """An input to import or replace by, and its format as the library's one door tells it: a
    file by its extension (.csv, .tsv, .txt: a score sheet; .b2n: notation; .json, .jsonl:
    JSON), anything else (standard input) by its first lines, as ``bigtwo validate`` does."""
    name = getattr(stream, "name", None)
    named = door.name_format(name) if isinstance(name, str) else None
    if named is not None:
        return stream, named
    return sniff_stream(stream, limits.MAX_CLI_INPUT_BYTES)


def read_sheet(stream: IO[bytes]) -> str:
    """The sheet's text in any encoding a spreadsheet saves (bigtwo.formats.sheet_text), read
    here and sent on as UTF-8; what none reads exits 2, naming the line."""
    data = read_bounded(stream, limits.MAX_CLI_INPUT_BYTES, "", SHEET)
    text = sheet_text(data, getattr(stream, "name", None) or "-", current())
    if text is None:
        sys.exit(EXIT_FAILED)
    return text


def _import_sheet(api: Backend, tournament_id: str, token: str, stream: IO[bytes],
                  summary: ImportSummary, as_json: bool) -> None:
    text = read_sheet(stream)
    try:
        summary.add(api, [None], {"results": [api.upload_sheet(tournament_id, token, text)]})
    except Failure as exc:
        if exc.status != 422:
            fail(exc)
        errors = exc.document.get("errors")
        details = [shown(str(p.get("detail") if isinstance(p, dict) else p))
                   for p in (errors if isinstance(errors, list) else [])]
        summary.verdict(None, "rejected", reason="; ".join(details) or exc.document.get("detail"))
    summary.show(as_json)
    sys.exit(EXIT_REJECTED if summary.counts["rejected"] else EXIT_OK)


class _NoBar:
    def __enter__(self) -> _NoBar:
        return self

    def __exit__(self, *_: object) -> None:
        return None

    def update(self, _: int) -> None:
        return None


def check_kind(stream: IO[bytes]) -> None:
    """Only a regular file or a pipe is read (not /dev/zero, not a socket)."""
    try:
        fd = stream.fileno()
    except (OSError, ValueError, AttributeError):  # an in-memory stream (tests)
        return
    readable_kind(fd, getattr(stream, "name", "the input"), allow_tty=True)


def _size(stream: IO[bytes]) -> int:
    try:
        return os.fstat(stream.fileno()).st_size
    except (OSError, ValueError, AttributeError):  # a pipe or an in-memory stream
        return 0
