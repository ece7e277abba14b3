"""The exit statuses of ``bigtwo validate``, and the one a run's counts give. No click here:
the click-free ``bigtwo validate FILE`` (``bigtwo.cli.quick``) ends with them too."""

from __future__ import annotations

import os
import sys

EXIT_VALID, EXIT_INVALID, EXIT_UNREADABLE = 0, 1, 2


def exit_status(counts: dict[str, int]) -> int:
    if counts["unreadable"]:
        return EXIT_UNREADABLE
    return EXIT_INVALID if counts["invalid"] else EXIT_VALID


def exit_now(status: int) -> None:
    """End the process at once, its output flushed, without the interpreter's teardown (its
    modules' objects freed one by one, the collector's last passes): after a command that
    imported much and checked little, the teardown is much of the CPU. Only for a process of
    its own that has nothing left to clean up, never a caller that runs a command inside it."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:
        status = status or 1
    os._exit(status)
