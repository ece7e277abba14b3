"""The one way through: parse, resolve the profile, replay, score, report.

The CLI, the HTTP API and the tournament store all call ``check_record``. The profile of a
record that names none (``default_profile``) is a reference (``ProfileRef``), resolved here
like the record's own, whoever calls: the CLI's ``--profile``, a request's ``?profile=``, a
tournament's profile id.
"""

from __future__ import annotations

from typing import Any

from bigtwo.records.parse import parse_record
from bigtwo.reports.i18n import DEFAULT_LANGUAGE
from bigtwo.reports.report import build_report
from bigtwo.rules.game import Record
from bigtwo.rules.problems import Problem
from bigtwo.rules.profiles import DEFAULT_RESOLVER, ProfileRef, ProfileResolver
from bigtwo.rules.replay import RecordResult, replay_record


class Checked:
    """Either a report (the record could be replayed) or the problems that stopped it."""

    # Plain and slotted, not a dataclass: bigtwo.rules.frozen says why.
    __slots__ = ("report", "problems", "record", "result")

    report: dict[str, Any] | None
    problems: list[Problem]
    record: Record | None
    result: RecordResult | None

    def __init__(self, report: dict[str, Any] | None, problems: list[Problem],
                 record: Record | None = None, result: RecordResult | None = None) -> None:
        self.report = report
        self.problems = problems
        self.record = record
        self.result = result

    @property
    def ok(self) -> bool:
        return self.report is not None


def check_record(
    doc: Any,
    *,
    complete: bool = True,
    lang: str = DEFAULT_LANGUAGE,
    resolver: ProfileResolver = DEFAULT_RESOLVER,
    default_profile: ProfileRef | None = None,
) -> Checked:
    record, problems = parse_record(doc, resolver=resolver, default_profile=default_profile)
    if record is None:
        from bigtwo.reports.shape_words import localize  # with the first problem: start-up

        return Checked(None, localize(problems, lang))
    result = replay_record(record, complete=complete)
    return Checked(build_report(result, lang), [], record, result)


class CheckOptions:
    """How to check records, the same for every record of a run (a file, a JSON Lines
    archive, a Dask partition): ``check_record``'s options, held once. Never changed once
    made; plain and slotted, not a frozen dataclass, for the start-up (as ``Checked``)."""

    __slots__ = ("complete", "lang", "resolver", "default_profile")

    complete: bool
    lang: str
    resolver: ProfileResolver
    default_profile: ProfileRef | None

    def __init__(self, complete: bool = True, lang: str = DEFAULT_LANGUAGE,
                 resolver: ProfileResolver = DEFAULT_RESOLVER,
                 default_profile: ProfileRef | None = None) -> None:
        self.complete = complete
        self.lang = lang
        self.resolver = resolver
        self.default_profile = default_profile

    def check(self, doc: Any) -> Checked:
        return check_record(doc, complete=self.complete, lang=self.lang, resolver=self.resolver,
                            default_profile=self.default_profile)
