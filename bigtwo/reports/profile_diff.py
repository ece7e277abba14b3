"""Which rules two profiles disagree on, field by field: what an organiser needs to see when
a record is refused for playing another profile than the tournament's, instead of two hashes.

Pure: two resolved profiles in, ``(field path, theirs, ours)`` out, in the fields' order."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bigtwo.reports.field_text import value_text
from bigtwo.rules.profiles import Profile
from bigtwo.rules.registry import BY_DOTTED

MAX_SHOWN = 8  # differences named in one message; the rest are counted


def rule_differences(theirs: Mapping[str, Any], ours: Mapping[str, Any],
                     prefix: str = "") -> list[tuple[str, Any, Any]]:
    """Every leaf where two rule sets differ: ``("scoring.tiers", theirs, ours)``. A field
    one side lacks is None on that side."""
    out: list[tuple[str, Any, Any]] = []
    for key in list(dict.fromkeys([*theirs, *ours])):
        path = f"{prefix}{key}"
        a, b = theirs.get(key), ours.get(key)
        if isinstance(a, Mapping) and isinstance(b, Mapping):
            out.extend(rule_differences(a, b, path + "."))
        elif a != b:
            out.append((path, a, b))
    return out


def profile_differences(theirs: Profile, ours: Profile) -> list[tuple[str, Any, Any]]:
    return rule_differences(theirs.rules, ours.rules)


def differences_text(theirs: Profile, ours: Profile, theirs_label: str = "the record",
                     ours_label: str = "this tournament") -> str:
    """``hand_size: 3 (the record) vs 13 (this tournament); triples: no vs yes``."""
    found = profile_differences(theirs, ours)
    if not found:
        return "the rules are the same, the profiles' versions differ"
    parts = [f"{path}: {_shown(path, a)} ({theirs_label}) vs {_shown(path, b)} ({ours_label})"
             for path, a, b in found[:MAX_SHOWN]]
    rest = len(found) - MAX_SHOWN
    if rest > 0:
        parts.append(f"and {rest} more rule{'s' if rest != 1 else ''}")
    return "; ".join(parts)


def _shown(path: str, value: Any) -> str:
    """A rule's value as a referee reads it (the registry's words, in English)."""
    return value_text(path, value, "en") if path in BY_DOTTED else str(value)
