"""Which database file a command or the server uses: resolved once, never from the current
folder alone (``--db``, ``BIGTWO_DB``, the checkout the code runs from, the user's data folder)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

DEFAULT_DB = "var/bigtwo.db"  # inside the checkout the code runs from (see resolve_db_path)


@dataclass(frozen=True, slots=True)
class StorePath:
    """Which database file a command uses, and why (so a command can say so)."""

    path: Path
    source: str  # "--db", "BIGTWO_DB", "checkout" or "user data"


def checkout_root() -> Path | None:
    """The source checkout this code runs from (a ``pyproject.toml`` naming bigtwo beside the
    package), or None when bigtwo is installed as a package."""
    root = Path(__file__).resolve().parents[2]
    try:
        text = (root / "pyproject.toml").read_text(encoding="utf-8")
    except OSError:
        return None
    return root if 'name = "bigtwo"' in text else None


def user_data_dir(env: Mapping[str, str]) -> Path:
    """Where an installed bigtwo keeps its store: the platform's per-user data folder."""
    if os.name == "nt" and env.get("LOCALAPPDATA"):
        return Path(env["LOCALAPPDATA"]) / "bigtwo"
    base = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "bigtwo"


def resolve_db_path(explicit: str | os.PathLike[str] | None = None,
                    env: Mapping[str, str] | None = None) -> StorePath:
    """The store every command and the server use, resolved once and never from the current
    folder alone: ``explicit`` (``--db``), else ``BIGTWO_DB``, else ``var/bigtwo.db`` in the
    checkout the code runs from, else ``bigtwo.db`` in the user's data folder. Relative paths
    given by the caller are made absolute here, so messages name the real file."""
    env = os.environ if env is None else env
    if explicit:
        return StorePath(Path(explicit).expanduser().absolute(), "--db")
    if env.get("BIGTWO_DB"):
        if env["BIGTWO_DB"] == ":memory:":
            return StorePath(Path(":memory:"), "BIGTWO_DB")
        return StorePath(Path(env["BIGTWO_DB"]).expanduser().absolute(), "BIGTWO_DB")
    root = checkout_root()
    if root is not None:
        return StorePath(root / DEFAULT_DB, "checkout")
    return StorePath(user_data_dir(env) / "bigtwo.db", "user data")


def default_db_path() -> str:
    return str(resolve_db_path().path)
