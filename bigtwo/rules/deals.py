"""Reproducible deals from a short code. The algorithm is frozen: see docs/DEAL_CODES.md.

Code: ``B2-<players>-<hand_size>-<seed>``, the seed in Crockford base32 (0..2**64-1).
Shuffle: SplitMix64 seeded with the seed, Fisher-Yates from the top of the deck in canonical
order (3C 3D 3H 3S 4C ... 2S), uniform draws by rejection. Card k of the shuffled deck goes to
seat k mod players until every seat holds hand_size cards; the rest stay undealt in deck order.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from bigtwo.rules import cards
from bigtwo.rules.frozen import Frozen

if TYPE_CHECKING:
    from bigtwo.rules.profiles import Profile

_MASK64 = (1 << 64) - 1
_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford base32
_DECODE = {ch: i for i, ch in enumerate(_ALPHABET)} | {"O": 0, "I": 1, "L": 1}
_CODE = re.compile(r"^B2-([2-5])-(\d{1,2})-([0-9A-Z]{1,13})$")
FORMAT_VERSION = "B2"
# The frozen format deals one 52-card deck to 2-5 seats (the pattern above): several decks,
# jokers and larger tables (v4) would need another format, left to a later version.
MAX_CODE_PLAYERS = 5


class DealSpec(Frozen):  # not a dataclass: one costs a millisecond of every start
    __slots__ = ("players", "hand_size", "seed")
    players: int
    hand_size: int
    seed: int

    def __init__(self, players: int, hand_size: int, seed: int) -> None:
        self._set(players=players, hand_size=hand_size, seed=seed)

    @property
    def code(self) -> str:
        return f"{FORMAT_VERSION}-{self.players}-{self.hand_size}-{encode_seed(self.seed)}"


class SplitMix64:
    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """Uniform in [0, bound) without modulo bias."""
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            x = self.next()
            if x < limit:
                return x % bound


def encode_seed(seed: int) -> str:
    if seed == 0:
        return "0"
    out = []
    while seed:
        seed, digit = divmod(seed, 32)
        out.append(_ALPHABET[digit])
    return "".join(reversed(out))


def decode_seed(text: str) -> int | str:
    """The seed a base32 string stands for, or a sentence saying what is wrong with it."""
    value = 0
    for ch in text.upper():
        digit = _DECODE.get(ch)
        if digit is None:
            return f"{ch!r} is not a Crockford base32 digit (0-9, A-Z except U)"
        value = value * 32 + digit
    return value if value <= _MASK64 else "the seed is over 2**64 - 1"


def parse_code(code: str) -> DealSpec | str:
    """The spec a code stands for, or a sentence saying what is wrong with it."""
    if not isinstance(code, str):
        return "a deal code is a string like 'B2-4-13-1Z3K9'"
    match = _CODE.match(code.strip().upper())
    if not match:
        return f"{code!r} is not a deal code (format B2-<players>-<hand size>-<seed>)"
    players, hand_size = int(match.group(1)), int(match.group(2))
    seed = decode_seed(match.group(3))
    if isinstance(seed, str):
        return f"{code!r}: {seed}"
    if hand_size < 1 or players * hand_size > cards.DECK_SIZE:
        return f"{code!r}: {players} hands of {hand_size} cards do not fit in 52 cards"
    return DealSpec(players, hand_size, seed)


def profile_refusal(profile: Profile) -> str | None:
    """Why a deal code cannot deal under ``profile`` (several decks, jokers, more than 5
    players), or None: codes stay ``B2``, one deck, 2 to 5 players."""
    beyond = []
    if profile.decks > 1:
        beyond.append(f"{profile.decks} decks")
    if profile.jokers > 0:
        beyond.append(f"{profile.joker_count} joker{'s' if profile.joker_count > 1 else ''}")
    if profile.players > MAX_CODE_PLAYERS:
        beyond.append(f"{profile.players} players")
    if not beyond:
        return None
    return (f"deal codes deal one 52-card deck without jokers to 2 to {MAX_CODE_PLAYERS} "
            f"players; this profile has {' and '.join(beyond)}: give the hands instead")


# Rejection limits of SplitMix64.below for every bound a 52-card shuffle uses.
_LIMITS = tuple((1 << 64) - ((1 << 64) % bound) if bound else 0 for bound in range(cards.DECK_SIZE + 1))


def shuffled_deck(seed: int) -> list[int]:
    """The documented shuffle of ``seed`` (a fresh list each call)."""
    return list(_shuffled(seed))


@lru_cache(maxsize=4096)
def _shuffled(seed: int) -> tuple[int, ...]:
    """The documented shuffle (``SplitMix64`` and ``below``, inlined: a score sheet may name
    thousands of deal codes, and this ran at half a millisecond per deal). Remembered for the
    last few thousand seeds: duplicate boards name the same codes over and over."""
    state = seed & _MASK64
    deck = list(range(cards.DECK_SIZE))
    for i in range(cards.DECK_SIZE - 1, 0, -1):
        bound = i + 1
        limit = _LIMITS[bound]
        while True:
            state = (state + 0x9E3779B97F4A7C15) & _MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            z ^= z >> 31
            if z < limit:
                break
        j = z % bound
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def _reference_shuffled_deck(seed: int) -> list[int]:
    """The shuffle as DEAL_CODES.md states it, step by step (tests hold the fast one to it)."""
    rng = SplitMix64(seed)
    deck = list(range(cards.DECK_SIZE))
    for i in range(cards.DECK_SIZE - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal(spec: DealSpec) -> tuple[list[list[int]], list[int]]:
    """Hands (each sorted in canonical order) and the undealt cards, in deck order."""
    deck = shuffled_deck(spec.seed)
    dealt = spec.players * spec.hand_size
    hands = [sorted(deck[seat:dealt:spec.players]) for seat in range(spec.players)]
    return hands, deck[dealt:]


def new_spec(players: int, hand_size: int, seed: int | None = None) -> DealSpec:
    if seed is None:
        import secrets  # a fresh deal only: a record's deals all carry their seeds (start-up)

        return DealSpec(players, hand_size, secrets.randbits(64))
    return DealSpec(players, hand_size, seed & _MASK64)


# --- B2X: the same shuffle over a larger supply (several decks, jokers, 6 to 8 seats) ------
SUPPLY_FORMAT = "B2X"
_SUPPLY_CODE = re.compile(r"^B2X-([2-8])-(\d{1,3})-([1-4])-([0-2])-([0-9A-Z]{1,13})$")


class SupplySpec(Frozen):
    """``B2X-<players>-<hand size>-<decks>-<jokers per deck>-<seed>`` (docs/DEAL_CODES.md,
    "B2X"): the supply is every card ``decks`` times and ``decks x jokers`` jokers, sorted by
    card number (the jokers, 52, last); shuffled and dealt exactly as ``B2`` deals 52 cards."""

    __slots__ = ("players", "hand_size", "decks", "jokers", "seed")
    players: int
    hand_size: int
    decks: int
    jokers: int
    seed: int

    def __init__(self, players: int, hand_size: int, decks: int, jokers: int, seed: int) -> None:
        self._set(players=players, hand_size=hand_size, decks=decks, jokers=jokers, seed=seed)

    @property
    def supply(self) -> list[int]:
        return sorted([c for c in range(cards.DECK_SIZE) for _ in range(self.decks)]
                      + [cards.JOKER] * (self.decks * self.jokers))

    @property
    def code(self) -> str:
        return (f"{SUPPLY_FORMAT}-{self.players}-{self.hand_size}-{self.decks}-{self.jokers}-"
                f"{encode_seed(self.seed)}")


def parse_supply_code(code: str) -> SupplySpec | str:
    """The spec a ``B2X`` code stands for, or a sentence saying what is wrong with it."""
    match = _SUPPLY_CODE.match(code.strip().upper())
    if not match:
        return (f"{code!r} is not a B2X deal code "
                "(B2X-<players>-<hand size>-<decks>-<jokers per deck>-<seed>)")
    players, hand_size, decks, jokers = (int(match.group(i)) for i in range(1, 5))
    seed = decode_seed(match.group(5))
    if isinstance(seed, str):
        return f"{code!r}: {seed}"
    if hand_size < 1 or players * hand_size > decks * (cards.DECK_SIZE + jokers):
        return f"{code!r}: {players} hands of {hand_size} cards do not fit in the supply"
    return SupplySpec(players, hand_size, decks, jokers, seed)


def shuffled_supply(spec: SupplySpec) -> list[int]:
    """Fisher-Yates from the top of the sorted supply with SplitMix64, as ``B2`` shuffles."""
    rng = SplitMix64(spec.seed)
    deck = spec.supply
    for i in range(len(deck) - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal_supply(spec: SupplySpec) -> tuple[list[list[int]], list[int]]:
    """Hands (each sorted) and the undealt cards, in shuffled order: card k to seat k mod
    players until every seat holds ``hand_size`` cards."""
    deck = shuffled_supply(spec)
    dealt = spec.players * spec.hand_size
    hands = [sorted(deck[seat:dealt:spec.players]) for seat in range(spec.players)]
    return hands, deck[dealt:]


def parse_any(code: object) -> DealSpec | SupplySpec | str:
    """A ``B2`` or a ``B2X`` code's spec, or a sentence saying what is wrong with it."""
    if not isinstance(code, str):
        return "a deal code is a string like 'B2-4-13-1Z3K9'"
    if code.strip().upper().startswith(SUPPLY_FORMAT + "-"):
        return parse_supply_code(code)
    return parse_code(code)


def spec_for(code: object, profile: Profile) -> DealSpec | SupplySpec | str:
    """What a record's (or a score sheet's) deal code stands for under ``profile``, or why it
    cannot: a ``B2`` code only where ``B2`` deals the profile (else the refusal, whatever the
    code), a ``B2X`` code only for the profile's decks and jokers. Players and hand size are
    the replay's to check (PLAYER_COUNT, HAND_SIZE), as for ``B2``."""
    if isinstance(code, str) and code.strip().upper().startswith(SUPPLY_FORMAT + "-"):
        spec = parse_supply_code(code)
        if isinstance(spec, SupplySpec) and (spec.decks, spec.jokers) != (profile.decks,
                                                                          profile.jokers):
            return (f"{spec.code} deals {spec.decks} deck(s) with {spec.jokers} joker(s) each; "
                    f"this profile has {profile.decks} with {profile.jokers}")
        return spec
    return profile_refusal(profile) or parse_any(code)


def canonical_code(code: object) -> str | None:
    """The service's spelling of a ``B2`` or ``B2X`` code (case, Crockford look-alikes), or
    None when ``code`` is none."""
    spec = parse_any(code)
    return None if isinstance(spec, str) else spec.code
