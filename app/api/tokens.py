"""The credentials a guarded route checks before its body is read, each declared on the route
it guards with ``app.body.token_first``. Each check is the one its view makes again (cheaply)
once the body is in; a refusal raises the problem that answers (401, 403, or 404 for an
unknown tournament or season)."""

from __future__ import annotations

from typing import Any

from app.api.problem_helpers import raise_problem
from app.store import get_store
from bigtwo.store import seasons, tournaments
from bigtwo.store.errors import StoreError


def tournament_token(view_args: dict[str, Any], authorization: str | None) -> None:
    """The tournament's token."""
    try:
        tournaments.authorize(get_store(), view_args["tournament_id"], authorization)
    except StoreError as refusal:
        raise_problem(refusal)


def creation_key(_: dict[str, Any], authorization: str | None) -> None:
    """In creation-key mode, the creation key."""
    try:
        tournaments.require_creation_key(get_store(), authorization)
    except StoreError as refusal:
        raise_problem(refusal)


def season_token(view_args: dict[str, Any], authorization: str | None) -> None:
    """The season's token."""
    try:
        seasons.authorize(get_store(), view_args["season_id"], authorization)
    except StoreError as refusal:
        raise_problem(refusal)
