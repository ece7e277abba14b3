"""The house rules a page names beside a ruling ("passing = locked_out"), with the value
worded in the page's language.

The field stays its API name (``passing``: what a profile is written with); the value is
translated from the field registry's closed choices (``bigtwo.rules.fields``), each with the
field as its gettext context, so that ``none`` of ``bombs`` and ``none`` of ``revolution``
can be worded apart. English pages show the values as profiles spell them, as before.
Numbers follow the locale; suits are drawn as players write them (♣ < ♠ < ♥ < ♦).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.web.catalog import DEFAULT, N_, Message, join, number, translate
from bigtwo.records.field_words import value_text as library_value_text
from bigtwo.records.timeline import house_rules as explaining_values
from bigtwo.rules.profiles import Profile

# Every closed choice of the registry, by field (tests/web/test_catalogs.py checks that none
# is missing, so a new choice cannot stay English on the other pages).
CHOICE_VALUES: dict[str, dict[str, Message]] = {
"direction": {"clockwise": N_("rule value: direction", "clockwise"), "counterclockwise": N_("rule value: direction", "counterclockwise")},
    "flush_compare": {"rank_first": N_("rule value: flush_compare", "rank_first"), "suit_first": N_("rule value: flush_compare", "suit_first"), "top_card": N_("rule value: flush_compare", "top_card")},
    "straight_flush_compare": {"as_straights": N_("rule value: straight_flush_compare", "as_straights"), "suit_first": N_("rule value: straight_flush_compare", "suit_first")},
    "straight_key": {"highest_rank": N_("rule value: straight_key", "highest_rank"), "top_of_run": N_("rule value: straight_key", "top_of_run")},
    "bombs": {"none": N_("rule value: bombs", "none"), "anything": N_("rule value: bombs", "anything"), "on_twos": N_("rule value: bombs", "on_twos")},
    "revolution_repeats": {"stays": N_("rule value: revolution_repeats", "stays"), "toggles": N_("rule value: revolution_repeats", "toggles")},
    "last_card_guard": {"none": N_("rule value: last_card_guard", "none"), "highest_single": N_("rule value: last_card_guard", "highest_single"), "liable": N_("rule value: last_card_guard", "liable")},
    "finish": {"first_out": N_("rule value: finish", "first_out"), "placings": N_("rule value: finish", "placings")},
    "passing": {"rejoin": N_("rule value: passing", "rejoin"), "locked_out": N_("rule value: passing", "locked_out")},
    "opening.first_deal": {"lowest_card": N_("rule value: opening.first_deal", "lowest_card")},
    "opening.later_deals": {"lowest_card": N_("rule value: opening.later_deals", "lowest_card"), "previous_winner": N_("rule value: opening.later_deals", "previous_winner")},
    "leftover": {"undealt": N_("rule value: leftover", "undealt"), "to_opener": N_("rule value: leftover", "to_opener")},
    "revolution": {"none": N_("rule value: revolution", "none"), "ranks": N_("rule value: revolution", "ranks"), "ranks_and_suits": N_("rule value: revolution", "ranks_and_suits")},
    "scoring.settlement": {"winner_takes_all": N_("rule value: scoring.settlement", "winner_takes_all"), "penalty_only": N_("rule value: scoring.settlement", "penalty_only"), "winner_only": N_("rule value: scoring.settlement", "winner_only"), "pairwise": N_("rule value: scoring.settlement", "pairwise")},
    "scoring.two_held_mode": {"once": N_("rule value: scoring.two_held_mode", "once"), "per_two": N_("rule value: scoring.two_held_mode", "per_two")},
}
CATEGORY_VALUES: dict[str, Message] = {
    "straight": N_("rule value: category", "straight"), "flush": N_("rule value: category", "flush"), "full_house": N_("rule value: category", "full_house"), "four_of_a_kind": N_("rule value: category", "four_of_a_kind"), "straight_flush": N_("rule value: category", "straight_flush"),
}
YES = N_("rule value", "yes")
NO = N_("rule value", "no")
NONE = N_("rule value", "none")
TIER = N_("rule value: tier", "x{m} from {n}")
CARD_PENALTY_ALL = N_("rule value: card penalty", "+{p} for all of {cards}")
CARD_PENALTY_ANY = N_("rule value: card penalty", "+{p} for any of {cards}")
TEAM = N_("rule value: team", "seats {seats}")
AGAINST = N_("rule value: teams", "{first} against {second}")
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def _say(message: Message, lang: str, **fields: Any) -> str:
    return translate(lang, message).format(**fields)


def value_text(dotted: str, value: Any, lang: str) -> str:
    """A profile value as a referee reads it in ``lang`` (a language the library does not
    word yet; English as the library words it)."""
    if lang == DEFAULT:
        return library_value_text(dotted, value, DEFAULT)
    choices = CHOICE_VALUES.get(dotted)
    if choices is not None and isinstance(value, str) and value in choices:
        return translate(lang, choices[value])
    if isinstance(value, bool):
        return translate(lang, YES if value else NO)
    if isinstance(value, int):
        return number(value, lang)
    if value is None or value == []:
        return translate(lang, NONE)
    if isinstance(value, list):
        return _list_text(value, lang)
    return library_value_text(dotted, value, DEFAULT)


def _list_text(value: list[Any], lang: str) -> str:
    if all(isinstance(v, Mapping) and "multiplier" in v for v in value):
        return join((_say(TIER, lang, m=number(v["multiplier"], lang), n=number(v["from"], lang))
                     for v in value), lang)
    if all(isinstance(v, Mapping) and "points" in v for v in value):
        return join((_say(CARD_PENALTY_ALL if v.get("all") else CARD_PENALTY_ANY, lang,
                          p=number(v["points"], lang), cards=" ".join(v["cards"]))
                     for v in value), lang)
    if all(isinstance(v, list) for v in value) and len(value) == 2:  # teams: [[0, 2], [1, 3]]
        first, second = (_say(TEAM, lang, seats=" + ".join(str(s) for s in team)) for team in value)
        return _say(AGAINST, lang, first=first, second=second)
    if all(isinstance(v, str) and v in CATEGORY_VALUES for v in value):
        return join((translate(lang, CATEGORY_VALUES[v]) for v in value), lang)
    if all(isinstance(v, str) and len(v) == 1 for v in value):  # suit or rank order
        return " < ".join(SUIT_SYMBOLS.get(v, v) for v in value)
    return join((str(v) for v in value), lang)


def house_rules(profile: Profile, code: str, params: Mapping[str, Any],
                lang: str) -> list[tuple[str, str]]:
    """(field, value) pairs of the profile that explain an error, the value in ``lang``."""
    return [(f, value_text(f, value, lang)) for f, value in explaining_values(profile, code, params)]
