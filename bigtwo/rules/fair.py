"""Provably fair deals of live tables (docs/TABLES.md, "Fair deals"; docs/DEAL_CODES.md).

The dealer draws a 32-byte secret ``seed`` per deal and publishes ``commitment(seed)`` before
anyone sees a card; the seats may add entropy; the cards are those of the deal code that
``deal_code_of`` makes from the seed and the contributions. After the deal the seed is
revealed, and ``proof_problem`` lets anyone check the three links: seed -> commitment,
seed and entropy -> deal code, deal code -> hands.

The two prefixes keep the commitment from telling anything about the cards: without them a
``server`` deal's commitment would be the very hash its cards come from.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bigtwo.rules import cards, deals
from bigtwo.rules.multiset.table import opener_of_bags
from bigtwo.rules.play import gets_leftover
from bigtwo.rules.play import hands_of_code as b2_hands

if TYPE_CHECKING:
    from bigtwo.rules.profiles import Profile

SEED_BYTES = 32
COMMIT_PREFIX = b"commit:"
DEAL_PREFIX = b"deal:"
MAX_ENTROPY_CHARS = 64


def _sha256(data: bytes) -> bytes:
    # hashlib is imported with the first proof, not with the replay that may check one: a
    # record without a proof never needs it (docs/PERFORMANCE.md, "Start-up").
    import hashlib

    return hashlib.sha256(data).digest()


def commitment(seed: bytes) -> str:
    """The hex SHA-256 of ``commit:`` and the seed's bytes: published before the deal."""
    return _sha256(COMMIT_PREFIX + seed).hex()


def material(seed: bytes, entropy: Sequence[str]) -> bytes:
    """``deal:``, the seed, then each contribution (in seat order) as a 4-byte big-endian
    length and its UTF-8 bytes."""
    out = bytearray(DEAL_PREFIX + seed)
    for value in entropy:
        data = value.encode("utf-8")
        out += len(data).to_bytes(4, "big") + data
    return bytes(out)


def deal_seed(seed: bytes, entropy: Sequence[str]) -> int:
    """The first 8 bytes of SHA-256 over ``material``, as an unsigned big-endian integer."""
    return int.from_bytes(_sha256(material(seed, entropy))[:8], "big")


def deal_code_of(profile: Profile, seed: bytes, entropy: Sequence[str]) -> str:
    """The deal code the revealed values make: ``B2`` where one deck without jokers is dealt
    to 2 to 5 seats, the ``B2X`` extension (several decks, jokers, 6 to 8 seats) otherwise."""
    value = deal_seed(seed, entropy)
    if deals.profile_refusal(profile) is None:
        return deals.DealSpec(profile.players, profile.hand_size, value).code
    return deals.SupplySpec(profile.players, profile.hand_size, profile.decks, profile.jokers,
                            value).code


def hands_of_code(profile: Profile, code: str) -> list[list[int]] | str:
    """The hands ``code`` deals under ``profile`` (the undealt cards to the opener under
    ``leftover: to_opener``), or a sentence saying why it cannot: a proof's code deals
    exactly the profile's table."""
    spec = deals.parse_any(code)
    if isinstance(spec, str):
        return spec
    if isinstance(spec, deals.SupplySpec):
        if (spec.players, spec.hand_size, spec.decks, spec.jokers) != (
                profile.players, profile.hand_size, profile.decks, profile.jokers):
            return f"{code!r} does not deal this profile's table"
        return supply_hands(profile, spec)
    if (spec.players, spec.hand_size) != (profile.players, profile.hand_size) or (
            deals.profile_refusal(profile) is not None):
        return f"{code!r} does not deal this profile's table"
    return b2_hands(profile, spec)


def supply_hands(profile: Profile, spec: deals.SupplySpec) -> list[list[int]]:
    """A ``B2X`` code's hands under ``profile``: the undealt cards go to the opener (the
    lowest card's holder, jokers never) under ``leftover: to_opener``, where the code deals
    the profile's players, as a ``B2`` code's do."""
    hands, undealt = deals.deal_supply(spec)
    if (undealt and gets_leftover(profile) and spec.players == profile.players
            and any(c < cards.DECK_SIZE for hand in hands for c in hand)):
        opener = opener_of_bags(profile, hands)[0]
        hands[opener] = sorted(hands[opener] + undealt)
    return hands


def proof_problem(profile: Profile, hands: Sequence[Sequence[int]], seed: bytes,
                  claimed_commitment: str, entropy: Sequence[str],
                  claimed_code: str) -> tuple[str, int | None] | None:
    """Why a deal's proof does not hold (``commitment``, ``deal_code`` or ``hands`` with the
    first seat that differs), or None when it does."""
    if commitment(seed) != claimed_commitment.lower():
        return "commitment", None
    code = deal_code_of(profile, seed, entropy)
    if code != deals.canonical_code(claimed_code):
        return "deal_code", None
    dealt = hands_of_code(profile, code)
    if isinstance(dealt, str):  # the profile's own code always deals it
        return "deal_code", None
    for seat, hand in enumerate(dealt):
        if seat >= len(hands) or sorted(hands[seat]) != hand:
            return "hands", seat
    return None
