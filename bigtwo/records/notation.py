"""Big Two notation files (docs/NOTATION.md): a text cut into its games, each read by
``notation_read`` and checked by ``pipeline.check_record`` as its JSON record would be. A game
the reader cannot read gets its problems, by line and column, in the place of a report. Each
game is read on its own, as a line of JSON Lines is: one bad game spoils no other."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from bigtwo.records.messages import DEFAULT_LANGUAGE
from bigtwo.records.notation_read import Game, GameReader, Stop
from bigtwo.records.notation_values import strip_comment
from bigtwo.records.notation_words import NotationWords
from bigtwo.records.pipeline import Checked, check_record
from bigtwo.rules.problems import Problem
from bigtwo.rules.profiles import DEFAULT_RESOLVER, ProfileResolver

EXTENSION = ".b2n"
MEDIA_TYPE = "text/x-bigtwo"


class NotationReader:
    """Reads a file's games one line at a time: ``feed`` returns a game when a ``game`` line
    ends the one before; ``close`` returns the last. Each game is read on its own, as a line
    of JSON Lines is."""

    def __init__(self, *, lang: str | None = None, resolver: ProfileResolver = DEFAULT_RESOLVER,
                 default_profile: Any = None, max_bytes: int | None = None) -> None:
        self.words = NotationWords(lang)
        self.max_bytes = max_bytes
        self.size = 0
        self.resolver = resolver
        self.default_profile = default_profile
        self.game: GameReader | None = None
        self.stopped = False
        self.games = 0

    def _new(self, line: int) -> GameReader:
        self.stopped = False
        self.size = 0
        return GameReader(line, self.words, self.resolver, self.default_profile)

    def feed(self, number: int, raw: str, size: int = 0) -> Game | None:
        """One line (its newline may be left on); ``size`` its bytes, counted against
        ``max_bytes`` per game."""
        if number == 1 and raw.startswith("\ufeff"):
            raw = raw[1:]
        code = strip_comment(raw)
        text = code.strip()
        if not text:
            return None
        col = len(code) - len(code.lstrip()) + 1
        parts = text.split(None, 1)
        key = parts[0].lower()
        if key == "game":
            done = self._finish()
            self.game = self._new(number)
            if len(parts) > 1:
                self._safely(lambda g: g.expected(number, col + 5, "game", parts[1]))
            return done
        if self.game is None:
            self.game = self._new(number)
        self.size += size
        if self.max_bytes is not None and self.size > self.max_bytes and not self.stopped:
            limit = self.max_bytes
            self._safely(lambda g: g.problem(number, 1, "max_bytes", n=limit))
            self.stopped = True
            return None
        rest = parts[1] if len(parts) > 1 else ""
        rest_col = col + len(text) - len(rest)
        self._safely(lambda g: g.statement(number, key, text, col, rest, rest_col))
        return None

    def _safely(self, act: Any) -> None:
        if self.stopped or self.game is None:
            return
        try:
            act(self.game)
        except Stop:
            self.stopped = True

    def _finish(self) -> Game | None:
        game, self.game = self.game, None
        if game is None:
            return None
        self.games += 1
        return game.finish(self.stopped)

    def close(self) -> Game | None:
        """The last game; a text with no game at all is a game of one problem."""
        done = self._finish()
        if done is None and self.games == 0:
            self.games = 1
            return Game(None, [Problem("/lines/1/1", f"1:1: {self.words('empty')}")], 1)
        return done


def iter_games(lines: Iterable[str], *, lang: str | None = None,
               resolver: ProfileResolver = DEFAULT_RESOLVER,
               default_profile: Any = None) -> Iterator[Game]:
    """Every game of a text given line by line (newlines may be left on)."""
    reader = NotationReader(lang=lang, resolver=resolver, default_profile=default_profile)
    for number, line in enumerate(lines, start=1):
        game = reader.feed(number, line)
        if game is not None:
            yield game
    last = reader.close()
    if last is not None:
        yield last


def read_games(text: str, *, lang: str | None = None,
               resolver: ProfileResolver = DEFAULT_RESOLVER,
               default_profile: Any = None) -> list[Game]:
    """Every game of a text. Lines end at LF (a CR before it is spacing)."""
    return list(iter_games(text.split("\n"), lang=lang, resolver=resolver,
                           default_profile=default_profile))


def check_game(game: Game, *, complete: bool = True, lang: str = DEFAULT_LANGUAGE,
               resolver: ProfileResolver = DEFAULT_RESOLVER,
               default_profile: Any = None) -> Checked:
    if game.doc is None:
        return Checked(None, game.problems)
    return check_record(game.doc, complete=complete, lang=lang, resolver=resolver,
                        default_profile=default_profile)


def check_games(lines: Iterable[str], *, complete: bool = True, lang: str = DEFAULT_LANGUAGE,
                resolver: ProfileResolver = DEFAULT_RESOLVER,
                default_profile: Any = None) -> Iterator[tuple[Game, Checked]]:
    """Every game of a text (given line by line) with its check."""
    for game in iter_games(lines, lang=lang, resolver=resolver, default_profile=default_profile):
        yield game, check_game(game, complete=complete, lang=lang, resolver=resolver,
                               default_profile=default_profile)


def check_text(text: str, **options: Any) -> list[tuple[Game, Checked]]:
    return list(check_games(text.split("\n"), **options))
