"""Reading Big Two notation (docs/NOTATION.md): text in, one record document per game out.

The document is the JSON record the game stands for, exactly as a JSON upload of it would
decode, so it goes through the one way (``pipeline.check_record``) and its report is the JSON
record's, byte for byte. What the text itself gets wrong (an unknown keyword, a player who is
not at the table, a card that is no card) is named here, by line and column, every problem of
a game at once, in the reader's language; what the record gets wrong once read (a seat out of
range, an unknown profile field) is the record check's, with its JSON Pointer.

The reader never corrects a game: a player written is the seat written, whatever the turn;
one left out is the seat after the previous move's (the one rule the spec gives), so that a
move out of turn stays a ``WRONG_TURN`` for the referee. Linear in its input: one pass per
line, no regular expressions. Pure: text in, documents and problems out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bigtwo import limits
from bigtwo.formats import jsonin
from bigtwo.formats.notation.grammar import (
    NONE_LEFT,
    DealState,
    Game,
    NoTurnOrder,
    Stop,
    TurnOrder,
    is_pass,
    is_timeout,
    known_cards,
    plain_seat,
    split_call,
    split_move,
)
from bigtwo.formats.notation.values import (
    BadString,
    Unclosed,
    card_name,
    joker_name,
    read_value,
    split_outside_quotes,
    starts_json,
    words,
)
from bigtwo.reports.notation_words import NotationWords
from bigtwo.rules import cards, choices
from bigtwo.rules.problems import Problem
from bigtwo.rules.profiles import Profile, ProfileRef, ProfileResolver

# A hand (or its cards left) holds at most the largest supply: the opener of a small table
# under ``leftover: to_opener`` takes every card not dealt. The JSON records read as many.
MAX_HAND_CARDS = cards.MAX_DECKS * (cards.DECK_SIZE + cards.MAX_JOKERS)


class GameReader:
    """The statements of one game, in order."""

    def __init__(self, line: int, notation_words: NotationWords, resolver: ProfileResolver,
                 default_profile: ProfileRef | None) -> None:
        self.line = line
        self.words = notation_words
        self.resolver = resolver
        self.default_profile = default_profile
        self.doc: dict[str, Any] = {}
        self.deals: list[DealState] = []
        self.problems: list[tuple[int, int, Problem]] = []  # (line, column, problem)
        self.given: set[str] = set()
        self.fields: dict[str, Any] | None = None  # the declaration field lines add to
        self.names: dict[str, int] = {}  # exact name -> seat (-1: more than one seat)
        self.folded: dict[str, int] = {}  # case-folded name -> seat (-1: more than one)
        self.turn: TurnOrder | NoTurnOrder = NoTurnOrder.PENDING
        self.rules: Profile | None | NoTurnOrder = NoTurnOrder.PENDING  # resolved when needed
        self.statements = 0

    # --- problems ------------------------------------------------------------------------
    def problem(self, line: int, col: int, key: str, **params: Any) -> None:
        if len(self.problems) >= limits.MAX_NOTATION_PROBLEMS:
            raise Stop
        self.problems.append((line, col, Problem(f"/lines/{line}/{col}",
                                                 f"{line}:{col}: {self.words(key, **params)}")))

    def expected(self, line: int, col: int, syntax: str, found: str) -> None:
        self.problem(line, col, "expected", syntax=syntax,
                     found=self.words.quote(found) if found else "nothing")

    # --- one line --------------------------------------------------------------------------
    def statement(self, number: int, key: str, text: str, col: int, rest: str, rest_col: int) -> None:
        self.statements += 1
        eq = text.find("=")
        if eq > 0:
            # Before keywords: a field may be named like one (the profile's players = 3).
            path = text[:eq].strip()
            # ``JK=4D`` alone on a line is a move (the next seat's joker), not a field.
            if path and not any(ch in ' \t":,' for ch in path) and joker_name(path) is None:
                self._field(number, col, path, text[eq + 1:].strip(), col + eq + 1)
                return
        handler = KEYWORD_HANDLERS.get(key)
        if handler is not None:
            if key != "profile":
                self.fields = None
            handler(self, number, rest, rest_col, col)
            return
        self.fields = None
        deal = self._in_deal("move", number, col)
        if deal is not None:
            self._move_line(deal, number, text, col)

    def _in_deal(self, keyword: str, line: int, col: int) -> DealState | None:
        if not self.deals:
            self.problem(line, col, "inside_deal", keyword=keyword)
            return None
        return self.deals[-1]

    def _header(self, keyword: str, line: int, col: int) -> bool:
        if self.deals:
            self.problem(line, col, "before_deals", keyword=keyword)
            return False
        if keyword in self.given:
            self.problem(line, col, "twice", what=keyword)
            return False
        self.given.add(keyword)
        return True

    def _json(self, text: str, line: int, col: int) -> tuple[bool, Any]:
        try:
            return True, jsonin.loads(text)
        except ValueError as exc:
            self.problem(line, col, "not_json", reason=exc)
            return False, None

    def _words(self, text: str, line: int, col: int) -> list[tuple[str, int, bool]] | None:
        try:
            return words(text)
        except Unclosed as exc:
            self.problem(line, col + int(exc.args[0]), "unclosed")
            return None
        except BadString as bad:  # another name: compiled, one name holds one type
            at, key, fault = bad.args
            self.problem(line, col + int(at), key, fault=self.words.shorten(fault))
            return None

    # --- the header ------------------------------------------------------------------------
    def _profile(self, line: int, rest: str, rest_col: int, col: int) -> None:
        if not self._header("profile", line, col):
            return
        if starts_json(rest) and not rest.startswith('"'):
            ok, value = self._json(rest, line, rest_col)
            if ok:
                self.doc["profile"] = value
            return
        found = self._words(rest, line, rest_col)
        if found is None:
            return
        if not found:
            self.fields = self.doc["profile"] = {}
        elif found[0][0].lower() == "extends" and not found[0][2]:
            if len(found) != 2:
                self.expected(line, rest_col, "profile extends <id>", rest)
                return
            self.fields = self.doc["profile"] = {"extends": found[1][0]}
        elif len(found) == 1:
            self.doc["profile"] = found[0][0]
        else:
            self.expected(line, rest_col, "profile <id>", rest)

    def _field(self, line: int, col: int, path: str, value: str, value_col: int) -> None:
        if self.fields is None:
            self.problem(line, col, "after_profile", path=self.words.shorten(path))
            return
        keys = path.split(".")
        if "" in keys:
            self.expected(line, col, "<field> = <value>", path)
            return
        at = self.fields
        for key in keys[:-1]:
            inner = at.setdefault(key, {})
            if not isinstance(inner, dict):
                self.problem(line, col, "twice", what=self.words.shorten(key))
                return
            at = inner
        if keys[-1] in at:
            self.problem(line, col, "twice", what=self.words.shorten(path))
            return
        try:
            at[keys[-1]] = read_value(path, value)
        except ValueError as exc:
            self.problem(line, value_col, "not_json", reason=exc)

    def _players(self, line: int, rest: str, rest_col: int, col: int) -> None:
        if not self._header("players", line, col):
            return
        if rest.startswith("["):
            ok, value = self._json(rest, line, rest_col)
            names = value if ok else None
        else:
            found = self._words(rest, line, rest_col)
            if found is None:
                return
            if not found:
                self.expected(line, rest_col, "players <name> <name> ...", rest)
                return
            names = [w for w, _, _ in found]
        if names is None:
            return
        self.doc["players"] = names
        if isinstance(names, list):
            for seat, name in enumerate(names):
                if isinstance(name, str):
                    self.names[name] = -1 if name in self.names else seat
                    fold = name.casefold()
                    self.folded[fold] = -1 if fold in self.folded else seat

    def _meta(self, line: int, rest: str, rest_col: int, col: int) -> None:
        if self.deals:
            self.problem(line, col, "before_deals", keyword="meta")
            return
        meta = self.doc.get("meta")
        if rest.startswith("{"):
            if meta is not None:
                self.problem(line, col, "twice", what="meta")
                return
            ok, value = self._json(rest, line, rest_col)
            if ok:
                self.doc["meta"] = value
            return
        pieces = split_outside_quotes(rest, "=")
        found = self._words(pieces[0][0], line, rest_col)
        if found is None:
            return
        if len(pieces) < 2 or len(found) != 1:
            self.expected(line, rest_col, "meta <key> = <value>", rest)
            return
        if meta is None:
            meta = self.doc["meta"] = {}
        elif not isinstance(meta, dict) or found[0][0] in meta:
            self.problem(line, rest_col, "twice", what=f"meta {self.words.shorten(found[0][0])}")
            return
        text = rest[pieces[1][1]:].strip()
        try:
            meta[found[0][0]] = jsonin.loads(text)
        except ValueError:
            meta[found[0][0]] = text

    # --- deals -----------------------------------------------------------------------------
    def _deal(self, line: int, rest: str, rest_col: int, col: int) -> None:
        self.fields = None
        if len(self.deals) >= limits.MAX_RESULT_DEALS_PER_RECORD:
            self.problem(line, col, "max_deals", n=limits.MAX_RESULT_DEALS_PER_RECORD)
            raise Stop
        self.deals.append(DealState(line))
        n = len(self.deals)
        text = rest.strip()
        if text and (not text.isdigit() or not text.isascii() or len(text) > 9):
            self.expected(line, rest_col, "deal <number>", text)
        elif text and int(text) != n:
            self.problem(line, rest_col, "deal_number", n=n, written=int(text))

    def _once(self, deal: DealState, what: str, line: int, col: int) -> bool:
        if what in deal.given:
            self.problem(line, col, "twice", what=what)
            return False
        deal.given.add(what)
        return True

    def _deal_words(self, keyword: str, line: int, rest: str, rest_col: int, col: int,
                    ) -> tuple[DealState | None, list[tuple[str, int, bool]] | None]:
        """The deal a once-per-deal line belongs to and the words after its keyword (None
        for either when the line cannot be read, its problem said)."""
        deal = self._in_deal(keyword, line, col)
        found = None if deal is None else self._words(rest, line, rest_col)
        if deal is None or found is None or not self._once(deal, keyword, line, col):
            return None, None
        return deal, found

    def _code(self, line: int, rest: str, rest_col: int, col: int) -> None:
        deal, found = self._deal_words("code", line, rest, rest_col, col)
        if deal is None or found is None:
            return
        if len(found) != 1:
            self.expected(line, rest_col, "code <deal code>", rest)
            return
        deal.code = found[0][0]

    def _hand(self, line: int, rest: str, rest_col: int, col: int) -> None:
        deal = self._in_deal("hand", line, col)
        if deal is None:
            return
        if "hands" in deal.given:
            self.problem(line, col, "twice", what="hands")
            return
        hands = deal.hands = [] if deal.hands is None else deal.hands
        label, body, body_col = self._label(rest, line, rest_col)
        if label is not None:
            seat = self._seat(label[0], label[2], line, label[1])
            if seat is not None and seat != len(hands):
                self.problem(line, label[1], "hand_seat", seat=len(hands), who=self.words.shorten(label[0]))
        tokens = body.split()
        if len(tokens) == 1 and tokens[0] == "-":
            hands.append([])
            return
        hands.append(self._cards(tokens, body, line, body_col, MAX_HAND_CARDS, play=False))

    def _label(self, text: str, line: int, col: int) -> tuple[tuple[str, int, bool] | None, str, int]:
        """``who: rest`` split into the label (word, column, quoted) and the rest; no label
        when the text holds no ``:`` outside a quoted string."""
        pieces = split_outside_quotes(text, ":")
        if len(pieces) < 2:
            return None, text, col
        found = self._words(pieces[0][0], line, col)
        body_at = pieces[1][1]
        if not found or len(found) != 1:
            if found is not None:
                self.expected(line, col, "<player>: ...", pieces[0][0].strip())
            return None, text[body_at:], col + body_at
        word, at, quoted = found[0]
        return (word, col + at, quoted), text[body_at:], col + body_at

    def _cards(self, tokens: list[str], text: str, line: int, col: int, most: int, *,
               play: bool) -> list[str]:
        """The cards of a hand, a ``left`` piece (a joker held is ``JK``) or a play (a joker
        names its card: ``JK=4D``; a bare ``JK`` is kept for the referee's
        ``JOKER_STAND_IN``). Under ``jokers = 0`` a joker is no card, as before v4."""
        if len(tokens) > most:
            self.problem(line, col, "max_cards", n=most)
            return []
        named = known_cards(tokens)
        if named is not None:
            return named
        out, at = [], 0
        for token in tokens:
            at = text.index(token, at)
            name = card_name(token)
            if name is None:
                name = self._joker(token, line, col + at, play)
            if name is None:
                self.problem(line, col + at, "not_a_card", text=self.words.quote(token))
            elif name:
                out.append(name)
            at += len(token)
        return out

    def _joker(self, token: str, line: int, col: int, play: bool) -> str | None:
        """A joker token's canonical name; None (the caller says "not a card") when it is no
        joker or the profile has none; "" when its problem is said here."""
        name = joker_name(token)
        if name is None:
            return None
        profile = self._profile_now()
        if isinstance(profile, Profile) and profile.jokers == 0:
            return None
        if not play and name != "JK":
            self.problem(line, col, "stand_in_held", text=self.words.quote(token))
            return ""
        return name

    def _profile_now(self) -> Profile | None:
        """The game's profile, resolved once when a move needs it (the header is read by
        then); None when it cannot be resolved (the record check says why)."""
        if self.rules is NoTurnOrder.PENDING:
            ref = self.doc.get("profile", self.default_profile)
            self.rules = None if ref is None else self.resolver.resolve(ref, "/profile")[0]
        return self.rules if isinstance(self.rules, Profile) else None

    def _seat(self, text: str, quoted: bool, line: int, col: int) -> int | None:
        seat = self.names.get(text) if quoted else plain_seat(text, self.names)
        if seat is None:
            seat = self.folded.get(text.casefold())
        if seat is None:
            if "players" in self.doc:
                names = self.doc["players"]
                shown = [n for n in names if isinstance(n, str)] if isinstance(names, list) else []
                self.problem(line, col, "unknown_player", name=self.words.shorten(text),
                             names=self.words.names(shown))
            else:
                self.problem(line, col, "no_players", name=self.words.shorten(text))
            return None
        if seat < 0:
            self.problem(line, col, "ambiguous_player", name=self.words.shorten(text))
            return None
        return seat

    def _move_line(self, deal: DealState, line: int, text: str, col: int) -> None:
        for piece, at in split_outside_quotes(text, ","):
            if piece.strip():
                self._move(deal, line, piece, col + at)

    def _move(self, deal: DealState, line: int, piece: str, col: int) -> None:
        if len(deal.moves) >= limits.MAX_MOVES_PER_DEAL:
            self.problem(line, col, "max_moves", n=limits.MAX_MOVES_PER_DEAL)
            raise Stop
        if '"' in piece:
            label, body, body_col = self._label(piece, line, col)
            seat = (self._next_seat(deal, line, col) if label is None
                    else self._seat(label[0], label[2], line, label[1]))
            tokens = body.split()
        else:
            colon, tokens = split_move(piece)
            body, body_col = piece[colon + 1:], col + colon + 1
            if colon < 0:
                seat = self._next_seat(deal, line, col)
            elif who := piece[:colon].strip():
                seat = self._seat(who, False, line, col + piece.find(who))
            else:
                seat = None
                self.expected(line, col, "<player>: <cards>", piece.strip())
        tokens, called = split_call(tokens)
        if called:
            self._call(tokens, line, body_col + body.rfind("!"))
            if not tokens:
                return
        if is_pass(tokens):
            move: dict[str, Any] = {"seat": seat, "pass": True}
        elif is_timeout(tokens):
            move = {"seat": seat, "timeout": True}
            profile = self._profile_now()
            if profile is not None and profile.timeouts is choices.Timeouts.NONE:
                self.problem(line, body_col + body.lower().find("timeout"), "no_timeouts")
        elif not tokens:
            self.expected(line, body_col, "<cards> or pass", "")
            return
        else:
            move = {"seat": seat, "play": self._cards(tokens, body, line, body_col,
                                                      limits.MAX_CARDS_PER_PLAY, play=True)}
            if called:
                move["call"] = True
        deal.moves.append(move)
        deal.move_lines.append(line)
        deal.move_cols.append(col + len(piece) - len(piece.lstrip()))
        if seat is not None:
            deal.prev = seat

    def _call(self, tokens: list[str], line: int, col: int) -> None:
        """The call mark's problems: on a pass or a timeout, or where the profile has no
        call (the record would carry a call its rules do not know)."""
        if not tokens or is_pass(tokens) or is_timeout(tokens):
            self.problem(line, col, "call_on_play")
            return
        profile = self._profile_now()
        if profile is not None and profile.last_card_call is choices.LastCardCall.NONE:
            self.problem(line, col, "no_calls")

    def _next_seat(self, deal: DealState, line: int, col: int) -> int | None:
        if deal.prev is None:
            if not deal.moves:
                names = self.doc.get("players")
                first = names[0] if isinstance(names, list) and names and isinstance(names[0], str) else "0"
                self.problem(line, col, "first_seat", example=f"{first}: 3D")
            return None
        if self.turn is NoTurnOrder.PENDING:
            profile = self._profile_now()
            self.turn = (NoTurnOrder.UNKNOWN if profile is None
                         else TurnOrder(profile.players, profile.step))
        turn = self.turn
        if isinstance(turn, TurnOrder):
            return turn.after(deal.prev)
        if turn is NoTurnOrder.UNKNOWN:
            self.problem(line, col, "no_turn_order")
            self.turn = NoTurnOrder.SAID
        return None

    # --- results and claims ----------------------------------------------------------------
    def _result_of(self, deal: DealState, line: int) -> dict[str, Any]:
        if "result" in deal.given:
            self.problem(line, 1, "twice", what="result")
            return {}
        if deal.result is None:
            deal.result, deal.result_line = {}, line
        return deal.result

    def _left(self, line: int, rest: str, rest_col: int, col: int) -> None:
        deal = self._in_deal("left", line, col)
        if deal is None or not self._once(deal, "left", line, col):
            return
        if "/" not in rest and all(_is_int(t) for t in rest.split()) and rest.split():
            counts = [int(t) for t in rest.split()]
            if len(counts) > limits.MAX_CARDS_PER_PLAY:
                self.problem(line, rest_col, "max_cards", n=limits.MAX_CARDS_PER_PLAY)
                return
            self._result_of(deal, line)["cards_left"] = counts
            return
        if "/" not in rest:
            self.expected(line, rest_col, "left 0 5 9 13, or left - / 5C 9D / ...", rest.strip())
            return
        pieces = rest.split("/")
        if len(pieces) > limits.MAX_CARDS_PER_PLAY:
            self.problem(line, rest_col, "max_cards", n=limits.MAX_CARDS_PER_PLAY)
            return
        stripped = [p.strip() for p in pieces]
        if all(_is_int(p) or p in ("", "-") for p in stripped):
            self._result_of(deal, line)["cards_left"] = [int(p) if _is_int(p) else 0 for p in stripped]
            return
        left: list[list[str]] = []
        at = 0
        for piece, text in zip(pieces, stripped, strict=True):
            if text in NONE_LEFT:
                left.append([])
            elif _is_int(text):
                self.problem(line, rest_col + at, "mixed_left")
            else:
                left.append(self._cards(piece.split(), piece, line, rest_col + at,
                                        MAX_HAND_CARDS, play=False))
            at += len(piece) + 1
        self._result_of(deal, line)["left"] = left

    def _places(self, line: int, rest: str, rest_col: int, col: int) -> None:
        deal, found = self._deal_words("places", line, rest, rest_col, col)
        if deal is None or found is None:
            return
        if not found or len(found) > limits.MAX_CARDS_PER_PLAY:
            self.expected(line, rest_col, "places <player> <player> ...", rest.strip())
            return
        seats = [self._seat(w, q, line, rest_col + at) for w, at, q in found]
        self._result_of(deal, line)["places"] = seats

    def _liable(self, line: int, rest: str, rest_col: int, col: int) -> None:
        deal, found = self._deal_words("liable", line, rest, rest_col, col)
        if deal is None or found is None:
            return
        if len(found) != 1:
            self.expected(line, rest_col, "liable <player>", rest.strip())
            return
        w, at, q = found[0]
        self._result_of(deal, line)["liable"] = self._seat(w, q, line, rest_col + at)

    def _declared(self, line: int, rest: str, rest_col: int, col: int) -> None:
        deal = self._in_deal("declared", line, col)
        if deal is None:
            return
        if rest.startswith("{"):
            ok, value = self._json(rest, line, rest_col)
            if ok and deal.declared is not None:
                self.problem(line, col, "twice", what="declared")
            elif ok and self._once(deal, "declared", line, col):
                deal.declared = value
            return
        head, _, tail = rest.partition(" ")
        what, tail_col = head.lower(), rest_col + len(head) + 1
        if what not in ("winner", "scores") or "declared" in deal.given:
            self.expected(line, rest_col, "declared winner <player>, or declared scores <n> <n> ...",
                          rest.strip())
            return
        if not self._once(deal, f"declared {what}", line, col):
            return
        declared = deal.declared = {} if deal.declared is None else deal.declared
        found = self._words(tail, line, tail_col)
        if found is None:
            return
        if what == "winner":
            if len(found) != 1:
                self.expected(line, tail_col, "declared winner <player>", tail.strip())
                return
            w, at, q = found[0]
            declared["winner"] = self._seat(w, q, line, tail_col + at)
            return
        if not found or len(found) > limits.MAX_CARDS_PER_PLAY or not all(
                _is_int(w) and not q for w, _, q in found):
            self.expected(line, tail_col, "declared scores <n> <n> ...", tail.strip())
            return
        declared["scores"] = [int(w) for w, _, _ in found]

    def _fallback(self, key: str, line: int, rest: str, rest_col: int, col: int) -> None:
        deal = self._in_deal(key, line, col)
        if deal is None:
            return
        if not starts_json(rest):
            self.expected(line, rest_col, f"{key} <JSON>", rest.strip())
            return
        ok, value = self._json(rest, line, rest_col)
        if not ok or not self._once(deal, key, line, col):
            return
        if key == "hands":
            if deal.hands is not None:
                self.problem(line, col, "twice", what="hand")
            deal.hands = value
        elif key == "moves":
            deal.moves_json = value
        elif key == "proof":
            deal.proof = value
        else:
            deal.result, deal.result_line = value, line

    def _hands(self, line: int, rest: str, rest_col: int, col: int) -> None:
        self._fallback("hands", line, rest, rest_col, col)

    def _moves(self, line: int, rest: str, rest_col: int, col: int) -> None:
        self._fallback("moves", line, rest, rest_col, col)

    def _proof(self, line: int, rest: str, rest_col: int, col: int) -> None:
        # One JSON line: the record's own shape, read and placed by the record reader
        # (/deals/i/proof/seed), so a live table's record in notation proves itself.
        self._fallback("proof", line, rest, rest_col, col)

    def _result(self, line: int, rest: str, rest_col: int, col: int) -> None:
        if any(k in d.given for d in self.deals[-1:] for k in ("left", "places", "liable")):
            self.problem(line, col, "twice", what="result")
            return
        self._fallback("result", line, rest, rest_col, col)

    # --- the end of the game ---------------------------------------------------------------
    def finish(self, stopped: bool) -> Game:
        out: list[dict[str, Any]] = []
        try:
            if not self.deals and not stopped:
                self.problem(self.line, 1, "no_deals")
            out = [self._deal_doc(d) for d in self.deals]
        except Stop:
            stopped = True
        if self.problems:
            found = [p for _, _, p in sorted(self.problems, key=lambda f: (f[0], f[1]))]
            if stopped and len(self.problems) >= limits.MAX_NOTATION_PROBLEMS:
                found.append(Problem("", self.words("stopped", n=limits.MAX_NOTATION_PROBLEMS)))
            return Game(None, found, self.line)
        self.doc["deals"] = out
        return Game(self.doc, [], self.line, [d.move_lines for d in self.deals],
                    [d.move_cols for d in self.deals])

    def _deal_doc(self, deal: DealState) -> dict[str, Any]:
        doc: dict[str, Any] = {}
        if deal.hands is not None:
            doc["hands"] = deal.hands
        if "code" in deal.given:
            doc["deal_code"] = deal.code
        has_moves = bool(deal.moves) or deal.moves_json is not None
        if deal.result is not None:
            if has_moves:
                self.problem(deal.result_line, 1, "moves_and_result")
            doc["result"] = deal.result
        else:
            doc["moves"] = deal.moves_json if deal.moves_json is not None else deal.moves
            if deal.moves_json is not None and deal.moves:
                self.problem(deal.line, 1, "twice", what="moves")
        if deal.declared is not None:
            doc["declared"] = deal.declared
        if "proof" in deal.given:
            doc["proof"] = deal.proof
        return doc


# Each keyword's reader, by the keyword that starts its line (``game`` is the file reader's:
# it ends one game and starts the next).
KeywordHandler = Callable[[GameReader, int, str, int, int], None]
KEYWORD_HANDLERS: dict[str, KeywordHandler] = {
    "profile": GameReader._profile,
    "players": GameReader._players,
    "meta": GameReader._meta,
    "deal": GameReader._deal,
    "code": GameReader._code,
    "hand": GameReader._hand,
    "hands": GameReader._hands,
    "moves": GameReader._moves,
    "result": GameReader._result,
    "left": GameReader._left,
    "places": GameReader._places,
    "liable": GameReader._liable,
    "declared": GameReader._declared,
    "proof": GameReader._proof,
}


def _is_int(text: str) -> bool:
    digits = text[1:] if text[:1] == "-" else text
    return digits.isdigit() and digits.isascii() and len(digits) <= limits.MAX_JSON_INT_DIGITS
