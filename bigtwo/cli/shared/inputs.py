"""What the CLI reads, bounded: files, standard input and lines, never more than a limit.

``bigtwo validate``, ``sheet`` and ``--profile FILE`` read a whole document (a record, a score
sheet, a declaration): at most ``--max-bytes`` (default the HTTP body limit,
``limits.MAX_CLI_INPUT_BYTES``), read one byte past it to tell "exactly" from "more". JSON
Lines are streamed: each line at most the same number of bytes (a longer line is one
unreadable record, skipped in fixed-size pieces, never held whole). Only a regular file, a
pipe (standard input, a FIFO) or a terminal is read: ``/dev/zero``, a directory or a socket is
refused before a byte is read. Every refusal is an ``InputError``: one line, exit status 2.
"""

from __future__ import annotations

import io
import os
import stat
import sys
from collections.abc import Callable, Iterator
from typing import IO, Any, TypeVar, overload

import click

from bigtwo import limits
from bigtwo.cli.shared.language import Refusal, gettext
from bigtwo.cli.shared.resolver import local_resolver as local_resolver
from bigtwo.cli.shared.verdicts import EXIT_UNREADABLE
from bigtwo.formats import door, jsoncodec
from bigtwo.formats.sniff import Format
from bigtwo.rules.frozen import Frozen, Slotted
from bigtwo.rules.profiles import ProfileRef, ProfileResolver

SKIP_CHUNK = 1 << 20
# What click's option decorators take and give back: a command's function, or the command.
_Decorated = TypeVar("_Decorated", bound=Callable[..., Any] | click.Command)


class InputError(Refusal):
    """An input the CLI will not read: one line on stderr (``error: ...``), exit status 2."""

    exit_code = EXIT_UNREADABLE
    lower_case = True


# What the CLI reads, for the sentences that name it: a path as given, standard input, the
# file of --profile, or a tournament's score sheet. Each refusal is a whole sentence per kind.
PATH, STDIN, PROFILE, SHEET = "path", "stdin", "profile", "sheet"


def source_of(path: str) -> str:
    return STDIN if path == "-" else PATH


def not_readable(source: str, path: str, kind: str) -> str:
    """``{path} is a directory: only a regular file or a pipe is read`` and its kin."""
    stdin = source == STDIN
    if kind == "directory":
        return (gettext("standard input is a directory: only a regular file or a pipe is read")
                if stdin else
                gettext("{path} is a directory: only a regular file or a pipe is read", path=path))
    if kind == "device":
        return (gettext("standard input is a device: only a regular file or a pipe is read")
                if stdin else
                gettext("{path} is a device: only a regular file or a pipe is read", path=path))
    if kind == "socket":
        return (gettext("standard input is a socket: only a regular file or a pipe is read")
                if stdin else
                gettext("{path} is a socket: only a regular file or a pipe is read", path=path))
    return (gettext("standard input is not a file: only a regular file or a pipe is read")
            if stdin else
            gettext("{path} is not a file: only a regular file or a pipe is read", path=path))


def over_limit(source: str, path: str, limit: int, size: int | None = None) -> str:
    """``{path} is over the limit of {limit} bytes (--max-bytes)``, with what it holds when
    its size is known."""
    if size is None:
        if source == STDIN:
            return gettext("standard input is over the limit of {limit} bytes (--max-bytes)",
                           limit=limit)
        if source == PROFILE:
            return gettext("profile file {path} is over the limit of {limit} bytes "
                           "(--max-bytes)", path=path, limit=limit)
        if source == SHEET:
            return gettext("the score sheet is over the limit of {limit} bytes (--max-bytes)",
                           limit=limit)
        return gettext("{path} is over the limit of {limit} bytes (--max-bytes)", path=path,
                       limit=limit)
    if source == STDIN:
        return gettext("standard input is over the limit of {limit} bytes (--max-bytes): "
                       "it holds {size}", limit=limit, size=size)
    if source == PROFILE:
        return gettext("profile file {path} is over the limit of {limit} bytes (--max-bytes): "
                       "it holds {size}", path=path, limit=limit, size=size)
    return gettext("{path} is over the limit of {limit} bytes (--max-bytes): it holds {size}",
                   path=path, limit=limit, size=size)


def max_bytes_option(command: _Decorated) -> _Decorated:
    option = click.option(
        "--max-bytes", type=click.IntRange(1), default=limits.MAX_CLI_INPUT_BYTES,
        show_default=True, metavar="BYTES",
        help="The most a file (a record, a sheet, a profile) or a JSON Lines line may hold; "
             "the default is the HTTP body limit.")
    return option(command)


def readable_kind(fd: int, name: str, *, allow_tty: bool = False,
                  source: str = PATH) -> int | None:
    """The size of a regular file, None for a pipe (or a terminal, when allowed), else an
    InputError: a device such as /dev/zero, a directory, a socket never end."""
    mode = os.fstat(fd).st_mode
    if stat.S_ISREG(mode):
        return os.fstat(fd).st_size
    if stat.S_ISFIFO(mode) or (allow_tty and os.isatty(fd)):
        return None
    kind = ("directory" if stat.S_ISDIR(mode) else "device" if stat.S_ISCHR(mode)
            or stat.S_ISBLK(mode) else "socket" if stat.S_ISSOCK(mode) else "other")
    raise InputError(not_readable(source, name, kind))


class Opened(Slotted):  # not a dataclass: one costs a millisecond of every start
    __slots__ = ("stream", "size")

    def __init__(self, stream: IO[bytes], size: int | None) -> None:
        self.stream = stream
        self.size = size  # a regular file's size; None for a pipe


def open_input(path: str) -> Opened:
    """``path`` (or ``-``, standard input) opened for reading, once it is known to be a
    regular file or a pipe."""
    if path == "-":
        stream = sys.stdin.buffer
        try:
            size = readable_kind(stream.fileno(), "-", allow_tty=True, source=STDIN)
        except (OSError, ValueError, AttributeError):  # an in-memory stream (tests)
            size = None
        return Opened(stream, size)
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError as exc:
        raise InputError(gettext("cannot open {path}: {reason}", path=path,
                                 reason=exc.strerror)) from None
    try:
        size = readable_kind(fd, path)
    except BaseException:
        os.close(fd)
        raise
    return Opened(os.fdopen(fd, "rb"), size)


def read_bounded(stream: IO[bytes], limit: int, path: str, source: str = PATH) -> bytes:
    """The whole of ``stream``, or an InputError when it holds more than ``limit`` bytes (at
    most ``limit + 1`` are read)."""
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise InputError(over_limit(source, path, limit))
    return data


def read_file(path: str, limit: int, source: str | None = None) -> bytes:
    """A whole document from ``path`` (or ``-``): a regular file or a pipe, at most ``limit``.
    ``source`` says what it is for the sentences that name it (PROFILE for --profile)."""
    opened = open_input(path)
    what = STDIN if path == "-" else source or PATH
    if opened.size is not None and opened.size > limit:
        opened.stream.close()
        raise InputError(over_limit(what, path, limit, opened.size))
    with opened.stream if path != "-" else _keep_open(opened.stream) as stream:
        return read_bounded(stream, limit, path, what)


class _keep_open:  # noqa: N801 - a context manager used like a function
    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream

    def __enter__(self) -> IO[bytes]:
        return self.stream

    def __exit__(self, *_: object) -> None:
        return None


class LongLine(Frozen):
    """A line over the limit: only its length so far is known, its bytes were dropped."""

    __slots__ = ("read",)
    read: int

    def __init__(self, read: int) -> None:
        self._set(read=read)


def bounded_lines(stream: IO[bytes], limit: int) -> Iterator[bytes | LongLine]:
    """The lines of ``stream`` (each with its newline), each read with at most ``limit + 1``
    bytes in memory; a longer line is a ``LongLine``, the rest of it skipped piece by piece."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) <= limit or line.endswith(b"\n"):  # at most ``limit`` before the newline
            yield line
            continue
        read = len(line)
        while not line.endswith(b"\n"):
            line = stream.readline(SKIP_CHUNK)
            if not line:
                break
            read += len(line)
        yield LongLine(read)


@overload
def profile_option_value(value: str, max_bytes: int = ...) -> ProfileRef: ...
@overload
def profile_option_value(value: None, max_bytes: int = ...) -> None: ...
def profile_option_value(value: str | None,
                         max_bytes: int = limits.MAX_CLI_INPUT_BYTES) -> ProfileRef | None:
    """``--profile`` names an id, or a JSON file holding a declaration (a regular file or a
    pipe of at most ``max_bytes``). The file's JSON is returned as read: resolving it says
    whether it is a declaration at all."""
    if value is None:
        return None
    if value.endswith(".json") or os.path.sep in value:
        try:
            declared: ProfileRef = jsoncodec.loads(read_file(value, max_bytes, PROFILE))
            return declared
        except InputError as exc:
            # TRANSLATORS: {message} is a whole sentence about the file of --profile.
            raise InputError(gettext("--profile: {message}",
                                     message=exc.format_message())) from None
        except ValueError as exc:
            raise InputError(gettext("--profile: cannot read profile file {path}: {reason}",
                                     path=value, reason=exc)) from None
    return value


def check_profile_option(resolver: ProfileResolver, ref: ProfileRef | None) -> ProfileRef | None:
    """``--profile`` (its value as read: an id or a declaration), checked before any record is
    read and handed on as the reference, None when not given: a wrong one is a usage error
    (exit 2) even when every record names its own profile and the option would never be used.
    Each record resolves the reference as it would its own (the resolver remembers it), so the
    CLI and the API take the same way."""
    if ref is None:
        return None
    from bigtwo.formats.json_lines import problem_lines

    profile, problems = resolver.resolve(ref, "--profile")
    if profile is None:
        raise click.BadParameter(problem_lines(problems), param_hint="'--profile'")
    return ref


def sheet_text(data: bytes, path: str, lang: str) -> str | None:
    """A score sheet's bytes as text in any encoding a spreadsheet saves
    (``bigtwo.formats.sheet_text``); None, once stderr names the line it stops at and how to
    save the sheet as UTF-8."""
    from bigtwo.formats.sheet_text import SheetTextError, decode_sheet

    try:
        return decode_sheet(data, lang=lang).text
    except SheetTextError as exc:
        click.echo(gettext("error: {path}: {detail}", path=path, detail=exc.detail), err=True)
        return None


def open_validate_input(path: str, max_bytes: int) -> tuple[IO[bytes], Format, int | None]:
    """The input (a regular file or a pipe), its format and its size if known, as the
    library's one door (``bigtwo.formats.door.decide``) tells it: by the file's extension,
    else (standard input, a file with no known extension) by its first lines."""
    opened = open_input(path)
    named = door.name_format(path) if path != "-" else None
    if named is not None:
        return opened.stream, named, opened.size
    stream, kind = sniff_stream(opened.stream, max_bytes)
    return stream, kind, None if path == "-" else opened.size


def sniff_stream(stream: IO[bytes], max_bytes: int) -> tuple[IO[bytes], Format]:
    """A stream's format from its first line with something on it (``door.sniff``): the lines
    up to it (blank lines and notation comments, at most ``max_bytes`` in all) are read and
    put back in front of the stream handed back."""
    head = b""
    while len(head) <= max_bytes:
        line = stream.readline(max_bytes + 1 - len(head))
        if not line:
            break
        head += line
        if door.line_decides(line.decode("utf-8", errors="replace")):
            break
    return io.BufferedReader(_Prepend(head, stream)), door.sniff(head)


class _Prepend(io.RawIOBase):
    """Standard input with its already-read first line put back in front."""

    def __init__(self, head: bytes, rest: IO[bytes]) -> None:
        self.head, self.rest = head, rest
        self.name = getattr(rest, "name", "-")  # what the buffered stream is named by

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self.head:
            n = min(len(buffer), len(self.head))
            buffer[:n], self.head = self.head[:n], self.head[n:]
            return n
        chunk = self.rest.read(len(buffer))
        buffer[: len(chunk)] = chunk
        return len(chunk)
