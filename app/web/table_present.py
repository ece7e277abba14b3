"""The live table's view (docs/TABLES.md: the answer to ``GET /v1/tables/{id}``) arranged for the
pages' templates: names, seats, the combination on the table, this deal's moves, the last
finished deal's hands and proof. The pages' script draws the same sections from the same
view as events arrive; this is the page as it stands when it is loaded (and without
JavaScript). Nothing here decides a rule or reads a hand the view does not hold."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from app.web.present import cards_view
from app.web.table_words import TableWords

STATUSES = ("waiting", "playing", "over", "abandoned")


def seat_names(view: dict[str, Any]) -> list[str]:
    """The players' names, whether the view lists names or ``{"name": ...}`` objects."""
    names = []
    for player in view.get("players") or []:
        names.append(str(player.get("name", "")) if isinstance(player, dict) else str(player))
    return names


def bot_seats(view: dict[str, Any]) -> set[int]:
    bots = {int(s) for s in view.get("bots") or [] if isinstance(s, int)}
    for seat, player in enumerate(view.get("players") or []):
        if isinstance(player, dict) and player.get("bot"):
            bots.add(seat)
    return bots


def _at(values: Any, seat: int) -> Any:
    if isinstance(values, list) and seat < len(values):
        return values[seat]
    if isinstance(values, dict):
        return values.get(str(seat), values.get(seat))  # type: ignore[call-overload]
    return None


def move_view(move: dict[str, Any], names: list[str], lang: str) -> dict[str, Any]:
    """One move of the deal: who, and a play (its cards), a pass or a timeout."""
    seat = move.get("seat")
    name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
    kind = "timeout" if move.get("timeout") else "pass" if move.get("pass") else "play"
    return {"seat": seat, "name": name, "kind": kind,
            "cards": cards_view(move.get("play") or [], lang) if kind == "play" else [],
            "call": bool(move.get("call"))}


def deadline_view(deadline: Any) -> dict[str, str] | None:
    """The turn's deadline (ISO 8601 in the view; epoch seconds tolerated) for a
    ``<time>`` element: its ISO value and the time of day, UTC."""
    if deadline in (None, ""):
        return None
    try:
        when = (datetime.fromtimestamp(float(deadline), UTC) if isinstance(deadline, int | float)
                else datetime.fromisoformat(str(deadline).replace("Z", "+00:00")))
    except (ValueError, OverflowError, OSError):
        return None
    when = when.astimezone(UTC) if when.tzinfo else when.replace(tzinfo=UTC)
    return {"iso": when.isoformat().replace("+00:00", "Z"), "time": when.strftime("%H:%M:%S UTC")}


def table_view(view: dict[str, Any], lang: str) -> dict[str, Any]:
    """The view as the templates draw it."""
    words = TableWords(lang)
    names = seat_names(view)
    bots = bot_seats(view)
    turn = view.get("turn")
    seats = []
    for seat, name in enumerate(names):
        left = _at(view.get("cards_left"), seat)
        seats.append({"seat": seat, "name": name, "bot": seat in bots, "turn": seat == turn,
                      "cards_left": left, "total": _at(view.get("totals"), seat),
                      "penalty": _at(view.get("penalties_now"), seat),
                      "held": words.count("held_n", left) if isinstance(left, int) else ""})
    on_table = None
    table = view.get("table")
    if isinstance(table, dict):
        by = table.get("seat")
        combination = table.get("combination") or {}
        on_table = {"cards": cards_view(table.get("cards") or [], lang),
                    "label": combination.get("label") or combination.get("type") or "",
                    "by": names[by] if isinstance(by, int) and 0 <= by < len(names) else ""}
    status = view.get("status") if view.get("status") in STATUSES else "playing"
    return {
        "id": view.get("id", ""), "profile_id": view.get("profile_id", ""), "status": status,
        "status_text": words(f"table_status_{status}"),
        "deal": view.get("deal"), "deal_n": (view.get("deal") or 0) + 1,
        "turn_name": names[turn] if isinstance(turn, int) and 0 <= turn < len(names) else None,
        "seats": seats, "on_table": on_table, "names": names,
        "moves": [move_view(m, names, lang) for m in view.get("moves") or []
                  if isinstance(m, dict)],
        "deadline": deadline_view(view.get("deadline")),
        "commitment": view.get("commitment"),
    }


def winner_of(deal: dict[str, Any]) -> int | None:
    """The seat that went out first: the deal's ``winner`` where given, else (a record's
    deal) the seat of its last play."""
    if isinstance(deal.get("winner"), int):
        return int(deal["winner"])
    if deal.get("abandoned"):
        return None
    for move in reversed(deal.get("moves") or []):
        if isinstance(move, dict) and move.get("play"):
            seat = move.get("seat")
            return seat if isinstance(seat, int) else None
    return None


def finished_view(deal: dict[str, Any] | None, n: int, names: list[str],
                  lang: str) -> dict[str, Any] | None:
    """A finished deal (a ``deal_over`` event's data, or the record's last deal): the hands
    as dealt and the proof that they were dealt fairly."""
    if not deal:
        return None
    proof = deal.get("proof") or {}
    winner = winner_of(deal)
    hands = deal.get("hands") or []
    return {
        "n": n, "abandoned": bool(deal.get("abandoned")),
        "winner": names[winner] if winner is not None and 0 <= winner < len(names) else None,
        "hands": [{"name": names[s] if s < len(names) else str(s + 1),
                   "cards": cards_view(hand, lang)} for s, hand in enumerate(hands)],
        "proof": {"commitment": proof.get("commitment"), "seed": proof.get("seed"),
                  "deal_code": proof.get("deal_code"),
                  "entropy": [{"name": names[e["seat"]] if 0 <= e.get("seat", -1) < len(names)
                               else "?", "value": e.get("value", "")}
                              for e in proof.get("entropy") or [] if isinstance(e, dict)]},
    }
