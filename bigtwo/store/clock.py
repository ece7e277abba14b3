"""The store's one clock: every moment it keeps is ISO 8601 text in UTC, to the millisecond.
Repositories read it as ``clock.now()`` so that a test can set the time in one place."""

from __future__ import annotations

from datetime import UTC, datetime


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")
