"""The validation report of RECORDS.md, built from a replay's result at the edge."""

from __future__ import annotations

from typing import Any

from bigtwo import ENGINE_VERSION
from bigtwo.reports.i18n import DEFAULT_LANGUAGE
from bigtwo.rules.choices import Finish, LastCardCall, LastCardGuard
from bigtwo.rules.replay import RecordResult, RuleError


def error_dict(error: RuleError, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    out: dict[str, Any] = {
        "code": error.code,
        "deal": error.deal,
        "move": error.move,
        "seat": error.seat,
        "pointer": error.pointer,
        "params": error.params,
    }
    from bigtwo.reports.messages import render  # with the first error: start-up

    out["message"] = render(out, lang)
    return out


def build_report(result: RecordResult, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    profile = result.profile
    teams = profile.teams is not None
    # v3 parts only where the profile plays them, so that other reports stay as they were.
    placings = profile.finish is Finish.PLACINGS
    liable = profile.last_card_guard is LastCardGuard.LIABLE
    calling = profile.last_card_call is LastCardCall.LIABLE
    deals = []
    for d in result.deals:
        row = {
            "index": d.index,
            "status": d.status,
            "leader": d.leader,
            "winner": d.winner,
            "moves_checked": d.moves_checked,
            "cards_left": d.cards_left,
            "penalties": d.penalties,
            "scores": d.scores,
            "scoring": d.tiers,
            "penalties_now": d.penalties_now,
        }
        if teams:
            row["team_scores"] = d.team_scores
        if placings:
            row["places"] = d.places
        if liable:
            row["liable"] = d.liable
            row["breaches"] = d.breaches
        if calling:
            # v4: only where the profile has the call, so that other reports stay as they were.
            row["missed_calls"] = (None if d.missed_calls is None else
                                   [{"move": m, "seat": s} for m, s in d.missed_calls])
        deals.append(row)
    out = {
        "valid": not result.errors,
        "engine": ENGINE_VERSION,
        "profile": {"id": profile.id, "hash": profile.hash},
        "errors": [error_dict(e, lang) for e in result.errors],
        "deals": deals,
        "totals": result.totals,
        "match": {"over": result.match_over, "winners": result.winners},
    }
    if teams:
        # Only with teams, so that reports of profiles without them stay as they were.
        out["team_totals"] = result.team_totals
    return out
