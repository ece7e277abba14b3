"""One line of a JSON Lines archive in, one report line out.

``bigtwo validate FILE.jsonl`` and its Dask path (``bigtwo.batch.cluster``) both run every line
through ``check_line``, so that a run on one core and a run on a cluster print the same
bytes. No I/O here: the caller reads the lines and writes the outcomes.
"""

from __future__ import annotations

from typing import Any, Literal

from bigtwo.formats import jsoncodec
from bigtwo.records.pipeline import CheckOptions
from bigtwo.rules.problems import Problem

Verdict = Literal["valid", "invalid", "unreadable"]
VERDICTS: tuple[Verdict, ...] = ("valid", "invalid", "unreadable")


def dumps(obj: Any) -> str:
    """A report line: compact JSON, UTF-8 text as is."""
    return jsoncodec.dumps(obj).decode("utf-8")


def problem_doc(problems: list[Problem], line: int | None = None) -> dict[str, Any]:
    """What stands in a report's place when a record cannot be replayed at all."""
    doc: dict[str, Any] = {"valid": None, "problems": [p.as_dict() for p in problems]}
    if line is not None:
        doc["line"] = line
    return doc


def problem_lines(problems: list[Problem]) -> str:
    return "; ".join(f"{p.pointer or '/'}: {p.detail}" for p in problems)


class LineOutcome:
    """The report (or problem document) of one line, its verdict, and for an unreadable line
    the message for stderr (``not JSON: ...`` or ``cannot replay: ...``)."""

    # Plain and slotted, not a dataclass: bigtwo.rules.frozen says why.
    __slots__ = ("document", "verdict", "message", "codes")

    document: dict[str, Any]
    verdict: Verdict
    message: str | None
    codes: tuple[str, ...]

    def __init__(self, document: dict[str, Any], verdict: Verdict, message: str | None = None,
                 codes: tuple[str, ...] = ()) -> None:
        self.document = document
        self.verdict = verdict
        self.message = message
        self.codes = codes

    @property
    def text(self) -> str:
        return dumps(self.document)

    @property
    def line(self) -> bytes:
        """The report line as UTF-8 bytes, newline included (what the CLI writes)."""
        return jsoncodec.dumps(self.document) + b"\n"


def check_doc(doc: Any, number: int | None, options: CheckOptions) -> LineOutcome:
    """Check one decoded record; ``number`` is its line, quoted when it cannot be replayed."""
    checked = options.check(doc)
    if checked.report is None:
        return LineOutcome(problem_doc(checked.problems, number), "unreadable",
                           f"cannot replay: {problem_lines(checked.problems)}")
    report = checked.report
    codes = tuple(str(e["code"]) for e in report["errors"])
    return LineOutcome(report, "valid" if report["valid"] else "invalid", None, codes)


def check_line(raw: bytes | str, number: int | None, options: CheckOptions) -> LineOutcome | None:
    """Check one line of JSON Lines; None for a blank line, which is no record."""
    if not raw or raw.isspace():  # no stripped copy of every line made to ask
        return None
    try:
        doc = jsoncodec.loads(raw)
    except ValueError as exc:  # jsoncodec.JsonError
        detail = f"not JSON: {exc}"
        return LineOutcome(problem_doc([Problem("", detail)], number), "unreadable", detail)
    return check_doc(doc, number, options)
