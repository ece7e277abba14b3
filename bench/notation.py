"""Reading Big Two notation against the JSON path, for the same records (docs/PERFORMANCE.md,
"Big Two notation").

Simulated matches under a preset are written both as JSON Lines and as one notation file;
each is then read and checked game by game through ``check_record``, as ``bigtwo validate``
does. Printed: the seconds of each (best of --repeat), the reading alone (decode versus the
notation reader) and the ratio notation / JSON. The issue's bound is 2x."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
if "--pure" in sys.argv:  # before the core is imported: its modules then run as Python
    from bigtwo import native

    native.prefer_source()

from bench.timing import best_of  # noqa: E402
from bigtwo.formats import jsoncodec  # noqa: E402
from bigtwo.formats.notation.games import iter_games  # noqa: E402
from bigtwo.formats.notation.writer import write_records  # noqa: E402
from bigtwo.records.pipeline import check_record  # noqa: E402
from bigtwo.rules.profiles import PRESETS  # noqa: E402
from bigtwo.rules.simulate import simulate  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=200)
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--profile", default="hk-standard", choices=sorted(PRESETS))
    parser.add_argument("--codes", action="store_true", help="deals as deal codes, not hands")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--pure", action="store_true",
                        help="run the compiled core (and the reader) as Python")
    args = parser.parse_args()
    records = list(simulate(PRESETS[args.profile], records=args.records,
                            deals_per_record=args.deals, seed=1, profile_ref=args.profile,
                            deal_codes=args.codes))
    lines = [jsoncodec.dumps(r) for r in records]
    text = write_records(records)
    text_lines = text.split("\n")

    # Both are read a record (a game) at a time and checked as read, as `bigtwo validate`
    # does: holding every document of a file at once would time the garbage collector.
    def json_read() -> None:
        for line in lines:
            jsoncodec.loads(line)

    def notation_read() -> None:
        for _ in iter_games(text_lines):
            pass

    def json_check() -> None:
        for line in lines:
            check_record(jsoncodec.loads(line), complete=False)

    def notation_check() -> None:
        for game in iter_games(text_lines):
            check_record(game.doc, complete=False)

    moves = sum(len(d.get("moves", ())) for r in records for d in r["deals"])
    print(f"{len(records)} records, {args.deals} deals each, {moves} moves, {args.profile}"
          f"{' (deal codes)' if args.codes else ''}; JSON Lines {sum(map(len, lines)):,} bytes, "
          f"notation {len(text.encode()):,} bytes; backend {jsoncodec.BACKEND}")
    figures = {}
    for name, fn in (("read: JSON decode", json_read), ("read: notation reader", notation_read),
                     ("validate: JSON path", json_check),
                     ("validate: notation path", notation_check)):
        figures[name] = best_of(args.repeat, fn)
        print(f"{name:26} {figures[name]:.3f} s")
    print(f"ratio, reading alone:     {figures['read: notation reader'] / figures['read: JSON decode']:.1f}x")
    print(f"ratio, read and validate: "
          f"{figures['validate: notation path'] / figures['validate: JSON path']:.2f}x (bound: 2x)")


if __name__ == "__main__":
    main()
