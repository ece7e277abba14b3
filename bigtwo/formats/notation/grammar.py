"""The notation's grammar (docs/NOTATION.md) and what a reading of it builds: the keywords,
how a move line splits into its player and its cards, the turn order a move without a
player follows, a game read (``Game``: its document or its problems, and where each move
stands in the file), a deal's state while it is read, and the stop at the problem limit.
``reader.GameReader`` reads a game through them; ``lines.fast_moves`` pre-checks a move line
through the same functions."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from bigtwo.formats.notation.values import CANONICAL_NAME
from bigtwo.rules.problems import Problem

HEADER = frozenset({"profile", "players", "meta"})
IN_DEAL = frozenset({"code", "hand", "hands", "moves", "result", "left", "places", "liable",
                     "declared", "proof"})
KEYWORDS = HEADER | IN_DEAL | {"game", "deal"}
PASSES = frozenset({"pass", "-"})
TIMEOUT = "timeout"  # a move: the seat let its turn run out (timeouts: pass)
CALL = "!"  # after a play's last card: the play carries the last-card call
NONE_LEFT = frozenset({"", "-", "0"})  # a seat's cards left when it has none


# --- the move grammar (docs/NOTATION.md: move = [ who , ":" ] , ( cards | "pass" | "-" )) ---
# One grammar for both readings of a move line: ``lines.fast_moves`` takes a line whole when
# every move of it reads through these functions with nothing to say, and
# ``GameReader._move`` reads it through the same functions, naming what is wrong.

def split_move(piece: str) -> tuple[int, list[str]]:
    """A move without a quoted name: the index of the ``:`` that ends its player (-1: no
    player written) and the tokens of its body."""
    colon = piece.find(":")
    return colon, piece[colon + 1:].split()


def is_pass(tokens: list[str]) -> bool:
    return len(tokens) == 1 and tokens[0].lower() in PASSES


def is_timeout(tokens: list[str]) -> bool:
    return len(tokens) == 1 and tokens[0].lower() == TIMEOUT


def split_call(tokens: list[str]) -> tuple[list[str], bool]:
    """A move's tokens without the call mark, and whether it was there: ``9C 5H!`` and
    ``9C 5H !`` both call."""
    if not tokens or not tokens[-1].endswith(CALL):
        return tokens, False
    last = tokens[-1][:-1]
    return (tokens[:-1] + [last] if last else tokens[:-1]), True


def known_cards(tokens: list[str]) -> list[str] | None:
    """The cards in their usual spellings, canonical; None when a token is spelt otherwise
    (or is no card), for ``card_name`` to read or refuse one at a time."""
    named = list(map(CANONICAL_NAME.get, tokens))
    return None if None in named else named  # type: ignore[return-value]


def plain_seat(who: str, names: dict[str, int]) -> int | None:
    """The seat an unquoted player label names: digits are a seat number, whatever the
    names; otherwise the player of that exact name (-1: more than one). None when no name
    matches exactly (the careful reading then tries the case-folded names)."""
    if who.isdigit() and who.isascii() and len(who) <= 20:
        return int(who)
    return names.get(who)


@dataclass(frozen=True, slots=True)
class TurnOrder:
    """Who plays after whom, from the game's profile."""

    players: int
    step: int

    def after(self, seat: int) -> int:
        return (seat + self.step) % self.players


class NoTurnOrder(enum.Enum):
    """Why a game has no turn order to give a move without a player."""

    PENDING = "pending"  # the profile not looked at yet: read at the first move that needs it
    UNKNOWN = "unknown"  # no profile resolves; the problem not said yet
    SAID = "said"  # unknown, and said once for the game


@dataclass(slots=True)
class Game:
    """One game of a file: its record document, or the problems that stop it being read.
    ``line`` is the game's first line; ``move_lines[d][m]`` the line of move m of deal d and
    ``move_cols[d][m]`` its column (of its first character), both from 1."""

    doc: dict[str, Any] | None
    problems: list[Problem]
    line: int
    move_lines: list[list[int]] = field(default_factory=list)
    move_cols: list[list[int]] = field(default_factory=list)


class Stop(Exception):
    """A game's problems reached the limit: the rest of it is not looked at."""


@dataclass(slots=True)
class DealState:
    line: int
    hands: list[list[str]] | None = None
    code: Any = None
    moves: list[dict[str, Any]] = field(default_factory=list)
    move_lines: list[int] = field(default_factory=list)
    move_cols: list[int] = field(default_factory=list)
    moves_json: Any = None
    result: dict[str, Any] | None = None
    result_line: int = 0
    declared: dict[str, Any] | None = None
    proof: Any = None  # a live table's proof (v5), as its JSON line gave it
    given: set[str] = field(default_factory=set)
    prev: int | None = None
