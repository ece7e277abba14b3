"""Log lines a client cannot forge or use against a terminal.

Whatever a client sends (a path, a header, a byte such as 0x9B that a latin-1 request line
decodes to U+009B, the C1 "CSI" that a UTF-8 terminal obeys) reaches the logs only escaped:
every character that is not printable (C0 and C1 controls, U+0085 NEL, U+2028 and U+2029
line and paragraph separators, bidi overrides and other format characters) is written as
``\\xNN`` or ``\\uXXXX``, so one request is one line and a terminal shows it as text.

This module imports no Flask and no prometheus-client: gunicorn's master loads
``GunicornLogger`` (gunicorn.conf.py ``logger_class``) before any worker starts, and
prometheus-client must first be imported after PROMETHEUS_MULTIPROC_DIR is set.
"""

from __future__ import annotations

import json
import logging
import os
from datetime import UTC, datetime
from typing import Any

from gunicorn import glogging

ENV = "BIGTWO_LOG_FORMAT"
FORMATS = ("text", "json")


def log_format() -> str:
    chosen = os.environ.get(ENV, "text").strip().lower()
    return chosen if chosen in FORMATS else "text"


def _escape_char(c: str) -> str:
    code = ord(c)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


class _Escapes(dict[int, str]):
    """A str.translate table built on demand: printable characters map to themselves."""

    def __missing__(self, code: int) -> str:
        c = chr(code)
        # A space is printable; a tab or newline in a message is escaped like any control.
        out = c if c.isprintable() else _escape_char(c)
        self[code] = out
        return out


_ESCAPES = _Escapes()


def escape(text: str) -> str:
    """``text`` with every non-printable character escaped (one line, no terminal codes)."""
    if text.isprintable():
        return text
    return text.translate(_ESCAPES)


def escape_json(line: str) -> str:
    """A JSON text written with ``ensure_ascii=False``, with what json leaves raw escaped as
    ``\\uXXXX`` (still the same JSON value): C1 controls, U+2028/U+2029, format characters."""
    if line.isprintable():
        return line
    return "".join(c if c.isprintable() else f"\\u{ord(c):04x}" if ord(c) < 0x10000
                   else "".join(f"\\u{u:04x}" for u in _utf16(c)) for c in line)


def _utf16(c: str) -> tuple[int, int]:
    v = ord(c) - 0x10000
    return 0xD800 + (v >> 10), 0xDC00 + (v & 0x3FF)


class SafeTextFormatter(logging.Formatter):
    """A plain-text formatter whose message (not its traceback) is escaped to one line."""

    def formatMessage(self, record: logging.LogRecord) -> str:  # noqa: N802 - logging's name
        return escape(super().formatMessage(record))


class JsonFormatter(logging.Formatter):
    """A log record as one JSON object: time, level, logger, message, and its extra fields."""

    def format(self, record: logging.LogRecord) -> str:
        doc: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(), "logger": record.name,
            "message": record.getMessage(),
        }
        doc.update(getattr(record, "fields", {}))
        if record.exc_info:
            doc["exception"] = self.formatException(record.exc_info)
        return escape_json(json.dumps(doc, ensure_ascii=False, separators=(",", ":"),
                                      default=str))


class GunicornLogger(glogging.Logger):  # type: ignore[misc]
    """gunicorn's logger with escaped lines, and JSON lines with BIGTWO_LOG_FORMAT=json (its
    own warnings, "Invalid request from ...", and errors included)."""

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        json_mode = log_format() == "json"
        for log, fmt in ((self.error_log, glogging.Logger.error_fmt),
                         (self.access_log, "%(message)s")):
            for handler in log.handlers:
                handler.setFormatter(JsonFormatter() if json_mode else
                                     SafeTextFormatter(fmt, glogging.Logger.datefmt))
