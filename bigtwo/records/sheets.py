"""Score sheets as a scorer types them: CSV in, a record of result-only deals out.

A sheet is a header ``deal,<name>,<name>,...`` (a ``deal_code`` column may stand anywhere
after ``deal``), then one row per deal. A cell is a count (``5``) or the cards left,
separated by spaces (``2S 5C``); ``0`` or an empty cell means no cards left. A row of counts
becomes ``result.cards_left``, a row of cards ``result.left``; the winner's cell may be ``0``
or empty in either. A last row labelled ``total`` (or ``totals``) holds the scorer's own
match totals; they are checked against the deals' scores, not taken from the sheet.

A sheet is what a scorer wrote, so every mistake in it is named by row and column, never by
a JSON Pointer into a record the scorer never saw: ``/rows/3/Ben`` and "row 3, column Ben".
Rows are counted as a spreadsheet or an editor counts them: the header is row 1. Besides
its shape, a sheet's arithmetic is checked by the core (``RESULT_WINNER``,
``RESULT_CARD_COUNT``, a card left twice, a card that was not dealt to that seat): on a
sheet those are input problems of their row, so a sheet with one of them is refused
whole and nothing of it is stored. Rule errors about the match (``MATCH_OVER``) stay in the
report as for any record.

Pure: text in, a record (and its check) or problems out.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from typing import Any

from bigtwo import limits
from bigtwo.records.messages import DEFAULT_LANGUAGE
from bigtwo.records.pipeline import Checked, check_record
from bigtwo.rules import cards
from bigtwo.rules.problems import Problem, escape
from bigtwo.rules.profiles import DEFAULT_RESOLVER, Profile, ProfileResolver

DEAL_COLUMN = "deal"
CODE_COLUMN = "deal_code"
_COUNT = re.compile(r"-?[0-9]+")
_TOTAL = re.compile(r"[+\-\u2212]?[0-9]+")  # a written total: +12, -5, −5 (a typographic minus)
TOTAL_LABELS = frozenset({"total", "totals"})
# Rule errors that say a row of the sheet cannot be right (its arithmetic), as opposed to
# errors about the match as a whole.
ROW_CODES = frozenset({"RESULT_WINNER", "RESULT_CARD_COUNT", "DUPLICATE_CARD", "CARD_NOT_HELD",
                       "PLAYER_COUNT", "HAND_SIZE"})


@dataclass(frozen=True, slots=True)
class Layout:
    """Where things are in a sheet: the row number of each deal, the seat columns' names."""

    rows: list[int]  # per deal, its row number in the sheet (the header is row 1)
    names: list[str]  # per seat, the column's header
    totals: tuple[int, list[int]] | None = None  # the scorer's own totals row: (row, per seat)


def _where(row: int, column: str | None) -> str:
    return f"row {row}" + (f", column {column}" if column is not None else "")


def _problem(row: int, column: str | None, detail: str) -> Problem:
    return Problem(f"/rows/{row}" + (f"/{escape(column)}" if column is not None else ""),
                   f"{_where(row, column)}: {detail}")


def _cell(text: str, row: int, column: str, problems: list[Problem]) -> int | list[str] | None:
    """A count, a list of canonical card names, or None when the cell is unreadable."""
    text = text.strip()
    if not text:
        return 0
    if _COUNT.fullmatch(text):
        return int(text)
    tokens = text.split()
    if len(tokens) > cards.DECK_SIZE:
        problems.append(_problem(row, column, f"{len(tokens)} cards is more than a deck holds"))
        return None
    out = []
    for token in tokens:
        card = cards.parse_card(token)
        if card is None:
            problems.append(_problem(row, column, f"{token!r} is neither a count nor a card "
                                                  "(cards like 2S, TH, 10h, K♠, space-separated)"))
            return None
        out.append(cards.name(card))
    return out


def _result(values: list[int | list[str]], row: int, names: list[str],
            problems: list[Problem]) -> dict[str, Any] | None:
    """``{"cards_left": ...}`` or ``{"left": ...}`` from a row's readable cells."""
    listed = [i for i, v in enumerate(values) if isinstance(v, list)]
    counted = [i for i, v in enumerate(values) if isinstance(v, int) and v != 0]
    if listed and counted:
        problems.append(_problem(row, None, (
            "the row mixes counts and card lists for its losers (count in "
            f"{', '.join(names[i] for i in counted)}; cards in {', '.join(names[i] for i in listed)}): "
            "write every loser's cards, or every loser's count")))
        return None
    if listed:
        return {"left": [v if isinstance(v, list) else [] for v in values]}
    return {"cards_left": [v if isinstance(v, int) else 0 for v in values]}


def _totals(seat_cells: list[str], row: int, names: list[str],
            problems: list[Problem]) -> tuple[int, list[int]]:
    """A scorer's totals row (``total,...``): the match total per player, as written."""
    out = []
    for name, text in zip(names, seat_cells, strict=True):
        text = text.strip()
        if not _TOTAL.fullmatch(text):
            problems.append(_problem(row, name, f"{text!r} is not a total (a whole number like "
                                                "-5 or +12)"))
            out.append(0)
        else:
            out.append(int(text.replace("\u2212", "-")))
    return row, out


def _header(cells: list[str], profile: Profile, problems: list[Problem]) -> tuple[list[str], int | None] | None:
    """The seat names and the deal_code column's position, or None (problems added)."""
    head = [c.strip() for c in cells]
    if not head or head[0].lower() != DEAL_COLUMN:
        problems.append(_problem(1, None, (
            "the first row must be the header: deal,<name>,<name>,... "
            f"(found {','.join(head)[:60]!r})")))
        return None
    lowered = [h.lower() for h in head]
    code_at = lowered.index(CODE_COLUMN) if CODE_COLUMN in lowered else None
    names = [name for i, name in enumerate(head) if i not in (0, code_at)]
    if len(names) != profile.players:
        problems.append(_problem(1, None, (
            f"the header names {len(names)} player{'s' if len(names) != 1 else ''}; "
            f"this profile ({profile.id}) is for {profile.players}")))
        return None
    for i, name in enumerate(names):
        if not name:
            problems.append(_problem(1, None, f"player column {i + 1} has no name"))
        elif len(name) > limits.MAX_NAME_LENGTH:
            problems.append(_problem(1, None, f"player column {i + 1}'s name is longer than "
                                              f"{limits.MAX_NAME_LENGTH} characters"))
        elif name in names[:i]:
            problems.append(_problem(1, name, "this player name appears twice in the header"))
    return None if problems else (names, code_at)


def sheet_record(text: str, profile_ref: Any, profile: Profile) -> tuple[dict[str, Any] | None, Layout | None, list[Problem]]:
    """The record a sheet stands for (not yet checked against the rules), or its problems.

    ``profile_ref`` goes into the record as it is (an id or a declaration); ``profile`` is it
    resolved, for the number of players."""
    problems: list[Problem] = []
    if text.startswith("\ufeff"):  # a spreadsheet's byte-order mark
        text = text[1:]
    reader = csv.reader(io.StringIO(text), strict=True)
    header: tuple[list[str], int | None] | None = None
    deals: list[dict[str, Any]] = []
    labels: list[str] = []
    rows: list[int] = []
    totals: tuple[int, list[int]] | None = None
    try:
        for cells in reader:
            row = reader.line_num
            if not any(c.strip() for c in cells):
                continue  # a blank line between deals
            if header is None:
                header = _header(cells, profile, problems)
                if header is None:
                    return None, None, problems
                continue
            if len(problems) >= limits.MAX_SHEET_PROBLEMS:
                problems.append(_problem(row, None, (
                    f"and possibly more: a sheet's problems are listed up to "
                    f"{limits.MAX_SHEET_PROBLEMS}")))
                return None, None, problems
            if len(deals) >= limits.MAX_SHEET_ROWS:
                problems.append(_problem(row, None, f"a sheet holds at most {limits.MAX_SHEET_ROWS} "
                                                    "deals"))
                return None, None, problems
            names, code_at = header
            width = 1 + len(names) + (code_at is not None)
            if len(cells) != width:
                problems.append(_problem(row, None, f"{len(cells)} cells; the header has {width}"))
                continue
            seat_cells = [c for i, c in enumerate(cells[1:], start=1) if i != code_at]
            if totals is not None:
                problems.append(_problem(row, None, f"the totals row ({totals[0]}) must be the "
                                                    "last row of the sheet"))
                continue
            if cells[0].strip().lower() in TOTAL_LABELS:
                totals = _totals(seat_cells, row, names, problems)
                continue
            values = [_cell(c, row, names[s], problems) for s, c in enumerate(seat_cells)]
            readable = [v for v in values if v is not None]
            if len(readable) != len(values):
                continue
            result = _result(readable, row, names, problems)
            if result is None:
                continue
            deal: dict[str, Any] = {"result": result}
            if code_at is not None and cells[code_at].strip():
                deal = {"deal_code": cells[code_at].strip(), **deal}
            deals.append(deal)
            labels.append(cells[0].strip())
            rows.append(row)
    except csv.Error as exc:
        problems.append(_problem(reader.line_num, None, f"not readable as CSV: {exc}"))
        return None, None, problems
    if header is None:
        problems.append(_problem(1, None, "the sheet is empty: it needs the header "
                                          "deal,<name>,<name>,... and a row per deal"))
        return None, None, problems
    if not deals and not problems:
        problems.append(_problem(2, None, "the sheet has a header but no deals"))
    if problems:
        return None, None, problems
    record = {"profile": profile_ref, "players": header[0], "deals": deals,
              # The scorer's deal labels are kept; row numbers are not (a blank line more would
              # make the same sheet another record for a tournament).
              "meta": {"sheet": {"deals": labels}}}
    return record, Layout(rows, header[0], totals), []


def _row_problem(error: dict[str, Any], layout: Layout, code_at: bool) -> Problem:
    deal = error["deal"]
    row = layout.rows[deal]
    seat = error["seat"]
    column = None
    if "deal_code" in error["pointer"] and code_at:
        column = CODE_COLUMN
    elif seat is not None and 0 <= seat < len(layout.names):
        column = layout.names[seat]
    return _problem(row, column, f"{error['message']} ({error['code']})")


def _input_problem(problem: Problem, layout: Layout) -> Problem:
    """A record problem (pointer into the converted record) moved onto the sheet."""
    parts = problem.pointer.split("/")
    if len(parts) > 2 and parts[1] == "deals" and parts[2].isdigit():
        row = layout.rows[int(parts[2])]
        column = None
        if "deal_code" in parts:
            column = CODE_COLUMN
        elif len(parts) > 5 and parts[3] == "result" and parts[5].isdigit():
            column = layout.names[int(parts[5])]
        return _problem(row, column, problem.detail)
    if parts[:2] == ["", "players"]:
        return _problem(1, None, problem.detail)
    return problem


def check_sheet(
    text: str,
    profile_ref: Any,
    *,
    complete: bool = True,
    lang: str = DEFAULT_LANGUAGE,
    resolver: ProfileResolver = DEFAULT_RESOLVER,
) -> tuple[dict[str, Any] | None, Checked]:
    """Read a sheet and check the record it stands for: ``(record, checked)``.

    ``checked`` is ``check_record``'s answer for that record, except that a sheet whose rows
    cannot be right (shape or arithmetic) has no report, only problems named by row and
    column; the record is then None."""
    if profile_ref is None:
        return None, Checked(None, [Problem("/profile", "a score sheet needs a profile: name a "
                                                        "preset or a stored profile")])
    profile, profile_problems = resolver.resolve(profile_ref, "/profile")
    if profile is None:
        return None, Checked(None, profile_problems)
    record, layout, problems = sheet_record(text, profile_ref, profile)
    if record is None or layout is None:
        return None, Checked(None, problems)
    checked = check_record(record, complete=complete, lang=lang, resolver=resolver)
    has_code = any("deal_code" in d for d in record["deals"])
    if checked.report is None:
        return None, Checked(None, _capped([_input_problem(p, layout) for p in checked.problems]))
    row_errors = [e for e in checked.report["errors"] if e["code"] in ROW_CODES and e["deal"] is not None]
    if row_errors:
        return None, Checked(None, _capped([_row_problem(e, layout, has_code) for e in row_errors]))
    if layout.totals is not None:
        wrong = _wrong_totals(layout.totals, checked.report["totals"], layout.names)
        if wrong:
            return None, Checked(None, wrong)
    return record, checked


def _wrong_totals(written: tuple[int, list[int]], actual: list[int], names: list[str]) -> list[Problem]:
    """The scorer's arithmetic: each written total against the sum of the deals' scores."""
    row, totals = written
    return [_problem(row, name, f"the sheet's total is {said:+d}; the deals above give {real:+d}")
            for name, said, real in zip(names, totals, actual, strict=True) if said != real]


def _capped(problems: list[Problem]) -> list[Problem]:
    if len(problems) <= limits.MAX_SHEET_PROBLEMS:
        return problems
    rest = len(problems) - limits.MAX_SHEET_PROBLEMS
    return [*problems[: limits.MAX_SHEET_PROBLEMS],
            Problem("", f"and {rest} more problem{'s' if rest != 1 else ''} like these")]


def sheet_to_record(text: str, profile_ref: Any, *,
                    resolver: ProfileResolver = DEFAULT_RESOLVER) -> tuple[dict[str, Any] | None, list[Problem]]:
    """The record a sheet stands for, once its rows are known to be consistent, or every
    problem that stops it (named by row and column)."""
    record, checked = check_sheet(text, profile_ref, resolver=resolver)
    return record, checked.problems
