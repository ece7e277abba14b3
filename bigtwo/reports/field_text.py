"""Profile fields in words, in every language: the one formatter of a field's label and value.

The registry (``bigtwo.rules.registry``) declares every field's label, and its closed choices
(``bigtwo.rules.choices``) every value, in English, marked for extraction; this module translates them from the ``bigtwo``
catalogs (msgctxt ``field`` and ``field-value``) and words the other kinds of values with
the messages below. The pages' "house rules that decide this" line, the tournament's
"profiles differ" text and whatever else names a field read it here, so a field is worded
one way everywhere. English values read as the declaration spells them (``locked_out``,
``D < C < H < S``), so a referee can copy them into a profile; other languages word them
as ``messages`` does (cards as "Karo 3" and "3♦").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bigtwo.reports.i18n import DEFAULT_LANGUAGE, NP_, Marked, Translator, supported, translator
from bigtwo.reports.messages import card_text
from bigtwo.reports.timeline import house_rules
from bigtwo.rules import choices, kinds, registry
from bigtwo.rules.profiles import Profile

# TRANSLATORS: a field's value of "no value" (null, or an empty list).
_NONE = NP_("field-value-text", "none")
# TRANSLATORS: a true/false field's value.
_YES = NP_("field-value-text", "yes")
_NO = NP_("field-value-text", "no")
# TRANSLATORS: one penalty tier: "x2 from 8" cards left; {m} the multiplier, {n} the cards.
_TIER = NP_("field-value-text", "x{m} from {n}")
# TRANSLATORS: one extra penalty: {p} points for holding all (or any) of {cards}.
_ALL = NP_("field-value-text", "+{p} for all of {cards}")
_ANY = NP_("field-value-text", "+{p} for any of {cards}")
# TRANSLATORS: one team of `teams`, by its seats ("seats 0 + 2").
_SEATS = NP_("field-value-text", "seats {seats}")
# TRANSLATORS: between the two teams ("seats 0 + 2 against seats 1 + 3"), spaces included.
_AGAINST = NP_("field-value-text", " against ")
# TRANSLATORS: a suit in `suit_order` ("D < C < H < S"): English keeps the letter a profile is
# written with; other languages the suit's name.
_SUITS: dict[str, Marked] = {
    "C": NP_("suit in a field's value", "C"), "D": NP_("suit in a field's value", "D"),
    "H": NP_("suit in a field's value", "H"), "S": NP_("suit in a field's value", "S"),
}


def label(dotted: str, lang: str) -> str:
    """What players call a field (``passing``: "after a pass")."""
    return translator(lang).pgettext(choices.LABEL_CONTEXT, registry.BY_DOTTED[dotted].label)


def value_text(dotted: str, value: Any, lang: str) -> str:
    """A field's declared value as a referee reads it: lists joined, tiers as 'x2 from 8'."""
    return _text(registry.BY_DOTTED[dotted].kind, value, translator(lang))


def _text(kind: kinds.Kind, value: Any, t: Translator) -> str:
    if value is None:
        return t.marked(_NONE)
    if isinstance(kind, kinds.Bool):
        return t.marked(_YES if value else _NO)
    if isinstance(kind, kinds.Choice):
        context = choices.OWN_VALUE_CONTEXT.get((kind.enum, str(value)), choices.VALUE_CONTEXT)
        return t.pgettext(context, str(value))
    if isinstance(kind, kinds.Card):
        return _card(value, t)
    if isinstance(kind, kinds.Teams):
        return t.marked(_AGAINST).join(t.marked(_SEATS, seats=" + ".join(map(str, team)))
                                       for team in value)
    if isinstance(kind, kinds.ListOf):
        return _list_text(kind.item, value, t)
    if isinstance(kind, kinds.Obj):
        return "; ".join(f"{key} {_text(k, value[key], t)}" for key, k in kind.keys)
    if isinstance(value, Mapping):  # e.g. points by rank
        return ", ".join(f"{key} = {v}" for key, v in value.items())
    return str(value)


def _list_text(item: kinds.Kind, value: list[Any], t: Translator) -> str:
    if not value:
        return t.marked(_NONE)
    if isinstance(item, kinds.Obj) and all("multiplier" in v for v in value):
        return ", ".join(t.marked(_TIER, m=v["multiplier"], n=v["from"]) for v in value)
    if isinstance(item, kinds.Obj) and all("points" in v for v in value):
        return "; ".join(t.marked(_ALL if v["all"] else _ANY, p=v["points"],
                                  cards=_cards(v["cards"], t))
                         for v in value)
    if isinstance(item, kinds.Text):  # suit letters
        return " < ".join(t.marked(_SUITS[s]) if s in _SUITS else s for s in value)
    return ", ".join(_text(item, v, t) for v in value)


def _card(name: str, t: Translator) -> str:
    return name if t.lang == DEFAULT_LANGUAGE else card_text(name, t.lang)


def _cards(names: list[str], t: Translator) -> str:
    if t.lang == DEFAULT_LANGUAGE:
        return " ".join(names)
    return ", ".join(card_text(c, t.lang) for c in names)


def house_rules_view(profile: Profile, code: str, params: Mapping[str, Any],
                     lang: str) -> list[dict[str, str]]:
    """The fields that explain an error, worded for ``lang``: field path, label and value."""
    lang = supported(lang)
    return [{"field": dotted, "label": label(dotted, lang), "value": value_text(dotted, value, lang)}
            for dotted, value in house_rules(profile, code, params)]
