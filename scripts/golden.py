"""Write the golden fixtures: records with the exact report they must produce.

Run it only when a report change is intended (`make golden`), then review the diff: the golden
files are the contract's regression net. Sources: the worked examples in fixtures/examples, one hand-made
record per error code, and simulated matches under every preset.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bigtwo.formats.text_report import render_checked  # noqa: E402
from bigtwo.records.pipeline import check_record  # noqa: E402
from bigtwo.reports.i18n import LANGUAGES, babel_locale  # noqa: E402
from bigtwo.rules.profiles import PRESETS  # noqa: E402
from bigtwo.rules.simulate import simulate  # noqa: E402
from tests.core.helpers import deal, record, small  # noqa: E402
from tests.fair_records import proven_record, tampered  # noqa: E402

OUT = ROOT / "fixtures" / "golden"
EXAMPLES = ROOT / "fixtures" / "examples"

HK3 = small("hk-standard", hand_size=3)
HANDS = ["3D 9C KS", "4C 5H 2S", "6D 6S JH", "7C 8H AD"]
WIN1 = "0:3D 1:4C 2:JH 3:AD 0:- 1:2S 2:- 3:- 0:- 1:5H"
P_HANDS = ["3C 9D KS", "4C 5H 2S", "6D 6S JH", "7C 8H AD"]
HANDS_B = ["4C 5H 2S", "3D 9C KS", "6D 6S JH", "7C 8H AD"]
WIN1_B = "1:3D 2:6D 3:7C 0:2S 1:- 2:- 3:- 0:4C 1:- 2:- 3:- 0:5H"

HANDMADE: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "player-count": (record(HK3, deal(HANDS[:3], ""), players=["Ana", "Ben", "Cai"]), {}),
    "hand-size": (record(HK3, deal(["3D 9C KS QS", *HANDS[1:]], "")), {}),
    "duplicate-card-dealt": (record(HK3, deal(["3D 9C KS", "4C 5H 2S", "6D 6S JH", "7C 8H KS"], "")), {}),
    "duplicate-card-played": (record(HK3, deal(HANDS, "0:3D+3D")), {}),
    "wrong-turn": (record(HK3, deal(HANDS, "0:3D 2:6D")), {}),
    "locked-out": (record(small("pusoy-dos", hand_size=3), deal(P_HANDS, "0:3C 3:- 2:JH 1:2S 0:- 3:AD")), {}),
    "card-not-held": (record(HK3, deal(HANDS, "0:3D 1:5C")), {}),
    "joker-stand-in": (record(small("hk-standard", hand_size=3, jokers=1), deal(
        ["3D 9C JK", "4C 5H 2S", "6D 6S JH", "7C 8H AD"], "0:3D+JK")), {}),
    "not-a-combination": (record(HK3, deal(HANDS, "0:3D+9C")), {}),
    "combination-not-allowed": (record(small("casual", hand_size=3),
                                       deal(["3D 3C 3H", "4C 5H 2S", "6D 6S JH", "7C 8H AD"], "0:3D+3C+3H")), {}),
    "card-count": (record(HK3, deal(HANDS, "0:3D 1:4C 2:6D+6S")), {}),
    "category": (record(small("pusoy-dos", hand_size=6), deal(
        ["3C 4D 5H 6S 7C KS", "8H 9H JH QH AH 2H", "4C 5C 6C 8C 9C 2C", "TD JD QD KD 2D AS"],
        "0:3C+4D+5H+6S+7C 3:TD+JD+QD+KD+2D")), {"complete": False}),
    "does-not-beat": (record(HK3, deal(HANDS, "0:3D 1:4C 2:JH 3:AD 0:KS")), {}),
    "opening-card": (record(HK3, deal(HANDS, "0:9C")), {"lang": "de"}),
    "leader-must-play": (record(HK3, deal(HANDS, "0:-")), {"lang": "it"}),
    "must-play": (record(small("hk-standard", hand_size=3, must_play_first_trick=True), deal(HANDS, "0:3D 1:-")), {}),
    "forbidden-finish": (record(small("hk-standard", hand_size=3, no_single_two_finish_on_lead=True),
                                deal(HANDS, "0:3D 1:5H 2:- 3:- 0:- 1:4C 2:- 3:- 0:- 1:2S")), {}),
    "move-after-end": (record(HK3, deal(HANDS, WIN1 + " 2:6D")), {}),
    "incomplete": (record(HK3, deal(HANDS, "0:3D 1:4C")), {}),
    "match-over": (record(small("big-two-web", hand_size=3, direction="clockwise",
                                match={"max_deals": 1, "target": None}),
                          deal(HANDS, WIN1), deal(HANDS_B, WIN1_B)), {}),
    "declared-mismatch": (record(HK3, deal(HANDS, WIN1, declared={"winner": 2, "scores": [-2, 5, -2, -2]})), {}),
    "two-deals-lowest-card": (record(small("big-two-web", hand_size=3, direction="clockwise"),
                                     deal(HANDS, WIN1), deal(HANDS_B, WIN1_B)), {}),
    "result-winner": (record("hk-standard", {"result": {"cards_left": [0, 5, 0, 9]}}), {"lang": "de"}),
    "result-card-count": (record("hk-standard", {"result": {"cards_left": [0, 14, 2, 9]}}), {}),
    "must-play-highest": (record(small("hk-standard", hand_size=2, last_card_guard="highest_single"),
                                 deal(["3D KS", "4C 5H", "6D JH", "7C AD"], "0:3D 1:4C 2:6D 3:7C")),
                          {"complete": False}),
    "result-liable": (record(small("hk-standard", last_card_guard="liable"),
                             {"result": {"cards_left": [0, 1, 1, 1], "liable": 0}}), {"lang": "it"}),
    "result-places": (record(small("hk-standard", finish="placings",
                                   scoring={"place_points": [3, 1, -1, -3]}),
                             {"result": {"places": [0, 0, 2, 3]}}), {"lang": "de"}),
    "proof-mismatch": (tampered(proven_record(HK3), "hands"), {}),
    "scored-sheet": (record("pusoy-dos", {"result": {"left": [[], ["2D", "5C"], ["2C", "2S", "2H", "4C"], ["3S"]]}},
                            {"result": {"left": [["2C", "2S", "2H", "2D"], [], ["KH"], ["3S", "3H"]]}},
                            players=["Ana", "Ben", "Cai", "Dee"]), {}),
}

# Rules v2: one record per new ruling (written as v2-<name>.json).
REV7 = ["3D 4C 4D 4H 4S 9C KC", "5C 5D 5H 5S 2S KD AH", "6C 6D 2H 7C 8C 9D TH", "3C 3H 9H TC JC QC KH"]
V2: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "revolution": (record(small("hk-standard", hand_size=7, revolution="ranks"), deal(
        REV7, "0:4C+4D+4H+4S+3D 1:- 2:- 3:- 0:9C 1:- 2:8C 3:- 0:- 1:- 2:6C+6D 3:3C+3H 0:- 1:- 2:- "
        "3:9H+TC+JC+QC+KH")), {}),
    "revolution-does-not-beat": (record(small("hk-standard", hand_size=7, revolution="ranks"),
                                        deal(REV7, "0:4C+4D+4H+4S+3D 1:- 2:- 3:- 0:9C 1:2S")),
                                 {"complete": False}),
    "teams": (record(small("hk-standard", hand_size=3, teams=[[0, 2], [1, 3]],
                           match={"max_deals": 1}), deal(HANDS, WIN1), players=["Ana", "Ben", "Cai", "Dee"]), {}),
    "big-two-web-counterclockwise": (record(small("big-two-web", hand_size=3), deal(HANDS, "0:3D 1:4C")), {}),
    "wrap-around": (record(small("big-two-web", hand_size=6), deal(
        ["3D JD QC KH AS 2D", "4C 5H 6S 7D 8C 9C", "TC 2C 3C 4D 5D 6D", "7C 8D 9D TD JC QD"],
        "0:3D 3:- 2:- 1:- 0:JD+QC+KH+AS+2D")), {"complete": False, "lang": "de"}),
    "card-count-before-shape": (record(small("hk-standard", hand_size=6), deal(
        ["3D 4C 5H 6S 7D 9D", "8C 8H 8S 8D KD QD", "TC JC QC KC AC 2D", "4D 5D 6D 2H 2S AS"],
        "0:3D+4C+5H+6S+7D 1:8C+8H+8S+8D")), {"complete": False, "lang": "de"}),
    "straight-flush-no-bomb": (record(small("hk-standard", hand_size=6, bombs="anything"), deal(
        ["3D 4C 4D 4H 4S 9C", "5H 6H 7H 8H 9H 2S", "TC JC QC KC AC 2D", "3C 3H 5D 6D 8D AD"],
        "0:3D 1:5H+6H+7H+8H+9H")), {"complete": False}),
}

# Rules v3, game flow: placings and the last-card guard (written as v3-<name>.json).
PLACINGS = small("hk-standard", hand_size=3, passing="locked_out", finish="placings",
                 scoring={"place_points": [3, 1, -1, -3]})
FLOW: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "placings-locked-out": (record(PLACINGS, deal(
        ["3D 3C KS", "4C 8C 9H", "6D JH QH", "7C AD 8D"],
        "0:3D+3C 1:- 2:- 3:- 0:KS 1:- 2:- 3:- 1:4C 2:6D 3:7C 1:8C 2:JH 3:AD 1:- 2:- 3:8D 1:9H")), {}),
    "liable-takes-all": (record(small("hk-standard", hand_size=2, last_card_guard="liable"),
                                deal(["3D KS", "4C 5H", "6D JH", "7C AD"], "0:3D 1:4C 2:6D 3:7C 0:KS")),
                         {}),
}

# Fixtures that also get the text ruling of `bigtwo validate --format text` (<name>.txt): names
# and none, teams, a sheet, errors at a move, at a deal and at the record, three languages.
TEXT = ("spec-hk-two-deals", "spec-pusoy-wrong-turn", "code-card-not-held", "code-player-count",
        "code-declared-mismatch", "code-match-over", "code-opening-card", "code-leader-must-play",
        "code-scored-sheet", "v2-teams")


# Golden messages (fixtures/golden/messages/<locale>.json): every error of the golden records
# above, and of these, rendered in every language. These add the rulings seed 001 quotes word
# for word in German ("Paar 9 schlägt Paar K nicht") and the variants a message has by grammar.
HK4 = small("hk-standard", hand_size=4)

MESSAGE_RECORDS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "seed-001-pair-rank": (record(HK4, deal(["3D KH KS 5C", "4C 9C 9D 8C", "6D 6S JH QD", "7C 8H AD QS"],
                                            "0:3D 1:- 2:- 3:- 0:KH+KS 1:9C+9D")), {"complete": False}),
    "pair-same-rank": (record(HK4, deal(["3D 9H 9S 5C", "4C 9C 9D 8C", "6D 6S JH QD", "7C 8H AD QS"],
                                        "0:3D 1:- 2:- 3:- 0:9H+9S 1:9C+9D")), {"complete": False}),
    "straight-to-eight": (record(small("hk-standard", hand_size=7), deal(
        ["3D 4D 5D 6C 7C 8C 9D", "3C 4C 5H 6S 7D KD QD", "TC JC QC KC AC 2D 2C", "3H 3S 9C 6H 8H AS 2S"],
        "0:3D 1:- 2:- 3:- 0:4D+5D+6C+7C+8C 1:3C+4C+5H+6S+7D")), {"complete": False}),
    "straight-flush-suits": (record(small("hk-standard", hand_size=7, straight_flush_compare="suit_first"), deal(
        ["3D 4H 5H 6H 7H 8H 2S", "9C TC JC QC KC 3C 4C", "5D 6D 7D 8D 9D TD 2D", "JD QD KD AD AS AH AC"],
        "0:3D 1:- 2:- 3:- 0:4H+5H+6H+7H+8H 1:9C+TC+JC+QC+KC")), {"complete": False}),
    "flush-against-straight": (record(small("hk-standard", hand_size=6), deal(
        ["3D 5D 9D JD KD 2S", "4C 5H 6S 7C 8H 2H", "TC JC QC KC AC 2D", "3C 3H 9C 6H 8S AS"],
        "0:3D+5D+9D+JD+KD 1:4C+5H+6S+7C+8H")), {"complete": False}),
    "revolution-suits": (record(small("hk-standard", hand_size=7, revolution="ranks_and_suits"), deal(
        REV7, "0:4C+4D+4H+4S+3D 1:- 2:- 3:- 0:9C 1:2S")), {"complete": False}),
    "three-winners": (record("hk-standard", {"result": {"cards_left": [0, 0, 0, 9]}}), {}),
    "proof-commitment": (tampered(proven_record(HK3), "seed"), {}),
    "proof-deal-code": (tampered(proven_record(HK3), "entropy"), {}),
}


def messages(lang: str) -> dict[str, list[dict[str, Any]]]:
    """Each golden record's errors (code, deal, move, seat, message) as ``lang`` words them."""
    sources = [(p.stem, json.loads(p.read_text(encoding="utf-8")))
               for p in sorted(OUT.glob("*.json")) if not p.stem.startswith("sim-")]
    sources += [(name, {"record": doc, "query": query})
                for name, (doc, query) in MESSAGE_RECORDS.items()]
    out: dict[str, list[dict[str, Any]]] = {}
    for name, case in sources:
        checked = check_record(case["record"], **{**case["query"], "lang": lang})
        errors = (checked.report or {}).get("errors") or []
        if errors:
            out[name] = [{k: e[k] for k in ("code", "deal", "move", "seat", "message")}
                         for e in errors]
    return out


def write_messages() -> None:
    (OUT / "messages").mkdir(exist_ok=True)
    records = {name: {"record": doc, "query": query}
               for name, (doc, query) in MESSAGE_RECORDS.items()}
    (OUT / "messages" / "records.json").write_text(
        json.dumps(records, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    for lang in LANGUAGES:
        (OUT / "messages" / f"{babel_locale(lang)}.json").write_text(
            json.dumps(messages(lang), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def write(name: str, doc: dict[str, Any], query: dict[str, Any]) -> None:
    checked = check_record(doc, **query)
    assert checked.report is not None, (name, checked.problems)
    body = {"record": doc, "query": query, "report": checked.report}
    (OUT / f"{name}.json").write_text(json.dumps(body, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    if name in TEXT:
        (OUT / f"{name}.txt").write_text(render_checked(checked, query.get("lang", "en")),
                                         encoding="utf-8")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for path in sorted(EXAMPLES.glob("*.json")):
        example = json.loads(path.read_text(encoding="utf-8"))
        write(f"spec-{path.stem}", example["record"], example.get("query") or {})
    for name, (doc, query) in HANDMADE.items():
        write(f"code-{name}", doc, query)
    for name, (doc, query) in V2.items():
        write(f"v2-{name}", doc, query)
    for name, (doc, query) in FLOW.items():
        write(f"v3-{name}", doc, query)
    for pid, profile in PRESETS.items():
        (doc,) = simulate(profile, records=1, deals_per_record=3, seed=2026)
        write(f"sim-{pid}", doc, {})
    write_messages()


if __name__ == "__main__":
    main()
