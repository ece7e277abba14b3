"""Replays shared by link: a checked record stored only when someone asks for its link.

The link is content-addressed: its id is derived from the record's identity
(``bigtwo.records.identity.record_hash``, so spellings of one game share it) under the profile
it plays, and from whether unfinished deals were accepted (the ruling differs). The same record
always gets the same link, and asking again stores nothing new.

Bounded (``bigtwo.limits``): one record is at most the request body limit once stored, and the
store keeps at most ``MAX_SHARED_REPLAYS`` of them, ``MAX_SHARED_REPLAY_BYTES`` in all. A full
store refuses new ones; it never evicts, because a link that was handed out must keep working.
"""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bigtwo import limits
from bigtwo.records.identity import record_hash
from bigtwo.records.jsonin import dumps_stored
from bigtwo.records.messages import DEFAULT_LANGUAGE
from bigtwo.records.pipeline import Checked, check_record
from bigtwo.rules.problems import Problem
from bigtwo.rules.profiles import ProfileResolver
from bigtwo.store.db import Store

PREFIX = "rp-"


def replay_id(doc: Mapping[str, Any], profile_id: str, complete: bool) -> str:
    """``rp-`` and 24 hex digits of a SHA-256 over the record's identity and the flag."""
    flag = "complete" if complete else "incomplete"
    digest = hashlib.sha256(f"{record_hash(doc, profile_id)}\n{flag}".encode()).hexdigest()
    return PREFIX + digest[:24]


def link(replay: str) -> str:
    """The referee's view of a shared replay, relative to the service's root."""
    return f"/replays/{replay}"


@dataclass(frozen=True, slots=True)
class Shared:
    """What sharing answered. ``status`` is ``created`` (201), ``known`` (200), ``full`` (507),
    ``too_large`` (413) or ``invalid`` (422, with ``problems``)."""

    status: str
    id: str | None = None
    checked: Checked | None = None
    problems: list[Problem] = field(default_factory=list)
    size: int = 0

    @property
    def url(self) -> str | None:
        return link(self.id) if self.id is not None else None


def share(store: Store, doc: Any, *, complete: bool = True, default_profile: Any = None,
          resolver: ProfileResolver, max_bytes: int = limits.MAX_BODY_BYTES,
          lang: str = DEFAULT_LANGUAGE) -> Shared:
    """Check ``doc`` and store it under its link. A record that breaks a rule is shared like
    any other (the link shows the ruling); one that cannot be replayed is not."""
    checked = check_record(doc, complete=complete, lang=lang, resolver=resolver,
                           default_profile=default_profile)
    if checked.record is None:
        return Shared("invalid", checked=checked, problems=checked.problems)
    stored = copy.copy(dict(doc))
    if "profile" not in stored and default_profile is not None:
        # The link must replay alone: the profile the form or ?profile= chose goes with it.
        stored["profile"] = default_profile
    size = len(dumps_stored(stored).encode("utf-8"))
    if size > max_bytes:
        return Shared("too_large", checked=checked, size=size)
    profile_id = checked.record.profile.id
    rid = replay_id(stored, profile_id, complete)
    status = store.replays.put(rid, stored, complete, profile_id,
                                     max_count=limits.MAX_SHARED_REPLAYS,
                                     max_bytes=limits.MAX_SHARED_REPLAY_BYTES)
    return Shared(status, rid, checked, size=size)


def get(store: Store, replay: str) -> dict[str, Any] | None:
    """``{id, url, record, complete, profile_id, shared_at}`` or None."""
    row = store.replays.get(replay) if replay.startswith(PREFIX) else None
    if row is None:
        return None
    return {"id": row["id"], "url": link(row["id"]), "record": row["record"],
            "complete": row["complete"], "profile_id": row["profile_id"],
            "shared_at": row["created_at"]}


def check(row: Mapping[str, Any], *, resolver: ProfileResolver,
          lang: str = DEFAULT_LANGUAGE) -> Checked:
    """The shared record checked again, as it was when it was shared."""
    return check_record(row["record"], complete=row["complete"], lang=lang, resolver=resolver)
