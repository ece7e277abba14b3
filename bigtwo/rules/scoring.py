"""Scoring: what each seat pays for one finished deal, how a deal settles, and the match.

Three layers, each usable on its own so that a replayed deal and a deal known only by its
result (a score sheet) are scored by exactly the same code:

- ``penalty`` / ``penalty_held`` / ``count_penalty``: one loser's penalty (from a one-deck
  mask, a multiset hand, or a count), in RULES.md's order: the base (cards, or the cards'
  ``card_values``, x the tier multiplier for the count), then x ``two_held_factor`` (once, or
  once per listed card held under ``two_held_mode: per_two``), then x ``held_hand_factor``
  for a held four of a kind or straight flush, then x ``sweep_factor`` when no loser played
  a card, then + the card penalties;
- ``move_to_liable``: under ``last_card_guard: liable`` (a loser) or ``last_card_call:
  liable`` (the winner), the liable seat pays every loser's penalty (between the penalties and the settlement); ``score_places``: under ``finish:
  placings`` the place points replace penalties and settlement;
- ``settle(profile, penalties, winner)``: the deal's scores per seat (and per team) under the
  profile's settlement, teams included;
- ``Tally``: running totals (per seat and per team), the match limits and the match winners.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bigtwo.rules import cards, choices
from bigtwo.rules.cards import rank_of
from bigtwo.rules.profiles import Profile


def tier_for(profile: Profile, left: int) -> int:
    multiplier = 0
    for tier in profile.tiers:
        if tier.start <= left:
            multiplier = tier.multiplier
    return multiplier


def penalty(profile: Profile, hand_mask: int, sweep: bool = False) -> tuple[int, dict[str, int]]:
    """What a loser holding ``hand_mask`` pays, with the parts that made it up; ``sweep``:
    the deal is a sweep (``swept``). The parts of the later steps are named only where the
    profile uses them, so older reports stay as they were."""
    held_twos = hand_mask & profile.two_held_mask
    values = profile.card_values
    worth = None if values is None else sum(values[rank_of(c)] for c in cards.cards_of(hand_mask))
    rule_of_hands = profile.held_hand_factor
    holds = rule_of_hands is not None and holds_hand(profile, hand_mask, rule_of_hands.hands)
    return _penalty(profile, hand_mask.bit_count(), worth, hand_mask, held_twos.bit_count(),
                    holds, sweep)


def penalty_held(profile: Profile, held: Sequence[int], sweep: bool = False) -> tuple[int, dict[str, int]]:
    """``penalty`` for a multiset hand: ``held`` lists the cards left, a copy as often as it is
    held, a joker as ``cards.JOKER``. A joker is one card, worth the ``JK`` value under
    ``card_values`` (``rank_of`` puts it at index 13); a listed card is held when one copy is,
    and only ``per_two`` counts copies (RULES.md v4, readings 9 and 16)."""
    distinct = cards.mask_of(held)
    two_mask = profile.two_held_mask
    twos = sum(1 for c in held if two_mask >> c & 1)
    values = profile.card_values
    worth = None if values is None else sum(values[rank_of(c)] for c in held)
    rule_of_hands = profile.held_hand_factor
    holds = rule_of_hands is not None and holds_held_hand(profile, held, distinct,
                                                          rule_of_hands.hands)
    return _penalty(profile, len(held), worth, distinct, twos, holds, sweep)


def _penalty(profile: Profile, left: int, worth: int | None, distinct: int, twos: int,
             holds: bool, sweep: bool) -> tuple[int, dict[str, int]]:
    """RULES.md's order: base -> x two_held -> x held_hand -> x sweep -> + card_penalties.
    ``distinct``: the mask of the kinds of card held (the joker at bit 52); ``twos``: the
    cards of ``two_held_cards`` held, copies counted."""
    multiplier = tier_for(profile, left)
    parts: dict[str, int] = {"cards": left, "multiplier": multiplier}
    if worth is None:
        base = left * multiplier
    else:
        parts["values"] = worth
        base = worth * multiplier
    if not twos:
        factor = 1
    elif profile.two_held_mode is choices.TwoHeldMode.PER_TWO:
        factor = profile.two_held_factor ** twos
    else:
        factor = profile.two_held_factor
    extra = 0
    for rule in profile.card_penalties:
        held = distinct & rule.mask
        if (held == rule.mask) if rule.all else held:
            extra += rule.points
    parts.update(base=base, two_factor=factor)
    value = base * factor
    rule_of_hands = profile.held_hand_factor
    if rule_of_hands is not None:
        hand_factor = rule_of_hands.factor if holds else 1
        parts["hand_factor"] = hand_factor
        value *= hand_factor
    if profile.sweep_factor > 1:
        sweep_factor = profile.sweep_factor if sweep else 1
        parts["sweep_factor"] = sweep_factor
        value *= sweep_factor
    parts["card_penalties"] = extra
    return value + extra, parts


_RANK_MASKS = tuple(0xF << (4 * rank) for rank in range(13))


def holds_hand(profile: Profile, hand_mask: int, kinds: Sequence[str]) -> bool:
    """Whether the cards ``hand_mask`` hold one of ``kinds``: four of one rank (no kicker is
    needed among cards left), or a straight flush of a run in ``straight_flushes``."""
    if "four_of_a_kind" in kinds and any(hand_mask & m == m for m in _RANK_MASKS):
        return True
    if "straight_flush" in kinds:
        for run in profile.straight_flushes:
            ranks = [cards.RANKS.index(r) for r in run]
            for suit in range(4):
                run_mask = cards.mask_of([rank * 4 + suit for rank in ranks])
                if hand_mask & run_mask == run_mask:
                    return True
    return False


def holds_held_hand(profile: Profile, held: Sequence[int], distinct: int,
                    kinds: Sequence[str]) -> bool:
    """``holds_hand`` for a multiset hand: four or more copies of one rank hold a four of a
    kind (reading 17); a straight flush needs one copy of each of its cards. Jokers make no
    hand (reading 9)."""
    if "four_of_a_kind" in kinds:
        per_rank = [0] * len(cards.RANKS)
        for c in held:
            if c < cards.DECK_SIZE:
                per_rank[rank_of(c)] += 1
        if max(per_rank) >= 4:
            return True
    return "straight_flush" in kinds and holds_hand(profile, distinct & cards.FULL_DECK_MASK,
                                                    ("straight_flush",))


def count_penalty(profile: Profile, left: int, sweep: bool = False) -> tuple[int, dict[str, int]]:
    """A loser's penalty known only by how many cards they held. Exact when the profile's
    scoring does not look at which cards are held (``cards_matter`` is False)."""
    multiplier = tier_for(profile, left)
    value = left * multiplier
    parts = {"cards": left, "multiplier": multiplier, "base": value, "two_factor": 1}
    if profile.sweep_factor > 1:
        sweep_factor = profile.sweep_factor if sweep else 1
        parts["sweep_factor"] = sweep_factor
        value *= sweep_factor
    parts["card_penalties"] = 0
    return value, parts


def cards_matter(profile: Profile) -> bool:
    """Whether a penalty depends on which cards are held, not only on how many."""
    return bool(_card_fields(profile))


def _card_fields(profile: Profile) -> list[str]:
    """The scoring fields that make a penalty depend on which cards are held, each as a
    referee reads it: the one list ``cards_matter`` and ``card_dependence`` share."""
    found = []
    if profile.two_held_factor > 1:
        found.append(f"scoring.two_held_factor is {profile.two_held_factor}")
    if profile.card_penalties:
        found.append("scoring.card_penalties is set")
    if profile.card_values is not None:
        found.append("scoring.card_values is set")
    if profile.held_hand_factor is not None:
        found.append("scoring.held_hand_factor is set")
    return found


def _losers_pay(
    left: Sequence[int], winner: int, pay: Callable[[int], tuple[int, dict[str, int]]]
) -> tuple[list[int], list[dict[str, int] | None]]:
    penalties: list[int] = []
    parts: list[dict[str, int] | None] = []
    for seat, held in enumerate(left):
        if seat == winner:
            penalties.append(0)
            parts.append(None)
        else:
            paid, detail = pay(held)
            penalties.append(paid)
            parts.append(detail)
    return penalties, parts


class Settlement:
    # Plain and slotted, not a dataclass: bigtwo.rules.frozen says why.
    __slots__ = ("scores", "team_scores")

    scores: list[int]  # per seat; with teams both partners carry their team's score
    team_scores: list[int] | None  # per team in ``teams`` order; None without teams

    def __init__(self, scores: list[int], team_scores: list[int] | None) -> None:
        self.scores = scores
        self.team_scores = team_scores


def settle(profile: Profile, penalties: Sequence[int], winner: int) -> Settlement:
    """One deal's scores from the seats' penalties (RULES.md "Scoring" and "Teams")."""
    how = profile.settlement
    if profile.teams is None or profile.team_of is None:
        if how is choices.Settlement.PENALTY_ONLY:
            return Settlement([-p for p in penalties], None)
        if how is choices.Settlement.PAIRWISE:
            # Each pair settles P_j - P_i: seat i's sum over the others is total - n * P_i.
            total, n = sum(penalties), len(penalties)
            return Settlement([total - n * p for p in penalties], None)
        total = sum(penalties)
        scores = [0] * len(penalties) if how is choices.Settlement.WINNER_ONLY else [-p for p in penalties]
        scores[winner] = total
        return Settlement(scores, None)
    team_of = profile.team_of
    winning = team_of[winner]
    partner = next(s for s in profile.teams[winning] if s != winner)
    p_partner = penalties[partner]
    p_opp = sum(penalties[s] for s in range(len(penalties)) if team_of[s] != winning)
    value = p_opp - p_partner  # seed 004: the partner's cards still count for the opponents
    team_scores = [0] * len(profile.teams)
    for team in range(len(profile.teams)):
        if how is choices.Settlement.WINNER_TAKES_ALL:
            team_scores[team] = value if team == winning else -value
        elif how is choices.Settlement.WINNER_ONLY:
            team_scores[team] = value if team == winning else 0
        else:
            team_scores[team] = -p_partner if team == winning else -p_opp
    return Settlement([team_scores[team_of[s]] for s in range(len(penalties))], team_scores)


class DealScore:
    # Plain and slotted, not a dataclass: bigtwo.rules.frozen says why.
    __slots__ = ("penalties", "scores", "team_scores", "parts")

    penalties: list[int] | None  # None under finish: placings (places score, not penalties)
    scores: list[int]
    team_scores: list[int] | None
    parts: list[dict[str, int] | None] | None

    def __init__(self, penalties: list[int] | None, scores: list[int],
                 team_scores: list[int] | None, parts: list[dict[str, int] | None] | None,
                 ) -> None:
        self.penalties = penalties
        self.scores = scores
        self.team_scores = team_scores
        self.parts = parts


def liable_breach(breaches: Sequence[tuple[int, int, int]],
                  winner: int | None) -> tuple[int, int, int] | None:
    """Under ``last_card_guard: liable``: the breach that makes a seat liable, the last one
    against the seat that went on to win (breaches are (move, seat, protected seat), in move
    order); breaches against other seats move nothing (RULES.md v3, reading 8)."""
    return next((b for b in reversed(breaches) if b[2] == winner), None)


def liable_seat(breaches: Sequence[tuple[int, int, int]], winner: int) -> int | None:
    """The seat ``liable_breach`` makes liable, or None."""
    breach = liable_breach(breaches, winner)
    return None if breach is None else breach[1]


def move_to_liable(penalties: list[int], parts: list[dict[str, int] | None],
                   liable: int) -> list[int]:
    """The liable seat pays every loser's penalty, its own included, the other losers 0: a
    loser under ``last_card_guard: liable``, or the winner (``own: 0``) under
    ``last_card_call: liable`` (RULES.md v4, reading 12).
    Each loser's parts say where its penalty went (``paid_by``) and the liable seat's say what
    it took on (``own`` penalty, ``takes_all`` total)."""
    total = sum(penalties)
    moved = [0] * len(penalties)
    moved[liable] = total
    for seat, detail in enumerate(parts):
        if detail is None:
            continue
        if seat == liable:
            detail.update(own=penalties[seat], takes_all=total)
        else:
            detail["paid_by"] = liable
    return moved


def score_places(profile: Profile, places: Sequence[int]) -> DealScore:
    """Under ``finish: placings``: each seat scores the points of its place (first out first);
    penalties, tiers and settlement do not apply."""
    points = profile.place_points
    assert points is not None  # a profile check: placings need place_points
    scores = [0] * len(places)
    for place, seat in enumerate(places):
        scores[seat] = points[place]
    return DealScore(None, scores, None, None)


def _scored(profile: Profile, penalties: list[int], parts: list[dict[str, int] | None],
            winner: int, liable: int | None) -> DealScore:
    if liable is not None:
        if parts[liable] is None:
            # The winner liable under last_card_call: the parts of a seat holding nothing, so
            # that every reader finds the same keys in each seat's scoring.
            parts[liable] = count_penalty(profile, 0)[1]
        penalties = move_to_liable(penalties, parts, liable)
    settled = settle(profile, penalties, winner)
    return DealScore(penalties, settled.scores, settled.team_scores, parts)


def swept(profile: Profile, counts: Sequence[int], dealt: Sequence[int] | None,
          winner: int) -> bool:
    """Whether the deal is a sweep that ``sweep_factor`` multiplies: every loser still holds
    as many cards as it was dealt (RULES.md v4, reading 13). Never without ``dealt`` (an
    unfinished deal's ``penalties_now``) or at the default factor."""
    if profile.sweep_factor == 1 or dealt is None:
        return False
    return all(held == dealt[seat] for seat, held in enumerate(counts) if seat != winner)


def score_deal(profile: Profile, hands: Sequence[int], winner: int,
               liable: int | None = None, *, dealt: Sequence[int] | None = None) -> DealScore:
    """Penalties from the hands left (bitmasks), moved to the ``liable`` seat if there is
    one, then the settlement. ``dealt``: each seat's dealt count, for the sweep."""
    # The counts are made only where a sweep can apply: most profiles never sweep.
    sweep = (dealt is not None and profile.sweep_factor != 1
             and swept(profile, [m.bit_count() for m in hands], dealt, winner))
    penalties, parts = _losers_pay(hands, winner, lambda mask: penalty(profile, mask, sweep))
    return _scored(profile, penalties, parts, winner, liable)


def score_held(profile: Profile, held: Sequence[Sequence[int]], winner: int,
               liable: int | None = None, *, dealt: Sequence[int] | None) -> DealScore:
    """``score_deal`` for multiset hands: each seat's cards left as a list of ids (copies
    repeated, ``cards.JOKER`` for a joker)."""
    sweep = swept(profile, [len(h) for h in held], dealt, winner)
    penalties, parts = _losers_pay(range(len(held)), winner,
                                   lambda seat: penalty_held(profile, held[seat], sweep))
    return _scored(profile, penalties, parts, winner, liable)


def score_counts(profile: Profile, counts: Sequence[int], winner: int,
                 liable: int | None = None, *, dealt: Sequence[int] | None = None) -> DealScore:
    """Penalties from the number of cards left alone (a score sheet of counts), then the same
    liability and settlement. Only for profiles where ``cards_matter`` is False, where it is
    exact."""
    sweep = swept(profile, counts, dealt, winner)
    penalties, parts = _losers_pay(counts, winner, lambda left: count_penalty(profile, left, sweep))
    return _scored(profile, penalties, parts, winner, liable)


def penalties_held_now(profile: Profile, held: Sequence[Sequence[int]]) -> list[int]:
    """``replay.penalties_now`` for multiset hands: what each seat would pay if the deal
    ended now, every seat a loser; no sweep and no liability, since an unfinished deal has no
    winner (RULES.md v4, readings 13 and 22)."""
    return [penalty_held(profile, h)[0] for h in held]


def card_dependence(profile: Profile) -> str:
    """The profile fields that make scoring depend on the cards, as a referee reads them."""
    return " and ".join(_card_fields(profile))


class Tally:
    """A match's running totals and limits (RULES.md "Match"). Add each scored deal in order;
    ``over`` says whether the match limit has been reached after the deals added so far."""

    __slots__ = ("profile", "totals", "team_totals", "deals")

    profile: Profile
    totals: list[int]
    team_totals: list[int] | None
    deals: int

    # The totals start at zero whatever is passed, as they did from the dataclass's
    # __post_init__ (plain and slotted: bigtwo.rules.frozen says why).
    def __init__(self, profile: Profile, totals: list[int] | None = None,
                 team_totals: list[int] | None = None, deals: int = 0) -> None:
        self.profile = profile
        self.totals = [0] * profile.players
        self.team_totals = team_totals if profile.teams is None else [0] * len(profile.teams)
        self.deals = deals

    def add(self, scores: Sequence[int], team_scores: Sequence[int] | None = None, *,
            deals_played: int | None = None) -> None:
        """Add a scored deal. ``deals_played`` counts the record's deals up to this one when
        some before it were not scored (an invalid deal is still a deal of the match)."""
        self.deals = self.deals + 1 if deals_played is None else deals_played
        for seat, score in enumerate(scores):
            self.totals[seat] += score
        if self.team_totals is not None and team_scores is not None:
            for team, score in enumerate(team_scores):
                self.team_totals[team] += score

    @property
    def ranked_totals(self) -> list[int]:
        """The totals the match limits and winners look at: per team with teams, else per seat."""
        return self.team_totals if self.team_totals is not None else self.totals

    @property
    def over(self) -> bool:
        profile, totals = self.profile, self.ranked_totals
        if self.deals == 0:
            return False
        if profile.max_deals is not None and self.deals >= profile.max_deals:
            return True
        if profile.loss_limit is not None and min(totals) <= -profile.loss_limit:
            return True
        if profile.target is None:
            return False
        if profile.settlement is choices.Settlement.PENALTY_ONLY and profile.finish is not choices.Finish.PLACINGS:
            # Totals are minus the accumulated penalties: the limit is a penalty reaching it.
            return max(-t for t in totals) >= profile.target
        return max(totals) >= profile.target

    def winners(self) -> list[int]:
        """Seats with the best total (both partners of the best team); ties share."""
        totals = self.ranked_totals
        best = max(totals)
        if self.profile.teams is not None and self.team_totals is not None:
            return sorted(s for t, team in enumerate(self.profile.teams) if totals[t] == best
                          for s in team)
        return [s for s in range(len(totals)) if totals[s] == best]
