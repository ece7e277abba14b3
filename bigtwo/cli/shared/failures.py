"""A failure no command foresaw (out of memory, a read error, a bug) as one line and exit
status 2, never a traceback and status 1, which means "a rule was broken". The ``bigtwo``
group (``bigtwo.cli.main.MainGroup``) and the click-free ``bigtwo validate FILE``
(``bigtwo.cli.quick``) both end that way, with the same words."""

from __future__ import annotations

import os

from bigtwo.cli.shared.inputs import InputError
from bigtwo.cli.shared.language import gettext


def _store_fault(exc: Exception) -> str | None:
    """The store's sentence for a write it refused (read-only, a full disk), or None; the
    store's module is imported only then, so a plain ``validate`` never loads it."""
    import sqlite3

    if not isinstance(exc, sqlite3.OperationalError):
        return None
    from bigtwo.store.faults import fault

    named = fault(exc)
    return None if named is None else named.detail


def refusal_for(exc: Exception) -> InputError | None:
    """The one line to end with, or None when the exception must go on (BIGTWO_DEBUG)."""
    if isinstance(exc, MemoryError):
        return InputError(gettext("out of memory reading the input; give a smaller "
                                  "--max-bytes or a smaller input"))
    if isinstance(exc, OSError):
        return InputError(gettext("cannot read the input: {reason}",
                                  reason=exc.strerror or exc))
    if os.environ.get("BIGTWO_DEBUG"):
        return None
    named = _store_fault(exc)
    if named is not None:  # the store refused a write (read-only, full): say which
        return InputError(named)
    return InputError(gettext("unexpected failure ({kind}: {reason}); BIGTWO_DEBUG=1 "
                              "shows the traceback", kind=type(exc).__name__, reason=exc))
