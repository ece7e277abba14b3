"""A directory the gunicorn master chooses and its workers share: the metrics' samples, the
streams' slots."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def inherited_directory(variable: str, prefix: str) -> str:
    """The directory ``variable`` names (made if missing), else a fresh temporary one that
    ``variable`` then names: set in the master, it is inherited by the workers it forks
    later, and a second call (a config read again on HUP) keeps it."""
    given = os.environ.get(variable)
    if given:
        Path(given).mkdir(parents=True, exist_ok=True)
        return given
    fresh = tempfile.mkdtemp(prefix=prefix)
    os.environ[variable] = fresh
    return fresh
