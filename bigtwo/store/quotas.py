"""What a store lets clients create and keep: quotas, and who may create.

The defaults are in ``bigtwo.limits``; a deployment changes any of them in the environment
(``BIGTWO_QUOTA_DEALS_PER_TOURNAMENT=100000``, ...) or, for the HTTP service, in the app's
config (``BIGTWO_QUOTAS``). ``BIGTWO_CREATION`` says who may create tournaments and declare
profiles: ``open`` (anyone, the default: a local club's server) or ``keys`` (only clients that
send a creation key the operator issued with ``bigtwo keys create``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields

from bigtwo import limits

CREATION_MODES = ("open", "keys")


@dataclass(frozen=True, slots=True)
class Quotas:
    deals_per_tournament: int = limits.MAX_DEALS_PER_TOURNAMENT
    records_per_tournament: int = limits.MAX_RECORDS_PER_TOURNAMENT
    bytes_per_tournament: int = limits.MAX_BYTES_PER_TOURNAMENT
    tournaments: int = limits.MAX_TOURNAMENTS
    profiles: int = limits.MAX_PROFILES
    seasons: int = limits.MAX_SEASONS
    tournaments_per_season: int = limits.MAX_TOURNAMENTS_PER_SEASON
    creation: str = "open"

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Quotas:
        """The defaults, with ``BIGTWO_QUOTA_<FIELD>`` and ``BIGTWO_CREATION`` applied; a value
        that is not a positive whole number (or a known mode) is a ValueError at start."""
        env = os.environ if environ is None else environ
        values: dict[str, int | str] = {}
        for f in fields(cls):
            if f.name == "creation":
                continue
            raw = env.get(f"BIGTWO_QUOTA_{f.name.upper()}")
            if raw is not None:
                if not raw.isascii() or not raw.isdigit() or int(raw) < 1:
                    raise ValueError(f"BIGTWO_QUOTA_{f.name.upper()} must be a whole number "
                                     f"of at least 1, not {raw!r}")
                values[f.name] = int(raw)
        mode = env.get("BIGTWO_CREATION", "open")
        if mode not in CREATION_MODES:
            raise ValueError(f"BIGTWO_CREATION must be one of {', '.join(CREATION_MODES)}, "
                             f"not {mode!r}")
        values["creation"] = mode
        return cls(**values)  # type: ignore[arg-type]


class QuotaExceeded(Exception):
    """Storing this would take the store past one of its quotas (nothing was stored)."""

    def __init__(self, quota: str, limit: int, used: int, adding: int) -> None:
        super().__init__(f"the {quota.replace('_', ' ')} quota is {limit}: {used} used, "
                         f"this adds {adding}")
        self.quota, self.limit, self.used, self.adding = quota, limit, used, adding
