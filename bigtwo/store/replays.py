"""Replays shared by link: a checked record stored only when someone asks for its link.

The link is content-addressed: its id is derived from the record's identity
(``bigtwo.records.identity.record_hash``, so spellings of one game share it) under the profile
it plays, and from whether unfinished deals were accepted (the ruling differs). The same record
always gets the same link, and asking again stores nothing new.

Bounded (``bigtwo.limits``): one record is at most the request body limit once stored, and the
store keeps at most ``MAX_SHARED_REPLAYS`` of them, ``MAX_SHARED_REPLAY_BYTES`` in all. A full
store refuses new ones; it never evicts, because a link that was handed out must keep working.
So that no one client can fill it, a client without a creation key (its network) holds at most
``SHARE_CLIENT_MAX_REPLAYS`` / ``SHARE_CLIENT_MAX_BYTES`` and shares ``SHARE_CLIENT_PER_HOUR``
an hour; in creation-key mode such clients together hold at most a ``SHARE_KEYLESS_DIVISOR``th
of the store; a shared record's ``meta`` is at most ``MAX_SHARED_META_BYTES``.
"""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bigtwo import limits
from bigtwo.formats.jsonin import dumps_stored
from bigtwo.records.identity import record_hash
from bigtwo.records.pipeline import Checked, check_record
from bigtwo.reports.messages import DEFAULT_LANGUAGE
from bigtwo.rules.problems import Problem
from bigtwo.rules.profiles import ProfileRef, ProfileResolver
from bigtwo.store.db import Store
from bigtwo.store.repositories.replays import Bounds

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
    ``too_large`` or ``meta_too_large`` (413), ``allowance`` or ``hourly`` (429: the client
    without a key has shared what it may) or ``invalid`` (422, with ``problems``)."""

    status: str
    id: str | None = None
    checked: Checked | None = None
    problems: list[Problem] = field(default_factory=list)
    size: int = 0

    @property
    def url(self) -> str | None:
        return link(self.id) if self.id is not None else None


def sharer(store: Store, authorization: str | None, network: str) -> str | None:
    """Whom a share counts against: ``network`` (a client without a key), or None when
    ``authorization`` carries a valid creation key (counted against the store's totals
    only; the key can be revoked)."""
    scheme, _, key = (authorization or "").strip().partition(" ")
    if scheme.lower() == "bearer" and key.strip() and store.keys.valid(key.strip()):
        return None
    return network


def bounds(store: Store) -> Bounds:
    """The limits a share is held to now (``bigtwo.limits``, read when called)."""
    divisor = limits.SHARE_KEYLESS_DIVISOR if store.quotas.creation == "keys" else 1
    return Bounds(limits.MAX_SHARED_REPLAYS, limits.MAX_SHARED_REPLAY_BYTES,
                  limits.SHARE_CLIENT_MAX_REPLAYS, limits.SHARE_CLIENT_MAX_BYTES,
                  limits.SHARE_CLIENT_PER_HOUR, limits.MAX_SHARED_REPLAYS // divisor,
                  limits.MAX_SHARED_REPLAY_BYTES // divisor)


def _meta_size(doc: Any) -> int:
    if not isinstance(doc, dict) or "meta" not in doc:
        return 0
    try:
        return len(dumps_stored(doc["meta"]).encode("utf-8"))
    except (TypeError, ValueError):  # not JSON the store can write: the check refuses it
        return 0


def _known_id(store: Store, stored: Mapping[str, Any], complete: bool,
              resolver: ProfileResolver) -> str | None:
    """The link of a record shared before, found without replaying it, or None."""
    ref = stored.get("profile")
    if not isinstance(ref, str | Mapping):
        return None  # no profile, or one of no shape: the check says why
    try:
        profile, _ = resolver.resolve(ref, "/profile")
        rid = replay_id(stored, profile.id, complete) if profile is not None else None
    except (TypeError, ValueError, KeyError, AttributeError, IndexError):
        return None  # a record that cannot be read: the check says why
    return rid if rid is not None and store.replays.known(rid) else None


def share(store: Store, doc: Any, *, complete: bool = True,
          default_profile: ProfileRef | None = None,
          resolver: ProfileResolver, max_bytes: int = limits.MAX_BODY_BYTES,
          lang: str = DEFAULT_LANGUAGE, sharer: str | None = None) -> Shared:
    """Check ``doc`` and store it under its link. A record that breaks a rule is shared like
    any other (the link shows the ruling); one that cannot be replayed is not.

    ``sharer`` is the network of a client without a creation key (``sharer()``), None for a
    key holder or the operator. A record shared before is answered at once; a client past its
    allowance is refused before its record is checked, so a flood costs queries, not replays."""
    meta = _meta_size(doc)
    if meta > limits.MAX_SHARED_META_BYTES:
        return Shared("meta_too_large", size=meta)
    stored = copy.copy(dict(doc)) if isinstance(doc, dict) else None
    if stored is not None and "profile" not in stored and default_profile is not None:
        # The link must replay alone: the profile the form or ?profile= chose goes with it.
        stored["profile"] = default_profile
    known = _known_id(store, stored, complete, resolver) if stored is not None else None
    if known is not None:
        return Shared("known", known)
    holder = store.replays.holder(sharer) if sharer is not None else None
    limit = bounds(store)
    early = store.replays.refusal(holder, 0, limit) if holder is not None else None
    if early is not None:
        return Shared(early)
    checked = check_record(doc, complete=complete, lang=lang, resolver=resolver,
                           default_profile=default_profile)
    if checked.record is None or stored is None:
        return Shared("invalid", checked=checked, problems=checked.problems)
    size = len(dumps_stored(stored).encode("utf-8"))
    if size > max_bytes:
        return Shared("too_large", checked=checked, size=size)
    profile_id = checked.record.profile.id
    rid = replay_id(stored, profile_id, complete)
    status = store.replays.put(rid, stored, complete, profile_id, bounds=limit, holder=holder)
    return Shared(status, rid if status in ("created", "known") else None, checked, size=size)


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
