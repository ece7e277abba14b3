"""Cards as small integers, and the runs of five ranks they form.

A card id is ``rank * 4 + suit`` with ranks in Big Two order (3 lowest, 2 highest) and suits
in the fixed *storage* order C D H S. Storage order is not play order: a profile's
``suit_order`` decides which suit breaks ties (see ``profiles.Profile.strength``).
Keeping ids profile-independent lets hands be plain bitmasks shared by every profile.
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS = "3456789TJQKA2"
SUITS = "CDHS"
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
DECK_SIZE = 52
TWO = RANKS.index("2")  # the rank index of the printed 2, the highest in Big Two order

Card = int


def card_id(rank: int, suit: int) -> Card:
    return rank * 4 + suit


def rank_of(card: Card) -> int:
    return card >> 2


def suit_of(card: Card) -> int:
    return card & 3


CANONICAL: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)


EMOJI, TEXT = "\ufe0f", "\ufe0e"  # variation selectors: emoji and text presentation
# Cards as the messages of other languages write them (bigtwo/reports/locale): German names
# the suit in a word before the rank and writes B (Bube) and D (Dame) for J and Q. A test
# parses every card as every language prints it.
MESSAGE_SPELLINGS: dict[str, tuple[str, ...]] = {
    "C": ("Kreuz",), "D": ("Karo",), "H": ("Herz",), "S": ("Pik",)}
MESSAGE_RANKS: dict[str, tuple[str, ...]] = {"J": ("B",), "Q": ("D",)}


def _notation_table() -> dict[str, Card]:
    # Every accepted spelling is precomputed so that parsing a card is one dict lookup:
    # records carry thousands of cards and this sits on the replay's hot path.
    rank_spellings = {r: [r, r.lower()] for r in RANKS}
    rank_spellings["T"] += ["10"]
    suit_spellings = {
        "C": ["C", "c", "♣", "♧"],
        "D": ["D", "d", "♦", "♢"],
        "H": ["H", "h", "♥", "♡"],
        "S": ["S", "s", "♠", "♤"],
    }
    table: dict[str, Card] = {}
    for r_index, rank in enumerate(RANKS):
        for s_index, suit in enumerate(SUITS):
            card = card_id(r_index, s_index)
            for rs in rank_spellings[rank]:
                for ss in suit_spellings[suit]:
                    # Rank first or suit first (3D, D3, h10): no rank is written like a suit,
                    # so either order names one card.
                    table[rs + ss] = table[ss + rs] = card
                    if not ss.isascii():
                        # With the variation selectors a phone keyboard adds (3♦️, ♦️3); the
                        # symbol first is how the Chinese messages write cards (♦3, ♠K).
                        for selected in (ss, ss + EMOJI, ss + TEXT):
                            table[rs + selected] = table[selected + rs] = card
            for word in MESSAGE_SPELLINGS.get(suit, ()):
                for rs in (*rank_spellings[rank], *MESSAGE_RANKS.get(rank, ())):
                    table[f"{word} {rs}"] = card
    return table


NOTATION: dict[str, Card] = _notation_table()
# The same spellings to the card's canonical name, for readers that keep names (notation,
# score sheets): one lookup per card, in C through ``map``.
NAME_OF: dict[str, str] = {text: CANONICAL[c] for text, c in NOTATION.items()}


def same_rank(a: str, b: str) -> bool:
    """Whether two cards, by name (as an error's params carry them), are of one rank: then
    their suits decided between them. False when either is no card."""
    first, second = NOTATION.get(a), NOTATION.get(b)
    return first is not None and second is not None and rank_of(first) == rank_of(second)


def parse_card(text: str) -> Card | None:
    """The card a string names, or None: the one card grammar every reader uses (records,
    notation, score sheets, profiles, the API). Rank then suit or suit then rank, any case,
    letters or symbols: ``TH``, ``10h``, ``T♥``, ``H10``, ``♥T``; readers of many cards look
    ``NOTATION`` up first and come here for the rest."""
    card = NOTATION.get(text)
    if card is None and isinstance(text, str):
        card = NOTATION.get(text.strip())
    return card


def card_name(text: str) -> str | None:
    """The canonical name (``TH``) of the card a string names, or None."""
    card = parse_card(text)
    return None if card is None else CANONICAL[card]


def parse_rank(text: str) -> int | None:
    text = text.upper()
    if text == "10":
        text = "T"
    index = RANKS.find(text)
    return index if len(text) == 1 and index >= 0 else None


def name(card: Card) -> str:
    return CANONICAL[card] if card < DECK_SIZE else _joker_name(card)


def names(cards: Iterable[Card]) -> list[str]:
    return [CANONICAL[c] if c < DECK_SIZE else _joker_name(c) for c in cards]


def symbol(card: Card) -> str:
    """Display form, e.g. ``9♣``; ``10`` is written out as players read it; a joker standing
    in for a card is that card behind the joker's face (``🃏9♣``)."""
    if card >= DECK_SIZE:
        return JOKER_SYMBOL if card < STAND_IN else JOKER_SYMBOL + symbol(card - STAND_IN)
    rank = RANKS[rank_of(card)]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[SUITS[suit_of(card)]]


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_of(mask: int) -> list[Card]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


FULL_DECK_MASK = (1 << DECK_SIZE) - 1


# --- jokers (v4) ---
# A joker held is one id past the deck; in a play, a joker standing for card c is STAND_IN + c,
# so the rules judge ``effective`` ids and the record still says which cards were jokers.
JOKER = 52
STAND_IN = 64
JOKER_NAME = "JK"
JOKER_SYMBOL = "\U0001F0CF"  # 🃏
JOKER_SPELLINGS = frozenset({"JK", "jk", "Jk", "jK", JOKER_SYMBOL, JOKER_SYMBOL + EMOJI,
                             JOKER_SYMBOL + TEXT})


def effective(card: Card) -> Card:
    """The card a play's id counts as: a stand-in's named card, any other id itself."""
    return card - STAND_IN if card >= STAND_IN else card


def _joker_name(card: Card) -> str:
    return JOKER_NAME if card < STAND_IN else JOKER_NAME + "=" + CANONICAL[card - STAND_IN]


def parse_joker(text: str) -> Card | None:
    """A joker as written: ``JK`` (any case) or 🃏 -> JOKER; ``JK=<card>`` in any card
    spelling -> STAND_IN + card; ``JK=JK`` -> JOKER (a joker naming a joker names no card);
    None for anything else, an unreadable stand-in included."""
    text = text.strip()
    if text in JOKER_SPELLINGS:
        return JOKER
    head, eq, stand = text.partition("=")
    if not eq or head.strip() not in JOKER_SPELLINGS:
        return None
    stand = stand.strip()
    if stand in JOKER_SPELLINGS:
        return JOKER
    card = parse_card(stand)
    return None if card is None else STAND_IN + card


# --- the runs of five ranks, the five-card categories and the fixed shapes of a profile ------
CATEGORIES = ("straight", "flush", "full_house", "four_of_a_kind", "straight_flush")
# Five cards of one rank (v4): possible only with several decks or jokers. A profile may place
# it in ``five_card_order``; left out, it ranks above every listed category.
FIVE_OF_A_KIND = "five_of_a_kind"
RUN_CIRCLE = "23456789TJQKA"  # runs wrap: A2345 and KA234 are runs too
# Runs through K-A-2 are never straights in any seed (001: "gelten nie"), unlike 23456/A2345.
WRAP_RUNS = frozenset({"JQKA2", "QKA23", "KA234"})
BOMB_HANDS = ("four_of_a_kind", "straight_flush", "five_of_a_kind")
TEAMS = [[0, 2], [1, 3]]
MAX_PLAYERS = 8
MAX_DECKS = 4
MAX_JOKERS = 2  # per deck


def all_runs() -> list[str]:
    doubled = RUN_CIRCLE + RUN_CIRCLE
    return [doubled[i : i + 5] for i in range(len(RUN_CIRCLE))]


RUNS = all_runs()
RUN_BY_RANKS = {frozenset(run): run for run in RUNS}
