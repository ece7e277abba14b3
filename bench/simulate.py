"""The simulator's cost per deal, a one-deck table against the v4 tables the limits allow.

Each row simulates deals of random play (``bigtwo.rules.simulate``) and prints the CPU seconds
per deal and per move, the moves per deal, and the candidates the random players chose among
(the plays listed to the seat to move: ``Table.legal_plays`` one deck, the legal plays of at
most ``simulate.LOOKED_AT`` of its cards with copies or jokers; counted in a second run of the
same deals), per move on average and at most. Rows:

- 4 players, one deck (``hk-standard``): the yardstick;
- 8 players, two decks with a joker each (13 cards a seat);
- 8 players, four decks with two jokers each (27 cards a seat);
- 2 players, four decks with two jokers each: 108 cards a seat, the largest hand the limits
  allow, with timeouts.

    .venv/bin/python bench/simulate.py [--deals 20]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bigtwo.rules import simulate  # noqa: E402
from bigtwo.rules.profiles import DEFAULT_RESOLVER, Profile  # noqa: E402

ROWS: tuple[tuple[str, dict[str, Any], int], ...] = (
    ("4p, one deck", {"extends": "hk-standard"}, 1),
    ("8p, 2 decks + 2 jokers, 13 each", {"extends": "hk-standard", "players": 8, "decks": 2,
                                        "jokers": 1, "hand_size": 13}, 1),
    ("8p, 4 decks + 8 jokers, 27 each", {"extends": "hk-standard", "players": 8, "decks": 4,
                                        "jokers": 2, "hand_size": 27}, 1),
    ("2p, 4 decks + 8 jokers, 108 each", {"extends": "hk-standard", "players": 2, "decks": 4,
                                         "jokers": 2, "hand_size": 108, "timeouts": "pass"}, 4),
)


def counted_run(profile: Profile, declaration: dict[str, Any], deals: int) -> list[int]:
    """The same deals again (same seed), counting the plays the random players chose among
    at each move (``simulate.random_move``'s and ``simulate._some_moves``'s listings)."""
    listed: list[int] = []
    plain, some = simulate.random_move, simulate._some_moves

    def counting_move(table: Any, rng: random.Random, pass_rate: float = 0.35) -> Any:
        listed.append(len(table.legal_plays()))
        return plain(table, rng, pass_rate)

    def counting_some(table: Any, rng: random.Random) -> Any:
        found = some(table, rng)
        listed.append(len(found))
        return found

    simulate.random_move, simulate._some_moves = counting_move, counting_some
    try:
        rng = random.Random(2026)
        for _ in range(deals):
            simulate.simulate_record(profile, 1, rng, profile_ref=declaration)
    finally:
        simulate.random_move, simulate._some_moves = plain, some
    return listed


def row(label: str, declaration: dict[str, Any], deals: int) -> None:
    profile, problems = DEFAULT_RESOLVER.resolve(declaration)
    assert profile is not None, problems
    rng = random.Random(2026)
    spent, moves = 0.0, 0
    for _ in range(deals):
        start = time.process_time()
        doc = simulate.simulate_record(profile, 1, rng, profile_ref=declaration)
        spent += time.process_time() - start
        moves += len(doc["deals"][0]["moves"])
    listed = counted_run(profile, declaration, deals)
    print(f"{label:36} {spent / deals:9.4f} s/deal {moves / deals:7.1f} moves "
          f"{spent / moves * 1000:8.3f} ms/move  candidates/move {sum(listed) / len(listed):8.1f} "
          f"mean {max(listed):6d} max", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="deals per row (the last row: a fifth)")
    args = parser.parse_args()
    for label, declaration, divisor in ROWS:
        row(label, declaration, max(1, args.deals // (5 if divisor > 1 else 1)))


if __name__ == "__main__":
    main()
