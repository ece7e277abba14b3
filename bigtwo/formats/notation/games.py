"""Big Two notation files (docs/NOTATION.md): a text cut into its games, each read by
``reader.GameReader`` and checked by ``pipeline.check_record`` as its JSON record would be. A game
the reader cannot read gets its problems, by line and column, in the place of a report. Each
game is read on its own, as a line of JSON Lines is: one bad game spoils no other."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from bigtwo.formats.notation.grammar import Game
from bigtwo.formats.notation.lines import NotationReader, iter_games, read_games
from bigtwo.formats.notation.places import place_errors
from bigtwo.records.pipeline import Checked, check_record
from bigtwo.reports.messages import DEFAULT_LANGUAGE
from bigtwo.rules.profiles import DEFAULT_RESOLVER, ProfileRef, ProfileResolver

EXTENSION = ".b2n"
MEDIA_TYPE = "text/x-bigtwo"
__all__ = ["EXTENSION", "MEDIA_TYPE", "Game", "NotationReader", "check_game", "check_games",
           "check_text", "iter_games", "place_errors", "read_games"]


def check_game(game: Game, *, complete: bool = True, lang: str = DEFAULT_LANGUAGE,
               resolver: ProfileResolver = DEFAULT_RESOLVER,
               default_profile: ProfileRef | None = None) -> Checked:
    if game.doc is None:
        return Checked(None, game.problems)
    checked = check_record(game.doc, complete=complete, lang=lang, resolver=resolver,
                           default_profile=default_profile)
    if checked.report is not None:
        place_errors(checked.report, game)
    return checked


def check_games(lines: Iterable[str], *, complete: bool = True, lang: str = DEFAULT_LANGUAGE,
                resolver: ProfileResolver = DEFAULT_RESOLVER,
                default_profile: ProfileRef | None = None) -> Iterator[tuple[Game, Checked]]:
    """Every game of a text (given line by line) with its check."""
    for game in iter_games(lines, lang=lang, resolver=resolver, default_profile=default_profile):
        yield game, check_game(game, complete=complete, lang=lang, resolver=resolver,
                               default_profile=default_profile)


def check_text(text: str, **options: Any) -> list[tuple[Game, Checked]]:
    return list(check_games(text.split("\n"), **options))
