"""Query parameters that pages read by hand (``?page=``): strict, bounded, and a clear 400.

``int()`` would take ``"²"`` (a superscript two: a ValueError), ``"١٢"`` (Arabic-Indic
digits: 12), ``" 1_0 "`` (10), and twenty digits (an integer SQLite cannot bind): a page
number is ASCII digits only, from 1 to ``MAX_PAGE_NUMBER``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from app.problems import PROBLEM_TYPE_BASE, ProblemException
from bigtwo import limits

_DIGITS = re.compile(r"[0-9]{1,7}")


class ParameterError(ProblemException):
    """A bad query parameter: a 400 problem (pages render it as HTML, see ``app.web``)."""

    def __init__(self, name: str, detail: str) -> None:
        super().__init__(400, "Bad Request", detail, type_=PROBLEM_TYPE_BASE + "invalid-parameter",
                         errors=[{"pointer": "", "parameter": name, "detail": detail}])
        self.parameter = name


def page_number(args: Mapping[str, str], name: str = "page") -> int:
    """``?page=``: 1 when absent, else 1 to ``MAX_PAGE_NUMBER`` (the caller clamps to the
    last page that exists)."""
    raw = args.get(name)
    if raw is None or raw == "":
        return 1
    if not _DIGITS.fullmatch(raw) or not 1 <= int(raw) <= limits.MAX_PAGE_NUMBER:
        shown = raw if len(raw) <= 24 else raw[:20] + "..."
        raise ParameterError(name, f"{name}={shown!r} is not a page number: "
                                   f"whole numbers from 1 to {limits.MAX_PAGE_NUMBER}")
    return int(raw)
