"""Reading a game record (RECORDS.md) into plain values, or saying why it cannot be read.

Shape problems (wrong types, unknown fields, unreadable cards, unknown profile, limits) are
collected all at once with JSON Pointers. Rule problems are not found here: a well-formed
record that breaks the rules is the replay's business and becomes a report.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bigtwo import limits
from bigtwo.rules import cards, deals, scoring
from bigtwo.rules.fields import Finish, LastCardGuard
from bigtwo.rules.game import Deal, Move, Record, Result
from bigtwo.rules.play import hands_of_code
from bigtwo.rules.problems import Problem, join
from bigtwo.rules.profiles import DEFAULT_RESOLVER, Profile, ProfileResolver
from bigtwo.rules.suggest import unknown_field

RECORD_FIELDS = frozenset({"profile", "players", "deals", "meta"})
DEAL_FIELDS = frozenset({"hands", "deal_code", "moves", "result", "declared"})
DECLARED_FIELDS = frozenset({"winner", "scores"})
RESULT_FIELDS = frozenset({"cards_left", "left", "places", "liable"})

def _is_int(value: Any) -> bool:
    return type(value) is int


def _unknown(obj: Mapping[str, Any], allowed: frozenset[str], at: str) -> list[Problem]:
    return [Problem(join(at, k), unknown_field(k, allowed)) for k in obj if k not in allowed]


def seat_out_of_range(seat: int, players: int) -> str:
    """A record counts seats from 0, the pages from 1: the message says both, so neither
    count trips anyone up."""
    return (f"seat {seat} is out of range: this table has seats 0-{players - 1} "
            f"(shown as 1-{players} on the pages)")


def parse_cards(value: Any, at: str, problems: list[Problem], *, max_len: int) -> list[int]:
    if not isinstance(value, list):
        problems.append(Problem(at, "must be a list of cards"))
        return []
    try:
        return list(map(cards.NOTATION.__getitem__, value)) if len(value) <= max_len else []
    except (KeyError, TypeError):
        pass
    if len(value) > max_len:
        problems.append(Problem(at, f"at most {max_len} cards"))
        return []
    out = []
    for i, text in enumerate(value):
        card = cards.parse_card(text) if isinstance(text, str) else None
        if card is None:
            problems.append(
                Problem(join(at, i), f"{text!r} is not a card (e.g. '3D', 'TH', '10h', 'T♥')")
            )
        else:
            out.append(card)
    return out


def _parse_moves(value: Any, at: str, players: int, problems: list[Problem]) -> list[Move]:
    if not isinstance(value, list):
        problems.append(Problem(at, "must be a list of moves"))
        return []
    if len(value) > limits.MAX_MOVES_PER_DEAL:
        problems.append(
            Problem(at, f"{len(value)} moves is over the limit of {limits.MAX_MOVES_PER_DEAL} per deal")
        )
        return []
    card_of = cards.NOTATION.__getitem__
    max_cards = limits.MAX_CARDS_PER_PLAY
    out: list[Move] = []
    append = out.append
    for i, move in enumerate(value):
        # Fast path first: a well-formed move costs a few dict lookups (and map, unlike a list
        # comprehension on Python 3.11, needs no frame of its own).
        if type(move) is dict and len(move) == 2:
            seat = move.get("seat")
            if type(seat) is int and 0 <= seat < players:
                play = move.get("play")
                if type(play) is list and 0 < len(play) <= max_cards:
                    try:
                        append((seat, list(map(card_of, play))))
                        continue
                    except (KeyError, TypeError):
                        pass
                elif play is None and move.get("pass") is True:
                    append((seat, None))
                    continue
        append(_slow_move(move, join(at, i), players, problems))
    return out


def _slow_move(move: Any, at: str, players: int, problems: list[Problem]) -> Move:
    if not isinstance(move, dict):
        problems.append(Problem(at, 'a move is {"seat": n, "play": [cards]} or {"seat": n, "pass": true}'))
        return (0, None)
    problems.extend(_unknown(move, frozenset({"seat", "play", "pass"}), at))
    raw_seat = move.get("seat")
    seat = raw_seat if type(raw_seat) is int else 0
    if not _is_int(raw_seat):
        problems.append(Problem(join(at, "seat"), f"must be a seat number (0-{players - 1})"))
    elif not 0 <= seat < players:
        problems.append(Problem(join(at, "seat"), seat_out_of_range(seat, players)))
    has_play, has_pass = "play" in move, "pass" in move
    if has_play == has_pass:
        problems.append(Problem(at, 'a move has either "play" or "pass", not both or neither'))
        return (seat, None)
    if has_pass:
        if move["pass"] is not True:
            problems.append(Problem(join(at, "pass"), "must be true"))
        return (seat, None)
    play = move["play"]
    if isinstance(play, list) and not play:
        problems.append(Problem(join(at, "play"), "a play names at least one card"))
    return (seat, parse_cards(play, join(at, "play"), problems, max_len=limits.MAX_CARDS_PER_PLAY))


def _parse_declared(value: Any, at: str, problems: list[Problem]) -> dict[str, Any] | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        problems.append(Problem(at, 'must be an object like {"winner": 2, "scores": [...]}'))
        return None
    problems.extend(_unknown(value, DECLARED_FIELDS, at))
    winner = value.get("winner")
    if winner is not None and not _is_int(winner):
        problems.append(Problem(join(at, "winner"), "must be a seat number or null"))
    scores = value.get("scores")
    if scores is not None and (not isinstance(scores, list) or not all(_is_int(s) for s in scores)):
        problems.append(Problem(join(at, "scores"), "must be a list of whole numbers or null"))
    return {"winner": winner, "scores": scores}


def _hands_from_code(code: Any, at: str, profile: Profile, problems: list[Problem]) -> list[list[int]]:
    spec = deals.parse_code(code)
    if isinstance(spec, str):
        problems.append(Problem(at, spec))
        return []
    return hands_of_code(profile, spec)


def _parse_result(value: Any, at: str, profile: Profile, problems: list[Problem]) -> Result:
    if not isinstance(value, dict):
        problems.append(Problem(at, 'must be an object: {"cards_left": [...]} or {"left": [[...], ...]}'))
        return Result()
    problems.extend(_unknown(value, RESULT_FIELDS, at))
    liable = _parse_liable(value, at, profile, problems)
    if profile.finish is Finish.PLACINGS:
        return _parse_places(value, at, problems)
    if "places" in value:
        problems.append(Problem(join(at, "places"), (
            "places are given only under finish: placings; this profile ends the deal when the "
            "first player goes out: give cards_left or left")))
    if ("cards_left" in value) == ("left" in value):
        problems.append(Problem(at, 'a result gives either "cards_left" or "left"'))
        return Result()
    if "left" in value:
        raw = value["left"]
        # More or fewer seats than the profile's is a rule error (PLAYER_COUNT), as for hands.
        if not isinstance(raw, list) or len(raw) > cards.DECK_SIZE:
            problems.append(Problem(join(at, "left"), "must be a list of card lists, one per seat"))
            return Result()
        return Result(left=[parse_cards(h, f"{at}/left/{i}", problems, max_len=cards.DECK_SIZE)
                            for i, h in enumerate(raw)], liable=liable)
    counts = value["cards_left"]
    if (type(counts) is not list or len(counts) > cards.DECK_SIZE
            or not all(type(c) is int for c in counts)):
        problems.append(Problem(join(at, "cards_left"), "must be a list of whole numbers, one per seat"))
        return Result()
    if scoring.cards_matter(profile):
        problems.append(Problem(join(at, "cards_left"), (
            "this profile's scoring depends on which cards are held "
            f"({scoring.card_dependence(profile)}): give result.left, the cards each seat still held")))
    return Result(cards_left=list(counts), liable=liable)


def _parse_liable(value: dict[str, Any], at: str, profile: Profile,
                  problems: list[Problem]) -> int | None:
    """``result.liable``: a seat number or null; only under ``last_card_guard: liable``. A seat
    that cannot be liable (the winner, out of range) is the rule error RESULT_LIABLE."""
    liable = value.get("liable")
    if liable is None:
        return None
    if not _is_int(liable):
        problems.append(Problem(join(at, "liable"), "must be a seat number or null"))
        return None
    if profile.last_card_guard is not LastCardGuard.LIABLE:
        problems.append(Problem(join(at, "liable"), (
            "only a profile with last_card_guard: liable has a liable seat; this one has "
            f"last_card_guard: {profile.last_card_guard}")))
        return None
    return int(liable)


def _parse_places(value: dict[str, Any], at: str, problems: list[Problem]) -> Result:
    """Under placings a result gives the places, not the cards left (RULES.md v3, reading 9)."""
    for name in ("cards_left", "left"):
        if name in value:
            problems.append(Problem(join(at, name), (
                "under finish: placings a result gives places (every seat once, first out "
                f"first), not {name}")))
    if "places" not in value:
        problems.append(Problem(join(at, "places"),
                                "missing: under finish: placings, every seat once, first out first"))
        return Result()
    places = value["places"]
    if (type(places) is not list or len(places) > cards.DECK_SIZE
            or not all(type(p) is int for p in places)):
        problems.append(Problem(join(at, "places"), "must be a list of seat numbers, first out first"))
        return Result()
    return Result(places=list(places))


def _parse_deal(value: Any, at: str, profile: Profile, problems: list[Problem]) -> Deal:
    if not isinstance(value, dict):
        problems.append(Problem(at, "a deal is an object with hands (or deal_code) and moves, or a result"))
        return Deal([], [], None, None)
    problems.extend(_unknown(value, DEAL_FIELDS, at))
    code = value.get("deal_code")
    hands: list[list[int]] = []
    result_only = "result" in value
    given = ("hands" in value) + ("deal_code" in value)
    if given > 1 or given == 0 and not result_only:
        problems.append(Problem(at, 'a deal gives either "hands" or "deal_code"'))
    elif "deal_code" in value:
        hands = _hands_from_code(code, join(at, "deal_code"), profile, problems)
    elif "hands" in value:
        raw = value["hands"]
        # More or fewer hands than the profile's seats is a rule error (PLAYER_COUNT) the
        # replay reports; only a list that could not be a deal at all is refused here.
        if not isinstance(raw, list) or len(raw) > cards.DECK_SIZE:
            problems.append(Problem(join(at, "hands"), "must be a list of hands, one per seat"))
        else:
            hands = [
                parse_cards(h, join(at, "hands", i), problems, max_len=cards.DECK_SIZE)
                for i, h in enumerate(raw)
            ]
    result = None
    moves: list[Move] = []
    if result_only:
        if "moves" in value:
            problems.append(Problem(at, 'a deal gives either "moves" or "result", not both'))
        result = _parse_result(value["result"], f"{at}/result", profile, problems)
    else:
        if "moves" not in value:
            problems.append(Problem(join(at, "moves"), "missing: every turn of the deal, in order (or a result)"))
        moves = _parse_moves(value.get("moves", []), join(at, "moves"), profile.players, problems)
    declared = value.get("declared")
    if declared is not None:
        declared = _parse_declared(declared, f"{at}/declared", problems)
    return Deal(hands, moves, declared, code if isinstance(code, str) else None, result)


def parse_record(
    doc: Any,
    *,
    resolver: ProfileResolver = DEFAULT_RESOLVER,
    default_profile: Any = None,
) -> tuple[Record | None, list[Problem]]:
    """A record ready to replay, or every problem that stops it being read."""
    if not isinstance(doc, dict):
        return None, [Problem("", "a record is a JSON object with profile, players and deals")]
    problems = _unknown(doc, RECORD_FIELDS, "")
    ref = doc.get("profile", default_profile)
    if ref is None:
        problems.append(Problem("/profile", "missing: name a preset, a stored profile or give one"))
        return None, problems
    profile, profile_problems = resolver.resolve(ref, "/profile")
    problems.extend(profile_problems)
    names = doc.get("players")
    if names is not None and (
        not isinstance(names, list)
        or not all(isinstance(n, str) and 0 < len(n) <= limits.MAX_NAME_LENGTH for n in names)
    ):
        problems.append(Problem("/players", f"must be a list of names (1 to {limits.MAX_NAME_LENGTH} characters)"))
        names = None
    if "meta" in doc and not isinstance(doc["meta"], dict):
        problems.append(Problem("/meta", "must be an object"))
    raw_deals = doc.get("deals")
    if not isinstance(raw_deals, list) or not raw_deals:
        problems.append(Problem("/deals", "must be a non-empty list of deals"))
        return None, problems
    if len(raw_deals) > limits.MAX_DEALS_PER_RECORD:
        # A score sheet's deals (result only, no moves) cost microseconds each: a season's
        # sheet may hold many more of them than a move log could.
        result_only = all(type(d) is dict and "moves" not in d for d in raw_deals)
        cap = limits.MAX_RESULT_DEALS_PER_RECORD if result_only else limits.MAX_DEALS_PER_RECORD
        if len(raw_deals) > cap:
            problems.append(Problem("/deals", f"{len(raw_deals)} deals is over the limit of {cap} per record"
                                              + ("" if result_only else
                                                 f" ({limits.MAX_RESULT_DEALS_PER_RECORD} when "
                                                 "every deal gives only its result)")))
            return None, problems
    if profile is None:
        return None, problems
    parsed = [_parse_deal(d, f"/deals/{i}", profile, problems) for i, d in enumerate(raw_deals)]
    if problems:
        return None, problems
    return Record(profile, names, parsed), []


def deals_in(items: list[Any]) -> int:
    """How many deals the records of a batch hold (items that are not records count 0)."""
    return sum(len(d) for item in items if isinstance(item, dict)
               and isinstance(d := item.get("deals"), list))
