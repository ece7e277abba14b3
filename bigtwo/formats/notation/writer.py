"""Writing Big Two notation: a record document in, its game in the export form out.

The export form (docs/NOTATION.md, "The export form") is the one canonical text of a record:
reading it gives the record back (the same document, card spellings made canonical) and
writing that again gives the same bytes. Every player is named on every move, so the text
needs no rule knowledge to read; the layout (a trick per line) is only layout. What no line of
the notation can say exactly is written as its one-line JSON fallback; a document that is no
record at all (a move without a seat, a card that is no card) raises ``NotationError``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bigtwo.formats import jsonin
from bigtwo.formats.notation.tricks import Leads, trick_leads
from bigtwo.formats.notation.values import (
    any_card_name,
    compact,
    is_bare,
    plain_text,
    quote,
    word_text,
    write_value,
)
from bigtwo.rules import registry
from bigtwo.rules.deals import parse_any
from bigtwo.rules.profiles import DEFAULT_RESOLVER, ProfileResolver

RECORD_KEYS = frozenset({"profile", "players", "deals", "meta"})
DEAL_KEYS = frozenset({"hands", "deal_code", "moves", "result", "declared", "proof"})


class NotationError(ValueError):
    """The document cannot be written as notation: it is not a record (say where and why)."""


def _path_key(key: Any) -> bool:
    return (isinstance(key, str) and is_bare(key) and "." not in key
            and key[0] not in '"')


def _is_seat(value: Any) -> bool:
    return type(value) is int and value >= 0


class _Writer:
    def __init__(self, doc: Mapping[str, Any], leads: list[Leads | None] | None = None) -> None:
        self.doc = doc
        self.leads = leads
        names = doc.get("players")
        usable = (isinstance(names, list) and all(isinstance(n, str) and n for n in names)
                  and len(set(names)) == len(names))
        self.names: list[str] = list(names) if usable and isinstance(names, list) else []
        self.seats = seats_of(doc) or 4
        self.out: list[str] = ["game"]

    def who(self, seat: Any, at: str) -> str:
        if not _is_seat(seat):
            raise NotationError(f"{at}: a seat is a number from 0")
        return word_text(self.names[seat]) if seat < len(self.names) else str(seat)

    def cards(self, value: Any, at: str) -> str:
        if not isinstance(value, list):
            raise NotationError(f"{at}: must be a list of cards")
        out = []
        for i, text in enumerate(value):
            name = any_card_name(text) if isinstance(text, str) else None
            if name is None:
                raise NotationError(f"{at}/{i}: {text!r} is not a card")
            out.append(name)
        return " ".join(out)

    # --- the header ------------------------------------------------------------------------
    def header(self) -> None:
        unknown = [k for k in self.doc if k not in RECORD_KEYS]
        if unknown:
            raise NotationError(f"/{unknown[0]}: not a field of a record")
        if "profile" in self.doc:
            self.profile(self.doc["profile"])
        names = self.doc.get("players")
        if "players" in self.doc:
            if isinstance(names, list) and names and all(isinstance(n, str) for n in names):
                self.out.append("players " + " ".join(map(word_text, names)))
            else:
                self.out.append("players " + compact(names))
        if "meta" in self.doc:
            self.meta(self.doc["meta"])

    def profile(self, ref: Any) -> None:
        if isinstance(ref, str):
            self.out.append("profile " + (ref if is_bare(ref) and ref.lower() != "extends"
                                          else quote(ref)))
            return
        if not isinstance(ref, dict):
            raise NotationError("/profile: a profile is an id or an object")
        lines = self._declaration(ref)
        self.out.extend(lines if lines is not None else ["profile " + compact(ref)])

    def _declaration(self, ref: dict[str, Any]) -> list[str] | None:
        """The declaration as field lines, or None where one of its keys cannot be a path."""
        if "extends" in ref:
            parent = ref["extends"]
            if not isinstance(parent, str):
                return None
            lines = ["profile extends " + (parent if is_bare(parent) else quote(parent))]
        else:
            lines = ["profile"]
        for key, value in ref.items():
            if key == "extends":
                continue
            if not self._fields(key, value, lines):
                return None
        return lines

    def _fields(self, path: str, value: Any, lines: list[str]) -> bool:
        if not all(_path_key(k) for k in path.split(".")):
            return False
        if isinstance(value, dict) and value and path not in registry.BY_DOTTED:
            return all(self._fields(f"{path}.{k}" if isinstance(k, str) else "", v, lines)
                       for k, v in value.items())
        lines.append(f"{path} = {write_value(path, value)}")
        return True

    def meta(self, meta: Any) -> None:
        if not isinstance(meta, dict):
            raise NotationError("/meta: must be an object")
        if not meta:
            self.out.append("meta {}")
        for key, value in meta.items():
            self.out.append(f"meta {word_text(key)} = {_meta_value(value)}")

    # --- deals -----------------------------------------------------------------------------
    def deals(self) -> None:
        deals = self.doc.get("deals")
        if not isinstance(deals, list):
            raise NotationError("/deals: must be a list of deals")
        for i, deal in enumerate(deals):
            self.deal(deal, i)

    def deal(self, deal: Any, i: int) -> None:
        at = f"/deals/{i}"
        if not isinstance(deal, dict):
            raise NotationError(f"{at}: a deal is an object")
        unknown = [k for k in deal if k not in DEAL_KEYS]
        if unknown:
            raise NotationError(f"{at}/{unknown[0]}: not a field of a deal")
        if ("moves" in deal) == ("result" in deal):
            raise NotationError(f"{at}: a deal gives its moves or its result")
        self.out += ["", f"deal {i + 1}"]
        if "deal_code" in deal:
            code = deal["deal_code"]
            if not isinstance(code, str):
                raise NotationError(f"{at}/deal_code: a deal code is a string")
            self.out.append("code " + word_text(code))
        if "hands" in deal:
            self.hands(deal["hands"], f"{at}/hands")
        if "moves" in deal:
            leads = self.leads[i] if self.leads is not None and i < len(self.leads) else None
            if _plain_moves(deal["moves"]):
                self.moves(deal["moves"], f"{at}/moves", leads)
            else:
                self.out.append("moves " + compact(deal["moves"]))
        else:
            self.result(deal["result"])
        if "declared" in deal:
            self.declared(deal["declared"])
        if "proof" in deal:
            self.out.append("proof " + compact(deal["proof"]))

    def hands(self, hands: Any, at: str) -> None:
        if not isinstance(hands, list) or not hands:
            self.out.append("hands " + compact(hands))
            return
        for seat, hand in enumerate(hands):
            written = self.cards(hand, f"{at}/{seat}") or "-"
            self.out.append(f"hand {self.who(seat, at)}: {written}")

    def moves(self, moves: Any, at: str, leads: Leads | None = None) -> None:
        """A trick per line: a new line at each play that leads a trick, as the replay says
        (``leads``); past what it knows, at a play after as many passes in a row as the table
        has other players, or by the seat whose play the passes left on top."""
        if not isinstance(moves, list):
            raise NotationError(f"{at}: must be a list of moves")
        line: list[str] = []
        passes = 0
        top: Any = None  # the seat of the last play
        for i, move in enumerate(moves):
            where = f"{at}/{i}"
            if not isinstance(move, dict) or set(move) not in MOVE_SHAPES:
                raise NotationError(f'{where}: a move is {{"seat": n, "play": [cards]}}, '
                                    '{"seat": n, "pass": true} or {"seat": n, "timeout": true}')
            who = self.who(move["seat"], where)
            if "pass" in move or "timeout" in move:
                key = "pass" if "pass" in move else "timeout"
                if move[key] is not True:
                    raise NotationError(f"{where}/{key}: must be true")
                line.append(f"{who}: {key}")
                passes += 1  # for the layout a timeout is a pass
                continue
            if not move["play"]:
                raise NotationError(f"{where}/play: a play names at least one card")
            if leads is not None and i < leads[1]:
                new_trick = i in leads[0]
            else:
                new_trick = passes >= self.seats - 1 or (passes > 0 and move["seat"] == top)
            if line and new_trick:
                self.out.append(", ".join(line))
                line = []
            passes = 0
            top = move["seat"]
            call = "!" if move.get("call") is True else ""
            line.append(f"{who}: {self.cards(move['play'], f'{where}/play')}{call}")
        if line:
            self.out.append(", ".join(line))

    def result(self, result: Any) -> None:
        lines = self._result_lines(result) if isinstance(result, dict) else None
        self.out.extend(lines if lines is not None else ["result " + compact(result)])

    def _result_lines(self, result: dict[str, Any]) -> list[str] | None:
        if set(result) - {"cards_left", "left", "places", "liable"} or (
                "cards_left" in result and "left" in result):
            return None
        lines = []
        if "cards_left" in result:
            counts = result["cards_left"]
            if not isinstance(counts, list) or not counts or not all(type(c) is int for c in counts):
                return None
            lines.append("left " + " ".join(map(str, counts)))
        if "left" in result:
            left = result["left"]
            if (not isinstance(left, list) or not all(isinstance(h, list) for h in left)
                    or not any(left)):
                return None
            lines.append("left " + " / ".join(self.cards(h, "/result/left") or "-" for h in left))
        if "places" in result:
            places = result["places"]
            if not isinstance(places, list) or not places or not all(map(_is_seat, places)):
                return None
            lines.append("places " + " ".join(self.who(p, "/result/places") for p in places))
        if "liable" in result:
            if not _is_seat(result["liable"]):
                return None
            lines.append("liable " + self.who(result["liable"], "/result/liable"))
        return lines

    def declared(self, declared: Any) -> None:
        lines = self._declared_lines(declared) if isinstance(declared, dict) else None
        self.out.extend(lines if lines is not None else ["declared " + compact(declared)])

    def _declared_lines(self, declared: dict[str, Any]) -> list[str] | None:
        if not declared or set(declared) - {"winner", "scores"}:
            return None
        lines = []
        if "winner" in declared:
            if not _is_seat(declared["winner"]):
                return None
            lines.append("declared winner " + self.who(declared["winner"], "/declared"))
        if "scores" in declared:
            scores = declared["scores"]
            if not isinstance(scores, list) or not scores or not all(type(s) is int for s in scores):
                return None
            lines.append("declared scores " + " ".join(map(str, scores)))
        return lines


MOVE_SHAPES = ({"seat", "play"}, {"seat", "pass"}, {"seat", "timeout"}, {"seat", "play", "call"})


def _plain_moves(moves: Any) -> bool:
    """Whether every move can be written as a move of the notation: a call is only ever
    ``!`` (a ``"call": false``, which says nothing the play alone does not, has no mark, so
    such a deal keeps its moves as JSON to read back the same)."""
    return not isinstance(moves, list) or not any(
        isinstance(m, dict) and "call" in m and m["call"] is not True for m in moves)


def _meta_value(value: Any) -> str:
    if isinstance(value, str) and plain_text(value):
        try:
            jsonin.loads(value)
        except ValueError:
            return value
    return compact(value)


def write_record(doc: Mapping[str, Any], resolver: ProfileResolver = DEFAULT_RESOLVER) -> str:
    """One game in the export form, ending in a newline; ``resolver`` finds its profile, whose
    rules say where each trick begins (a trick per line)."""
    if not isinstance(doc, Mapping):
        raise NotationError("a record is an object with profile, players and deals")
    writer = _Writer(doc, trick_leads(doc, resolver))
    writer.header()
    writer.deals()
    return "\n".join(writer.out) + "\n"


def write_records(docs: Iterable[Mapping[str, Any]]) -> str:
    """Several games, a blank line between them."""
    return "\n".join(map(write_record, docs))


def seats_of(doc: Mapping[str, Any]) -> int | None:
    """The table's size as the record says it without its profile: its players, its first
    hands, or its first deal code; None when it says none."""
    names = doc.get("players")
    if isinstance(names, list) and names:
        return len(names)
    for deal in doc.get("deals") or []:
        if isinstance(deal, dict):
            if isinstance(deal.get("hands"), list) and deal["hands"]:
                return len(deal["hands"])
            spec = parse_any(deal["deal_code"]) if isinstance(
                deal.get("deal_code"), str) else None
            if spec is not None and not isinstance(spec, str):
                return int(spec.players)
    return None
