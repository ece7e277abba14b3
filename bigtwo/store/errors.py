"""The store's refusals, each with the HTTP status and words an adapter answers with.

``StoreError`` is what every use case of the store raises, and what an adapter catches (the
API turns it into a problem document, the CLI into an exit status). Its subclasses say whose
refusal it is: a tournament's (``TournamentError``: its records, tokens, profiles) or a
season's (``SeasonError``: its nights, aliases, draws). What belongs to no one in particular,
a bad page number, a missing token, a creation key, an audit label, is a ``StoreError``.
"""

from __future__ import annotations

from typing import Self

from bigtwo.rules.problems import Problem
from bigtwo.store.quotas import QuotaExceeded


class StoreError(Exception):
    def __init__(self, status: int, title: str, detail: str,
                 problems: list[Problem] | None = None, kind: str | None = None) -> None:
        super().__init__(detail)
        self.status, self.title, self.detail, self.problems = status, title, detail, problems
        self.kind = kind  # the problem type's last segment, when it has its own

    @classmethod
    def not_found(cls, what: str, ident: str) -> Self:
        return cls(404, "Not Found", f"no {what} with id {ident!r}")

    @classmethod
    def unprocessable(cls, problems: list[Problem], detail: str) -> Self:
        return cls(422, "Unprocessable Content", detail, problems)

    @classmethod
    def conflict(cls, detail: str, kind: str | None = None) -> Self:
        return cls(409, "Conflict", detail, kind=kind)

    @classmethod
    def over_quota(cls, exc: QuotaExceeded) -> Self:
        return cls.conflict(f"{exc}; nothing was stored", kind="quota-exceeded")


class TournamentError(StoreError):
    """A tournament's refusal: its records, its token, the profile it plays."""


class SeasonError(StoreError):
    """A season's refusal: its nights, its aliases, its draws."""
