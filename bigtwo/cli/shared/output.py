"""How every command prints JSON (docs/CLI.md, "Checking records"): one style.

- One answer (a report, a created tournament, a listing, a page, counts) is one document,
  pretty: two-space indent, UTF-8 as it is (no ``\\u`` escapes), a newline after.
- Answers to a file of records (JSON Lines, several games of notation, simulated matches) are
  JSON Lines: each answer compact on its own line, so a stream can be read a line at a time.

A notation file holding one game is one record, answered as a document like a ``.json``; its
answers become lines from the second game on (``Answers`` holds the first until then).
"""

from __future__ import annotations

from typing import IO, Any

import click

from bigtwo.formats import jsoncodec


def json_document(value: Any) -> bytes:
    return jsoncodec.dumps(value, pretty=True) + b"\n"


def json_line(value: Any) -> bytes:
    return jsoncodec.dumps(value) + b"\n"


def echo_json(value: Any, out: IO[bytes] | None = None) -> None:
    """One answer, as a pretty document (stdout unless ``out``)."""
    if out is None:
        click.echo(json_document(value), nl=False)
    else:
        out.write(json_document(value))


def echo_json_line(value: Any, out: IO[bytes] | None = None) -> None:
    """One answer of a stream, as a JSON line."""
    if out is None:
        click.echo(json_line(value), nl=False)
    else:
        out.write(json_line(value))


class Answers:
    """The answers of a source that holds one record or several: one is a document, several
    are JSON Lines (which one is known at the second answer, or at ``close``)."""

    def __init__(self, out: IO[bytes]) -> None:
        self.out = out
        self.count = 0
        self._held: Any = None

    def add(self, value: Any) -> None:
        if self.count == 0:
            self._held = value
        else:
            if self.count == 1:
                self.out.write(json_line(self._held))
                self._held = None
            self.out.write(json_line(value))
        self.count += 1

    def close(self) -> None:
        if self.count == 1:
            self.out.write(json_document(self._held))
            self._held = None
