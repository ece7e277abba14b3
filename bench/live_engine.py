"""The live tables' engine, measured in-process (no HTTP, no store): the CPU a person's move
costs early and late in a long match, and a whole match of bots. Prints figures; asserts
nothing. Run it briefly: `.venv/bin/python bench/live_engine.py [--deals 100]`.

A person's move is ``engine.move``: the catch-up, the move judged (the running deal read and
replayed), the bots' answers up to the person's next turn, and the end of a deal when it
ends there (the finished deals' record replayed once, for totals and the match's end).
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[0] = str(ROOT)

from bigtwo.live import engine  # noqa: E402
from bigtwo.rules.profiles import ProfileResolver  # noqa: E402

PROFILES: dict[str, Any] = {
    "hk-standard": "hk-standard",
    "2 decks + joker, 6 seats": {"extends": "hk-standard", "players": 6, "decks": 2, "jokers": 1,
                                 "hand_size": 17},
}


def seeds() -> Any:
    n = 0

    def new_seed() -> bytes:
        nonlocal n
        n += 1
        return hashlib.sha256(b"bench %d" % n).digest()

    return new_seed


def human_match(profile: Any, deals: int) -> tuple[list[float], list[float]]:
    """Seat 0 a person (playing the bots' choice), three bots; the CPU of each of the
    person's moves in the first deal and in the last."""
    spec, problems = engine.spec_problems({"profile": profile, "players": [f"P{i}" for i in range(
        ProfileResolver().resolve(profile)[0].players)], "bots": [], "deals": deals},
        ProfileResolver())
    assert spec is not None, problems
    spec = engine.TableSpec(spec.profile, spec.profile_ref, spec.players,
                            tuple(range(1, spec.profile.players)), deals)
    new_seed = seeds()
    state = engine.create(spec, table_id="tb-bench", now=0.0, new_seed=new_seed).state
    first: list[float] = []
    last: list[float] = []
    now = 0.0
    while state["status"] != "over":
        view = engine.view(state, 0, "en")
        plays = view["legal_plays"]
        body: dict[str, Any] = {"play": plays[0]} if plays and not view["may_pass"] else {"pass": True}
        if plays and view["may_pass"] and state["deal"] % 2:
            body = {"play": plays[-1]}
        now += 1
        start = time.process_time()
        answer = engine.move(state, 0, body, now=now, new_seed=new_seed)
        spent = time.process_time() - start
        assert isinstance(answer, engine.Step), answer
        state = answer.state
        if state["deal"] == 0:
            first.append(spent)
        elif state["deal"] >= deals - 1:
            last.append(spent)
    return first, last


def bots_match(profile: Any, deals: int) -> tuple[float, int]:
    spec, problems = engine.spec_problems({"profile": profile, "players": [f"P{i}" for i in range(
        ProfileResolver().resolve(profile)[0].players)], "deals": deals}, ProfileResolver())
    assert spec is not None, problems
    spec = engine.TableSpec(spec.profile, spec.profile_ref, spec.players,
                            tuple(range(spec.profile.players)), deals)
    new_seed = seeds()
    start = time.process_time()
    step = engine.create(spec, table_id="tb-bench", now=0.0, new_seed=new_seed)
    state, calls = step.state, 1
    while state["status"] != "over":
        state = engine.catch_up(state, now=0.0, new_seed=new_seed).state
        calls += 1
    moves = sum(len(d["moves"]) for d in state["finished"])
    return (time.process_time() - start) / moves, calls


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=100)
    args = parser.parse_args()
    print(f"{'profile':28} {'what':34} {'median ms':>10} {'max ms':>8}")
    for name, profile in PROFILES.items():
        first, last = human_match(profile, args.deals)
        for label, spent in (("a person's move, deal 1", first),
                             (f"a person's move, deal {args.deals}", last)):
            print(f"{name:28} {label:34} {statistics.median(spent) * 1000:10.2f} "
                  f"{max(spent) * 1000:8.2f}")
        per_move, calls = bots_match(profile, args.deals)
        print(f"{name:28} {f'bots alone, per move ({calls} calls)':34} {per_move * 1000:10.2f}")


if __name__ == "__main__":
    main()
