"""The closed vocabularies of a report: rule codes and deal statuses.

``RuleCode`` lists the codes in the precedence of RECORDS.md's table: when several apply to
one move the report names the first (with the exceptions the replay states). Members are
strings, so reports, messages and stored rows keep the plain code text.
"""

from __future__ import annotations

from enum import StrEnum


class RuleCode(StrEnum):
    PLAYER_COUNT = "PLAYER_COUNT"
    HAND_SIZE = "HAND_SIZE"
    DUPLICATE_CARD = "DUPLICATE_CARD"
    WRONG_TURN = "WRONG_TURN"
    LOCKED_OUT = "LOCKED_OUT"
    CARD_NOT_HELD = "CARD_NOT_HELD"
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


class DealStatus(StrEnum):
    COMPLETE = "complete"  # someone went out and every move was legal
    INCOMPLETE = "incomplete"  # the log ends before anyone went out
    INVALID = "invalid"  # a rule error in its moves or its result
    NOT_CHECKED = "not_checked"  # a deal-level problem, after the match, or no known leader
    SCORED = "scored"  # a result-only deal (a score sheet's row), scored without moves
