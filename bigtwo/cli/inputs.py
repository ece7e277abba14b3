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

import os
import stat
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import IO, Any, TypeVar

import click

from bigtwo import limits

EXIT_UNREADABLE = 2
SKIP_CHUNK = 1 << 20
# What click's option decorators take and give back: a command's function, or the command.
_Decorated = TypeVar("_Decorated", bound=Callable[..., Any] | click.Command)


class InputError(click.ClickException):
    """An input the CLI will not read: one line on stderr, exit status 2."""

    exit_code = EXIT_UNREADABLE

    def show(self, file: IO[str] | None = None) -> None:
        click.echo(f"error: {self.format_message()}", err=True, file=file)


def max_bytes_option(command: _Decorated) -> _Decorated:
    option = click.option(
        "--max-bytes", type=click.IntRange(1), default=limits.MAX_CLI_INPUT_BYTES,
        show_default=True, metavar="BYTES",
        help="The most a file (a record, a sheet, a profile) or a JSON Lines line may hold; "
             "the default is the HTTP body limit.")
    return option(command)


def readable_kind(fd: int, name: str, *, allow_tty: bool = False) -> int | None:
    """The size of a regular file, None for a pipe (or a terminal, when allowed), else an
    InputError: a device such as /dev/zero, a directory, a socket never end."""
    mode = os.fstat(fd).st_mode
    if stat.S_ISREG(mode):
        return os.fstat(fd).st_size
    if stat.S_ISFIFO(mode) or (allow_tty and os.isatty(fd)):
        return None
    kind = ("a directory" if stat.S_ISDIR(mode) else "a device" if stat.S_ISCHR(mode)
            or stat.S_ISBLK(mode) else "a socket" if stat.S_ISSOCK(mode) else "not a file")
    raise InputError(f"{name} is {kind}: only a regular file or a pipe is read")


@dataclass(slots=True)
class Opened:
    stream: IO[bytes]
    size: int | None  # a regular file's size; None for a pipe


def open_input(path: str) -> Opened:
    """``path`` (or ``-``, standard input) opened for reading, once it is known to be a
    regular file or a pipe."""
    if path == "-":
        stream = sys.stdin.buffer
        try:
            size = readable_kind(stream.fileno(), "standard input", allow_tty=True)
        except (OSError, ValueError, AttributeError):  # an in-memory stream (tests)
            size = None
        return Opened(stream, size)
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError as exc:
        raise InputError(f"cannot open {path}: {exc.strerror}") from None
    try:
        size = readable_kind(fd, path)
    except BaseException:
        os.close(fd)
        raise
    return Opened(os.fdopen(fd, "rb"), size)


def read_bounded(stream: IO[bytes], limit: int, name: str) -> bytes:
    """The whole of ``stream``, or an InputError when it holds more than ``limit`` bytes (at
    most ``limit + 1`` are read)."""
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise InputError(f"{name} is over the limit of {limit} bytes (--max-bytes)")
    return data


def read_file(path: str, limit: int, name: str | None = None) -> bytes:
    """A whole document from ``path`` (or ``-``): a regular file or a pipe, at most ``limit``."""
    opened = open_input(path)
    shown = name or ("standard input" if path == "-" else path)
    if opened.size is not None and opened.size > limit:
        opened.stream.close()
        raise InputError(f"{shown} is over the limit of {limit} bytes (--max-bytes): "
                         f"it holds {opened.size}")
    with opened.stream if path != "-" else _keep_open(opened.stream) as stream:
        return read_bounded(stream, limit, shown)


class _keep_open:  # noqa: N801 - a context manager used like a function
    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream

    def __enter__(self) -> IO[bytes]:
        return self.stream

    def __exit__(self, *_: object) -> None:
        return None


@dataclass(frozen=True, slots=True)
class LongLine:
    """A line over the limit: only its length so far is known, its bytes were dropped."""

    read: int


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
