"""Whose refusal is it: a season's use cases refuse with ``SeasonError``, a tournament's with
``TournamentError``, and what is no one's own (a missing token, bad paging, a bad label) with
the store's base ``StoreError``; an adapter catches the base and answers the same either way."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bigtwo.store import season_draws, seasons, tournaments
from bigtwo.store.db import Store
from bigtwo.store.errors import SeasonError, StoreError, TournamentError


@pytest.fixture
def store(tmp_path: Path) -> Store:
    opened = Store(tmp_path / "errors.db")
    opened.migrate()
    return opened


def _season(store: Store) -> dict[str, str]:
    return seasons.create(store, {"name": "Club", "profile": "casual"})


def _tournament(store: Store, profile: str = "casual") -> dict[str, str]:
    return tournaments.create(store, {"name": "Night", "profile": profile})


# (what is refused, the call, the class it must be exactly, its status)
CASES: list[tuple[str, Callable[[Store], Any], type[StoreError], int]] = [
    ("season without a name", lambda s: seasons.create(s, {}), SeasonError, 422),
    ("unknown season", lambda s: seasons.get(s, "nope"), SeasonError, 404),
    ("attach nothing", lambda s: (lambda m: seasons.attach(
        s, m["id"], {}, f"Bearer {m['token']}"))(_season(s)), SeasonError, 422),
    ("attach another profile's night", lambda s: (lambda m, t: seasons.attach(
        s, m["id"], {"tournament": t["id"]}, f"Bearer {m['token']}"))(
        _season(s), _tournament(s, "pusoy-dos")), SeasonError, 409),
    ("detach what is not attached", lambda s: (lambda m: seasons.detach(
        s, m["id"], "nope", f"Bearer {m['token']}"))(_season(s)), SeasonError, 404),
    ("alias of a bad name", lambda s: (lambda m: seasons.alias(
        s, m["id"], {"alias": "", "player": "Ben"}, f"Bearer {m['token']}"))(_season(s)),
     SeasonError, 422),
    ("draw without players", lambda s: seasons.make_draw(s.profiles.resolver(), {}),
     SeasonError, 422),
    ("draw of an unknown season", lambda s: season_draws.season_draw(s, "nope", {"rounds": 1}),
     SeasonError, 404),
    ("tournament without a name", lambda s: tournaments.create(s, {}), TournamentError, 422),
    ("unknown tournament", lambda s: tournaments.get(s, "nope"), TournamentError, 404),
    ("season without a token", lambda s: seasons.authorize(s, _season(s)["id"], None),
     StoreError, 401),
    ("tournament with a wrong token", lambda s: tournaments.authorize(
        s, _tournament(s)["id"], "Bearer wrong"), StoreError, 401),
    ("a season's token for another season", lambda s: seasons.authorize(
        s, _season(s)["id"], f"Bearer {_season(s)['token']}"), StoreError, 403),
    ("bad paging", lambda s: seasons.list_seasons(s, 0, 1), StoreError, 422),
    ("a label over two lines", lambda s: (lambda m: seasons.detach(
        s, m["id"], "nope", f"Bearer {m['token']}", "a\nb"))(_season(s)), StoreError, 422),
]


@pytest.mark.parametrize(("call", "kind", "status"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_each_refusal_says_whose_it_is(store: Store, call: Callable[[Store], Any],
                                       kind: type[StoreError], status: int) -> None:
    with pytest.raises(StoreError) as caught:
        call(store)
    assert type(caught.value) is kind
    assert caught.value.status == status


def test_a_season_never_refuses_as_a_tournament() -> None:
    assert not issubclass(SeasonError, TournamentError)
    assert not issubclass(TournamentError, SeasonError)
