"""The one way through: parse, resolve the profile, replay, score, report.

The CLI, the HTTP API and the tournament store all call ``check_record``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bigtwo.records.messages import DEFAULT_LANGUAGE
from bigtwo.records.parse import parse_record
from bigtwo.records.report import build_report
from bigtwo.records.shape_words import localize
from bigtwo.rules.game import Record
from bigtwo.rules.problems import Problem
from bigtwo.rules.profiles import DEFAULT_RESOLVER, ProfileResolver
from bigtwo.rules.replay import RecordResult, replay_record


@dataclass(frozen=True, slots=True)
class Checked:
    """Either a report (the record could be replayed) or the problems that stopped it."""

    report: dict[str, Any] | None
    problems: list[Problem]
    record: Record | None = None
    result: RecordResult | None = None

    @property
    def ok(self) -> bool:
        return self.report is not None


def check_record(
    doc: Any,
    *,
    complete: bool = True,
    lang: str = DEFAULT_LANGUAGE,
    resolver: ProfileResolver = DEFAULT_RESOLVER,
    default_profile: Any = None,
) -> Checked:
    record, problems = parse_record(doc, resolver=resolver, default_profile=default_profile)
    if record is None:
        return Checked(None, localize(problems, lang))
    result = replay_record(record, complete=complete)
    return Checked(build_report(result, lang), [], record, result)
