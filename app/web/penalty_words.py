"""The penalty a seat paid, as the scores table says it: every variant one whole message.

A penalty is worked out in steps (``bigtwo.rules.scoring.penalty``): the cards left (or their
worth, ``scoring.card_values``) times the tier's multiplier, then x the factor for a held 2,
then x the factor for a held four of a kind or straight flush, then + the card penalties.
Which steps apply depends on the profile and the hand, so each combination is its own
message (keyed ``penalty_<cards|values>[+two][+hand][+extra]``, plural by the cards left):
a translator sees and words the whole line, never a piece added to another. Where the
penalty went under ``last_card_guard: liable`` (paid by the liable seat, or taking on
everyone's) is a whole message around the worked-out line, ``{penalty}``.

English reads as the pages always did: "11 cards x3 = 33, x2 for holding a 2 = 66".
"""

from __future__ import annotations

from app.web.catalog import N_, NN_, Message, Plural

# The steps in the order the scoring applies them (and the message keys name them).
STEPS: tuple[str, ...] = ("two", "hand", "extra")

PENALTY_MESSAGES: dict[str, Plural] = {
    "penalty_cards": NN_(
        "penalty_cards",
        "{n} card x{m} = {base}",
        "{n} cards x{m} = {base}"),
    "penalty_cards+extra": NN_(
        "penalty_cards+extra",
        "{n} card x{m} = {base}, + {extra} card penalty = {after_extra}",
        "{n} cards x{m} = {base}, + {extra} card penalty = {after_extra}"),
    "penalty_cards+hand": NN_(
        "penalty_cards+hand",
        "{n} card x{m} = {base}, x{hand} for a four or straight flush in hand = {after_hand}",
        "{n} cards x{m} = {base}, x{hand} for a four or straight flush in hand = {after_hand}"),
    "penalty_cards+hand+extra": NN_(
        "penalty_cards+hand+extra",
        "{n} card x{m} = {base}, x{hand} for a four or straight flush in hand = {after_hand}, + {extra} card penalty = {after_extra}",
        "{n} cards x{m} = {base}, x{hand} for a four or straight flush in hand = {after_hand}, + {extra} card penalty = {after_extra}"),
    "penalty_cards+two": NN_(
        "penalty_cards+two",
        "{n} card x{m} = {base}, x{two} for holding a 2 = {after_two}",
        "{n} cards x{m} = {base}, x{two} for holding a 2 = {after_two}"),
    "penalty_cards+two+extra": NN_(
        "penalty_cards+two+extra",
        "{n} card x{m} = {base}, x{two} for holding a 2 = {after_two}, + {extra} card penalty = {after_extra}",
        "{n} cards x{m} = {base}, x{two} for holding a 2 = {after_two}, + {extra} card penalty = {after_extra}"),
    "penalty_cards+two+hand": NN_(
        "penalty_cards+two+hand",
        "{n} card x{m} = {base}, x{two} for holding a 2 = {after_two}, x{hand} for a four or straight flush in hand = {after_hand}",
        "{n} cards x{m} = {base}, x{two} for holding a 2 = {after_two}, x{hand} for a four or straight flush in hand = {after_hand}"),
    "penalty_cards+two+hand+extra": NN_(
        "penalty_cards+two+hand+extra",
        "{n} card x{m} = {base}, x{two} for holding a 2 = {after_two}, x{hand} for a four or straight flush in hand = {after_hand}, + {extra} card penalty = {after_extra}",
        "{n} cards x{m} = {base}, x{two} for holding a 2 = {after_two}, x{hand} for a four or straight flush in hand = {after_hand}, + {extra} card penalty = {after_extra}"),
    "penalty_values": NN_(
        "penalty_values",
        "{n} card worth {v} x{m} = {base}",
        "{n} cards worth {v} x{m} = {base}"),
    "penalty_values+extra": NN_(
        "penalty_values+extra",
        "{n} card worth {v} x{m} = {base}, + {extra} card penalty = {after_extra}",
        "{n} cards worth {v} x{m} = {base}, + {extra} card penalty = {after_extra}"),
    "penalty_values+hand": NN_(
        "penalty_values+hand",
        "{n} card worth {v} x{m} = {base}, x{hand} for a four or straight flush in hand = {after_hand}",
        "{n} cards worth {v} x{m} = {base}, x{hand} for a four or straight flush in hand = {after_hand}"),
    "penalty_values+hand+extra": NN_(
        "penalty_values+hand+extra",
        "{n} card worth {v} x{m} = {base}, x{hand} for a four or straight flush in hand = {after_hand}, + {extra} card penalty = {after_extra}",
        "{n} cards worth {v} x{m} = {base}, x{hand} for a four or straight flush in hand = {after_hand}, + {extra} card penalty = {after_extra}"),
    "penalty_values+two": NN_(
        "penalty_values+two",
        "{n} card worth {v} x{m} = {base}, x{two} for holding a 2 = {after_two}",
        "{n} cards worth {v} x{m} = {base}, x{two} for holding a 2 = {after_two}"),
    "penalty_values+two+extra": NN_(
        "penalty_values+two+extra",
        "{n} card worth {v} x{m} = {base}, x{two} for holding a 2 = {after_two}, + {extra} card penalty = {after_extra}",
        "{n} cards worth {v} x{m} = {base}, x{two} for holding a 2 = {after_two}, + {extra} card penalty = {after_extra}"),
    "penalty_values+two+hand": NN_(
        "penalty_values+two+hand",
        "{n} card worth {v} x{m} = {base}, x{two} for holding a 2 = {after_two}, x{hand} for a four or straight flush in hand = {after_hand}",
        "{n} cards worth {v} x{m} = {base}, x{two} for holding a 2 = {after_two}, x{hand} for a four or straight flush in hand = {after_hand}"),
    "penalty_values+two+hand+extra": NN_(
        "penalty_values+two+hand+extra",
        "{n} card worth {v} x{m} = {base}, x{two} for holding a 2 = {after_two}, x{hand} for a four or straight flush in hand = {after_hand}, + {extra} card penalty = {after_extra}",
        "{n} cards worth {v} x{m} = {base}, x{two} for holding a 2 = {after_two}, x{hand} for a four or straight flush in hand = {after_hand}, + {extra} card penalty = {after_extra}"),
}

PAID_BY = N_("penalty_paid_by", "{penalty}, paid by {name}")
TAKES_ALL = N_("penalty_takes_all", "{penalty}, takes all: pays {pays} for everyone")
# Never expected: the report's number differs from the steps shown; both are shown.
REPORT_DIFFERS = N_("penalty_report", "{penalty} (report: {report})")
MOVED_MESSAGES: dict[str, Message] = {
    "penalty_paid_by": PAID_BY, "penalty_takes_all": TAKES_ALL, "penalty_report": REPORT_DIFFERS}


def penalty_key(worth: bool, steps: tuple[str, ...]) -> str:
    """The message key of a penalty line: ``penalty_cards+two+extra``."""
    return "penalty_" + ("values" if worth else "cards") + "".join("+" + s for s in steps)
