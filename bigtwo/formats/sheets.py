"""Score sheets as a scorer types them: CSV in, a record of result-only deals out.

A sheet is a header ``deal,<name>,<name>,...`` (a ``deal_code`` column may stand anywhere
after ``deal``), then one row per deal. A cell is a count (``5``) or the cards left,
separated by spaces (``2S 5C``); ``0`` or an empty cell means no cards left. A row of counts
becomes ``result.cards_left``, a row of cards ``result.left``; the winner's cell may be ``0``
or empty in either. A ``*`` after a loser's cell (``7*``, ``2S 5C*``) marks the player who takes all under
``last_card_guard: liable``; after the winner's (``0*``), under ``last_card_call: liable``, the
winner who went out without calling "last card" and pays every loser's penalty. With
jokers a joker left is ``JK`` (``JK 5C``), and with several decks a card may be listed as often as
the decks hold it. Under ``finish: placings`` a cell is the player's place
(``1`` first out ... ``n``) instead of the cards left. A last row labelled ``total`` (or
``totals``) holds the scorer's own
match totals; they are checked against the deals' scores, not taken from the sheet.

Cells are separated by commas, semicolons (what Excel writes where the decimal mark is a
comma, as in Germany and Italy) or tabs (a copy from a spreadsheet): the header row says
which, since its first cell is ``deal``. A byte-order mark before it is ignored.

A sheet is what a scorer wrote, so every mistake in it is named by row and column, never by
a JSON Pointer into a record the scorer never saw: ``/rows/3/Ben`` and "row 3, column Ben",
in the scorer's words (bigtwo/reports/sheet_words.py). Rows are counted as a spreadsheet or
an editor counts them: the header is row 1. Every problem of a sheet is listed at once (up
to ``limits.MAX_SHEET_PROBLEMS``): a row's cells, its arithmetic (one winner, no more cards
left than were dealt) and, for every row that could be read, what the core finds in it (a
card left twice, a card that was not dealt to that player). A sheet with any of them is
refused whole and nothing of it is stored. Rule errors about the match (``MATCH_OVER``) stay
in the report as for any record.

Pure: text in, a record (and its check) or problems out.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from typing import Any

from bigtwo import limits
from bigtwo.formats.csvdialect import DELIMITERS
from bigtwo.records.names import canonical_name, unseen_character
from bigtwo.records.pipeline import Checked, check_record
from bigtwo.reports.i18n import DEFAULT_LANGUAGE, format_list
from bigtwo.reports.sheet_words import SheetWords
from bigtwo.rules import cards, deals, scoring
from bigtwo.rules.choices import Finish, LastCardCall, LastCardGuard
from bigtwo.rules.play import most_dealt
from bigtwo.rules.problems import Problem, escape
from bigtwo.rules.profiles import DEFAULT_RESOLVER, Profile, ProfileRef, ProfileResolver
from bigtwo.rules.suggest import did_you_mean

DEAL_COLUMN = "deal"
CODE_COLUMN = "deal_code"
# A whole number as spreadsheets write one: 5, +12, -5, −5 (a typographic minus), and with a
# zero fraction after a decimal comma or point (22,0 or 22.0: a German and an English
# spreadsheet's 22). Three zeros (1.000, 1,000) are not read: there they group thousands.
_WHOLE = re.compile(r"([+\-\u2212]?\d+)(?:[.,](?:0{1,2}|0{4,}))?")
TOTAL_LABELS = frozenset({"total", "totals"})
# Rule errors that say a row of the sheet cannot be right (its arithmetic), as opposed to
# errors about the match as a whole.
ROW_CODES = frozenset({"RESULT_WINNER", "RESULT_CARD_COUNT", "DUPLICATE_CARD", "CARD_NOT_HELD",
                       "PLAYER_COUNT", "HAND_SIZE", "RESULT_LIABLE", "RESULT_PLACES"})
# After a loser's cell: that player takes all (last_card_guard: liable); after the winner's
# (0*): it missed its last-card call and pays every loser's penalty (last_card_call: liable).
LIABLE_MARK = "*"


def whole(text: str) -> int | None:
    """The whole number a cell holds (``_WHOLE``), or None."""
    found = _WHOLE.fullmatch(text)
    return None if found is None else int(found.group(1).replace("\u2212", "-"))


def sniff_delimiter(text: str) -> str:
    """The separator of a sheet: the one that makes the header's first cell ``deal`` and
    splits it into the most cells; when none does, the one that splits the first line into
    the most cells, so that the header's problem is named in the form the scorer used
    (comma when nothing splits it)."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    best, width, is_deal = ",", 0, False
    for delimiter in DELIMITERS.values():
        try:
            cells = next(csv.reader([first], delimiter=delimiter))
        except (csv.Error, StopIteration):
            continue
        deal = bool(cells) and cells[0].strip().lower() == DEAL_COLUMN
        if (deal, len(cells)) > (is_deal, width):
            best, width, is_deal = delimiter, len(cells), deal
    return best


@dataclass(slots=True)
class _Sheet:
    """What reading a sheet found: the rows the core can check, and the problems so far."""

    words: SheetWords
    delimiter: str = ","
    names: list[str] = field(default_factory=list)
    code_at: int | None = None
    header_ok: bool = True
    deals: list[dict[str, Any]] = field(default_factory=list)  # rows the core checks
    rows: list[int] = field(default_factory=list)  # per deal above, its row in the sheet
    labels: list[str] = field(default_factory=list)
    totals: tuple[int, list[int]] | None = None
    # (row, column index or -1 for the whole row, problem): sorted into the sheet's order
    found: list[tuple[int, int, Problem]] = field(default_factory=list)
    flagged: set[tuple[int, int]] = field(default_factory=set)  # (row, seat) counts found wrong
    stopped: bool = False

    def where(self, row: int, column: str | None) -> str:
        if column is None:
            return self.words("row", row=row)
        return self.words("row_column", row=row, column=column)

    def problem(self, row: int, column: str | None, detail: str, order: int = -1) -> None:
        pointer = f"/rows/{row}" + (f"/{escape(column)}" if column is not None else "")
        self.found.append((row, order, Problem(pointer, f"{self.where(row, column)}: {detail}")))

    def seat_problem(self, row: int, seat: int, detail: str) -> None:
        name = self.names[seat] if 0 <= seat < len(self.names) else None
        self.problem(row, name, detail, seat)

    def problems(self) -> list[Problem]:
        return [p for _, _, p in sorted(self.found, key=lambda f: (f[0], f[1]))]


# Every accepted spelling of a card to its canonical name: a sheet of card lists holds about
# 330,000 cards at 1 MiB, so each is one dict lookup (in C, through map), not two calls.
_CANONICAL_NAMES: dict[str, str] = cards.NAME_OF


def _cell(sheet: _Sheet, text: str, row: int, seat: int, most: int,
          jokers: bool = False) -> int | list[str] | None:
    """A count, a list of canonical card names (``JK`` a joker, where the profile has
    jokers), or None when the cell is unreadable. A count out of range is kept (the row's
    winner can still be checked) but named."""
    w, name = sheet.words, sheet.names[seat]
    text = text.strip()
    if not text:
        return 0
    n = whole(text)
    if n is not None:
        if n < 0:
            sheet.seat_problem(row, seat, w("negative", n=text, name=name, most=most))
            sheet.flagged.add((row, seat))
        elif n > most:
            sheet.seat_problem(row, seat, w("too_many_left", name=name, n=n, most=most))
            sheet.flagged.add((row, seat))
        return n
    tokens = text.split()
    # With several decks a hand may hold more than one deck's cards (up to ``most``).
    if len(tokens) > cards.DECK_SIZE and len(tokens) > most:
        sheet.seat_problem(row, seat, w("deck", n=len(tokens)))
        return None
    named = list(map(_CANONICAL_NAMES.get, tokens))
    if None not in named:
        return named  # type: ignore[return-value]
    out = []
    for token in tokens:
        card = cards.parse_card(token)
        if card is None and jokers and token in cards.JOKER_SPELLINGS:
            card = cards.JOKER  # JK=.. names a card only in a play: no cell holds one
        if card is None:
            sheet.seat_problem(row, seat, w("not_a_cell", text=w.quoted(token)))
            return None
        out.append(cards.name(card))
    if len(out) > most:
        sheet.seat_problem(row, seat, w("too_many_left", name=name, n=len(out), most=most))
        sheet.flagged.add((row, seat))
    return out


def _result(sheet: _Sheet, values: list[int | list[str] | None], row: int,
            profile: Profile) -> dict[str, Any] | None:
    """``{"cards_left": ...}`` or ``{"left": ...}`` from a row's cells, or None (named)."""
    w, names = sheet.words, sheet.names
    left = [v if isinstance(v, int) else len(v) if isinstance(v, list) else None for v in values]
    winners = [i for i, n in enumerate(left) if n == 0]
    if len(winners) > 1:
        sheet.problem(row, None, w("winners", names=w.names([names[i] for i in winners])))
    elif not winners and None not in left:
        sheet.problem(row, None, w("no_winner"))
    if any(v is None for v in values):
        return None
    listed = [i for i, v in enumerate(values) if isinstance(v, list) and v]
    counted = [i for i, v in enumerate(values) if isinstance(v, int) and v != 0]
    if listed and counted:
        sheet.problem(row, None, w("mixed", counted=", ".join(names[i] for i in counted),
                                   listed=", ".join(names[i] for i in listed)))
        return None
    if listed:
        return {"left": [v if isinstance(v, list) else [] for v in values]}
    if counted and scoring.cards_matter(profile):
        why = [w("why_two")] if profile.two_held_factor > 1 else []
        why += [w("why_cards")] if profile.card_penalties else []
        sheet.problem(row, None, w("needs_cards", why=format_list(why, w.lang)))
        return None
    return {"cards_left": [v if isinstance(v, int) else 0 for v in values]}


def _liable_mark(sheet: _Sheet, seat_cells: list[str], row: int, profile: Profile) -> int | None:
    """The seat whose cell ends in ``*`` (it takes all), None when no cell does, -1 when the
    marks cannot stand (named): several of them, or a profile without liability."""
    marked = [s for s, c in enumerate(seat_cells) if c.rstrip().endswith(LIABLE_MARK)]
    if not marked:
        return None
    w = sheet.words
    if (profile.last_card_guard is not LastCardGuard.LIABLE
            and profile.last_card_call is not LastCardCall.LIABLE):
        for seat in marked:
            sheet.seat_problem(row, seat, w("no_liable", name=sheet.names[seat]))
        return -1
    if len(marked) > 1:
        sheet.problem(row, None, w("liable_twice", names=w.names([sheet.names[s] for s in marked])))
        return -1
    return marked[0]


def _places(sheet: _Sheet, seat_cells: list[str], row: int) -> dict[str, Any] | None:
    """Under placings a row gives each player's place (1 first out): ``{"places": seats}``."""
    w, n = sheet.words, len(seat_cells)
    place_of: list[int | None] = []
    for seat, text in enumerate(seat_cells):
        text = text.strip()
        place = whole(text)
        if place is not None and 1 <= place <= n and not text.startswith(("+", "-", "\u2212")):
            place_of.append(place)
        else:
            sheet.seat_problem(row, seat, w("not_a_place", text=w.quoted(text), n=n))
            place_of.append(None)
    if None in place_of:
        return None
    for place in range(1, n + 1):
        holders = [sheet.names[s] for s, p in enumerate(place_of) if p == place]
        if len(holders) > 1:
            sheet.problem(row, None, w("places_twice", names=w.names(holders), place=place))
    if sorted(place_of) != list(range(1, n + 1)):  # type: ignore[type-var]
        return None
    return {"places": sorted(range(n), key=lambda s: place_of[s] or 0)}


def _totals(sheet: _Sheet, seat_cells: list[str], row: int) -> tuple[int, list[int]]:
    """A scorer's totals row (``total,...``): the match total per player, as written."""
    out = []
    for seat, text in enumerate(seat_cells):
        text = text.strip()
        total = whole(text)
        if total is None:
            sheet.seat_problem(row, seat, sheet.words("not_total", text=sheet.words.quoted(text)))
        out.append(total or 0)
    return row, out


def _header(sheet: _Sheet, cells: list[str], profile: Profile) -> bool:
    """Reads the seat names and the deal_code column's position; False when the rows cannot
    be read at all (problems added). Names that are wrong are named, and the rows still read."""
    w = sheet.words
    head = [c.strip() for c in cells]
    if not head or head[0].lower() != DEAL_COLUMN:
        d = sheet.delimiter
        form = d.join(["deal", w("header_name"), w("header_name"), "..."])
        sheet.problem(1, None, w("no_header", header=form, found=w.quoted(d.join(head)[:60])))
        return False
    lowered = [h.lower() for h in head]
    sheet.code_at = lowered.index(CODE_COLUMN) if CODE_COLUMN in lowered else None
    names = [name for i, name in enumerate(head) if i not in (0, sheet.code_at)]
    if len(names) != profile.players:
        detail = w.count("player_count", len(names), m=profile.players, profile=profile.id)
        # "Deal code" or "dealcode" for the deal_code column reads as one player too many.
        meant = next((n for n in names[:limits.MAX_SHEET_PROBLEMS]
                      if did_you_mean(n, [CODE_COLUMN]) is not None), None)
        if meant is not None and sheet.code_at is None:
            detail += w("code_column", name=w.quoted(meant), column=CODE_COLUMN)
        sheet.problem(1, None, detail)
        return False
    sheet.names = names
    compared = [canonical_name(name) for name in names]
    for i, name in enumerate(names):
        unseen = None if name.isascii() and name.isprintable() else unseen_character(name)
        if not name:
            sheet.problem(1, None, w("no_name", i=i + 1))
        elif len(name) > limits.MAX_NAME_LENGTH:
            sheet.problem(1, None, w("long_name", i=i + 1, n=limits.MAX_NAME_LENGTH))
        elif unseen is not None:
            sheet.problem(1, None, w("unseen_name", i=i + 1, at=unseen[0], char=unseen[1]))
        elif compared[i] in compared[:i]:
            sheet.problem(1, name, w("name_twice"), i)
        else:
            continue
        sheet.header_ok = False
    return True


def _row(sheet: _Sheet, cells: list[str], row: int, profile: Profile) -> None:
    """One row after the header: a deal for the core to check, the totals, or problems."""
    w = sheet.words
    width = 1 + len(sheet.names) + (sheet.code_at is not None)
    if len(cells) != width:
        sheet.problem(row, None, w("width", n=len(cells), m=width))
        return
    if sheet.totals is not None:
        sheet.problem(row, None, w("totals_last", row=sheet.totals[0]))
        return
    code_at = sheet.code_at
    seat_cells = [c for i, c in enumerate(cells[1:], start=1) if i != code_at]
    if cells[0].strip().lower() in TOTAL_LABELS:
        sheet.totals = _totals(sheet, seat_cells, row)
        return
    liable = _liable_mark(sheet, seat_cells, row, profile)
    # The marks are read: the cells below them are counts or cards as any other.
    seat_cells = [c.rstrip()[:-len(LIABLE_MARK)] if c.rstrip().endswith(LIABLE_MARK) else c
                  for c in seat_cells]
    result: dict[str, Any] | None
    if profile.finish is Finish.PLACINGS:
        result = _places(sheet, seat_cells, row)
    else:
        most = most_dealt(profile)
        jokers = profile.jokers > 0
        values = [_cell(sheet, c, row, s, most, jokers) for s, c in enumerate(seat_cells)]
        result = _result(sheet, values, row, profile)
    if result is not None and liable is not None and liable >= 0:
        result["liable"] = liable
    code = cells[code_at].strip() if code_at is not None else ""
    if code:
        # v4: a profile beyond one deck and five seats has B2X codes only (its cell says so).
        spec = deals.spec_for(code, profile)
        if isinstance(spec, str):
            sheet.problem(row, CODE_COLUMN, w("bad_code", detail=spec), len(sheet.names))
            return
    if result is None:
        return
    deal: dict[str, Any] = {"result": result}
    if code:
        deal = {"deal_code": code, **deal}
    sheet.deals.append(deal)
    sheet.labels.append(cells[0].strip())
    sheet.rows.append(row)


def _read(text: str, profile: Profile, words: SheetWords, delimiter: str | None) -> _Sheet:
    if text.startswith("\ufeff"):  # a spreadsheet's byte-order mark
        text = text[1:]
    sheet = _Sheet(words, delimiter or sniff_delimiter(text))
    reader = csv.reader(io.StringIO(text), strict=True, delimiter=sheet.delimiter)
    header_read = False
    seen = 0
    try:
        for cells in reader:
            row = reader.line_num
            if not any(c.strip() for c in cells):
                continue  # a blank line between deals
            if not header_read:
                if not _header(sheet, cells, profile):
                    sheet.stopped = True
                    return sheet
                header_read = True
                continue
            if len(sheet.found) >= limits.MAX_SHEET_PROBLEMS:
                sheet.problem(row, None, words("stopped", n=limits.MAX_SHEET_PROBLEMS))
                sheet.stopped = True
                return sheet
            if seen >= limits.MAX_SHEET_ROWS:
                sheet.problem(row, None, words("too_many_rows", n=limits.MAX_SHEET_ROWS))
                sheet.stopped = True
                return sheet
            seen += 1
            _row(sheet, cells, row, profile)
    except csv.Error as exc:
        sheet.problem(reader.line_num, None, words("unreadable", error=exc))
        sheet.stopped = True
        return sheet
    if not header_read:
        sheet.problem(1, None, words("empty"))
        sheet.stopped = True
    elif not sheet.deals and not sheet.found:
        sheet.problem(2, None, words("no_deals"))
    return sheet


def _record(sheet: _Sheet, profile_ref: ProfileRef) -> dict[str, Any]:
    record: dict[str, Any] = {"profile": profile_ref}
    if sheet.header_ok:
        record["players"] = sheet.names
    record["deals"] = sheet.deals
    # The scorer's deal labels are kept; row numbers are not (a blank line more would make
    # the same sheet another record for a tournament).
    record["meta"] = {"sheet": {"deals": sheet.labels}}
    return record


def _core_problem(sheet: _Sheet, error: dict[str, Any]) -> None:
    """A row's rule error from the core, said in the sheet's terms."""
    w, deal = sheet.words, error["deal"]
    row, seat, params = sheet.rows[deal], error["seat"], error["params"]
    name = sheet.names[seat] if seat is not None and 0 <= seat < len(sheet.names) else ""
    code = sheet.deals[deal].get("deal_code", "")
    kind = error["code"]
    if kind == "RESULT_WINNER":
        return  # the sheet's own check (_result) said it, in the same words for every row
    if kind == "RESULT_CARD_COUNT":
        if (row, seat) not in sheet.flagged:
            sheet.seat_problem(row, seat, w("dealt_fewer", name=name, n=params["count"],
                                            dealt=params["dealt"]))
        return
    if kind == "RESULT_LIABLE":
        liable = params["liable"]
        sheet.seat_problem(row, liable, w("liable_winner", name=sheet.names[liable]))
        return
    if kind == "DUPLICATE_CARD":
        sheet.seat_problem(row, seat, w("twice", card=w.cards([params["card"]])))
    elif kind == "CARD_NOT_HELD":
        sheet.seat_problem(row, seat, w("not_dealt", name=name, cards=w.cards(params["cards"]),
                                        code=code))
    elif kind == "PLAYER_COUNT":
        sheet.problem(row, CODE_COLUMN, w("code_players", code=code, actual=params["actual"],
                                          expected=params["expected"]), len(sheet.names))
    elif kind == "HAND_SIZE":
        sheet.seat_problem(row, seat, w("code_hand", code=code, name=name,
                                        actual=params["actual"], expected=params["expected"]))
    else:
        sheet.problem(row, None, error["message"])


def _input_problem(sheet: _Sheet, problem: Problem) -> None:
    """A record problem (pointer into the converted record) moved onto the sheet: not
    expected, since the sheet checks what the parser would refuse; kept as a safety net."""
    parts = problem.pointer.split("/")
    if len(parts) > 2 and parts[1] == "deals" and parts[2].isdigit():
        sheet.problem(sheet.rows[int(parts[2])], None, problem.detail)
    elif parts[:2] == ["", "players"]:
        sheet.problem(1, None, problem.detail)
    else:
        sheet.found.append((0, -1, problem))


def check_sheet(
    text: str,
    profile_ref: ProfileRef | None,
    *,
    complete: bool = True,
    lang: str = DEFAULT_LANGUAGE,
    resolver: ProfileResolver = DEFAULT_RESOLVER,
    delimiter: str | None = None,
) -> tuple[dict[str, Any] | None, Checked]:
    """Read a sheet and check the record it stands for: ``(record, checked)``.

    ``checked`` is ``check_record``'s answer for that record, except that a sheet whose rows
    cannot be right (shape or arithmetic) has no report, only every problem, named by row
    and column in ``lang``; the record is then None. ``delimiter`` is the cells' separator
    (sniffed from the header when None)."""
    words = SheetWords(lang)
    if profile_ref is None:
        return None, Checked(None, [Problem("/profile", words("no_profile"))])
    profile, profile_problems = resolver.resolve(profile_ref, "/profile")
    if profile is None:
        return None, Checked(None, profile_problems)
    sheet = _read(text, profile, words, delimiter)
    if sheet.stopped:
        return None, Checked(None, sheet.problems())
    if not sheet.deals:
        return None, Checked(None, _capped(sheet.problems(), words))
    # Every row that could be read is checked, even when other rows could not: the scorer
    # sees every problem of the sheet at once.
    record = _record(sheet, profile_ref)
    checked = check_record(record, complete=complete, lang=lang, resolver=resolver)
    if checked.report is None:
        for p in checked.problems:
            _input_problem(sheet, p)
    else:
        for e in checked.report["errors"]:
            if e["code"] in ROW_CODES and e["deal"] is not None:
                _core_problem(sheet, e)
        if not sheet.found and sheet.totals is not None:
            _wrong_totals(sheet, checked.report["totals"])
    if sheet.found:
        return None, Checked(None, _capped(sheet.problems(), words))
    return record, checked


def _wrong_totals(sheet: _Sheet, actual: list[int]) -> None:
    """The scorer's arithmetic: each written total against the sum of the deals' scores."""
    assert sheet.totals is not None
    row, totals = sheet.totals
    for seat, (said, real) in enumerate(zip(totals, actual, strict=True)):
        if said != real:
            sheet.seat_problem(row, seat, sheet.words("wrong_total", said=said, real=real))


def _capped(problems: list[Problem], words: SheetWords) -> list[Problem]:
    if len(problems) <= limits.MAX_SHEET_PROBLEMS:
        return problems
    rest = len(problems) - limits.MAX_SHEET_PROBLEMS
    return [*problems[: limits.MAX_SHEET_PROBLEMS],
            Problem("", words.count("more", rest))]


def sheet_to_record(text: str, profile_ref: ProfileRef | None, *, resolver: ProfileResolver = DEFAULT_RESOLVER,
                    lang: str = DEFAULT_LANGUAGE,
                    delimiter: str | None = None) -> tuple[dict[str, Any] | None, list[Problem]]:
    """The record a sheet stands for, once its rows are known to be consistent, or every
    problem that stops it (named by row and column)."""
    record, checked = check_sheet(text, profile_ref, resolver=resolver, lang=lang,
                                  delimiter=delimiter)
    return record, checked.problems
