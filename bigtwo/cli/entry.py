"""The ``bigtwo`` console script: the plain ``bigtwo validate FILE`` runs without click
(``bigtwo.cli.quick``), every other command line through the click group
(``bigtwo.cli.main``), with the same output."""

from __future__ import annotations

import sys


def run() -> None:
    """The command line in this process, ending with ``SystemExit`` as click's commands do
    (what a caller that runs it inside its own process gets)."""
    from bigtwo.cli.quick import validate

    status = validate(sys.argv[1:])
    if status is not None:
        sys.exit(status)
    from bigtwo.cli.main import main

    main()


def script() -> None:
    """The console script (pyproject's ``[project.scripts]``): ``run``, except that a plain
    ``bigtwo validate FILE``, once answered, ends the process at once. Tearing down the
    interpreter after it (the modules' objects freed one by one, the collector's last
    passes) was 11 % of the instructions of checking one record (docs/PERFORMANCE.md,
    "Start-up"). Every other command ends as click ends it, its clean-ups run."""
    from bigtwo.cli.quick import validate

    status = validate(sys.argv[1:])
    if status is not None:
        from bigtwo.cli.shared.exits import exit_now

        exit_now(status)
    from bigtwo.cli.main import main

    main()
