"""One check, every caller: on the same positions, replay (the report), evaluate,
/v1/next's legal plays and pass flag, and the simulator's choices agree with
``bigtwo.rules.play.check_play``.

Each row is a position (a deal's hands and the moves so far, all legal) and one more move;
the rows cover every rule the check decides, bombs, a revolution, must_play_first_trick and
locked_out included, each citing where the rule comes from.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bigtwo.records.parse import parse_record
from bigtwo.rules import cards
from bigtwo.rules.codes import RuleCode
from bigtwo.rules.combos import Combo
from bigtwo.rules.play import check_play, judge_cards
from bigtwo.rules.replay import replay_record
from bigtwo.rules.simulate import DeadEnd, random_move
from bigtwo.rules.table import Table
from tests.core.helpers import deal, move, record, small

HK3 = small("hk-standard", hand_size=3)
HANDS3 = ["3D 9C KS", "4C 5H 2S", "6D 6S JH", "7C 8H AD"]
MUST = small("hk-standard", hand_size=3, must_play_first_trick=True)
LOCKED = small("hk-standard", hand_size=3, passing="locked_out")
NO_TWO = small("hk-standard", hand_size=3, no_single_two_finish_on_lead=True)
HK6 = small("hk-standard", hand_size=6)
BOMBS6 = small("hk-standard", hand_size=6, bombs="anything")
FIVE = ["3D 4C 5H 6S 7D 9D", "8C 8H 8S 8D KD QD", "TC JC QC KC AC 2D", "4D 5D 6D 2H 2S AS"]
REV = small("hk-standard", hand_size=7, revolution="ranks")
REV_HANDS = ["3D 4C 4D 4H 4S 9C KC", "5C 5D 5H 5S 2S KD AH", "6C 6D 2H 7C 8C 9D TH",
             "3C 3H 3S TC JC QC AD"]
QUAD = "0:4C+4D+4H+4S+3D 1:- 2:- 3:- 0:9C"
CASUAL3 = small("casual", hand_size=3)
PUSOY6 = small("pusoy-dos", hand_size=6, direction="clockwise")
P6_STRAIGHT = ["3C 4D 5H 6S 7C AH", "8H 8D 8S 2H 2D KS", "4C 5C 6C 8C 9C KC", "TD JD QD KD 2C AS"]

# (source, profile, hands, moves so far, the move, the code check_play gives: None = legal)
ROWS: list[tuple[str, Any, list[str], str, str, str | None]] = [
    ("RULES opening: the first play holds the lowest card", HK3, HANDS3, "", "0:3D", None),
    ("RULES opening: OPENING_CARD", HK3, HANDS3, "", "0:9C", RuleCode.OPENING_CARD),
    ("RECORDS: a card twice in one play, before the turn", HK3, HANDS3, "", "1:4C+4C",
     RuleCode.DUPLICATE_CARD),
    ("RECORDS: WRONG_TURN", HK3, HANDS3, "", "1:4C", RuleCode.WRONG_TURN),
    ("RECORDS: the leader may not pass", HK3, HANDS3, "", "0:-", RuleCode.LEADER_MUST_PLAY),
    ("RECORDS: CARD_NOT_HELD", HK3, HANDS3, "0:3D", "1:AD", RuleCode.CARD_NOT_HELD),
    ('001: "Spiel 1 Karte": the count before the shape', HK3, HANDS3, "0:3D", "1:5H+2S",
     RuleCode.CARD_COUNT),
    ("RULES: a higher single beats", HK3, HANDS3, "0:3D 1:4C 2:JH", "3:AD", None),
    ("RULES: a lower single does not", HK3, HANDS3, "0:3D 1:4C 2:JH", "3:8H", RuleCode.DOES_NOT_BEAT),
    ("RULES: a pass while following", HK3, HANDS3, "0:3D 1:4C", "2:-", None),
    ('000: "Passen in der Eröffnungsrunde ist verboten"', MUST, HANDS3, "0:3D", "1:-",
     RuleCode.MUST_PLAY),
    ("000: ... bis ein Spieler einmal gespielt hat: the opener may pass", MUST, HANDS3,
     "0:3D 1:4C 2:6D 3:7C", "0:-", None),
    ("RULES passing: locked_out, a seat that passed sits out", LOCKED, HANDS3,
     "0:3D 1:- 2:6D 3:7C 0:9C", "1:2S", RuleCode.LOCKED_OUT),
    ("RULES passing: locked_out, the next seat in plays", LOCKED, HANDS3,
     "0:3D 1:- 2:6D 3:7C 0:9C", "2:JH", None),
    ("RULES: no_single_two_finish_on_lead", NO_TWO, HANDS3, "0:3D 1:4C 2:- 3:- 0:- 1:5H 2:- 3:- 0:-",
     "1:2S", RuleCode.FORBIDDEN_FINISH),
    ("RULES: a 2 may finish where the rule is off", HK3, HANDS3,
     "0:3D 1:4C 2:- 3:- 0:- 1:5H 2:- 3:- 0:-", "1:2S", None),
    ("casual: no triples (COMBINATION_NOT_ALLOWED)", CASUAL3, ["3D 3C 3H", "4C 5H 2S", "6D 6S JH", "7C 8H AD"],
     "", "0:3D+3C+3H", RuleCode.COMBINATION_NOT_ALLOWED),
    ('001: "Vier gleiche Karten ohne fünfte Karte"', HK6, ["3D 3C 3H 3S 7D 9D", *FIVE[1:]], "",
     "0:3D+3C+3H+3S", RuleCode.NOT_A_COMBINATION),
    ("RULES bombs none: a quad on a single is CARD_COUNT", HK6, FIVE, "0:3D", "1:8C+8H+8S+8D+KD",
     RuleCode.CARD_COUNT),
    ('000: "eine Bombe kann jederzeit gelegt werden"', BOMBS6, FIVE, "0:3D", "1:8C+8H+8S+8D+KD",
     None),
    ("pusoy-dos: no crossing categories (CATEGORY)", PUSOY6, P6_STRAIGHT, "0:3C+4D+5H+6S+7C",
     "1:8H+8D+8S+2H+2D", RuleCode.CATEGORY),
    ('004: "Revolution": 8 beats 9 once reversed', REV, REV_HANDS, QUAD + " 1:-", "2:8C", None),
    ('004: "2 wird zur niedrigsten Karte"', REV, REV_HANDS, QUAD, "1:2S", RuleCode.DOES_NOT_BEAT),
    ("RULES: without revolution 8 does not beat 9", small("hk-standard", hand_size=7), REV_HANDS,
     QUAD + " 1:-", "2:8C", RuleCode.DOES_NOT_BEAT),
]
# The rules evaluate judges (the cards and the table alone), in the check's order.
CARD_RULES = {"DUPLICATE_CARD", RuleCode.CARD_COUNT, RuleCode.NOT_A_COMBINATION, RuleCode.COMBINATION_NOT_ALLOWED,
              RuleCode.CATEGORY, RuleCode.DOES_NOT_BEAT}
# Rules that come before the cards are looked at: evaluate has no seat to apply them to.
SEAT_RULES = {"WRONG_TURN", RuleCode.LOCKED_OUT, RuleCode.CARD_NOT_HELD, RuleCode.MOVE_AFTER_END}


def position(profile: Any, hands: list[str], moves: str) -> tuple[dict[str, Any], Table]:
    doc = record(profile, deal(hands, moves))
    rec, problems = parse_record(doc)
    assert rec is not None, problems
    result = replay_record(rec, complete=False)
    assert not result.errors and result.final_table is not None, result.errors
    return doc, result.final_table


def verdict_code(verdict: Any) -> str | None:
    if verdict is None or isinstance(verdict, Combo):
        return None
    code: str = verdict[0]
    assert isinstance(code, RuleCode)
    return code


@pytest.mark.parametrize(("source", "profile", "hands", "moves", "candidate", "expected"), ROWS,
                         ids=[r[0][:60] for r in ROWS])
def test_every_caller_agrees_with_the_check(client: Any, source: str, profile: Any, hands: list[str],
                                            moves: str, candidate: str, expected: str | None) -> None:
    doc, table = position(profile, hands, moves)
    step = move(candidate)
    seat, names = step["seat"], step.get("play")
    played = None if names is None else [cards.NOTATION[n] for n in names]
    verdict = check_play(table, seat, played)
    assert verdict_code(verdict) == expected, source
    assert table.check(seat, played) == verdict  # Table.check is the check itself

    # Replay: the record with the move appended reports that code at that move, or none.
    longer = record(profile, deal(hands, f"{moves} {candidate}".strip()))
    report = client.post("/v1/validate?complete=false", json=longer).get_json()
    errors = [(e["code"], e["move"]) for e in report["errors"]]
    assert errors == ([] if expected is None else [(expected, len(doc["deals"][0]["moves"]))]), source

    # /v1/next: the seat to move, its legal plays and whether it may pass.
    answer = client.post("/v1/next", json=doc).get_json()
    assert answer["seat"] == table.current
    if seat == table.current and expected not in SEAT_RULES:
        if names is None:
            assert answer["may_pass"] is (expected is None), source
        else:
            listed = [sorted(p) for p in answer["legal_plays"]]
            assert (sorted(names) in listed) is (expected is None), source

    # Evaluate: the same cards against the same table, in the same rank order.
    if names is not None and expected not in SEAT_RULES:
        body = {"profile": profile, "cards": names,
                "table": None if table.on_table is None else cards.names(table.on_table.cards),
                "revolution": table.revolution}
        evaluated = client.post("/v1/combinations/evaluate", json=body).get_json()
        assert evaluated["code"] == (expected if expected in CARD_RULES else None), source
        assert verdict_code(judge_cards(table.profile, played or [], table.on_table,
                                        table.revolution)) == evaluated["code"]

    # The simulator: whatever it picks at this position, the check accepts; it passes only
    # where the check lets it.
    for seed in range(30):
        try:
            chosen = random_move(table, random.Random(seed))
        except DeadEnd:
            assert not table.legal_plays() and check_play(table, table.current, None) is not None
            continue
        again = check_play(table, table.current, None if chosen is None else list(chosen.cards))
        assert again is None if chosen is None else again == chosen, source
