"""The profiles a local command resolves: the presets, and the local store's (BIGTWO_DB).
No click here: the click-free ``bigtwo validate FILE`` (``bigtwo.cli.quick``) uses it too."""

from __future__ import annotations

import os
from typing import Any

from bigtwo.rules.profiles import Lookup, ProfileResolver


def local_resolver() -> ProfileResolver:
    """Presets, plus profiles stored in the local database (BIGTWO_DB) when it exists.

    The store is opened on the first id that is not a preset, so validating records that name
    presets never loads sqlite-utils."""
    opened: dict[str, Lookup] = {}

    def lookup(profile_id: str) -> Any:
        if "lookup" not in opened:
            from bigtwo.store.db import Store
            from bigtwo.store.paths import default_db_path

            path = default_db_path()
            opened["lookup"] = Store(path).profiles.declaration if os.path.exists(path) else _nothing
        return opened["lookup"](profile_id)

    return ProfileResolver(lookup)


def _nothing(_: str) -> None:
    return None
