"""Rule profiles: declared as JSON, resolved into frozen, self-checked objects.

A declaration is either complete or ``{"extends": id, ...overrides}``; nested objects merge
key by key, lists replace. The resolved profile's hash covers the rules only (not its id or
name), so two declarations that mean the same rules share one hash and one stored id.

Fields added in v2 (``V2_DEFAULTS``) are left out of the hashed rules while they hold their
default. A profile stored under v1, which never named them, therefore keeps its hash and id,
and a v2 declaration that restates a default shares the id of one that leaves it out. Spellings
that mean the same rules are normalised first (``straight_flushes`` equal to ``straights`` is
``null``; ``bomb_hands`` and card lists are put in one order).
"""

from __future__ import annotations

import copy
import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from typing import TYPE_CHECKING, Any

from marshmallow import ValidationError

from bigtwo.rules import cards
from bigtwo.rules.problems import Problem, from_marshmallow, join
from bigtwo.rules.profile_schema import LISTS_UNBOUNDED, ProfileSchema
from bigtwo.rules.runs import BOMB_HANDS, CATEGORIES, RUN_CIRCLE

if TYPE_CHECKING:
    from bigtwo.rules.combos import Classifier

PRESET_IDS = ("hk-standard", "big-two-web", "casual", "pusoy-dos")
DEFAULT_BASE = "hk-standard"
MAX_EXTENDS_DEPTH = 8

# v2 fields and their defaults (paths into the rules); see the module docstring.
V2_DEFAULTS: tuple[tuple[tuple[str, ...], Any], ...] = (
    (("straight_flushes",), None),
    (("bomb_hands",), ["four_of_a_kind"]),
    (("revolution",), "none"),
    (("teams",), None),
    (("scoring", "two_held_cards"), ["2C", "2D", "2H", "2S"]),
    (("match", "loss_limit"), None),
)


@dataclass(frozen=True)
class Tier:
    start: int
    multiplier: int


@dataclass(frozen=True)
class CardPenalty:
    cards: tuple[str, ...]
    all: bool
    points: int

    @cached_property
    def mask(self) -> int:
        return cards.mask_of(cards.NOTATION[c] for c in self.cards)


@dataclass(frozen=True)
class Profile:
    id: str
    name: str
    rules: Mapping[str, Any] = field(repr=False, compare=False)
    players: int
    hand_size: int
    direction: str
    suit_order: tuple[str, ...]
    triples: bool
    five_card_hands: bool
    straights: tuple[str, ...]
    straight_flushes: tuple[str, ...]  # resolved: null in the declaration means ``straights``
    flush_compare: str
    five_card_order: tuple[str, ...]
    cross_category: bool
    bombs: str
    bomb_hands: tuple[str, ...]
    passing: str
    first_deal: str
    later_deals: str
    must_play_first_trick: bool
    no_single_two_finish_on_lead: bool
    leftover: str
    revolution: str
    teams: tuple[tuple[int, ...], ...] | None
    tiers: tuple[Tier, ...]
    two_held_factor: int
    two_held_cards: tuple[str, ...]
    card_penalties: tuple[CardPenalty, ...]
    settlement: str
    max_deals: int | None
    target: int | None
    loss_limit: int | None

    # --- derived tables, computed once per profile -------------------------------------
    @cached_property
    def hash(self) -> str:
        return rules_hash(hashed_rules(self.rules))

    @cached_property
    def step(self) -> int:
        return 1 if self.direction == "clockwise" else -1

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
    def category_rank(self) -> dict[str, int]:
        return {name: i for i, name in enumerate(self.five_card_order)}

    @cached_property
    def straight_rank(self) -> dict[str, int]:
        return {run: i for i, run in enumerate(self.straights)}

    @cached_property
    def straight_flush_rank(self) -> dict[str, int]:
        return {run: i for i, run in enumerate(self.straight_flushes)}

    @cached_property
    def two_held_mask(self) -> int:
        return cards.mask_of(cards.NOTATION[c] for c in self.two_held_cards)

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
    def combos(self) -> Classifier:
        from bigtwo.rules.combos import Classifier

        return Classifier(self)

    @cached_property
    def reversed_combos(self) -> Classifier:
        """The classifier after a revolution (``revolution: ranks``): rank order reversed."""
        from bigtwo.rules.combos import Classifier

        return Classifier(self, reversed_ranks=True)

    @cached_property
    def leftover_count(self) -> int:
        return cards.DECK_SIZE - self.players * self.hand_size

    def summary(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "hash": self.hash}

    def as_dict(self) -> dict[str, Any]:
        """The full resolved profile as served by the API: every field, defaults filled."""
        return {"id": self.id, "name": self.name, "hash": self.hash, **copy.deepcopy(dict(self.rules))}


def rules_hash(rules: Mapping[str, Any]) -> str:
    canonical = json.dumps(rules, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()


def hashed_rules(rules: Mapping[str, Any]) -> dict[str, Any]:
    """The rules as hashed: v2 fields that hold their default are left out (module docstring)."""
    out = copy.deepcopy(dict(rules))
    for path, default in V2_DEFAULTS:
        parent: Any = out
        for key in path[:-1]:
            parent = parent.get(key) if isinstance(parent, dict) else None
        if isinstance(parent, dict) and path[-1] in parent and parent[path[-1]] == default:
            del parent[path[-1]]
    return out


# New ids carry 128 bits of the hash: a collision is out of reach (a birthday search over 48
# bits took a minute). Ids stored with 12 hex digits before keep resolving: the store keeps
# the id it was given, and answers a declaration of the same rules with it.
ID_HEX_DIGITS = 32


def stored_id(profile_hash: str) -> str:
    return "p-" + profile_hash.removeprefix("sha256:")[:ID_HEX_DIGITS]


@dataclass(frozen=True, slots=True)
class IdCollision(Problem):
    """A declaration whose id is already stored for other rules: refused, never resolved to
    them (the API answers 409)."""


def collision(prefix: str, profile: Profile, stored_hash: str) -> IdCollision:
    return IdCollision(prefix, f"profile id {profile.id!r} is stored for other rules "
                               f"({stored_hash}); these rules hash to {profile.hash}")


def _canonical_rules(data: dict[str, Any]) -> dict[str, Any]:
    """Normalise spellings so that equal rules serialise (and hash) identically."""
    rules = {k: v for k, v in data.items() if k != "name"}
    rules["suit_order"] = [s.upper() for s in rules["suit_order"]]
    for penalty in rules["scoring"]["card_penalties"]:
        penalty["cards"] = sorted(penalty["cards"], key=lambda c: cards.NOTATION[c])
    rules["scoring"]["two_held_cards"] = sorted(rules["scoring"]["two_held_cards"],
                                                key=lambda c: cards.NOTATION[c])
    rules["bomb_hands"] = sorted(rules["bomb_hands"], key=BOMB_HANDS.index)
    if rules["straight_flushes"] == rules["straights"]:
        rules["straight_flushes"] = None
    return rules


def _build(profile_id: str, name: str, rules: dict[str, Any]) -> Profile:
    scoring, match, opening = rules["scoring"], rules["match"], rules["opening"]
    return Profile(
        id=profile_id,
        name=name,
        rules=rules,
        players=rules["players"],
        hand_size=rules["hand_size"],
        direction=rules["direction"],
        suit_order=tuple(rules["suit_order"]),
        triples=rules["triples"],
        five_card_hands=rules["five_card_hands"],
        straights=tuple(rules["straights"]),
        straight_flushes=tuple(rules["straights"] if rules["straight_flushes"] is None
                               else rules["straight_flushes"]),
        flush_compare=rules["flush_compare"],
        five_card_order=tuple(rules["five_card_order"]),
        cross_category=rules["cross_category"],
        bombs=rules["bombs"],
        bomb_hands=tuple(rules["bomb_hands"]),
        passing=rules["passing"],
        first_deal=opening["first_deal"],
        later_deals=opening["later_deals"],
        must_play_first_trick=rules["must_play_first_trick"],
        no_single_two_finish_on_lead=rules["no_single_two_finish_on_lead"],
        leftover=rules["leftover"],
        revolution=rules["revolution"],
        teams=None if rules["teams"] is None else tuple(tuple(t) for t in rules["teams"]),
        tiers=tuple(Tier(t["from"], t["multiplier"]) for t in scoring["tiers"]),
        two_held_factor=scoring["two_held_factor"],
        two_held_cards=tuple(scoring["two_held_cards"]),
        card_penalties=tuple(
            CardPenalty(tuple(p["cards"]), p["all"], p["points"]) for p in scoring["card_penalties"]
        ),
        settlement=scoring["settlement"],
        max_deals=match["max_deals"],
        target=match["target"],
        loss_limit=match["loss_limit"],
    )


def deep_merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    merged = copy.deepcopy(dict(base))
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


_SCHEMA = ProfileSchema()


def check_declaration(
    data: Mapping[str, Any], prefix: str = "", *, stored: bool = False
) -> tuple[dict[str, Any] | None, list[Problem]]:
    """The declaration loaded, or its problems. ``stored``: a profile the store accepted
    earlier, which keeps resolving even if it is over a list bound added since (stored
    profiles are immutable; it is checked once per process, so its length costs once)."""
    token = LISTS_UNBOUNDED.set(stored)
    try:
        loaded = _SCHEMA.load(data)
    except ValidationError as exc:
        return None, from_marshmallow(exc.messages, prefix)
    finally:
        LISTS_UNBOUNDED.reset(token)
    return loaded, []


# Checked declarations that stand alone, by their text: the schema check of a profile costs
# far more than reading it, and a stored profile is read for every record that names it.
_CHECKED_LIMIT = 256
_CHECKED: OrderedDict[str, tuple[Profile | None, list[Problem]]] = OrderedDict()
_CHECKED_LOCK = threading.Lock()

# A lookup returns the *declaration* of a stored profile by id (storage is an adapter).
Lookup = Callable[[str], Mapping[str, Any] | None]


def _no_lookup(_: str) -> None:
    return None


class ProfileResolver:
    """Turns a profile reference (preset id, stored id or inline object) into a Profile."""

    def __init__(self, lookup: Lookup = _no_lookup,
                 stored_hash: Callable[[str], str | None] = _no_lookup) -> None:
        self.lookup = lookup
        self.stored_hash = stored_hash  # the full hash stored under an id: collisions refused
        self._inline_cache: dict[str, tuple[Profile | None, list[Problem]]] = {}
        # Stored profiles never change, so one resolver looks each id up once (a batch of
        # records naming one stored profile reads and checks it once, not per record).
        self._stored_cache: dict[str, tuple[Profile | None, list[Problem]]] = {}

    def declaration_of(self, profile_id: str) -> Mapping[str, Any] | None:
        if profile_id in PRESET_DECLARATIONS:
            return PRESET_DECLARATIONS[profile_id]
        return self.lookup(profile_id)

    def resolve(self, ref: Any, prefix: str = "/profile") -> tuple[Profile | None, list[Problem]]:
        if isinstance(ref, Profile):  # resolved once already, e.g. the CLI's --profile
            return ref, []
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
            # Inline profiles repeat across a batch or a JSONL file: resolve each text once.
            key = json.dumps(ref, sort_keys=True, default=str) + "\x00" + prefix
            cached = self._inline_cache.get(key)
            if cached is None:
                cached = self._checked(ref, prefix)
                if len(self._inline_cache) < 1024:
                    self._inline_cache[key] = cached
            known = None if cached[0] is None else self.stored_hash(cached[0].id)
            if known is not None and cached[0] is not None and known != cached[0].hash:
                return None, [collision(prefix, cached[0], known)]
            return cached
        return None, [Problem(prefix, "a profile is a preset id, a stored profile id or an object")]

    def _resolve_stored(self, ref: str, prefix: str) -> tuple[Profile | None, list[Problem]]:
        declaration = self.lookup(ref)
        if declaration is None:
            return None, [Problem(prefix, f"unknown profile {ref!r}; presets: {', '.join(PRESET_IDS)}")]
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
            return None, [Problem(join(prefix, "extends"), f"unknown profile {parent_id!r}")]
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


def _load_presets() -> tuple[dict[str, dict[str, Any]], dict[str, Profile]]:
    declarations: dict[str, dict[str, Any]] = {}
    profiles: dict[str, Profile] = {}
    folder = resources.files("bigtwo.rules") / "presets"
    for preset_id in PRESET_IDS:
        raw = json.loads((folder / f"{preset_id}.json").read_text(encoding="utf-8"))
        if raw.pop("id") != preset_id:
            raise RuntimeError(f"preset file {preset_id}.json names another id")
        declarations[preset_id] = raw
        loaded, problems = check_declaration(raw)
        if loaded is None:
            raise RuntimeError(f"preset {preset_id} is invalid: {problems}")
        profiles[preset_id] = _build(preset_id, loaded["name"], _canonical_rules(loaded))
    return declarations, profiles


PRESET_DECLARATIONS, PRESETS = _load_presets()
DEFAULTS: dict[str, Any] = {k: v for k, v in PRESET_DECLARATIONS[DEFAULT_BASE].items() if k != "name"}
DEFAULT_RESOLVER = ProfileResolver()

assert set(CATEGORIES) == set(PRESETS[DEFAULT_BASE].five_card_order)
assert len(RUN_CIRCLE) == 13
