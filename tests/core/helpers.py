"""Compact builders for hand-made records: hands as "3D 4D 5D", moves as "0:3D 1:- 2:7C+7S"
("1:timeout" for a turn that timed out)."""

from __future__ import annotations

from typing import Any

from bigtwo.records.pipeline import check_record


def move(text: str) -> dict[str, Any]:
    seat, _, play = text.partition(":")
    if play == "-":
        return {"seat": int(seat), "pass": True}
    if play == "timeout":  # timeouts: pass (v4)
        return {"seat": int(seat), "timeout": True}
    return {"seat": int(seat), "play": play.split("+")}


def deal(hands: list[str], moves: str = "", **extra: Any) -> dict[str, Any]:
    return {"hands": [h.split() for h in hands], "moves": [move(m) for m in moves.split()], **extra}


def record(profile: Any, *deals: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"profile": profile, "deals": list(deals), **extra}


def report(doc: dict[str, Any], **options: Any) -> dict[str, Any]:
    checked = check_record(doc, **options)
    assert checked.report is not None, checked.problems
    return checked.report


def codes(rep: dict[str, Any]) -> list[tuple[str, int | None, int | None]]:
    return [(e["code"], e["deal"], e["move"]) for e in rep["errors"]]


def small(base: str = "hk-standard", **overrides: Any) -> dict[str, Any]:
    """A profile for hand-made deals: few cards per hand, so scenarios stay readable."""
    return {"extends": base, **overrides}
