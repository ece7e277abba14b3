"""Rule profiles: declared as JSON, resolved into frozen, self-checked objects.

A declaration is either complete or ``{"extends": id, ...overrides}``; nested objects merge
key by key, lists replace. The resolved profile's hash covers the rules only (not its id or
name), so two declarations that mean the same rules share one hash and one stored id.

Every field is declared once, in the field registry (``bigtwo.rules.registry``): the check, the
defaults, the attributes of ``Profile`` and the hashing come from it. Fields added after v1
are left out of the hashed rules while they hold their default. A profile stored under v1,
which never named them, therefore keeps its hash and id, and a declaration that restates a
default shares the id of one that leaves it out. Spellings that mean the same rules are
normalised first (``straight_flushes`` equal to ``straights`` is ``null``; ``bomb_hands`` and
card lists are put in one order).
"""

from __future__ import annotations

import _thread
import json
import sys
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar, cast

from bigtwo.rules import cards, declarations, registry
from bigtwo.rules.cards import CATEGORIES, RUN_CIRCLE
from bigtwo.rules.choices import CardPenalty, Direction, Tier, card_of_name
from bigtwo.rules.frozen import frozen_error
from bigtwo.rules.problems import Problem, from_marshmallow, join
from bigtwo.rules.registry import Rules
from bigtwo.rules.suggest import unknown_name

# SHA-256 for the profile hash every report carries: the interpreter's own module when it has
# one, for hashlib's import loads OpenSSL (a twentieth of the start of `bigtwo validate` of
# one record). Both give the same digest.
if TYPE_CHECKING:  # the same function; typeshed describes only hashlib's
    from hashlib import sha256
else:
    try:
        from _sha256 import sha256
    except ImportError:  # pragma: no cover - an interpreter built without it
        from hashlib import sha256

__all__ = ["CardPenalty", "Profile", "ProfileRef", "ProfileResolver", "Tier", "check_declaration",
           "hashed_rules", "rules_hash", "stored_id"]


def _orjson() -> Any:
    """orjson when something has imported it already (a batch decodes with it), for a faster
    key of an inline profile; else None and ``json``: importing orjson (it brings dataclasses,
    uuid and datetime) would cost a one-record check more than its keys save."""
    return sys.modules.get("orjson")


PRESET_IDS = ("hk-standard", "big-two-web", "casual", "pusoy-dos", "taiwanese", "western")
DEFAULT_BASE = "hk-standard"
MAX_EXTENDS_DEPTH = 8


class Profile(Rules):
    """A resolved profile. Every field of the registry (``registry.Rules``) is a plain instance
    attribute, set once from the canonical rules: the replay reads them in its hot loops."""

    id: str
    name: str
    rules: Mapping[str, Any]
    # Filled by ``combos.classifier_for``: the classifiers (and their memo) live and die with
    # the profile that made them.
    classifiers: dict[bool, Any]

    def __init__(self, profile_id: str, name: str, rules: Mapping[str, Any]) -> None:
        put = object.__setattr__
        put(self, "id", profile_id)
        put(self, "name", name)
        put(self, "rules", rules)
        for attr, value in declarations.attributes(rules):
            put(self, attr, value)
        put(self, "classifiers", {})

    def __setattr__(self, name: str, value: Any) -> None:
        raise frozen_error(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise frozen_error(f"cannot delete field {name!r}")

    def _values(self) -> tuple[Any, ...]:
        return (self.id, self.name, *(getattr(self, f.attr) for f in registry.FIELDS))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Profile):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return f"Profile(id={self.id!r}, name={self.name!r})"

    # --- derived tables, computed once per profile -------------------------------------
    @cached_property
    def hash(self) -> str:
        return rules_hash(hashed_rules(self.rules))

    @cached_property
    def step(self) -> int:
        return 1 if self.direction is Direction.CLOCKWISE else -1

    @cached_property
    def suit_rank(self) -> tuple[int, ...]:
        """Position in play order of each storage suit (C, D, H, S)."""
        return tuple(self.suit_order.index(s) for s in cards.SUITS)

    @cached_property
    def strength(self) -> tuple[int, ...]:
        """Single-card strength by card id: rank first, then the profile's suit order."""
        return tuple(
            cards.rank_of(c) * 4 + self.suit_rank[cards.suit_of(c)] for c in range(cards.DECK_SIZE)
        )

    @cached_property
    def by_strength(self) -> tuple[int, ...]:
        """Every card id, weakest first (``strength`` is one-to-one): the lowest card of a
        deal is the first of these that was dealt."""
        return tuple(sorted(range(cards.DECK_SIZE), key=self.strength.__getitem__))

    @cached_property
    def category_rank(self) -> dict[str, int]:
        ranks = {name: i for i, name in enumerate(self.five_card_order)}
        # Left out of the list, five of a kind ranks above every category in it (RULES v4).
        ranks.setdefault(cards.FIVE_OF_A_KIND, len(ranks))
        return ranks

    @cached_property
    def multiset(self) -> bool:
        """Whether a card may exist more than once or a joker be dealt: such a profile's hands
        are multisets (``bigtwo.rules.multiset``); every other keeps the one-deck bitmasks."""
        return self.decks > 1 or self.jokers > 0

    @cached_property
    def joker_count(self) -> int:
        """Jokers at the table: ``jokers`` per deck."""
        return self.decks * self.jokers

    @cached_property
    def supply(self) -> int:
        """Cards at the table: every deck's 52 and its jokers."""
        return self.decks * (cards.DECK_SIZE + self.jokers)

    @cached_property
    def straight_rank(self) -> dict[str, int]:
        return {run: i for i, run in enumerate(self.straights)}

    @cached_property
    def straight_flush_rank(self) -> dict[str, int]:
        return {run: i for i, run in enumerate(self.straight_flushes)}

    @cached_property
    def two_held_mask(self) -> int:
        return cards.mask_of(card_of_name(c) for c in self.two_held_cards)

    @cached_property
    def team_of(self) -> tuple[int, ...] | None:
        """Each seat's team index (position in ``teams``), or None without teams."""
        if self.teams is None:
            return None
        out = [0] * self.players
        for index, team in enumerate(self.teams):
            for seat in team:
                out[seat] = index
        return tuple(out)

    @cached_property
    def leftover_count(self) -> int:
        return self.supply - self.players * self.hand_size

    def summary(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "hash": self.hash}

    def as_dict(self) -> dict[str, Any]:
        """The full resolved profile as served by the API: every field, defaults filled."""
        return {"id": self.id, "name": self.name, "hash": self.hash, **_copied(dict(self.rules))}


def rules_hash(rules: Mapping[str, Any]) -> str:
    canonical = json.dumps(rules, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + sha256(canonical.encode()).hexdigest()


def hashed_rules(rules: Mapping[str, Any]) -> dict[str, Any]:
    """The rules as hashed: fields newer than v1 that hold their default are left out
    (``declarations.strip_defaults``), so every v1 and v2 profile keeps its id."""
    return declarations.strip_defaults(rules)


# New ids carry 128 bits of the hash: a collision is out of reach (a birthday search over 48
# bits took a minute). Ids stored with 12 hex digits before keep resolving: the store keeps
# the id it was given, and answers a declaration of the same rules with it.
ID_HEX_DIGITS = 32


def stored_id(profile_hash: str) -> str:
    return "p-" + profile_hash.removeprefix("sha256:")[:ID_HEX_DIGITS]


# The code of a declaration whose id is already stored for other rules: refused, never
# resolved to them (the API answers 409). A code, not a subclass: ``Problem`` is compiled.
ID_COLLISION = "profile_id_collision"


def collision(prefix: str, profile: Profile, stored_hash: str) -> Problem:
    return Problem(prefix, f"profile id {profile.id!r} is stored for other rules "
                           f"({stored_hash}); these rules hash to {profile.hash}",
                   ID_COLLISION, {"id": profile.id})


def _canonical_rules(data: dict[str, Any]) -> dict[str, Any]:
    """Normalise spellings so that equal rules serialise (and hash) identically."""
    return declarations.canonical(data)


def _build(profile_id: str, name: str, rules: dict[str, Any]) -> Profile:
    return Profile(profile_id, name, rules)


def _copied(value: Any) -> Any:
    """``copy.deepcopy`` of a declaration: its dicts and lists copied here, anything else by
    ``copy``, which (with ``weakref``) is imported only then, not at every start."""
    kind = type(value)
    if kind is dict:
        return {key: _copied(item) for key, item in value.items()}
    if kind is list:
        return [_copied(item) for item in value]
    if kind is str or kind is int or kind is bool or kind is float or value is None:
        return value
    import copy

    return copy.deepcopy(value)


def deep_merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    merged: dict[str, Any] = _copied(dict(base))
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = _copied(value)
    return merged


def check_declaration(
    data: Mapping[str, Any], prefix: str = "", *, stored: bool = False
) -> tuple[dict[str, Any] | None, list[Problem]]:
    """The declaration loaded, or its problems. ``stored``: a profile the store accepted
    earlier, which keeps resolving even if it is over a list bound added since (stored
    profiles are immutable; it is checked once per process, so its length costs once)."""
    loaded, errors = declarations.check(data, stored=stored)
    if errors:
        return None, from_marshmallow(errors, prefix)
    return loaded, []


def _declaration_key(ref: Mapping[str, Any]) -> str:
    """A declaration's text as a cache key: its keys sorted, so that key order does not
    matter. orjson writes it several times faster; what orjson cannot write (keys that are
    not strings, integers past 64 bits) takes ``json``. The two kinds of key start apart."""
    orjson = _orjson()
    if orjson is not None:
        try:
            key: bytes = orjson.dumps(ref, default=str, option=orjson.OPT_SORT_KEYS)
            return "o" + key.decode()
        except TypeError:  # orjson.JSONEncodeError
            pass
    return "j" + json.dumps(ref, sort_keys=True, default=str)


# Checked declarations that stand alone, by their text: the schema check of a profile costs
# far more than reading it, and a stored profile is read for every record that names it.
_CHECKED_LIMIT = 256
_CHECKED: OrderedDict[str, tuple[Profile | None, list[Problem]]] = OrderedDict()
# threading's Lock itself, without importing threading (part of every start).
_CHECKED_LOCK = _thread.allocate_lock()

# A lookup returns the *declaration* of a stored profile by id (storage is an adapter).
Lookup = Callable[[str], Mapping[str, Any] | None]

# A reference to a profile, as records, requests and --profile carry it: a preset id, a
# stored profile id, or a declaration (an object, perhaps extending another). It is data, and
# never a resolved ``Profile``: ``ProfileResolver.resolve`` turns one into the other, once.
ProfileRef = str | Mapping[str, Any]


def _no_lookup(_: str) -> None:
    return None


class ProfileResolver:
    """Turns a profile reference (preset id, stored id or inline object) into a Profile."""

    def __init__(self, lookup: Lookup = _no_lookup,
                 stored_hash: Callable[[str], str | None] = _no_lookup) -> None:
        self.lookup = lookup
        self.stored_hash = stored_hash  # the full hash stored under an id: collisions refused
        self._inline_cache: dict[str, tuple[Profile | None, list[Problem]]] = {}
        # The last inline declaration resolved: (the object, a copy taken when it came back,
        # the prefix, the answer). A run's --profile (or a request's) is one object asked for
        # every record: it is compared with its copy (C speed) rather than serialised again.
        self._last_inline: tuple[Mapping[str, Any], Any, str,
                                 tuple[Profile | None, list[Problem]]] | None = None
        # Stored profiles never change, so one resolver looks each id up once (a batch of
        # records naming one stored profile reads and checks it once, not per record).
        self._stored_cache: dict[str, tuple[Profile | None, list[Problem]]] = {}

    def declaration_of(self, profile_id: str) -> Mapping[str, Any] | None:
        if profile_id in PRESET_DECLARATIONS:
            return PRESET_DECLARATIONS[profile_id]
        return self.lookup(profile_id)

    def resolve(self, ref: ProfileRef, prefix: str = "/profile") -> tuple[Profile | None, list[Problem]]:
        """The profile ``ref`` names, or the problems (at ``prefix``) why it names none. A
        reference read from JSON may be any value: what is not a ``ProfileRef`` is a problem."""
        if isinstance(ref, str):
            if ref in PRESETS:
                return PRESETS[ref], []
            key = ref + "\x00" + prefix
            cached = self._stored_cache.get(key)
            if cached is None:
                cached = self._resolve_stored(ref, prefix)
                # An unknown id is not remembered: it may be declared a moment later.
                if cached[0] is not None and len(self._stored_cache) < 1024:
                    self._stored_cache[key] = cached
            return cached
        if isinstance(ref, Mapping):
            cached = self._inline(ref, prefix)
            known = None if cached[0] is None else self.stored_hash(cached[0].id)
            if known is not None and cached[0] is not None and known != cached[0].hash:
                return None, [collision(prefix, cached[0], known)]
            return cached
        return None, [Problem(prefix, "a profile is a preset id, a stored profile id or an object")]

    def _inline(self, ref: Mapping[str, Any], prefix: str) -> tuple[Profile | None, list[Problem]]:
        """An inline declaration's answer, resolved once per text. The same object asked for
        again and equal to the copy taken of it is the same text (changed in place, it is not
        equal, and its text is looked up again)."""
        last = self._last_inline
        if last is not None and last[0] is ref and last[2] == prefix:
            if last[1] is not None and last[1] == ref:
                return last[3]
            if last[1] is None:
                # Asked for twice: worth a copy to compare with from now on.
                cached = self._inline_by_text(ref, prefix)
                self._last_inline = (ref, _copied(ref), prefix, cached)
                return cached
        cached = self._inline_by_text(ref, prefix)
        self._last_inline = (ref, None, prefix, cached)
        return cached

    def _inline_by_text(self, ref: Mapping[str, Any],
                        prefix: str) -> tuple[Profile | None, list[Problem]]:
        # Inline profiles repeat across a batch or a JSONL file: resolve each text once.
        key = _declaration_key(ref) + "\x00" + prefix
        cached = self._inline_cache.get(key)
        if cached is None:
            cached = self._checked(ref, prefix)
            if len(self._inline_cache) < 1024:
                self._inline_cache[key] = cached
        return cached

    def _resolve_stored(self, ref: str, prefix: str) -> tuple[Profile | None, list[Problem]]:
        declaration = self.lookup(ref)
        if declaration is None:
            return None, [Problem(prefix, unknown_name("profile", ref, PRESET_IDS, "presets"))]
        profile, problems = self._checked(declaration, prefix, stored=True)
        if profile is None:
            return None, problems
        return _build(ref, profile.name, dict(profile.rules)), []

    def _checked(
        self, declaration: Mapping[str, Any], prefix: str, *, stored: bool = False
    ) -> tuple[Profile | None, list[Problem]]:
        """``_resolve_object`` at depth 0, remembered across requests for declarations that
        stand alone (no ``extends``: what the store keeps), whose meaning is their text."""
        if "extends" in declaration:
            return self._resolve_object(declaration, prefix, depth=0, stored=stored)
        key = json.dumps(declaration, sort_keys=True, default=str) + f"\x00{prefix}\x00{stored}"
        with _CHECKED_LOCK:
            hit = _CHECKED.get(key)
            if hit is not None:
                _CHECKED.move_to_end(key)
        if hit is None:
            hit = self._resolve_object(declaration, prefix, depth=0, stored=stored)
            with _CHECKED_LOCK:
                _CHECKED[key] = hit
                while len(_CHECKED) > _CHECKED_LIMIT:
                    _CHECKED.popitem(last=False)
        profile, problems = hit
        if profile is None:
            return None, list(problems)
        # A Profile of its own per resolver: its classifier's memo grows with the requests
        # that use it, and must not outlive them.
        return _build(profile.id, profile.name, dict(profile.rules)), []

    def merged_declaration(
        self, declaration: Mapping[str, Any], prefix: str, depth: int
    ) -> tuple[dict[str, Any] | None, list[Problem]]:
        """The declaration with ``extends`` (or the defaults) merged under it."""
        overrides = dict(declaration)
        parent_id = overrides.pop("extends", None)
        if parent_id is None:
            return deep_merge(DEFAULTS, overrides), []
        if not isinstance(parent_id, str):
            return None, [Problem(join(prefix, "extends"), "must be a profile id")]
        if depth >= MAX_EXTENDS_DEPTH:
            return None, [Problem(join(prefix, "extends"), "profiles extend each other too deeply")]
        parent = self.declaration_of(parent_id)
        if parent is None:
            return None, [Problem(join(prefix, "extends"),
                                  unknown_name("profile", parent_id, PRESET_IDS, "presets"))]
        base, problems = self.merged_declaration(parent, join(prefix, "extends"), depth + 1)
        if base is None:
            return None, problems
        base.pop("name", None)
        return deep_merge(base, overrides), []

    def _resolve_object(
        self, declaration: Mapping[str, Any], prefix: str, depth: int, *, stored: bool = False
    ) -> tuple[Profile | None, list[Problem]]:
        merged, problems = self.merged_declaration(declaration, prefix, depth)
        if merged is None:
            return None, problems
        loaded, problems = check_declaration(merged, prefix, stored=stored)
        if loaded is None:
            return None, problems
        rules = _canonical_rules(loaded)
        h = rules_hash(hashed_rules(rules))
        return _build(stored_id(h), loaded.get("name") or stored_id(h), rules), []


DEFAULTS: dict[str, Any] = declarations.defaults()


def _read_preset(preset_id: str) -> dict[str, Any]:
    """A preset file: it states its id, its name and what it plays unlike the defaults."""
    # As pkgutil.get_data does, without importing it (nor importlib.resources' tempfile,
    # zipfile and pathlib) at every start: the package's loader reads its data, from a
    # directory or a zip ("/" is a separator to both, on every system).
    spec = sys.modules["bigtwo.rules"].__spec__
    loader: Any = None if spec is None else spec.loader
    folders = None if spec is None else spec.submodule_search_locations
    if not hasattr(loader, "get_data") or not folders:
        raise RuntimeError(f"preset file {preset_id}.json cannot be read: no package loader")
    data: bytes = loader.get_data(f"{next(iter(folders))}/presets/{preset_id}.json")
    raw = json.loads(data.decode("utf-8"))
    if raw.pop("id") != preset_id:
        raise RuntimeError(f"preset file {preset_id}.json names another id")
    return cast(dict[str, Any], raw)


def _build_preset(preset_id: str) -> Profile:
    loaded, problems = check_declaration(deep_merge(DEFAULTS, PRESET_DECLARATIONS[preset_id]))
    if loaded is None:
        raise RuntimeError(f"preset {preset_id} is invalid: {problems}")
    return _build(preset_id, loaded["name"], _canonical_rules(loaded))


_T = TypeVar("_T")


class _Presets(Mapping[str, _T]):
    """The presets by id, each read (and checked) the first time it is asked for: a run that
    names one preset reads one file, not six (part of every start, docs/PERFORMANCE.md
    "Start-up"). The test suite reads and checks them all."""

    def __init__(self, load: Callable[[str], _T]) -> None:
        self._load = load
        self._loaded: dict[str, _T] = {}
        self._lock = _thread.allocate_lock()

    def __getitem__(self, preset_id: str) -> _T:
        found = self._loaded.get(preset_id)
        if found is None:
            if preset_id not in PRESET_IDS:
                raise KeyError(preset_id)
            with self._lock:  # one value per preset, whichever thread asks first
                found = self._loaded.get(preset_id)
                if found is None:
                    found = self._loaded[preset_id] = self._load(preset_id)
        return found

    def __contains__(self, preset_id: object) -> bool:
        return preset_id in PRESET_IDS

    def __iter__(self) -> Iterator[str]:
        return iter(PRESET_IDS)

    def __len__(self) -> int:
        return len(PRESET_IDS)


PRESET_DECLARATIONS: Mapping[str, dict[str, Any]] = _Presets(_read_preset)
PRESETS: Mapping[str, Profile] = _Presets(_build_preset)
DEFAULT_RESOLVER = ProfileResolver()

assert set(CATEGORIES) == set(PRESETS[DEFAULT_BASE].five_card_order)
assert len(RUN_CIRCLE) == 13
