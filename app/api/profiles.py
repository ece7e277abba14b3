"""Rule profiles: the presets, and profiles declared by callers and stored by their hash.

A stored profile is immutable and named by its hash (``p-<12 hex>``), so declaring the same
rules twice yields the same id, and that id works wherever a profile is named.
"""

from __future__ import annotations

from typing import Any, NoReturn

from flask import Response, jsonify, request, url_for
from flask_smorest import Blueprint

from app.api.common import body_errors, immutable, json_request_body, resolver
from app.api.problem_helpers import query_args, service_call
from app.api.tokens import creation_key
from app.body import token_first
from app.problems import PROBLEM_TYPE_BASE, abort_problem, invalid, json_body
from app.store import get_store
from bigtwo import limits
from bigtwo.rules.problems import Problem
from bigtwo.rules.profiles import ID_COLLISION, PRESET_IDS, PRESETS
from bigtwo.store import tournaments
from bigtwo.store.quotas import QuotaExceeded
from bigtwo.store.repositories.profiles import ProfileIdCollision
from schemas.profiles import (
    DeclaredProfileSchema,
    ProfileDeclarationSchema,
    ProfileListArgsSchema,
    ProfileListSchema,
    ResolvedProfileSchema,
)

blp = Blueprint("profiles", __name__, url_prefix="/v1", description="Rule profiles")


@blp.route("/profiles", methods=["GET"])
@blp.response(200, ProfileListSchema)
@blp.alt_response(422, response="UNPROCESSABLE_ENTITY", description="a bad page or per_page")
@blp.doc(parameters=[
    {"in": "query", "name": "page", "schema": {"type": "integer", "minimum": 1, "default": 1}},
    {"in": "query", "name": "per_page", "schema": {"type": "integer", "minimum": 1,
                                                   "maximum": limits.MAX_PER_PAGE,
                                                   "default": limits.DEFAULT_PER_PAGE}},
])
def list_profiles() -> Response:
    """A page of profiles: the presets, then the stored ones in declaration order."""
    args = query_args(ProfileListArgsSchema())
    page, per_page = args["page"], args["per_page"]
    store = get_store()
    total = len(PRESET_IDS) + store.profiles.count()
    start = (page - 1) * per_page
    presets = [{**PRESETS[pid].summary(), "preset": True}
               for pid in PRESET_IDS[start:start + per_page]]
    stored_start = max(0, start - len(PRESET_IDS))
    stored = [{**row, "preset": False}
              for row in store.profiles.listing(per_page - len(presets), stored_start)]
    return jsonify({"profiles": presets + stored, "page": page, "per_page": per_page,
                    "total": total, "next_page": page + 1 if start + per_page < total else None})


@blp.route("/profiles/<string:profile_id>", methods=["GET"])
@immutable(blp)
@blp.response(200, ResolvedProfileSchema)
@blp.alt_response(404, response="NOT_FOUND", description="no preset or stored profile has this id")
def get_profile(profile_id: str) -> Response:
    """The full resolved profile: every field, defaults filled."""
    profile, _ = resolver().resolve(profile_id, "")
    if profile is None:
        abort_problem(404, "Not Found",
                      f"no profile {profile_id!r}; presets: {', '.join(PRESET_IDS)}, "
                      "stored ones are listed at /v1/profiles")
    return jsonify(profile.as_dict())


_EXAMPLES = {
    "extends": {"extends": "big-two-web", "name": "No triples, bombs", "triples": False,
                "bombs": "anything"},
    "house_scoring": {"extends": "hk-standard",
                      "scoring": {"tiers": [{"from": 1, "multiplier": 1},
                                            {"from": 10, "multiplier": 2}]}},
}


@blp.route("/profiles", methods=["POST"])
@token_first(creation_key)
@blp.doc(requestBody=json_request_body(
    ProfileDeclarationSchema, "a full declaration, or extends + the fields it changes", _EXAMPLES))
@blp.response(201, DeclaredProfileSchema, description="stored under a new id")
@blp.alt_response(200, schema=DeclaredProfileSchema,
                  description="the same rules were already stored: their id, and the name "
                              "they were first declared with")
@blp.alt_response(401, response="UNAUTHORIZED",
                  description="creation-key mode, and no valid key was sent")
@blp.alt_response(409, response="CONFLICT",
                  description="the id is stored for other rules (profile-id-collision), or the "
                              "profile quota is reached (quota-exceeded)")
@blp.doc(security=[{}, {"CreationKey": []}])
@body_errors(blp)
def declare_profile() -> Response:
    """Declare a profile; it is stored by the hash of its resolved rules. A server in
    creation-key mode asks for a key (Authorization: Bearer, see SECURITY.md)."""
    service_call(tournaments.require_creation_key, request.headers.get("Authorization"))
    declaration: Any = json_body()
    if not isinstance(declaration, dict):
        invalid([Problem("", "a profile declaration is a JSON object")])
    profile, problems = resolver().resolve(declaration, "")
    clashes = [p for p in problems if p.code == ID_COLLISION]
    if clashes:
        _collision(clashes[0].detail)
    if profile is None:
        invalid(problems, "the profile declaration is invalid")
    try:
        stored_id, created = get_store().profiles.put(declaration, profile)
    except ProfileIdCollision as exc:
        _collision(str(exc))
    except QuotaExceeded as exc:
        abort_problem(409, "Conflict", f"{exc}; nothing was stored",
                      type_=PROBLEM_TYPE_BASE + "quota-exceeded")
    # The id names the rules; the name is a label kept from the first declaration of them.
    # The answer is the stored profile, exactly as GET answers it, so it never shows a name
    # that was not stored; a different declared name is echoed apart, under its own key.
    stored, _ = resolver().resolve(stored_id, "")
    kept = stored if stored is not None else profile
    body = kept.as_dict()
    declared_name = declaration.get("name")
    if isinstance(declared_name, str) and declared_name != kept.name:
        body["declared_name"] = declared_name
    response = jsonify(body)
    response.status_code = 201 if created else 200
    response.headers["Location"] = url_for(".get_profile", profile_id=kept.id)
    response.headers["Content-Location"] = response.headers["Location"]
    return response


def _collision(detail: str) -> NoReturn:
    abort_problem(409, "Conflict", detail + "; nothing was stored",
                  type_=PROBLEM_TYPE_BASE + "profile-id-collision")
