"""Rule profiles: the presets, and profiles declared by callers and stored by their hash.

A stored profile is immutable and named by its hash (``p-<12 hex>``), so declaring the same
rules twice yields the same id, and that id works wherever a profile is named.
"""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify, url_for
from flask_smorest import Blueprint

from app import get_store
from app.api.common import body_errors, immutable, json_request_body, resolver
from app.problems import abort_problem, invalid, json_body
from bigtwo.rules.problems import Problem
from bigtwo.rules.profiles import PRESET_IDS, PRESETS
from schemas.profiles import (
    DeclaredProfileSchema,
    ProfileDeclarationSchema,
    ProfileListSchema,
    ResolvedProfileSchema,
)

blp = Blueprint("profiles", __name__, url_prefix="/v1", description="Rule profiles")


@blp.route("/profiles", methods=["GET"])
@blp.response(200, ProfileListSchema)
def list_profiles() -> Response:
    """The presets, then every stored profile: id, name and hash."""
    presets = [{**PRESETS[pid].summary(), "preset": True} for pid in PRESET_IDS]
    stored = [{**row, "preset": False} for row in get_store().list_profiles()]
    return jsonify({"profiles": presets + stored})


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
@blp.doc(requestBody=json_request_body(
    ProfileDeclarationSchema, "a full declaration, or extends + the fields it changes", _EXAMPLES))
@blp.response(201, DeclaredProfileSchema, description="stored under a new id")
@blp.alt_response(200, schema=DeclaredProfileSchema,
                  description="the same rules were already stored: their id, and the name "
                              "they were first declared with")
@body_errors(blp)
def declare_profile() -> Response:
    """Declare a profile; it is stored by the hash of its resolved rules."""
    declaration: Any = json_body()
    if not isinstance(declaration, dict):
        invalid([Problem("", "a profile declaration is a JSON object")])
    profile, problems = resolver().resolve(declaration, "")
    if profile is None:
        invalid(problems, "the profile declaration is invalid")
    created = get_store().put_profile(declaration, profile)
    # The id names the rules; the name is a label kept from the first declaration of them.
    # The answer is the stored profile, exactly as GET answers it, so it never shows a name
    # that was not stored; a different declared name is echoed apart, under its own key.
    stored, _ = resolver().resolve(profile.id, "")
    kept = stored if stored is not None else profile
    body = kept.as_dict()
    declared_name = declaration.get("name")
    if isinstance(declared_name, str) and declared_name != kept.name:
        body["declared_name"] = declared_name
    response = jsonify(body)
    response.status_code = 201 if created else 200
    response.headers["Location"] = url_for(".get_profile", profile_id=profile.id)
    response.headers["Content-Location"] = response.headers["Location"]
    return response
