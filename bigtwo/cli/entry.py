"""The ``bigtwo`` console script: the plain ``bigtwo validate FILE`` runs without click
(``bigtwo.cli.quick``), every other command line through the click group
(``bigtwo.cli.main``), with the same output."""

from __future__ import annotations

import sys


def run() -> None:
    from bigtwo.cli.quick import validate

    status = validate(sys.argv[1:])
    if status is not None:
        sys.exit(status)
    from bigtwo.cli.main import main

    main()
