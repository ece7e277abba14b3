"""What finished deals give: each deal's winner, places, penalties and scores, the totals and
whether the match is over, from the whole record of the finished deals replayed by
``replay_record`` (once per finished deal, never per move), so a table's totals are exactly
those a report of its record gives."""

from __future__ import annotations

from typing import Any

from bigtwo.live.judge import RESOLVER
from bigtwo.records.parse import parse_record
from bigtwo.rules.replay import RecordResult, replay_record
from bigtwo.rules.scoring import Tally


def replay_finished(judge_profile: Any, finished: list[dict[str, Any]]) -> RecordResult:
    """The finished deals replayed as one record (their proofs left out: the deals are the
    table's own, dealt from the codes the proofs name)."""
    doc = {"profile": judge_profile,
           "deals": [{"hands": d["hands"], "moves": d["moves"]} for d in finished]}
    record, problems = parse_record(doc, resolver=RESOLVER)
    assert record is not None, problems  # every move was judged legal when it was made
    return replay_record(record, complete=True)


def winners_of(result: RecordResult) -> list[int]:
    """The seats with the best totals (both partners of the best team), as the match's end
    names them, also when the table's own ``deals`` ended the match before the profile did."""
    if result.match_over:
        return list(result.winners)
    tally = Tally(result.profile)
    for deal in result.deals:
        if deal.scores is not None:
            tally.add(deal.scores, deal.team_scores)
    return tally.winners()
