"""Replay bigtwo JSON Lines records through Wal8800/card-games' Big Two engine.

The rival in bench/replay.py's comparison. Its engine is NOT part of this project: fetch it
yourself (https://github.com/Wal8800/card-games) and point this script at the checkout with
``--engine DIR`` or ``WAL8800_ENGINE`` (default /tmp/card-games). Nothing of it is copied here;
this script only drives its public game class.

What it does per record, as a referee would: for every deal, build the engine's ``BigTwo``
game from the record's hands, then for every move check that the engine says it is that
seat's turn, turn the cards into the engine's action (a 0/1 vector over the seat's current
hand) and ``step`` it; a move the engine refuses (its ``event_count`` grows, or the play is not
applied) or a seat out of turn makes the record invalid. A deal must end with the engine's
game over. One JSON line per record goes to stdout (``{"line", "valid", "problem"}``), a
summary to stderr. Exit status 0 all valid, 1 some invalid, 2 unreadable input.

The engine plays one set of rules (4 players, 13 cards, suits D < C < H < S, no triples,
flushes compared by suit first, a passed player may play again in the same trick, the 3D
holder leads every deal with the 3D): replay a corpus simulated under bench/common-rules.json,
the profile both engines agree on.

    .venv/bin/python bench/wal8800_replay.py [--engine DIR] corpus.jsonl
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

try:  # the same parser `bigtwo validate` uses, so the comparison is between the engines
    import orjson

    loads: Any = orjson.loads
except ImportError:  # pragma: no cover - depends on the environment
    import json

    loads = json.loads

DEFAULT_ENGINE = "/tmp/card-games"


def load_engine(path: str) -> tuple[Any, Any, Any, dict[str, Any]]:
    """The engine's BigTwo and BigTwoHand classes and a card table, from its checkout."""
    if not os.path.isfile(os.path.join(path, "bigtwo", "bigtwo.py")):
        sys.exit(f"error: no Wal8800/card-games checkout at {path} (bigtwo/bigtwo.py missing); "
                 "set --engine or WAL8800_ENGINE")
    # Its package is also called `bigtwo`: put the checkout first so it wins over ours.
    sys.path.insert(0, path)
    for name in [m for m in sys.modules if m == "bigtwo" or m.startswith("bigtwo.")]:
        del sys.modules[name]
    from bigtwo.bigtwo import BigTwo, BigTwoHand  # type: ignore[import-not-found]
    from playingcards.card import Card, Rank, Suit  # type: ignore[import-not-found]

    ranks = {"A": Rank.ace, "K": Rank.king, "Q": Rank.queen, "J": Rank.jack, "T": Rank.ten,
             "9": Rank.nine, "8": Rank.eight, "7": Rank.seven, "6": Rank.six, "5": Rank.five,
             "4": Rank.four, "3": Rank.three, "2": Rank.two}
    suits = {"S": Suit.spades, "H": Suit.hearts, "C": Suit.clubs, "D": Suit.diamond}
    table = {r + s: (rank, suit) for r, rank in ranks.items() for s, suit in suits.items()}
    return BigTwo, BigTwoHand, Card, table


def replay_deal(deal: dict[str, Any], engine: tuple[Any, Any, Any, dict[str, Any]]) -> str | None:
    """None when the engine accepts every move and the game ends; otherwise why not."""
    big_two, hand_class, card_class, table = engine
    hands = deal.get("hands")
    if not isinstance(hands, list) or len(hands) != 4:
        return "the engine plays 4 hands given card by card"
    game = big_two([hand_class([card_class(table[c][1], table[c][0]) for c in hand]) for hand in hands])
    done = False
    for index, move in enumerate(deal["moves"]):
        if done:  # the engine's own answer from the last step, not another is_done() scan
            return f"move {index}: the game is already over"
        seat = move["seat"]
        if game.current_player != seat:
            return f"move {index}: seat {game.current_player} is to play, not seat {seat}"
        hand = game.player_hands[seat].cards
        action = [0] * 13
        for name in move.get("play") or ():
            try:
                action[hand.index(card_class(table[name][1], table[name][0]))] = 1
            except ValueError:
                return f"move {index}: seat {seat} does not hold {name}"
        events = sum(game.event_count.values())
        played = len(game.state)
        _, done = game.step(action)
        if sum(game.event_count.values()) != events:
            return f"move {index}: refused ({', '.join(game.event_count)})"
        if "play" in move and len(game.state) == played:
            return f"move {index}: the play was not applied"
    return None if done else "the deal ends before anyone went out"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("path", help="a JSON Lines file of records (hands given card by card)")
    parser.add_argument("--engine", default=os.environ.get("WAL8800_ENGINE", DEFAULT_ENGINE),
                        help="the card-games checkout (default: $WAL8800_ENGINE or %(default)s)")
    args = parser.parse_args()
    engine = load_engine(args.engine)
    counts = {"valid": 0, "invalid": 0, "unreadable": 0}
    out = sys.stdout
    with open(args.path, "rb") as stream:
        for number, line in enumerate(stream, start=1):
            if not line.strip():
                continue
            try:
                record = loads(line)
                deals = record["deals"]
            except (ValueError, KeyError, TypeError) as exc:
                counts["unreadable"] += 1
                out.write(f'{{"line": {number}, "valid": null, "problem": "{type(exc).__name__}"}}\n')
                continue
            problem = None
            for deal_index, deal in enumerate(deals):
                why = replay_deal(deal, engine)
                if why is not None:
                    problem = f"deal {deal_index}: {why}"
                    break
            counts["valid" if problem is None else "invalid"] += 1
            verdict = "true" if problem is None else "false"
            detail = "null" if problem is None else '"' + problem.replace('"', "'") + '"'
            out.write(f'{{"line": {number}, "valid": {verdict}, "problem": {detail}}}\n')
    print(f"{sum(counts.values())} records: {counts['valid']} valid, {counts['invalid']} invalid, "
          f"{counts['unreadable']} unreadable", file=sys.stderr)
    if counts["unreadable"]:
        return 2
    return 1 if counts["invalid"] else 0


if __name__ == "__main__":
    sys.exit(main())
