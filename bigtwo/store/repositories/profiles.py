"""Declared profiles, stored under their hash-derived ids with their rules frozen."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import sqlite_utils

from bigtwo.formats.jsonin import loads_stored
from bigtwo.rules.profiles import Profile, ProfileResolver
from bigtwo.store import clock
from bigtwo.store.repositories.base import Repository


class ProfileIdCollision(Exception):
    """A profile's id is stored for other rules (a hash prefix shared by two rule sets)."""

    def __init__(self, profile: Profile, stored_hash: str) -> None:
        super().__init__(f"profile id {profile.id!r} is stored for other rules ({stored_hash}); "
                         f"these rules hash to {profile.hash}")
        self.profile, self.stored_hash = profile, stored_hash


def profile_row(declaration: Mapping[str, Any], profile: Profile) -> dict[str, Any]:
    return {
        "id": profile.id,
        "hash": profile.hash,
        "name": profile.name,
        "declaration": json.dumps(declaration, sort_keys=True, ensure_ascii=False, allow_nan=False),
        "resolved": json.dumps(profile.as_dict(), sort_keys=True, ensure_ascii=False,
                               allow_nan=False),
        "created_at": clock.now(),
    }


class Profiles(Repository):
    def declaration(self, profile_id: str) -> Mapping[str, Any] | None:
        """The stored profile as a complete declaration: its resolved rules, frozen at the time
        it was declared, so a later change to a preset it extended cannot change its meaning."""
        row = self.conn.execute("SELECT resolved FROM profiles WHERE id = ?", [profile_id]).fetchone()
        if row is None:
            return None
        resolved: dict[str, Any] = loads_stored(row[0])
        resolved.pop("id", None)
        resolved.pop("hash", None)
        return resolved

    def stored_hash(self, profile_id: str) -> str | None:
        """The full hash of the rules stored under ``profile_id`` (None: nothing stored)."""
        row = self.conn.execute("SELECT hash FROM profiles WHERE id = ?", [profile_id]).fetchone()
        return None if row is None else str(row[0])

    def resolver(self) -> ProfileResolver:
        """Presets, plus every profile stored here, for resolving a record's profile; an
        inline declaration whose id is stored for other rules is refused (code ID_COLLISION)."""
        return ProfileResolver(self.declaration, self.stored_hash)

    def stored_id_for(self, profile: Profile) -> str | None:
        """Inside a write: the id the store keeps for ``profile``'s rules (its own, or an older
        12-hex one for the same full hash), None when they are new; ProfileIdCollision when
        its id is taken by other rules."""
        same = self.conn.execute("SELECT id FROM profiles WHERE hash = ?", [profile.hash]).fetchone()
        if same is not None:
            return str(same[0])
        taken = self.stored_hash(profile.id)
        if taken is not None:
            raise ProfileIdCollision(profile, taken)
        return None

    def put(self, declaration: Mapping[str, Any], profile: Profile) -> tuple[str, bool]:
        """Store a declared profile under its hash-derived id: ``(stored id, created)``.

        The full hash decides: the same rules already stored answer their stored id (which
        may be an older, shorter one); an id stored for other rules is ProfileIdCollision."""
        with self.write() as db:
            return self.put_in(db, declaration, profile)

    def put_in(self, db: sqlite_utils.Database, declaration: Mapping[str, Any],
               profile: Profile) -> tuple[str, bool]:
        """``put`` inside a write transaction the caller holds (a tournament declared with its
        profile inline stores both at once)."""
        known = self.stored_id_for(profile)
        if known is not None:
            return known, False
        self.check_count("profiles", self.quotas.profiles)
        db.table("profiles").insert(profile_row(declaration, profile))
        return profile.id, True

    def count(self) -> int:
        return int(self.conn.execute("SELECT count(*) FROM profiles").fetchone()[0])

    def listing(self, limit: int = -1, offset: int = 0, *,
                newest_first: bool = False) -> list[dict[str, Any]]:
        """Stored profiles in declaration order (or newest first), ``limit`` of them from
        ``offset`` (-1: all, for the CLI and tests; the service always pages)."""
        order = "created_at DESC, id DESC" if newest_first else "created_at, id"
        rows = self.conn.execute(f"SELECT id, name, hash FROM profiles ORDER BY {order} "
                                 "LIMIT ? OFFSET ?", [limit, offset])
        return [{"id": r[0], "name": r[1], "hash": r[2]} for r in rows]

    def declarations(self, ids: set[str]) -> dict[str, Mapping[str, Any]]:
        """The stored declarations of those of ``ids`` that are stored: what a Dask run ships."""
        out = {}
        for profile_id in sorted(ids):
            declaration = self.declaration(profile_id)
            if declaration is not None:
                out[profile_id] = declaration
        return out
