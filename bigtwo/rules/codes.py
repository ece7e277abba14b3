"""The closed vocabularies of a report: rule codes, their reasons, and deal statuses.

``RuleCode`` lists the codes in the precedence of RECORDS.md's table: when several apply to
one move the report names the first (with the exceptions the replay states). Members are
strings, so reports, messages and stored rows keep the plain code text. ``WHEN`` says when
each applies and ``REASONS`` names the situations a code's ``reason`` param tells apart:
RECORDS.md's "when" column is written from both (scripts/field_table.py), a registry entry's
``why(code, when)`` may name only a declared reason (``bigtwo.rules.declarations``), and a
reason with a sentence of its own is worded by it in every message (``bigtwo.reports.messages``).
"""

from __future__ import annotations

from enum import StrEnum

from bigtwo.rules.frozen import Frozen


def NP_(context: str, text: str) -> str:  # noqa: N802 - the gettext marker extraction looks for
    """Mark a message of the rules core for `make extract` (the Makefile's BABEL_KEYWORDS) with
    its msgctxt, spelled out because the extractor reads literals; the English text itself.
    The rules core reads no catalog: ``bigtwo.records`` translates what it marks."""
    return text


# The msgctxt of a reason's own sentence.
REFUSAL_CONTEXT = "house rule"


class RuleCode(StrEnum):
    PROOF_MISMATCH = "PROOF_MISMATCH"
    PLAYER_COUNT = "PLAYER_COUNT"
    HAND_SIZE = "HAND_SIZE"
    DUPLICATE_CARD = "DUPLICATE_CARD"
    WRONG_TURN = "WRONG_TURN"
    LOCKED_OUT = "LOCKED_OUT"
    CARD_NOT_HELD = "CARD_NOT_HELD"
    JOKER_STAND_IN = "JOKER_STAND_IN"
    CARD_COUNT = "CARD_COUNT"
    NOT_A_COMBINATION = "NOT_A_COMBINATION"
    COMBINATION_NOT_ALLOWED = "COMBINATION_NOT_ALLOWED"
    CATEGORY = "CATEGORY"
    DOES_NOT_BEAT = "DOES_NOT_BEAT"
    MUST_PLAY_HIGHEST = "MUST_PLAY_HIGHEST"
    OPENING_CARD = "OPENING_CARD"
    LEADER_MUST_PLAY = "LEADER_MUST_PLAY"
    MUST_PLAY = "MUST_PLAY"
    FORBIDDEN_FINISH = "FORBIDDEN_FINISH"
    MOVE_AFTER_END = "MOVE_AFTER_END"
    INCOMPLETE = "INCOMPLETE"
    MATCH_OVER = "MATCH_OVER"
    DECLARED_MISMATCH = "DECLARED_MISMATCH"
    RESULT_WINNER = "RESULT_WINNER"
    RESULT_CARD_COUNT = "RESULT_CARD_COUNT"
    RESULT_LIABLE = "RESULT_LIABLE"
    RESULT_PLACES = "RESULT_PLACES"


# When each code applies: RECORDS.md's "when" column, followed there by the code's reasons.
WHEN: dict[RuleCode, str] = {
    RuleCode.PROOF_MISMATCH: "a deal's `proof` (a live table's, v5) does not hold; checked before "
                             "anything else of its deal, which is then not checked",
    RuleCode.PLAYER_COUNT: "the record's hands or player names do not match the profile's `players`",
    RuleCode.HAND_SIZE: "a seat was dealt the wrong number of cards",
    RuleCode.DUPLICATE_CARD: "a card was dealt, played in one play or left on a score sheet more "
                             "often than the decks hold it (twice with one deck); a joker more "
                             "often than `decks` × `jokers`",
    RuleCode.WRONG_TURN: "the move's seat is not the seat whose turn it is",
    RuleCode.LOCKED_OUT: "under `passing: locked_out`, a seat that passed plays again before the "
                         "next lead",
    RuleCode.CARD_NOT_HELD: "a played (or left) card, or a joker, is not in that seat's hand, or "
                            "is named more often than the seat holds it",
    RuleCode.JOKER_STAND_IN: "a joker in a play names no card (`JK`), or names a joker (`JK=JK`)",
    RuleCode.CARD_COUNT: "a follow has another number of cards than the table, and is no allowed "
                         "bomb",
    RuleCode.NOT_A_COMBINATION: "the cards form no combination",
    RuleCode.COMBINATION_NOT_ALLOWED: "a combination this profile switches off",
    RuleCode.CATEGORY: "a five-card hand of another category where categories may not cross",
    RuleCode.DOES_NOT_BEAT: "a combination of the same kind, but not higher",
    RuleCode.MUST_PLAY_HIGHEST: "under `last_card_guard: highest_single`, a single that is not the "
                                "player's highest card while the next seat still playing holds "
                                "one card (params `protected`, `highest`)",
    RuleCode.OPENING_CARD: "the deal's first play lacks the lowest card (a joker named as it does "
                           "not count), or the opening turn timed out",
    RuleCode.LEADER_MUST_PLAY: "the player who leads passes",
    RuleCode.MUST_PLAY: "a pass in the first trick while holding a beating play",
    RuleCode.FORBIDDEN_FINISH: "going out by leading a single 2",
    RuleCode.MOVE_AFTER_END: "a move after a player went out",
    RuleCode.INCOMPLETE: "a deal ends before anyone went out, and complete deals were asked for",
    RuleCode.MATCH_OVER: "a deal after the match limit was reached",
    RuleCode.DECLARED_MISMATCH: "the declared winner or a declared score differs from the replay "
                                "(once per seat that differs)",
    RuleCode.RESULT_WINNER: "a result-only deal has no seat, or more than one, without cards left",
    RuleCode.RESULT_CARD_COUNT: "a result-only deal's count is below 0 or above what the seat was "
                                "dealt",
    RuleCode.RESULT_LIABLE: "a result-only deal's `liable` seat is one no profile field can make "
                            "liable: the winner without `last_card_call: liable`, a loser "
                            "without `last_card_guard: liable`, or no seat of the table",
    RuleCode.RESULT_PLACES: "under `finish: placings`, a result-only deal's `places` do not name "
                            "every seat exactly once",
}


class Reason(Frozen):
    """One situation of a code, as its error's ``reason`` param names it: ``when`` is what
    RECORDS.md says of it; ``says`` its own English sentence (msgctxt ``REFUSAL_CONTEXT``), or
    None where the code's message words it."""

    __slots__ = ("name", "when", "says")
    name: str
    when: str
    says: str | None

    def __init__(self, name: str, when: str, says: str | None = None) -> None:
        self._set(name=name, when=when, says=says)


# Every reason the core gives each code; a code not listed gives none. A house rule that
# refuses with a sentence of its own adds its reason here, under the code it refuses with.
REASONS: dict[RuleCode, tuple[Reason, ...]] = {
    RuleCode.PROOF_MISMATCH: (
        Reason("commitment", "the seed does not give the commitment"),
        Reason("deal_code", "the deal code is not the one the seed and the contributions make"),
        Reason("hands", "the hands are not that code's (`seat`: the first seat that differs)"),
    ),
    RuleCode.WRONG_TURN: (
        Reason("unbeatable", "after a play that ended its trick at once (`unbeatable_ends_trick`): "
                             "its player leads"),
    ),
    RuleCode.NOT_A_COMBINATION: (
        Reason("four_cards", "four of a rank alone"),
        Reason("shape", "any other cards"),
    ),
    RuleCode.COMBINATION_NOT_ALLOWED: (
        Reason("no_triples", "triples", NP_("house rule", "House rule: no triples")),
        Reason("no_five_card_hands", "five-card hands",
               NP_("house rule", "House rule: no five-card hands")),
        Reason("no_two_in_straights", "a straight with a 2",
               NP_("house rule", "House rule: no 2 in straights")),
        Reason("straight_not_listed", "a run not in `straights`",
               NP_("house rule", "House rule: this straight does not count")),
    ),
}
# Codes with reasons that also refuse without one (a reason added to a code that had none):
# an error of theirs that names no reason is that plain situation, where for the others it
# may be any of their reasons.
ALSO_WITHOUT_REASON: frozenset[RuleCode] = frozenset({RuleCode.WRONG_TURN})
assert set(WHEN) == set(RuleCode), "every code says when it applies"
assert set(REASONS) >= ALSO_WITHOUT_REASON, "a code without reasons always refuses without one"


class DealStatus(StrEnum):
    COMPLETE = "complete"  # someone went out and every move was legal
    INCOMPLETE = "incomplete"  # the log ends before anyone went out
    INVALID = "invalid"  # a rule error in its moves or its result
    NOT_CHECKED = "not_checked"  # a deal-level problem, after the match, or no known leader
    SCORED = "scored"  # a result-only deal (a score sheet's row), scored without moves
