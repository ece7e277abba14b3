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


def with_sweep(parts: list[dict[str, int] | None] | None) -> list[dict[str, int] | None] | None:
    """Each seat's scoring part with its ``sweep_factor`` (1 where scoring gave none)."""
    if parts is None:
        return None
    return [None if p is None else {**p, "sweep_factor": p.get("sweep_factor", 1)} for p in parts]


def build_report(result: RecordResult, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    profile = result.profile
    teams = profile.teams is not None
    # v3 parts only where the profile plays them, so that other reports stay as they were.
    placings = profile.finish is Finish.PLACINGS
    liable = profile.last_card_guard is LastCardGuard.LIABLE
    # v4: under the last-card call the winner may be liable; breaches stay the guard's.
    called = profile.last_card_call is LastCardCall.LIABLE
    # v4: each seat's scoring part says its sweep factor (1, or the factor when it applied)
    # only where the profile sweeps at all, so that every v3 report stays as it was.
    sweep = profile.sweep_factor > 1
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
            "scoring": with_sweep(d.tiers) if sweep else d.tiers,
            "penalties_now": d.penalties_now,
        }
        if teams:
            row["team_scores"] = d.team_scores
        if placings:
            row["places"] = d.places
        if liable or called:
            row["liable"] = d.liable
        if liable:
            row["breaches"] = d.breaches
        if called:
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
