"""Deal codes: a short code that stands for the same hands forever (docs/DEAL_CODES.md)."""

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint
from marshmallow import ValidationError

from app.api.common import immutable, request_doc
from app.api.problem_helpers import BODY_ERRORS, errors_of, register_problem_handlers
from app.problems import abort_problem, invalid, json_body
from app.store import get_store
from bigtwo.rules import cards, deals
from bigtwo.rules.problems import Problem, from_marshmallow
from schemas.deals import DealCodeRequestSchema, DealCodeSchema

blp = Blueprint("deals", __name__, url_prefix="/v1/deals",
                description="Deal codes: reproducible deals")
register_problem_handlers(blp)
errors = errors_of(blp)


def deal_view(spec: deals.DealSpec | deals.SupplySpec) -> dict[str, Any]:
    if isinstance(spec, deals.SupplySpec):
        hands, undealt = deals.deal_supply(spec)
        extra = {"decks": spec.decks, "jokers": spec.jokers}
    else:
        hands, undealt = deals.deal(spec)
        extra = {}
    return {"code": spec.code, "players": spec.players, "hand_size": spec.hand_size,
            **extra, "seed": spec.seed, "hands": [cards.names(h) for h in hands],
            "undealt": cards.names(undealt)}


@blp.route("", methods=["POST"])
@blp.doc(**request_doc(DealCodeRequestSchema, "the profile decides players and hand size"))
@blp.response(201, DealCodeSchema)
@errors(*BODY_ERRORS)
def create_deal() -> Any:
    """Deal new hands for a profile and give the code that stands for them."""
    body = json_body()
    if not isinstance(body, dict):
        invalid([Problem("", 'send {"profile": ..., "seed": ...}')], "the deal request cannot be read")
    try:
        loaded = DealCodeRequestSchema().load(body)
    except ValidationError as exc:
        invalid(from_marshmallow(exc.messages), "the deal request cannot be read")
    profile, problems = get_store().profiles.resolver().resolve(loaded["profile"], "/profile")
    if profile is None:
        invalid(problems, "unknown or invalid profile")
    spec = deals.new_spec(profile.players, profile.hand_size, loaded["seed"])
    if deals.profile_refusal(profile) is not None:
        # Beyond one deck without jokers for 2 to 5 seats: the B2X extension of the shuffle.
        return deal_view(deals.SupplySpec(profile.players, profile.hand_size, profile.decks,
                                          profile.jokers, spec.seed))
    return deal_view(spec)


@blp.route("/<code>")
@immutable(blp)
@blp.response(200, DealCodeSchema)
@errors(404, 422)
def get_deal(code: str) -> Any:
    """The hands a code stands for; the same answer forever."""
    spec = deals.parse_any(code)
    if isinstance(spec, str):
        # A code in the right shape with impossible numbers is a bad request; anything else
        # simply names no deal.
        looks_like_code = (code.upper().startswith(deals.FORMAT_VERSION + "-") and code.count("-") == 3
                           or code.upper().startswith(deals.SUPPLY_FORMAT + "-")
                           and code.count("-") == 5)
        if looks_like_code:
            invalid([Problem("", spec)], "this deal code cannot stand for any deal")
        abort_problem(404, "Not Found", spec)
    return deal_view(spec)
