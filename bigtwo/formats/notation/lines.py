"""Big Two notation files read line by line (docs/NOTATION.md): the text cut into its games,
each read by ``reader.GameReader``, with a one-pass pre-check for the common line (a trick of
moves in the usual spellings) through the reader's own move grammar. Compiled with the core
(bigtwo/native.py): it runs per move."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from bigtwo import limits
from bigtwo.formats.notation.grammar import (
    KEYWORDS,
    DealState,
    Game,
    Stop,
    TurnOrder,
    is_pass,
    known_cards,
    plain_seat,
    split_move,
)
from bigtwo.formats.notation.reader import GameReader
from bigtwo.formats.notation.values import strip_comment
from bigtwo.reports.notation_words import NotationWords
from bigtwo.rules.problems import Problem
from bigtwo.rules.profiles import DEFAULT_RESOLVER, ProfileRef, ProfileResolver


def fast_moves(game: GameReader, deal: DealState, line: int, text: str, col: int) -> bool:
    """A pre-check of a line of moves, through the careful reading's own grammar (the
    functions ``GameReader._move`` reads each move with): True when every move of it reads
    with nothing to say, and the line was taken whole; False (nothing kept) when anything in
    it (a quote, a name in another case, a card in another spelling, a problem) needs the
    careful reading, which then says it. ``col`` is the column of the text's first
    character: each move keeps the column of its own."""
    if '"' in text:
        return False
    names, prev, turn = game.names, deal.prev, game.turn
    out: list[dict[str, Any]] = []
    cols: list[int] = []
    at = col
    for piece in text.split(","):
        start = at + len(piece) - len(piece.lstrip())
        at += len(piece) + 1
        colon, tokens = split_move(piece)
        if colon >= 0:
            seat = plain_seat(piece[:colon].strip(), names)
            if seat is None or seat < 0:
                return False
        elif prev is not None and isinstance(turn, TurnOrder):
            seat = turn.after(prev)
        else:
            return False
        if is_pass(tokens):
            out.append({"seat": seat, "pass": True})
        elif not tokens:
            if piece.strip():
                return False
            continue  # an empty move between commas: the careful reading skips it too
        else:
            play = known_cards(tokens)
            if play is None or len(play) > limits.MAX_CARDS_PER_PLAY:
                return False
            out.append({"seat": seat, "play": play})
        cols.append(start)
        prev = seat
    if len(deal.moves) + len(out) > limits.MAX_MOVES_PER_DEAL:
        return False
    game.statements += 1
    game.fields = None
    deal.moves += out
    deal.move_lines += [line] * len(out)
    deal.move_cols += cols
    deal.prev = prev
    return True


class NotationReader:
    """Reads a file's games one line at a time: ``feed`` returns a game when a ``game`` line
    ends the one before; ``close`` returns the last. Each game is read on its own, as a line
    of JSON Lines is."""

    def __init__(self, *, lang: str | None = None, resolver: ProfileResolver = DEFAULT_RESOLVER,
                 default_profile: ProfileRef | None = None, max_bytes: int | None = None) -> None:
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
        game = self.game
        col = len(code) - len(code.lstrip()) + 1
        if game is not None and game.deals and not self.stopped and "=" not in text:
            # The common line, a trick of moves: one pass over it, no columns kept (a line
            # it cannot take whole is read again below, where every problem gets its place).
            first = text.split(None, 1)[0]
            if (first[-1] == ":" or first.lower() not in KEYWORDS) and self._fits(size) \
                    and fast_moves(game, game.deals[-1], number, text, col):
                return None
            self.size -= size
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

    def _fits(self, size: int) -> bool:
        self.size += size
        return self.max_bytes is None or self.size <= self.max_bytes

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
               default_profile: ProfileRef | None = None) -> Iterator[Game]:
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
               default_profile: ProfileRef | None = None) -> list[Game]:
    """Every game of a text. Lines end at LF (a CR before it is spacing)."""
    return list(iter_games(text.split("\n"), lang=lang, resolver=resolver,
                           default_profile=default_profile))


