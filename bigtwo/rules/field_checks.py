"""The rules relating several profile fields (``CHECKS``): each is run once every field it
reads has loaded, and its problem is reported at the field it names, in plain words a person
declaring a house rule can act on. The single fields are declared in ``bigtwo.rules.registry``.
"""

from __future__ import annotations

from typing import Any

from bigtwo.rules import cards
from bigtwo.rules.cards import CATEGORIES
from bigtwo.rules.choices import Check, Finish, LastCardCall, LastCardGuard, Settlement
from bigtwo.rules.kinds import JOKER_NAME


def _permutation_of_suits(suits: list[str]) -> str | None:
    if sorted(suits) != sorted(cards.SUITS):
        return "must be a permutation of D, C, H, S (low to high)"
    return None


def _each_category_once(order: list[str]) -> str | None:
    placed = [c for c in order if c != cards.FIVE_OF_A_KIND]
    if sorted(placed) != sorted(CATEGORIES) or len(order) - len(placed) > 1:
        return ("must list each five-card category exactly once (five_of_a_kind at most once, "
                "or not at all)")
    return None


def _deck_fits(players: int, hand_size: int, decks: int, jokers: int) -> str | None:
    supply = decks * (cards.DECK_SIZE + jokers)
    if players * hand_size > supply:
        held = f"{decks} decks" if decks > 1 else "the deck"
        if jokers:
            held += f" with {jokers} joker{'s' if jokers > 1 else ''} each" if decks > 1 else (
                f" with {jokers} joker{'s' if jokers > 1 else ''}")
        return (f"{players} hands of {hand_size} cards need {players * hand_size} cards; "
                f"{held} hold{'' if decks > 1 else 's'} {supply}")
    return None


def _teams_of_four(teams: Any, players: int) -> str | None:
    if teams is not None and players != 4:
        return f"teams need 4 players (two against two); this profile has {players}"
    return None


def _pairwise_without_teams(settlement: str, teams: Any) -> str | None:
    if settlement == Settlement.PAIRWISE and teams is not None:
        return ("pairwise settlement is for players, not teams: the team formulas exist for "
                "winner_takes_all, penalty_only and winner_only")
    return None


def _liable_needs_first_out(guard: str, finish: str, teams: Any) -> str | None:
    if guard != LastCardGuard.LIABLE:
        return None
    if finish != Finish.FIRST_OUT:
        return ("liable needs finish: first_out: the liable seat pays the losers' penalties, "
                "and under placings nobody pays a penalty")
    if teams is not None:
        return "liable is for players, not teams: one seat pays every loser's penalty"
    return None


def _placings_without_teams(finish: str, teams: Any) -> str | None:
    if finish == Finish.PLACINGS and teams is not None:
        return "placings are for players, not teams: every seat takes a place of its own"
    return None


def _call_needs_first_out(call: str, finish: str, teams: Any, settlement: str) -> str | None:
    # Reading 12: the liable winner pays the losers' penalties, so there must be a winner,
    # penalties, one seat to pay them, and a settlement that says who collects from it.
    if call != LastCardCall.LIABLE:
        return None
    if finish != Finish.FIRST_OUT:
        return ("liable needs finish: first_out: the winner who missed the call pays the "
                "losers' penalties, and under placings nobody pays a penalty")
    if teams is not None:
        return "liable is for players, not teams: the winner alone pays every loser's penalty"
    if settlement not in (Settlement.PAIRWISE, Settlement.PENALTY_ONLY):
        return (f"liable needs scoring.settlement pairwise or penalty_only: under {settlement} "
                f"the winner collects, and nobody would collect from a winner who pays")
    return None


def _joker_named(listed: bool, jokers: int, field: str) -> str | None:
    if listed and not jokers:
        return f"{field} names JK, but this profile has no jokers (jokers: 0)"
    return None


def _values_cover_jokers(values: dict[str, int] | None, jokers: int) -> str | None:
    # Reading 9: a joker left is one card, so under card_values it needs a worth of its own.
    if values is None:
        return None
    if jokers and JOKER_NAME not in values:
        return "with jokers every card left needs a value: give JK a value too"
    return _joker_named(JOKER_NAME in values, jokers, "card_values")


def _two_held_jokers(listed: list[str], jokers: int) -> str | None:
    return _joker_named(JOKER_NAME in listed, jokers, "two_held_cards")


def _penalty_jokers(entries: list[dict[str, Any]], jokers: int) -> str | None:
    return _joker_named(any(JOKER_NAME in e["cards"] for e in entries), jokers, "card_penalties")


def _place_points_with_placings(points: list[int] | None, finish: str, players: int) -> str | None:
    if finish == Finish.PLACINGS and points is None:
        return "finish: placings needs place_points, one number per place"
    if finish != Finish.PLACINGS and points is not None:
        return "place_points need finish: placings (without places, losers pay penalties)"
    if points is not None and len(points) != players:
        return f"give exactly {players} numbers, one per place ({len(points)} given)"
    return None


def _tiers_in_order(tiers: list[dict[str, int]]) -> str | None:
    starts = [t["from"] for t in tiers]
    if starts[0] != 1:
        return "the first tier must start at 1 card"
    if any(b <= a for a, b in zip(starts, starts[1:], strict=False)):
        return "tiers must be in increasing order of 'from'"
    return None


CHECKS: tuple[Check, ...] = (
    Check((("suit_order",),), ("suit_order",), _permutation_of_suits),
    Check((("five_card_order",),), ("five_card_order",), _each_category_once),
    Check((("players",), ("hand_size",), ("decks",), ("jokers",)), ("hand_size",), _deck_fits),
    Check((("teams",), ("players",)), ("teams",), _teams_of_four),
    Check((("scoring", "tiers"),), ("scoring", "tiers"), _tiers_in_order),
    Check((("scoring", "settlement"), ("teams",)), ("scoring", "settlement"),
          _pairwise_without_teams),
    Check((("last_card_guard",), ("finish",), ("teams",)), ("last_card_guard",),
          _liable_needs_first_out),
    Check((("finish",), ("teams",)), ("finish",), _placings_without_teams),
    Check((("scoring", "place_points"), ("finish",), ("players",)), ("scoring", "place_points"),
          _place_points_with_placings),
    Check((("last_card_call",), ("finish",), ("teams",), ("scoring", "settlement")),
          ("last_card_call",), _call_needs_first_out),
    Check((("scoring", "card_values"), ("jokers",)), ("scoring", "card_values"),
          _values_cover_jokers),
    Check((("scoring", "two_held_cards"), ("jokers",)), ("scoring", "two_held_cards"),
          _two_held_jokers),
    Check((("scoring", "card_penalties"), ("jokers",)), ("scoring", "card_penalties"),
          _penalty_jokers),
)
