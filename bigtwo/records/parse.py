"""Reading a game record (RECORDS.md) into plain values, or saying why it cannot be read.

Shape problems (wrong types, unknown fields, unreadable cards, unknown profile, limits) are
collected all at once with JSON Pointers. Rule problems are not found here: a well-formed
record that breaks the rules is the replay's business and becomes a report.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bigtwo import limits
from bigtwo.rules import cards, deals, fair, scoring
from bigtwo.rules.choices import Finish, LastCardCall, LastCardGuard, Timeouts
from bigtwo.rules.game import Deal, Move, Proof, Record, Result
from bigtwo.rules.play import hands_of_code
from bigtwo.rules.problems import Problem, is_long, join, pointer_key, quote
from bigtwo.rules.profiles import DEFAULT_RESOLVER, Profile, ProfileRef, ProfileResolver
from bigtwo.rules.suggest import did_you_mean


# The reader's words (and the name rules) are imported with the first problem, not at every
# start: a record without one never needs them (docs/PERFORMANCE.md, "Start-up").
def shape_problem(pointer: str, key: str, **params: Any) -> Problem:
    from bigtwo.reports.shape_words import shape_problem as said

    return said(pointer, key, **params)


def name_problem(pointer: str, name: str) -> Problem | None:
    from bigtwo.records.name_rules import name_problem as check

    return check(pointer, name)


RECORD_FIELDS = frozenset({"profile", "players", "deals", "meta"})
DEAL_FIELDS = frozenset({"hands", "deal_code", "moves", "result", "declared", "proof"})
PROOF_FIELDS = ("commitment", "seed", "entropy", "deal_code")
ENTROPY_FIELDS = frozenset({"seat", "value"})
DECLARED_FIELDS = frozenset({"winner", "scores"})
RESULT_FIELDS = frozenset({"cards_left", "left", "places", "liable"})
MOVE_FIELDS = frozenset({"seat", "play", "pass", "timeout", "call"})
# The v4 keys of a move, each only under the profile field that gives it a meaning.
_V4_MOVE_FIELDS = frozenset({"timeout", "call"})

def _is_int(value: Any) -> bool:
    return type(value) is int


def unknown_field(name: str, allowed: frozenset[str], at: str) -> Problem:
    """``unknown field (did you mean 'hand_size'?)``, or the fields allowed there."""
    near = did_you_mean(name, allowed)
    if near is not None:
        return shape_problem(at, "unknown_near", near=repr(near))
    return shape_problem(at, "unknown_list", fields=", ".join(sorted(allowed)))


def _unknown(obj: Mapping[str, Any], allowed: frozenset[str], at: str) -> list[Problem]:
    return [unknown_field(k, allowed, join(at, pointer_key(k))) for k in obj if k not in allowed]


def seat_out_of_range(seat: int, players: int, at: str) -> Problem:
    """A record counts seats from 0, the pages from 1: the message says both, so neither
    count trips anyone up."""
    return shape_problem(at, "seat_range", seat=seat, last=players - 1, players=players)


def parse_cards(value: Any, at: str, problems: list[Problem], *, max_len: int,
                jokers: int = 0) -> list[int]:
    """The cards of a list, or [] with every problem named. A list over ``max_len`` is
    refused before any card is read, with its length: it is never read as no cards.
    ``jokers``: 0, no joker is a card (as in v1-v3); 1, ``JK`` is (hands, cards left); 2, a
    play's ``JK=<card>`` too (and a bare ``JK``, which the replay refuses)."""
    if not isinstance(value, list):
        problems.append(shape_problem(at, "card_list"))
        return []
    if len(value) > max_len:
        problems.append(shape_problem(at, "too_many_cards", n=len(value), most=max_len))
        return []
    known = _known_cards(value, cards.NOTATION)
    if known is not None:
        return known
    out = []
    for i, text in enumerate(value):
        card = cards.parse_card(text) if isinstance(text, str) else None
        if card is None and jokers and isinstance(text, str):
            card = cards.parse_joker(text)
            if card is not None and card >= cards.STAND_IN and jokers < 2:
                card = None  # a stand-in means something only in a play
        if card is None:
            problems.append(not_a_card(join(at, i), text))
        else:
            out.append(card)
    return out


def not_a_card(at: str, text: Any) -> Problem:
    """An unreadable card at ``at``, its text quoted whole or, when long, shortened."""
    if not isinstance(text, str) or not is_long(text):
        return shape_problem(at, "not_a_card", text=repr(text))
    # Shortened (bigtwo.rules.problems); its pieces kept, for localize to say the length.
    return shape_problem(at, "not_a_card", text=quote(text),
                         start=repr(text[:limits.MAX_QUOTED_CHARS]), length=len(text))


def _parse_moves(value: Any, at: str, profile: Profile, problems: list[Problem],
                 calls: list[int]) -> list[Move]:
    """The moves; ``calls`` gets the index of every move that carries the last-card call."""
    players = profile.players
    if not isinstance(value, list):
        problems.append(shape_problem(at, "move_list"))
        return []
    if len(value) > limits.MAX_MOVES_PER_DEAL:
        problems.append(shape_problem(at, "too_many_moves", n=len(value),
                                      most=limits.MAX_MOVES_PER_DEAL))
        return []
    notation = cards.NOTATION
    max_cards = limits.MAX_CARDS_PER_PLAY
    # A pass is the same value for every move of a seat: one tuple per seat, not per move.
    passes: list[Move] = [(seat, None) for seat in range(max(players, 0))]
    out: list[Move] = []
    # One entry per move, so len(out) is the index of the move at hand (no enumerate tuple
    # per move; only the slow path needs the index).
    for move in value:
        # Fast path first: a well-formed move costs a few dict lookups and, for a play, one
        # lookup per card (typed: compiled, no call through a bound method per card). A single
        # card, half the plays, is looked up in place, without the call.
        if type(move) is dict and len(move) == 2:
            seat = move.get("seat")
            if type(seat) is int and 0 <= seat < players:
                play = move.get("play")
                if type(play) is list:
                    size = len(play)
                    if size == 1:
                        text = play[0]
                        card = notation.get(text) if type(text) is str else None
                        if card is not None:
                            out.append((seat, [card]))
                            continue
                    elif 0 < size <= max_cards:
                        played = _known_cards(play, notation)
                        if played is not None:
                            out.append((seat, played))
                            continue
                elif play is None and move.get("pass") is True:
                    out.append(passes[seat])
                    continue
        if len(problems) >= limits.MAX_RECORD_PROBLEMS:
            break  # the record is refused already; its other moves are not looked at
        out.append(_slow_move(move, join(at, len(out)), profile, problems, calls, len(out)))
    return out


def _known_cards(texts: list[Any], notation: dict[str, int]) -> list[int] | None:
    """The cards of a list of card texts, or None when one is not a card's text (the slow
    path then names it)."""
    played: list[int] = []
    for text in texts:
        if type(text) is not str:
            return None
        card = notation.get(text)
        if card is None:
            return None
        played.append(card)
    return played


def _slow_move(move: Any, at: str, profile: Profile, problems: list[Problem], calls: list[int],
               index: int) -> Move:
    players = profile.players
    if not isinstance(move, dict):
        problems.append(shape_problem(at, "move"))
        return (0, None)
    timeouts = profile.timeouts is Timeouts.PASS
    for key in move:
        if key == "timeout" and not timeouts:
            problems.append(shape_problem(join(at, key), "no_timeouts"))
        elif key == "call" and profile.last_card_call is not LastCardCall.LIABLE:
            problems.append(shape_problem(join(at, key), "no_calls"))
        elif key not in MOVE_FIELDS:
            # {"player": 1} names the seat under another name: say so, not "did you mean play?"
            seat_like = "seat" not in move and _is_int(move[key])
            problems.append(shape_problem(join(at, key), "unknown_seat") if seat_like
                            else unknown_field(key, MOVE_FIELDS, join(at, pointer_key(key))))
    raw_seat = move.get("seat")
    seat = raw_seat if type(raw_seat) is int else 0
    if "seat" not in move:
        problems.append(shape_problem(join(at, "seat"), "no_seat", last=players - 1))
    elif not _is_int(raw_seat):
        problems.append(shape_problem(join(at, "seat"), "seat", last=players - 1))
    elif not 0 <= seat < players:
        problems.append(seat_out_of_range(seat, players, join(at, "seat")))
    has_play, has_pass = "play" in move, "pass" in move
    # Under timeouts: none a timeout is refused at its key alone (above): it still counts as
    # the move's kind, so the move is not also said to lack one.
    has_timeout = "timeout" in move
    if "call" in move and profile.last_card_call is LastCardCall.LIABLE:
        if move["call"] is not True:
            problems.append(shape_problem(join(at, "call"), "pass_true"))
        elif not has_play:
            problems.append(shape_problem(join(at, "call"), "call_on_play"))
        else:
            calls.append(index)
    if has_play + has_pass + has_timeout != 1:
        problems.append(shape_problem(at, "one_move_kind" if timeouts else "play_or_pass"))
        return (seat, None)
    if has_timeout:
        if not timeouts:
            return (seat, None)
        if move["timeout"] is not True:
            problems.append(shape_problem(join(at, "timeout"), "pass_true"))
        return (seat, [])
    if has_pass:
        if move["pass"] is not True:
            problems.append(shape_problem(join(at, "pass"), "pass_true"))
        return (seat, None)
    play = move["play"]
    if isinstance(play, list) and not play:
        problems.append(shape_problem(join(at, "play"), "empty_play"))
        return (seat, None)  # never read as a timeout
    return (seat, parse_cards(play, join(at, "play"), problems, max_len=limits.MAX_CARDS_PER_PLAY,
                              jokers=2 if profile.jokers else 0))


def _parse_declared(value: Any, at: str, problems: list[Problem]) -> dict[str, Any] | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        problems.append(shape_problem(at, "declared"))
        return None
    problems.extend(_unknown(value, DECLARED_FIELDS, at))
    winner = value.get("winner")
    if winner is not None and not _is_int(winner):
        problems.append(shape_problem(join(at, "winner"), "winner"))
    scores = value.get("scores")
    if scores is not None and (not isinstance(scores, list) or not all(_is_int(s) for s in scores)):
        problems.append(shape_problem(join(at, "scores"), "scores"))
    return {"winner": winner, "scores": scores}


def _hands_from_code(code: Any, at: str, profile: Profile, problems: list[Problem]) -> list[list[int]]:
    # A B2X code is the extension the live tables hand out for what B2 cannot deal: any code
    # the service gives is usable wherever a code is (docs/DEAL_CODES.md, 8).
    spec = deals.spec_for(code, profile)
    if isinstance(spec, str):
        problems.append(Problem(at, spec))
        return []
    if isinstance(spec, deals.SupplySpec):
        return fair.supply_hands(profile, spec)
    return hands_of_code(profile, spec)


def _parse_result(value: Any, at: str, profile: Profile, problems: list[Problem]) -> Result:
    if not isinstance(value, dict):
        problems.append(shape_problem(at, "result"))
        return Result()
    problems.extend(_unknown(value, RESULT_FIELDS, at))
    liable = _parse_liable(value, at, profile, problems)
    if profile.finish is Finish.PLACINGS:
        return _parse_places(value, at, problems)
    if "places" in value:
        problems.append(shape_problem(join(at, "places"), "places_not_here"))
    if ("cards_left" in value) == ("left" in value):
        problems.append(shape_problem(at, "left_or_counts"))
        return Result()
    if "left" in value:
        raw = value["left"]
        # More or fewer seats than the profile's is a rule error (PLAYER_COUNT), as for hands.
        if not isinstance(raw, list):
            problems.append(shape_problem(join(at, "left"), "left"))
            return Result()
        if len(raw) > cards.DECK_SIZE:
            problems.append(shape_problem(join(at, "left"), "too_many_seats", n=len(raw),
                                          most=cards.DECK_SIZE))
            return Result()
        return Result(left=[parse_cards(h, f"{at}/left/{i}", problems, max_len=profile.supply,
                                        jokers=1 if profile.jokers else 0)
                            for i, h in enumerate(raw)], liable=liable)
    counts = value["cards_left"]
    if (type(counts) is not list or len(counts) > cards.DECK_SIZE
            or not all(type(c) is int for c in counts)):
        problems.append(shape_problem(join(at, "cards_left"), "cards_left"))
        return Result()
    if scoring.cards_matter(profile):
        problems.append(shape_problem(join(at, "cards_left"), "needs_left",
                                      why=scoring.card_dependence(profile)))
    return Result(cards_left=list(counts), liable=liable)


def _parse_liable(value: dict[str, Any], at: str, profile: Profile,
                  problems: list[Problem]) -> int | None:
    """``result.liable``: a seat number or null; only under ``last_card_guard: liable`` or
    ``last_card_call: liable``. A seat that cannot be liable (the winner without the call, a
    loser without the guard, out of range) is the rule error RESULT_LIABLE."""
    liable = value.get("liable")
    if liable is None:
        return None
    if not _is_int(liable):
        problems.append(shape_problem(join(at, "liable"), "liable"))
        return None
    # v4: the winner may be liable under the call; which seat may be is a rule (RESULT_LIABLE).
    if (profile.last_card_guard is not LastCardGuard.LIABLE
            and profile.last_card_call is not LastCardCall.LIABLE):
        problems.append(shape_problem(join(at, "liable"), "no_liable",
                                      guard=profile.last_card_guard))
        return None
    return int(liable)


def _parse_places(value: dict[str, Any], at: str, problems: list[Problem]) -> Result:
    """Under placings a result gives the places, not the cards left (RULES.md v3, reading 9)."""
    for name in ("cards_left", "left"):
        if name in value:
            problems.append(shape_problem(join(at, name), "placings_not", name=name))
    if "places" not in value:
        problems.append(shape_problem(join(at, "places"), "no_places"))
        return Result()
    places = value["places"]
    if (type(places) is not list or len(places) > cards.DECK_SIZE
            or not all(type(p) is int for p in places)):
        problems.append(shape_problem(join(at, "places"), "places"))
        return Result()
    return Result(places=list(places))


def _parse_deal(value: Any, at: str, profile: Profile, problems: list[Problem]) -> Deal:
    if not isinstance(value, dict):
        problems.append(shape_problem(at, "deal"))
        return Deal([], [], None, None)
    problems.extend(_unknown(value, DEAL_FIELDS, at))
    code = value.get("deal_code")
    hands: list[list[int]] = []
    result_only = "result" in value
    given = ("hands" in value) + ("deal_code" in value)
    if given > 1 or given == 0 and not result_only:
        problems.append(shape_problem(at, "hands_or_code"))
    elif "deal_code" in value:
        hands = _hands_from_code(code, join(at, "deal_code"), profile, problems)
    elif "hands" in value:
        raw = value["hands"]
        # More or fewer hands than the profile's seats is a rule error (PLAYER_COUNT) the
        # replay reports; only a list that could not be a deal at all is refused here.
        if not isinstance(raw, list):
            problems.append(shape_problem(join(at, "hands"), "hands"))
        elif len(raw) > cards.DECK_SIZE:
            problems.append(shape_problem(join(at, "hands"), "too_many_hands", n=len(raw),
                                          most=cards.DECK_SIZE))
        else:
            jokers = 1 if profile.jokers else 0
            supply = profile.supply
            notation = cards.NOTATION
            for i, h in enumerate(raw):
                # parse_cards' own first step, asked here: a hand of known cards needs no
                # pointer (four per record were 2 % of a record's check as Python).
                known = _known_cards(h, notation) if type(h) is list and len(h) <= supply else None
                hands.append(known if known is not None else
                             parse_cards(h, join(at, "hands", i), problems, max_len=supply,
                                         jokers=jokers))
    result = None
    moves: list[Move] = []
    calls: list[int] = []
    if result_only:
        if "moves" in value:
            problems.append(shape_problem(at, "moves_or_result"))
        result = _parse_result(value["result"], f"{at}/result", profile, problems)
    else:
        if "moves" not in value:
            problems.append(shape_problem(join(at, "moves"), "no_moves"))
        moves = _parse_moves(value.get("moves", []), join(at, "moves"), profile, problems, calls)
    declared = value.get("declared")
    if declared is not None:
        declared = _parse_declared(declared, f"{at}/declared", problems)
    proof = None
    if "proof" in value:
        proof = _parse_proof(value["proof"], join(at, "proof"), profile, problems)
        if given == 0:
            problems.append(shape_problem(join(at, "proof"), "proof_hands"))
    return Deal(hands, moves, declared, code if isinstance(code, str) else None, result,
                frozenset(calls), proof)


def _hex64(value: Any, at: str, problems: list[Problem]) -> str | None:
    if (type(value) is not str or len(value) != 64
            or any(c not in "0123456789abcdefABCDEF" for c in value)):
        problems.append(shape_problem(at, "hex64"))
        return None
    return value.lower()


def _parse_proof(value: Any, at: str, profile: Profile, problems: list[Problem]) -> Proof | None:
    """A deal's ``proof`` (RECORDS.md, v5), or None with its problems. Whether it holds is
    the replay's business (PROOF_MISMATCH); here only its shape."""
    if not isinstance(value, dict):
        problems.append(shape_problem(at, "proof"))
        return None
    before = len(problems)
    problems.extend(_unknown(value, frozenset(PROOF_FIELDS), at))
    missing = [key for key in PROOF_FIELDS if key not in value]
    if missing:
        problems.extend(shape_problem(join(at, key), "proof_missing") for key in missing)
        return None
    commitment = _hex64(value["commitment"], join(at, "commitment"), problems)
    seed = _hex64(value["seed"], join(at, "seed"), problems)
    entropy = _parse_entropy(value["entropy"], join(at, "entropy"), profile, problems)
    code = value["deal_code"]
    spec = deals.parse_any(code)
    if isinstance(spec, str):
        problems.append(Problem(join(at, "deal_code"), spec))
    if len(problems) > before or commitment is None or seed is None or entropy is None:
        return None
    return Proof(commitment, bytes.fromhex(seed), entropy, str(code))


def _parse_entropy(value: Any, at: str, profile: Profile,
                   problems: list[Problem]) -> list[tuple[int, str]] | None:
    """The contributions, in seat order and each seat once (the order the deal used)."""
    if type(value) is not list or len(value) > profile.players:
        problems.append(shape_problem(at, "entropy"))
        return None
    out: list[tuple[int, str]] = []
    previous = -1
    ok = True
    for i, item in enumerate(value):
        place = join(at, i)
        if type(item) is not dict or "seat" not in item or "value" not in item:
            problems.append(shape_problem(place, "entropy"))
            ok = False
            continue
        problems.extend(_unknown(item, ENTROPY_FIELDS, place))
        seat, text = item["seat"], item["value"]
        if not _is_int(seat):
            problems.append(shape_problem(join(place, "seat"), "seat", last=profile.players - 1))
            ok = False
        elif not 0 <= seat < profile.players:
            problems.append(seat_out_of_range(seat, profile.players, join(place, "seat")))
            ok = False
        elif seat <= previous:
            problems.append(shape_problem(join(place, "seat"), "entropy_order", seat=seat,
                                          previous=previous))
            ok = False
        else:
            previous = seat
        if type(text) is not str or not 0 < len(text) <= fair.MAX_ENTROPY_CHARS:
            problems.append(shape_problem(join(place, "value"), "entropy_value",
                                          most=fair.MAX_ENTROPY_CHARS))
            ok = False
        elif ok:
            out.append((seat, text))
    return out if ok else None


def _parse_names(names: Any, problems: list[Problem]) -> list[str] | None:
    """The players' names as given, or None with the problems: a name is 1 to
    MAX_NAME_LENGTH characters, not only spaces, and holds nothing that cannot be seen."""
    if not isinstance(names, list) or not all(
            isinstance(n, str) and 0 < len(n) <= limits.MAX_NAME_LENGTH for n in names):
        problems.append(shape_problem("/players", "players", n=limits.MAX_NAME_LENGTH))
        return None
    ok = True
    for i, name in enumerate(names):
        if name.isascii() and name.isprintable() and not name.isspace():
            continue  # the usual name, without a call out of the compiled core
        problem = name_problem(join("/players", i), name)
        if problem is not None:
            problems.append(problem)
            ok = False
    return names if ok else None


def parse_record(
    doc: Any,
    *,
    resolver: ProfileResolver = DEFAULT_RESOLVER,
    default_profile: ProfileRef | None = None,
) -> tuple[Record | None, list[Problem]]:
    """A record ready to replay, or every problem that stops it being read."""
    if not isinstance(doc, dict):
        return None, [shape_problem("", "record")]
    problems = _unknown(doc, RECORD_FIELDS, "")
    ref = doc.get("profile", default_profile)
    if ref is None:
        problems.append(shape_problem("/profile", "no_profile"))
        return None, problems
    profile, profile_problems = resolver.resolve(ref, "/profile")
    problems.extend(profile_problems)
    names = doc.get("players")
    if names is not None:
        names = _parse_names(names, problems)
    if "meta" in doc and not isinstance(doc["meta"], dict):
        problems.append(shape_problem("/meta", "meta"))
    raw_deals = doc.get("deals")
    if not isinstance(raw_deals, list) or not raw_deals:
        problems.append(shape_problem("/deals", "deals"))
        return None, problems
    if len(raw_deals) > limits.MAX_DEALS_PER_RECORD:
        # A score sheet's deals (result only, no moves) cost microseconds each: a season's
        # sheet may hold many more of them than a move log could.
        result_only = all(type(d) is dict and "moves" not in d for d in raw_deals)
        cap = limits.MAX_RESULT_DEALS_PER_RECORD if result_only else limits.MAX_DEALS_PER_RECORD
        if len(raw_deals) > cap:
            problems.append(
                shape_problem("/deals", "too_many_deals", n=len(raw_deals), cap=cap) if result_only
                else shape_problem("/deals", "too_many_deals_moves", n=len(raw_deals), cap=cap,
                                   most=limits.MAX_RESULT_DEALS_PER_RECORD))
            return None, problems
    if profile is None:
        return None, problems
    parsed = []
    for i, d in enumerate(raw_deals):
        if len(problems) >= limits.MAX_RECORD_PROBLEMS:
            break
        parsed.append(_parse_deal(d, f"/deals/{i}", profile, problems))
    if problems:
        return None, problems[:limits.MAX_RECORD_PROBLEMS]
    return Record(profile, names, parsed), []


def deals_in(items: list[Any]) -> int:
    """How many deals the records of a batch hold (items that are not records count 0)."""
    return sum(len(d) for item in items if isinstance(item, dict)
               and isinstance(d := item.get("deals"), list))
