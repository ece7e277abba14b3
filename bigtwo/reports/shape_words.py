"""What the record reader says about a record's shape, in every language of ``i18n``.

The reader (``bigtwo.records.parse``) makes each problem a value: a pointer, a key of
``SHAPE_WORDS`` and what fills it in; its ``detail`` is the English sentence, so English
answers need no catalog. ``localize`` says the same problems in another language at the
edge (a report's language: the CLI's ``--lang``, the API's ``?lang=`` or Accept-Language).
Pointers, codes and the card text a record gave stay as they are in every language.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from bigtwo.reports.i18n import DEFAULT_LANGUAGE, NP_, Marked, supported, translator
from bigtwo.reports.notation_words import NOTATION_WORDS
from bigtwo.rules.problems import Problem

# TRANSLATORS: problems with the shape of a game record (RECORDS.md). Keep the JSON field
# names in double quotes ("seat", "play", "pass", "hands", "deal_code", "moves", "result",
# "cards_left", "left", "places", "liable"), the profile field values (finish: placings,
# last_card_guard: liable), --profile and ?profile= as they are: they are what to type.
SHAPE_WORDS: dict[str, Marked] = {
    "record": NP_("record shape", "a record is a JSON object with profile, players and deals"),
    "no_profile": NP_("record shape", "missing: name a preset or a stored profile, or give one (the "
                               "command line's --profile, or ?profile= on POST /v1/validate, "
                               "gives one to every record without)"),
    "players": NP_("record shape", "must be a list of names (1 to {n} characters)"),
    "meta": NP_("record shape", "must be an object"),
    "deals": NP_("record shape", "must be a non-empty list of deals"),
    "too_many_deals": NP_("record shape", "{n} deals is over the limit of {cap} per record"),
    "too_many_deals_moves": NP_("record shape", "{n} deals is over the limit of {cap} per record ({most} "
                                         "when every deal gives only its result)"),
    "unknown_near": NP_("record shape", "unknown field (did you mean {near}?)"),
    "unknown_list": NP_("record shape", "unknown field (the fields here: {fields})"),
    "unknown_seat": NP_("record shape", "unknown field: a move names its player by seat number, as "
                                 "\"seat\""),
    "deal": NP_("record shape", "a deal is an object with hands (or deal_code) and moves, or a result"),
    "hands_or_code": NP_("record shape", "a deal gives either \"hands\" or \"deal_code\""),
    "hands": NP_("record shape", "must be a list of hands, one per seat"),
    "too_many_hands": NP_("record shape", "{n} hands is more than a deck could deal (at most {most})"),
    "moves_or_result": NP_("record shape", "a deal gives either \"moves\" or \"result\", not both"),
    "no_moves": NP_("record shape", "missing: every turn of the deal, in order (or a result)"),
    "card_list": NP_("record shape", "must be a list of cards"),
    "too_many_cards": NP_("record shape", "{n} cards is over the limit of {most} here"),
    "not_a_card": NP_("record shape", "{text} is not a card (e.g. '3D', 'TH', '10h', 'T♥', '♥10')"),
    "move_list": NP_("record shape", "must be a list of moves"),
    "too_many_moves": NP_("record shape", "{n} moves is over the limit of {most} per deal"),
    "move": NP_("record shape", "a move is {{\"seat\": n, \"play\": [cards]}} or {{\"seat\": n, "
                         "\"pass\": true}}"),
    "seat": NP_("record shape", "must be a seat number (0-{last})"),
    "no_seat": NP_("record shape", "missing: the seat number (0-{last}) of the player who moves"),
    "seat_range": NP_("record shape", "seat {seat} is out of range: this table has seats 0-{last} "
                               "(shown as 1-{players} on the pages)"),
    "play_or_pass": NP_("record shape", "a move has either \"play\" or \"pass\", not both or neither"),
    "pass_true": NP_("record shape", "must be true"),
    "one_move_kind": NP_("record shape", "a move has exactly one of \"play\", \"pass\" and "
                                         "\"timeout\""),
    "no_timeouts": NP_("record shape", "only a profile with timeouts: pass records a turn that timed "
                                       "out; this one has timeouts: none"),
    "no_calls": NP_("record shape", "only a profile with last_card_call: liable records the call; "
                                    "this one has last_card_call: none"),
    "call_on_play": NP_("record shape", "only a play carries the call"),
    "empty_play": NP_("record shape", "a play names at least one card"),
    "declared": NP_("record shape", "must be an object like {{\"winner\": 2, \"scores\": [...]}}"),
    "winner": NP_("record shape", "must be a seat number or null"),
    "scores": NP_("record shape", "must be a list of whole numbers or null"),
    "result": NP_("record shape", "must be an object: {{\"cards_left\": [...]}} or {{\"left\": [[...], "
                           "...]}}"),
    "places_not_here": NP_("record shape", "places are given only under finish: placings; this profile "
                                    "ends the deal when the first player goes out: give "
                                    "cards_left or left"),
    "left_or_counts": NP_("record shape", "a result gives either \"cards_left\" or \"left\""),
    "left": NP_("record shape", "must be a list of card lists, one per seat"),
    "too_many_seats": NP_("record shape", "{n} seats is more than a deck could deal (at most {most})"),
    "cards_left": NP_("record shape", "must be a list of whole numbers, one per seat"),
    "needs_left": NP_("record shape", "this profile's scoring depends on which cards are held ({why}): "
                               "give result.left, the cards each seat still held"),
    "liable": NP_("record shape", "must be a seat number or null"),
    "no_liable": NP_("record shape", "only a profile with last_card_guard: liable has a liable seat; "
                              "this one has last_card_guard: {guard}"),
    "placings_not": NP_("record shape", "under finish: placings a result gives places (every seat once, "
                                 "first out first), not {name}"),
    "no_places": NP_("record shape", "missing: under finish: placings, every seat once, first out first"),
    "places": NP_("record shape", "must be a list of seat numbers, first out first"),
    "name_char": NP_("record shape", "character {at} of this name is {char}, which cannot be seen: "
                              "names are compared as they read, so it is refused"),
    "name_blank": NP_("record shape", "a name has at least one character besides spaces"),
    "name_length": NP_("record shape", "a player name of 1 to {n} characters"),
    # v5: a live table's proof of a fair deal. Keep "commitment", "seed", "entropy",
    # "deal_code", "hands", "seat" and "value" as they are.
    "proof": NP_("record shape", "a proof is an object with \"commitment\", \"seed\", "
                                 "\"entropy\" and \"deal_code\""),
    "proof_missing": NP_("record shape", "missing: a proof gives \"commitment\", \"seed\", "
                                         "\"entropy\" and \"deal_code\""),
    "proof_hands": NP_("record shape", "a proof proves the hands: give \"hands\" or "
                                       "\"deal_code\" beside it"),
    "hex64": NP_("record shape", "must be 64 hexadecimal digits"),
    "entropy": NP_("record shape", "must be a list of {{\"seat\": n, \"value\": \"...\"}}, "
                                   "one per seat at most"),
    "entropy_value": NP_("record shape", "must be text of 1 to {most} characters"),
    "entropy_order": NP_("record shape", "seat {seat} comes after seat {previous}: the "
                                         "contributions are given in seat order, each seat once"),
    # v5: a live table's creation body (POST /v1/tables). Keep "profile", "players", "bots",
    # "deals", "clock", "fairness" and "turn_seconds" as they are.
    "table": NP_("record shape", "a table is a JSON object with \"profile\" and \"players\", and "
                                 "optionally \"bots\", \"deals\", \"clock\" and \"fairness\""),
    "table_profile": NP_("record shape", "missing: name a preset or a stored profile, or give "
                                         "one"),
    "table_players": NP_("record shape", "this profile is for {players} players; {n} names were "
                                         "given"),
    "bots": NP_("record shape", "must be a list of seat numbers"),
    "bot_twice": NP_("record shape", "seat {seat} is named twice"),
    "clock": NP_("record shape", "must be an object: {{\"turn_seconds\": n}}"),
    # An organiser's label in an audit log; {name} is the field (by, reason), kept as typed.
    "label_text": NP_("record shape", "{name}: must be text"),
    "label_line": NP_("record shape", "{name}: at most {limit} characters, on one line, each of "
                               "them seen"),
    # A profile field's value outside what the field takes (its checks word these in English,
    # as marshmallow does; ``localize`` reads them back).
    "out_of_range": NP_("record shape", "must be a whole number from {least} to {most}"),
    "not_one_of": NP_("record shape", "must be one of: {choices}"),
}


def english(key: str, params: Mapping[str, Any]) -> str:
    """The English sentence of a message (its id), filled in."""
    return SHAPE_WORDS[key][1].format(**params)


def shape_problem(pointer: str, key: str, **params: Any) -> Problem:
    """A problem of the record reader, as a value: its English detail, key and params."""
    return Problem(pointer, english(key, params), key, params)


_OUT_OF_RANGE = re.compile(r"Must be greater than or equal to (-?[0-9]+) and less than or "
                           r"equal to (-?[0-9]+)\.")
_NOT_ONE_OF = re.compile(r"Must be one of: (.+)\.")


def _keyed(problem: Problem) -> Problem:
    """A profile field's English range or choice sentence (``bigtwo.rules.kinds``) as a keyed
    problem, so it can be said in another language; any other problem as it is."""
    if problem.code:
        return problem
    found = _OUT_OF_RANGE.fullmatch(problem.detail)
    if found is not None:
        return Problem(problem.pointer, problem.detail, "out_of_range",
                       {"least": int(found[1]), "most": int(found[2])})
    found = _NOT_ONE_OF.fullmatch(problem.detail)
    if found is not None:
        return Problem(problem.pointer, problem.detail, "not_one_of", {"choices": found[1]})
    return problem


def localize(problems: list[Problem], lang: str = DEFAULT_LANGUAGE) -> list[Problem]:
    """``problems`` with the reader's details said in ``lang`` (others are left as they are)."""
    code = supported(lang)
    if code == DEFAULT_LANGUAGE:
        return problems
    problems = [_keyed(p) for p in problems]
    if not any(p.code in SHAPE_WORDS for p in problems):
        return problems
    t = translator(code)
    return [Problem(p.pointer, t.marked(SHAPE_WORDS[p.code], **_said(p.params, t)), p.code,
                    p.params)
            if p.code in SHAPE_WORDS else p for p in problems]


def _said(params: Mapping[str, Any], t: Any) -> Mapping[str, Any]:
    """A shortened token's excerpt with its length said in the language (the English one is
    in ``text``)."""
    if "length" not in params:
        return params
    return {**params, "text": t.marked(NOTATION_WORDS["long"], start=params["start"],
                                       n=params["length"])}
