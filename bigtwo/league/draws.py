"""Seating draws for a club night: who sits with whom, round by round.

A draw seats every present player once per round at tables of the profile's size, the
remainder sitting out. Two goals, in order: sit-outs rotate (nobody sits out twice before
everyone present has sat out once, counting the night's earlier sit-outs), and as few repeated
meetings as the numbers allow, counting the tables already played (earlier rounds, earlier
nights).

How: when nobody has met yet and the players fill a square (table size k, k*k players, k a
prime power), the lines of the affine plane over GF(k) give k+1 rounds in which no two
players meet twice (16 players in 5 rounds of 4). Otherwise each round starts greedy (each
player to the table where they know fewest), and a tabu search then swaps players between
tables of a round, guided by the most conflicted player. The search is bounded by steps
(DRAW_SEARCH_ITERATIONS, or DRAW_SEARCH_STALL steps without a better draw), never by the clock, so one seed always gives one draw. Nothing here
reads or writes anything: callers give names and get tables.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bigtwo.limits import (
    DRAW_SEARCH_ITERATIONS,
    DRAW_SEARCH_STALL,
    MAX_DRAW_PLAYERS,
    MAX_DRAW_PREVIOUS_NAMES,
    MAX_DRAW_PREVIOUS_TABLES,
    MAX_DRAW_ROUNDS,
)
from bigtwo.records.names import canonical_name

# Tables of the affine plane need a field of order k; these are the orders a table can have.
# Addition and multiplication for GF(4) = {0, 1, x, x+1} with x^2 = x + 1; primes use mod.
_GF4_MUL = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))


class DrawError(ValueError):
    """A draw that cannot be made: the code and params say why, for the caller's language."""

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class Round:
    tables: tuple[tuple[str, ...], ...]
    sitting_out: tuple[str, ...]


@dataclass(frozen=True)
class Pair:
    """Two players who meet again: the rounds (from 1) they share a table in, how often they
    had met at the previous tables, and how many of these meetings repeat an earlier one."""

    players: tuple[str, str]
    rounds: tuple[int, ...]
    before: int
    repeats: int

    def as_json(self) -> dict[str, object]:
        return {"players": list(self.players), "repeats": self.repeats,
                "rounds": list(self.rounds), "before": self.before}


@dataclass(frozen=True)
class Meetings:
    """What ``meetings`` found: repeats per round, the pairs that meet again (most repeats
    first), and how many pairs of names it looked at to find them (its cost)."""

    per_round: tuple[int, ...]
    pairs: tuple[Pair, ...]
    examined: int

    @property
    def repeats(self) -> int:
        return sum(self.per_round)


@dataclass(frozen=True)
class Draw:
    rounds: tuple[Round, ...]
    repeats: int  # meetings in these rounds of two players who had already met
    pairs: tuple[Pair, ...] = ()  # who those meetings are between
    per_round: tuple[int, ...] = ()  # the repeats of each round

    def as_json(self) -> dict[str, object]:
        return {
            "rounds": [{"tables": [list(t) for t in r.tables], "sitting_out": list(r.sitting_out),
                        "repeats": n}
                       for r, n in zip(self.rounds, self.per_round or (0,) * len(self.rounds),
                                       strict=True)],
            "repeats": self.repeats,
            "pairs": [p.as_json() for p in self.pairs],
        }


Known = dict[tuple[str, str], int]


def known_pairs(tables: Iterable[Iterable[str]], present: Iterable[str]) -> tuple[Known, int]:
    """How often each two of ``present`` (canonical names) sat at one of ``tables``, and how
    many pairs that looked at. Names not present are dropped before any pair is made, so the
    cost follows the tables' seats and the present players' pairs, never the pairs of people
    who are not here."""
    here = frozenset(present)
    known: Known = {}
    examined = 0
    for table in tables:
        names = sorted({c for c in (canonical_name(n) for n in table) if c in here})
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                known[(a, b)] = known.get((a, b), 0) + 1
        examined += len(names) * (len(names) - 1) // 2
    return known, examined


def meetings(rounds: Iterable[Iterable[Iterable[str]]], previous: Iterable[Iterable[str]] = (),
             known: Known | None = None) -> Meetings:
    """Meetings at the tables of ``rounds`` of two players who had met before (at a table of
    ``previous``, counted in ``known``, or at an earlier table of ``rounds``), per round and
    per pair, in one pass."""
    drawn = [[sorted(canonical_name(n) for n in table) for table in tables] for tables in rounds]
    present = {n for tables in drawn for table in tables for n in table}
    before, examined = known_pairs(previous, present)
    for pair, times in (known or {}).items():
        before[pair] = before.get(pair, 0) + times
    seen: dict[tuple[str, str], list[int]] = {}
    per_round = []
    for r, tables in enumerate(drawn, start=1):
        repeats = 0
        for names in tables:
            for i, a in enumerate(names):
                for b in names[i + 1:]:
                    at = seen.setdefault((a, b), [])
                    repeats += bool(at) or (a, b) in before
                    at.append(r)
            examined += len(names) * (len(names) - 1) // 2
        per_round.append(repeats)
    pairs = []
    for pair, at in seen.items():
        times = before.get(pair, 0)
        again = len(at) if times else len(at) - 1
        if again:
            pairs.append(Pair(pair, tuple(at), times, again))
    pairs.sort(key=lambda p: (-p.repeats, p.players[0].casefold(), p.players[1].casefold(),
                              p.players))
    return Meetings(tuple(per_round), tuple(pairs), examined)


def repeat_count(rounds: Iterable[Iterable[Iterable[str]]],
                 previous: Iterable[Iterable[str]] = ()) -> int:
    """Meetings at the tables of `rounds` of two players who had met before (in `previous`
    or an earlier table of `rounds`): 0 when nobody meets anybody twice."""
    return meetings(rounds, previous).repeats


def draw(players: Sequence[str], table_size: int, rounds: int, seed: int,
         previous: Sequence[Sequence[str]] = (), sat_out: Sequence[str] = (),
         known: Known | None = None) -> Draw:
    """Tables for `rounds` rounds of `players` (names; duplicates after normalising count
    once). `previous` are tables already played, `sat_out` the names of earlier sit-outs (one
    entry per sit-out), so a night continues from its earlier rounds and a season from its
    earlier nights. `known` counts meetings already had per pair (canonical names, in sorted
    order), for a caller that has counted its tables itself (a season's nights)."""
    names = _present(players)
    _check(names, table_size, rounds, previous)
    rng = random.Random(seed)
    order = list(names)
    rng.shuffle(order)
    index = {name: i for i, name in enumerate(order)}
    n = len(order)
    met = [[0] * n for _ in range(n)]
    had, _ = known_pairs(previous, index)
    for (a, b), times in (known or {}).items():
        if a in index and b in index:
            had[(a, b)] = had.get((a, b), 0) + times
    for (a, b), times in had.items():
        met[index[a]][index[b]] += times
        met[index[b]][index[a]] += times
    byes = _bye_schedule(order, index, table_size, rounds, sat_out, rng)
    seated_rounds = [[i for i in range(n) if i not in set(out)] for out in byes]
    plan = _Plan(met, table_size)
    tables = (_affine(seated_rounds, table_size, rng)
              if not any(any(row) for row in met) else None)
    if tables is None:
        tables = [plan.greedy(seated, rng) for seated in seated_rounds]
    else:
        for r in tables:
            plan.add_round(r)
    if plan.cost() > 0 and tables:
        tables = plan.search(tables, rng, DRAW_SEARCH_ITERATIONS)
    result = tuple(
        Round(tuple(tuple(sorted((order[p] for p in t), key=str.casefold)) for t in rnd),
              tuple(sorted((order[p] for p in out), key=str.casefold)))
        for rnd, out in zip(tables, byes, strict=True))
    found = meetings((r.tables for r in result), known=had)
    return Draw(result, found.repeats, found.pairs, found.per_round)


def _present(players: Sequence[str]) -> list[str]:
    seen: dict[str, None] = {}
    for player in players:
        name = canonical_name(player)
        if name:
            seen.setdefault(name, None)
    return list(seen)


def _check(names: Sequence[str], table_size: int, rounds: int,
           previous: Sequence[Sequence[str]]) -> None:
    if len(names) > MAX_DRAW_PLAYERS:
        raise DrawError("draw-too-many-players", f"at most {MAX_DRAW_PLAYERS} players",
                        limit=MAX_DRAW_PLAYERS)
    if len(names) < table_size:
        raise DrawError("draw-too-few-players",
                        f"{len(names)} players cannot fill a table of {table_size}",
                        players=len(names), seats=table_size)
    if not 1 <= rounds <= MAX_DRAW_ROUNDS:
        raise DrawError("draw-rounds", f"rounds must be 1 to {MAX_DRAW_ROUNDS}",
                        limit=MAX_DRAW_ROUNDS)
    if len(previous) > MAX_DRAW_PREVIOUS_TABLES:
        raise DrawError("draw-too-many-previous", f"at most {MAX_DRAW_PREVIOUS_TABLES} "
                        "previous tables", limit=MAX_DRAW_PREVIOUS_TABLES)
    if sum(len(t) for t in previous) > MAX_DRAW_PREVIOUS_NAMES:
        raise DrawError("draw-too-many-previous-names", f"at most {MAX_DRAW_PREVIOUS_NAMES} "
                        "names across the previous tables", limit=MAX_DRAW_PREVIOUS_NAMES)


def _bye_schedule(order: list[str], index: dict[str, int], table_size: int, rounds: int,
                  sat_out: Sequence[str], rng: random.Random) -> list[list[int]]:
    """Who sits out in each round: always among those who sat out least so far, the seeded
    order breaking ties, so nobody sits out twice before everyone has sat out once."""
    n = len(order)
    per_round = n % table_size
    counts = [0] * n
    for name in sat_out:
        i = index.get(canonical_name(name))
        if i is not None:
            counts[i] += 1
    tiebreak = list(range(n))
    rng.shuffle(tiebreak)
    schedule: list[list[int]] = []
    for _ in range(rounds):
        chosen = sorted(range(n), key=lambda p: (counts[p], tiebreak[p]))[:per_round]
        for p in chosen:
            counts[p] += 1
        schedule.append(sorted(chosen))
    return schedule


def _field(order: int) -> tuple[list[list[int]], list[list[int]]] | None:
    if order in (2, 3, 5, 7):
        add = [[(a + b) % order for b in range(order)] for a in range(order)]
        mul = [[(a * b) % order for b in range(order)] for a in range(order)]
        return add, mul
    if order == 4:
        return [[a ^ b for b in range(4)] for a in range(4)], [list(r) for r in _GF4_MUL]
    return None


def _affine(seated_rounds: list[list[int]], k: int,
            rng: random.Random) -> list[list[list[int]]] | None:
    """The parallel classes of the affine plane AG(2, k) when k*k players sit every round
    and at most k+1 rounds are drawn: no two players ever meet twice."""
    if not seated_rounds or len(seated_rounds) > k + 1:
        return None
    players = seated_rounds[0]
    if len(players) != k * k or any(r != players for r in seated_rounds):
        return None
    field = _field(k)
    if field is None:
        return None
    add, mul = field
    point = {(x, y): players[x * k + y] for x in range(k) for y in range(k)}
    classes: list[list[list[int]]] = [[[point[(c, y)] for y in range(k)] for c in range(k)]]
    for m in range(k):  # lines y = m*x + c
        classes.append([[point[(x, add[mul[m][x]][c])] for x in range(k)] for c in range(k)])
    rng.shuffle(classes)
    return classes[:len(seated_rounds)]


class _Plan:
    """Meeting counts over the previous tables and the rounds being drawn."""

    def __init__(self, previous: list[list[int]], table_size: int) -> None:
        self.met = [list(row) for row in previous]
        self.previous = previous
        self.size = table_size

    def _seat(self, table: list[int], p: int, sign: int) -> None:
        for q in table:
            self.met[p][q] += sign
            self.met[q][p] += sign

    def add_round(self, tables: list[list[int]]) -> None:
        for table in tables:
            for i, p in enumerate(table):
                self._seat(table[i + 1:], p, 1)

    def greedy(self, seated: list[int], rng: random.Random) -> list[list[int]]:
        order = list(seated)
        rng.shuffle(order)
        tables: list[list[int]] = [[] for _ in range(len(seated) // self.size)]
        for p in order:
            open_tables = [t for t in tables if len(t) < self.size]
            best = min(open_tables, key=lambda t: (sum(self.met[p][q] for q in t), len(t)))
            self._seat(best, p, 1)
            best.append(p)
        return tables

    def cost(self) -> int:
        """Meetings beyond the first of every pair, the previous tables' own excepted."""
        n = len(self.met)
        return sum(max(0, self.met[a][b] - 1) - max(0, self.previous[a][b] - 1)
                   for a in range(n) for b in range(a + 1, n))

    def _conflict(self, p: int, table: list[int], without: int = -1) -> int:
        # How many meetings p would repeat at `table` (leaving out `without`).
        return sum(1 for q in table if q != p and q != without and self.met[p][q] > 1)

    def search(self, rounds: list[list[list[int]]], rng: random.Random,
               budget: int) -> list[list[list[int]]]:
        """Tabu search over swaps within a round: at each step the player with the most
        repeated meetings in a random conflicted round trades seats with whoever lowers the
        count most (or raises it least), and is then left alone for a few steps."""
        best = [[list(t) for t in r] for r in rounds]
        best_cost = current = self.cost()
        tabu: dict[tuple[int, int], int] = {}
        improved = 0
        for step in range(budget):
            if current == 0:
                break
            if step - improved > DRAW_SEARCH_STALL:
                break
            r = rng.randrange(len(rounds))
            tables = rounds[r]
            worst = max(((self._conflict(p, t), rng.random(), ti, p)
                         for ti, t in enumerate(tables) for p in t))
            if worst[0] == 0:
                continue  # nothing to mend in this round
            _, _, ta, a = worst
            move: tuple[int, float, int, int] | None = None
            for tb, other in enumerate(tables):
                if tb == ta:
                    continue
                for b in other:
                    if tabu.get((r, b), -1) >= step:
                        continue
                    delta = self._swap_delta(tables[ta], a, other, b)
                    candidate = (delta, rng.random(), tb, b)
                    if move is None or candidate < move:
                        move = candidate
            if move is None:
                continue
            delta, _, tb, b = move
            self._swap(tables[ta], a, tables[tb], b)
            current += delta
            tabu[(r, a)] = step + 2 + rng.randrange(3)
            tabu[(r, b)] = step + 1
            if current < best_cost:
                best_cost, improved = current, step
                best = [[list(t) for t in rr] for rr in rounds]
        return best

    def _swap_delta(self, ta: list[int], a: int, tb: list[int], b: int) -> int:
        # Repeats change when a leaves ta for tb and b leaves tb for ta.
        delta = 0
        for q in ta:
            if q != a:
                delta -= self.met[a][q] > 1
                delta += self.met[b][q] >= 1
        for q in tb:
            if q != b:
                delta -= self.met[b][q] > 1
                delta += self.met[a][q] >= 1
        return delta

    def _swap(self, ta: list[int], a: int, tb: list[int], b: int) -> None:
        ta.remove(a)
        self._seat(ta, a, -1)
        tb.remove(b)
        self._seat(tb, b, -1)
        self._seat(ta, b, 1)
        ta.append(b)
        self._seat(tb, a, 1)
        tb.append(a)
