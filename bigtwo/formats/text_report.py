"""A validation report as plain text for a person at a terminal (``bigtwo validate --format text``).

The JSON report is for programs: seats counted from 0, cards in storage spelling, messages
that say "seat 2". A person wants names, cards as players write them (``9♥``) and numbers
counted from 1, as the referee's pages show them. This renders that from a report and the
record it was made from (the parsed record, for names, teams and the cards of each move);
it decides nothing.

Names are user input and the text goes to a terminal: control characters (an escape
sequence could rewrite the screen) are shown as ``\\x1b`` and the like, never written raw.
"""

from __future__ import annotations

import copy
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from bigtwo.formats import jsoncodec
from bigtwo.records.parse import parse_record
from bigtwo.records.pipeline import Checked, CheckOptions
from bigtwo.reports.i18n import (
    DEFAULT_LANGUAGE,
    NN_,
    NP_,
    Marked,
    MarkedPlural,
    format_signed,
    sentences,
    supported,
    translator,
)
from bigtwo.reports.messages import cards_text, render
from bigtwo.rules import cards
from bigtwo.rules.game import Record
from bigtwo.rules.problems import Problem

# Positions inside an error's params, by code: the text counts deals, moves and seats from 1
# (as people do, and as the pages do), so its messages must too.
POSITION_PARAMS: dict[str, dict[str, str]] = {
    "WRONG_TURN": {"expected": "seat"},
    "MOVE_AFTER_END": {"ended_at": "move"},
    "MATCH_OVER": {"last_deal": "deal"},
    "RESULT_WINNER": {"seats": "seats"},
    "MUST_PLAY_HIGHEST": {"protected": "seat"},
    "RESULT_LIABLE": {"liable": "seat", "winner": "seat"},
    "RESULT_PLACES": {"places": "seats"},
    "PROOF_MISMATCH": {"deal": "deal", "seat": "seat"},
}

WORDS: dict[str, Marked] = {
    "players": NP_("text report", "{n} players"),
    "profile": NP_("text report", "Profile {profile}"),
    "valid": NP_("text report", "Ruling: valid, no broken rules."),
    "numbering": NP_("text report", "Deals, moves and seats count from 1."),
    "seat": NP_("text report", "Seat {n}"), "deal": NP_("text report", "Deal {n}"), "record": NP_("text report", "Whole record"),
    "status_complete": NP_("text report", "complete"), "status_incomplete": NP_("text report", "unfinished"),
    "status_invalid": NP_("text report", "broken rule"), "status_not_checked": NP_("text report", "not checked"),
    "status_scored": NP_("text report", "scored from the result"),
    "led": NP_("text report", "{name} led."), "went_out": NP_("text report", "{name} went out first."),
    "at_move": NP_("text report", "move {n}"),
    # TRANSLATORS: where a broken rule's move stands in a file of Big Two notation.
    "at_line": NP_("text report", "line {line}, column {column}"), "plays": NP_("text report", "{name} plays {cards}"),
    "passes": NP_("text report", "{name} passes"),
    "times_out": NP_("text report", "{name} lets the turn time out"),
    # TRANSLATORS: a play that carries the last-card call; {cards} as in "{name} plays {cards}".
    "plays_calling": NP_("text report", "{name} plays {cards} and calls last card"),
    "player": NP_("text report", "Player"), "cards_left": NP_("text report", "Cards left"),
    "penalty": NP_("text report", "Penalty"), "score": NP_("text report", "Score"),
    "total": NP_("text report", "Total"), "not_scored": NP_("text report", "Not scored."),
    "place": NP_("text report", "Place"), "takes_all": NP_("text report", "{name} takes all."),
    "totals": NP_("text report", "Totals"), "team_totals": NP_("text report", "Team totals"),
    "match_on": NP_("text report", "Match not over."),
    "unreadable": NP_("text report", "Cannot replay this record:"), "line": NP_("text report", "Line {n}"),
    "whole_document": NP_("text report", "(the whole document)"),
    # A game read from notation names its players by the names its file uses, not by seat.
    "named_WRONG_TURN": NP_("text report", "It is {expected}'s turn, not {name}'s"),
    "named_LOCKED_OUT": NP_("text report", "{name} passed and sits out until the next lead"),
    "named_CARD_NOT_HELD": NP_("text report", "{name} does not hold {cards}"),
}
PLURALS: dict[str, MarkedPlural] = {
    "deals": NN_("text report", "{n} deal", "{n} deals"),
    "invalid": NN_("text report", "Ruling: invalid, {n} broken rule.", "Ruling: invalid, {n} broken rules."),
    "moves": NN_("text report", "{n} move checked.", "{n} moves checked."),
    # TRANSLATORS: {n} is the number of winners, {names} their names.
    "match_over": NN_("text report", "Match over. Winner: {names}.", "Match over. Winners: {names}."),
}


def safe(text: str) -> str:
    """``text`` with control and format characters escaped, so that a name cannot drive the
    terminal (ANSI escapes, carriage returns, bidirectional overrides)."""
    if text.isprintable():
        return text
    return "".join(c if unicodedata.category(c)[0] != "C" else ascii(c)[1:-1] for c in text)


def card_text(name: str) -> str:
    """A card as players write it: ``9♥``, ``10♠`` (whatever the language); a joker ``🃏``,
    and in a play by the card it stands for, ``🃏4♦``."""
    if name.startswith(cards.JOKER_NAME):
        return cards.JOKER_SYMBOL + (card_text(name[3:]) if name[2:3] == "=" else "")
    return ("10" if name[0] == "T" else name[0]) + cards.SUIT_SYMBOLS[name[1]]


def one_based(error: Mapping[str, Any]) -> dict[str, Any]:
    """The error with its deal, move and seat numbers (and those in its params) counted from 1."""
    out = copy.deepcopy(dict(error))
    for key in ("deal", "move", "seat"):
        if isinstance(out.get(key), int):
            out[key] += 1
    params = out.get("params") or {}
    shifts = dict(POSITION_PARAMS.get(out["code"], {}))
    if out["code"] == "DECLARED_MISMATCH" and params.get("field") == "winner":
        shifts.update(declared="seat", actual="seat")
    for name in shifts:
        value = params.get(name)
        if isinstance(value, int) and not isinstance(value, bool):
            params[name] = value + 1
        elif isinstance(value, list):
            params[name] = [v + 1 if isinstance(v, int) else v for v in value]
    return out


class _Text:
    def __init__(self, lang: str) -> None:
        self.lang = supported(lang)
        self._t = translator(self.lang)

    def __call__(self, key: str, **values: Any) -> str:
        return self._t.marked(WORDS[key], **values)

    def count(self, key: str, n: int, **values: Any) -> str:
        return self._t.plural(PLURALS[key], n, **values)


def seat_names(record: Record | None, seats: int, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """The record's player names (control characters escaped), else "Seat 1" … "Seat n"."""
    names = record.players if record is not None else None
    if names is not None and len(names) == seats:
        return [safe(n) for n in names]
    t = _Text(lang)
    return [t("seat", n=s + 1) for s in range(seats)]


def _signed(n: int, lang: str) -> str:
    return format_signed(n, lang)


def width(text: str) -> int:
    """Columns a terminal gives ``text``: wide (CJK) characters take two, combining marks none."""
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
               for c in text)


def _pad(cell: str, size: int, left: bool) -> str:
    fill = " " * max(0, size - width(cell))
    return cell + fill if left else fill + cell


def _table(rows: Sequence[Sequence[str]]) -> list[str]:
    """Columns padded to their widest cell: the first left-aligned, the others right."""
    widths = [max(width(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  " + "  ".join(_pad(cell, widths[i], i == 0)
                             for i, cell in enumerate(row)).rstrip() for row in rows]


def _move_text(record: Record | None, deal: int, move: int, names: list[str], t: _Text) -> str | None:
    if record is None or not 0 <= deal < len(record.deals):
        return None
    moves = record.deals[deal].moves
    if not 0 <= move < len(moves):
        return None
    seat, played = moves[move]
    name = names[seat] if 0 <= seat < len(names) else t("seat", n=seat + 1)
    if played is None:
        return t("passes", name=name)
    if not played:
        return t("times_out", name=name)  # v4: a timed-out turn is the empty play
    calling = move in getattr(record.deals[deal], "calls", ())
    return t("plays_calling" if calling else "plays", name=name,
             cards=" ".join(card_text(cards.name(c)) for c in played))


def _named(error: Mapping[str, Any], record: Record | None, names: list[str],
           t: _Text) -> str | None:
    """The message of a move's error in a game read from notation (it has a ``line``), with
    the players named as its file names them; None where the file names none."""
    key = f"named_{error['code']}"
    seat, params = error.get("seat"), error.get("params") or {}
    if ("line" not in error or key not in WORDS or record is None or record.players is None
            or not isinstance(seat, int) or not 0 <= seat < len(names)):
        return None
    expected = params.get("expected")
    if key == "named_WRONG_TURN":
        if not isinstance(expected, int) or not 0 <= expected < len(names):
            return None
        return t(key, expected=names[expected], name=names[seat])
    if key == "named_CARD_NOT_HELD":
        return t(key, name=names[seat], cards=cards_text(list(params.get("cards") or []), t.lang))
    return t(key, name=names[seat])


def _error_lines(error: Mapping[str, Any], record: Record | None, names: list[str],
                 t: _Text) -> list[str]:
    shown = one_based(error)
    where = []
    if isinstance(error.get("line"), int):
        # A game read from notation: the place the referee wrote the move, not its number.
        where.append(t("at_line", line=error["line"], column=error.get("column")))
    elif isinstance(error.get("move"), int):
        where.append(t("at_move", n=shown["move"]))
    seat = error.get("seat")
    if isinstance(seat, int) and 0 <= seat < len(names):
        where.append(names[seat])
    head = f"  ! {error['code']}" + (f" ({', '.join(where)})" if where else "")
    lines = [f"{head}: {_named(error, record, names, t) or render(shown, t.lang)}"]
    if isinstance(error.get("deal"), int) and isinstance(error.get("move"), int):
        played = _move_text(record, error["deal"], error["move"], names, t)
        if played is not None:
            lines.append(f"    {played}")
    return lines


def _deal_lines(deal: Mapping[str, Any], errors: list[Mapping[str, Any]], record: Record | None,
                names: list[str], teams: Sequence[Sequence[int]] | None, t: _Text) -> list[str]:
    lines = [f"{t('deal', n=deal['index'] + 1)}: {t('status_' + deal['status'])}"]
    about = []
    if deal.get("leader") is not None:
        about.append(t("led", name=names[deal["leader"]]))
    if deal.get("winner") is not None:
        about.append(t("went_out", name=names[deal["winner"]]))
    if deal.get("moves_checked"):
        about.append(t.count("moves", deal["moves_checked"]))
    if about:
        lines.append("  " + sentences(about, t.lang))
    for error in errors:
        lines.extend(_error_lines(error, record, names, t))
    scores = deal.get("scores")
    if scores is None:
        lines.append("  " + t("not_scored"))
        return lines
    left = deal.get("cards_left") or [None] * len(names)
    held = _cards_held(record, deal["index"])
    places = deal.get("places")
    # Under placings a seat's place stands where a penalty would (penalties are null).
    rows = [[t("player"), t("cards_left"), t("place" if places is not None else "penalty"), t("score")]]
    for seat, name in enumerate(names):
        count = "" if left[seat] is None else str(left[seat])
        if held is not None and seat < len(held) and held[seat]:
            count = f"{' '.join(card_text(cards.name(c)) for c in held[seat])}  {count}"
        paid = (str(places.index(seat) + 1) if places is not None and seat in places
                else str(deal["penalties"][seat]) if deal.get("penalties") is not None else "")
        rows.append([name, count, paid, _signed(scores[seat], t.lang)])
    lines.extend(_table(rows))
    if deal.get("liable") is not None and 0 <= deal["liable"] < len(names):
        lines.append("  " + t("takes_all", name=names[deal["liable"]]))
    if teams and deal.get("team_scores") is not None:
        lines.append("  " + " · ".join(f"{_team_name(team, names)} {_signed(v, t.lang)}"
                                       for team, v in zip(teams, deal["team_scores"], strict=False)))
    return lines


def _cards_held(record: Record | None, deal: int) -> list[list[int]] | None:
    """The cards each seat still held, when a score sheet's row lists them."""
    if record is None or not 0 <= deal < len(record.deals):
        return None
    result = record.deals[deal].result
    return result.left if result is not None else None


def _team_name(team: Sequence[int], names: list[str]) -> str:
    return " & ".join(names[s] for s in team if 0 <= s < len(names))


def render_report(report: Mapping[str, Any], record: Record | None = None,
                  lang: str = DEFAULT_LANGUAGE) -> str:
    """The ruling on one record, as lines of text (ending in a newline)."""
    t = _Text(lang)
    seats = len(report["totals"])
    names = seat_names(record, seats, lang)
    teams = record.profile.teams if record is not None else None
    errors = list(report["errors"])
    deals = list(report["deals"])
    profile = report["profile"]["id"]
    if record is not None and record.profile.name and record.profile.name != profile:
        profile = f"{record.profile.name} ({profile})"
    lines = [" · ".join([t("profile", profile=safe(profile)),
                         t("players", n=seats) + ": " + ", ".join(names),
                         t.count("deals", len(deals))])]
    lines.append(t("valid") if report["valid"] else t.count("invalid", len(errors)))
    lines.append(t("numbering"))
    loose = [e for e in errors if not isinstance(e.get("deal"), int)
             or not 0 <= e["deal"] < len(deals)]
    if loose:
        lines += ["", t("record")]
        for error in loose:
            lines.extend(_error_lines(error, record, names, t))
    for deal in deals:
        mine = [e for e in errors if e.get("deal") == deal["index"]]
        lines.append("")
        lines.extend(_deal_lines(deal, mine, record, names, teams, t))
    if any(d.get("scores") is not None for d in deals):
        lines += ["", t("totals") + ": " + " · ".join(
            f"{name} {_signed(total, t.lang)}" for name, total in zip(names, report["totals"], strict=True))]
        if teams and report.get("team_totals") is not None:
            lines.append(t("team_totals") + ": " + " · ".join(
                f"{_team_name(team, names)} {_signed(v, t.lang)}"
                for team, v in zip(teams, report["team_totals"], strict=False)))
    else:
        lines.append("")
    match = report.get("match") or {}
    if match.get("over"):
        winners = [names[s] for s in match.get("winners", []) if 0 <= s < len(names)]
        lines.append(t.count("match_over", len(winners), names=", ".join(winners)))
    else:
        lines.append(t("match_on"))
    return "\n".join(lines) + "\n"


def render_problems(problems: Sequence[Problem | Mapping[str, str]],
                    lang: str = DEFAULT_LANGUAGE) -> str:
    """Why a record could not be replayed at all: each problem with where it is."""
    t = _Text(lang)
    lines = [t("unreadable")]
    for p in problems:
        pointer, detail = ((p.pointer, p.detail) if isinstance(p, Problem)
                           else (p["pointer"], p["detail"]))
        lines.append(f"  {safe(pointer) or t('whole_document')}: {safe(detail)}")
    return "\n".join(lines) + "\n"


def render_checked(checked: Checked, lang: str = DEFAULT_LANGUAGE, line: int | None = None) -> str:
    """A checked record as text; ``line`` heads the block of a JSON Lines
    record with its line number."""
    head = f"== {_Text(lang)('line', n=line)} ==\n" if line is not None else ""
    if checked.report is None:
        return head + render_problems(checked.problems, lang)
    return head + render_report(checked.report, checked.record, lang)


def render_line(document: Mapping[str, Any], raw: bytes | str, number: int | None,
                options: CheckOptions) -> str:
    """The text block of one JSON Lines record, from the document ``check_line`` answered (a
    report, or the problems that stopped it) and the line itself (read again for the names,
    teams and moves: text is for people, so the second parse is cheap enough)."""
    lang = options.lang
    head = f"== {_Text(lang)('line', n=number)} ==\n" if number is not None else ""
    if document.get("valid") is None:
        return head + render_problems(document.get("problems", []), lang)
    record = None
    try:
        record, _ = parse_record(jsoncodec.loads(raw), resolver=options.resolver,
                                 default_profile=options.default_profile)
    except ValueError:  # pragma: no cover - the line was read as JSON a moment ago
        record = None
    return head + render_report(document, record, lang)
