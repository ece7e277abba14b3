"""The one door every input comes in by: which format a text is (a JSON record, JSON Lines, a
CSV score sheet or Big Two notation), and its reading, bounded.

The command line, the API and the pages each hand their bytes here with whatever hint they
have (a file name, a media type, nothing) and get the same answer for the same bytes: a file
name with a known extension decides, then a media type that names a format, then the text's
first lines (``sniff.sniff_line``). Leading byte-order marks, however many, are not part of
the text in any format.

Notation is read lazily, game by game, and a caller that keeps only so much stops the reader
there: ``max_games`` (the reading stops as soon as one more game begins) and ``max_problems``
(across the games read, the game that reaches it cut short too), so no body costs more than
the games and problems it can be answered with. Pure: bytes or text in, records or problems
out; no file, request or page is opened here.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from bigtwo.formats.sniff import Format, by_extension, is_sheet_name, sniff_line
from bigtwo.reports.i18n import NP_, Marked, translator
from bigtwo.rules.problems import Problem

if TYPE_CHECKING:
    from bigtwo.formats.notation.grammar import Game
    from bigtwo.rules.profiles import ProfileRef, ProfileResolver

BOM = "\ufeff"
MEDIA_TYPES: dict[str, Format] = {
    "application/json": "json", "text/csv": "csv", "text/x-bigtwo": "notation",
}

DOOR_WORDS: dict[str, Marked] = {
    # TRANSLATORS: the top-level detail of a 422 answer whose errors name lines and columns.
    "unreadable": NP_("notation", "the notation cannot be read: every problem is named by line "
                                  "and column"),
    "json_string": NP_("notation", "the body is a JSON string: send the notation text itself, "
                                   "not JSON-encoded"),
    # TRANSLATORS: after "12:1: ", where a pasted text or a file that stands for one record
    # holds a second game.
    "second_game": NP_("notation", "a second game begins here: give the games one at a time"),
    "more_problems": NP_("notation", "and possibly more: problems are listed up to {n}, and the "
                                     "text is not read past them"),
}


def words(key: str, lang: str | None = None, **params: Any) -> str:
    """One of the door's sentences (``DOOR_WORDS``) in ``lang``."""
    return translator(lang).marked(DOOR_WORDS[key], **params)


def second_game(line: int, lang: str | None = None) -> Problem:
    """The problem of a text that stands for one record and holds a second game at ``line``."""
    return Problem(f"/lines/{line}/1", f"{line}:1: {words('second_game', lang)}")


def strip_boms(text: str) -> str:
    return text.lstrip(BOM)


def head_text(data: bytes | str) -> str:
    """An input as text, to tell its format by: bytes that are not UTF-8 stand as U+FFFD (the
    format's own reader names them); a UTF-16 sheet is read as one."""
    if isinstance(data, str):
        return strip_boms(data)
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return strip_boms(data.decode("utf-16", errors="replace"))
    return strip_boms(data.decode("utf-8", errors="replace"))


def sniff(data: bytes | str) -> Format:
    """The format of a text from its start: the first line that is neither blank nor a
    notation comment decides; a JSON line that is a whole document makes JSON Lines (one
    record on one line reads the same either way). Nothing but comments is notation; nothing
    at all, JSON (whose reader then says the text is empty)."""
    saw_comment = False
    for line, _ in text_lines(head_text(data)):
        found = sniff_line(line)
        if found == "notation" and _comment(line):
            saw_comment = True
            continue
        if found == "json":
            return "jsonl" if _whole_json(line) else "json"
        if found is not None:
            return found
    return "notation" if saw_comment else "json"


def _whole_json(line: str) -> bool:
    from bigtwo.formats import jsonin

    try:
        jsonin.loads(strip_boms(line))
    except ValueError:
        return False
    return True


def media_format(media_type: str | None) -> Format | None:
    """The format a media type names; None for one that names none (``text/plain``, none)."""
    mime = (media_type or "").split(";", 1)[0].strip().lower()
    if mime.endswith("+json"):
        return "json"
    return MEDIA_TYPES.get(mime)


def name_format(name: str | None) -> Format | None:
    """The format a file name's extension names (``.csv``, ``.tsv`` and ``.txt`` are score
    sheets); None for a name that names none, whose text then decides."""
    if not name:
        return None
    return by_extension(name) or ("csv" if is_sheet_name(name) else None)


def line_decides(line: str) -> bool:
    """Whether ``sniff`` knows the format once it has seen this line (not blank, no comment):
    a stream is read up to such a line and no further."""
    found = sniff_line(line)
    return found is not None and (found != "notation" or not _comment(line))


def _comment(line: str) -> bool:
    """A notation comment, which says nothing of the format yet."""
    return strip_boms(line).strip()[:1] in (";", "#")


def decide(data: bytes | str, *, name: str | None = None,
           media_type: str | None = None) -> Format:
    """Which format an input is: its file name's extension first (``.csv``, ``.tsv`` and
    ``.txt`` are score sheets), then a media type that names a format, then its first lines."""
    by_name = name_format(name)
    if by_name is not None:
        return by_name
    by_type = media_format(media_type)
    if by_type is not None:
        return by_type
    return sniff(data)


# --- notation, bounded -------------------------------------------------------------------
def text_lines(text: str) -> Iterator[tuple[str, int]]:
    """The lines of a text, one at a time (a line ends at LF; a CR before it is spacing), each
    with a size of 0: a whole body was held to its limit before it got here."""
    start = 0
    find = text.find
    while True:
        end = find("\n", start)
        if end < 0:
            yield text[start:], 0
            return
        yield text[start:end], 0
        start = end + 1


class Games:
    """The games of a notation input, read as they are asked for, stopping at the bounds.

    After iterating: ``next_game_line`` is the line the first game past ``max_games`` begins
    on (0 when there is none), ``cut`` whether ``max_problems`` stopped the reading."""

    def __init__(self, lines: Iterable[tuple[str, int]], *, lang: str | None = None,
                 resolver: ProfileResolver | None = None,
                 default_profile: ProfileRef | None = None, max_bytes: int | None = None,
                 max_games: int | None = None, max_problems: int | None = None) -> None:
        from bigtwo.formats.notation.lines import NotationReader
        from bigtwo.rules.profiles import DEFAULT_RESOLVER

        self.lines = lines
        self.reader = NotationReader(lang=lang, resolver=resolver or DEFAULT_RESOLVER,
                                     default_profile=default_profile, max_bytes=max_bytes)
        self.max_games, self.max_problems = max_games, max_problems
        self.next_game_line = 0
        self.cut = False
        self.problems = 0

    def __iter__(self) -> Iterator[Game]:
        reader, count = self.reader, 0
        for number, (line, size) in enumerate(self.lines, start=1):
            if number == 1:
                line = strip_boms(line)  # every leading mark: the reader takes only one off
            game = reader.feed(number, line, size)
            if game is not None:
                count += 1
                self.problems += len(game.problems)
                yield game
                if self.max_games is not None and count >= self.max_games:
                    # A game line ended the one just given: one more game begins here.
                    self.next_game_line = number
                    return
                if self.max_problems is not None and self.problems >= self.max_problems:
                    self.cut = True
                    return
            elif self.max_problems is not None and reader.stopped and reader.game is not None \
                    and self.problems + len(reader.game.problems) >= self.max_problems:
                # The game being read reached the limit of problems: nothing after it is heard.
                self.cut = True
                break
        last = reader.close()
        if last is not None:
            self.problems += len(last.problems)
            yield last


def json_string_problem(text: str, lang: str | None = None) -> Problem | None:
    """A body that is one JSON string (a client JSON-encoded the notation), said as such."""
    stripped = text.strip()
    if len(stripped) < 2 or stripped[0] != '"' or stripped[-1] != '"':
        return None
    from bigtwo.formats import jsonin

    try:
        value = jsonin.loads(stripped)
    except ValueError:
        return None
    if not isinstance(value, str):
        return None
    return Problem("", words("json_string", lang))


class Reading:
    """What a whole input holds: its format and records (``docs``, each with the line it
    begins on) or the problems that stop it being read. ``more_at`` is the line a record past
    the caller's ``max_records`` begins on (0: none); ``text`` is the input as text (a score
    sheet's is read by ``sheets``, which needs the profile). A notation input keeps its
    ``games`` too: their moves' places in the text, for the report's rule errors."""

    __slots__ = ("format", "docs", "games", "lines", "problems", "more_at", "text", "json_error")

    def __init__(self, fmt: Format, text: str) -> None:
        self.format: Format = fmt
        self.text = text
        self.docs: list[Any] = []
        self.games: list[Game] = []
        self.lines: list[int] = []
        self.problems: list[Problem] = []
        self.more_at = 0
        self.json_error: Exception | None = None


def read_text(text: str, fmt: Format, *, lang: str | None = None,
              resolver: ProfileResolver | None = None, default_profile: ProfileRef | None = None,
              max_records: int | None = None, max_problems: int | None = None) -> Reading:
    """A whole input already decoded (and held to its byte limit) read as ``fmt``: a JSON
    record is one doc, JSON Lines a doc per line, notation a doc per game (at most
    ``max_records`` of them and ``max_problems`` problems in all, the reading stopping at
    either); a score sheet is left as text. A JSON text that is not JSON sets ``json_error``
    (``jsonin.JsonInputError``) and a problem."""
    text = strip_boms(text)
    reading = Reading(fmt, text)
    if fmt == "csv":
        return reading
    if fmt == "notation":
        _read_notation(reading, lang, resolver, default_profile, max_records, max_problems)
        return reading
    from bigtwo.formats import jsonin

    pieces = [(1, text)] if fmt == "json" else [
        (n, line) for n, line in enumerate(text.split("\n"), start=1) if line.strip()]
    for number, piece in pieces:
        if max_records is not None and len(reading.docs) >= max_records:
            reading.more_at = number
            break
        try:
            reading.docs.append(jsonin.loads(piece))
            reading.lines.append(number)
        except jsonin.JsonInputError as exc:
            reading.json_error = exc
            where = exc.pointer or ""
            reading.problems.append(Problem(where, exc.detail if fmt == "json"
                                            else f"line {number}: {exc.detail}"))
            break
    return reading


def _read_notation(reading: Reading, lang: str | None, resolver: ProfileResolver | None,
                   default_profile: ProfileRef | None, max_records: int | None,
                   max_problems: int | None) -> None:
    said = json_string_problem(reading.text, lang)
    if said is not None:
        reading.problems.append(said)
        return
    games = Games(text_lines(reading.text), lang=lang, resolver=resolver,
                  default_profile=default_profile, max_games=max_records,
                  max_problems=max_problems)
    for game in games:
        reading.problems += game.problems
        reading.docs.append(game.doc)
        reading.games.append(game)
        reading.lines.append(game.line)
    reading.more_at = games.next_game_line
    if max_problems is not None and (games.cut or len(reading.problems) > max_problems):
        del reading.problems[max_problems:]
        reading.problems.append(Problem("", words("more_problems", lang, n=max_problems)))
