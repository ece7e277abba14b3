"""The random profiles of the property tests are generated from the field registry: every
field is drawn (from its kind, or from a tuned strategy), and what is drawn resolves. A field
added to the registry that neither covers fails here, instead of being left out of the
fuzzing unseen."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings

from bigtwo.rules import declarations, registry
from bigtwo.rules.profiles import DEFAULT_RESOLVER
from tests.core.strategies import TUNED, profiles, untuned


def test_every_field_of_the_registry_is_drawn() -> None:
    drawn = set(TUNED) | set(untuned())
    missing = [f.dotted for f in registry.FIELDS if f.dotted not in drawn]
    assert missing == [], f"no strategy for {missing}: add one to TUNED (tests/core/strategies.py)"
    assert set(TUNED) <= set(registry.BY_DOTTED), "TUNED names a field the registry does not have"


@settings(max_examples=60, deadline=None)
@given(declaration=profiles())
def test_a_drawn_profile_declares_every_field_and_resolves(declaration: dict[str, Any]) -> None:
    for f in registry.FIELDS:
        declarations.get(declaration, f.path)  # KeyError: the field was not drawn
    profile, problems = DEFAULT_RESOLVER.resolve(declaration)
    assert profile is not None, problems
