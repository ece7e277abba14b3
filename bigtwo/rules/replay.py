"""Replaying a record move by move under one profile.

The replay never raises for a broken rule: each one becomes a ``RuleError`` value with its
position. A deal stops at its first rule error, because everything after it depends on a
position that never legally existed (RECORDS.md).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from bigtwo.rules import cards
from bigtwo.rules.choices import LastCardCall, LastCardGuard
from bigtwo.rules.codes import DealStatus, RuleCode
from bigtwo.rules.fair import proof_problem
from bigtwo.rules.game import Deal, Move, Record, Result
from bigtwo.rules.multiset.bag import held
from bigtwo.rules.multiset.table import MultisetTable, opener_of_bags, over_the_decks
from bigtwo.rules.play import (
    COMBO,
    check_play,
    free_lead,
    gets_leftover,
    hand_masks,
    lead_of_masks,
    most_dealt,
    opener_of,
)
from bigtwo.rules.problems import join
from bigtwo.rules.profiles import Profile
from bigtwo.rules.scoring import (
    DealScore,
    Tally,
    liable_seat,
    penalties_held_now,
    penalty,
    score_counts,
    score_deal,
    score_held,
    score_places,
)
from bigtwo.rules.table import Table


class RuleError:
    __slots__ = ("code", "deal", "move", "seat", "pointer", "params")

    code: RuleCode
    deal: int | None
    move: int | None
    seat: int | None
    pointer: str
    params: dict[str, Any]

    def __init__(self, code: RuleCode, deal: int | None, move: int | None, seat: int | None,
                 pointer: str, params: dict[str, Any] | None = None) -> None:
        self.code = code
        self.deal = deal
        self.move = move
        self.seat = seat
        self.pointer = pointer
        self.params = {} if params is None else params


class DealResult:
    __slots__ = ("index", "status", "leader", "winner", "moves_checked", "cards_left",
                 "penalties", "scores", "tiers", "team_scores", "penalties_now", "places",
                 "liable", "breaches", "missed_calls")

    index: int
    status: DealStatus
    leader: int | None
    winner: int | None
    moves_checked: int
    cards_left: list[int] | None
    penalties: list[int] | None
    scores: list[int] | None
    tiers: list[dict[str, int] | None] | None
    team_scores: list[int] | None
    penalties_now: list[int] | None  # incomplete deals: what each seat pays if it ended now
    places: list[int] | None  # finish: placings: seats in finishing order
    liable: int | None  # last_card_guard: liable: the seat that paid every loser's penalty
    breaches: list[dict[str, int]] | None  # last_card_guard: liable: breaches that stood
    missed_calls: list[tuple[int, int]] | None  # last_card_call: liable: (move, seat) that stood

    # Written out (plain and slotted, as RuleError and RecordResult: bigtwo.rules.frozen says
    # why): compiled, a dataclass's generated __init__ runs as Python, with its arguments in a
    # tuple and a dict, once per deal; this one is a C call.
    def __init__(self, index: int, status: DealStatus, leader: int | None = None,
                 winner: int | None = None, moves_checked: int = 0,
                 cards_left: list[int] | None = None, penalties: list[int] | None = None,
                 scores: list[int] | None = None,
                 tiers: list[dict[str, int] | None] | None = None,
                 team_scores: list[int] | None = None, penalties_now: list[int] | None = None,
                 places: list[int] | None = None, liable: int | None = None,
                 breaches: list[dict[str, int]] | None = None,
                 missed_calls: list[tuple[int, int]] | None = None) -> None:
        self.index = index
        self.status = status
        self.leader = leader
        self.winner = winner
        self.moves_checked = moves_checked
        self.cards_left = cards_left
        self.penalties = penalties
        self.scores = scores
        self.tiers = tiers
        self.team_scores = team_scores
        self.penalties_now = penalties_now
        self.places = places
        self.liable = liable
        self.breaches = breaches
        self.missed_calls = missed_calls


class RecordResult:
    __slots__ = ("profile", "errors", "deals", "totals", "match_over", "winners",
                 "final_table", "team_totals")

    profile: Profile
    errors: list[RuleError]
    deals: list[DealResult]
    totals: list[int]
    match_over: bool
    winners: list[int]
    final_table: Table | None
    team_totals: list[int] | None

    def __init__(self, profile: Profile, errors: list[RuleError], deals: list[DealResult],
                 totals: list[int], match_over: bool, winners: list[int],
                 final_table: Table | None = None, team_totals: list[int] | None = None) -> None:
        # Written out, as DealResult's: a C call when compiled.
        self.profile = profile
        self.errors = errors
        self.deals = deals
        self.totals = totals
        self.match_over = match_over
        self.winners = winners
        self.final_table = final_table
        self.team_totals = team_totals


def _hands_at(deal: Deal, index: int) -> str:
    return join("/deals", index, "deal_code" if deal.deal_code is not None else "hands")


def _deal_problems(profile: Profile, deal: Deal, index: int, masks: list[int]) -> list[RuleError]:
    """The deal's hands' rule errors (PLAYER_COUNT; else DUPLICATE_CARD and HAND_SIZE);
    ``masks`` are the hands' masks (``hand_masks``). Pointers are made only for an error."""
    hands = deal.hands
    if len(hands) != profile.players:
        return [RuleError(RuleCode.PLAYER_COUNT, index, None, None, _hands_at(deal, index),
                          {"expected": profile.players, "actual": len(hands)})]
    errors = _cards_twice(hands, masks, index, deal, None)
    # The opener matters only where it takes the undealt cards: found only then.
    leftover = gets_leftover(profile)
    opener = opener_of(profile, masks)[0] if leftover and any(masks) else -1
    hand_size = profile.hand_size
    for seat, hand in enumerate(hands):
        expected = hand_size
        if seat == opener:
            expected += profile.leftover_count
        if len(hand) != expected:
            errors.append(RuleError(RuleCode.HAND_SIZE, index, None, seat,
                                    join(_hands_at(deal, index), seat),
                                    {"expected": expected, "actual": len(hand)}))
    if not errors:
        return errors  # the usual deal: no sort (and no key function made) for nothing
    return sorted(errors, key=lambda e: (e.code is not RuleCode.HAND_SIZE, e.seat or 0))


def _cards_twice(groups: list[list[int]], masks: list[int], index: int, deal: Deal,
                 at: str | None) -> list[RuleError]:
    """A DUPLICATE_CARD for each card that stands in ``groups`` (hands, or the cards left;
    ``masks`` their masks) more than once, at the seat where it appears again (under ``at``;
    None: the deal's hands)."""
    union = 0
    for mask in masks:
        union |= mask
    if union.bit_count() == sum(map(len, groups)):
        return []
    if at is None:
        at = _hands_at(deal, index)
    errors = []
    seen = reported = 0
    for seat, group in enumerate(groups):
        for c in group:
            bit = 1 << c
            if seen & bit and not reported & bit:
                reported |= bit
                errors.append(RuleError(RuleCode.DUPLICATE_CARD, index, None, seat, join(at, seat),
                                        {"card": cards.name(c)}))
            seen |= bit
    return errors


def replay_deal(
    profile: Profile, deal: Deal, index: int, previous_winner: int | None, *, complete: bool,
    errors: list[RuleError],
) -> tuple[DealResult, Table | None]:
    """Replay one deal; ``previous_winner`` leads it where the profile says so (and then is
    not None: ``replay_record`` does not replay a deal without a known leader)."""
    if profile.multiset:
        return _replay_multiset(profile, deal, index, previous_winner, complete=complete,
                                errors=errors)
    masks = hand_masks(deal.hands)  # once: the card checks, the opener and the table read them
    problems = _deal_problems(profile, deal, index, masks)
    if problems:
        errors.extend(problems)
        return DealResult(index, DealStatus.NOT_CHECKED, cards_left=[len(h) for h in deal.hands]), None
    leader, opening_card = lead_of_masks(profile, index, previous_winner, masks)
    assert leader is not None
    table = Table(profile, deal.hands, leader, opening_card, masks)
    table.calls = deal.calls
    moves: list[Move] = deal.moves
    # Asked once per deal: the moves of a profile that keeps no places or breaches never ask.
    # (Called directly, not as a bound method: compiled, that is a C call per move.)
    tracked = table.tracked
    for seat, play in moves:
        outcome = check_play(table, seat, play)
        if outcome is None or type(outcome) is COMBO:
            if tracked:
                table._apply_tracked(seat, outcome)
            else:
                table._apply(seat, outcome)
            continue
        return _refused(table, index, leader, seat, outcome, errors), table  # type: ignore[arg-type]
    result = DealResult(index, DealStatus.COMPLETE if table.winner is not None else DealStatus.INCOMPLETE,
                        leader, table.winner, len(moves), list(table.counts))
    _tracked_parts(table, result)
    if table.winner is None:
        result.penalties_now = live_penalties(table)
        if complete:
            errors.append(RuleError(RuleCode.INCOMPLETE, index, None, None, f"/deals/{index}/moves",
                                    {"moves": len(moves)}))
    else:
        _put_score(result, score_table(profile, table, [len(h) for h in deal.hands]))
    _check_declared(deal, result, errors)
    return result, table


def _replay_multiset(
    profile: Profile, deal: Deal, index: int, previous_winner: int | None, *, complete: bool,
    errors: list[RuleError],
) -> tuple[DealResult, Table | None]:
    """``replay_deal`` for a profile with copies or jokers: hands are bags
    (``multiset.table``); everything after the moves is the one-deck replay's."""
    problems = _multiset_deal_problems(profile, deal, index)
    if problems:
        errors.extend(problems)
        return DealResult(index, DealStatus.NOT_CHECKED, cards_left=[len(h) for h in deal.hands]), None
    if free_lead(profile, index):
        leader, opening_card = previous_winner, None
    else:
        leader, opening_card = opener_of_bags(profile, deal.hands)
    assert leader is not None
    table = MultisetTable(profile, deal.hands, leader, opening_card)
    table.calls = deal.calls
    for seat, play in deal.moves:
        outcome = table.check(seat, play)
        if outcome is None or type(outcome) is COMBO:
            table.apply(seat, outcome)
            continue
        return _refused(table, index, leader, seat, outcome, errors), table  # type: ignore[arg-type]
    return _finished(profile, deal, index, table, leader, complete, errors), table


def _multiset_deal_problems(profile: Profile, deal: Deal, index: int) -> list[RuleError]:
    """``_deal_problems`` with copies: a card dealt more often than the decks hold it (a
    joker more often than ``decks`` x ``jokers``) is DUPLICATE_CARD."""
    hands = deal.hands
    if len(hands) != profile.players:
        return [RuleError(RuleCode.PLAYER_COUNT, index, None, None, _hands_at(deal, index),
                          {"expected": profile.players, "actual": len(hands)})]
    at = _hands_at(deal, index)
    errors = [RuleError(RuleCode.DUPLICATE_CARD, index, None, seat, join(at, seat),
                        {"card": cards.name(c), "count": count, "held": most})
              for seat, c, count, most in over_the_decks(profile, hands)]
    opener = -1
    if gets_leftover(profile) and any(c < cards.DECK_SIZE for h in hands for c in h):
        opener = opener_of_bags(profile, hands)[0]
    for seat, hand in enumerate(hands):
        expected = profile.hand_size + (profile.leftover_count if seat == opener else 0)
        if len(hand) != expected:
            errors.append(RuleError(RuleCode.HAND_SIZE, index, None, seat, join(at, seat),
                                    {"expected": expected, "actual": len(hand)}))
    return sorted(errors, key=lambda e: (e.code is not RuleCode.HAND_SIZE, e.seat or 0))


def _finished(profile: Profile, deal: Deal, index: int, table: Table, leader: int,
              complete: bool, errors: list[RuleError]) -> DealResult:
    """The result of a deal whose every move stood: complete (scored) or incomplete."""
    result = DealResult(index, DealStatus.COMPLETE if table.winner is not None else DealStatus.INCOMPLETE,
                        leader, table.winner, len(deal.moves), list(table.counts))
    _tracked_parts(table, result)
    if table.winner is None:
        result.penalties_now = live_penalties(table)
        if complete:
            errors.append(RuleError(RuleCode.INCOMPLETE, index, None, None, f"/deals/{index}/moves",
                                    {"moves": len(deal.moves)}))
    else:
        _put_score(result, score_table(profile, table))
    _check_declared(deal, result, errors)
    return result


def _refused(table: Table, index: int, leader: int, seat: int, refusal: tuple[RuleCode, dict[str, Any]],
             errors: list[RuleError]) -> DealResult:
    """The deal as it stands at its first broken rule, the error recorded (both tables)."""
    # Every move applied counted one (no enumerate tuple per move): this is move i.
    i = table.moves_done
    code, params = refusal
    errors.append(RuleError(code, index, i, seat, f"/deals/{index}/moves/{i}", params))
    invalid = DealResult(index, DealStatus.INVALID, leader, None, i, list(table.counts))
    _tracked_parts(table, invalid)
    # An invalid deal has no finishing order, as it has no winner (RULES.md v3, reading 9).
    invalid.places = None
    return invalid


def _tracked_parts(table: Table, result: DealResult) -> None:
    """What a replayed deal's result keeps beyond the hands: places so far under placings,
    breaches that stood under the liable guard."""
    if table.placings:
        result.places = list(table.places)
    if table.liable_guard:
        result.breaches = [{"move": m, "seat": s, "protected": p} for m, s, p in table.breaches]
    if table.calling:
        result.missed_calls = list(table.missed_calls)


def score_table(profile: Profile, table: Table, dealt: list[int] | None = None) -> DealScore:
    """A finished deal's score: by places under placings, else the penalties of the hands
    left, moved to the liable seat when a breach of the guard made one liable. ``dealt``:
    each seat's dealt count, for ``scoring.sweep_factor``."""
    winner = table.winner
    assert winner is not None
    if table.placings:
        return score_places(profile, table.places)
    if isinstance(table, MultisetTable):
        return score_held(profile, [held(bag) for bag in table.bags], winner,
                          liable_of(table, winner), dealt=table.dealt)
    return score_deal(profile, table.hands, winner, liable_of(table, winner), dealt=dealt)


def liable_of(table: Table, winner: int) -> int | None:
    """Who pays every loser's penalty: the winner when it went out after a missed call (this
    comes before the guard: RULES.md v4, reading 12), else a breach of the liable guard's
    seat, else nobody."""
    if table.calling and any(seat == winner for _, seat in table.missed_calls):
        return winner
    return liable_seat(table.breaches, winner) if table.liable_guard else None


def _put_score(result: DealResult, scored: DealScore) -> None:
    result.penalties, result.scores, result.tiers = scored.penalties, scored.scores, scored.parts
    result.team_scores = scored.team_scores
    if scored.parts is not None:
        result.liable = next((s for s, part in enumerate(scored.parts)
                              if part is not None and "takes_all" in part), None)


def live_penalties(table: Table) -> list[int] | None:
    """What each seat would pay if the deal ended now, or None: a deal that has ended shows
    its scores instead, and under placings an unfinished deal has no penalties, since places
    will score it. The report, the referee's view and ``/v1/next`` all ask here."""
    if table.winner is not None or table.placings:
        return None
    if isinstance(table, MultisetTable):
        return penalties_held_now(table.profile, [held(bag) for bag in table.bags])
    return penalties_now(table.profile, table.hands)


def penalties_now(profile: Profile, hands: list[int]) -> list[int]:
    """What each seat would pay if the deal ended now, every seat scored as a loser
    (seed 001's live display "13 übrig · Ende jetzt −39")."""
    return [penalty(profile, mask)[0] for mask in hands]


def _result_problems(profile: Profile, deal: Deal, result: Result, index: int) -> list[RuleError]:
    """A result's rule errors: those of the first failing check, in RECORDS.md's order
    (DUPLICATE_CARD, CARD_NOT_HELD, RESULT_WINNER, RESULT_CARD_COUNT, RESULT_LIABLE)."""
    at = _result_at(result, index)
    counts = result.counts
    if result.left is not None:
        errors = (_left_copies(profile, result.left, deal, index, at) if profile.multiset
                  else _left_once(result.left, deal, index, at))
        if errors:
            return errors
    out = [s for s, n in enumerate(counts) if n == 0]
    if len(out) != 1:
        return [RuleError(RuleCode.RESULT_WINNER, index, None, None, at, {"seats": out})]
    errors = []
    for seat, n in enumerate(counts):
        dealt = _dealt_size(profile, deal, seat)
        if not 0 <= n <= dealt:
            errors.append(RuleError(RuleCode.RESULT_CARD_COUNT, index, None, seat, f"{at}/{seat}",
                                    {"count": n, "dealt": dealt}))
    if errors:
        return errors
    liable = result.liable
    if liable is not None and not _may_be_liable(profile, liable, out[0]):
        errors.append(RuleError(RuleCode.RESULT_LIABLE, index, None,
                                liable if 0 <= liable < profile.players else None,
                                join("/deals", index, "result", "liable"),
                                {"liable": liable, "winner": out[0], "players": profile.players}))
    return errors


def _may_be_liable(profile: Profile, seat: int, winner: int) -> bool:
    """Whether a profile field can make ``seat`` liable (RULES.md v4, reading 12): the winner
    under ``last_card_call: liable``, a loser under ``last_card_guard: liable``."""
    if not 0 <= seat < profile.players:
        return False
    if seat == winner:
        return profile.last_card_call is LastCardCall.LIABLE
    return profile.last_card_guard is LastCardGuard.LIABLE


def _left_once(left: list[list[int]], deal: Deal, index: int, at: str) -> list[RuleError]:
    """One deck: a card left twice (DUPLICATE_CARD), else one the seat was not dealt."""
    left_masks = hand_masks(left)
    errors = _cards_twice(left, left_masks, index, deal, at)
    if errors or not deal.hands:
        return errors
    for seat, (mask, hand) in enumerate(zip(left_masks, deal.hands, strict=True)):
        missing = mask & ~cards.mask_of(hand)
        if missing:
            errors.append(RuleError(RuleCode.CARD_NOT_HELD, index, None, seat, f"{at}/{seat}",
                                    {"cards": cards.names(cards.cards_of(missing))}))
    return errors


def _card_word(card: int) -> str:
    return "JK" if card == cards.JOKER else cards.name(card)


def _left_copies(profile: Profile, left: list[list[int]], deal: Deal, index: int,
                 at: str) -> list[RuleError]:
    """Several decks or jokers (reading 1): a card left more often than the decks hold it
    (``JK`` more often than the table's jokers) is DUPLICATE_CARD, at the seat where it goes
    over; else one left more often than its seat was dealt it (with ``hands``) is
    CARD_NOT_HELD."""
    errors: list[RuleError] = []
    seen = [0] * (cards.JOKER + 1)
    reported = 0
    for seat, group in enumerate(left):
        for c in group:
            seen[c] += 1
            held = profile.joker_count if c == cards.JOKER else profile.decks
            if seen[c] > held and not reported >> c & 1:
                reported |= 1 << c
                errors.append(RuleError(RuleCode.DUPLICATE_CARD, index, None, seat, f"{at}/{seat}",
                                        {"card": _card_word(c)}))
    if errors or not deal.hands:
        return errors
    for seat, (group, hand) in enumerate(zip(left, deal.hands, strict=True)):
        dealt = Counter(hand)
        over = sorted(c for c, n in Counter(group).items() if n > dealt[c])
        if over:
            errors.append(RuleError(RuleCode.CARD_NOT_HELD, index, None, seat, f"{at}/{seat}",
                                    {"cards": [_card_word(c) for c in over]}))
    return errors


def _places_problems(profile: Profile, result: Result, index: int) -> list[RuleError]:
    """RESULT_PLACES unless ``result.places`` names every seat exactly once."""
    places = result.places
    assert places is not None
    if sorted(places) == list(range(profile.players)):
        return []
    return [RuleError(RuleCode.RESULT_PLACES, index, None, None,
                      join("/deals", index, "result", "places"),
                      {"places": list(places), "players": profile.players})]


def _result_at(result: Result, index: int) -> str:
    return join("/deals", index, "result", "left" if result.left is not None else "cards_left")


def _dealt_size(profile: Profile, deal: Deal, seat: int) -> int:
    if deal.hands:
        return len(deal.hands[seat])
    # Without hands the opener is unknown, so any seat may hold the undealt cards too.
    return most_dealt(profile)


def score_result(profile: Profile, deal: Deal, index: int, leader: int | None,
                 errors: list[RuleError]) -> DealResult:
    """A result-only deal (a score sheet's row): checked for consistency, then scored by the
    same ``scoring`` functions as a replayed deal. Its moves were never seen, so its status is
    ``scored``. ``leader`` is the previous winner where that rule applies (None: unknown or
    the lowest card's holder, found from the hands when they are given)."""
    result = deal.result
    assert result is not None
    if result.places is not None:
        return _score_places_result(profile, deal, result, index, leader, errors)
    if len(result.counts) != profile.players:
        errors.append(RuleError(RuleCode.PLAYER_COUNT, index, None, None, _result_at(result, index),
                                {"expected": profile.players, "actual": len(result.counts)}))
        return DealResult(index, DealStatus.NOT_CHECKED, cards_left=result.counts or None)
    if deal.hands:
        problems, opener = _given_hands(profile, deal, index)
        if problems:
            errors.extend(problems)
            return DealResult(index, DealStatus.NOT_CHECKED, cards_left=result.counts or None)
        if leader is None:
            leader = opener
    problems = _result_problems(profile, deal, result, index)
    counts = result.counts
    if problems:
        errors.extend(problems)
        return DealResult(index, DealStatus.INVALID, leader, cards_left=counts)
    winner = counts.index(0)
    outcome = DealResult(index, DealStatus.SCORED, leader, winner, 0, counts)
    # Reading 13: the sweep compares each loser's count with its dealt hand, or hand_size.
    dealt = [len(h) for h in deal.hands] if deal.hands else [profile.hand_size] * len(counts)
    if result.left is None:
        scored = score_counts(profile, counts, winner, result.liable, dealt=dealt)
    elif profile.multiset:
        scored = score_held(profile, result.left, winner, result.liable, dealt=dealt)
    else:
        scored = score_deal(profile, [cards.mask_of(left) for left in result.left], winner,
                            result.liable, dealt=dealt)
    _put_score(outcome, scored)
    _check_declared(deal, outcome, errors)
    return outcome


def _given_hands(profile: Profile, deal: Deal, index: int) -> tuple[list[RuleError], int]:
    """A result-only deal's given hands: their rule errors, and the lowest card's holder.
    With copies or jokers they are checked as the replay checks them (a card up to
    ``decks`` times; jokers never the lowest card)."""
    if profile.multiset:
        problems = _multiset_deal_problems(profile, deal, index)
        if problems or not any(c < cards.DECK_SIZE for h in deal.hands for c in h):
            return problems, 0
        return problems, opener_of_bags(profile, deal.hands)[0]
    masks = hand_masks(deal.hands)
    problems = _deal_problems(profile, deal, index, masks)
    return problems, -1 if problems else opener_of(profile, masks)[0]


def _score_places_result(profile: Profile, deal: Deal, result: Result, index: int,
                         leader: int | None, errors: list[RuleError]) -> DealResult:
    """A result-only deal under placings: the places score it; its cards left are unknown."""
    if deal.hands:
        problems, opener = _given_hands(profile, deal, index)
        if problems:
            errors.extend(problems)
            return DealResult(index, DealStatus.NOT_CHECKED)
        if leader is None:
            leader = opener
    problems = _places_problems(profile, result, index)
    if problems:
        errors.extend(problems)
        # RULES.md v3, reading 9: refused places are no finishing order, so none is reported.
        return DealResult(index, DealStatus.INVALID, leader)
    places = list(result.places or [])
    outcome = DealResult(index, DealStatus.SCORED, leader, places[0], 0, None, places=places)
    _put_score(outcome, score_places(profile, places))
    _check_declared(deal, outcome, errors)
    return outcome


def _check_declared(deal: Deal, result: DealResult, errors: list[RuleError]) -> None:
    declared = deal.declared
    if declared is None:
        return
    at = join("/deals", result.index, "declared")
    index = result.index
    winner = declared.get("winner")
    if winner is not None and winner != result.winner:
        errors.append(RuleError(RuleCode.DECLARED_MISMATCH, index, None, winner, join(at, "winner"),
                                {"field": "winner", "declared": winner, "actual": result.winner}))
    scores = declared.get("scores")
    if scores is None:
        return
    if result.scores is None or len(scores) != len(result.scores):
        errors.append(RuleError(RuleCode.DECLARED_MISMATCH, index, None, None, join(at, "scores"),
                                {"field": "scores", "declared": scores, "actual": result.scores}))
        return
    for seat, (said, actual) in enumerate(zip(scores, result.scores, strict=True)):
        if said != actual:
            errors.append(RuleError(RuleCode.DECLARED_MISMATCH, index, None, seat, join(at, "scores", seat),
                                    {"field": "score", "declared": said, "actual": actual}))


def proof_error(profile: Profile, deal: Deal, index: int) -> RuleError | None:
    """PROOF_MISMATCH when the deal's proof does not hold (TABLES.md, "Fair deals"): the
    first broken link, seed to commitment, revealed values to code, code to hands."""
    proof = deal.proof
    assert proof is not None
    found = proof_problem(profile, deal.hands, proof.seed, proof.commitment,
                          [value for _, value in proof.entropy], proof.deal_code)
    if found is None:
        return None
    reason, seat = found
    params: dict[str, Any] = {"deal": index, "reason": reason}
    if seat is None:
        at = join("/deals", index, "proof", reason)
    else:
        params["seat"] = seat
        at = join(_hands_at(deal, index), seat) if seat < len(deal.hands) else _hands_at(deal, index)
    return RuleError(RuleCode.PROOF_MISMATCH, index, None, seat, at, params)


def replay_record(record: Record, *, complete: bool = True) -> RecordResult:
    profile = record.profile
    n = profile.players
    errors: list[RuleError] = []
    if record.players is not None and len(record.players) != n:
        errors.append(RuleError(RuleCode.PLAYER_COUNT, None, None, None, "/players",
                                {"expected": n, "actual": len(record.players)}))
    tally = Tally(profile)
    results: list[DealResult] = []
    over = False
    last_deal = 0
    previous_winner: int | None = None
    table: Table | None = None
    for index, deal in enumerate(record.deals):
        if over:
            errors.append(RuleError(RuleCode.MATCH_OVER, index, None, None, join("/deals", index),
                                    {"last_deal": last_deal}))
            results.append(DealResult(index, DealStatus.NOT_CHECKED))
            table = None
            continue
        if deal.proof is not None:
            broken = proof_error(profile, deal, index)
            if broken is not None:
                # Hands that are not the dealt ones make every later check of the deal moot.
                errors.append(broken)
                results.append(DealResult(index, DealStatus.NOT_CHECKED,
                                          cards_left=[len(h) for h in deal.hands]))
                previous_winner, table = None, None
                continue
        free = free_lead(profile, index)
        if deal.result is not None:
            # Who led a result-only deal does not change its score: it is scored even when
            # the deal before it has no winner.
            result, table = score_result(profile, deal, index, previous_winner if free else None,
                                         errors), None
        elif free and previous_winner is None:
            results.append(DealResult(index, DealStatus.NOT_CHECKED, cards_left=[len(h) for h in deal.hands]))
            table = None
            continue
        else:
            result, table = replay_deal(profile, deal, index, previous_winner, complete=complete,
                                        errors=errors)
        results.append(result)
        previous_winner = result.winner
        if result.scores is not None:
            tally.add(result.scores, result.team_scores, deals_played=index + 1)
            over = tally.over
            last_deal = index
    winners = tally.winners() if over else []
    return RecordResult(profile, errors, results, tally.totals, over, winners, table,
                        tally.team_totals)
