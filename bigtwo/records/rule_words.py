"""The words for house rules on the referee's view: each profile field's name and each value
a field can hold (the choices of bigtwo.rules.fields), in the ``bigtwo`` catalogs.

English keeps the declaration's own spelling (``passing = locked_out``), which is what a
referee types in a profile; other languages say it in words (German ``Passen = gesperrt``)."""

from __future__ import annotations

from bigtwo.records.i18n import NP_, Marked, translator

# TRANSLATORS: a profile field's name on the referee's view. English shows the field as a
# profile declares it; say what it decides, in a few words.
FIELD_LABELS: dict[str, Marked] = {
    "players": NP_("rule field", "players"),
    "hand_size": NP_("rule field", "hand_size"),
    "leftover": NP_("rule field", "leftover"),
    "direction": NP_("rule field", "direction"),
    "passing": NP_("rule field", "passing"),
    "suit_order": NP_("rule field", "suit_order"),
    "triples": NP_("rule field", "triples"),
    "five_card_hands": NP_("rule field", "five_card_hands"),
    "straights": NP_("rule field", "straights"),
    "straight_flushes": NP_("rule field", "straight_flushes"),
    "flush_compare": NP_("rule field", "flush_compare"),
    "five_card_order": NP_("rule field", "five_card_order"),
    "cross_category": NP_("rule field", "cross_category"),
    "bombs": NP_("rule field", "bombs"),
    "bomb_hands": NP_("rule field", "bomb_hands"),
    "revolution": NP_("rule field", "revolution"),
    "must_play_first_trick": NP_("rule field", "must_play_first_trick"),
    "no_single_two_finish_on_lead": NP_("rule field", "no_single_two_finish_on_lead"),
    "opening.first_deal": NP_("rule field", "opening.first_deal"),
    "opening.later_deals": NP_("rule field", "opening.later_deals"),
    "match.max_deals": NP_("rule field", "match.max_deals"),
    "match.target": NP_("rule field", "match.target"),
    "match.loss_limit": NP_("rule field", "match.loss_limit"),
    "teams": NP_("rule field", "teams"),
    "scoring.tiers": NP_("rule field", "scoring.tiers"),
    "scoring.two_held_factor": NP_("rule field", "scoring.two_held_factor"),
    "scoring.two_held_cards": NP_("rule field", "scoring.two_held_cards"),
    "scoring.card_penalties": NP_("rule field", "scoring.card_penalties"),
    "scoring.settlement": NP_("rule field", "scoring.settlement"),
}

# TRANSLATORS: a value a profile field holds, on the referee's view. English shows it as a
# profile declares it.
VALUES: dict[str, Marked] = {
    "yes": NP_("rule value", "yes"), "no": NP_("rule value", "no"),
    "none": NP_("rule value", "none"),
    "clockwise": NP_("rule value", "clockwise"),
    "counterclockwise": NP_("rule value", "counterclockwise"),
    "rejoin": NP_("rule value", "rejoin"), "locked_out": NP_("rule value", "locked_out"),
    "rank_first": NP_("rule value", "rank_first"), "suit_first": NP_("rule value", "suit_first"),
    "top_card": NP_("rule value", "top_card"), "as_straights": NP_("rule value", "as_straights"),
    "highest_rank": NP_("rule value", "highest_rank"),
    "top_of_run": NP_("rule value", "top_of_run"),
    "anything": NP_("rule value", "anything"),
    "lowest_card": NP_("rule value", "lowest_card"),
    "previous_winner": NP_("rule value", "previous_winner"),
    "undealt": NP_("rule value", "undealt"), "to_opener": NP_("rule value", "to_opener"),
    "ranks": NP_("rule value", "ranks"), "ranks_and_suits": NP_("rule value", "ranks_and_suits"),
    "winner_takes_all": NP_("rule value", "winner_takes_all"),
    "penalty_only": NP_("rule value", "penalty_only"),
    "winner_only": NP_("rule value", "winner_only"), "pairwise": NP_("rule value", "pairwise"),
    "once": NP_("rule value", "once"), "per_two": NP_("rule value", "per_two"),
    "straight": NP_("rule value", "straight"), "flush": NP_("rule value", "flush"),
    "full_house": NP_("rule value", "full_house"),
    "four_of_a_kind": NP_("rule value", "four_of_a_kind"),
    "straight_flush": NP_("rule value", "straight_flush"),
}
TIER = NP_("rule value", "x{multiplier} from {start}")
PENALTY_ALL = NP_("rule value", "+{points} for all of {cards}")
PENALTY_ANY = NP_("rule value", "+{points} for any of {cards}")
TEAM = NP_("rule value", "seats {seats}")
# TRANSLATORS: between the teams of a profile: "seats 0 + 2 against seats 1 + 3".
AGAINST = NP_("rule value", " against ")


def field_label(dotted: str, lang: str) -> str:
    """A profile field's name as the referee's view shows it (its dotted name if unknown)."""
    label = FIELD_LABELS.get(dotted)
    return translator(lang).marked(label) if label is not None else dotted


def value_word(value: str, lang: str) -> str:
    """A field's choice (``locked_out``) in words; other strings as they are."""
    word = VALUES.get(value)
    return translator(lang).marked(word) if word is not None else value
