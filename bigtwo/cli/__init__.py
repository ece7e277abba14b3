"""The ``bigtwo`` command line (click): validate, sheet, simulate, tournament, serve."""

import os as _os

from bigtwo import native as _native

# Before any command imports the core: its compiled modules run only when current.
CORE = _native.choose(dict(_os.environ))
