"""The exit statuses of ``bigtwo validate``, and the one a run's counts give. No click here:
the click-free ``bigtwo validate FILE`` (``bigtwo.cli.quick``) ends with them too."""

from __future__ import annotations

EXIT_VALID, EXIT_INVALID, EXIT_UNREADABLE = 0, 1, 2


def exit_status(counts: dict[str, int]) -> int:
    if counts["unreadable"]:
        return EXIT_UNREADABLE
    return EXIT_INVALID if counts["invalid"] else EXIT_VALID
