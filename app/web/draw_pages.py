"""The printable seating draw: the organiser's form, read and checked in the page's language,
then the same draw ``POST /v1/draws`` makes (``bigtwo.store.seasons.make_draw``), arranged as
one sheet per round.

The form's text is checked here, before the service sees it, so that every problem is said
in the page's language and names the line it is on (the service's problems are the API's,
in English, with JSON Pointers). What the service would still refuse is shown as it says it.
Every check is bounded before anything is parsed: the fields are cut into lines only once
their count is known to be within the draw's limits (``bigtwo.limits``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from app.web.words import Words
from bigtwo import limits
from bigtwo.league.draws import Draw
from bigtwo.records.names import canonical_name
from bigtwo.rules.profiles import ProfileResolver

DEFAULT_ROUNDS = 3
DEFAULT_SEED = "1"
MAX_SEED = 2**64 - 1
MAX_SHOWN_PROBLEMS = 10  # a pasted list of hundreds of bad lines: the first few say enough
_WHOLE = re.compile(r"[0-9]{1,20}")
_PREVIOUS_SEPARATOR = re.compile(r"[,;\t]")  # a spreadsheet's row pasted in: commas or tabs


@dataclass
class DrawForm:
    """What the organiser typed, kept as typed so that the page shows it again."""

    players: str = ""
    rounds: str = str(DEFAULT_ROUNDS)
    seed: str = DEFAULT_SEED
    profile: str = ""
    profile_id: str = ""
    previous: str = ""
    season: str = ""

    @classmethod
    def read(cls, values: Mapping[str, str]) -> DrawForm:
        return cls(**{name: str(values.get(name, default)) for name, default in (
            ("players", ""), ("rounds", str(DEFAULT_ROUNDS)), ("seed", DEFAULT_SEED),
            ("profile", ""), ("profile_id", ""), ("previous", ""), ("season", ""))})

    @property
    def profile_ref(self) -> str:
        return self.profile_id.strip() or self.profile.strip()


@dataclass
class Checked:
    """The service's request body, or the problems (already worded) why there is none."""

    body: dict[str, Any] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def _lines(text: str) -> list[tuple[int, str]]:
    """The non-blank lines of ``text`` with their numbers (from 1). A field is at most the
    request body limit, so this is bounded; the callers count before they read a name."""
    return [(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]


def _players(form: DrawForm, page_words: Words, problems: list[str]) -> list[str]:
    lines = _lines(form.players)
    if len(lines) > limits.MAX_DRAW_PLAYERS:
        problems.append(page_words("draw_err_too_many", most=limits.MAX_DRAW_PLAYERS,
                                   n=len(lines)))
        return []
    if not lines:
        problems.append(page_words["draw_err_no_players"])
    names: list[str] = []
    first_line: dict[str, int] = {}
    for n, line in lines:
        name = canonical_name(line)
        if len(name) > limits.MAX_NAME_LENGTH:
            problems.append(page_words("draw_err_name_long", line=n,
                                       most=limits.MAX_NAME_LENGTH))
        elif name in first_line:
            # The library would quietly count a name twice as one player; on a form it is a
            # slip (two people of one name, or a paste twice), so the organiser decides.
            problems.append(page_words("draw_err_duplicate", name=name, first=first_line[name],
                                       line=n))
        else:
            first_line[name] = n
            names.append(name)
    return names


def _whole(text: str, most: int) -> int | None:
    text = text.strip()
    if not _WHOLE.fullmatch(text):
        return None
    value = int(text)
    return value if value <= most else None


def _previous(form: DrawForm, page_words: Words, problems: list[str]) -> list[list[str]]:
    lines = _lines(form.previous)
    if len(lines) > limits.MAX_DRAW_PREVIOUS_TABLES:
        problems.append(page_words("draw_err_previous_many",
                                   most=limits.MAX_DRAW_PREVIOUS_TABLES, n=len(lines)))
        return []
    tables = []
    total = 0
    for n, line in lines:
        names = [canonical_name(p) for p in _PREVIOUS_SEPARATOR.split(line) if p.strip()]
        total += len(names)
        if len(names) > limits.MAX_DRAW_PLAYERS or any(
                len(p) > limits.MAX_NAME_LENGTH for p in names):
            problems.append(page_words("draw_err_previous_name", line=n,
                                       most=limits.MAX_NAME_LENGTH,
                                       seats=limits.MAX_DRAW_PLAYERS))
        else:
            tables.append(names)
    if total > limits.MAX_DRAW_PREVIOUS_NAMES:
        problems.append(page_words("draw_err_previous_names",
                                   most=limits.MAX_DRAW_PREVIOUS_NAMES, n=total))
        return []
    return tables


def check(form: DrawForm, resolver: ProfileResolver, page_words: Words) -> Checked:
    """The request body for ``make_draw``, or every problem of the form in the language of
    ``page_words``."""
    problems: list[str] = []
    players = _players(form, page_words, problems)
    rounds = _whole(form.rounds, limits.MAX_DRAW_ROUNDS)
    if rounds is None or rounds < 1:
        problems.append(page_words("draw_err_rounds", most=limits.MAX_DRAW_ROUNDS))
    seed = _whole(form.seed or "0", MAX_SEED)
    if seed is None:
        problems.append(page_words("draw_err_seed", most=MAX_SEED))
    previous = _previous(form, page_words, problems)
    ref = form.profile_ref
    profile = resolver.resolve(ref)[0] if ref and len(ref) <= 100 else None
    if profile is None:
        problems.append(page_words("draw_err_profile", id=ref[:100]))
    elif players and len(players) < profile.players:
        problems.append(page_words.count("draw_err_too_few", len(players),
                                         seats=profile.players))
    if problems:
        return Checked(problems=problems[:MAX_SHOWN_PROBLEMS])
    return Checked(body={"profile": ref, "players": players, "rounds": rounds, "seed": seed,
                         "previous": previous})


def sheets(made: Draw) -> list[dict[str, Any]]:
    """One sheet per round: its tables (seat 1 to n and the player there), who sits out, and
    how many meetings of it repeat one of the previous tables or an earlier round (counted
    with the draw, in one pass over its tables)."""
    per_round = made.per_round or (0,) * len(made.rounds)
    return [{"n": n, "tables": [{"n": t, "seats": list(enumerate(table, start=1))}
                                for t, table in enumerate(round_.tables, start=1)],
             "sitting_out": list(round_.sitting_out), "repeats": repeats}
            for n, (round_, repeats) in enumerate(zip(made.rounds, per_round, strict=True),
                                                  start=1)]


def pairs(made: Draw) -> list[dict[str, Any]]:
    """The pairs that meet again, most repeats first, for the page's list."""
    return [{"players": list(p.players), "repeats": p.repeats, "rounds": list(p.rounds),
             "before": p.before} for p in made.pairs]
