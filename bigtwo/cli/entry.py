"""The ``bigtwo`` console script: the plain ``bigtwo validate FILE`` runs without click
(``bigtwo.cli.quick``), every other command line through the click group
(``bigtwo.cli.main``), with the same output."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable


def run() -> None:
    """The command line in this process, ending with ``SystemExit`` as click's commands do
    (what a caller that runs it inside its own process gets)."""
    _answer(sys.exit)


def script() -> None:
    """The console script (pyproject's ``[project.scripts]``): ``run``, except that a plain
    ``bigtwo validate FILE``, once answered, ends the process at once. Tearing down the
    interpreter after it (the modules' objects freed one by one, the collector's last
    passes) was 11 % of the instructions of checking one record (docs/PERFORMANCE.md,
    "Start-up"). Every other command ends as click ends it, its clean-ups run."""
    from bigtwo.cli.shared.exits import exit_now

    _answer(exit_now)


def _answer(end: Callable[[int], object]) -> None:
    """The click-free path's answer, ended by ``end`` (which does not return), else click's."""
    from bigtwo.cli.quick import validate

    status = validate(sys.argv[1:])
    if status is not None:
        end(status)
    from bigtwo.cli.main import main

    main()
