"""Move checks for game clients: what a selection of cards is, and what may be played next.

Both answer from the core's classifier and replay, so a client's hint can never disagree
with the referee's verdict on the finished record.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Response
from flask_smorest import Blueprint
from marshmallow import ValidationError

from app.api.common import body_errors, json_request_body, language, localized, resolver
from app.api.examples import unfinished_record
from app.problems import PROBLEM_TYPE_BASE, abort_problem, invalid, json_body
from bigtwo import limits
from bigtwo.records.parse import not_a_card
from bigtwo.records.pipeline import check_record
from bigtwo.reports.messages import combo_label, render
from bigtwo.reports.shape_words import shape_problem
from bigtwo.rules import cards
from bigtwo.rules.choices import Revolution
from bigtwo.rules.codes import DealStatus, RuleCode
from bigtwo.rules.combos import Combo, Violation, classifier_for
from bigtwo.rules.multiset.judge import judge_multi, named, over_the_decks
from bigtwo.rules.play import first_duplicate, judge_cards
from bigtwo.rules.position import position
from bigtwo.rules.problems import Problem, from_marshmallow
from bigtwo.rules.profiles import Profile
from schemas.play import EvaluateRequestSchema, EvaluateResponseSchema, NextResponseSchema
from schemas.records import LangQuerySchema, RecordSchema

blp = Blueprint("play", __name__, url_prefix="/v1",
                description="Move checks for game clients")

_EVALUATE = EvaluateRequestSchema()
# The selection is at most a play; the table at most a dragon (13 cards).
LIST_LIMITS = (("cards", limits.MAX_CARDS_PER_PLAY), ("table", 13))



def _message(code: str, params: dict[str, Any], lang: str) -> str:
    return render({"code": code, "params": params, "deal": None, "move": None, "seat": None}, lang)


def _table_combo(profile: Profile, table: list[int], lang: str, revolution: bool = False) -> Combo:
    """The combination on the table; cards that could never lie there are a 422 at
    ``/table``, said as the referee says it, in the caller's language."""
    twice = first_duplicate(table)
    if twice is not None:
        invalid([Problem("/table", _message(RuleCode.DUPLICATE_CARD, {"card": cards.name(twice)},
                                            lang))])
    found = classifier_for(profile, revolution).classify(table, cards.mask_of(table))
    if not isinstance(found, Combo):
        invalid([_no_combination(found, table, lang)])
    return found


def _no_combination(found: Violation, table: list[int], lang: str) -> Problem:
    return Problem("/table", _message(found.code, {"played": cards.names(table),
                                                   "reason": found.reason}, lang))


def _combination(found: Combo, lang: str, played: list[int] | None = None) -> dict[str, Any]:
    # ``played``: the play as written, under a multiset profile, so a joker keeps its stand-in.
    ordered = cards.names(found.cards if played is None else named(found, played))
    return {"type": found.kind, "cards": ordered,
            "label": combo_label(found.kind, ordered, cards.name(found.top), lang)}


# Refusals of the cards themselves: they form nothing, so no combination is shown.
_UNFORMED = frozenset({RuleCode.DUPLICATE_CARD, RuleCode.CARD_NOT_HELD, RuleCode.JOKER_STAND_IN})


def evaluation(profile: Profile, played: list[int], table: Combo | None,
               lang: str, revolution: bool = False) -> dict[str, Any]:
    """What ``played`` is and whether it beats ``table``: the referee's own check
    (``play.judge_cards``, or ``judge.judge_multi`` under a profile with copies or jokers);
    ``revolution``: the deal's rank order is reversed (``revolution: ranks``, after a quad)."""
    multi = profile.multiset
    verdict = (judge_multi if multi else judge_cards)(profile, played, table, revolution)
    out: dict[str, Any] = {"combination": None, "legal_lead": False,
                           "beats_table": None if table is None else isinstance(verdict, Combo),
                           "code": None, "message": None}
    found: Combo | None = verdict if isinstance(verdict, Combo) else None
    if verdict is not None and found is None:
        code, params = verdict
        out["code"], out["message"] = code, _message(code, params, lang)
        if code not in _UNFORMED:
            # What the cards form, though they do not beat the table: it may still lead.
            classifier = classifier_for(profile, revolution)
            shape = (classifier.classify_multi([cards.effective(c) for c in played]) if multi
                     else classifier.classify(played, cards.mask_of(played)))
            found = shape if isinstance(shape, Combo) else None
    if found is not None:
        out["combination"] = _combination(found, lang, played) if multi else _combination(found, lang)
        out["legal_lead"] = True
    return out


def _table_multi(profile: Profile, table: list[int], lang: str, revolution: bool) -> Combo:
    """The combination on the table under a profile with copies or jokers; a joker naming
    no card, copies over the decks or no combination are a 422 at ``/table``."""
    if cards.JOKER in table:
        invalid([Problem("/table", _message(RuleCode.JOKER_STAND_IN, {"card": cards.JOKER_NAME},
                                            lang))])
    over = over_the_decks(profile, table)
    if over is not None:
        card, count = over
        invalid([Problem("/table", _message(RuleCode.DUPLICATE_CARD, {
            "card": cards.name(card), "count": count, "held": profile.decks}, lang))])
    found = classifier_for(profile, revolution).classify_multi([cards.effective(c) for c in table])
    if not isinstance(found, Combo):
        invalid([_no_combination(found, table, lang)])
    return found


_CARD_AT = re.compile(r"/(cards|table)/([0-9]+)")


def _card_problem(body: dict[str, Any], problem: Problem) -> Problem:
    """An unreadable card, said as a record's is (in the caller's language)."""
    at = _CARD_AT.fullmatch(problem.pointer)
    if at is None:
        return problem
    return not_a_card(problem.pointer, body[at[1]][int(at[2])])


def _jokers_unread(body: Any, data: dict[str, Any]) -> list[Problem]:
    """Under ``jokers: 0`` a joker is no card, as in a record (RECORDS.md v4)."""
    out = []
    for key in ("cards", "table"):
        for i, c in enumerate(data.get(key) or ()):
            if c >= cards.JOKER:
                out.append(not_a_card(f"/{key}/{i}", body[key][i]))
    return out


@blp.route("/combinations/evaluate", methods=["POST"])
@blp.arguments(LangQuerySchema, location="query", as_kwargs=True)
@blp.doc(requestBody=json_request_body(EvaluateRequestSchema, "the selected cards", {
    "pair_on_pair": {"profile": "hk-standard", "cards": ["KH", "KS"], "table": ["9C", "9D"]},
    "lead": {"profile": "big-two-web", "cards": ["3D", "4D", "5C", "6H", "7S"], "table": None},
    "joker": {"profile": {"extends": "hk-standard", "decks": 2, "jokers": 1},
              "cards": ["9H", "9H", "JK=9S"], "table": ["8C", "8C", "8D"]},
}))
@blp.response(200, EvaluateResponseSchema,
              description="what the cards form, and whether they may lead or beat the table")
@body_errors(blp)
def evaluate(lang: str | None = None) -> Response:
    """Classify a selection of cards and compare it with the table (a client's live hint)."""
    body = json_body()
    problems: list[Problem] = []
    if isinstance(body, dict):
        # Counted before a card is read: a long list is refused with its length, and costs
        # nothing (marshmallow would read every item before its length check).
        problems = [shape_problem(f"/{key}", "too_many_cards", n=len(value), most=most)
                    for key, most in LIST_LIMITS
                    if isinstance(value := body.get(key), list) and len(value) > most]
        if problems:
            invalid(problems)
    try:
        data = _EVALUATE.load(body) if isinstance(body, dict) else None
    except ValidationError as exc:
        problems = [_card_problem(body, p) for p in from_marshmallow(exc.messages)]
        data = exc.valid_data if isinstance(exc.valid_data, dict) else {}
    if data is None:
        invalid([Problem("", 'an object: {"profile": ..., "cards": [...], "table": [...] or null}')])
    profile = None
    if "profile" in data:
        profile, profile_problems = resolver().resolve(data["profile"], "/profile")
        problems.extend(profile_problems)
    revolution = bool(data.get("revolution"))
    if profile is not None and revolution and profile.revolution is Revolution.NONE:
        problems.append(Problem("/revolution", "this profile has no revolution (revolution: none)"))
    if profile is not None and not profile.joker_count:
        problems.extend(_jokers_unread(body, data))
    if problems or profile is None:
        invalid(problems)
    chosen = language(lang)
    on_table = _table_multi if profile.multiset else _table_combo
    table = (on_table(profile, data["table"], chosen, revolution)
             if data.get("table") is not None else None)
    return localized(evaluation(profile, data["cards"], table, chosen, revolution), chosen)


# --- next -------------------------------------------------------------------------------
def _rule_errors(report: dict[str, Any], last: int) -> list[dict[str, Any]]:
    # The last deal is expected to be unfinished; every other error means there is no
    # legal position to continue from.
    return [
        {"pointer": e["pointer"], "detail": e["message"], "code": e["code"]}
        for e in report["errors"]
        if not (e["code"] == RuleCode.INCOMPLETE and e["deal"] == last)
    ]


@blp.route("/next", methods=["POST"])
@blp.arguments(LangQuerySchema, location="query", as_kwargs=True)
@blp.doc(requestBody=json_request_body(
    RecordSchema, "a record whose last deal is unfinished", {"unfinished": unfinished_record()}))
@blp.response(200, NextResponseSchema, description="whose turn it is and every legal play")
@blp.alt_response(409, response="CONFLICT",
                  description="the last deal is over (or cannot be replayed): no one is to move")
@body_errors(blp)
def next_move(lang: str | None = None) -> Response:
    """Whose turn it is in the last deal, and every play the referee would accept."""
    doc = json_body()
    chosen = language(lang)
    checked = check_record(doc, complete=True, lang=chosen, resolver=resolver())
    if checked.report is None or checked.result is None:
        invalid(checked.problems, "the record cannot be replayed")
    report = checked.report
    last = len(report["deals"]) - 1
    errors = _rule_errors(report, last)
    if errors:
        abort_problem(422, "Record Breaks the Rules",
                      "the record breaks the rules, so there is no position to continue from; "
                      "POST it to /v1/validate for the full report",
                      type_=PROBLEM_TYPE_BASE + "record-breaks-rules", errors=errors)
    table = checked.result.final_table
    deal = report["deals"][last]
    if table is None and deal["status"] == DealStatus.SCORED:
        abort_problem(409, "Deal Not Playable",
                      f"deal {last} was scored from its result (a score sheet's row): it has "
                      "no moves to continue from",
                      type_=PROBLEM_TYPE_BASE + "deal-not-playable")
    if table is None:
        abort_problem(409, "Deal Not Playable",
                      f"deal {last} is {deal['status']}: it cannot be replayed (it is led by "
                      "the previous deal's winner, and that deal has none)",
                      type_=PROBLEM_TYPE_BASE + "deal-not-playable")
    if table.winner is not None:
        abort_problem(409, "Deal Over",
                      f"deal {last} is over: seat {table.winner} went out at move "
                      f"{table.ended_at}; start the next deal to continue",
                      type_=PROBLEM_TYPE_BASE + "deal-over")
    return localized({"deal": last, **position(table)}, chosen)
