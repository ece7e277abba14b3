"""What the field registry derives: a declaration's layout, check, defaults and canonical
spelling, the rules as hashed, the ``Profile`` attributes, and which fields explain an error.

Nothing here names a field: every function walks ``registry.FIELDS`` (and ``registry.CHECKS``),
so a new house rule needs no edit here.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from enum import StrEnum
from typing import Any

from bigtwo.rules import cards
from bigtwo.rules.cards import CATEGORIES
from bigtwo.rules.choices import (
    V1,
    Field,
    Path,
)
from bigtwo.rules.codes import ALSO_WITHOUT_REASON, REASONS, RuleCode
from bigtwo.rules.kinds import (
    MISSING,
    NOT_AN_OBJECT,
    NULL,
    Invalid,
    unknown,
)
from bigtwo.rules.problems import pointer_key
from bigtwo.rules.registry import (
    CHECKS,
    FIELDS,
    NAME,
)


# --- the layout of a declaration ----------------------------------------------------------
class Group:
    """An object of the declaration (the top level, ``opening``, ``scoring``, ``match``):
    its keys in registry order, each a field or a nested group."""

    __slots__ = ("members",)

    def __init__(self) -> None:
        self.members: dict[str, Field | Group] = {}

    def walk(self) -> Iterator[Field]:
        for member in self.members.values():
            if isinstance(member, Group):
                yield from member.walk()
            else:
                yield member


def _layout() -> Group:
    top = Group()
    for f in FIELDS:
        group = top
        for key in f.path[:-1]:
            member = group.members.setdefault(key, Group())
            assert isinstance(member, Group), f"{f.dotted} nests under a field"
            group = member
        assert f.path[-1] not in group.members, f"{f.dotted} is declared twice"
        group.members[f.path[-1]] = f
    return top


LAYOUT = _layout()
GROUPS: tuple[str, ...] = tuple(k for k, m in LAYOUT.members.items() if isinstance(m, Group))


def get(rules: Mapping[str, Any], path: Path) -> Any:
    value: Any = rules
    for key in path:
        value = value[key]
    return value


def defaults() -> dict[str, Any]:
    """The declaration every profile is merged over (a fresh copy): every field's default."""

    def build(group: Group) -> dict[str, Any]:
        return {key: build(m) if isinstance(m, Group) else plain(m.default)
                for key, m in group.members.items()}

    return build(LAYOUT)


def plain(value: Any) -> Any:
    """A value as plain JSON data (closed choices as their text), copied."""
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return str(value) if isinstance(value, StrEnum) else value


# --- the declaration check ----------------------------------------------------------------
def check(data: Mapping[str, Any], *, stored: bool = False) -> tuple[dict[str, Any], dict[str, Any]]:
    """A resolved declaration (defaults and ``extends`` merged in) loaded field by field: the
    loaded values (canonical spellings of cards and runs, registry order, ``name`` first) and
    every problem at once as a tree by key (``problems.from_marshmallow`` flattens it into
    pointers). ``stored``: a profile the store accepted earlier, exempt from list bounds."""
    errors: dict[str, Any] = {}
    loaded: dict[str, Any] = {}
    if "name" in data:
        try:
            loaded["name"] = NAME.load(data["name"], stored)
        except Invalid as exc:
            errors["name"] = exc.messages
    ok: dict[Path, Any] = {}
    _load_group(LAYOUT, data, (), stored, loaded, errors, ok)
    for key in data:
        if key != "name" and key not in LAYOUT.members:
            errors[pointer_key(str(key))] = [unknown(key, [*LAYOUT.members, "name", "extends"])]
    for rule in CHECKS:
        if all(path in ok for path in rule.reads):
            text = rule.problem(*(ok[path] for path in rule.reads))
            if text is not None:
                _add(errors, rule.at, text)
    return loaded, errors


def _load_group(group: Group, data: Mapping[str, Any], at: Path, stored: bool,
                loaded: dict[str, Any], errors: dict[str, Any], ok: dict[Path, Any]) -> None:
    for key, member in group.members.items():
        path = (*at, key)
        if key not in data:
            errors[key] = [MISSING]
            continue
        value = data[key]
        if isinstance(member, Group):
            if value is None:
                errors[key] = [NULL]
                continue
            if not isinstance(value, Mapping):
                errors[key] = {"_schema": [NOT_AN_OBJECT]}
                continue
            inner_loaded: dict[str, Any] = {}
            inner_errors: dict[str, Any] = {}
            _load_group(member, value, path, stored, inner_loaded, inner_errors, ok)
            for inner in value:
                if inner not in member.members:
                    inner_errors[pointer_key(str(inner))] = [unknown(inner, member.members)]
            loaded[key] = inner_loaded
            if inner_errors:
                errors[key] = inner_errors
            continue
        try:
            loaded[key] = ok[path] = member.kind.load(value, stored)
        except Invalid as exc:
            errors[key] = exc.messages


def _add(errors: dict[str, Any], path: Path, text: str) -> None:
    node = errors
    for key in path[:-1]:
        inner = node.setdefault(key, {})
        if not isinstance(inner, dict):
            return  # the object itself is wrong: that problem says enough
        node = inner
    found = node.get(path[-1])
    if found is None:
        node[path[-1]] = [text]
    elif isinstance(found, list):
        found.append(text)
    else:
        found["_schema"] = [text]


# --- the canonical spelling, the rules as hashed, the attributes ---------------------------
def canonical(loaded: Mapping[str, Any]) -> dict[str, Any]:
    """Checked rules (no ``name``) in the one spelling equal rules share: sets in one order,
    suit letters upper case, ``straight_flushes`` equal to ``straights`` as ``null``."""

    def spell(group: Group, value: Mapping[str, Any]) -> dict[str, Any]:
        return {key: spell(m, value[key]) if isinstance(m, Group) else m.kind.canonical(value[key])
                for key, m in group.members.items()}

    rules = spell(LAYOUT, loaded)
    for f in FIELDS:
        if f.canonical is not None:
            parent = get(rules, f.path[:-1])
            parent[f.path[-1]] = f.canonical(parent[f.path[-1]], rules)
    return rules


def strip_defaults(rules: Mapping[str, Any]) -> dict[str, Any]:
    """The rules as hashed: a field newer than v1 that holds its default is left out, so a
    profile declared before the field existed keeps its hash (and its stored id)."""
    out = plain(dict(rules))
    for f in FIELDS:
        if f.since == V1:
            continue
        parent: Any = out
        for key in f.path[:-1]:
            parent = parent.get(key) if isinstance(parent, dict) else None
        key = f.path[-1]
        if isinstance(parent, dict) and key in parent and parent[key] == plain(f.default):
            del parent[key]
    assert isinstance(out, dict)
    return out


def attributes(rules: Mapping[str, Any]) -> Iterator[tuple[str, Any]]:
    """(attribute, value) of every field of canonical rules, as ``Profile`` holds them."""
    for f in FIELDS:
        yield f.attr, f.to_attribute(get(rules, f.path), rules)


# --- which fields explain an error --------------------------------------------------------
# The situations ``why(code, when)`` may narrow a code to: its reasons (codes.REASONS), and
# for a play that does not beat the table its kind, ``<kind>:suits`` where the suits decided,
# ``across`` kinds, or ``revolution``.
_KINDS = ("single", "pair", "triple", "two_pair", "dragon", *CATEGORIES)
_NOT_BEATING = (*_KINDS, *(f"{kind}:suits" for kind in _KINDS), "across", "revolution")
_REASON_NAMES: dict[str, tuple[str, ...]] = {
    code: tuple(r.name for r in reasons) for code, reasons in REASONS.items()}


def whens(code: str) -> tuple[str, ...]:
    """Every ``when`` an entry may name for ``code`` (none: the code has one situation)."""
    return _NOT_BEATING if code == RuleCode.DOES_NOT_BEAT else _REASON_NAMES.get(code, ())


class RegistryError(ValueError):
    """An entry of the registry that cannot be right; raised as the registry loads."""


def when_problems(fields: tuple[Field, ...]) -> list[str]:
    """Each ``why(code, when)`` whose ``when`` is no situation of its code, at the field's
    pointer: it would match no error, and the field would silently explain nothing."""
    out = []
    for f in fields:
        for e in f.explains:
            if e.when is not None and e.when not in whens(e.code):
                known = ", ".join(whens(e.code)) or "none: it has no reasons"
                out.append(f"{f.pointer}: {e.code} has no situation {e.when!r} (its situations: "
                           f"{known}; a new reason is declared in bigtwo.rules.codes.REASONS)")
    return out


_PROBLEMS = when_problems(FIELDS)
if _PROBLEMS:
    raise RegistryError("; ".join(_PROBLEMS))


def _top_ranks_differ(params: Mapping[str, Any]) -> bool:
    played, table = params.get("played_top"), params.get("table_top")
    return isinstance(played, str) and isinstance(table, str) and not cards.same_rank(played, table)


def situations(code: str, params: Mapping[str, Any]) -> tuple[tuple[str, str | None], ...]:
    """The (code, when) an error is in: which of a code's situations ``Explains.when`` names,
    beside (code, None), which every field explaining the code without ``when`` names. A
    refusal of a code with reasons says which (``reason``; without one it may be any, unless
    the code also refuses without a reason: codes.ALSO_WITHOUT_REASON); a play
    that does not beat the table is about its kind, or about categories when the kinds differ,
    and about the revolution when one is in force."""
    if code == RuleCode.DOES_NOT_BEAT:
        played, on_table = params.get("played_kind"), params.get("table_kind")
        out: tuple[tuple[str, str | None], ...] = (
            (code, "across" if played != on_table else str(played)),)
        if played == on_table and (played == "flush" or not _top_ranks_differ(params)):
            out = (*out, (code, f"{played}:suits"))
        return (*out, (code, "revolution")) if params.get("revolution") else out
    reasons = _REASON_NAMES.get(code, ())
    reason = params.get("reason")
    if reason in reasons:
        return ((code, None), (code, reason))
    if reason is None and code in ALSO_WITHOUT_REASON:
        return ((code, None),)
    return ((code, None), *((code, r) for r in reasons))


def explaining_fields(code: str, params: Mapping[str, Any]) -> tuple[str, ...]:
    """Dotted profile fields that decide whether this error applies (may be empty): the
    fields whose ``explains`` names its situation, by rank, then in registry order."""
    wanted = set(situations(code, params))
    ranked: dict[str, tuple[int, int]] = {}
    for index, f in enumerate(FIELDS):
        for e in f.explains:
            if (e.code, e.when) in wanted:
                rank = (e.rank, index)
                ranked[f.dotted] = min(ranked.get(f.dotted, rank), rank)
    return tuple(sorted(ranked, key=ranked.__getitem__))
