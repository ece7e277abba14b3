"""Builders of the costly-but-legal inputs of issue 10 (classes 4, 5, 6, 14) and issue 19
(class 10: card-list score sheets).

Shared by the hostile-input table (which bounds the work they cause by counting operations)
and ``bench/hostile.py`` (which times them). Every builder returns plain JSON values.
"""

from __future__ import annotations

import json
import random
from typing import Any

from bigtwo.rules import cards
from bigtwo.rules.cards import RUNS

# Two seats, two cards each, the 48 undealt cards to the holder of the lowest card: one
# 50-card hand. After the first deal its winner leads freely (previous_winner), so the 50-card
# hand follows in the first trick without having played in it: the must-play rule applies.
HUGE_HAND_PROFILE: dict[str, Any] = {
    "extends": "hk-standard",
    "players": 2,
    "hand_size": 2,
    "leftover": "to_opener",
    "must_play_first_trick": True,
    "straights": list(RUNS),
    "opening": {"first_deal": "lowest_card", "later_deals": "previous_winner"},
}

_SMALL_HAND = ["2S", "2H"]


def huge_hand_deal(index: int) -> dict[str, Any]:
    """Deal ``index`` of a huge-hand record. The first: the 50-card hand leads 3D, the other
    seat tops it with 2S, the 50-card hand passes, 2H goes out. Every later one: the winner
    leads 2S and the 50-card hand, not yet in the trick, passes; the referee must prove that
    none of its plays beats the 2 before it accepts the pass. Then 2H goes out."""
    big = [c for c in cards.CANONICAL if c not in _SMALL_HAND]
    opening: list[dict[str, Any]] = [{"seat": 0, "play": ["3D"]}] if index == 0 else []
    moves = opening + [{"seat": 1, "play": ["2S"]}, {"seat": 0, "pass": True},
                       {"seat": 1, "play": ["2H"]}]
    return {"hands": [big, list(_SMALL_HAND)], "moves": moves}


def huge_hand_record(deals: int = 200, *, profile: Any = None, finished: bool = True) -> dict[str, Any]:
    """``deals`` such deals; when not ``finished``, the last one stops at the 2 the 50-card
    hand has to answer (``/v1/next`` then lists what it may play)."""
    out = [huge_hand_deal(i) for i in range(deals)]
    if not finished:
        out[-1]["moves"] = out[-1]["moves"][:-2]
    return {"profile": HUGE_HAND_PROFILE if profile is None else profile, "deals": out}


def size_of(doc: Any) -> int:
    return len(json.dumps(doc, separators=(",", ":")).encode())


# --- more worst cases for the benchmark and the table ------------------------------------------
ONE_CARD_PROFILE: dict[str, Any] = {
    "extends": "casual", "players": 2, "hand_size": 1,
    "opening": {"first_deal": "lowest_card", "later_deals": "lowest_card"},
}


def one_card_deal(code: str) -> dict[str, Any]:
    """A deal of ``code`` (2 seats, 1 card each): the holder of the lower card leads it and is
    out. The smallest complete deal there is, so a record holds 200 of them in 13 KB."""
    from bigtwo.rules import deals

    spec = deals.parse_code(code)
    assert isinstance(spec, deals.DealSpec)
    hands, _ = deals.deal(spec)
    strength = _profile(ONE_CARD_PROFILE).strength
    seat = min((0, 1), key=lambda s: strength[hands[s][0]])
    return {"deal_code": code, "moves": [{"seat": seat, "play": [cards.name(hands[seat][0])]}]}


def one_board_records(records: int, deals_per_record: int = 200, code: str = "B2-2-1-1") -> list[dict[str, Any]]:
    """``records`` tables that all played the same deal code ``deals_per_record`` times: one
    duplicate board with ``records x deals_per_record`` results per seat."""
    deal = one_card_deal(code)
    return [{"players": [f"a{i}", f"b{i}"], "deals": [deal] * deals_per_record}
            for i in range(records)]


def _profile(declaration: dict[str, Any]) -> Any:
    from bigtwo.rules.profiles import DEFAULT_RESOLVER

    profile, problems = DEFAULT_RESOLVER.resolve(declaration)
    assert profile is not None, problems
    return profile


def long_match(target_bytes: int, profile: str = "hk-standard", seed: int = 7) -> dict[str, Any]:
    """A legal simulated match of as many deals as fit in ``target_bytes`` (at most 200)."""
    from bigtwo import limits
    from bigtwo.rules.profiles import PRESETS
    from bigtwo.rules.simulate import simulate

    (doc,) = simulate(PRESETS[profile], records=1, deals_per_record=limits.MAX_DEALS_PER_RECORD,
                      seed=seed)
    while size_of(doc) > target_bytes and len(doc["deals"]) > 1:
        doc["deals"] = doc["deals"][: max(1, len(doc["deals"]) * 9 // 10)]
    return doc


# Under rules v2 only a seat that has not yet played in the first trick must play, so the
# dearest must-play check is the largest hand that is not the opener's: 26 cards.
WIDE_PROFILE: dict[str, Any] = {
    "extends": "hk-standard",
    "players": 2,
    "hand_size": 26,
    "must_play_first_trick": True,
    "straights": list(RUNS),
    "opening": {"first_deal": "lowest_card", "later_deals": "lowest_card"},
}


def _no_straight_flush_hand(rng: random.Random) -> list[str]:
    """26 cards holding no straight flush of any run (never five of a suit in a row)."""
    opener_flush = {"3D", "4D", "5D", "6D", "7D"}
    skip = rng.randrange(4)
    picked = [r + s for s in "SHCD" for i, r in enumerate(cards.RANKS) if i % 4 != skip]
    return sorted(rng.sample([c for c in picked if c not in opener_flush], 26),
                  key=cards.CANONICAL.index)


def first_trick_pass_record(deals: int = 200, seed: int = 1) -> dict[str, Any]:
    """``deals`` deals in which the opener leads the lowest straight flush and the other seat,
    26 cards and not yet in the trick, passes: the referee must prove that none of its plays
    beats a straight flush. Every deal another hand. Unfinished: check with ``complete=false``."""
    rng = random.Random(seed)
    out = []
    for _ in range(deals):
        wide = _no_straight_flush_hand(rng)
        opener = [c for c in cards.CANONICAL if c not in wide]
        out.append({"hands": [opener, wide], "moves": [
            {"seat": 0, "play": ["3D", "4D", "5D", "6D", "7D"]}, {"seat": 1, "pass": True}]})
    return {"profile": WIDE_PROFILE, "deals": out}


def card_sheet(limit: int = 1024 * 1024, rows: int = 10_000, seed: int = 7) -> str:
    """A legal score sheet of card lists of at most ``limit`` bytes: one seat out, the others
    holding 13, 13 and 12 cards of a shuffled deck (the most cards a 1 MiB sheet can list)."""
    rng = random.Random(seed)
    lines = ["deal,Ana,Ben,Cai,Dee"]
    size = len(lines[0]) + 1
    for i in range(rows):
        deck = list(cards.CANONICAL)
        rng.shuffle(deck)
        cells = ["0", " ".join(deck[:13]), " ".join(deck[13:26]), " ".join(deck[26:38])]
        rng.shuffle(cells)
        line = f"{i + 1}," + ",".join(cells)
        if size + len(line) + 1 > limit:
            break
        lines.append(line)
        size += len(line) + 1
    return "\n".join(lines) + "\n"


def refused_card_sheet(limit: int = 1024 * 1024) -> str:
    """``card_sheet`` with its last row impossible (a card held twice): a 422 after every
    other row was read and scored."""
    lines = card_sheet(limit).split("\n")
    lines[-2] = lines[-2].split(",")[0] + ",3D,3D,0,0"
    return "\n".join(lines)


# --- seating draws (hardening item 1) ------------------------------------------------------------
def draw_players(n: int = 64) -> list[str]:
    return [f"Player {i}" for i in range(n)]


def absent_tables(tables: int, seats: int) -> list[list[str]]:
    """``tables`` earlier tables of ``seats`` names each, none of them a player present: every
    pair of them is a pair a draw need never count."""
    return [[f"A{t * seats + s}" for s in range(seats)] for t in range(tables)]


def draw_body(previous: list[list[str]], rounds: int = 10) -> dict[str, Any]:
    return {"profile": "hk-standard", "players": draw_players(), "rounds": rounds, "seed": 1,
            "previous": previous}


def draw_form(previous: list[list[str]], rounds: int = 10) -> dict[str, str]:
    """The page's form for ``draw_body``: a line per table, the names separated by commas."""
    return {"players": "\n".join(draw_players()), "rounds": str(rounds), "seed": "1",
            "profile": "hk-standard", "previous": "\n".join(", ".join(t) for t in previous)}
